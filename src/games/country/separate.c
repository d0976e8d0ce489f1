/* The edge graph under both solver models, and the separator that makes their answers one
 * loop (the rule the seed's integer program leaves out).
 *
 * The relaxed models give every cell degree 0 or 2, so an answer is a set of disjoint
 * cycles. One cycle is accepted. Otherwise we group cycles that share a room; no used edge
 * leaves a group's rooms (an edge leaving them would belong to a cycle touching a room
 * inside and one outside, which the grouping would have merged).
 *  - Two groups or more: a room-set cut for a group with rooms U. The loop must cross the
 *    boundary of U when it has to be both inside U and outside U. In the standard rules
 *    every room is visited, so the cut is the clause "some edge of delta(U)" outright; in
 *    the variant only numbered rooms (number >= 1) must be visited, and the cut keeps the
 *    conditions it cannot prove: (-x_s) | (-x_t) | delta(U), with s a used cell in U and t
 *    a used cell outside. The current answer uses no edge of delta(U): violated.
 *  - One group (cycles inside rooms that another cycle also visits): a subtour cut per
 *    cycle on its cells S: (-x_s) | (-x_t) | delta(S), where -x_t drops when a room that
 *    must be visited has no cell in S, and -x_s drops when all cells of such a room lie
 *    in S.
 * Each cut only says a single loop containing cells on both sides crosses the boundary,
 * so it holds for every solution: the loop is exact (see gameopt/cuts.h). A MIP gets the
 * stronger row sum(delta) >= 2 (x_s + x_t - 1) with the dropped conditions set to 1. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static void *alloc_n(int n, size_t size) { return gopt_calloc((size_t)(n > 0 ? n : 1), size); }

void country_graph_init(country_graph *g, const gopt_country_puzzle *p) {
    memset(g, 0, sizeof *g);
    g->p = p;
    gopt_grid size = p->size;
    int n = g->ncells = gopt_grid_cells(size);
    g->cell_edge = alloc_n(4 * n, sizeof *g->cell_edge);
    g->eu = alloc_n(2 * n, sizeof *g->eu);
    g->ev = alloc_n(2 * n, sizeof *g->ev);
    for (int i = 0; i < 4 * n; i++) g->cell_edge[i] = -1;
    for (int c = 0; c < n; c++) {
        if (p->room[c] == GOPT_COUNTRY_HOLE) continue;
        for (gopt_dir d = GOPT_E; d <= GOPT_S; d++) {
            int v = gopt_grid_step(size, c, d);
            /* No edge through a stray border inside a room: the loop may not cross it. */
            if (v < 0 || p->room[v] == GOPT_COUNTRY_HOLE || (p->wall && (p->wall[c] & GOPT_DIR_BIT(d)))) continue;
            int e = g->nedges++;
            g->eu[e] = c, g->ev[e] = v;
            g->cell_edge[4 * c + d] = e;
            g->cell_edge[4 * v + gopt_dir_opposite(d)] = e;
        }
    }
    /* Crossing edges per room, in two passes (count, then fill). */
    int nrooms = p->nrooms;
    g->room_cross_at = alloc_n(nrooms + 1, sizeof *g->room_cross_at);
    g->room_cross = alloc_n(2 * g->nedges, sizeof *g->room_cross);
    for (int e = 0; e < g->nedges; e++) {
        int a = p->room[g->eu[e]], b = p->room[g->ev[e]];
        if (a != b) g->room_cross_at[a + 1]++, g->room_cross_at[b + 1]++;
    }
    for (int r = 0; r < nrooms; r++) g->room_cross_at[r + 1] += g->room_cross_at[r];
    int *fill = alloc_n(nrooms, sizeof *fill);
    for (int e = 0; e < g->nedges; e++) {
        int a = p->room[g->eu[e]], b = p->room[g->ev[e]];
        if (a == b) continue;
        g->room_cross[g->room_cross_at[a] + fill[a]++] = e;
        g->room_cross[g->room_cross_at[b] + fill[b]++] = e;
    }
    free(fill);
    g->comp = alloc_n(n, sizeof *g->comp);
    g->stack = alloc_n(n, sizeof *g->stack);
    g->parent = alloc_n(n, sizeof *g->parent);
    g->cycle_cell = alloc_n(n, sizeof *g->cycle_cell);
    g->lits = alloc_n(g->nedges + 2, sizeof *g->lits);
    g->cols = alloc_n(g->nedges + 2, sizeof *g->cols);
    g->coef = alloc_n(g->nedges + 2, sizeof *g->coef);
    g->room_mark = alloc_n(nrooms, sizeof *g->room_mark);
    g->room_count = alloc_n(nrooms, sizeof *g->room_count);
    g->group = alloc_n(nrooms, sizeof *g->group);
}

