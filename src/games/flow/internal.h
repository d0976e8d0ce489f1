/* Shared inside the flow family: the builder the parsers fill in, and small helpers. Every
 * solver, the checker and the writers see a puzzle only through gopt_flow_puzzle. */
#ifndef GAMEOPT_FLOW_INTERNAL_H
#define GAMEOPT_FLOW_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>

#include "gameopt/alloc.h"
#include "gameopt/canvas.h"
#include "gameopt/flow.h"
#include "gameopt/progress.h"
#include "gameopt/sat.h"
#include "gameopt/stop.h"
#include "gameopt/timer.h"

/* The verbs and option tables (verbs.c). */
extern const gopt_verb flow_verbs[];
extern const gopt_opt flow_solve_opts[];
extern const gopt_opt flow_generate_opts[];

/* The assist verbs (assist_verbs.c, issue 31). */
int flow_run_decided(gopt_call *call);
int flow_run_unique(gopt_call *call);
int flow_run_mistakes(gopt_call *call);
int flow_run_hint(gopt_call *call);
int flow_run_explain(gopt_call *call);
int flow_run_setter(gopt_call *call);

/* ---- pictures (render.c), shared with the assist pictures (assist_render.c) ---- */
typedef struct flow_picture {
    const gopt_flow_puzzle *p;
    gopt_canvas *cv;
    double size, margin; /* of a cell, around the board */
    bool graph;          /* draw links as lines (diagonal layouts) rather than square cells */
} flow_picture;
/* The geometry of one board's picture and its size (*w, *h); the caller sets g->cv. */
void flow_picture_init(flow_picture *g, const gopt_flow_puzzle *p, double *w, double *h);
double flow_picture_x(const flow_picture *g, int v);
double flow_picture_y(const flow_picture *g, int v);
void flow_picture_board(const flow_picture *g);
void flow_picture_endpoints(const flow_picture *g);
/* One link in a colour (a warp as two stubs, a change of layer as two rings). */
void flow_picture_link(const flow_picture *g, int edge, gopt_rgb colour, double width);

/* ---- building a puzzle (model.c) ---- */
typedef struct flow_edge_spec {
    int u, v;
    uint8_t dir_u, dir_v; /* how the link leaves u, and v */
    bool warp;
} flow_edge_spec;

/* No node has more links than this (eight sides and corners of a drawn cell). */
#define FLOW_MAX_LINKS 8

typedef struct flow_builder {
    gopt_flow_puzzle *p;
    size_t node_cap, colour_cap, edge_cap;
    flow_edge_spec *edges;
    int *nends;     /* endpoints seen per colour */
    int *nb;        /* FLOW_MAX_LINKS neighbours per node, to refuse duplicate links */
    uint8_t *nnb;
    int *by_label;  /* open-addressed table of colours by label (-1 empty): a reader of
                     * many colours finds each in constant time, not by a walk over all */
    size_t label_slots;
} flow_builder;

/* Starts a puzzle on a display grid of layers x rows x cols (all positions empty). */
void flow_build_start(flow_builder *b, gopt_flow_format format, int layers, int rows, int cols);
/* Adds a node at a display position (a bridge's vertical channel shares its position). */
int flow_build_node(flow_builder *b, int layer, int row, int col, gopt_flow_kind kind);
/* Fills the grid with cells numbered (layer, row, col) in that order, each joined to its
 * four neighbours and to the cells above and below it in the next layers. */
void flow_build_box(flow_builder *b, int layers, int rows, int cols);
/* The colour with this label, added when new. */
int flow_build_colour(flow_builder *b, const char *label);
/* Makes node an endpoint of colour; false when the colour has two endpoints already. */
bool flow_build_endpoint(flow_builder *b, int node, int colour);
/* Joins u and v; false (adding nothing) for a loop, a second link between the same nodes, or
 * a node with FLOW_MAX_LINKS links already. */
bool flow_build_edge(flow_builder *b, int u, int v, gopt_flow_dir dir_u, gopt_flow_dir dir_v, bool warp);
/* A colour with fewer than two endpoints, or -1 when every colour has its pair. */
int flow_build_unpaired(const flow_builder *b);
/* Finishes: links, the plain-grid flag. The builder is spent. */
gopt_flow_puzzle *flow_build_finish(flow_builder *b, bool partial);
void flow_build_abort(flow_builder *b);

