/* taxis: the online path extension problem of Kraus, Klamroth and Stiglmayr ("On the online
 * path extension problem", motivated by the board game Thurn & Taxis).
 *
 * A deck holds every node of a simple graph N_D times, shuffled; the first c cards lie face
 * up. A player builds one simple path: first any face-up node, then, turn after turn, a
 * face-up node adjacent to either end, added at that end. A taken card leaves the display and
 * the next deck card is turned up. The path ends when no face-up node extends it.
 *
 * This header is the whole public API: the graph (uint64_t masks when n <= 64, wider masks
 * beyond), settings (decks) dealt reproducibly or read from files, the online simulation
 * with every heuristic of the paper, the two-player duel, the independent TT-path checker,
 * experiments over many settings, and pictures. Everything in a game runs without malloc. */
#ifndef GAMEOPT_TAXIS_H
#define GAMEOPT_TAXIS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gameopt/error.h"
#include "gameopt/game.h"
#include "gameopt/graph.h"
#include "gameopt/progress.h"
#include "gameopt/rng.h"
#include "gameopt/text.h"

/* ---------------------------------------------------------------- the graph */

/* Graphs up to 64 nodes use one 64-bit mask per node set; larger ones use
 * GOPT_TAXIS_WIDE_WORDS words, which sets the largest graph a game can be played on. */
#define GOPT_TAXIS_WIDE_WORDS 16
#define GOPT_TAXIS_MAX_NODES (64 * GOPT_TAXIS_WIDE_WORDS)
/* The most copies of a node a deck may hold (N_D). */
#define GOPT_TAXIS_MAX_DUPS 64

typedef struct gopt_taxis_graph {
    char *name;         /* "thurn-taxis", or the file's name without folder and extension */
    gopt_graph *graph;  /* CSR adjacency, node names (always set) and positions (x, y or NULL) */
    int n, m;
    int words;          /* words per node mask: 1 when n <= 64, else GOPT_TAXIS_WIDE_WORDS */
    uint64_t *adj;      /* node v's neighbours: words adj[v * words .. (v + 1) * words) */
    int *degree;        /* n degrees */
    int max_degree;
    uint64_t *by_degree;/* nodes of degree d: words by_degree[d * words ..], d = 0..max_degree */
    int *by_name;       /* the nodes sorted by name (gopt_taxis_node finds a name in log n) */
} gopt_taxis_graph;

/* The neighbour mask of v on the n <= 64 fast path (words == 1). */
static inline uint64_t gopt_taxis_adj64(const gopt_taxis_graph *g, int v) { return g->adj[v]; }

/* Makes a game graph of an undirected simple graph (taken over: freed with the result, or
 * on failure). Loops and parallel edges are errors; nodes without names get their numbers.
 * `file` names the source in errors. */
gopt_taxis_graph *gopt_taxis_graph_from(gopt_graph *graph, const char *name, const char *file, gopt_error *err);

/* Reads our board format (docs/formats.md, "taxis"): `node NAME [X Y]` and `edge NAME NAME`
 * lines. Errors carry line and column. */
gopt_taxis_graph *gopt_taxis_graph_parse(gopt_text *t, const char *name, gopt_error *err);

/* Loads a graph: `spec` is a bundled name ("thurn-taxis" -> data/graphs/thurn-taxis.board) or
 * a file read through o's source (gopt_read_named; o may be NULL: the thread's). `format` is
 * NULL (by extension: .board ours, .graphml, .gml, .ncol, else an edge list of 0-based
 * numbers) or one of "board", "graphml", "gml", "ncol", "edgelist". */
gopt_taxis_graph *gopt_taxis_graph_load(const gopt_options *o, const char *spec, const char *format, gopt_error *err);