void country_graph_free(country_graph *g) {
    free(g->cell_edge);
    free(g->eu);
    free(g->ev);
    free(g->room_cross_at);
    free(g->room_cross);
    free(g->comp);
    free(g->stack);
    free(g->parent);
    free(g->cycle_cell);
    free(g->lits);
    free(g->cols);
    free(g->coef);
    free(g->room_mark);
    free(g->room_count);
    free(g->group);
    memset(g, 0, sizeof *g);
}

void country_graph_dirs(const country_graph *g, const bool *edge_on, uint8_t *dirs) {
    memset(dirs, 0, (size_t)g->ncells);
    for (int e = 0; e < g->nedges; e++) {
        if (!edge_on[e]) continue;
        bool horizontal = g->ev[e] == g->eu[e] + 1 && g->eu[e] / g->p->size.w == g->ev[e] / g->p->size.w;
        dirs[g->eu[e]] |= (uint8_t)GOPT_DIR_BIT(horizontal ? GOPT_E : GOPT_S);
        dirs[g->ev[e]] |= (uint8_t)GOPT_DIR_BIT(horizontal ? GOPT_W : GOPT_N);
    }
}

/* A room the loop has to visit. */
static bool must_visit(const gopt_country_puzzle *p, int room) { return !p->empty_rooms || p->number[room] >= 1; }

static int find(int *parent, int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
}

/* Labels the cycles of the answer in g->comp; returns how many; first[k] is a cell of cycle k.
 * Degrees are 0 or 2 in every answer, so the components are cycles. */
static int label_cycles(country_graph *g, gopt_cut_sink *k, int *first) {
    int ncycles = 0;
    for (int c = 0; c < g->ncells; c++) g->comp[c] = -1;
    for (int c = 0; c < g->ncells; c++) {
        if (g->comp[c] >= 0 || !gopt_cut_value(k, country_cell_var(g, c))) continue;
        int top = 0;
        g->stack[top++] = c;
        g->comp[c] = ncycles;
        while (top) {
            int u = g->stack[--top];
            for (int d = 0; d < 4; d++) {
                int e = g->cell_edge[4 * u + d];
                if (e < 0 || !gopt_cut_value(k, country_edge_var(e))) continue;
                int v = g->eu[e] == u ? g->ev[e] : g->eu[e];
                if (g->comp[v] < 0) g->comp[v] = ncycles, g->stack[top++] = v;
            }
        }
        first[ncycles++] = c;
    }
    return ncycles;
}

/* Adds the cut "delta (in g->lits[0..n)) or -x_s or -x_t" (s, t < 0: left out): a clause, or
 * for a MIP the row sum(delta) - 2 x_s - 2 x_t >= 2 - 2 (conditions). */
static void add_cut(country_graph *g, gopt_cut_sink *k, int n, int s, int t) {
    int conditions = 0;
    for (int i = 0; i < n; i++) g->cols[i] = g->lits[i] - 1, g->coef[i] = 1;
    int m = n;
    int cond[2] = {s, t};
    for (int i = 0; i < 2; i++) {
        if (cond[i] < 0) continue;
        g->cols[m] = country_cell_var(g, cond[i]) - 1;
        g->coef[m++] = -2;
        conditions++;
    }
    if (gopt_cut_row(k, m, g->cols, g->coef, '>', 2.0 - 2.0 * conditions)) return;
    for (int i = 0; i < 2; i++)
        if (cond[i] >= 0) g->lits[n++] = -country_cell_var(g, cond[i]);
    gopt_cut_clause(k, g->lits, n);
}

