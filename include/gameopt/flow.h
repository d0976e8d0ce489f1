/* Flow Free and Numberlink: join each pair of same-coloured endpoints by a path; paths never
 * cross or share a cell; in Flow Free every cell is used, under Numberlink contest rules
 * (`partial`) cells may stay empty.
 *
 * The model is a graph of cells. Rectangular boards, holes, walls, warps (links that wrap
 * around the board), hex layouts and the layers of 3-D contest boards are only adjacency; a
 * bridge cell is two nodes, a horizontal and a vertical channel, each of which must be used
 * under full coverage. A solution is the set of links the paths run along, plus the colour
 * each node then carries. */
#ifndef GAMEOPT_FLOW_H
#define GAMEOPT_FLOW_H

#include <stdbool.h>
#include <stdint.h>
#include "gameopt/error.h"
#include "gameopt/game.h"
#include "gameopt/text.h"

/* The files the puzzle communities use (docs/formats.md). */
typedef enum gopt_flow_format {
    GOPT_FLOW_FLOW_SOLVER, /* one row per line, letters are colours, anything else blank */
    GOPT_FLOW_THOMASAHLE,  /* "W H" then H rows, '.' blank; many puzzles; "0 0" ends */
    GOPT_FLOW_ADC,         /* DA Symposium contest: SIZE WxH[xD], LINE_NUM, LINE#k (x,y)-(x,y) */
    GOPT_FLOW_SAMGOLDMAN,  /* graph-ASCII: STANDARD/BRIDGES/HEX/WARPS, links drawn - | / \ */
    GOPT_FLOW_HOUSTON,     /* "ncolours W H" then "(x, y) (x, y)" per colour */
    GOPT_FLOW_JSON,        /* level scrapers' JSON: a grid of colour names ("" empty); many levels */
    GOPT_FLOW_INTGRID,     /* Numberlink solvers' "W H" then rows of integers, 0 empty (partial) */
    GOPT_FLOW_PUZZLINK,    /* puzz.link / pzv.jp Numberlink links: ?numlin/COLS/ROWS/BODY (partial) */
    GOPT_FLOW_PZPRV3,      /* pzprjs's saved Numberlink: pzprv3/numlin/ROWS/COLS, numbers, lines */
    GOPT_FLOW_NFORMATS
} gopt_flow_format;

/* Format names as on the command line ("flow_solver", ...), NULL-terminated. */
extern const char *const gopt_flow_format_names[];

/* How a link leaves a node, for drawing: the four sides, the diagonals of hex layouts, and
 * the layer changes of 3-D boards. */
typedef enum gopt_flow_dir {
    GOPT_FLOW_N, GOPT_FLOW_E, GOPT_FLOW_S, GOPT_FLOW_W,
    GOPT_FLOW_NE, GOPT_FLOW_SE, GOPT_FLOW_SW, GOPT_FLOW_NW,
    GOPT_FLOW_UP, GOPT_FLOW_DOWN,
    GOPT_FLOW_NDIRS
} gopt_flow_dir;

typedef enum gopt_flow_kind {
    GOPT_FLOW_CELL,     /* an ordinary cell */
    GOPT_FLOW_BRIDGE_H, /* the horizontal channel of a bridge */
    GOPT_FLOW_BRIDGE_V, /* its vertical channel (always the next node) */
} gopt_flow_kind;

/* One end of an edge as seen from a node. */
typedef struct gopt_flow_link {
    int node;  /* the neighbour */
    int edge;  /* the edge's index */
    uint8_t dir;   /* gopt_flow_dir, as the link leaves this node */
    bool warp;     /* the link wraps around the board (drawn as stubs at its border) */
} gopt_flow_link;

/* Room for a colour's label (JSON levels name colours: "red", "darkblue"). */
#define GOPT_FLOW_LABEL 24