/* The graph in our board format (caller frees). */
char *gopt_taxis_graph_format(const gopt_taxis_graph *g);
void gopt_taxis_graph_free(gopt_taxis_graph *g);
/* Node index by name, or -1. */
int gopt_taxis_node(const gopt_taxis_graph *g, const char *name);
static inline const char *gopt_taxis_name(const gopt_taxis_graph *g, int v) { return g->graph->names[v]; }
static inline bool gopt_taxis_adjacent(const gopt_taxis_graph *g, int u, int v) {
    return (g->adj[(size_t)u * (size_t)g->words + (size_t)(v >> 6)] >> (v & 63)) & 1;
}

/* ---------------------------------------------------------------- settings */

/* A feasible (c, N_D)-setting (paper Definition 4): the deck in the order it is turned up.
 * cards[0..c) is the initial tuple, cards[c..ncards) the extension tuple, and every node
 * occurs exactly `dups` times. */
typedef struct gopt_taxis_setting {
    int n;      /* nodes of the graph */
    int dups;   /* N_D */
    int c;      /* cards face up at the start */
    int ncards; /* n * dups */
    int *cards;
} gopt_taxis_setting;

/* Whether (n, c, dups) describe a playable deck; otherwise the reason in `why`. */
bool gopt_taxis_params_valid(int n, int c, int dups, char *why, size_t why_size);
/* A setting with room for the deck (cards unset). Parameters must be valid. */
gopt_taxis_setting *gopt_taxis_setting_new(int n, int c, int dups);
void gopt_taxis_setting_free(gopt_taxis_setting *s);
/* Deals a uniformly shuffled deck into s: card k starts as node k mod n, then a Fisher-Yates
 * shuffle draws from rng (k = ncards-1 down to 1 swaps k with gopt_rng_below(k + 1)). */
void gopt_taxis_deal(gopt_taxis_setting *s, gopt_rng *rng);
/* Setting `index` of an experiment seeded with `seed`: the deck dealt from
 * gopt_rng_stream(seed, index). The stream, continued after the deal, is the game's source of
 * random tie-breaking; it is left in *rest when rest is not NULL. */
void gopt_taxis_deal_indexed(gopt_taxis_setting *s, uint64_t seed, uint64_t index, gopt_rng *rest);
/* The stream gopt_taxis_deal_indexed leaves in *rest for a deck of n * dups cards, without
 * dealing: replaying a saved setting with the same (seed, index) repeats the game exactly. */
gopt_rng gopt_taxis_game_stream(int n, int dups, uint64_t seed, uint64_t index);

/* Reads the next setting of a file (docs/formats.md): 1 and *out, 0 at the end, -1 with err. */
int gopt_taxis_setting_read(gopt_text *t, const gopt_taxis_graph *g, gopt_taxis_setting **out, gopt_error *err);
/* The setting as text in the same format (caller frees). */
char *gopt_taxis_setting_format(const gopt_taxis_graph *g, const gopt_taxis_setting *s);
/* Checks that s is a feasible setting for g (sizes, every node exactly dups times). */
bool gopt_taxis_setting_valid(const gopt_taxis_graph *g, const gopt_taxis_setting *s, char *why, size_t why_size);

/* ---------------------------------------------------------------- heuristics (paper §4.2) */

typedef enum gopt_taxis_start {
    GOPT_TAXIS_START_RANDOM,    /* Algorithm 1 */
    GOPT_TAXIS_START_DEGREE,    /* Algorithm 3 */
    GOPT_TAXIS_START_CONNECTED, /* Algorithm 6 */
    GOPT_TAXIS_START_LONGEST,   /* Algorithm 8 */
    GOPT_TAXIS_NSTARTS
} gopt_taxis_start;

typedef enum gopt_taxis_extension {
    GOPT_TAXIS_EXT_RANDOM,    /* Algorithm 2 */
    GOPT_TAXIS_EXT_DEGREE,    /* Algorithm 4 */
    GOPT_TAXIS_EXT_TENTACLES, /* Algorithm 5 */
    GOPT_TAXIS_EXT_CONNECTED, /* Algorithm 7 */
    GOPT_TAXIS_EXT_LONGEST,   /* Algorithm 9 */
    GOPT_TAXIS_NEXTENSIONS
} gopt_taxis_extension;

