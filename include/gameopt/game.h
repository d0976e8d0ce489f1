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
#include "gameopt/canvas.h"
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
 * Every option is declared once, in a table of gopt_opt, and that table drives parsing from
 * argv and from JSON (one setter, gopt_opt_set), validation with a located error ("--depth:
 * invalid value '9' (...)"), the help text, the JSON list the API serves and the manifest.
 * Values are parsed once, when set; games read them typed through the getters below, which
 * take the same table, so the default and the range are written in one place. */
typedef enum gopt_opt_type {
    GOPT_OPT_FLAG,   /* present or absent */
    GOPT_OPT_INT,    /* a whole number in [min, max] */
    GOPT_OPT_REAL,   /* a number in [min, max] */
    GOPT_OPT_ENUM,   /* one of `choices` (any case; stored as the table spells it) */
    GOPT_OPT_STRING, /* free text: a tile, a list, a name the game reads itself */
    GOPT_OPT_RANGE,  /* A or A..B, whole numbers in [min, max], A <= B */
    GOPT_OPT_SIZE,   /* WxH, each side a whole number in [min, max] */
    GOPT_OPT_PATH,   /* a file of this machine that the verb reads (through the front end): only a
                        local command line takes it; the server, the browser and the JSON
                        entry point refuse it by this type */
    GOPT_OPT_SHARD,  /* K/N, 1 <= K <= N <= 1000000 */
    GOPT_OPT_OUTPUT, /* a file of this machine that a side output goes to ("-": stdout); the
                        command line checks it can be written before any work; elsewhere only
                        "-" is taken, and the output comes in the reply */
    GOPT_OPT_STATE,  /* a file of this machine a verb keeps across runs, read to resume and
                        rewritten as it goes (flood's --checkpoint): the command line checks
                        its place takes files and holds it for the run (a second process
                        given it is refused); refused elsewhere like a path */
} gopt_opt_type;

/* Whether options of this type name a file of the machine (PATH, OUTPUT, STATE): never
 * echoed in JSON, and refused through the entry point (an OUTPUT takes "-"). */
#define GOPT_OPT_TYPE_NAMES_FILE(t) ((t) == GOPT_OPT_PATH || (t) == GOPT_OPT_OUTPUT || (t) == GOPT_OPT_STATE)

/* Where a common option's value lives in gopt_options (a game's own options have none). */
typedef enum gopt_field_kind {
    GOPT_FIELD_NONE, GOPT_FIELD_BOOL, GOPT_FIELD_BOOL_NOT, GOPT_FIELD_INT, GOPT_FIELD_LONG, GOPT_FIELD_U64,
    GOPT_FIELD_DOUBLE, GOPT_FIELD_STRING, GOPT_FIELD_SHARD,
} gopt_field_kind;

typedef struct gopt_opt {
    const char *name;           /* without "--" */
    gopt_opt_type type;
    const char *arg;            /* the value's name in help ("N", "FILE"); NULL for flags */
    const char *def;            /* the default as it would be typed; NULL: none (absent) */
    double min, max;            /* INT, REAL, RANGE, SIZE */
    const char *const *choices; /* ENUM: the allowed names, NULL-terminated */
    const char *help;
    gopt_field_kind field;      /* common options: how the value is stored ... */
    size_t offset;              /* ... at offsetof(gopt_options, ...) */
} gopt_opt;

#define GOPT_FLAG(name, help) {name, GOPT_OPT_FLAG, NULL, NULL, 0, 0, NULL, help, GOPT_FIELD_NONE, 0}
#define GOPT_INT(name, arg, def, min, max, help) {name, GOPT_OPT_INT, arg, def, min, max, NULL, help, GOPT_FIELD_NONE, 0}
#define GOPT_REAL(name, arg, def, min, max, help) {name, GOPT_OPT_REAL, arg, def, min, max, NULL, help, GOPT_FIELD_NONE, 0}
#define GOPT_ENUM(name, arg, def, choices, help) {name, GOPT_OPT_ENUM, arg, def, 0, 0, choices, help, GOPT_FIELD_NONE, 0}
#define GOPT_STRING(name, arg, def, help) {name, GOPT_OPT_STRING, arg, def, 0, 0, NULL, help, GOPT_FIELD_NONE, 0}
#define GOPT_RANGE(name, arg, def, min, max, help) {name, GOPT_OPT_RANGE, arg, def, min, max, NULL, help, GOPT_FIELD_NONE, 0}
#define GOPT_SIZE(name, def, min, max, help) {name, GOPT_OPT_SIZE, "WxH", def, min, max, NULL, help, GOPT_FIELD_NONE, 0}
#define GOPT_PATH(name, arg, help) {name, GOPT_OPT_PATH, arg, NULL, 0, 0, NULL, help, GOPT_FIELD_NONE, 0}
#define GOPT_OUTPUT(name, arg, help) {name, GOPT_OPT_OUTPUT, arg, NULL, 0, 0, NULL, help, GOPT_FIELD_NONE, 0}
#define GOPT_STATE(name, arg, help) {name, GOPT_OPT_STATE, arg, NULL, 0, 0, NULL, help, GOPT_FIELD_NONE, 0}
#define GOPT_OPT_END {0}

/* A game option's value, parsed when it was set. */
typedef struct gopt_opt_value {
    const gopt_opt *spec;
    const char *text; /* as given ("" for a flag); owned by the call */
    long n[2];        /* INT, ENUM (the index), RANGE, SIZE */
    double x;         /* REAL */
} gopt_opt_value;

typedef struct gopt_progress_sink gopt_progress_sink; /* progress.h */
typedef struct gopt_game gopt_game;
typedef struct gopt_files gopt_files;                 /* below */
typedef struct gopt_source gopt_source;               /* below */

/* Options common to every game (design §5), plus the game's own, typed. */
typedef struct gopt_options {
    const char *format;     /* input format; NULL: guess */
    const char *method;     /* NULL: the game's default */
    const char *output;     /* the command line's --output FILE (front ends read it; games need not) */
    bool json;
    bool stats;
    bool verify;            /* check every answer before printing it (default on) */
    bool quiet;
    bool progress;          /* --progress: report progress even when no one is watching */
    bool manifest;          /* add the manifest (version, request, machine) to every answer */
    double time_limit;      /* seconds per puzzle; 0: none */
    double total_time_limit; /* seconds for the whole batch (solve verbs); 0: none */
    double memory_limit_mb; /* this solve's memory budget (budget.h); 0: none */
    int threads;            /* >= 1 */
    uint64_t seed;
    long count;             /* solutions to look for (2 proves uniqueness); 1 by default */
    int shard_k, shard_n;   /* run slice k of n (1-based); 1/1 runs everything */
    /* what the front end gives the call, not options a user types: */
    const atomic_int *cancel;             /* set non-zero to stop this solve (stop.h); NULL: none */
    gopt_picture_format picture;          /* the pictures the front end wants (GOPT_PIC_NONE: none) */
    const gopt_progress_sink *progress_sink; /* where progress goes; NULL: nowhere */
    const gopt_source *source;            /* named texts and file access (gopt_read_named) */
    bool terminal;                        /* the text for people goes to a terminal ... */
    bool colour;                          /* ... that shows colours (NO_COLOR unset) */
    int nextra;
    gopt_opt_value extra[GOPT_MAX_EXTRA_OPTIONS]; /* the game's own options, as given */
} gopt_options;

/* The defaults: verify on, one thread, count 1, shard 1/1, seed 1. */
void gopt_options_init(gopt_options *o);
/* A game option's value as given ("" for a given flag), or NULL when absent. */
const char *gopt_option(const gopt_options *o, const char *name);
bool gopt_option_flag(const gopt_options *o, const char *name);

/* The one setter, for argv and JSON alike: finds `name` among the common options the verb
 * takes (table common, bits) and the verb's own (table own), checks `value` against its
 * declaration and stores it typed (a common option in its field, a game option in extra).
 * Flags take NULL or "" (a JSON false is the caller's: it sets nothing). Spellings: "color"
 * and "colour", "colours" and "colour" name the same option. False with a located error
 * ("--NAME: ...", or "unknown option '--x' (did you mean --y?)") when it cannot. `keep`
 * copies value into storage that outlives the option set (the call's), or NULL when value
 * already does. */
typedef const char *(*gopt_keep_fn)(void *ctx, const char *text);
bool gopt_opt_set(gopt_options *o, const gopt_opt *own, unsigned common, const char *name, const char *value,
                  gopt_keep_fn keep, void *keep_ctx, gopt_error *err);
/* For library callers: sets a game option of verb `verb` of game g (value must outlive o).
 * False with err set when the verb has no such option or the value is bad. */
bool gopt_options_set(gopt_options *o, const gopt_game *g, const char *verb, const char *name, const char *value,
                      gopt_error *err);
/* The declaration behind a name as the setter finds it (aliases included), or NULL. */
const gopt_opt *gopt_opt_lookup(const gopt_opt *own, unsigned common, const char *name);
/* Checks one value against its declaration; false with a located error ("--NAME") when it
 * is malformed or out of range. */
bool gopt_opt_check(const gopt_opt *spec, const char *value, gopt_error *err);
/* Checks every game option of o against a table (unknown names are errors too). */
bool gopt_options_check(const gopt_options *o, const gopt_opt *table, gopt_error *err);
/* The declaration of `name` in a table (NULL-name terminated), or NULL. */
const gopt_opt *gopt_opt_find(const gopt_opt *table, const char *name);
/* The name in list closest to `word` by edit distance (at most 2, or a third of its length),
 * or NULL: for "did you mean". */
const char *gopt_closest(const char *word, const char *const *list);
/* Typed values: the given value, else the table's default. Asking for a name the table
 * does not declare, of another type, or without a value and default is a programming error
 * (GOPT_REQUIRE); values were checked when they were set. */
long gopt_opt_int(const gopt_options *o, const gopt_opt *table, const char *name);
double gopt_opt_real(const gopt_options *o, const gopt_opt *table, const char *name);
int gopt_opt_enum(const gopt_options *o, const gopt_opt *table, const char *name); /* index in choices */
const char *gopt_opt_string(const gopt_options *o, const gopt_opt *table, const char *name); /* NULL: none */
void gopt_opt_range(const gopt_options *o, const gopt_opt *table, const char *name, long *lo, long *hi);
void gopt_opt_size(const gopt_options *o, const gopt_opt *table, const char *name, int *w, int *h);
/* The table as JSON: [{"name", "type", "arg", "default", "min", "max", "choices", "help"}]. */
json_t *gopt_opts_json(const gopt_opt *table);
/* Every option the verb takes with its value (given, else the default; defaults only for
 * options that have one), as one JSON object: the manifest's request. */
json_t *gopt_options_json(const gopt_options *o, const gopt_opt *own, unsigned common);
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
    double cpu_seconds;     /* CPU time of every thread of the solve (set by gopt_game_solve_checked) */
    gopt_counters counters; /* nodes, conflicts, cuts, rounds ... */
    char note[256];         /* a line for the user, e.g. the bounds a limit left */
    void *extra;            /* game-specific details, freed by free_extra */
} gopt_answer;

