/* The command line's own types: every game registers a gopt_cli_game (in its file
 * src/cli/game_<name>.c) with its verbs; main.c generates all help from these tables. */
#ifndef GAMEOPT_CLI_H
#define GAMEOPT_CLI_H

#include <stdio.h>

#include "gameopt/gameopt.h"

/* The common options (design §5) a verb accepts, as bits. */
enum {
    CLI_FORMAT = 1 << 0,
    CLI_OUTPUT = 1 << 1,
    CLI_JSON = 1 << 2,
    CLI_METHOD = 1 << 3,
    CLI_TIME_LIMIT = 1 << 4,
    CLI_MEMORY_LIMIT = 1 << 5,
    CLI_THREADS = 1 << 6,
    CLI_SEED = 1 << 7,
    CLI_COUNT = 1 << 8,
    CLI_STATS = 1 << 9,
    CLI_VERIFY = 1 << 10,
    CLI_QUIET = 1 << 11,
    CLI_SHARD = 1 << 12,
    CLI_PROGRESS = 1 << 13,
};
/* What a puzzle `solve` verb usually takes. */
#define CLI_SOLVE_OPTIONS                                                                          \
    (CLI_FORMAT | CLI_OUTPUT | CLI_JSON | CLI_METHOD | CLI_TIME_LIMIT | CLI_MEMORY_LIMIT |         \
     CLI_THREADS | CLI_COUNT | CLI_STATS | CLI_VERIFY | CLI_QUIET | CLI_SHARD | CLI_PROGRESS)

/* A verb's own option. */
typedef struct gopt_cli_option {
    const char *name; /* without "--" */
    const char *arg;  /* NULL for a flag, else the value's name in the help, e.g. "ROW,COL" */
    const char *help;
} gopt_cli_option;

typedef struct gopt_cli_call gopt_cli_call;

typedef struct gopt_cli_verb {
    const char *name;
    const char *summary;
    const char *usage;               /* what follows the options, e.g. "[FILE...]" */
    unsigned common;                 /* CLI_* bits */
    const gopt_cli_option *options;  /* terminated by {0} (may be NULL) */
    int (*run)(const gopt_cli_call *call); /* returns the exit code */
} gopt_cli_verb;

typedef struct gopt_cli_game {
    const char *name;
    const char *summary;
    const gopt_game *game;        /* the puzzle interface, or NULL */
    const gopt_cli_verb *verbs;   /* terminated by {0} */
    const char *help;             /* more text for `gameopt <game> --help` (formats, examples) */
} gopt_cli_game;

struct gopt_cli_call {
    const gopt_cli_game *game;
    const gopt_cli_verb *verb;
    gopt_options opts;
    int nargs;
    char **args; /* positional arguments */
};

/* The registered games (generated from src/cli/game_*.c), NULL-terminated. */
extern const gopt_cli_game *const gopt_cli_games[];

/* Parses argv (after the verb) into call; on a usage error prints one line and returns false. */
bool cli_parse_options(gopt_cli_call *call, int argc, char **argv, bool *help);
void cli_print_verb_help(FILE *out, const gopt_cli_game *g, const gopt_cli_verb *v);

/* Prints `gameopt: what` (one line) to stderr and returns 2 (usage error). */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints the error (`gameopt: FILE:LINE:COL: what`) and returns 2. */
int cli_input_error(const gopt_error *err);

/* Options with typed values, for verbs: each prints the error and returns false when the
 * value is malformed. `*out` keeps its default when the option is absent. */
bool cli_option_int(const gopt_options *o, const char *name, long min, long max, long *out);
bool cli_option_double(const gopt_options *o, const char *name, double min, double max, double *out);
/* "A..B" or "A" into [lo, hi] ranges of integers. */
bool cli_option_range(const gopt_options *o, const char *name, long min, long max, long *lo, long *hi);

/* gameopt serve [options] (src/cli/serve.c): the web page and JSON API. */
int cli_run_serve(int argc, char **argv);

/* ---- generic verbs over the gopt_game table ---- */
/* Parses every input (files or stdin), then solves the shard's puzzles, checks each answer
 * and prints one result per puzzle (text, or one JSON object per line). */
int cli_run_solve(const gopt_cli_call *call);
/* Prints --count random puzzles (the game's generate, seeded from --seed and the index). */
int cli_run_generate(const gopt_cli_call *call);

#endif
