/* One interface for every game (design §3). Like the `struct game` of Simon Tatham's
 * puzzle collection, each family fills in one table; the command line, the tests, the
 * fuzzers and the benchmarks are written once against it. Games know nothing of the
 * command line: options reach them as a gopt_options. Data flows one way:
 *     parse -> model -> method -> engine -> answer -> check -> output. */
#ifndef GAMEOPT_GAME_H
#define GAMEOPT_GAME_H

#include <jansson.h>
#include <stdatomic.h>
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

/* ---- typed options (the model: CaDiCaL's options.hpp) ----
 * Every option is declared once, in a table of gopt_opt, and that table drives parsing,
 * validation with a located error ("--depth: invalid value '9' (...)"), the help text, the
 * JSON echo and the machine-readable list the web server serves. Values reach games as the
 * text that was given; the typed getters below parse them against the same table, so the
 * default and the range are written in one place. */
typedef enum gopt_opt_type {
    GOPT_OPT_FLAG,   /* present or absent */
    GOPT_OPT_INT,    /* a whole number in [min, max] */
    GOPT_OPT_REAL,   /* a number in [min, max] */
    GOPT_OPT_ENUM,   /* one of `choices` */
    GOPT_OPT_STRING, /* free text: a file, a tile, a list the game reads itself */
    GOPT_OPT_RANGE,  /* A or A..B, whole numbers in [min, max], A <= B */
    GOPT_OPT_SIZE,   /* WxH, each side a whole number in [min, max] */
} gopt_opt_type;

typedef struct gopt_opt {
    const char *name;           /* without "--" */
    gopt_opt_type type;
    const char *arg;            /* the value's name in help ("N", "FILE"); NULL for flags */
    const char *def;            /* the default as it would be typed; NULL: none (absent) */
    double min, max;            /* INT, REAL, RANGE, SIZE */
    const char *const *choices; /* ENUM: the allowed names, NULL-terminated */
    const char *help;
} gopt_opt;

#define GOPT_FLAG(name, help) {name, GOPT_OPT_FLAG, NULL, NULL, 0, 0, NULL, help}
#define GOPT_INT(name, arg, def, min, max, help) {name, GOPT_OPT_INT, arg, def, min, max, NULL, help}
#define GOPT_REAL(name, arg, def, min, max, help) {name, GOPT_OPT_REAL, arg, def, min, max, NULL, help}
#define GOPT_ENUM(name, arg, def, choices, help) {name, GOPT_OPT_ENUM, arg, def, 0, 0, choices, help}
#define GOPT_STRING(name, arg, def, help) {name, GOPT_OPT_STRING, arg, def, 0, 0, NULL, help}
#define GOPT_RANGE(name, arg, def, min, max, help) {name, GOPT_OPT_RANGE, arg, def, min, max, NULL, help}
#define GOPT_SIZE(name, def, min, max, help) {name, GOPT_OPT_SIZE, "WxH", def, min, max, NULL, help}
#define GOPT_OPT_END {0}

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
    double total_time_limit; /* seconds for the whole batch (solve verbs); 0: none */
    double memory_limit_mb; /* this solve's memory budget (budget.h); 0: none */
    const atomic_int *cancel; /* set non-zero to stop this solve (stop.h); NULL: none */
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
/* A game option's value as given ("" for a given flag), or NULL when absent. */
const char *gopt_option(const gopt_options *o, const char *name);
bool gopt_option_flag(const gopt_options *o, const char *name);

/* Checks one value against its declaration; false with a located error ("--NAME") when it
 * is malformed or out of range. */
bool gopt_opt_check(const gopt_opt *spec, const char *value, gopt_error *err);
/* Checks every game option of o against a table (unknown names are errors too). */
bool gopt_options_check(const gopt_options *o, const gopt_opt *table, gopt_error *err);
/* The declaration of `name` in a table (NULL-name terminated), or NULL. */
const gopt_opt *gopt_opt_find(const gopt_opt *table, const char *name);
/* Typed values: the given value, else the table's default. Asking for a name the table
 * does not declare, of another type, or without a value and default is a programming error
 * (GOPT_REQUIRE); values were checked by gopt_options_check before. */