/* ---- where a call's texts come from ----
 * A call names its inputs: files, "-" (stdin, or a request's "input"), links. A verb resolves
 * each name (and each file an option names: --graph FILE, tokens' FILE:NAME) with
 * gopt_read_named: first the texts the front end put in the call under that name, then the
 * front end's file access, which only a local command line grants. So no game opens a path
 * itself, and a request to the server can read nothing but its own texts and the bundled
 * data. */
typedef struct gopt_input {
    const char *name; /* "puzzles.txt", "-", "url" */
    const char *data; /* the text (len bytes; need not end in NUL) */
    size_t len;
} gopt_input;

struct gopt_files {
    /* Reads the whole file (stdin for "-"), bounded by size and interruptible. */
    bool (*load)(void *ctx, const char *path, gopt_text *t, gopt_error *err);
    /* Opens a file for a game that keeps one across a long run (flood's --checkpoint): mode as
     * fopen's; NULL with err set when it cannot. */
    FILE *(*open)(void *ctx, const char *path, const char *mode, gopt_error *err);
    /* rename(from, to) and remove(path) for that file; false with errno set. */
    bool (*rename)(void *ctx, const char *from, const char *to);
    bool (*remove)(void *ctx, const char *path);
    /* Whether a file of that name exists (to tell a file from a game's name). */
    bool (*exists)(void *ctx, const char *path);
    void *ctx;
};