/* The Monte Carlo player "mc" (ours, not the paper's): at each turn, for every legal move
 * (node and end), `samples` orders of the cards not yet seen are drawn (the deck's
 * composition minus every card turned up so far), the same orders for every move (common
 * random numbers), and each is valued from the state after the move (by default the length pp
 * reaches on it, a rollout; or exactly by the ideal-path search, or both, or after the best
 * reply to the next card); the move with the largest total wins. It optimises the expected
 * final node length given what it has seen, which is not the ideal path: that one knows the
 * deck. */
typedef enum gopt_taxis_mc_ties {
    GOPT_TAXIS_TIES_RANDOM,    /* uniformly among the best moves */
    GOPT_TAXIS_TIES_TENTACLES, /* the most tentacles after the move, then uniformly */
    GOPT_TAXIS_TIES_PP,        /* pp's move when it is among the best, else uniformly */
    GOPT_TAXIS_NTIES
} gopt_taxis_mc_ties;

/* What a sampled future is worth after a move. */
typedef enum gopt_taxis_mc_eval {
    GOPT_TAXIS_EVAL_IDEAL, /* the ideal length from the state after the move (exact search) */
    GOPT_TAXIS_EVAL_PP,    /* the length pp reaches from there (a rollout of pp) */
    GOPT_TAXIS_EVAL_PLY2,
    GOPT_TAXIS_EVAL_MIX,   /* the sum of the two: optimistic and pessimistic at once */  /* expectimax over the next card and the reply to it, pp rollouts below */
    GOPT_TAXIS_NEVALS
} gopt_taxis_mc_eval;

typedef struct gopt_taxis_mc {
    int samples;             /* K: sampled deck orders per move, >= 1 */
    gopt_taxis_mc_ties ties;
    double budget;           /* thread CPU seconds per move (checked after each sample); 0: none.
                                With a budget the moves depend on the machine's speed. */
    gopt_taxis_mc_eval eval;
} gopt_taxis_mc;

/* K = 512, ties pp, no budget, eval pp. */
extern const gopt_taxis_mc gopt_taxis_mc_default;
/* "random", "tentacles", "pp" */
const char *gopt_taxis_mc_ties_name(gopt_taxis_mc_ties t);
/* "ideal", "pp", "ply2", "mix" */
const char *gopt_taxis_mc_eval_name(gopt_taxis_mc_eval e);

/* A combined heuristic (Algorithm 10), or the mc player when `mc` is set (then start and
 * extension are ignored). */
typedef struct gopt_taxis_reading gopt_taxis_reading;
typedef struct gopt_taxis_heuristic {
    gopt_taxis_start start;
    gopt_taxis_extension extension;
    const gopt_taxis_mc *mc; /* NULL: the paper's pair */
    const gopt_taxis_reading *reading; /* the one-player rules it plays by in gopt_taxis_play (NULL:
                                          the default reading); a duel takes its own reading */
} gopt_taxis_heuristic;

/* The five named pairs of the paper's Table 3, in its order: rs, md, mt, lcc, pp. */
#define GOPT_TAXIS_NAMED 5
extern const char *const gopt_taxis_named_names[GOPT_TAXIS_NAMED];
extern const gopt_taxis_heuristic gopt_taxis_named_pairs[GOPT_TAXIS_NAMED];

/* "random", "degree", "connected", "longestpath" */
const char *gopt_taxis_start_name(gopt_taxis_start s);
/* "random", "degree", "tentacles", "connected", "longestpath" */
const char *gopt_taxis_extension_name(gopt_taxis_extension e);
/* Parses a named pair ("pp"), "START+EXTENSION" ("degree+tentacles") or "mc" (with
 * gopt_taxis_mc_default; point h->mc at other options to change them). */
bool gopt_taxis_heuristic_parse(const char *text, gopt_taxis_heuristic *h);
/* "mc", the pair's name when it has one ("mt"), else "START+EXTENSION"; into buf. */
const char *gopt_taxis_heuristic_name(gopt_taxis_heuristic h, char *buf, size_t size);

