/* Decided cells and two solutions of a Flow puzzle, under its path convention.
 *
 * The model is solve_sat.c's counting model (sat_model.h): with its lazy cycle cuts, its accepted
 * answers are exactly the solutions under the convention (the tidy rules of the one-solution
 * race would drop solutions, so they are not used here). Decided: the backbone over every
 * colour variable x(v,k), every "used" variable of partial coverage and every link
 * (gameopt/backbone.h): a node is decided with colour k when x(v,k) holds in every solution,
 * decided empty when "used" holds in none. Two solutions: the first, then the one that changes
 * the fewest links of it (gopt_cuts_other). Every solution shown passes the checker. */
#include <stdlib.h>
#include <string.h>

#include "assist.h"
#include "gameopt/timer.h"

typedef struct keep {
    flow_sat *f;
    gopt_flow_solution *first;
} keep;

static void keep_first(void *user, gopt_sat *s) {
    (void)s;
    keep *k = user;
    if (!k->first) k->first = flow_sat_solution(k->f);
}

static gopt_status checked(const gopt_flow_puzzle *p, const gopt_flow_solution *s, gopt_status ok) {
    char why[256];
    return gopt_flow_check(p, s, why, sizeof why) ? ok : GOPT_ERROR;
}

gopt_flow_decided *gopt_flow_decided_of(const gopt_flow_puzzle *p, const gopt_assist_options *o) {
    gopt_flow_decided *d = gopt_calloc(1, sizeof *d);
    flow_sat *f = flow_sat_new(p);
    gopt_sat *s = flow_sat_solver(f);
    if (o && o->time_limit > 0) gopt_sat_set_time_limit(s, o->time_limit);
    int n = p->nnodes;
    /* The variables: per node not an endpoint, the one that says what a first solution has there
     * (its colour x(v, k), or "used" when it is empty); every link. A node is decided exactly when
     * that variable is: the other colours need no test of their own. */
    int *vars = gopt_malloc(((size_t)n + (size_t)p->nedges + 1) * sizeof *vars), nv = 0;
    gopt_flow_solution *sol = NULL;
    gopt_cuts_result r = flow_first_solution(f, p, NULL, 0, false, &sol, NULL);
    for (int v = 0; v < n && sol; v++)
        if (p->colour[v] < 0) vars[nv++] = sol->colour[v] >= 0 ? flow_sat_colour(f, v, sol->colour[v]) : flow_sat_on(f, v);
    int first_edge = nv;
    for (int e = 0; e < p->nedges; e++) vars[nv++] = flow_sat_edge(f, e);
    uint8_t *value = gopt_malloc((size_t)nv + 1);
    keep k = {f, NULL};
    if (r == GOPT_CUTS_FOUND) r = gopt_backbone(s, flow_sat_loop(f), vars, nv, value, keep_first, &k, &d->stats);
    d->status = r == GOPT_CUTS_NONE ? GOPT_INFEASIBLE : r == GOPT_CUTS_LIMIT ? GOPT_LIMIT : GOPT_SOLVED;
    d->solutions = d->stats.answers >= 2 ? 2 : r == GOPT_CUTS_FOUND ? 1 : d->stats.answers;
    d->known.nnodes = n;
    d->known.nedges = p->nedges;
    d->known.colour = gopt_malloc(((size_t)n + 1) * sizeof *d->known.colour);
    d->known.edge = gopt_malloc((size_t)p->nedges + 1);
    for (int v = 0, i = 0; v < n; v++) {
        if (p->colour[v] >= 0) {
            d->known.colour[v] = p->colour[v];
        } else {
            int c = GOPT_FLOW_OPEN;
            if (r != GOPT_CUTS_NONE && sol) {
                uint8_t x = value[i++];
                if (sol->colour[v] >= 0 && x == GOPT_BB_TRUE) c = sol->colour[v];
                if (sol->colour[v] < 0 && x == GOPT_BB_FALSE) c = GOPT_FLOW_EMPTY;
            }
            d->known.colour[v] = c;
        }
        if (d->known.colour[v] == GOPT_FLOW_OPEN) d->open++;
        else d->decided++;
    }
    for (int e = 0; e < p->nedges; e++) {
        uint8_t x = sol ? value[first_edge + e] : GOPT_BB_UNKNOWN;
        d->known.edge[e] = (int8_t)(x == GOPT_BB_TRUE ? 1 : x == GOPT_BB_FALSE ? 0 : -1);
    }
    d->first = k.first;
    gopt_flow_solution_free(sol);
    if (d->first) d->status = checked(p, d->first, d->status);
    free(vars);
    free(value);
    flow_sat_free(f);
    return d;
}

