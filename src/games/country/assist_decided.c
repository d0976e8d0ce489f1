/* Decided cells and two solutions.
 *
 * Decided: the backbone of the full model over every edge and cell variable (gameopt/backbone.h):
 * a value is decided when no accepted loop has the other one, which a chunked test proves (one
 * call for a unique puzzle); a value is open when two accepted loops disagree on it. Loops the
 * lazy loop cuts off never count either way, so the answer is exact whatever the cuts.
 *
 * Two solutions: the first loop, then a loop that differs on some edge, then, while the solver
 * finds one, a loop that changes fewer edges of the first (gopt_cuts_other: a totalizer over the
 * edges that differ, bounded under an assumption), so the differences shown are as small as the
 * puzzle allows. */
#include <stdlib.h>
#include <string.h>

#include "assist.h"
#include "gameopt/timer.h"

typedef struct seen {
    country_model *m;
    uint8_t *first;
    long answers;
} seen;

static void keep_first(void *user, gopt_sat *s) {
    (void)s;
    seen *x = user;
    if (x->answers++ == 0) country_model_loop(x->m, x->first);
}

/* A loop the solver found, run through the rule checker (never wrong: a failure is ours). */
static gopt_status checked(const gopt_country_puzzle *p, const uint8_t *dirs, gopt_status ok) {
    char why[256];
    return gopt_country_check(p, dirs, why, sizeof why) ? ok : GOPT_ERROR;
}

gopt_country_decided *gopt_country_decided_of(const gopt_country_puzzle *p, const gopt_assist_options *o) {
    gopt_country_decided *d = gopt_calloc(1, sizeof *d);
    country_model m;
    country_model_init(&m, p, o ? o->time_limit : 0);
    int n = country_model_nvars(&m);
    int *vars = gopt_malloc((size_t)n * sizeof *vars);
    uint8_t *value = gopt_malloc((size_t)n);
    for (int v = 0; v < n; v++) vars[v] = v + 1; /* edges then cells: variables 1..n */
    seen x = {&m, gopt_calloc((size_t)m.g.ncells + 1, 1), 0};
    gopt_cuts_result r = gopt_backbone(m.s, &m.loop, vars, n, value, keep_first, &x, &d->stats);
    d->status = r == GOPT_CUTS_NONE ? GOPT_INFEASIBLE : r == GOPT_CUTS_LIMIT ? GOPT_LIMIT : GOPT_SOLVED;
    d->solutions = x.answers >= 2 ? 2 : r == GOPT_CUTS_FOUND ? 1 : x.answers;
    int8_t *val = gopt_malloc((size_t)n);
    for (int v = 0; v < n; v++) val[v] = value[v] == GOPT_BB_TRUE ? 1 : value[v] == GOPT_BB_FALSE ? 0 : -1;
    country_known_from_values(&m.g, val, &d->known);
    for (int c = 0; c < m.g.ncells; c++) {
        if (p->room[c] == GOPT_COUNTRY_HOLE) continue;
        if (gopt_country_known_cell(&d->known, c)) d->decided++;
        else d->open++;
    }
    if (x.answers > 0) {
        d->loop = x.first;
        d->status = checked(p, d->loop, d->status);
    } else {
        free(x.first);
    }
    free(val);
    free(vars);
    free(value);
    country_model_free(&m);
    return d;
}

void gopt_country_decided_free(gopt_country_decided *d) {
    if (!d) return;
    gopt_country_known_free(&d->known);
    free(d->loop);
    free(d);
}

/* ---------------------------------------------------------------- two solutions */

gopt_country_pair *gopt_country_pair_of(const gopt_country_puzzle *p, const gopt_assist_options *o) {
    gopt_country_pair *x = gopt_calloc(1, sizeof *x);
    double limit = o ? o->time_limit : 0, start = gopt_now();
    country_model m;
    country_model_init(&m, p, limit);
    int n = m.g.ncells, ne = m.g.nedges;
    gopt_cuts_result r = gopt_cuts_sat(m.s, &m.loop);
    if (r != GOPT_CUTS_FOUND) {
        x->status = r == GOPT_CUTS_NONE ? GOPT_INFEASIBLE : GOPT_LIMIT;
        country_model_free(&m);
        return x;
    }
    x->solutions = 1;
    x->first = gopt_calloc((size_t)n + 1, 1);
    country_model_loop(&m, x->first);
    int *vars = gopt_malloc(((size_t)ne + 1) * sizeof *vars);
    uint8_t *first = gopt_malloc((size_t)ne + 1), *other = gopt_malloc((size_t)ne + 1);
    for (int e = 0; e < ne; e++) vars[e] = country_edge_var(e), first[e] = gopt_sat_val(m.s, vars[e]);
    /* the nearest second loop: a few seconds at most, within the time limit */
    r = gopt_cuts_other(m.s, &m.loop, vars, ne, first, true, start + (limit > 0 ? limit : 5.0), other);
    x->status = r == GOPT_CUTS_LIMIT ? GOPT_LIMIT : GOPT_SOLVED;
    if (r == GOPT_CUTS_FOUND) {
        x->solutions = 2;
        x->second = gopt_calloc((size_t)n + 1, 1);
        bool *on = gopt_malloc(((size_t)ne + 1) * sizeof *on);
        for (int e = 0; e < ne; e++) on[e] = other[e];
        country_graph_dirs(&m.g, on, x->second);
        free(on);
        x->differ = gopt_malloc((size_t)n * sizeof *x->differ);
        for (int c = 0; c < n; c++)
            if (x->first[c] != x->second[c]) x->differ[x->ndiffer++] = c;
        x->status = checked(p, x->second, x->status);
    }
    x->status = checked(p, x->first, x->status);
    free(vars);
    free(first);
    free(other);
    country_model_free(&m);
    return x;
}

void gopt_country_pair_free(gopt_country_pair *x) {
    if (!x) return;
    free(x->first);
    free(x->second);
    free(x->differ);
    free(x);
}