long gopt_opt_int(const gopt_options *o, const gopt_opt *table, const char *name);
double gopt_opt_real(const gopt_options *o, const gopt_opt *table, const char *name);
int gopt_opt_enum(const gopt_options *o, const gopt_opt *table, const char *name); /* index in choices */
const char *gopt_opt_string(const gopt_options *o, const gopt_opt *table, const char *name); /* NULL: none */
void gopt_opt_range(const gopt_options *o, const gopt_opt *table, const char *name, long *lo, long *hi);
void gopt_opt_size(const gopt_options *o, const gopt_opt *table, const char *name, int *w, int *h);
/* The table as JSON: [{"name", "type", "arg", "default", "min", "max", "choices", "help"}]. */
json_t *gopt_opts_json(const gopt_opt *table);
/* The given options (common and the game's) as one JSON object, e.g. {"method":"sat","depth":3}. */
json_t *gopt_options_json(const gopt_options *o, const gopt_opt *table);
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

/* ---- verbs: what a game offers on the command line and the web server ----
 * A game declares every verb it has (solve, check, generate and its own: flood `hint`,
 * taxis `play`, tokens `upgrade`) in its table; generic drivers parse the arguments with the
 * verb's option table into a gopt_call and run it. A verb writes results to call->out and
 * reports bad input or usage in call->err (returning 2); it knows nothing of argv. */

/* The common options (design §5) a verb accepts, as bits. */
enum {
    GOPT_COMMON_FORMAT = 1 << 0,
    GOPT_COMMON_OUTPUT = 1 << 1,
    GOPT_COMMON_JSON = 1 << 2,
    GOPT_COMMON_METHOD = 1 << 3,
    GOPT_COMMON_TIME_LIMIT = 1 << 4,
    GOPT_COMMON_MEMORY_LIMIT = 1 << 5,
    GOPT_COMMON_THREADS = 1 << 6,
    GOPT_COMMON_SEED = 1 << 7,
    GOPT_COMMON_COUNT = 1 << 8,
    GOPT_COMMON_STATS = 1 << 9,
    GOPT_COMMON_VERIFY = 1 << 10,
    GOPT_COMMON_QUIET = 1 << 11,
    GOPT_COMMON_SHARD = 1 << 12,
    GOPT_COMMON_PROGRESS = 1 << 13,
    GOPT_COMMON_SOLVE_BATCH = 1 << 14, /* --total-time-limit: the batch of a solve verb */
};
/* What a puzzle `solve` verb usually takes. */
#define GOPT_SOLVE_COMMON                                                                          \
    (GOPT_COMMON_FORMAT | GOPT_COMMON_OUTPUT | GOPT_COMMON_JSON | GOPT_COMMON_METHOD |             \
     GOPT_COMMON_TIME_LIMIT | GOPT_COMMON_MEMORY_LIMIT | GOPT_COMMON_THREADS | GOPT_COMMON_COUNT | \
     GOPT_COMMON_STATS | GOPT_COMMON_VERIFY | GOPT_COMMON_QUIET | GOPT_COMMON_SHARD |              \
     GOPT_COMMON_PROGRESS | GOPT_COMMON_SOLVE_BATCH)
#define GOPT_GENERATE_COMMON (GOPT_COMMON_FORMAT | GOPT_COMMON_SEED | GOPT_COMMON_COUNT | GOPT_COMMON_SHARD)

/* The common options as a table (the --format and --method choices are the game's). */
extern const gopt_opt gopt_common_opts[];
/* The bit of each entry of gopt_common_opts. */
extern const unsigned gopt_common_bits[];

typedef struct gopt_game gopt_game;
typedef struct gopt_verb gopt_verb;

/* One run of a verb. */
typedef struct gopt_call {
    const gopt_game *game;
    const gopt_verb *verb;
    gopt_options opts;
    int nargs;
    char **args;    /* positional arguments (files, "-" for stdin, names) */
    FILE *out;      /* results (stdout on the command line) */
    FILE *diag;     /* warnings and per-item errors (stderr on the command line) */
    gopt_error err; /* the bad input or usage error when the verb returns 2 */
} gopt_call;

struct gopt_verb {
    const char *name;
    const char *summary;
    const char *usage;       /* what follows the options, e.g. "[FILE...]" */
    unsigned common;         /* GOPT_COMMON_* bits */
    const gopt_opt *options; /* the verb's own options, GOPT_OPT_END-terminated (may be NULL) */
    int (*run)(gopt_call *call); /* returns the exit code (gopt_status values) */
};