/* ---------------------------------------------------------------- playing */

/* Where a move put its node: the first node, before p_1 (the paper's pos = 1), or after
 * p_k (pos = 0). */
typedef enum gopt_taxis_end { GOPT_TAXIS_AT_START, GOPT_TAXIS_AT_FRONT, GOPT_TAXIS_AT_BACK } gopt_taxis_end;

typedef struct gopt_taxis_move {
    int node;
    gopt_taxis_end end;
} gopt_taxis_move;

/* Plays one game of the online procedure with a heuristic; random ties draw from rng. Returns
 * the node length; `moves` (NULL, or room for n) receives the moves in order. */
int gopt_taxis_play(const gopt_taxis_graph *g, const gopt_taxis_setting *s, gopt_taxis_heuristic h, gopt_rng *rng,
                    gopt_taxis_move *moves);
/* The path p_1..p_len that the moves built (path needs room for len). */
void gopt_taxis_path_of_moves(const gopt_taxis_move *moves, int len, int *path);

/* The two-player game of the paper's §5.2: one shared display, players alternate (the first
 * starts), each follows its own heuristic. When the first cannot extend, the second gets one
 * more move: if it extends it wins, else a tie. When the second fails first, the first wins. */
typedef enum gopt_taxis_outcome { GOPT_TAXIS_TIE, GOPT_TAXIS_FIRST_WINS, GOPT_TAXIS_SECOND_WINS } gopt_taxis_outcome;

typedef struct gopt_taxis_duel_move {
    int player; /* 0 first, 1 second */
    int node;   /* -1: could not extend */
    gopt_taxis_end end;
} gopt_taxis_duel_move;

/* How the two-player rules of §5.2 are read where the text admits more than one reading
 * (docs/methods.md, taxis, "Readings of the two-player game"). All false: our default. */
struct gopt_taxis_reading {
    bool closed;   /* a node on the opponent's path cannot be taken (default: it can, when face up) */
    bool play_out; /* after a player fails the other plays on alone until it fails too, and the
                      longer path wins (default: the paper's "one more move" rule) */
    /* The one-player readings (also in duels; docs/methods.md, taxis, "One-player readings"): */
    bool clear;      /* a face-up card nobody can take any more (its node on the path; in a duel on
                        both paths, or on either when closed) leaves the display and the next card
                        replaces it, so c live cards show while the deck lasts (default keep: it
                        stays face up until taken) */
    bool refill;     /* every face-up copy of a taken node leaves with it and the display refills to c
                        (§5.2: "the chosen node is removed from the tuple of available nodes"); a
                        card of a path node turned up later stays (default keep: the other copies
                        stay face up) */
    bool start_all;  /* Algorithm 8 starts on the least-degree node of all the best paths of Z*
                        (default plan: of the path chosen for Z*) */
    bool ties_first; /* Algorithms 8 and 9 keep the first best component met, in node order, as
                        their strict comparisons do (default uniform: ties drawn uniformly) */
};

/* The reading's words, comma-separated, or "default"; in a per-thread buffer. */
const char *gopt_taxis_reading_name(gopt_taxis_reading r);
/* A comma-separated list of closed|open, play-out|one-more, clear|keep, start-all|start-plan,
 * ties-first|ties-uniform (or default). */
bool gopt_taxis_reading_parse(const char *text, gopt_taxis_reading *r);
/* Whether r differs from the default in a one-player rule (clear, start-all, ties-first). */
bool gopt_taxis_reading_solo(gopt_taxis_reading r);

/* Plays a duel; `moves` (NULL, or room for 2n + 2) receives every attempt in order and *nmoves
 * their number; length[] receives both node lengths. */
gopt_taxis_outcome gopt_taxis_duel(const gopt_taxis_graph *g, const gopt_taxis_setting *s,
                                   const gopt_taxis_heuristic h[2], gopt_rng *rng, gopt_taxis_duel_move *moves,
                                   int *nmoves, int length[2]);
