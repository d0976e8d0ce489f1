/* One interface for every game (design §3). Like the `struct game` of Simon Tatham's
 * puzzle collection, each family fills in one table; the command line, the tests, the
 * fuzzers and the benchmarks are written once against it. Games know nothing of the
 * command line: options reach them as a gopt_options. Data flows one way:
 *     parse -> model -> method -> engine -> answer -> check -> output. */
#ifndef GAMEOPT_GAME_H
#define GAMEOPT_GAME_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "gameopt/error.h"
#include "gameopt/rng.h"
#include "gameopt/text.h"
#include "gameopt/timer.h"

/* Outcomes; the values are the command line's exit codes (design §5). */
typedef enum gopt_status {
    GOPT_SOLVED = 0,     /* an answer, checked */
    GOPT_INFEASIBLE = 1, /* proven: no solution */
    GOPT_BAD_INPUT = 2,
    GOPT_LIMIT = 3,      /* a limit stopped the method; nothing proven */
    GOPT_ERROR = 4,      /* internal error (e.g. an answer failed its checker) */
} gopt_status;

/* "solved", "infeasible", "bad-input", "unknown", "error" */
const char *gopt_status_name(gopt_status s);
/* Of two outcomes of a batch, the one the exit code should report: error, bad input, limit,
 * infeasible, solved, in that order. */
gopt_status gopt_status_worst(gopt_status a, gopt_status b);

#define GOPT_MAX_EXTRA_OPTIONS 24

/* Options common to every game (design §5), plus the game's own as name/value pairs. */
typedef struct gopt_options {
    const char *format;     /* input format; NULL: guess */
    const char *method;     /* NULL: the game's default */
    const char *output;     /* file to write (picture or text by extension); NULL: none */
    bool json;
    bool stats;
    bool verify;            /* check every answer before printing it (default on) */
    bool quiet;
    bool progress;          /* draw progress even when stderr is not a terminal */
    double time_limit;      /* seconds per puzzle; 0: none */
    double memory_limit_mb; /* 0: none */
    int threads;            /* >= 1 */
    uint64_t seed;
    long count;             /* solutions to look for (2 proves uniqueness); 1 by default */
    int shard_k, shard_n;   /* run slice k of n (1-based); 1/1 runs everything */
    int nextra;
    const char *extra_name[GOPT_MAX_EXTRA_OPTIONS];  /* a game's own options, without "--" */
    const char *extra_value[GOPT_MAX_EXTRA_OPTIONS]; /* "" for flags */
} gopt_options;

/* The defaults: verify on, one thread, count 1, shard 1/1, seed 1. */
void gopt_options_init(gopt_options *o);
/* A game option's value ("" for a given flag), or NULL when absent. */
const char *gopt_option(const gopt_options *o, const char *name);
bool gopt_option_flag(const gopt_options *o, const char *name);
/* The slice [*begin, *end) of `total` items that shard k/n covers: contiguous, so the
 * outputs of shards 1..n concatenated equal the unsharded output. */
void gopt_shard_range(const gopt_options *o, int64_t total, int64_t *begin, int64_t *end);

/* What a method returns. */
typedef struct gopt_answer {
    const char *name;       /* set by the caller: the puzzle's name in output */
    long index;             /* set by the caller: the puzzle's place in its batch (0-based) */
    gopt_status status;
    void *solution;         /* the game's solution (when solved), freed by free_solution */
    long solutions;         /* solutions found (with count > 1, up to count) */
    bool complete;          /* with count: the enumeration finished, so `solutions` is exact */
    const char *method;     /* the method that answered (a string literal) */
    double seconds;         /* wall time of the solve (set by gopt_game_solve_checked) */
    double cpu_seconds;     /* CPU time of the solving thread (set by gopt_game_solve_checked) */
    gopt_counters counters; /* nodes, conflicts, cuts, rounds ... */
    char note[256];         /* a line for the user, e.g. the bounds a limit left */
    void *extra;            /* game-specific details, freed by free_extra */
} gopt_answer;

/* The table a puzzle family fills in. Functions a family does not support are NULL. */
typedef struct gopt_game {
    const char *name;
    const char *summary;
    const char *const *formats; /* input formats, NULL-terminated */
    const char *const *methods; /* methods, NULL-terminated; the first is the default */

    /* Reads the next puzzle from t (a file may hold many). Returns 1 and sets *puzzle,
     * 0 at the end of the input, -1 with err set on bad input. */
    int (*parse)(gopt_text *t, const gopt_options *o, void **puzzle, gopt_error *err);
    /* The puzzle's own name (e.g. an id in the file), or NULL to use the file's. */
    const char *(*puzzle_name)(const void *puzzle);
    /* Writes the puzzle, with a solution when non-NULL, as text in the given format. */
    char *(*format)(const void *puzzle, const void *solution, const char *format);
    /* Solves with o->method. Fills a (status, solution, counters...). */
    gopt_status (*solve)(const void *puzzle, const gopt_options *o, gopt_answer *a);
    /* The independent checker: shares nothing with the solvers but the model. */
    bool (*check)(const void *puzzle, const void *solution, char *why, size_t why_size);
    /* Text for a person (stdout), e.g. a drawing of the solution. */
    void (*print)(FILE *out, const void *puzzle, const gopt_answer *a, const gopt_options *o);
    /* One JSON object for the answer (the shape each issue specifies). */
    json_t *(*to_json)(const void *puzzle, const gopt_answer *a, const gopt_options *o);
    /* Draws puzzle and solution (NULL: the puzzle alone) to a picture file. */
    bool (*render)(const void *puzzle, const void *solution, const char *path, gopt_error *err);
    /* A random puzzle. */
    void *(*generate)(const gopt_options *o, gopt_rng *rng, gopt_error *err);

    void (*free_puzzle)(void *puzzle);
    void (*free_solution)(void *solution);
    void (*free_extra)(void *extra);
} gopt_game;

/* Releases what an answer owns (through the game's free functions) and zeroes it
 * (name and index are kept: the caller owns them). */
void gopt_answer_free(const gopt_game *g, gopt_answer *a);
/* Solves, times, and (with o->verify) checks the answer: a failed check turns the answer
 * into GOPT_ERROR with the checker's reason in a->note. Keeps a->name and a->index. */
gopt_status gopt_game_solve_checked(const gopt_game *g, const void *puzzle, const gopt_options *o,
                                    gopt_answer *a);

#endif
