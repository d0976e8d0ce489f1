/* Route and fill: one full-coverage solution under simple paths (Flow Free rules), on any
 * cell graph, by large-neighbourhood search.
 *
 * Boards whose solutions need paths that touch themselves (a random filling cut into pieces,
 * as `flow generate --any` makes and as a person drawing a puzzle by hand makes) defeat both
 * exact methods once they are larger than about 20x20: the corner rule does not hold, so the
 * sweep must search every way of opening lines in empty areas, and CDCL must refute partial
 * fillings whose flaw is a matter of counting (a region with one cell too many of one chess
 * colour), which resolution can only do by enumerating. Such boards have a great many
 * solutions, though, and a filling is found by building one:
 *   1. route: the negotiated-congestion router (solve_route.c) joins every pair by disjoint
 *      paths, leaving cells empty (a partial-coverage solution);
 *   2. fill: take an empty cell beside a path, cut a window of the board around it, and
 *      solve the window exactly as a small puzzle of its own: each stretch of a path inside
 *      the window becomes a pair of endpoints (its first and last cell in the window, which
 *      keep their links outside), every other cell of the window must be covered. Any
 *      solution of the window, put back, joins the same cells as before by other paths
 *      through the whole window, so the board's paths stay disjoint paths between the same
 *      endpoints and cover strictly more. A window that cannot be filled is tried larger.
 * Every step keeps a valid partial solution, so the answer is right by construction (and,
 * like every answer, checked); but the method proves nothing: when windows stop helping it
 * gives up (GOPT_LIMIT) and the portfolio goes on with the exact methods. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/stop.h"
#include "internal.h"

/* Window sizes tried around one empty cell: half the side of a box on rectangles, the
 * radius of a ball in the cell graph otherwise. */
static const int radii[] = {3, 4, 6};
#define NRADII ((int)(sizeof radii / sizeof radii[0]))

/* Work per window: the sweeps' nodes and SAT's conflicts (fixed counts, not time, so a
 * board gets the same answer on any machine). */
#define WINDOW_SWEEP_NODES 2000
#define WINDOW_CONFLICTS 2000
/* Attempts a stuck fill may start afresh from another routing; an attempt is stuck after
 * this many windows in a row that did not help. */
#define FILL_ATTEMPTS 8
#define STUCK_WINDOWS 60
/* Nodes in the largest window (SAT settles these within its conflicts, mostly). */
#define MAX_WINDOW 400

typedef struct run_span {
    int first, last, colour; /* a stretch of a path inside the window: its end nodes */
} run_span;

typedef struct filler {
    const gopt_flow_puzzle *p;
    gopt_flow_solution *s; /* the partial solution being filled */
    int n;
    int *sub;        /* per node: its number in the window's puzzle, or -1 */
    int *nodes;      /* the window's nodes */
    int nwin;
    int *queue, *depth;
    int *walk;       /* one path, endpoint to endpoint */
    unsigned *seen_colour, stamp;
    run_span *spans;
    int nspans;
    int *edge_of;    /* per edge of the window's puzzle, the board's edge */
    int8_t *side;    /* a two-colouring of the cell graph (chessboard), or NULL when it has none */
    int *mark;       /* scratch per node, valid when equal to `pass` */
    int pass;
    int *centres;    /* nodes near the empty cell whose windows are tried */
    int removed;     /* a node taken out of the window, to be left empty (-1: none) */
    int empty;       /* nodes without a colour */
    int64_t windows, filled, nodes_spent, conflicts_spent, crossed;
} filler;

/* A chessboard colouring of the cell graph (0 / 1 per node), or NULL when it has an odd
 * cycle (hex boards, some warps). */
static int8_t *two_colouring(const gopt_flow_puzzle *p) {
    int n = p->nnodes;
    int8_t *side = gopt_malloc((size_t)n + 1);
    int *queue = gopt_malloc(((size_t)n + 1) * sizeof *queue);
    for (int v = 0; v < n; v++) side[v] = -1;
    bool ok = true;
    for (int root = 0; root < n && ok; root++) {
        if (side[root] >= 0) continue;
        int head = 0, tail = 0;
        side[root] = 0;
        queue[tail++] = root;
        while (head < tail && ok) {
            int v = queue[head++];
            for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++) {
                if (side[l->node] < 0) side[l->node] = (int8_t)(1 - side[v]), queue[tail++] = l->node;
                else ok = side[l->node] != side[v];
                if (!ok) break;
            }
        }
    }
    free(queue);
    if (!ok) {
        free(side);
        return NULL;
    }
    return side;
}

