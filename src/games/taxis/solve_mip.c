/* The paper's integer program (1a)-(1m) for the ideal path, corrected, built with the mip
 * engine and solved by CBC. docs/methods.md (taxis, "The integer program") lists every change
 * to the printed model and why.
 *
 * Iteration k = 1..K is the k-th turn. x(k,p) = 1: node p is taken in turn k; Es(k,p) and
 * Et(k,p) = 1: p is the start (front) or the terminal (back) end of the path after turn k.
 * Rows are named after the paper's constraints ("c1k(s,3,Ulm)" is (1k) for l = s, k = 3,
 * p = Ulm), so an LP file reads like the paper. A variable that must be 0 (its node cannot be
 * on the path by turn k, see earliest_turns) is left out, with the terms it would have.
 *
 * CBC proves the optimum of the whole model slowly (its LP relaxation is weak: fractional
 * "paths" share nodes across turns), so --method mip asks it a series of feasibility
 * questions instead. The incumbent starts as the search's path (--mip-start search, the
 * default) or the longest path of the paper's heuristics (--mip-start heuristics); then,
 * for each face-up start s and each second node, the model with those two turns fixed and the
 * row (1r) "some node is taken in turn L + 1" (L the incumbent) either yields a longer path
 * (CBC stops at its first solution; L grows and the question is asked again) or is proven
 * infeasible. When every question is infeasible, L is the ideal node length. */
#include <stdlib.h>
#include <string.h>

#include "games/taxis/internal.h"
#include "gameopt/mip.h"
#include "gameopt/timer.h"

#define NEVER (1 << 20)

typedef struct model {
    gopt_mip *mip;
    const gopt_taxis_graph *g;
    int n, turns;    /* K */
    int *x, *e[2];   /* column of x(k,p), Es(k,p), Et(k,p) at [(k - 1) * n + p], or -1 */
    int entries;     /* adjacency entries (2m) */
    int *twin;       /* twin[a]: the entry of the same edge seen from the other end */
    int *arc;        /* see arc_at */
} model;

/* What one model asks. */
typedef struct plan {
    bool proof;          /* the incumbent is the search's: expect infeasibility (see solve_reach) */
    int start;           /* the node of turn 1, or -1 for any face-up node */
    int second;          /* the node of turn 2, or -1 for any */
    int turns;           /* K */
    const int *reveal;   /* see reveal_turns */
    const int *earliest; /* see earliest_turns */
    int reach;           /* > 0: the path must have a node in turn `reach` (1r) */
} plan;

static const char *const end_name[2] = {"s", "t"};

/* ---------------------------------------------------------------- preprocessing */

/* The turn from which p is face up: the first row of the availability matrix D with a 1 in
 * column p (a card at deck position k >= c is the (k - c + 1)-th of the extension tuple). */
static void reveal_turns(const gopt_taxis_setting *s, int *reveal) {
    for (int v = 0; v < s->n; v++) reveal[v] = NEVER;
    for (int k = s->ncards - 1; k >= 0; k--) reveal[s->cards[k]] = k < s->c ? 1 : k - s->c + 2;
}

/* earliest[p]: no TT-path takes p before this turn. The start is face up in turn 1; any other
 * node p is face up when taken and joins the path next to a neighbour q taken before it, so
 * earliest[p] >= max(reveal[p], earliest[q] + 1) for some neighbour q. The least solution of
 * these inequalities (a shortest-path computation with monotone costs) is a valid bound.
 * `start` >= 0 restricts turn 1 to that node. */
static void earliest_turns(const gopt_taxis_graph *g, const int *reveal, int start, int *earliest) {
    for (int p = 0; p < g->n; p++) earliest[p] = reveal[p] == 1 && (start < 0 || p == start) ? 1 : NEVER;
    for (bool changed = true; changed;) {
        changed = false;
        for (int p = 0; p < g->n; p++)
            for (int q = 0; q < g->n; q++) {
                if (earliest[q] == NEVER || !gopt_taxis_adjacent(g, p, q)) continue;
                int t = earliest[q] + 1 > reveal[p] ? earliest[q] + 1 : reveal[p];
                if (t < earliest[p]) earliest[p] = t, changed = true;
            }
    }
}

/* The number of turns K a TT-path can last: the node of turn t is a different node with
 * earliest <= t, so turn t needs t such nodes. */