struct gopt_source {
    const gopt_input *inputs;
    int ninputs;
    const gopt_files *files; /* NULL: no file access (server, browser, bindings) */
};

/* Reads the text named `name` for a call (see above), also a pasted link as its own text
 * (named "url"). o may be NULL: then the source current on this thread is used (the call's,
 * while one runs: deep library code such as a tile catalogue's reader needs no options).
 * False with err set ("NAME: cannot open: ..." or "NAME: no such input") when it cannot. */
bool gopt_read_named(const gopt_options *o, const char *name, gopt_text *t, gopt_error *err);
/* Whether gopt_read_named could find something of that name: one of the call's texts, or a
 * file where files are read. Where they are not, the file system is not asked (a request
 * must not learn which paths exist). o may be NULL (the thread's source). */
bool gopt_named_exists(const gopt_options *o, const char *name);
/* Makes s the source of this thread (NULL: none); returns the one before, to restore. */
const gopt_source *gopt_source_enter(const gopt_source *s);
/* The front end's file access for files a game keeps open (NULL when there is none). */
const gopt_files *gopt_files_of(const gopt_options *o);

/* ---- verbs: what a game offers on the command line, the server and the bindings ----
 * A game declares every verb it has (solve, check, generate and its own: flood `hint`,
 * taxis `play`, tokens `upgrade`) in its table; a front end builds a gopt_call in memory
 * (game, verb, argument words, texts, typed options) and hands it to gopt_call_run, which
 * runs the verb and owns every output: answers (JSON values, with the envelope every answer
 * shares), text for people, warnings, and named side outputs (LP, DOT, CSV, pictures). A
 * verb never opens a path the user gave or writes to the process's streams; it reports bad
 * input or usage in call->err (returning 2). */

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
    GOPT_COMMON_MANIFEST = 1 << 15,
};
/* Every verb takes these (the envelope's, and what every limit needs). */
#define GOPT_COMMON_ALWAYS (GOPT_COMMON_JSON | GOPT_COMMON_TIME_LIMIT | GOPT_COMMON_MEMORY_LIMIT | GOPT_COMMON_MANIFEST)
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