/* Colour k's path from its first endpoint to its second, into f->walk; its length. */
static int walk_path(filler *f, int k) {
    const gopt_flow_puzzle *p = f->p;
    int len = 0, prev = -1, cur = p->ends[k][0];
    while (cur >= 0) {
        f->walk[len++] = cur;
        if (cur == p->ends[k][1]) break;
        int next = -1;
        for (const gopt_flow_link *l = flow_links(p, cur), *end = l + flow_degree(p, cur); l < end; l++)
            if (f->s->used[l->edge] && l->node != prev) {
                next = l->node;
                break;
            }
        prev = cur;
        cur = next;
    }
    return len;
}

/* The window's nodes around c: a box of side 2R + 1 on rectangles, else the nodes within R
 * links. Sets f->nodes and f->sub (>= 0 for members). */
static void collect(filler *f, int c, int R) {
    const gopt_flow_puzzle *p = f->p;
    f->nwin = 0;
    if (p->plain) {
        int r0 = p->row[c] - R, r1 = p->row[c] + R, c0 = p->col[c] - R, c1 = p->col[c] + R;
        if (r0 < 0) r0 = 0;
        if (c0 < 0) c0 = 0;
        if (r1 >= p->rows) r1 = p->rows - 1;
        if (c1 >= p->cols) c1 = p->cols - 1;
        for (int r = r0; r <= r1; r++)
            for (int q = c0; q <= c1; q++) f->nodes[f->nwin++] = r * p->cols + q;
    } else {
        int head = 0;
        f->nodes[f->nwin++] = c;
        f->depth[c] = 0;
        f->sub[c] = 0;
        while (head < f->nwin) {
            int v = f->nodes[head++];
            if (f->depth[v] == R) continue;
            for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++)
                if (f->sub[l->node] < 0) {
                    f->sub[l->node] = 0;
                    f->depth[l->node] = f->depth[v] + 1;
                    f->nodes[f->nwin++] = l->node;
                }
        }
    }
    for (int i = 0; i < f->nwin; i++) f->sub[f->nodes[i]] = 0;
}

/* The stretches of paths inside the window. A stretch of one node keeps its node (it has
 * no room to move): the node leaves the window. */
static void find_spans(filler *f) {
    const gopt_flow_puzzle *p = f->p;
    f->nspans = 0;
    if (++f->stamp == 0) {
        memset(f->seen_colour, 0, ((size_t)p->ncolours + 1) * sizeof *f->seen_colour);
        f->stamp = 1;
    }
    for (int i = 0; i < f->nwin; i++) {
        int k = f->s->colour[f->nodes[i]];
        if (k < 0 || f->seen_colour[k] == f->stamp) continue;
        f->seen_colour[k] = f->stamp;
        int len = walk_path(f, k);
        for (int a = 0; a < len;) {
            if (f->sub[f->walk[a]] < 0) {
                a++;
                continue;
            }
            int b = a;
            while (b + 1 < len && f->sub[f->walk[b + 1]] >= 0) b++;
            if (a == b) f->sub[f->walk[a]] = -2; /* fixed: out of the window */
            else f->spans[f->nspans++] = (run_span){f->walk[a], f->walk[b], k};
            a = b + 1;
        }
    }
    /* drop the fixed nodes from the list */
    int m = 0;
    for (int i = 0; i < f->nwin; i++) {
        int v = f->nodes[i];
        if (f->sub[v] == -2) f->sub[v] = -1;
        else f->nodes[m++] = v;
    }
    f->nwin = m;
}

