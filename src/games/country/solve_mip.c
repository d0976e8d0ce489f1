/* The MIP method: the integer program of the seed article ("ILP series part 58"), made
 * correct by the single-loop rule it leaves out, added lazily with the same separator as
 * the SAT method, and solved by CBC.
 *
 * The seed's model, linearized: the seed has four direction variables per cell with
 * equalities joining neighbours (right of one cell = left of the next); we keep one binary
 * per edge instead, which is what those equalities say. Its "0 or 2 directions" per cell
 * (isEmpty | isInOut) becomes sum(edges at c) = 2 y_c with y_c binary, so y_c is the seed's
 * "cell used" disjunction. Its other rows: y_u + y_v >= 1 across a room border; sum of
 * y_c over a numbered room = its number; and the crossing edges of every room sum to 2
 * (in the variant, to 2 v_r with v_r binary). Zero objective, as in the seed.
 * Columns follow the SAT layout (edge e = column e, cell c = column nedges + c), so the
 * separator reads both engines alike and adds rows sum(delta) >= 2 (...) here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static gopt_mip *build(const country_graph *g) {
    const gopt_country_puzzle *p = g->p;
    gopt_mip *m = gopt_mip_new(p->name ? p->name : "country");
    char name[64];
    for (int e = 0; e < g->nedges; e++) {
        snprintf(name, sizeof name, "e%d_%d", g->eu[e], g->ev[e]);
        gopt_mip_col(m, name, GOPT_MIP_BINARY, 0, 1, 0);
    }
    for (int c = 0; c < g->ncells; c++) {
        snprintf(name, sizeof name, "y%d", c);
        gopt_mip_col(m, name, GOPT_MIP_BINARY, 0, p->room[c] == GOPT_COUNTRY_HOLE ? 0 : 1, 0);
    }
    int cap = g->ncells + g->nedges + 2;
    int *cols = gopt_malloc((size_t)cap * sizeof *cols);
    double *coef = gopt_malloc((size_t)cap * sizeof *coef);
    for (int c = 0; c < g->ncells; c++) {
        if (p->room[c] == GOPT_COUNTRY_HOLE) continue;
        int n = 0;
        for (int d = 0; d < 4; d++)
            if (g->cell_edge[4 * c + d] >= 0) cols[n] = g->cell_edge[4 * c + d], coef[n++] = 1;
        cols[n] = g->nedges + c, coef[n++] = -2;
        snprintf(name, sizeof name, "degree%d", c);
        gopt_mip_row(m, name, n, cols, coef, '=', 0);
    }
    for (int c = 0; c < g->ncells; c++)
        for (gopt_dir d = GOPT_E; d <= GOPT_S; d++) {
            if (!gopt_country_border(p, c, d)) continue;
            int v = gopt_grid_step(p->size, c, d);
            cols[0] = g->nedges + c, cols[1] = g->nedges + v, coef[0] = coef[1] = 1;
            snprintf(name, sizeof name, "border%d_%d", c, v);
            gopt_mip_row(m, name, 2, cols, coef, '>', 1);
        }
    for (int r = 0; r < p->nrooms; r++) {
        if (p->number[r] < 0) continue;
        int n = 0;
        for (int c = 0; c < g->ncells; c++)
            if (p->room[c] == r) cols[n] = g->nedges + c, coef[n++] = 1;
        snprintf(name, sizeof name, "number%d", r);
        gopt_mip_row(m, name, n, cols, coef, '=', p->number[r]);
    }
    for (int r = 0; r < p->nrooms && p->nrooms >= 2; r++) {
        int n = 0;
        for (int i = g->room_cross_at[r]; i < g->room_cross_at[r + 1]; i++) cols[n] = g->room_cross[i], coef[n++] = 1;
        if (p->empty_rooms) {
            snprintf(name, sizeof name, "v%d", r);
            cols[n] = gopt_mip_col(m, name, GOPT_MIP_BINARY, 0, 1, 0), coef[n++] = -2;
        }
        snprintf(name, sizeof name, "cross%d", r);
        gopt_mip_row(m, name, n, cols, coef, '=', p->empty_rooms ? 0 : 2);
    }
    int n = 0;
    for (int c = 0; c < g->ncells; c++)
        if (p->room[c] != GOPT_COUNTRY_HOLE) cols[n] = g->nedges + c, coef[n++] = 1;
    gopt_mip_row(m, "someloop", n, cols, coef, '>', 1);
    free(cols);
    free(coef);
    return m;
}

/* Runs the lazy loop with enumeration on a built model. */
static void enumerate(country_run *run, country_graph *g, gopt_mip *m) {
    gopt_cuts loop = {.separate = country_separate, .user = g};
    bool *on = gopt_malloc((size_t)(g->nedges + 1) * sizeof *on);
    int *cols = gopt_malloc((size_t)(g->nedges + 1) * sizeof *cols);
    double *one = gopt_malloc((size_t)(g->nedges + 1) * sizeof *one);
    double start = gopt_now();
    while (run->found < run->count) {
        if (run->time_limit > 0) {
            double left = run->time_limit - (gopt_now() - start);
            if (left <= 0) {
                run->limit = true;
                break;
            }
            gopt_mip_set_time_limit(m, left);
        }
        gopt_cuts_result r = gopt_cuts_mip(m, &loop);
        if (r == GOPT_CUTS_NONE) run->complete = true;
        if (r != GOPT_CUTS_FOUND && r != GOPT_CUTS_FEASIBLE) {
            run->limit = r == GOPT_CUTS_LIMIT;
            break;
        }
        /* No-good: not all edges of this loop again. */
        int n = 0;
        for (int e = 0; e < g->nedges; e++) {
            on[e] = gopt_mip_bool(m, e);
            if (on[e]) cols[n] = e, one[n++] = 1;
        }
        if (run->found == 0) country_graph_dirs(g, on, run->first);
        if (run->found == 1 && run->second) country_graph_dirs(g, on, run->second);
        run->found++;
        gopt_mip_row(m, NULL, n, cols, one, '<', n - 1);
    }
    run->rounds += loop.rounds;
    free(on);
    free(cols);
    free(one);
}

void country_solve_mip(country_run *run) {
    country_graph g;
    country_graph_init(&g, run->p);
    gopt_mip *m = build(&g);
    enumerate(run, &g, m);
    run->cuts += g.cuts;
    run->room_cuts += g.room_cuts;
    gopt_mip_add_counters(m, &run->counters);
    gopt_mip_free(m);
    country_graph_free(&g);
}

gopt_mip *gopt_country_mip_model(const gopt_country_puzzle *p, bool with_cuts) {
    country_graph g;
    country_graph_init(&g, p);
    gopt_mip *m = build(&g);
    if (with_cuts) {
        /* Solve once: the cuts the loop needed stay in the model. */
        gopt_cuts loop = {.separate = country_separate, .user = &g};
        gopt_cuts_mip(m, &loop);
    }
    country_graph_free(&g);
    return m;
}