/* Room-set cut for the rooms of group `grp` (g->group[r] == grp). */
static void room_cut(country_graph *g, gopt_cut_sink *k, int grp, int s, int t) {
    const gopt_country_puzzle *p = g->p;
    bool inside = false, outside = false;
    for (int r = 0; r < p->nrooms; r++) {
        if (!must_visit(p, r)) continue;
        if (g->group[r] == grp) inside = true;
        else outside = true;
    }
    int n = 0;
    for (int r = 0; r < p->nrooms; r++) {
        if (g->group[r] != grp) continue;
        for (int i = g->room_cross_at[r]; i < g->room_cross_at[r + 1]; i++) {
            int e = g->room_cross[i];
            int other = p->room[g->eu[e]] == r ? p->room[g->ev[e]] : p->room[g->eu[e]];
            if (g->group[other] != grp) g->lits[n++] = country_edge_var(e);
        }
    }
    add_cut(g, k, n, inside ? -1 : s, outside ? -1 : t);
    g->room_cuts++;
}

/* Subtour cut on the cells of cycle `cyc`. */
static void cell_cut(country_graph *g, gopt_cut_sink *k, int cyc, int s, int t) {
    const gopt_country_puzzle *p = g->p;
    memset(g->room_count, 0, (size_t)p->nrooms * sizeof *g->room_count);
    int n = 0;
    for (int c = 0; c < g->ncells; c++) {
        if (g->comp[c] != cyc) continue;
        g->room_count[p->room[c]]++;
        for (int d = 0; d < 4; d++) {
            int e = g->cell_edge[4 * c + d];
            if (e < 0) continue;
            int v = g->eu[e] == c ? g->ev[e] : g->eu[e];
            if (g->comp[v] != cyc) g->lits[n++] = country_edge_var(e);
        }
    }
    bool inside = false, outside = false;
    for (int r = 0; r < p->nrooms; r++) {
        if (!must_visit(p, r)) continue;
        if (g->room_count[r] == 0) outside = true;
        if (g->room_count[r] == p->room_size[r]) inside = true;
    }
    add_cut(g, k, n, inside ? -1 : s, outside ? -1 : t);
}

int country_separate(void *graph, gopt_cut_sink *k) {
    country_graph *g = graph;
    const gopt_country_puzzle *p = g->p;
    int *cycle_cell = g->cycle_cell;
    int ncycles = label_cycles(g, k, cycle_cell);
    if (ncycles <= 1) return 0;
    /* Group cycles sharing a room (union-find over cycles). */
    int *parent = g->parent;
    for (int i = 0; i < ncycles; i++) parent[i] = i;
    for (int r = 0; r < p->nrooms; r++) g->room_mark[r] = -1;
    for (int c = 0; c < g->ncells; c++) {
        if (g->comp[c] < 0) continue;
        int r = p->room[c];
        if (g->room_mark[r] < 0) g->room_mark[r] = g->comp[c];
        else parent[find(parent, g->comp[c])] = find(parent, g->room_mark[r]);
    }
    int ngroups = 0;
    for (int i = 0; i < ncycles; i++) ngroups += find(parent, i) == i;
    for (int r = 0; r < p->nrooms; r++) g->group[r] = g->room_mark[r] < 0 ? -1 : find(parent, g->room_mark[r]);
    int cuts = 0;
    if (ngroups >= 2) {
        /* With two groups, both cuts would be the same boundary. */
        for (int i = 0; i < ncycles && cuts < (ngroups == 2 ? 1 : ngroups); i++) {
            if (find(parent, i) != i) continue;
            int other = 0;
            while (find(parent, other) == i) other++;
            room_cut(g, k, i, cycle_cell[i], cycle_cell[other]);
            cuts++;
        }
    } else {
        for (int i = 0; i < ncycles; i++) {
            cell_cut(g, k, i, cycle_cell[i], cycle_cell[i == 0 ? 1 : 0]);
            cuts++;
        }
    }
    g->cuts += cuts;
    return cuts;
}