/* The window as a puzzle of its own (full coverage, simple paths). */
static gopt_flow_puzzle *window_puzzle(filler *f) {
    const gopt_flow_puzzle *p = f->p;
    int r0 = p->rows, c0 = p->cols, z0 = p->layers, r1 = -1, c1 = -1, z1 = -1;
    for (int i = 0; i < f->nwin; i++) {
        int v = f->nodes[i];
        if (p->row[v] < r0) r0 = p->row[v];
        if (p->row[v] > r1) r1 = p->row[v];
        if (p->col[v] < c0) c0 = p->col[v];
        if (p->col[v] > c1) c1 = p->col[v];
        if (p->layer[v] < z0) z0 = p->layer[v];
        if (p->layer[v] > z1) z1 = p->layer[v];
    }
    flow_builder b;
    flow_build_start(&b, p->format, z1 - z0 + 1, r1 - r0 + 1, c1 - c0 + 1);
    /* nodes in the board's order (on rectangles: row by row, so a full box is plain again) */
    for (int i = 0; i < f->nwin; i++) {
        int v = f->nodes[i];
        f->sub[v] = flow_build_node(&b, p->layer[v] - z0, p->row[v] - r0, p->col[v] - c0, (gopt_flow_kind)p->kind[v]);
    }
    int m = 0;
    for (int i = 0; i < f->nwin; i++) {
        int v = f->nodes[i];
        for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++) {
            int u = l->node;
            if (f->sub[u] < 0 || u < v) continue;
            uint8_t back = 0;
            for (const gopt_flow_link *k = flow_links(p, u), *kend = k + flow_degree(p, u); k < kend; k++)
                if (k->edge == l->edge) back = k->dir;
            if (flow_build_edge(&b, f->sub[v], f->sub[u], (gopt_flow_dir)l->dir, (gopt_flow_dir)back, l->warp))
                f->edge_of[m++] = l->edge;
        }
    }
    for (int j = 0; j < f->nspans; j++) {
        char label[16];
        snprintf(label, sizeof label, "%d", j);
        int k = flow_build_colour(&b, label);
        flow_build_endpoint(&b, f->sub[f->spans[j].first], k);
        flow_build_endpoint(&b, f->sub[f->spans[j].last], k);
    }
    gopt_flow_puzzle *w = flow_build_finish(&b, false);
    w->untouching = false;
    return w;
}

/* Solves the window: the complete sweep (the grid sweep on boxes, the graph sweep
 * otherwise), then SAT, each within a fixed amount of work. */
static gopt_flow_solution *solve_window(filler *f, gopt_flow_puzzle *w, const flow_run *parent) {
    gopt_flow_solution *sol = NULL;
    char why[200];
    if (!flow_topology_ok(w, why, sizeof why)) { /* stretches that would cross: no filling */
        f->crossed++;
        return NULL;
    }
    for (int step = 0; step < 2 && !sol; step++) {
        gopt_answer a = {0};
        flow_run r = {.p = w, .count = 1, .a = &a, .deadline = parent->deadline, .race = parent->race, .conflicts = WINDOW_CONFLICTS};
        gopt_status st = step == 0 ? flow_solve_search(&r, false, WINDOW_SWEEP_NODES) : flow_solve_sat(&r);
        f->nodes_spent += gopt_counter_get(&a.counters, "nodes");
        f->conflicts_spent += gopt_counter_get(&a.counters, "conflicts");
        if (st == GOPT_SOLVED) sol = a.solution;
        else gopt_flow_solution_free(a.solution);
        if (st == GOPT_INFEASIBLE) break; /* proven */
    }
    return sol;
}

/* The chessboard count (docs/methods.md, parity): a path between two cells of one colour
 * holds one more cell of that colour, so in each connected part of the window the cells'
 * surplus of one colour over the other must be what its stretches' ends give; equivalently
 * every link joins the two colours, so the links still needed at each colour's cells (two
 * inside, one at a stretch's end) sum to the same. Windows failing it cannot be filled and
 * are not tried. */
static bool balanced(filler *f) {
    if (!f->side) return true;
    const gopt_flow_puzzle *p = f->p;
    int pass = ++f->pass;
    for (int j = 0; j < f->nspans; j++) f->mark[f->spans[j].first] = f->mark[f->spans[j].last] = -pass;
    for (int i = 0; i < f->nwin; i++) {
        int root = f->nodes[i];
        if (f->mark[root] == pass) continue;
        long sum = 0;
        int head = 0, tail = 0;
        f->queue[tail++] = root;
        sum += (f->mark[root] == -pass ? 1 : 2) * (f->side[root] ? 1 : -1);
        f->mark[root] = pass;
        while (head < tail) {
            int v = f->queue[head++];
            for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++) {
                int u = l->node;
                if (f->sub[u] < 0 || f->mark[u] == pass) continue;
                sum += (f->mark[u] == -pass ? 1 : 2) * (f->side[u] ? 1 : -1);
                f->mark[u] = pass;
                f->queue[tail++] = u;
            }
        }
        if (sum != 0) return false;
    }
    return true;
}