void gopt_flow_decided_free(gopt_flow_decided *d) {
    if (!d) return;
    gopt_flow_known_free(&d->known);
    gopt_flow_solution_free(d->first);
    free(d);
}

/* ---------------------------------------------------------------- two solutions */

gopt_flow_pair *gopt_flow_pair_of(const gopt_flow_puzzle *p, const gopt_assist_options *o) {
    gopt_flow_pair *x = gopt_calloc(1, sizeof *x);
    double limit = o ? o->time_limit : 0, start = gopt_now();
    flow_sat *f = flow_sat_new(p);
    gopt_sat *s = flow_sat_solver(f);
    if (limit > 0) gopt_sat_set_time_limit(s, limit);
    gopt_cuts_result r = gopt_cuts_sat(s, flow_sat_loop(f));
    if (r != GOPT_CUTS_FOUND) {
        x->status = r == GOPT_CUTS_NONE ? GOPT_INFEASIBLE : GOPT_LIMIT;
        flow_sat_free(f);
        return x;
    }
    x->solutions = 1;
    x->first = flow_sat_solution(f);
    int ne = p->nedges;
    int *vars = gopt_malloc(((size_t)ne + 1) * sizeof *vars);
    uint8_t *first = gopt_malloc((size_t)ne + 1), *other = gopt_malloc((size_t)ne + 1);
    for (int e = 0; e < ne; e++) vars[e] = flow_sat_edge(f, e), first[e] = x->first->used[e];
    /* a solution's paths are its links: "other links" is "another solution" */
    r = gopt_cuts_other(s, flow_sat_loop(f), vars, ne, first, true, start + (limit > 0 ? limit : 5.0), other);
    x->status = r == GOPT_CUTS_LIMIT ? GOPT_LIMIT : GOPT_SOLVED;
    if (r == GOPT_CUTS_FOUND) {
        x->solutions = 2;
        x->second = gopt_flow_solution_new(p);
        memcpy(x->second->used, other, (size_t)ne);
        gopt_flow_solution_paint(p, x->second);
        x->differ = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *x->differ);
        for (int v = 0; v < p->nnodes; v++) {
            bool differs = x->first->colour[v] != x->second->colour[v];
            for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end && !differs; l++)
                differs = x->first->used[l->edge] != x->second->used[l->edge];
            if (differs) x->differ[x->ndiffer++] = v;
        }
        x->status = checked(p, x->second, x->status);
    }
    x->status = checked(p, x->first, x->status);
    free(vars);
    free(first);
    free(other);
    flow_sat_free(f);
    return x;
}

void gopt_flow_pair_free(gopt_flow_pair *x) {
    if (!x) return;
    gopt_flow_solution_free(x->first);
    gopt_flow_solution_free(x->second);
    free(x->differ);
    free(x);
}

gopt_cuts_result flow_first_solution(flow_sat *f, const gopt_flow_puzzle *p, const int *lits, int n, bool second,
                                     gopt_flow_solution **out, long *solutions) {
    *out = NULL;
    if (solutions) *solutions = 0;
    gopt_sat *s = flow_sat_solver(f);
    gopt_cuts_result r = gopt_cuts_sat_assuming(s, flow_sat_loop(f), lits, n);
    if (r != GOPT_CUTS_FOUND) return r;
    *out = flow_sat_solution(f);
    if (checked(p, *out, GOPT_SOLVED) != GOPT_SOLVED) {
        gopt_flow_solution_free(*out);
        *out = NULL;
        return GOPT_CUTS_LIMIT;
    }
    if (solutions) *solutions = 1;
    if (!second) return r;
    int ne = p->nedges, *vars = gopt_malloc(((size_t)ne + 1) * sizeof *vars);
    uint8_t *first = gopt_malloc((size_t)ne + 1), *other = gopt_malloc((size_t)ne + 1);
    for (int e = 0; e < ne; e++) vars[e] = flow_sat_edge(f, e), first[e] = (*out)->used[e];
    gopt_cuts_result r2 = gopt_cuts_other(s, flow_sat_loop(f), vars, ne, first, false, 0, other);
    if (r2 == GOPT_CUTS_FOUND) *solutions = 2;
    free(vars);
    free(first);
    free(other);
    return r2 == GOPT_CUTS_LIMIT ? r2 : r;
}