static int turn_bound(int n, const int *earliest) {
    int *count = gopt_calloc((size_t)n + 2, sizeof *count);
    for (int p = 0; p < n; p++)
        if (earliest[p] <= n) count[earliest[p]]++;
    int total = 0, t = 0;
    while (t < n && total + count[t + 1] >= t + 1) total += count[++t];
    free(count);
    return t;
}

/* ---------------------------------------------------------------- the model */

static int cell(const model *m, int k, int p) { return (k - 1) * m->n + p; }

static void add_columns(model *m, const plan *pl) {
    char name[TAXIS_NAME_MAX + 32];
    for (int k = 1; k <= m->turns; k++)
        for (int p = 0; p < m->n; p++) {
            int c = cell(m, k, p);
            m->x[c] = m->e[0][c] = m->e[1][c] = -1;
            /* (1b) x(k,p) <= sum of D(kappa,p), kappa <= k, and the sharper earliest turn */
            if (pl->earliest[p] > k || (k == 1 && pl->start >= 0 && p != pl->start)) continue;
            bool fixed = k == 2 && pl->second >= 0;
            if (fixed && p != pl->second && p != pl->start) continue; /* the ends after turn 2 */
            const char *node = gopt_taxis_name(m->g, p);
            snprintf(name, sizeof name, "x(%d,%s)", k, node);
            if (!fixed || p == pl->second) m->x[c] = gopt_mip_col(m->mip, name, GOPT_MIP_BINARY, 0, 1, 1); /* (1a), (1l) */
            for (int l = 0; l < 2; l++) { /* (1m) */
                snprintf(name, sizeof name, "E%s(%d,%s)", end_name[l], k, node);
                m->e[l][c] = gopt_mip_col(m->mip, name, GOPT_MIP_BINARY, 0, 1, 0);
            }
        }
}

/* A row under construction; terms of left-out columns are dropped. */
typedef struct row {
    int n;
    int *col;
    double *coef;
    char name[TAXIS_NAME_MAX + 32];
} row;

static void term(row *r, int col, double coef) {
    if (col < 0) return;
    r->col[r->n] = col;
    r->coef[r->n++] = coef;
}

static void emit(model *m, row *r, char sense, double rhs) {
    if (r->n > 0) gopt_mip_row(m->mip, r->name, r->n, r->col, r->coef, sense, rhs);
    r->n = 0;
}

/* (1c)-(1e): each node at most once, at most one node in turn 1, and a turn takes a node
 * only if the turn before did (so every turn takes at most one). */
static void add_turn_rows(model *m, row *r) {
    for (int p = 0; p < m->n; p++) {
        for (int k = 1; k <= m->turns; k++) term(r, m->x[cell(m, k, p)], 1);
        snprintf(r->name, sizeof r->name, "c1c(%s)", gopt_taxis_name(m->g, p));
        emit(m, r, '<', 1);
    }
    for (int p = 0; p < m->n; p++) term(r, m->x[cell(m, 1, p)], 1);
    snprintf(r->name, sizeof r->name, "c1d");
    emit(m, r, '<', 1);
    for (int k = 2; k <= m->turns; k++) {
        for (int p = 0; p < m->n; p++) term(r, m->x[cell(m, k, p)], 1), term(r, m->x[cell(m, k - 1, p)], -1);
        snprintf(r->name, sizeof r->name, "c1e(%d)", k);
        emit(m, r, '<', 0);
    }
}