/* Fills the window collected in f (f->nodes, f->sub) when it holds c; true when it did. */
static bool try_collected(filler *f, int c, const flow_run *parent) {
    bool ok = false;
    if (f->sub[c] >= 0 && f->nspans > 0 && balanced(f)) {
        gopt_flow_puzzle *w = window_puzzle(f);
        f->windows++;
        gopt_flow_solution *sol = solve_window(f, w, parent);
        if (sol) {
            for (int e = 0; e < w->nedges; e++) f->s->used[f->edge_of[e]] = sol->used[e];
            for (int i = 0; i < f->nwin; i++) {
                int v = f->nodes[i];
                if (f->s->colour[v] < 0) f->empty--;
                f->s->colour[v] = f->spans[sol->colour[f->sub[v]]].colour;
            }
            if (f->removed >= 0) { /* the hole moved there */
                int y = f->removed;
                for (const gopt_flow_link *l = flow_links(f->p, y), *end = l + flow_degree(f->p, y); l < end; l++)
                    f->s->used[l->edge] = 0;
                f->s->colour[y] = -1;
                f->empty++;
            }
            f->filled++;
            ok = true;
        }
        gopt_flow_solution_free(sol);
        gopt_flow_free(w);
    }
    for (int i = 0; i < f->nwin; i++) f->sub[f->nodes[i]] = -1;
    return ok;
}

static bool try_window(filler *f, int c, int centre, int R, const flow_run *parent) {
    collect(f, centre, R);
    if (f->sub[c] >= 0) find_spans(f);
    return try_collected(f, c, parent);
}

/* The nearest empty node of the other chess colour than c, by a breadth-first walk from c
 * that leaves in f->depth the node each one was reached from; -1 when there is none. */
static int nearest_other(filler *f, int c) {
    const gopt_flow_puzzle *p = f->p;
    int pass = ++f->pass, head = 0, tail = 0;
    f->queue[tail++] = c;
    f->mark[c] = pass;
    f->depth[c] = -1;
    while (head < tail) {
        int v = f->queue[head++];
        for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++) {
            int u = l->node;
            if (f->mark[u] == pass) continue;
            f->mark[u] = pass;
            f->depth[u] = v;
            f->queue[tail++] = u;
            if (f->s->colour[u] < 0 && f->side[u] != f->side[c]) return u;
        }
    }
    return -1;
}

/* Whole paths: the window holds every cell of the colours within R links of c, the empty
 * cells within R links and the other colour's nearest hole d: the colours may share out
 * their cells afresh, which changes where each one runs, not only how it winds. Windows made
 * of boxes cannot do that: two endpoints side by side at a border can lock a hole in. */
static bool try_colours(filler *f, int c, int d, int R, const flow_run *parent) {
    const gopt_flow_puzzle *p = f->p;
    int pass = ++f->pass, head = 0, tail = 0;
    f->nwin = 0;
    f->queue[tail++] = c;
    f->mark[c] = pass;
    f->depth[c] = 0;
    if (++f->stamp == 0) {
        memset(f->seen_colour, 0, ((size_t)p->ncolours + 1) * sizeof *f->seen_colour);
        f->stamp = 1;
    }
    unsigned stamp = f->stamp;
    int *colours = f->centres, ncolours = 0; /* (room for 64) */
    while (head < tail) {
        int v = f->queue[head++], k = f->s->colour[v];
        if (k < 0) f->sub[v] = 0, f->nodes[f->nwin++] = v;
        else if (f->seen_colour[k] != stamp && ncolours < 64) f->seen_colour[k] = stamp, colours[ncolours++] = k;
        if (f->depth[v] == R) continue;
        for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++)
            if (f->mark[l->node] != pass) {
                f->mark[l->node] = pass;
                f->depth[l->node] = f->depth[v] + 1;
                f->queue[tail++] = l->node;
            }
    }
    if (d >= 0 && f->sub[d] < 0) f->sub[d] = 0, f->nodes[f->nwin++] = d;
    for (int i = 0; i < ncolours; i++) {
        int len = walk_path(f, colours[i]);
        for (int j = 0; j < len && f->nwin <= MAX_WINDOW; j++) f->sub[f->walk[j]] = 0, f->nodes[f->nwin++] = f->walk[j];
    }
    if (f->nwin > MAX_WINDOW) {
        for (int i = 0; i < f->nwin; i++) f->sub[f->nodes[i]] = -1;
        return false;
    }
    find_spans(f);
    return try_collected(f, c, parent);
}

