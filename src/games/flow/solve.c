/* Choosing and running a method. The portfolio (`auto`): our search first, within a node
 * budget, assuming no path touches itself (fast on puzzles made for people, which have one
 * solution that never does); then SAT, which either finds a solution, proves there is none,
 * or counts. "Unsolvable" is printed only with a proof: SAT's, MIP's, or an exhausted search
 * that assumed nothing.
 *
 * Under partial coverage the portfolio first looks for a solution that covers everything
 * (every such solution is also a partial one, and the full-coverage search is much
 * stronger), and every solution found is untangled: a path that touches itself is replaced
 * by a shortest path through its own cells, which leaves the cells in between empty. So the
 * answer is always readable from its cell colours alone, as contest answer files need. */
#include <string.h>

#include "internal.h"

/* Beyond this many cells the portfolio does not build a SAT model (it would take gigabytes),
 * unless --memory-limit is given: then the SAT method's own estimate decides. */
#define SAT_MAX_CELLS 250000

/* Rounds of the router (partial coverage) before the complete methods take over. */
#define ROUTE_ROUNDS 300

/* Nodes each of the portfolio's searches may spend before the next method takes over. */
static int64_t budget(const gopt_flow_puzzle *p, const gopt_flow_settings *s) {
    if (s->node_budget > 0) return s->node_budget;
    int64_t b = 1000000 + 100000 * (int64_t)p->nnodes; /* the sweep makes ~50M nodes a second */
    return b < 2000000000 ? b : 2000000000;
}

/* Replaces each path by a shortest path through the nodes of its colour (partial coverage). */
static void untangle(const gopt_flow_puzzle *p, gopt_flow_solution *s) {
    int n = p->nnodes;
    int *queue = gopt_malloc(((size_t)n + 1) * sizeof *queue), *via = gopt_malloc(((size_t)n + 1) * sizeof *via);
    for (int v = 0; v < n; v++) via[v] = -2;
    for (int k = 0; k < p->ncolours; k++) {
        int head = 0, tail = 0, from = p->ends[k][0], to = p->ends[k][1];
        queue[tail++] = from;
        via[from] = -1;
        while (head < tail && via[to] == -2) {
            int v = queue[head++];
            for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++)
                if (via[l->node] == -2 && s->colour[l->node] == k) {
                    via[l->node] = l->edge;
                    queue[tail++] = l->node;
                }
        }
        if (via[to] != -2) {
            /* clear the old path (walking it), then lay the new one */
            for (int v = from, came_by = -1, next = from; next >= 0; v = next) {
                next = -1;
                for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end && next < 0; l++)
                    if (s->used[l->edge] && l->edge != came_by) next = l->node, came_by = l->edge;
                if (next >= 0) s->used[came_by] = 0;
                if (next == to) break;
            }
            for (int v = to; via[v] >= 0; v = p->edge_u[via[v]] == v ? p->edge_v[via[v]] : p->edge_u[via[v]])
                s->used[via[v]] = 1;
        }
        for (int i = 0; i < tail; i++) via[queue[i]] = -2;
    }
    free(queue);
    free(via);
    gopt_flow_solution_paint(p, s);
}

bool flow_record(flow_run *r, gopt_flow_solution *s) {
    if (!r->a->solution) {
        r->a->solution = s; /* (checked by the caller, like every printed answer) */
        return true;
    }
    char why[200];
    bool ok = gopt_flow_check(r->p, s, why, sizeof why);
    if (!ok) snprintf(r->a->note, sizeof r->a->note, "internal error: a counted solution failed the checker: %s", why);
    if (ok && r->keep_second && !r->second) r->second = s;
    else gopt_flow_solution_free(s);
    return ok;
}

/* Under the untouching convention on a full-coverage rectangle the corner rule is exact, so
 * the search that uses it is complete: it counts and proves. */
static bool lemma_exact(const gopt_flow_puzzle *p) { return p->plain && !p->partial && p->untouching; }

/* May the search assume that no path touches itself? Where the convention says so, and as
 * a heuristic where the corner rule is worked out: a plain rectangle, looking for one
 * solution. */