/* The opposite side for the four directions and diagonals; UP <-> DOWN. */
gopt_flow_dir flow_dir_opposite(gopt_flow_dir d);
/* Row and column steps of a direction on the display grid (0 for UP/DOWN). */
extern const int flow_dir_dr[GOPT_FLOW_NDIRS], flow_dir_dc[GOPT_FLOW_NDIRS];

/* ---- answers (answer.c) ---- */
/* A cell of a partial answer whose colour is not known ('?'; "??" in ADC files). */
#define FLOW_MARK_UNKNOWN (-4)
/* Reads an answer in the puzzle's own format into per-node marks: a colour, -1 empty, -2 a
 * bridge channel, FLOW_MARK_UNKNOWN; an endpoint may be unknown but not another colour.
 * False with err set. */
bool flow_read_marks(gopt_text *t, const gopt_flow_puzzle *p, int *mark, gopt_error *err);

/* ---- helpers for every method ---- */
static inline int flow_degree(const gopt_flow_puzzle *p, int v) { return p->link_start[v + 1] - p->link_start[v]; }
static inline const gopt_flow_link *flow_links(const gopt_flow_puzzle *p, int v) { return p->links + p->link_start[v]; }
/* dom[k * nnodes + v]: colour k may reach node v (through no other colour's endpoint). */
uint8_t *flow_colour_domains(const gopt_flow_puzzle *p);
/* One character for a colour in letter grids (its label when that is one character). */
char flow_colour_char(const gopt_flow_puzzle *p, int colour);
/* The formats that name colours by numbers written as rows of integers in answers and
 * solved boards ("W H", then rows, 0 empty): the integer grid, and puzz.link links (which
 * hold no solution). */
static inline bool flow_int_rows(int f) { return f == GOPT_FLOW_INTGRID || f == GOPT_FLOW_PUZZLINK; }
/* The formats that name colours by numbers (1..n when converted), shown as numbers in rows. */
static inline bool flow_numbered(int f) {
    return f == GOPT_FLOW_ADC || f == GOPT_FLOW_INTGRID || f == GOPT_FLOW_PUZZLINK || f == GOPT_FLOW_PZPRV3;
}
/* parse_pzprv3.c: an answer as a pzprv3 file with lines (the lines are the paths), and the
 * puzzle (s NULL: no lines) or the solved board written as one. */
gopt_flow_solution *flow_read_pzprv3_answer(gopt_text *t, const gopt_flow_puzzle *p, gopt_error *err);
void flow_write_pzprv3(gopt_buf *b, const gopt_flow_puzzle *p, const gopt_flow_solution *s);
/* parse_url.c: does a line look like a pasted link (a scheme, www., a puzzle site's name, a
 * Numberlink path)? The puzz.link link of a puzzle, numbered by its labels. */
bool flow_link_like(const char *line, size_t n);
void flow_write_puzzlink(gopt_buf *b, const gopt_flow_puzzle *p);
/* The largest number a puzz.link link writes ('$' and five hex digits). */
#define FLOW_PUZZLINK_MAX_NUMBER (77776L + 0xfffffL)
/* convert.c: can format f hold the board (false with why), and the board written in it (f < 0:
 * its own format) */
bool flow_writable(const gopt_flow_puzzle *p, int f, char *why, size_t size);
char *flow_write_as(const gopt_flow_puzzle *p, const gopt_flow_solution *s, int f);

/* ---- the methods (one file each) ---- */
/* Appended to a proof of "unsolvable" under the untouching convention. */
#define UNTOUCHING_NOTE " among paths that never touch themselves (--paths simple allows them)"

typedef struct flow_run {
    const gopt_flow_puzzle *p;
    long count;          /* solutions wanted */
    double deadline;     /* gopt_now() time; 0: none */
    double memory_mb;    /* SAT's model may take this much (estimated before it is built); 0: any */
    int conflicts;       /* SAT: conflicts per solve call (0: no limit) */
    uint64_t route_seed; /* the router: noise on its costs from this seed (0: none) */
    const atomic_int *race; /* set when another thread has the answer: stop (NULL: none) */
    gopt_answer *a;      /* status, solution, solutions, complete, counters, note */
    bool keep_second;    /* keep the second solution found (the generator's counterexample) */
    gopt_flow_solution *second;
} flow_run;