/* Moves the hole at c towards the nearest hole of the other chess colour: the window around
 * c is filled except for one covered cell of c's colour on the way there, which its path
 * gives up (the cell must lie inside a stretch, so the path can go round it). The window
 * then balances as one with both holes would; repeated, the holes meet. */
static bool try_move_hole(filler *f, int c, int R, const flow_run *parent) {
    if (!f->side) return false;
    int d = nearest_other(f, c);
    if (d < 0) return false;
    /* the route from c to d, c first */
    int len = 0;
    for (int v = d; v >= 0; v = f->depth[v]) f->walk[len++] = v;
    for (int a = 0, b = len - 1; a < b; a++, b--) {
        int t = f->walk[a];
        f->walk[a] = f->walk[b];
        f->walk[b] = t;
    }
    int *route = gopt_malloc((size_t)len * sizeof *route);
    memcpy(route, f->walk, (size_t)len * sizeof *route);
    collect(f, c, R);
    find_spans(f);
    /* the farthest route node of c's colour inside a stretch */
    int y = -1;
    for (int i = 2; i < len && f->sub[route[i]] >= 0; i += 2) {
        int v = route[i];
        if (f->s->colour[v] < 0 || f->p->colour[v] >= 0) continue;
        bool end = false;
        for (int j = 0; j < f->nspans && !end; j++) end = f->spans[j].first == v || f->spans[j].last == v;
        if (!end) y = v;
    }
    free(route);
    if (y < 0) {
        for (int i = 0; i < f->nwin; i++) f->sub[f->nodes[i]] = -1;
        return false;
    }
    /* y leaves the window, and so does d when the window reached it (it stays the hole the
     * other one is walking to) */
    int m = 0;
    for (int i = 0; i < f->nwin; i++)
        if (f->nodes[i] != y && f->nodes[i] != d) f->nodes[m++] = f->nodes[i];
    f->nwin = m;
    f->sub[y] = f->sub[d] = -1;
    f->removed = y;
    bool ok = try_collected(f, c, parent);
    f->removed = -1;
    return ok;
}

/* Windows around c, smallest first; of each size those centred on c and on the nodes up to
 * two links away (a window shifted by a cell often balances where the centred one does
 * not), at most WINDOW_TRIES of them solved. */
#define WINDOW_TRIES 3
/* Holes this many links apart or nearer are joined by one window. */
#define NEAR_HOLES 10
static bool fill_around(filler *f, int c, const flow_run *parent) {
    const gopt_flow_puzzle *p = f->p;
    int n = 0, pass = ++f->pass;
    f->centres[n++] = c;
    f->mark[c] = pass;
    for (int i = 0; i < n && i < 1 + 4 + 8; i++) {
        int v = f->centres[i];
        for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++)
            if (f->mark[l->node] != pass && n < 32) {
                f->mark[l->node] = pass;
                f->centres[n++] = l->node;
            }
    }
    for (int i = 0; i < NRADII; i++) {
        int64_t before = f->windows;
        for (int j = 0; j < n && f->windows - before < WINDOW_TRIES; j++)
            if (try_window(f, c, f->centres[j], radii[i], parent)) return true;
    }
    /* No window around c balances or fills: take in whole paths around it (and the other
     * colour's hole when it is near), else walk the hole towards that one. */
    int d = f->side ? nearest_other(f, c) : -1, far = 0;
    if (d < 0) return false;
    for (int v = d; v != c; v = f->depth[v]) far++;
    for (int R = 1; R <= 4; R++)
        if (try_colours(f, c, far <= NEAR_HOLES ? d : -1, R, parent)) return true;
    for (int i = 1; i < NRADII; i++)
        if (try_move_hole(f, c, radii[i], parent)) return true;
    return false;
}

/* An empty node beside a coloured one, from `from` on (cyclically); -1 when none is left
 * that has not failed since the last window that helped. */
static int next_empty(const filler *f, int from, const uint8_t *failed) {
    const gopt_flow_puzzle *p = f->p;
    for (int i = 0; i < f->n; i++) {
        int v = (from + i) % f->n;
        if (f->s->colour[v] >= 0 || failed[v]) continue;
        for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++)
            if (f->s->colour[l->node] >= 0) return v;
    }
    return -1;
}