static bool lemma_applies(const gopt_flow_puzzle *p, const gopt_flow_settings *s) {
    return lemma_exact(p) || (p->plain && !s->complete && s->count == 1);
}

static gopt_status portfolio(const gopt_flow_puzzle *p, const gopt_flow_settings *s, flow_run *r) {
    gopt_answer *a = r->a;
    if (lemma_exact(p)) { /* complete: counts and proofs too */
        gopt_status st = flow_solve_search(r, true, budget(p, s));
        if (st != GOPT_LIMIT) return st;
    } else if (lemma_applies(p, s)) {
        gopt_flow_puzzle full = *p;
        full.partial = false; /* a full-coverage solution solves a partial puzzle too */
        flow_run search = *r;
        search.p = &full;
        gopt_status st = flow_solve_search(&search, true, budget(p, s));
        if (st == GOPT_SOLVED) return st;
    }
    if (!p->partial && !p->untouching && s->count == 1) {
        gopt_status st = flow_solve_fill(r);
        if (st == GOPT_SOLVED) return st;
    }
    if (p->partial && s->count == 1) {
        gopt_status st = flow_solve_route(r, ROUTE_ROUNDS);
        if (st == GOPT_SOLVED) return st;
    }
    if (p->nnodes > SAT_MAX_CELLS && !(s->memory_limit_mb > 0)) { /* with a limit, SAT's estimate decides */
        a->method = "sat";
        snprintf(a->note, sizeof a->note, "no answer within the search budget, and the board is too large for SAT");
        return GOPT_LIMIT;
    }
    if (p->partial && s->count == 1) {
        /* the path search's nodes cost a sweep of the board each: a smaller budget */
        gopt_status st = flow_solve_paths(r, s->node_budget > 0 ? s->node_budget : 100000 + 100 * (int64_t)p->nnodes);
        if (st != GOPT_LIMIT) return st;
    }
    /* Keep the searches' counters; the answer comes from SAT now. */
    gopt_counters spent = a->counters;
    a->counters = (gopt_counters){0};
    a->note[0] = 0;
    gopt_status st = flow_solve_sat(r);
    gopt_counters_merge(&a->counters, &spent);
    return st;
}

gopt_status gopt_flow_solve(const gopt_flow_puzzle *p, const gopt_flow_settings *s, gopt_answer *a) {
    flow_run r = {.p = p, .count = s->count > 0 ? s->count : 1, .a = a};
    if (s->time_limit > 0) r.deadline = gopt_now() + s->time_limit;
    r.memory_mb = s->memory_limit_mb;
    /* The parity and topological proofs belong to our search (and so to the portfolio); SAT and MIP prove
     * things on their own, so the methods stay independent cross-checks. */
    bool ours = s->method == GOPT_FLOW_AUTO || s->method == GOPT_FLOW_SEARCH;
    /* (the topological test first: it looks at the endpoints only) */
    if (ours && !flow_topology_ok(p, a->note, sizeof a->note)) {
        a->method = "search";
        a->complete = true;
        return GOPT_INFEASIBLE;
    }
    if (ours && !p->partial && !flow_parity_ok(p)) {
        a->method = "search";
        a->complete = true;
        snprintf(a->note, sizeof a->note, "proven unsolvable by parity: the paths cannot cover both cell colours of the board evenly");
        return GOPT_INFEASIBLE;
    }
    gopt_status st;
    switch (s->method) {
    case GOPT_FLOW_SEARCH:
        if (p->partial && r.count == 1) st = flow_solve_paths(&r, s->node_budget);
        else st = flow_solve_search(&r, lemma_applies(p, s) && !p->partial, s->node_budget);
        break;
    case GOPT_FLOW_SAT: st = flow_solve_sat(&r); break;
    case GOPT_FLOW_MIP: st = flow_solve_mip(&r); break;
    default: st = portfolio(p, s, &r); break;
    }
    if (st == GOPT_SOLVED && p->partial && r.count == 1 && a->solution) untangle(p, a->solution);
    return st;
}