typedef struct gopt_flow_puzzle {
    gopt_flow_format format; /* the format it was read in (and is written back in) */
    bool partial;            /* cells may stay empty (Numberlink / ADC rules) */
    bool untouching;         /* the path convention: only paths that never touch themselves
                              * count (two nodes of one path that are linked are consecutive
                              * on it); set by the format (gopt_flow_untouching_default),
                              * callers may change it before solving or checking */
    bool plain;              /* one layer, a full rectangle, four neighbours and no more */
    int rows, cols, layers;  /* the display grid */
    int nnodes, nedges, ncolours;

    /* nodes */
    int *row, *col, *layer;  /* display position */
    uint8_t *kind;           /* gopt_flow_kind */
    int *colour;             /* the endpoint's colour, or -1 */
    int *link_start;         /* node v's links are links[link_start[v] .. link_start[v + 1]) */
    gopt_flow_link *links;
    /* edges */
    int *edge_u, *edge_v;
    /* colours */
    int (*ends)[2];          /* the two endpoints of each colour */
    char (*label)[GOPT_FLOW_LABEL]; /* as written in the input: "A", "7", "12", "red" */
    /* display grid (layer, row, col) -> node, or -1; a bridge shows its horizontal channel */
    int *at;
    /* samgoldman: the drawing (lines after the header), reprinted with the paths' letters */
    char *drawing;
    char *name;     /* the level's own name (a JSON pack's key), or NULL: named after the file */
    size_t charged; /* bytes the reader charged to the memory budget (given back when freed) */
} gopt_flow_puzzle;

typedef struct gopt_flow_solution {
    int nnodes, nedges;
    uint8_t *used; /* per edge: a path runs along it */
    int *colour;   /* per node: the colour of its path, -1 when empty */
} gopt_flow_solution;

/* ---- reading and writing ---- */
/* The format a text holds at its current position (by its first lines). */
gopt_flow_format gopt_flow_guess_format(const gopt_text *t);
/* Reads the next puzzle. Returns 1 with *out set, 0 at the end of the input, -1 with err set.
 * `format` < 0 guesses. `partial` 1 / 0 forces the coverage rule; -1 takes the format's own
 * (partial for ADC contest files, full coverage otherwise). */
int gopt_flow_read(gopt_text *t, int format, int partial, gopt_flow_puzzle **out, gopt_error *err);
void gopt_flow_free(gopt_flow_puzzle *p);
/* The path convention a format's puzzles are published under: Numberlink contest and
 * Nikoli-style files (thomasahle, adc, the integer grid, puzz.link's numlin links and files) assume paths that never touch
 * themselves ("untouching"); Flow Free levels (flow_solver, samgoldman, houston, JSON levels)
 * allow any simple path. It matters only for counting and uniqueness (and for puzzles whose
 * only solutions touch themselves). */
bool gopt_flow_untouching_default(gopt_flow_format f);

/* The puzzle (solution NULL) or the solved board, in the puzzle's own format. */
char *gopt_flow_write(const gopt_flow_puzzle *p, const gopt_flow_solution *s);
/* The filled grid, one string per display row (letters, or ADC's comma-separated numbers). */
char **gopt_flow_rows(const gopt_flow_puzzle *p, const gopt_flow_solution *s, int *nrows);
/* Pipes: one text line per display row, with ANSI colours when `colour`. */
char *gopt_flow_draw(const gopt_flow_puzzle *p, const gopt_flow_solution *s, bool unicode, bool colour);
/* A picture of the board and, when s is non-NULL, its paths (the caller frees the canvas). */
gopt_canvas *gopt_flow_render(const gopt_flow_puzzle *p, const gopt_flow_solution *s);

/* ---- solutions ---- */
gopt_flow_solution *gopt_flow_solution_new(const gopt_flow_puzzle *p);
void gopt_flow_solution_free(gopt_flow_solution *s);
/* Sets every node's colour by following the used edges from the endpoints (-1 elsewhere). */
void gopt_flow_solution_paint(const gopt_flow_puzzle *p, gopt_flow_solution *s);
/* Reads an answer in the puzzle's own format (a filled grid; ADC answer files) and finds the
 * paths through each colour's cells. Returns NULL with err set when it cannot. */
