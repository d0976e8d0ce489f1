/* The machinery every Flood-It method shares: the graph of same-colour regions, states as
 * bitsets of flooded regions, the lower bounds, and successor generation under the pruning
 * rules (docs/methods.md, "flood", proves each rule safe). Internal to src/games/flood. */
#ifndef FLOOD_INTERNAL_H
#define FLOOD_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "gameopt/bitset.h"
#include "gameopt/flood.h"
#include "gameopt/game.h"

/* The format of the text t (guess.c): guessed once and kept in t->guess; a choice between two
 * readings that fit is left as a warning on t. False with err set when the text reads two
 * ways and nothing decides, or is another game's. */
bool flood_guess(gopt_text *t, const char **format, gopt_error *err);

/* The verbs and option tables (verbs.c). */
extern const gopt_verb flood_verbs[];
extern const gopt_opt flood_solve_opts[];
extern const gopt_opt flood_generate_opts[];

/* Population count: the hardware instruction when the build targets it, else a few
 * shifts and masks (the builtin would call a slow library routine). */
static inline int flood_popcount(uint64_t x) {
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}


/* Boards with more regions than this are refused by the region-graph methods (the
 * adjacency matrix alone would pass 50 MB). */
#define FLOOD_MAX_REGIONS 20000

/* The region graph of a board: regions are maximal same-colour connected cell sets. */
typedef struct flood_graph {
    int w, h;
    int nregions;
    int nwords;          /* words per set of regions */
    int ncolours;        /* the alphabet's size */
    int root;            /* the region of the start cell */
    uint64_t present;    /* colours that occur on the board */
    uint8_t *colour;     /* per region */
    int32_t *cells;      /* per region: its number of cells */
    int32_t *cell_region;/* per cell */
    uint64_t *adj;       /* nregions x nwords: the neighbours of each region */
    uint64_t *colour_set;/* ncolours x nwords: the regions of each colour */
    uint64_t *all;       /* nwords: every region */
} flood_graph;

/* Builds the graph; false (with a message) when the board has too many regions. */
bool flood_graph_build(flood_graph *g, const gopt_flood_puzzle *p, char *why, size_t why_size);
void flood_graph_free(flood_graph *g);
/* A proven lower bound from the cells alone, in O(cells), for boards too large for the graph. */
int flood_cell_lower_bound(const gopt_flood_puzzle *p);

static inline const uint64_t *flood_colour_set(const flood_graph *g, int c) {
    return g->colour_set + (size_t)c * (size_t)g->nwords;
}

/* The border of F: regions outside F with a neighbour in F. */
void flood_border(const flood_graph *g, const uint64_t *F, uint64_t *border);
/* dst |= the neighbours of every region in src. */
void flood_neighbours_or(const flood_graph *g, const uint64_t *src, uint64_t *dst);
/* The colours of the regions in a set. */
uint64_t flood_colours_of(const flood_graph *g, const uint64_t *set);
/* Plays colour c: F and its border grow in place (scratch: 2 x nwords). Returns the
 * regions absorbed; *exposed (when not NULL) receives the colours of the regions newly
 * brought onto the border. */
int flood_play(const flood_graph *g, uint64_t *F, uint64_t *border, int c, uint64_t *scratch, uint64_t *exposed);
/* Plays the forced moves (completable colours, smallest first) until none is left; appends
 * them to moves (when not NULL). `candidates` must contain every colour that may be
 * completable now (all colours when unknown). Returns how many were played. */
int flood_play_forced(const flood_graph *g, uint64_t *F, uint64_t *border, uint64_t *scratch, uint8_t *moves,
                      uint64_t candidates);
/* Cells flooded in state F. */
int64_t flood_cells(const flood_graph *g, const uint64_t *F);

/* ---- lower bounds (bound.c) ---- */
typedef struct flood_bounder {
    const flood_graph *g;
    uint64_t *layers; /* layer d (1-based) at layers + (d-1)*nwords */
    int cap;          /* layers allocated */
    uint64_t *tmp;    /* 3 x nwords */
    uint64_t *scratch;/* 2 x nwords, for flood_play */
    uint64_t *cm;     /* colours per layer, sc: colours beyond, common: per step (nregions+3 each) */
    uint64_t *sc;
    uint64_t *common;
    size_t bytes;
} flood_bounder;

void flood_bounder_init(flood_bounder *b, const flood_graph *g);
void flood_bounder_free(flood_bounder *b);
/* Doubles the room for layers. */
void flood_bounder_grow(flood_bounder *b);
/* Puchert's layered bound from the colours per layer cm[1..D]; fills sc (see bound.c). */
int flood_puchert(int D, const uint64_t *cm, uint64_t *sc, bool stuck);
/* The lower bound used by the searches: the larger of Puchert's layered bound, lifted by
 * one when no sequence of that length can exist (colour clearing, the one-move-per-colour
 * window), and Puchert's recursive bound; it contains the furthest-colour bound. F must
 * have no completable colour (as after the forced moves) and its border given. */
