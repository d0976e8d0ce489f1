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

#include "gameopt/stop.h"
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

/* Under the untouching convention on a full-coverage rectangle the corner rule is exact, so
 * the search that uses it is complete: it counts and proves. */
static bool lemma_exact(const gopt_flow_puzzle *p) { return p->plain && !p->partial && p->untouching; }

/* May the search assume that no path touches itself? Where the convention says so, and as
 * a heuristic where the corner rule is worked out: a plain rectangle, looking for one
 * solution. */
static bool lemma_applies(const gopt_flow_puzzle *p, const gopt_flow_settings *s) {
    return lemma_exact(p) || (p->plain && !s->complete && s->count == 1);
}

/* ---------------------------------------------------------------- full coverage */

/* The two exact methods' work on one scale, sweep nodes (measured on this machine's boards:
 * the sweep makes 50-100 million nodes a second, CaDiCaL 5-20 thousand conflicts, and builds
 * about 2 million clauses a second). */
#define NODES_PER_CONFLICT 5000
#define NODES_PER_CLAUSE 40
/* The sweep's first slice, and models cheap enough to build right after it: a board the
 * sweep does not settle at once and SAT proves by propagation alone (thomasahle's "killer"
 * inputs7: 41.8 million nodes against 18 ms) is answered in milliseconds. */
#define FIRST_SLICE 200000
#define EARLY_SAT_CLAUSES 250000
/* Beyond that, SAT gets a turn once the sweep has spent this many times its building cost,
 * and then about this share of the time: boards the sweep solves (inputs10, 50x50, where the
 * model alone takes 0.3 s) pay little for it. */
#define LATE_SAT_FACTOR 8
#define SAT_SHARE 4

/* About how many clauses the SAT model has (the memory estimate's count, solve_sat.c). */
static double sat_clauses(const flow_run *r) {
    double mb = flow_sat_megabytes(r);
    return mb * 1048576.0 / 150.0;
}

static bool decided(gopt_status st) { return st == GOPT_SOLVED || st == GOPT_INFEASIBLE || st == GOPT_ERROR; }

static bool stopped(const flow_run *r) { return flow_stopped(r); }

/* The search side of the portfolio: the sweep (with the corner rule where it applies), route
 * and fill (simple paths, one solution), and, without a thread of its own, SAT in slices. */
static gopt_status search_side(const gopt_flow_puzzle *p, const gopt_flow_settings *s, flow_run *r, bool with_sat) {
    bool exact = lemma_exact(p), lemma = lemma_applies(p, s);
    int64_t total = budget(p, s);
    flow_sweep *sweep = flow_sweep_new(r, lemma);
    gopt_status st = flow_sweep_run(sweep, total < FIRST_SLICE ? total : FIRST_SLICE);
    if (decided(st) || stopped(r)) {
        flow_sweep_free(sweep);
        return st;
    }
    /* Simple paths, one solution: build one (boards made by cutting a random filling have
     * many, whose paths touch themselves, which the corner rule does not allow). */
    if (!p->untouching && s->count == 1) {
        flow_sweep_free(sweep);
        sweep = NULL;
        st = flow_solve_fill(r);
        if (st == GOPT_SOLVED || stopped(r)) return st;
        r->a->note[0] = 0;
        sweep = flow_sweep_new(r, lemma);
    }
    bool guessing = lemma && !exact; /* the corner rule as a guess (simple paths) */
    bool sat_ok = with_sat && (p->nnodes <= SAT_MAX_CELLS || s->memory_limit_mb > 0);
    double clauses = sat_ok ? sat_clauses(r) : 0;
    double sat_from = clauses <= EARLY_SAT_CLAUSES ? 0 : LATE_SAT_FACTOR * NODES_PER_CLAUSE * clauses;
    flow_sat_session *sat = NULL;
    int64_t slice = FIRST_SLICE;
    for (;;) {
        int64_t spent = flow_sweep_nodes(sweep);
        bool sweeping = flow_sweep_paused(sweep) && spent < total;
        if (sat_ok && (spent >= sat_from || !sweeping)) {
            if (!sat && !(sat = flow_sat_session_new(r))) sat_ok = false;
            if (sat) {
                /* a share of the sweep's next slice, all the rest once the sweep is over */
                int conflicts = sweeping ? (int)(slice / SAT_SHARE / NODES_PER_CONFLICT) + 10 : 0;
                st = flow_sat_session_run(sat, conflicts);
                if (decided(st) || !flow_sat_session_paused(sat)) break;
            }
        }
        if (!sweeping) {
            if (!sat_ok) {
                st = flow_sweep_paused(sweep) ? GOPT_LIMIT : st;
                if (flow_sweep_paused(sweep))
                    snprintf(r->a->note, sizeof r->a->note, "%s",
                             with_sat && p->nnodes > SAT_MAX_CELLS ? "no answer within the search budget, and the board is too large for SAT"
                                                                   : "no answer within the search budget");
                break;
            }
            continue;
        }
        st = flow_sweep_run(sweep, spent + slice > total ? total - spent : slice);
        if (decided(st) || stopped(r)) break;
        if (!flow_sweep_paused(sweep) && guessing) { /* the guess failed: the complete sweep from here on */
            flow_sweep_free(sweep);
            sweep = flow_sweep_new(r, false);
            guessing = false;
            r->a->note[0] = 0;
        }
        slice *= 2;
    }
    flow_sweep_free(sweep);
    flow_sat_session_free(sat);
    return st;
}