/* The same under reading r. */
gopt_taxis_outcome gopt_taxis_duel_read(const gopt_taxis_graph *g, const gopt_taxis_setting *s,
                                        const gopt_taxis_heuristic h[2], gopt_taxis_reading r, gopt_rng *rng,
                                        gopt_taxis_duel_move *moves, int *nmoves, int length[2]);

/* ---------------------------------------------------------------- checking */

/* The tentacles of a path (paper Definition 1): nodes off the path adjacent to an end. */
int gopt_taxis_tentacles(const gopt_taxis_graph *g, const int *path, int len);

/* The independent checker (shares only the model): is path a TT-path of the setting (paper
 * Definition 5), i.e. can the online procedure build it in some order? With `finished`, also
 * that it has ended: no face-up node extends it once its last card is taken. */
bool gopt_taxis_check_path(const gopt_taxis_graph *g, const gopt_taxis_setting *s, const int *path, int len,
                           bool finished, char *why, size_t why_size);
/* The same under reading r (only its display rule, clear or keep, changes what is legal). */
bool gopt_taxis_check_path_read(const gopt_taxis_graph *g, const gopt_taxis_setting *s, gopt_taxis_reading r,
                                const int *path, int len, bool finished, char *why, size_t why_size);

/* The independent checker of a duel: replays both players' moves on the shared display with
 * the rules written out again (each taken node face up, off its player's path, next to the
 * named end), checks that each failed attempt had no legal move, that the players alternate
 * and stop as the rules say, and that the outcome and lengths follow. */
bool gopt_taxis_check_duel(const gopt_taxis_graph *g, const gopt_taxis_setting *s, const gopt_taxis_duel_move *moves,
                           int nmoves, gopt_taxis_outcome outcome, const int length[2], char *why, size_t why_size);
/* The same under reading r. */
bool gopt_taxis_check_duel_read(const gopt_taxis_graph *g, const gopt_taxis_setting *s, gopt_taxis_reading r,
                                const gopt_taxis_duel_move *moves, int nmoves, gopt_taxis_outcome outcome,
                                const int length[2], char *why, size_t why_size);

/* ---------------------------------------------------------------- the ideal path (paper §4.1) */

/* With complete knowledge of the deck, the ideal path of a setting is its longest TT-path. It
 * is always finished: a face-up node that extended it would make a longer one. */
typedef enum gopt_taxis_method {
    GOPT_TAXIS_SEARCH, /* our depth-first branch and bound over the procedure (the default) */
    GOPT_TAXIS_MIP,    /* the paper's integer program (1a)-(1m), corrected, solved by CBC */
} gopt_taxis_method;

/* "search", "mip" */
const char *gopt_taxis_method_name(gopt_taxis_method m);
bool gopt_taxis_method_parse(const char *text, gopt_taxis_method *m);

/* Where --method mip's incumbent comes from (docs/methods.md, taxis, "The integer program"). */
typedef enum gopt_taxis_mip_start {
    GOPT_TAXIS_MIP_START_SEARCH,     /* the search's path: CBC is left only to prove that no
                                        longer path exists (it must still prove it) */
    GOPT_TAXIS_MIP_START_HEURISTICS, /* the paper's five heuristics only: CBC finds the longest
                                        path itself, independent of the search */
} gopt_taxis_mip_start;

/* "search", "heuristics" */
const char *gopt_taxis_mip_start_name(gopt_taxis_mip_start s);
bool gopt_taxis_mip_start_parse(const char *text, gopt_taxis_mip_start *s);

typedef struct gopt_taxis_ideal_options {
    gopt_taxis_method method;
    double time_limit; /* seconds per setting; 0: none */
    int threads;       /* CBC's threads (mip); 0 or 1: one */
    gopt_taxis_mip_start mip_start; /* mip only */
} gopt_taxis_ideal_options;

