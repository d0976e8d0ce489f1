/* Clauses that hold for one particular solution of a partial-coverage puzzle on a plain
 * rectangle, when one solution is wanted: the *tidiest* one. Among all solutions take one of least
 * total length, and among those one with the largest sum of rows over its used cells (or the
 * smallest: the mirror image). That solution
 *   - never touches itself (a path that did could be cut short), so the corner rule holds:
 *     the cell inside a turn is empty, an endpoint, or turns the same way (solve_grid.c has
 *     the proof, with "covered" read as "used");
 *   - is pulled down: a ┌ turn at v (links east and south, from a to b) has its inside cell
 *     d = v + (1, 1) used, or the path could run a - d - b instead of a - v - b, as long and
 *     one row lower; a ┐ (west and south, d = v + (1, -1)) likewise. With the corner rule, a
 *     ┌ or ┐ then lies on a diagonal spike of equal turns that ends at an endpoint, as under
 *     full coverage. The mirror pulls └ and ┘ up (never both: they are opposite moves);
 *   - has no empty U: where a path runs around a U (a turn, a straight run, a turn back, both
 *     legs on the same side) whose inside row of cells is all empty, the path could cross
 *     the inside instead, two cells shorter.
 * Every rule holds for the one solution, so a model with them still has a solution whenever
 * the puzzle has one, and "no model" is still a proof. They cut away most of the ways a path
 * can wander through empty space, which is where SAT loses its time on contest boards. */
#include <stdlib.h>

#include "internal.h"
#include "gameopt/sat.h"

typedef struct tidy {
    gopt_sat *s;
    const gopt_flow_puzzle *p;
    int first_edge;
    const int *on;
} tidy;

/* The edge variable from cell v in direction d, or 0 off the board. */
static int edge_var(const tidy *t, int v, int d) {
    for (const gopt_flow_link *l = flow_links(t->p, v), *end = l + flow_degree(t->p, v); l < end; l++)
        if (l->dir == d) return t->first_edge + l->edge;
    return 0;
}

/* The cell one step from v in direction d, or -1 off the board. */
static int step(const gopt_flow_puzzle *p, int v, int d) {
    int r = p->row[v] + flow_dir_dr[d], c = p->col[v] + flow_dir_dc[d];
    return r < 0 || c < 0 || r >= p->rows || c >= p->cols ? -1 : r * p->cols + c;
}

/* Turns as their two links; the cell inside the turn is one step along each. */
static const int turns[4][2] = {{GOPT_FLOW_E, GOPT_FLOW_S}, {GOPT_FLOW_W, GOPT_FLOW_S},
                                {GOPT_FLOW_N, GOPT_FLOW_E}, {GOPT_FLOW_N, GOPT_FLOW_W}};

static void corner_and_pull(const tidy *t, bool corners, unsigned pull) {
    const gopt_flow_puzzle *p = t->p;
    for (int v = 0; v < p->nnodes; v++)
        for (int k = 0; k < 4; k++) {
            int a = edge_var(t, v, turns[k][0]), b = edge_var(t, v, turns[k][1]);
            if (!a || !b) continue;
            int d = step(p, step(p, v, turns[k][0]), turns[k][1]);
            if (p->colour[d] >= 0) continue; /* an endpoint: both rules hold */
            if (pull >> k & 1) gopt_sat_clause3(t->s, -a, -b, t->on[d]);
            for (int side = 0; corners && side < 2; side++) {
                int e = edge_var(t, d, turns[k][side]);
                int lits[4] = {-a, -b, -t->on[d], e};
                gopt_sat_clause(t->s, lits, e ? 4 : 3);
            }
        }
}

/* Empty Us. A U runs along `run` with its legs towards `leg`: a first corner c with links
 * `leg` and `run`, cells straight along `run`, a last corner with links back and `leg`. The
 * inside cells are the straight cells moved one step along `leg`. g[v] says: a path enters
 * v from the first corner's side, straight from a first corner, and the inside cells up to
 * v's are all empty; then v must not lead to a last corner. */
static void no_empty_u(const tidy *t) {
    const gopt_flow_puzzle *p = t->p;
    static const int shapes[4][2] = {{GOPT_FLOW_E, GOPT_FLOW_N}, {GOPT_FLOW_E, GOPT_FLOW_S},
                                     {GOPT_FLOW_S, GOPT_FLOW_E}, {GOPT_FLOW_S, GOPT_FLOW_W}};
    int n = p->nnodes;
    int *g = gopt_calloc((size_t)n + 1, sizeof *g);
    for (int sh = 0; sh < 4; sh++) {
        int run = shapes[sh][0], leg = shapes[sh][1], back = flow_dir_opposite(run);
        for (int v = 0; v < n; v++) {
            int in = step(p, v, leg), prev = step(p, v, back);
            g[v] = in >= 0 && prev >= 0 && p->colour[in] < 0 ? gopt_sat_var(t->s) : 0;
        }
        for (int v = 0; v < n; v++) {
            if (!g[v]) continue;
            int prev = step(p, v, back), in = step(p, v, leg), next = step(p, v, run);
            int entered = edge_var(t, prev, run), first_leg = edge_var(t, prev, leg);
            if (first_leg) { /* prev is a first corner */
                int lits[4] = {-first_leg, -entered, t->on[in], g[v]};
                gopt_sat_clause(t->s, lits, 4);
            }
            if (g[prev]) { /* prev is a straight cell of the run */
                int lits[4] = {-g[prev], -entered, t->on[in], g[v]};
                gopt_sat_clause(t->s, lits, 4);
            }
            int last_leg = next >= 0 ? edge_var(t, next, leg) : 0;
            if (last_leg) gopt_sat_clause3(t->s, -g[v], -edge_var(t, v, run), -last_leg);
        }
    }
    free(g);
}

void flow_sat_tidy_rules(gopt_sat *s, const gopt_flow_puzzle *p, int first_edge, const int *on, unsigned rules) {
    tidy t = {.s = s, .p = p, .first_edge = first_edge, .on = on};
    unsigned pull = (rules & FLOW_TIDY_PULL_DOWN ? 0x3u : 0u) | (rules & FLOW_TIDY_PULL_UP ? 0xcu : 0u);
    corner_and_pull(&t, rules & FLOW_TIDY_CORNERS, pull);
    if (rules & FLOW_TIDY_NO_EMPTY_U) no_empty_u(&t);
}
