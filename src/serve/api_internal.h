/* What the API's files share: one request being answered. */
#ifndef GAMEOPT_SERVE_API_INTERNAL_H
#define GAMEOPT_SERVE_API_INTERNAL_H

#include "serve/serve.h"

#define API_MAX_TEXTS GOPT_MAX_EXTRA_OPTIONS

typedef struct api_request {
    const gopt_game *game;
    const gopt_verb *verb;           /* NULL for the page's `draw` */
    const char *verb_name;
    gopt_options opts;               /* strings point into the request's JSON or texts[] */
    char *texts[API_MAX_TEXTS];      /* option values written from JSON numbers */
    int ntexts;
    const char *input;               /* the "input" text (what the CLI reads from stdin), or NULL */
    size_t input_len;
    const char *answer;              /* "answer": a second text (flow check's ANSWER), or NULL */
    size_t answer_len;
    char *args[API_MAX_TEXTS];       /* "args": further positional arguments (not file names) */
    int nargs;
    bool svg;                        /* "picture": "svg" */
    char why[512];                   /* what is wrong with the request */
} api_request;

/* api_options.c: the "options" object against the common options the verb accepts and the
 * verb's own option table. False with q->why set. */
bool api_read_options(api_request *q, json_t *options);
void api_apply_limits(api_request *q, const serve_config *c);
/* Would the API accept this option of a verb? (Not those naming files or the server's.) */
bool api_option_offered(const gopt_opt *spec);
/* The server's own options (output, threads, shard, progress), refused in every request. */
bool api_option_refused(const char *name);

/* api_picture.c: draws puzzle (and solution, when non-NULL) as SVG text. NULL with err set
 * when the game cannot draw it. */
char *api_render_svg(const gopt_game *g, const void *puzzle, const void *solution, gopt_error *err);

/* api_verb.c: runs a declared verb with its output captured. */
void api_run_verb(const api_request *q, serve_reply *r);

/* api.c */
void api_input_error(serve_reply *r, const gopt_error *err);

#endif