/* Whether the run must stop now: its deadline, Ctrl-C or the solve's cancel token (stop.h),
 * or another thread that won the race. Costs a clock read: the methods call it every
 * POLL_NODES cheap nodes, or every node where a node is dear. */
static inline bool flow_stopped(const flow_run *r) {
    return (r->deadline > 0 && gopt_now() > r->deadline) || gopt_stop_check() != GOPT_GO ||
           (r->race && atomic_load_explicit(r->race, memory_order_relaxed));
}

/* What a sweep has done, told at each poll to whoever watches (the --progress bar, the page's
 * progress line): nodes, and the solutions found when counting. */
static inline void flow_progress(int64_t nodes, long found) {
    gopt_progress *p = gopt_progress_current();
    if (!p) return;
    if (found > 0) gopt_progress_status(p, "%lld nodes; %ld solutions so far", (long long)nodes, found);
    else gopt_progress_status(p, "%lld nodes", (long long)nodes);
}

/* Records a solution a method found: the first becomes the answer's; later ones (counting)
 * are run through the checker too, since a count is a claim as well, then dropped. False
 * (with a->note set) when one fails the checker. */
bool flow_record(flow_run *r, gopt_flow_solution *s);

/* The sweeps look at their node budget, the clock and the stop flag every POLL_NODES nodes
 * (a node costs nanoseconds there), and exactly when the budget runs out. */
#define POLL_NODES 65536
static inline int64_t next_poll(int64_t nodes, int64_t budget) {
    int64_t at = nodes + POLL_NODES;
    return budget > 0 && budget < at ? budget : at;
}

/* The backtracking search. `lemma`: assume no path touches itself (plain rectangles under
 * full coverage only; its failure then proves nothing, except under the untouching
 * convention, where it is no assumption). Under the untouching convention solutions whose
 * paths touch themselves are skipped. Stops after node_budget nodes (0: none) with
 * GOPT_LIMIT. Plain rectangles go to the grid sweep (solve_grid.c). */
gopt_status flow_solve_search(flow_run *r, bool lemma, int64_t node_budget);
/* The same sweep, pausable: run spends at most `budget` more nodes (0: no limit) and returns
 * GOPT_LIMIT with paused() true when only the budget stopped it; run again to go on. Its
 * counters go to r->a when it is freed. */
typedef struct flow_sweep flow_sweep;
flow_sweep *flow_sweep_new(flow_run *r, bool lemma);
gopt_status flow_sweep_run(flow_sweep *w, int64_t budget);
bool flow_sweep_paused(const flow_sweep *w);
int64_t flow_sweep_nodes(const flow_sweep *w);
void flow_sweep_free(flow_sweep *w);
/* Its two kinds: on plain rectangles (solve_grid.c) and on any graph (solve_search.c). */
typedef struct flow_grid flow_grid;
flow_grid *flow_grid_new(flow_run *r, bool lemma);
gopt_status flow_grid_run(flow_grid *s, int64_t budget);
bool flow_grid_paused(const flow_grid *s);
int64_t flow_grid_nodes(const flow_grid *s);
void flow_grid_free(flow_grid *s);
typedef struct flow_graph flow_graph;
/* The crossing test on the frontier of the grid sweep (frontier.c): given the open path
 * ends along the frontier, in order, each with its fragment's far end and colour (-1 for
 * none), false when two colours would have to cross. Cells are numbered below `ncells`. */
typedef struct flow_open_end {
    int cell, far, colour;
} flow_open_end;
typedef struct flow_frontier flow_frontier;
flow_frontier *flow_frontier_new(int ncolours, int max_ends, int ncells);
void flow_frontier_free(flow_frontier *f);
bool flow_frontier_ok(flow_frontier *f, const flow_open_end *ends, int n);
/* The sweep's dead ends (memo.c): frontier states searched in vain, kept whole in `bytes`
 * (charged to the memory budget; NULL when there is no room). */