/* (1f)-(1k): the two ends of the path after every turn. */
static void add_end_rows(model *m, row *r) {
    const gopt_taxis_graph *g = m->g;
    int n = m->n;
    for (int l = 0; l < 2; l++)
        for (int p = 0; p < n; p++) { /* (1f) after turn 1 both ends are the start */
            term(r, m->e[l][cell(m, 1, p)], 1), term(r, m->x[cell(m, 1, p)], -1);
            snprintf(r->name, sizeof r->name, "c1f(%s,%s)", end_name[l], gopt_taxis_name(g, p));
            emit(m, r, '=', 0);
        }
    for (int l = 0; l < 2; l++)
        for (int k = 1; k <= m->turns; k++) { /* (1g) one end of each kind in every turn */
            for (int p = 0; p < n; p++) term(r, m->e[l][cell(m, k, p)], 1);
            snprintf(r->name, sizeof r->name, "c1g(%s,%d)", end_name[l], k);
            emit(m, r, '=', 1);
        }
    for (int k = 2; k <= m->turns; k++)
        for (int p = 0; p < n; p++) {
            int c = cell(m, k, p);
            /* (1h) the ends differ, unless the path is still its start */
            term(r, m->e[1][c], 1), term(r, m->e[0][c], 1), term(r, m->x[cell(m, 1, p)], -1);
            snprintf(r->name, sizeof r->name, "c1h(%d,%s)", k, gopt_taxis_name(g, p));
            emit(m, r, '<', 1);
            /* (1j) the node taken becomes an end */
            term(r, m->x[c], 1), term(r, m->e[1][c], -1), term(r, m->e[0][c], -1);
            snprintf(r->name, sizeof r->name, "c1j(%d,%s)", k, gopt_taxis_name(g, p));
            emit(m, r, '<', 0);
            for (int l = 0; l < 2; l++) {
                if (m->e[l][c] < 0) continue;
                /* (1i) an end stays, or moves to the node just taken */
                term(r, m->e[l][c], 1), term(r, m->e[l][cell(m, k - 1, p)], -1), term(r, m->x[c], -1);
                snprintf(r->name, sizeof r->name, "c1i(%s,%d,%s)", end_name[l], k, gopt_taxis_name(g, p));
                emit(m, r, '<', 0);
                /* (1k), corrected: an end stays, or moves to a neighbour of where it was */
                term(r, m->e[l][c], 1), term(r, m->e[l][cell(m, k - 1, p)], -1);
                for (int q = 0; q < n; q++)
                    if (gopt_taxis_adjacent(g, p, q)) term(r, m->e[l][cell(m, k - 1, q)], -1);
                snprintf(r->name, sizeof r->name, "c1k(%s,%d,%s)", end_name[l], k, gopt_taxis_name(g, p));
                emit(m, r, '<', 0);
            }
        }
}

/* (1n) symmetry: the front and back may be swapped in any solution, so the second node goes
 * to the back (Es(2,p) = Es(1,p)). (1r) the path reaches turn `reach`. */
static void add_extra_rows(model *m, row *r, const plan *pl) {
    for (int p = 0; m->turns >= 2 && p < m->n; p++) {
        term(r, m->e[0][cell(m, 2, p)], 1), term(r, m->e[0][cell(m, 1, p)], -1);
        snprintf(r->name, sizeof r->name, "c1n(%s)", gopt_taxis_name(m->g, p));
        emit(m, r, '=', 0);
    }
    if (pl->reach > 0) {
        for (int p = 0; p < m->n; p++) term(r, m->x[cell(m, pl->reach, p)], 1);
        snprintf(r->name, sizeof r->name, "c1r(%d)", pl->reach);
        emit(m, r, '=', 1);
    }
}

/* The arc column of end l moving along adjacency entry a (from node q to adj[a]) in turn k. */
static int *arc_at(const model *m, int k, int l, int a) {
    return &m->arc[((size_t)(k - 2) * 2 + (size_t)l) * (size_t)m->entries + (size_t)a];
}

/* (1o) the end moves as flows: f_l(k,q,p) = 1 when end l moves from q to the node p taken in
 * turn k. A move leaves an end (1o-out), the node taken is entered by one move (1o-in), and
 * each end is conserved (1o-bal). With binary x and E the flows are binary too. */
static void add_flow_columns(model *m) {
    const gopt_graph *gr = m->g->graph;
    char name[2 * TAXIS_NAME_MAX + 32];
    for (int k = 2; k <= m->turns; k++)
        for (int l = 0; l < 2; l++)
            for (int q = 0; q < m->n; q++)
                for (int a = gr->offset[q]; a < gr->offset[q + 1]; a++) {
                    int p = gr->adj[a], *col = arc_at(m, k, l, a);
                    *col = -1;
                    if (m->e[l][cell(m, k - 1, q)] < 0 || m->x[cell(m, k, p)] < 0) continue;
                    snprintf(name, sizeof name, "f%s(%d,%s,%s)", end_name[l], k, gopt_taxis_name(m->g, q),
                             gopt_taxis_name(m->g, p));
                    *col = gopt_mip_col(m->mip, name, GOPT_MIP_CONTINUOUS, 0, 1, 0);
                }
}