gopt_flow_solution *gopt_flow_read_answer(gopt_text *t, const gopt_flow_puzzle *p, gopt_error *err);
/* After the last answer: only blank lines (and comments where the format has them) may follow;
 * false with err at the first other text (a spare answer, trailing junk). */
bool gopt_flow_answer_end(gopt_text *t, const gopt_flow_puzzle *p, gopt_error *err);

/* The independent checker: every endpoint joined to its partner by one path, paths disjoint,
 * no stray cycles, every node used under full coverage, and under the untouching convention
 * no path touching itself. */
bool gopt_flow_check(const gopt_flow_puzzle *p, const gopt_flow_solution *s, char *why, size_t why_size);

/* ---- solving ---- */
typedef enum gopt_flow_method {
    GOPT_FLOW_AUTO,   /* search within a node budget, then SAT */
    GOPT_FLOW_SEARCH, /* our backtracking search */
    GOPT_FLOW_SAT,    /* CaDiCaL with lazy cycle cuts: proves "unsolvable", counts */
    GOPT_FLOW_MIP,    /* the seed's integer program with lazy cuts, via CBC */
} gopt_flow_method;

typedef struct gopt_flow_settings {
    gopt_flow_method method;
    long count;          /* solutions to look for (>= 1) */
    double time_limit;   /* seconds; 0: none */
    int64_t node_budget; /* search nodes before auto moves on to SAT (0: a default) */
    bool complete;       /* search: never assume that paths do not touch themselves */
    double memory_limit_mb; /* SAT: give up (GOPT_LIMIT) when its model would take more (0: none) */
    int threads;         /* 2 or more: the search and SAT side by side on two threads (auto) */
} gopt_flow_settings;

/* Solves; fills a->status, a->solution (a gopt_flow_solution), a->solutions, a->method,
 * a->counters and a->note. "Infeasible" only with a proof. */
gopt_status gopt_flow_solve(const gopt_flow_puzzle *p, const gopt_flow_settings *s, gopt_answer *a);

/* The integer program (without the lazy cycle cuts) as a CPLEX-LP file. */
char *gopt_flow_lp_text(const gopt_flow_puzzle *p);

/* A random full-coverage puzzle with a known solution: random paths grown on a w x h board
 * (for property tests and `generate`). NULL when the solve's limits (stop.h) stopped the walk. */
gopt_flow_puzzle *gopt_flow_generate(int w, int h, int colours, gopt_rng *rng);

/* How hard a generated puzzle is: by the nodes our corner-rule sweep (the portfolio's first
 * method) needs to solve it, per cell: easy under 1.75, medium under 2.5, hard from 2.5 (a
 * sweep without backtracking takes about 1; on 10x10 unique boards the measure runs from 1.2
 * to 5, on 15x15 from 1.7 to 6). */
typedef enum gopt_flow_grade { GOPT_FLOW_ANY_GRADE, GOPT_FLOW_EASY, GOPT_FLOW_MEDIUM, GOPT_FLOW_HARD } gopt_flow_grade;

/* A puzzle with exactly one solution under the path convention (`untouching`): a random
 * filling of the board by `colours` paths (at least that many; more where needed), whose
 * paths are split where a second solution differs until none is left. With a grade, boards
 * are drawn until one has it (at most `attempts`; 0: 200). *work gets the measure (search
 * nodes per cell). Boards needing more than max_colours (what the output format can name)
 * are dropped. NULL when the size is too small or no board of the grade was found. */
gopt_flow_puzzle *gopt_flow_generate_unique(int w, int h, int colours, bool untouching, gopt_flow_grade grade, int attempts,
                                            int max_colours, gopt_rng *rng, double *work);

extern const gopt_game gopt_game_flow;

#endif
