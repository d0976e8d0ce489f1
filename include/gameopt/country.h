/* Country Road (Nikoli's カントリーロード): draw one loop through cell centres, moving
 * orthogonally, without branches or crossings. The grid is divided into rooms; the loop
 * enters and leaves every room exactly once; a number in a room says how many of its cells
 * the loop uses; two cells on either side of a room border are never both unused. In the
 * variant of `country/e/` URLs rooms may also be left unvisited. Holes are cells outside
 * the puzzle (some janko.at boards are not rectangles).
 *
 * Formats read: puzz.link URLs (as people paste them, also `?pzprv3/country/...`), penpa-edit
 * links, pzprv3 files, the block format of the shared data set, and our own text format
 * (rows of room letters, then the numbers); docs/formats.md has them.
 * Methods: `sat` (CaDiCaL, one loop enforced lazily through gameopt/cuts.h) and `mip` (the
 * ILP of the seed article with the same lazy cuts, CBC). */
#ifndef GAMEOPT_COUNTRY_H
#define GAMEOPT_COUNTRY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "gameopt/game.h"
#include "gameopt/grid.h"
#include "gameopt/mip.h"

#define GOPT_COUNTRY_HOLE (-1)        /* the room of a cell outside the puzzle */
#define GOPT_COUNTRY_NO_NUMBER (-1)   /* a room without a number */
#define GOPT_COUNTRY_UNKNOWN (-2)     /* a room numbered '?' (drawn, but no constraint) */
#define GOPT_COUNTRY_MAX_SIDE 100     /* rows and columns */
#define GOPT_COUNTRY_MAX_NUMBER 9999
#define GOPT_COUNTRY_KNOWN_USED 0x10   /* given_known: the cell is on the loop */
#define GOPT_COUNTRY_KNOWN_UNUSED 0x20 /* given_known: the cell is not */

typedef struct gopt_country_puzzle {
    char *name;          /* the id of the block format, else NULL */
    gopt_grid size;      /* w columns, h rows */
    bool empty_rooms;    /* the variant: rooms may be left unvisited */
    int nrooms;
    int *room;           /* per cell: its room, numbered by first cell in row-major order
                          * (puzz.link order), or GOPT_COUNTRY_HOLE */
    int *room_first;     /* per room: its first cell, where its number is drawn */
    int *room_size;      /* per room: its cells */
    int *number;         /* per room: loop cells asked for, NO_NUMBER or UNKNOWN */
    uint8_t *wall;       /* per cell, or NULL: GOPT_DIR_BIT(E) / (S) for a border drawn between
                          * the cell and its east / south neighbour inside one room (puzz.link
                          * URLs can hold such stray borders; the loop may not cross them and
                          * the cells beside them are not both unused) */
    uint8_t *given;      /* a solution that came with the puzzle (exits per cell), or NULL */
    uint8_t *given_known; /* NULL when `given` is a whole loop; else a player's partial answer,
                          * per cell what it states: GOPT_DIR_BIT(d) when side d is known
                          * (crossed when in `given`, else marked not crossed), and
                          * GOPT_COUNTRY_KNOWN_USED / _UNUSED for the cell (docs/formats.md) */
    int given_unique;    /* the block format's `unique`: 1 yes, 0 no, -1 not stated */
} gopt_country_puzzle;

/* A loop: for every cell the directions it leaves by, as GOPT_DIR_BIT bits (0: unused). */
typedef struct gopt_country_solution {
    int ncells;
    int length;          /* cells on the loop */
    uint8_t dirs[];
} gopt_country_solution;

/* What a method reports besides the gopt_answer. */
typedef struct gopt_country_stats {
    int64_t rounds;      /* solves of the lazy loop, over the whole enumeration */
    int64_t cuts;        /* connectivity cuts added */
    int64_t room_cuts;   /* of which room-set cuts */
} gopt_country_stats;

extern const gopt_game gopt_game_country;
extern const char *const gopt_country_formats[];   /* "url", "pzprv3", "block", "text", "penpa" */

/* ---- model ---- */
/* A puzzle of w x h cells, all in one room, no numbers; callers then set rooms through
 * gopt_country_set_rooms. */