static void add_flow_rows(model *m, row *r) {
    const gopt_graph *gr = m->g->graph;
    for (int k = 2; k <= m->turns; k++)
        for (int p = 0; p < m->n; p++) {
            for (int l = 0; l < 2; l++)
                for (int a = gr->offset[p]; a < gr->offset[p + 1]; a++) term(r, *arc_at(m, k, l, m->twin[a]), 1);
            term(r, m->x[cell(m, k, p)], -1);
            snprintf(r->name, sizeof r->name, "c1o_in(%d,%s)", k, gopt_taxis_name(m->g, p));
            emit(m, r, '=', 0);
            for (int l = 0; l < 2; l++) {
                term(r, m->e[l][cell(m, k, p)], 1), term(r, m->e[l][cell(m, k - 1, p)], -1);
                for (int a = gr->offset[p]; a < gr->offset[p + 1]; a++)
                    term(r, *arc_at(m, k, l, m->twin[a]), -1), term(r, *arc_at(m, k, l, a), 1);
                snprintf(r->name, sizeof r->name, "c1o_bal(%s,%d,%s)", end_name[l], k, gopt_taxis_name(m->g, p));
                emit(m, r, '=', 0);
                for (int a = gr->offset[p]; a < gr->offset[p + 1]; a++) term(r, *arc_at(m, k, l, a), 1);
                term(r, m->e[l][cell(m, k - 1, p)], -1);
                snprintf(r->name, sizeof r->name, "c1o_out(%s,%d,%s)", end_name[l], k, gopt_taxis_name(m->g, p));
                emit(m, r, '<', 0);
            }
        }
}

/* (1p) the back first: every TT-path can be built extending the back whenever its next node is
 * face up (docs/methods.md), so a move at the front in turn k >= 3 excludes a back end b at
 * k - 1 whose next node q (the back moves b -> q later) was face up in turn k. Ms(k) counts
 * the moves at the front in turn k. */
static void add_order_rows(model *m, row *r, const int *reveal) {
    const gopt_graph *gr = m->g->graph;
    char name[32];
    for (int k = 3; k <= m->turns; k++) {
        snprintf(name, sizeof name, "Ms(%d)", k);
        int front = gopt_mip_col(m->mip, name, GOPT_MIP_CONTINUOUS, 0, 1, 0);
        for (int q = 0; q < m->n; q++)
            for (int a = gr->offset[q]; a < gr->offset[q + 1]; a++) term(r, *arc_at(m, k, 0, a), 1);
        term(r, front, -1);
        snprintf(r->name, sizeof r->name, "c1p_front(%d)", k);
        emit(m, r, '=', 0);
        for (int b = 0; b < m->n; b++) {
            if (m->e[1][cell(m, k - 1, b)] < 0) continue;
            for (int a = gr->offset[b]; a < gr->offset[b + 1]; a++)
                for (int later = k + 1; later <= m->turns && reveal[gr->adj[a]] <= k; later++)
                    term(r, *arc_at(m, later, 1, a), 1);
            if (r->n == 0) continue;
            term(r, front, 1), term(r, m->e[1][cell(m, k - 1, b)], 1);
            snprintf(r->name, sizeof r->name, "c1p(%d,%s)", k, gopt_taxis_name(m->g, b));
            emit(m, r, '<', 2);
        }
    }
}

static model build(const gopt_taxis_graph *g, const plan *pl) {
    const gopt_graph *gr = g->graph;
    model m = {gopt_mip_new("taxis_ideal"), g, g->n, pl->turns, NULL, {NULL, NULL}, 2 * g->m, NULL, NULL};
    size_t cells = (size_t)m.turns * (size_t)m.n;
    m.x = gopt_malloc(cells * sizeof *m.x);
    m.e[0] = gopt_malloc(cells * sizeof *m.e[0]);
    m.e[1] = gopt_malloc(cells * sizeof *m.e[1]);
    m.twin = gopt_malloc((size_t)m.entries * sizeof *m.twin);
    for (int q = 0; q < g->n; q++)
        for (int a = gr->offset[q]; a < gr->offset[q + 1]; a++)
            for (int b = gr->offset[gr->adj[a]]; b < gr->offset[gr->adj[a] + 1]; b++)
                if (gr->adj[b] == q) m.twin[a] = b;
    m.arc = gopt_malloc((size_t)(m.turns > 1 ? m.turns - 1 : 1) * 2 * (size_t)m.entries * sizeof *m.arc);
    gopt_mip_maximize(m.mip, true);
    add_columns(&m, pl);
    add_flow_columns(&m);
    /* the longest row: (1p) with every later back move of a node of largest degree */
    size_t longest = (size_t)m.entries * 2 + (size_t)g->max_degree * (size_t)m.turns + 4;
    row r = {0, gopt_malloc(longest * sizeof *r.col), gopt_malloc(longest * sizeof *r.coef), ""};
    add_turn_rows(&m, &r);
    add_end_rows(&m, &r);
    add_extra_rows(&m, &r, pl);
    add_flow_rows(&m, &r);
    add_order_rows(&m, &r, pl->reveal);
    free(r.col);
    free(r.coef);
    return m;
}