int flood_bound(flood_bounder *b, const uint64_t *F, const uint64_t *border);
/* The same with a cutoff (> 0): a state the layered bound already puts at or beyond it is
 * not lifted, so the value may be smaller than flood_bound's but is then still >= cutoff
 * (for a caller that discards such states, as flood_expand's callers do). */
int flood_bound_cut(flood_bounder *b, const uint64_t *F, const uint64_t *border, int cutoff);
/* The bounds on their own (for tests): furthest-colour, Puchert's layered bound, the
 * layered bound with the lifting tests, and Puchert's recursive bound. */
void flood_bounds_each(flood_bounder *b, const uint64_t *F, const uint64_t *border, int out[4]);

/* ---- successors (expand.c) ---- */

/* How a state was reached, for the commuting-move rules: the run of free moves that led
 * to it (most recent first), cut at the last forced move. Longer windows prune more; a
 * search that merges paths keeps only what holds for all of them (see astar.c). */
#define FLOOD_WINDOW 8
typedef struct flood_context {
    int n;                           /* free moves in the window, 0 when none */
    uint8_t colour[FLOOD_WINDOW];    /* the moves, most recent first */
    uint64_t exposed[FLOOD_WINDOW];  /* the colours each newly brought onto the border */
    int last_absorbed;               /* regions the most recent one absorbed */
} flood_context;

typedef struct flood_succ {
    int colour;        /* the free move */
    int forced;        /* completions forced after it */
    int g_add;         /* 1 + forced */
    int h;             /* lower bound at the successor (0 at the goal) */
    int absorbed;      /* regions the free move absorbed */
    uint64_t exposed;  /* colours of the regions the free move newly exposed */
    bool goal;
    uint64_t *state;   /* nwords, owned by the expander (valid until the next expand) */
    uint64_t *border;  /* nwords, likewise */
    uint64_t key;      /* what the expander's `note` said of the state (A*: its hash) */
} flood_succ;

typedef struct flood_expander {
    const flood_graph *g;
    flood_bounder bounder;
    uint64_t *buf;     /* successor states and borders */
    uint64_t *border;  /* the expanded state's border */
    uint64_t *tmp;
    flood_succ succ[GOPT_FLOOD_MAX_COLOURS];
    uint64_t commuted; /* the moves the last expand skipped by the commuting rule */
    /* Optional: asked before a successor's bound is computed (g_add: moves to it, key: what
     * `note` said of it); false drops the successor (A* uses it for states it already has).
     * `note` is called on every successor first (A* hashes it and fetches its table slot,
     * so that the lookups overlap); its word is kept in the successor's key. The successor
     * `filter` asks about is the entry of succ[] whose .state is `state`, every field set
     * but h (gameopt-mpi reads its move and context there to send it to its owner). */
    bool (*filter)(void *ctx, const uint64_t *state, int g_add, uint64_t key);
    uint64_t (*note)(void *ctx, const uint64_t *state);
    void *filter_ctx;
    int64_t filtered;
    int64_t pruned_leaf, pruned_commute, generated;
} flood_expander;

void flood_expander_init(flood_expander *e, const flood_graph *g);
void flood_expander_free(flood_expander *e);
/* The successors of F (a state with no completable colour) under the pruning rules:
 * never repeat a colour, completions are played at once, moves that expose nothing are
 * skipped, commuting moves in canonical order. Returns the count. With cutoff > 0 the
 * caller discards successors with g_add + h >= cutoff, which then may get a smaller (still
 * cut off) bound; with cutoff 0 every successor gets the full bound. */
int flood_expand(flood_expander *e, const uint64_t *F, const flood_context *ctx, int cutoff);
/* The context a successor hands to its own successors, with a window of at most `keep`
 * moves (parent may be NULL). */
static inline flood_context flood_context_of(const flood_context *parent, const flood_succ *s, int keep) {
    flood_context c = {0};
    if (s->forced || keep <= 0) return c;
    c.colour[0] = (uint8_t)s->colour;
    c.exposed[0] = s->exposed;
    c.last_absorbed = s->absorbed;
    c.n = 1;
    if (keep > FLOOD_WINDOW) keep = FLOOD_WINDOW;
    for (int j = 0; parent && j < parent->n && c.n < keep; j++, c.n++) {
        c.colour[c.n] = parent->colour[j];
        c.exposed[c.n] = parent->exposed[j];
    }
    return c;
}

/* The start: the root region flooded and the forced completions played. Writes the moves
 * played into `moves` (may be NULL) and returns how many. */
int flood_start(const flood_graph *g, uint64_t *F, uint64_t *border, uint64_t *scratch, uint8_t *moves);
/* Replays free moves (each followed by its forced completions) from the start; writes the
 * full sequence into moves (room for nregions entries) and returns its length. */
int flood_replay(const flood_graph *g, const uint8_t *free_moves, int nfree, uint8_t *moves);

static inline uint64_t flood_hash(const uint64_t *w, int n) {
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int k = 0; k < n; k++) {
        h ^= w[k];
        h *= 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
    }
    return h;
}