/* Partial coverage: the corner-rule sweep on the full-coverage version (a full solution is
 * a partial one), the router, the path search, then (with_sat) SAT's tidy pair. */
static gopt_status partial_side(const gopt_flow_puzzle *p, const gopt_flow_settings *s, flow_run *r, bool with_sat) {
    gopt_answer *a = r->a;
    if (lemma_applies(p, s)) {
        gopt_flow_puzzle full = *p;
        full.partial = false; /* a full-coverage solution solves a partial puzzle too */
        flow_run search = *r;
        search.p = &full;
        gopt_status st = flow_solve_search(&search, true, budget(p, s));
        if (st == GOPT_SOLVED || stopped(r)) return st;
    }
    if (s->count == 1) {
        gopt_status st = flow_solve_route(r, ROUTE_ROUNDS);
        if (st == GOPT_SOLVED || stopped(r)) return st;
    }
    if (!with_sat || (p->nnodes > SAT_MAX_CELLS && !(s->memory_limit_mb > 0))) { /* with a limit, SAT's estimate decides */
        if (s->count == 1 && !with_sat) return flow_solve_paths(r, 0); /* SAT has a thread of its own */
        a->method = "sat";
        snprintf(a->note, sizeof a->note, "no answer within the search budget, and the board is too large for SAT");
        return GOPT_LIMIT;
    }
    if (s->count == 1) {
        /* the path search's nodes cost a sweep of the board each: a smaller budget */
        gopt_status st = flow_solve_paths(r, s->node_budget > 0 ? s->node_budget : 100000 + 100 * (int64_t)p->nnodes);
        if (st != GOPT_LIMIT || stopped(r)) return st;
    }
    /* Keep the searches' counters; the answer comes from SAT now. */
    gopt_counters spent = a->counters;
    a->counters = (gopt_counters){0};
    a->note[0] = 0;
    gopt_status st = flow_solve_sat(r);
    gopt_counters_merge(&a->counters, &spent);
    return st;
}

typedef struct side_args {
    const gopt_flow_puzzle *p;
    const gopt_flow_settings *s;
} side_args;

/* The search side alone, for the race (race.c): SAT runs on the other thread. */
static gopt_status search_only(flow_run *r, void *user) {
    const side_args *x = user;
    return x->p->partial ? partial_side(x->p, x->s, r, false) : search_side(x->p, x->s, r, false);
}

static gopt_status portfolio(const gopt_flow_puzzle *p, const gopt_flow_settings *s, flow_run *r) {
    bool sat_ok = p->nnodes <= SAT_MAX_CELLS || s->memory_limit_mb > 0;
    if (s->threads >= 2 && sat_ok) {
        side_args x = {p, s};
        return flow_race(r, search_only, &x);
    }
    return p->partial ? partial_side(p, s, r, true) : search_side(p, s, r, true);
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