typedef struct flow_memo flow_memo;
flow_memo *flow_memo_new(size_t bytes);
void flow_memo_free(flow_memo *m);
bool flow_memo_has(flow_memo *m, const uint32_t *key, int len);
void flow_memo_add(flow_memo *m, const uint32_t *key, int len);
void flow_memo_counters(const flow_memo *m, gopt_counters *c);
/* Partial coverage, one solution: paths grown from their endpoints (solve_paths.c). */
gopt_status flow_solve_paths(flow_run *r, int64_t node_budget);
/* Partial coverage, one solution: negotiated-congestion routing (solve_route.c), at most
 * `rounds` rounds; proves nothing (GOPT_SOLVED or GOPT_LIMIT). */
gopt_status flow_solve_route(flow_run *r, int rounds);
gopt_status flow_solve_sat(flow_run *r);
/* SAT on one model, pausable like the sweep: run spends at most `conflicts` per solve call
 * (0: no limit) and returns GOPT_LIMIT with paused() true when only that stopped it. NULL
 * (with the answer's note) when the model would not fit in the memory limit. Counters go to
 * r->a when it is freed. */
typedef struct flow_sat_session flow_sat_session;
flow_sat_session *flow_sat_session_new(flow_run *r);
gopt_status flow_sat_session_run(flow_sat_session *s, int conflicts);
bool flow_sat_session_paused(const flow_sat_session *s);
int64_t flow_sat_session_conflicts(const flow_sat_session *s);
void flow_sat_session_free(flow_sat_session *s);
/* Two threads: `search` (the portfolio without SAT) here, SAT on a second thread; the first
 * to decide wins (race.c). */
gopt_status flow_race(flow_run *r, gopt_status (*search)(flow_run *r, void *user), void *user);
/* Full coverage, simple paths, one solution: route, then fill windows (fill.c). Proves
 * nothing (GOPT_SOLVED or GOPT_LIMIT). */
gopt_status flow_solve_fill(flow_run *r);
/* About how many megabytes flow_solve_sat would take on this run (solve_sat.c). */
double flow_sat_megabytes(const flow_run *r);
/* Full coverage on a two-colourable board: every path from one colour class to the same
 * class holds one more cell of it, so the board's surplus of one class over the other must
 * equal the surplus the paths make. False proves the puzzle unsolvable (parity.c). */
bool flow_parity_ok(const gopt_flow_puzzle *p);
gopt_status flow_solve_mip(flow_run *r);
/* The topological proof on plain rectangles: chords that alternate around the border, and
 * the order of colours around the border against the order around a solid block of
 * endpoints (topology.c). False proves the puzzle unsolvable, with the reason in `why`. */
bool flow_topology_ok(const gopt_flow_puzzle *p, char *why, size_t size);

/* ---- the tidiest solution's rules for SAT, partial coverage on plain rectangles (sat_tidy.c) ---- */
enum {
    FLOW_TIDY_CORNERS = 1,    /* the corner rule */
    FLOW_TIDY_PULL_DOWN = 2,  /* ┌ and ┐ have their inside cell used */
    FLOW_TIDY_PULL_UP = 4,    /* └ and ┘ have (the mirror image; never with PULL_DOWN) */
    FLOW_TIDY_NO_EMPTY_U = 8, /* no path runs around an empty row of cells */
};
/* Adds the chosen rules over edge variables first_edge + i and on[v] (v has a colour). */
void flow_sat_tidy_rules(gopt_sat *s, const gopt_flow_puzzle *p, int first_edge, const int *on, unsigned rules);

/* ---- stray cycles, shared by the SAT and MIP separators (cycles.c) ---- */
/* Finds the components of the used edges that hold no endpoint (stray cycles). Writes each
 * one's nodes to nodes[] (component c is nodes[start[c] .. start[c + 1])) and returns how
 * many; `comp` (nnodes) is scratch. */
int flow_stray_cycles(const gopt_flow_puzzle *p, const uint8_t *used, int *comp, int *nodes, int *start);

/* A path of the painted solution s touches itself: two linked nodes of one colour whose link
 * is not used (the untouching convention's test; the checker has its own). */
bool flow_touches(const gopt_flow_puzzle *p, const gopt_flow_solution *s);

#endif