typedef struct gopt_verb gopt_verb;

/* A side output: bytes that are not the answer (an LP model, a DOT network, a CSV table, a
 * picture). The command line writes it to the file the option `option` named (numbered when
 * there are several of one role), or to stdout when that is "-" or the option is absent; the
 * server and the bindings put it in the reply. */
typedef struct gopt_side {
    char *role;   /* "picture", "lp", "dot", "csv", "plot", ... */
    char *option; /* the option whose value names its file ("output", "network", "plot") */
    char *name;   /* what it belongs to (a puzzle's name), or "" */
    char *ext;    /* "svg", "png", "pdf", "lp", "dot", "csv", "txt", "json" */
    char *data;
    size_t len;
    long number;  /* 1-based among the sides of this option (for file numbering) */
} gopt_side;

/* One run of a verb. Front ends fill game, verb, opts and args; the rest is the driver's. */
typedef struct gopt_call {
    const gopt_game *game;
    const gopt_verb *verb;
    gopt_options opts;
    int nargs;
    char **args;       /* positional words: input names ("-", files, links) and the verb's words */
    FILE *out;         /* text for people (an in-memory stream the driver owns) */
    FILE *diag;        /* warnings and per-item errors (in memory, the driver's) */
    json_t *answers;   /* the answers, in order (an array) */
    gopt_side *sides;
    size_t nsides, sides_cap;
    gopt_error err;    /* the bad input or usage error when the verb returns 2 */
    char *out_text, *diag_text; /* the streams' buffers */
    size_t out_len, diag_len;
    double started;    /* when the call began (the time limit covers all of it) */
    gopt_status worst; /* the worst status of every answer so far */
    void *kept;        /* strings kept for the options (gopt_call_keep) */
    json_t *inputs;    /* with --manifest: the texts read, {"name", "bytes", "sha256"} (an array) */
} gopt_call;