/* Records a usage error (`gameopt: what`) in call->err; returns 2. */
int gopt_call_usage(gopt_call *call, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Records an input error (with its place) in call->err; returns 2. */
int gopt_call_input(gopt_call *call, const gopt_error *err);
/* The call's options and arguments: checks the common options' choices (method, format)
 * against the game and the game options against the verb's table. False with call->err set. */
bool gopt_call_check(gopt_call *call);

/* The generic verbs over the table. `solve`: parses every input (files, or stdin), then
 * solves the shard's puzzles, checks each answer and prints one result per puzzle.
 * `generate`: --count random puzzles (the game's generate, seeded from --seed and the index). */
int gopt_run_solve(gopt_call *call);
int gopt_run_generate(gopt_call *call);

/* Every puzzle of some inputs, each named: its own name, else the file's stem ("stdin" for
 * "-"), with ":i" (1-based) when the file holds several. */
typedef struct gopt_named {
    void *puzzle;
    char *name;
} gopt_named;
typedef struct gopt_batch {
    gopt_named *items;
    size_t n, cap;
    char *warnings; /* the readers' warnings ("FILE:LINE:COL: what\n" each), or NULL */
} gopt_batch;
/* Reads every puzzle of path into b (appending); false with err set on bad input or a file
 * without a puzzle. */
bool gopt_batch_read(const gopt_game *g, const char *path, const gopt_options *o, gopt_batch *b, gopt_error *err);
/* The call's inputs (stdin without any) into b; false with call->err set. */
bool gopt_batch_read_call(gopt_call *call, gopt_batch *b);
void gopt_batch_free(const gopt_game *g, gopt_batch *b);
/* Prints the readers' warnings collected so far (`gameopt: warning: ...`) and forgets them. */
void gopt_batch_warnings(gopt_batch *b, FILE *diag);
/* "dir/puzzles.txt" -> "puzzles"; "-" -> "stdin". */
char *gopt_file_stem(const char *path);
/* "out.svg" for the only file; "out-3.svg" for number 3 of several. */
char *gopt_numbered_path(const char *path, long number, bool several);

/* The table a puzzle family fills in. Functions a family does not support are NULL. */
struct gopt_game {
    const char *name;
    const char *summary;
    const char *const *formats; /* input formats, NULL-terminated */
    const char *const *methods; /* methods, NULL-terminated; the first is the default; a
                                   game's method enum follows this order */
    const gopt_verb *verbs;     /* every verb, solve and generate included; {0}-terminated */
    const char *help;           /* rules, formats and examples for `gameopt <game> --help` */

    /* Reads the next puzzle from t (a file may hold many). Returns 1 and sets *puzzle,
     * 0 at the end of the input, -1 with err set on bad input. */
    int (*parse)(gopt_text *t, const gopt_options *o, void **puzzle, gopt_error *err);
    /* The puzzle's own name (e.g. an id in the file), or NULL to use the file's. */
    const char *(*puzzle_name)(const void *puzzle);
    /* Writes the puzzle, with a solution when non-NULL, as text in the given format (NULL: the
     * puzzle's own format, else the game's first); the text parses back. */
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
};

/* The registered games (every folder of src/games), NULL-terminated. */
extern const gopt_game *const gopt_games[];
const gopt_game *gopt_game_find(const char *name);
const gopt_verb *gopt_verb_find(const gopt_game *g, const char *name);
/* The index of a method name in g->methods (NULL: the default, 0), or -1 when unknown. */
int gopt_method_index(const gopt_game *g, const char *name);

/* Help generated from the tables. */
void gopt_print_games_help(FILE *out);
void gopt_print_game_help(FILE *out, const gopt_game *g);
void gopt_print_verb_help(FILE *out, const gopt_game *g, const gopt_verb *v);
/* Machine-readable: every option a verb takes (its own, then the common ones, with the
 * game's formats and methods as choices), as the help prints them. */
json_t *gopt_verb_options_json(const gopt_game *g, const gopt_verb *v);
/* {"games":[{"name","summary","formats","methods","verbs":[{"name","summary","usage","options"}]}]} */
json_t *gopt_games_json(void);

/* Releases what an answer owns (through the game's free functions) and zeroes it
 * (name and index are kept: the caller owns them). */
void gopt_answer_free(const gopt_game *g, gopt_answer *a);
/* Solves, times, and (with o->verify) checks the answer: a failed check turns the answer
 * into GOPT_ERROR with the checker's reason in a->note. Keeps a->name and a->index. An
 * unknown method or format, or a game option the solve verb does not declare or with a bad
 * value, is GOPT_BAD_INPUT with the reason in a->note (never a fallback). */
gopt_status gopt_game_solve_checked(const gopt_game *g, const void *puzzle, const gopt_options *o,
                                    gopt_answer *a);

#endif