/* One attempt: route (with noise from `seed` after the first), then fill. */
static gopt_status fill_attempt(flow_run *r, uint64_t seed, int64_t *windows) {
    const gopt_flow_puzzle *p = r->p;
    gopt_answer *a = r->a;
    /* 1. route: a partial-coverage solution */
    gopt_flow_puzzle loose = *p;
    loose.partial = true;
    gopt_answer routed = {0};
    flow_run rr = *r;
    rr.p = &loose;
    rr.a = &routed;
    rr.route_seed = seed;
    gopt_status st = flow_solve_route(&rr, 300);
    gopt_counters_merge(&a->counters, &routed.counters);
    if (st != GOPT_SOLVED) {
        gopt_flow_solution_free(routed.solution);
        snprintf(a->note, sizeof a->note, "route and fill: the router did not settle");
        return GOPT_LIMIT;
    }
    /* 2. fill */
    filler f = {.p = p, .s = routed.solution, .n = p->nnodes};
    size_t n = (size_t)p->nnodes + 1;
    f.sub = gopt_malloc(n * sizeof *f.sub);
    for (int v = 0; v < p->nnodes; v++) f.sub[v] = -1;
    f.nodes = gopt_malloc(n * sizeof *f.nodes);
    f.depth = gopt_malloc(n * sizeof *f.depth);
    f.walk = gopt_malloc(n * sizeof *f.walk);
    f.spans = gopt_malloc(n * sizeof *f.spans);
    f.edge_of = gopt_malloc(((size_t)p->nedges + 1) * sizeof *f.edge_of);
    f.seen_colour = gopt_calloc((size_t)p->ncolours + 1, sizeof *f.seen_colour);
    uint8_t *failed = gopt_calloc(n, 1);
    f.queue = gopt_malloc(n * sizeof *f.queue);
    f.mark = gopt_calloc(n, sizeof *f.mark);
    f.centres = gopt_malloc(64 * sizeof *f.centres);
    f.side = two_colouring(p);
    f.removed = -1;
    for (int v = 0; v < p->nnodes; v++) f.empty += f.s->colour[v] < 0;
    int at = 0;
    int64_t since = 0; /* windows solved when one last helped */
    bool stopped = false;
    while (f.empty > 0) {
        if (flow_stopped(r)) {
            stopped = true;
            break;
        }
        int c = next_empty(&f, at, failed);
        if (c < 0 || f.windows - since > STUCK_WINDOWS) break;
        if (fill_around(&f, c, r)) {
            since = f.windows;
            memset(failed, 0, n);
            at = c;
        } else {
            failed[c] = 1;
        }
    }
    gopt_counter_add(&a->counters, "nodes", f.nodes_spent);
    gopt_counter_add(&a->counters, "conflicts", f.conflicts_spent);
    *windows += f.windows;
    gopt_status result = GOPT_LIMIT;
    if (f.empty == 0) {
        a->solution = f.s;
        a->solutions = 1;
        f.s = NULL;
        result = GOPT_SOLVED;
    } else {
        snprintf(a->note, sizeof a->note, "route and fill: %d cells left empty%s", f.empty,
                 stopped ? " when it was stopped" : " that no window could fill");
    }
    gopt_flow_solution_free(f.s);
    free(f.sub);
    free(f.nodes);
    free(f.depth);
    free(f.walk);
    free(f.spans);
    free(f.edge_of);
    free(f.seen_colour);
    free(failed);
    free(f.queue);
    free(f.mark);
    free(f.centres);
    free(f.side);
    return stopped ? GOPT_ERROR : result; /* (GOPT_ERROR here: stopped, no further attempt) */
}


gopt_status flow_solve_fill(flow_run *r) {
    r->a->method = "search";
    int64_t windows = 0;
    gopt_status st = GOPT_LIMIT;
    for (int attempt = 0; attempt < FILL_ATTEMPTS; attempt++) {
        st = fill_attempt(r, (uint64_t)attempt, &windows);
        if (st != GOPT_LIMIT) break;
    }
    gopt_counter_add(&r->a->counters, "fill_windows", windows);
    return st == GOPT_ERROR ? GOPT_LIMIT : st;
}
