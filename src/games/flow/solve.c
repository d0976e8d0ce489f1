/* Choosing and running a method. The portfolio (`auto`): our search first, within a node
 * budget, assuming no path touches itself (fast on puzzles made for people, which have one
 * solution that never does); then SAT, which either finds a solution, proves there is none,
 * or counts. "Unsolvable" is printed only with a proof: SAT's, or an exhausted search that
 * assumed nothing. */
#include "flow_internal.h"

/* Nodes the portfolio's search may spend before SAT takes over. */
static int64_t default_budget(const gopt_flow_puzzle *p) { return 2000000 + 200 * (int64_t)p->nnodes; }

/* May the search assume that no path touches itself? Only where that assumption is worked
 * out: full coverage of a plain rectangle, looking for one solution. */
static bool lemma_applies(const gopt_flow_puzzle *p, const gopt_flow_settings *s) {
    return p->plain && !p->partial && !s->complete && s->count == 1;
}

gopt_status gopt_flow_solve(const gopt_flow_puzzle *p, const gopt_flow_settings *s, gopt_answer *a) {
    flow_run r = {.p = p, .count = s->count > 0 ? s->count : 1, .a = a};
    if (s->time_limit > 0) r.deadline = gopt_now() + s->time_limit;
    switch (s->method) {
    case GOPT_FLOW_SEARCH: return flow_solve_search(&r, lemma_applies(p, s), s->node_budget);
    case GOPT_FLOW_SAT: return flow_solve_sat(&r);
    case GOPT_FLOW_MIP: return flow_solve_mip(&r);
    default: break;
    }
    if (lemma_applies(p, s)) {
        gopt_status st = flow_solve_search(&r, true, s->node_budget > 0 ? s->node_budget : default_budget(p));
        if (st == GOPT_SOLVED) return st;
        /* Keep the search's counters; the solution, if any, comes from SAT now. */
        gopt_counters spent = a->counters;
        a->counters = (gopt_counters){0};
        a->note[0] = 0;
        st = flow_solve_sat(&r);
        gopt_counters_merge(&a->counters, &spent);
        return st;
    }
    return flow_solve_sat(&r);
}
