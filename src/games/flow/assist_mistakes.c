/* Mistakes in a partial Flow answer: can some solution (under the path convention) still extend
 * every filled cell, and if not, which cells are wrong: those no solution colours that way, in
 * node order (the first unless every one is asked for), or, when each fits some solution alone,
 * a set of them that none fits together and from which none can be dropped
 * (gopt_cuts_wrong_marks, gameopt/backbone.h). Nothing else is revealed. */
#include <stdlib.h>

#include "assist.h"

gopt_flow_mistakes *gopt_flow_mistakes_of(const gopt_flow_puzzle *p, const gopt_flow_marks *m, const gopt_assist_options *o) {
    gopt_flow_mistakes *x = gopt_calloc(1, sizeof *x);
    flow_sat *f = flow_sat_new(p);
    gopt_sat *s = flow_sat_solver(f);
    if (o && o->time_limit > 0) gopt_sat_set_time_limit(s, o->time_limit);
    int *node = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *node), *lits = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *lits);
    int n = 0;
    for (int v = 0; v < p->nnodes; v++) {
        int c = m->colour[v];
        if (p->colour[v] >= 0 || c == GOPT_FLOW_OPEN) continue;
        node[n] = v;
        lits[n++] = flow_colour_literal(f, p, v, c == GOPT_FLOW_EMPTY ? flow_empty(p) : c);
    }
    x->marks = n;
    x->wrong = gopt_malloc(((size_t)n + 1) * sizeof *x->wrong);
    gopt_cuts_result r = gopt_cuts_wrong_marks(s, flow_sat_loop(f), lits, n, o && o->all, x->wrong, &x->nwrong,
                                               &x->completable, &x->together);
    x->status = r == GOPT_CUTS_FOUND ? GOPT_SOLVED : r == GOPT_CUTS_NONE ? GOPT_INFEASIBLE : GOPT_LIMIT;
    if (r != GOPT_CUTS_FOUND) x->nwrong = 0;
    for (int i = 0; i < x->nwrong; i++) x->wrong[i] = node[x->wrong[i]];
    free(node);
    free(lits);
    flow_sat_free(f);
    return x;
}

void gopt_flow_mistakes_free(gopt_flow_mistakes *x) {
    if (!x) return;
    free(x->wrong);
    free(x);
}