struct gopt_verb {
    const char *name;
    const char *summary;
    const char *usage;       /* what follows the options, e.g. "[FILE...]" */
    unsigned common;         /* GOPT_COMMON_* bits (GOPT_COMMON_ALWAYS are added to every verb) */
    const gopt_opt *options; /* the verb's own options, GOPT_OPT_END-terminated (may be NULL) */
    int (*run)(gopt_call *call); /* returns the exit code (gopt_status values) */
};

/* ---- the driver: one entry for every front end ---- */
/* Prepares a call of verb v of game g: default options, the driver's sinks. */
void gopt_call_init(gopt_call *call, const gopt_game *g, const gopt_verb *v);
/* Runs it: checks the options against the tables, applies the limits (time from now,
 * memory, cancel), runs the verb, and returns the exit code. The outputs stay in the call
 * (gopt_call_text, answers, sides) until gopt_call_free. */
int gopt_call_run(gopt_call *call);
/* The text the verb wrote for people, and its warnings (NUL-terminated; valid until free). */
const char *gopt_call_text(gopt_call *call, size_t *len);
const char *gopt_call_warnings(gopt_call *call, size_t *len);
void gopt_call_free(gopt_call *call);
/* A copy of text that lives as long as the call (for option values). */
const char *gopt_call_keep(gopt_call *call, const char *text);

/* What verbs write. gopt_call_answer adds one answer: the envelope (name, status, method,
 * seconds, cpu_seconds, note, stats; the manifest with --manifest) from `a` (NULL: only a name
 * and status "solved"), then the family's `fields` (stolen; may be NULL). */
void gopt_call_answer(gopt_call *call, const gopt_answer *a, json_t *fields);
/* The one shape of a check in every family: {name, status, method: "check", ok, reason}
 * and the family's `fields` (stolen; may be NULL); and a line of text: `text` when given,
 * else "NAME: ok" (left out with --quiet) or "NAME: wrong: REASON". */
void gopt_call_check_result(gopt_call *call, const char *name, bool ok, const char *reason, json_t *fields,
                            const char *text);