/* ---- the methods ---- */
typedef struct flood_limits {
    double deadline;      /* gopt_now() value, or 0 */
    double memory_bytes;  /* 0: none; the whole search's, however many threads */
    int threads;          /* threads for one board's search (A*); 0 or 1: one */
    double cache_share;   /* A*: of memory_bytes, kept for the depth-first tail's caches */
    int light;            /* A*: > 1: a node keeps its state only every `light` moves (astar.c) */
    const char *checkpoint; /* A*: the file its full store and the tail's progress are kept in
                             * and resumed from (checkpoint.h); NULL: none */
    const gopt_files *files; /* the front end's file access, for the checkpoint */
    int64_t *polls_left;     /* tests: stop as the deadline does once this many stop checks are
                              * made, the same stops on a loaded machine as on an idle one; NULL */
} flood_limits;

/* Where the solve verbs store light nodes: large boards, where memory is the wall (b28c6
 * board 5: 783 -> 301 MB for 53 -> 61 CPU s; docs/methods.md). */
#define FLOOD_LIGHT_REGIONS 400
#define FLOOD_LIGHT_EVERY 8

/* What the solve verbs keep for them (astar.c, astar_tail; docs/methods.md has the numbers). */
#define FLOOD_TAIL_CACHE_SHARE 0.25

/* What a method hands back. */
typedef struct flood_outcome {
    gopt_status status;  /* SOLVED (optimal or heuristic), LIMIT */
    int lower_bound;
    int length;          /* -1 when no sequence */
    uint8_t *moves;      /* length entries (malloc'd) */
    bool optimal;
    int64_t nodes;
    int64_t generated;
    int64_t pruned_leaf, pruned_commute; /* successors cut by the rules */
    int64_t merged, reopened;            /* equal-depth second parents, shorter paths found */
    int64_t duplicates;                  /* successors already stored */
    int64_t tail_nodes;                  /* of nodes, expanded depth-first once A*'s store was full */
    int64_t tail_duplicates;             /* successors the depth-first tail found searched before */
    double peak_bytes;
    const char *stopped; /* "memory limit", "time limit" or NULL */
    double need_bytes;   /* > 0: stopped before searching, the limit below what the search needs to start */
} flood_outcome;

/* Tells whoever watches the proof's bounds (graph.c): "at least L moves, at most U; N nodes". */
void flood_progress_bounds(int lower, int upper, int64_t nodes);

/* Gives the outcome a copy of a sequence (length -1 or moves NULL: none). */
void flood_outcome_take(flood_outcome *out, const uint8_t *moves, int length);

/* Heuristics (heuristic.c): a sequence, never a proof. */
void flood_greedy(const flood_graph *g, flood_outcome *out);
void flood_lookahead(const flood_graph *g, int depth, flood_outcome *out);
void flood_beam(const flood_graph *g, int width, flood_outcome *out);
/* A* (astar.c), started with an upper bound (a sequence of `ub_len` moves, or -1), on
 * lim->threads threads (the same optimum whatever their number). Every exact search takes
 * ub_moves NULL with ub_len >= 0 as "look only for sequences shorter than ub_len": found
 * none, it answers no sequence (length -1), status SOLVED and lower bound ub_len
 * (--shorter-than, which proves a part of a board split by `flood split`). */
void flood_astar(const flood_graph *g, const uint8_t *ub_moves, int ub_len, const flood_limits *lim,
                 flood_outcome *out);
/* The search behind --method astar: flood_astar, unless a program puts another search of
 * the same contract here before its first solve (gameopt-mpi: the hash-distributed A* of
 * src/mpi/hda.c, which every rank calls for the same board). */
typedef void flood_astar_fn(const flood_graph *g, const uint8_t *ub_moves, int ub_len, const flood_limits *lim,
                            flood_outcome *out);
extern flood_astar_fn *flood_astar_search;
/* IDA* / depth-first branch and bound with a transposition table (prover.c). */
void flood_prover(const flood_graph *g, bool iterative, const uint8_t *ub_moves, int ub_len,
                  const flood_limits *lim, flood_outcome *out);

/* Proven tables (data/flood/proven/<set>.tsv): a "# board\toptimum\tmoves" header, then one
 * line per proven board, "board optimum moves nodes seconds peak_mb" separated by tabs, board
 * being the 1-based index in BOARDS. flood_proven_read fills seq/len/optimum for the boards it
 * lists (optimum[i] stays -1 for the others, which the caller set), so a sequence of another
 * length than its claimed optimum is caught as well as one that does not flood; nodes, seconds
 * and peak_mb are reports, not claims to check. False with err located on bad input. */
bool flood_proven_table(const char *text);
bool flood_proven_read(gopt_text *t, const gopt_batch *b, uint8_t **seq, int *len, int *optimum, gopt_error *err);

/* model.c: does the format name colours by one character where this board's names are longer
 * (the writer renames them 0-9 a-z A-Z)? */
bool flood_needs_letters(const gopt_flood_puzzle *p, const char *format);

#endif