static void model_free(model *m) {
    gopt_mip_free(m->mip);
    free(m->x);
    free(m->e[0]);
    free(m->e[1]);
    free(m->twin);
    free(m->arc);
}

/* The turns of the solution: the node of x(k,.) = 1 for k = 1, 2, ... and the end it joined. */
static int moves_of(const model *m, gopt_taxis_move *moves) {
    int len = 0;
    for (int k = 1; k <= m->turns && len == k - 1; k++)
        for (int p = 0; p < m->n; p++) {
            int c = cell(m, k, p);
            if (m->x[c] < 0 || !gopt_mip_bool(m->mip, m->x[c])) continue;
            gopt_taxis_end end = k == 1 ? GOPT_TAXIS_AT_START
                                 : gopt_mip_bool(m->mip, m->e[0][c]) ? GOPT_TAXIS_AT_FRONT
                                                                      : GOPT_TAXIS_AT_BACK;
            moves[len++] = (gopt_taxis_move){p, end};
            break;
        }
    return len;
}

/* ---------------------------------------------------------------- solving */

/* A lower bound to start from: the longest path the paper's five heuristics find (each a
 * TT-path by construction; the caller checks the one printed). Independent of the search. */
static int heuristic_start(const gopt_taxis_graph *g, const gopt_taxis_setting *s, gopt_taxis_move *best_moves) {
    gopt_taxis_move *moves = gopt_malloc((size_t)g->n * sizeof *moves);
    int best = 0;
    for (int h = 0; h < GOPT_TAXIS_NAMED; h++) {
        gopt_rng rng = gopt_rng_stream(0x7a715ull, (uint64_t)h);
        int len = gopt_taxis_play(g, s, gopt_taxis_named_pairs[h], &rng, moves);
        if (len > best) best = len, memcpy(best_moves, moves, (size_t)len * sizeof *moves);
    }
    free(moves);
    return best;
}

/* One feasibility model: is there a TT-path of at least pl->reach nodes? CBC stops at its
 * first solution (any is longer than the incumbent). Returns GOPT_SOLVED with *found > 0 and
 * the moves when there is one, *found = 0 when CBC proved there is none. */
static gopt_status solve_reach(const gopt_taxis_graph *g, const plan *pl, const gopt_taxis_ideal_options *o,
                               double deadline, int *found, gopt_taxis_move *moves, gopt_taxis_ideal *result) {
    /* Each of the models solved in a row gets only the time that remains (none left: no model). */
    double left = deadline > 0 ? deadline - gopt_now() : 0;
    *found = 0;
    if (deadline > 0 && left <= 0.01) return GOPT_LIMIT;
    model m = build(g, pl);
    left = deadline > 0 ? deadline - gopt_now() : 0;
    if (deadline > 0) gopt_mip_set_time_limit(m.mip, left > 0.01 ? left : 0.01);
    gopt_mip_set_threads(m.mip, o->threads);
    gopt_mip_set_option(m.mip, "maxSolutions", "1");
    if (pl->proof) {
        /* Started from the search's path every question should be infeasible, so CBC's
         * primal heuristics (the feasibility pump, mini branch and bound: most of the root's
         * time) can only waste it, and cut generation and strong branching cost more LP
         * iterations than they save on these degenerate models (measured: docs/methods.md). A longer path, if the search had missed one, is still
         * found by the branching. */
        gopt_mip_set_option(m.mip, "heuristics", "off");
        gopt_mip_set_option(m.mip, "cuts", "off");
        gopt_mip_set_option(m.mip, "strong", "0");
    }
    gopt_mip_result r = gopt_mip_solve(m.mip);
    gopt_status status = GOPT_SOLVED;
    *found = 0;
    if (r == GOPT_MIP_OPTIMAL || r == GOPT_MIP_FEASIBLE) {
        *found = moves_of(&m, moves);
        if (*found < pl->reach || *found != (int)(gopt_mip_objective(m.mip) + 0.5)) {
            snprintf(result->note, sizeof result->note, "CBC's solution (objective %g) is not a path of %d+ turns",
                     gopt_mip_objective(m.mip), pl->reach);
            status = GOPT_ERROR;
        }
    } else if (r == GOPT_MIP_LIMIT) {
        status = GOPT_LIMIT;
    } else if (r != GOPT_MIP_INFEASIBLE) {
        snprintf(result->note, sizeof result->note, "CBC failed on the integer program");
        status = GOPT_ERROR;
    }
    gopt_mip_add_counters(m.mip, &result->counters);
    gopt_counter_add(&result->counters, "mip_models", 1);
    model_free(&m);
    return status;
}