/* A warning line ("gameopt: " is added). */
void gopt_call_warn(gopt_call *call, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same for code deep inside a verb that has no call at hand (a solver's note that its
 * checkpoint could not be kept): the warnings of the call running on this thread, or of the
 * solve's call on the threads the driver started; nowhere outside a call. */
void gopt_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Makes call the one gopt_warn reports to on this thread; returns the one before. */
gopt_call *gopt_call_enter(gopt_call *call);
/* A side output (data copied). */
void gopt_call_side(gopt_call *call, const char *role, const char *option, const char *name, const char *ext,
                    const char *data, size_t len);
/* A picture in the format the front end asked for (opts.picture; nothing when none); frees
 * canvas. False with call->err set when it cannot be encoded. */
bool gopt_call_picture(gopt_call *call, const char *name, gopt_canvas *canvas);
/* Records a usage error (`gameopt: what`) in call->err; returns 2. */
int gopt_call_usage(gopt_call *call, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Records an input error (with its place) in call->err; returns 2. */
int gopt_call_input(gopt_call *call, const gopt_error *err);
/* The call's options and arguments: checks the common options' choices (method, format)
 * against the game and the game options against the verb's table. False with call->err set. */
bool gopt_call_check(gopt_call *call);
/* The text of argument i (an input name) through gopt_read_named; false with call->err set. */
bool gopt_call_read_arg(gopt_call *call, const char *arg, gopt_text *t);

/* The generic verbs over the table. `solve`: parses every input (files, or stdin), then
 * solves the shard's puzzles, checks each answer and answers one result per puzzle.
 * `generate`: --count random puzzles (the game's generate, seeded from --seed and the index). */
int gopt_run_solve(gopt_call *call);
int gopt_run_generate(gopt_call *call);
/* `draw`: every puzzle of the inputs drawn alone (the page shows a pasted puzzle before it
 * is solved), each an answer with its text in the game's first format. */
int gopt_run_draw(gopt_call *call);
/* The verb row of `draw`, the same in every family. */
#define GOPT_DRAW_VERB                                                                                        \
    {"draw", "draw the puzzles as they are, unsolved (--output x.svg), with their text in the first format", \
     "[FILE...]", GOPT_COMMON_FORMAT | GOPT_COMMON_OUTPUT, NULL, gopt_run_draw}

/* `convert --to FORMAT`: every puzzle of the inputs in another of the game's formats (the
 * table's `format`), a blank line between puzzles; when `writable` says a format cannot hold
 * a puzzle, nothing is written and the error names the puzzle and why. The verb's option
 * table declares --to with the game's formats as choices (GOPT_CONVERT_VERB). */
int gopt_run_convert(gopt_call *call);
#define GOPT_CONVERT_VERB(to_opts)                                                                  \
    {"convert", "write puzzles in another format (--to FORMAT; an error when it cannot hold one)", \
     "[FILE...]", GOPT_COMMON_FORMAT, to_opts, gopt_run_convert}

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
/* Reads every puzzle of the text t (its name gives the puzzles' names) into b (appending);
 * false with err set on bad input or a text without a puzzle. */
bool gopt_batch_read_text(const gopt_game *g, gopt_text *t, const gopt_options *o, gopt_batch *b, gopt_error *err);
/* The same for an input the call names (gopt_read_named). */
bool gopt_batch_read(const gopt_game *g, const char *name, const gopt_options *o, gopt_batch *b, gopt_error *err);
/* The call's inputs ("-" without any) into b; false with call->err set. */
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
    /* Can `format` hold this puzzle? false with a sentence in why (e.g. "Tatham's IDs hold at
     * most 10 colours, the board has 12"); NULL: every format holds every puzzle. */
    bool (*writable)(const void *puzzle, const char *format, char *why, size_t why_size);
    /* Solves with o->method. Fills a (status, solution, counters...). */
    gopt_status (*solve)(const void *puzzle, const gopt_options *o, gopt_answer *a);
    /* The independent checker: shares nothing with the solvers but the model. */
    bool (*check)(const void *puzzle, const void *solution, char *why, size_t why_size);
    /* Text for a person, e.g. a drawing of the solution (out is the call's text stream). */
    void (*print)(FILE *out, const void *puzzle, const gopt_answer *a, const gopt_options *o);
    /* The answer's own fields as one JSON object (the driver adds the envelope: name,
     * status, method, seconds, cpu_seconds, note, stats; a family never writes those). */
    json_t *(*to_json)(const void *puzzle, const gopt_answer *a, const gopt_options *o);
    /* Draws puzzle and solution (NULL: the puzzle alone) on a new canvas (the caller frees it). */
    gopt_canvas *(*render)(const void *puzzle, const void *solution);
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
/* An option's help in verb v (NULL: in general) with its range and default, no newline (the
 * verb help's right column; the man page). */
void gopt_print_option_text(FILE *out, const gopt_verb *v, const gopt_opt *s);
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