/* What a method found. */
typedef struct gopt_taxis_ideal {
    gopt_status status; /* GOPT_SOLVED: `length` is the ideal node length. GOPT_LIMIT: a time
                           limit stopped the method; `length` is the best path found and
                           `bound` the best proven upper bound. GOPT_ERROR: see `note`. */
    int length, bound;
    double seconds;     /* wall time */
    double cpu_seconds; /* CPU time of the solving thread */
    gopt_counters counters; /* search: states, memo_hits, bound_cuts; mip: mip_solves, mip_nodes */
    char note[256];
} gopt_taxis_ideal;

/* A solver keeps its memory (the search's tables) from one setting to the next; use one per
 * thread. */
typedef struct gopt_taxis_solver gopt_taxis_solver;
gopt_taxis_solver *gopt_taxis_solver_new(const gopt_taxis_graph *g);
void gopt_taxis_solver_free(gopt_taxis_solver *w);

/* Finds the ideal path of s with o's method. `moves` (room for n) receives an order of the
 * procedure that builds it (gopt_taxis_path_of_moves gives the path); it is not checked here. */
gopt_status gopt_taxis_ideal_solve(gopt_taxis_solver *w, const gopt_taxis_setting *s, const gopt_taxis_ideal_options *o,
                                   gopt_taxis_move *moves, gopt_taxis_ideal *result);

/* Solves settings[0..count) as gopt_taxis_ideal_solve does, `threads` settings at a time (each
 * thread with its own solver): setting i's moves go to moves[i * n ..] (room for count * n
 * moves) and its result to results[i]. */
void gopt_taxis_ideal_many(const gopt_taxis_graph *g, gopt_taxis_setting *const *settings, int count,
                           const gopt_taxis_ideal_options *o, int threads, gopt_taxis_move *moves,
                           gopt_taxis_ideal *results);

/* The integer program of s in CPLEX-LP format (docs/methods.md, taxis); the caller frees it. */
char *gopt_taxis_mip_lp_text(const gopt_taxis_graph *g, const gopt_taxis_setting *s);

/* ---------------------------------------------------------------- experiments */

/* Anything that plays a setting and returns a node length: a heuristic, or the ideal path.
 * `play` must be thread-safe, may draw from rng (the game's own stream), and writes the path
 * p_1..p_l into `path` unless it is NULL (timed runs pass NULL). A player that needs scratch
 * memory (the exact search's tables) makes it with work_new, once per thread of an experiment,
 * and gets it back as `work`; others leave work_new NULL and get NULL. */
typedef struct gopt_taxis_player {
    const char *name;  /* "pp", "degree+tentacles", "ideal" ... */
    const char *start, *extension; /* the parts' names, or NULL */
    int (*play)(const void *ctx, void *work, const gopt_taxis_graph *g, const gopt_taxis_setting *s, gopt_rng *rng,
                int *path);
    const void *ctx;
    void *(*work_new)(const void *ctx, const gopt_taxis_graph *g);
    void (*work_free)(void *work);
    bool unrepeatable; /* a replay may differ (mc with a time budget): the timed run records
                          its paths (not NULL) and an experiment's verify checks those */
    const gopt_taxis_reading *reading; /* the rules its paths are checked by (NULL: default) */
} gopt_taxis_player;

/* A player for heuristic *h, mc included (h and its options must outlive it); name_buf holds
 * the name (>= 32 bytes). */
gopt_taxis_player gopt_taxis_heuristic_player(const gopt_taxis_heuristic *h, char *name_buf, size_t size);
/* The player "ideal": the exact search's ideal path of every setting (draws nothing from rng). */
gopt_taxis_player gopt_taxis_ideal_player(void);

/* What an experiment collects for one player. */
typedef struct gopt_taxis_tally {
    int64_t games;
    int64_t sum, sum_sq;  /* of node lengths: exact, so means do not depend on the thread count */
    double cpu_seconds;   /* thread CPU time spent in play (not in dealing) */
    int64_t *hist;        /* NULL, or n + 1 counts by node length */
    int64_t failed;       /* with verify: games whose path failed the checker (never, unless a bug) */
    int64_t dsum, dsum_sq;/* of the differences to the experiment's first player on the same
                             settings (zero for the first player itself) */
} gopt_taxis_tally;