gopt_country_puzzle *gopt_country_new(int w, int h);
void gopt_country_free(gopt_country_puzzle *p);
gopt_country_puzzle *gopt_country_copy(const gopt_country_puzzle *p);
/* Rooms from a label per cell (< 0: hole): each connected area of equal labels becomes a
 * room; rooms are numbered by first cell. Clears the numbers. Returns the room count. */
int gopt_country_set_rooms(gopt_country_puzzle *p, const int *label);

gopt_country_solution *gopt_country_solution_new(int ncells);
void gopt_country_solution_free(gopt_country_solution *l);
/* "-", "ns", "ew", "ne", "nw", "se", "sw" (n, s, e, w order; other sets as they come). */
const char *gopt_country_token(uint8_t dirs, char buf[5]);
/* Reads a token of those letters (or "-") into direction bits; false when malformed. */
bool gopt_country_parse_token(const char *s, size_t len, uint8_t *dirs);
/* Is there a border between cell c and its neighbour in direction d (different rooms, or a
 * stray border inside a room)? False off the board and next to holes. */
bool gopt_country_border(const gopt_country_puzzle *p, int c, gopt_dir d);

/* ---- reading and writing ---- */
/* Reads the next puzzle; format NULL guesses from the text. Returns 1, 0 at the end, -1
 * with err set. */
int gopt_country_read(gopt_text *t, const char *format, gopt_country_puzzle **out, gopt_error *err);
/* Writes the puzzle (and the loop, where the format holds one) in a format: "url" (a
 * puzz.link URL), "pzprv3", "block", "text", "penpa" (a penpa-edit link). NULL when the format cannot hold this puzzle
 * (holes in a URL, too many rooms for letters); *why then says why. */
char *gopt_country_write(const gopt_country_puzzle *p, const uint8_t *dirs, const char *format, const char **why);

/* ---- solving ---- */
typedef struct gopt_country_solve_options {
    const char *method;   /* "sat" (default) or "mip" */
    long count;           /* solutions to look for (2 proves uniqueness) */
    double time_limit;    /* seconds, 0: none */
} gopt_country_solve_options;

/* Finds up to o->count loops. Sets a->status, a->solution (the first loop), a->solutions,
 * a->complete (the count is exact), counters and a->extra (a gopt_country_stats). SOLVED
 * only when the question was answered: with count > 1 a limit after the first loop gives
 * GOPT_LIMIT with that loop kept. */
gopt_status gopt_country_solve(const gopt_country_puzzle *p, const gopt_country_solve_options *o, gopt_answer *a);

/* The seed article's integer program for the puzzle (without the single-loop rule, which
 * the solver adds lazily), with the given cuts when `with_cuts` (solving it first). */
gopt_mip *gopt_country_mip_model(const gopt_country_puzzle *p, bool with_cuts);

/* ---- checking ---- */
/* The independent rule checker: one loop, no branches, rooms entered once, numbers,
 * borders. False with a reason when a rule is broken. */
bool gopt_country_check(const gopt_country_puzzle *p, const uint8_t *dirs, char *why, size_t why_size);

/* ---- output ---- */
/* The loop as box-drawing glyphs, one per cell ("·" unused, " " hole), like the seed. */
void gopt_country_draw(FILE *out, const gopt_country_puzzle *p, const uint8_t *dirs, bool unicode);
/* Picture with room borders, numbers and the loop (NULL: the puzzle alone). */
gopt_canvas *gopt_country_render(const gopt_country_puzzle *p, const uint8_t *dirs);

/* ---- explaining ---- */
/* The rules a step of an explanation names (gopt_country_rule_name gives the words). */
typedef enum gopt_country_rule {
    GOPT_COUNTRY_RULE_DEGREE,  /* "degree two": a used cell has two loop edges, an unused none */
    GOPT_COUNTRY_RULE_BORDER,  /* "border rule": cells across a room border are not both unused */
    GOPT_COUNTRY_RULE_COUNT,   /* "room count": a number is its room's used cells */
    GOPT_COUNTRY_RULE_ONCE,    /* "room entered once": the loop crosses a room's border twice */
    GOPT_COUNTRY_RULE_LOOP,    /* "no second loop": no cycle closes before the whole loop */
    GOPT_COUNTRY_RULE_TRIAL,   /* "trial": the other value breaks a rule after propagation */
    GOPT_COUNTRY_RULE_GUESS,   /* "guess": nothing decides; the solution's value is taken */
} gopt_country_rule;
const char *gopt_country_rule_name(gopt_country_rule r);