/* The face-up nodes as starts, with their turn bounds, most promising first. */
typedef struct start_plan {
    int node, turns;
} start_plan;

static int by_turns(const void *a, const void *b) {
    const start_plan *x = a, *y = b;
    return x->turns != y->turns ? y->turns - x->turns : x->node - y->node;
}

gopt_status taxis_mip_run(const gopt_taxis_graph *g, const gopt_taxis_setting *s, const gopt_taxis_ideal_options *o,
                          const gopt_taxis_move *known, int known_len, gopt_taxis_move *moves,
                          gopt_taxis_ideal *result) {
    int n = g->n, nstarts = 0;
    int *reveal = gopt_malloc((size_t)n * sizeof *reveal), *earliest = gopt_malloc((size_t)n * sizeof *earliest);
    start_plan *starts = gopt_malloc((size_t)n * sizeof *starts);
    gopt_taxis_move *work = gopt_malloc((size_t)n * sizeof *work);
    reveal_turns(s, reveal);
    for (int v = 0; v < n; v++)
        if (reveal[v] == 1) {
            earliest_turns(g, reveal, v, earliest);
            starts[nstarts++] = (start_plan){v, turn_bound(n, earliest)};
        }
    qsort(starts, (size_t)nstarts, sizeof *starts, by_turns);
    double deadline = o->time_limit > 0 ? gopt_now() + o->time_limit : 0;
    int best = heuristic_start(g, s, moves), open = 0; /* open: the best bound of starts left unsolved */
    bool proof = known_len > 0;
    if (known_len > best) best = known_len, memcpy(moves, known, (size_t)known_len * sizeof *moves);
    gopt_status status = GOPT_SOLVED;
    /* Start by start: raise the incumbent while the model finds a longer path, until CBC
     * proves that none of best + 1 nodes begins there. */
    for (int i = 0; i < nstarts && status != GOPT_ERROR; i++) {
        if (starts[i].turns <= best) break; /* sorted: no later start can beat the best */
        if (status == GOPT_LIMIT) {
            open = starts[i].turns > open ? starts[i].turns : open;
            continue;
        }
        earliest_turns(g, reveal, starts[i].node, earliest);
        for (int second = 0; second < n && status == GOPT_SOLVED && best < starts[i].turns; second++) {
            if (!gopt_taxis_adjacent(g, starts[i].node, second) || earliest[second] > 2) continue;
            int found = 1;
            while (found > 0 && best < starts[i].turns && status == GOPT_SOLVED) {
                /* turns after best + 1 cannot matter to the question: the model stops there */
                plan pl = {proof, starts[i].node, second, best + 1, reveal, earliest, best + 1};
                status = solve_reach(g, &pl, o, deadline, &found, work, result);
                if (found > best) best = found, memcpy(moves, work, (size_t)found * sizeof *moves);
            }
        }
        if (status == GOPT_LIMIT) open = starts[i].turns;
    }
    result->length = best;
    result->bound = open > best ? open : best;
    free(reveal);
    free(earliest);
    free(starts);
    free(work);
    return status;
}

char *gopt_taxis_mip_lp_text(const gopt_taxis_graph *g, const gopt_taxis_setting *s) {
    int *reveal = gopt_malloc((size_t)g->n * sizeof *reveal), *earliest = gopt_malloc((size_t)g->n * sizeof *earliest);
    reveal_turns(s, reveal);
    earliest_turns(g, reveal, -1, earliest);
    plan pl = {false, -1, -1, turn_bound(g->n, earliest), reveal, earliest, 0};
    model m = build(g, &pl);
    char *text = gopt_mip_lp_text(m.mip);
    model_free(&m);
    free(reveal);
    free(earliest);
    return text;
}
