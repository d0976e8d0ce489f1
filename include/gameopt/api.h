/* The JSON entry point: one call of any verb of any game, request in, reply out, in memory.
 * The command line, `gameopt serve`, the Python package and the WebAssembly worker all reach
 * the same driver (game.h's gopt_call); this is the form for those that speak JSON.
 *
 * Request (docs/formats.md, "The JSON entry point"):
 *   {"game": "country", "verb": "solve",
 *    "input": TEXT,                          what the command line reads from stdin ("-")
 *    "inputs": [{"name": N, "text": T}],     named texts: files a verb or an option names
 *    "args": ["-", ...],                     the words after the verb (default: the inputs)
 *    "options": {"count": 2, "paths": "simple", "json": true},   as on the command line
 *    "picture": "svg" | "png" | "pdf"}       draw what the verb draws
 * Reply:
 *   {"exit": 0..4, "status": "solved|infeasible|bad-input|unknown|error",
 *    "answers": [{name, status, method, seconds, cpu_seconds, note?, stats?, ...}],
 *    "text": "what the command line prints for people", "warnings": "...",
 *    "outputs": [{"role", "option", "name", "ext", "type", "text" | "base64"}],
 *    "error": {"text": "gameopt: FILE:LINE:COL: message", "file", "line", "column",
 *              "message"}}                    (with exit 2, and 4 when there is a message)
 * No request reads a file of the machine: options of type path are refused (except "-",
 * which asks for that output in the reply), and inputs are the request's own texts. The
 * call is reentrant: any number may run at once on different threads. */
#ifndef GAMEOPT_API_H
#define GAMEOPT_API_H

#include <jansson.h>
#include <stdatomic.h>
#include <stddef.h>

#include "gameopt/progress.h"

/* What the caller bounds a request by (all optional: a zeroed struct, or NULL, bounds
 * nothing beyond the process's --memory-limit). The smaller of the caller's limit and the
 * request's own wins. */
typedef struct gopt_api_env {
    double time_limit;                 /* seconds a request may take at most; 0: none */
    double memory_limit_mb;            /* megabytes a request may use at most; 0: none */
    int max_threads;                   /* threads a request may use; 0: as it asks */
    const atomic_int *cancel;          /* set non-zero to stop the request (Ctrl-C, hang-up) */
    const gopt_progress_sink *progress; /* where progress goes; NULL: nowhere */
} gopt_api_env;

/* The reply to a request given as JSON text (len bytes). Never NULL; free with gopt_api_free.
 * A malformed request is a reply with exit 2 and the error, never a crash. */
char *gopt_api_call(const char *request, size_t len, const gopt_api_env *env);
void gopt_api_free(char *reply);
/* The same on jansson values (the request is not stolen; the reply is the caller's). */
json_t *gopt_api_run(const json_t *request, const gopt_api_env *env);
/* {"gameopt": VERSION, "games": [...]}: every family, verb and option (from the tables). */
char *gopt_api_games(void);

#endif