/* One deduction: variable `var` (an edge of the model's graph, 0..nedges-1, or nedges + a
 * cell) takes `value` by `rule`, looking at cell or room `at`; a trial names the rule the
 * other value broke in `because`, degree two its case (0..4, see explain.c). */
typedef struct gopt_country_step {
    int var;
    bool value;
    gopt_country_rule rule;
    int at;
    int because;
} gopt_country_step;

typedef struct gopt_country_explanation {
    const gopt_country_puzzle *p;
    struct country_graph *graph;
    int nedges, ncells;
    gopt_country_step *steps;
    int nsteps;
    size_t cap;
    int guesses;         /* steps that are guesses */
    long solutions;      /* the solver's count, up to 2 (-1: unknown) */
    bool complete;       /* every variable is decided at the end */
    uint8_t *loop;       /* then the loop (exits per cell) */
} gopt_country_explanation;

/* Unit propagation on our model, rule by rule, simplest rule first, then one-step trials,
 * then guesses where nothing else decides (the solver's loop guides them). */
gopt_country_explanation *gopt_country_explain(const gopt_country_puzzle *p);
void gopt_country_explanation_free(gopt_country_explanation *x);
/* The SAT literal (gameopt/sat.h numbering of the SAT method) a step asserts. */
int gopt_country_step_literal(const gopt_country_explanation *x, const gopt_country_step *st);
/* Numbered steps, a summary line, and the loop drawn when the steps end with it. */
void gopt_country_explain_print(FILE *out, const gopt_country_explanation *x, bool unicode);
/* {"steps": [{"rule", "text"}], "guesses", "solutions", "complete"} */
json_t *gopt_country_explain_json(const gopt_country_explanation *x);
/* A strip of `panels` pictures of the board as the steps fill it (the last is the end). */
gopt_canvas *gopt_country_explain_render(const gopt_country_explanation *x, int panels);

/* ---- grading ---- */
typedef struct gopt_country_grade {
    long conflicts;      /* SAT from the numbers alone, proving uniqueness: learned clauses */
    long rounds;         /* and solves of the lazy single-loop loop */
    int steps, trials, guesses; /* the explanation's steps, of which trials and guesses */
    int numbers;         /* rooms with a number */
    const char *word;    /* "easy" (rules alone), "medium" (trials), "hard" (guesses) */
} gopt_country_grade;
void gopt_country_grade_of(const gopt_country_puzzle *p, gopt_country_grade *g);

/* ---- generating ---- */
#define GOPT_COUNTRY_GENERATE_MAX 60   /* columns and rows */
#define GOPT_COUNTRY_CLUES_MINIMAL (-1)
typedef struct gopt_country_generate_options {
    int w, h;            /* columns, rows: 2 to GOPT_COUNTRY_GENERATE_MAX */
    bool empty_rooms;    /* the country/e/ variant */
    int clues;           /* GOPT_COUNTRY_CLUES_MINIMAL: no number can go without losing
                          * uniqueness; else at least this percentage of rooms numbered (a
                          * minimal set, then numbers added back at random; 100: all) */
    int *undecided;      /* when non-NULL, set to the numbers kept because the test of
                          * dropping them hit its limit (0: the set is minimal) */
} gopt_country_generate_options;
gopt_country_puzzle *gopt_country_generate_with(const gopt_country_generate_options *o, gopt_rng *rng, gopt_error *err);
/* A random puzzle of w x h with exactly one solution (NULL with err set when none was found
 * within the attempts). */
gopt_country_puzzle *gopt_country_generate(int w, int h, bool empty_rooms, gopt_rng *rng, gopt_error *err);

#endif