double gopt_taxis_tally_mean(const gopt_taxis_tally *t);
double gopt_taxis_tally_stderr(const gopt_taxis_tally *t); /* sample sd / sqrt(games) */
/* The mean difference to the first player and its standard error: the players meet the same
 * settings, so the paired difference is far less noisy than the two means apart. */
double gopt_taxis_tally_diff_mean(const gopt_taxis_tally *t);
double gopt_taxis_tally_diff_stderr(const gopt_taxis_tally *t);
double gopt_taxis_tally_us_per_game(const gopt_taxis_tally *t);

typedef struct gopt_taxis_run {
    int c, dups;
    uint64_t seed;
    int64_t begin, end;  /* settings [begin, end) of the seed's sequence */
    int threads;
    const gopt_progress_sink *progress; /* where progress goes (NULL: nowhere) */
    const char *label;   /* for the progress bar */
    int *lengths;        /* NULL, or (end - begin) * nplayers node lengths, game-major */
    bool verify;         /* play every game again (untimed) and check its path / duel */
} gopt_taxis_run;
#define GOPT_TAXIS_JOINT(cells, a, x, b, y) ((((size_t)(a) * (size_t)(cells) + (size_t)(b)) * 2 + (size_t)(x)) * 2 + (size_t)(y))

/* Plays setting i (dealt by gopt_taxis_deal_indexed(seed, i)) with every player, each from
 * its own copy of the game's stream, for i in [begin, end), in parallel; adds into tallies
 * (one per player). Results do not depend on the thread count. */
void gopt_taxis_experiment(const gopt_taxis_graph *g, const gopt_taxis_run *run, const gopt_taxis_player *players,
                           int nplayers, gopt_taxis_tally *tallies);

/* One cell of the tournament: first player's heuristic against the second's. */
typedef struct gopt_taxis_match {
    int64_t games, first_wins, second_wins, ties;
    int64_t failed; /* with verify: duels that failed gopt_taxis_check_duel (never, unless a bug) */
} gopt_taxis_match;

/* Every ordered pair of heuristics on the same settings [begin, end): matches[i * nh + j] is
 * heuristic i (first) against j (second). */
void gopt_taxis_tournament(const gopt_taxis_graph *g, const gopt_taxis_run *run, const gopt_taxis_heuristic *hs,
                           int nh, gopt_taxis_match *matches);
/* The same under reading r. */
void gopt_taxis_tournament_read(const gopt_taxis_graph *g, const gopt_taxis_run *run, gopt_taxis_reading r,
                                const gopt_taxis_heuristic *hs, int nh, gopt_taxis_match *matches);
/* The same, also adding into joint (NULL, or cells * cells * 4 counts, cells = nh * nh) what
 * paired statistics between cells need, since every cell meets the same settings:
 * joint[GOPT_TAXIS_JOINT(cells, a, x, b, y)] counts the settings on which cell a's outcome x
 * and cell b's outcome y both happened (x, y: 0 the first player won, 1 the second). */
void gopt_taxis_tournament_joint(const gopt_taxis_graph *g, const gopt_taxis_run *run, gopt_taxis_reading r,
                                 const gopt_taxis_heuristic *hs, int nh, gopt_taxis_match *matches, int64_t *joint);

/* ---------------------------------------------------------------- pictures */

/* A path to draw over the graph. */
typedef struct gopt_taxis_overlay {
    const int *nodes;
    int len;
    const char *label; /* legend text, or NULL */
} gopt_taxis_overlay;

/* Draws the graph at its positions (a circle when it has none), the initial tuple of s
 * (NULL: none) and each overlay path in its own colour, numbered in path order (the caller
 * frees the canvas). */
gopt_canvas *gopt_taxis_render(const gopt_taxis_graph *g, const gopt_taxis_setting *s, const gopt_taxis_overlay *paths,
                               int npaths);

#endif
