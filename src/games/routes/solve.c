/* gopt_routes_solve: compiles the network and runs the method asked for. `both` runs the
 * branch and bound, then the integer program started from its answer, and refuses to answer
 * when two proven optima differ. */
#include <stdio.h>
#include <string.h>

#include "gameopt/stop.h"
#include "games/routes/net.h"

#define BRUTE_MAX_ROUTES 200000

static void export(const routes_net *n, const net_answer *a, gopt_routes_solution *x) {
    memset(x, 0, sizeof *x);
    x->ntrains = n->ntrains;
    for (int t = 0; t < n->ntrains; t++) {
        if (a->found) net_route_export(n, t, &a->routes[t], &x->routes[t]);
        else x->routes[t].train = t;
    }
    x->total = a->found ? a->total : 0;
    x->optimal = a->optimal;
    x->bound = a->bound >= x->total ? a->bound : x->total;
}

static void merge_counters(gopt_counters *dst, const gopt_counters *src) { gopt_counters_merge(dst, src); }

int gopt_routes_solve(const gopt_routes_state *s, const gopt_routes_settings *how, gopt_routes_result *r) {
    memset(r, 0, sizeof *r);
    /* a time limit of the call's own, within the limits of the solve it runs in */
    gopt_solve_ctx mine, *outer = gopt_ctx_current();
    bool own_ctx = how->time_limit > 0;
    if (own_ctx) {
        gopt_ctx_init(&mine, how->time_limit, outer ? outer->cancel : NULL, outer ? outer->budget : NULL);
        if (outer && outer->deadline > 0 && (mine.deadline == 0 || outer->deadline < mine.deadline)) mine.deadline = outer->deadline;
        gopt_ctx_enter(&mine);
    }
    routes_net n;
    gopt_error err = {0};
    int status = GOPT_SOLVED;
    if (!net_build(&n, s, &err)) {
        snprintf(r->note, sizeof r->note, "%s", err.msg);
        net_free(&n);
        if (own_ctx) gopt_ctx_enter(outer);
        return GOPT_ERROR;
    }
    gopt_counter_add(&r->counters, "stops", n.nstops);
    gopt_counter_add(&r->counters, "segments", n.nsegs);
    net_answer a = {0}, b = {0};
    switch (how->method) {
    case GOPT_ROUTES_BRUTE:
        r->method = "brute";
        if (!net_solve_brute(&n, &a, BRUTE_MAX_ROUTES)) status = GOPT_LIMIT;
        break;
    case GOPT_ROUTES_SEARCH:
        r->method = "search";
        net_solve_search(&n, how->plain, &a);
        break;
    case GOPT_ROUTES_MIP: {
        r->method = "mip";
        if (!net_solve_mip(&n, NULL, 0, &a)) status = GOPT_ERROR;
        if (!a.optimal && a.bound < 0) a.bound = net_static_bound(&n); /* CBC gave none */
        break;
    }
    case GOPT_ROUTES_BOTH: {
        r->method = "both";
        net_solve_search(&n, how->plain, &a);
        if (!net_solve_mip(&n, &a, 0, &b)) status = GOPT_ERROR;
        merge_counters(&r->counters, &a.counters);
        merge_counters(&r->counters, &b.counters);
        if (status == GOPT_SOLVED && a.optimal && b.optimal && a.total != b.total) {
            snprintf(r->note, sizeof r->note, "the methods disagree: search %d, mip %d", a.total, b.total);
            status = GOPT_ERROR;
        }
        /* the better answer, and the tighter of the two proven bounds */
        int bound = a.bound;
        if (b.optimal) bound = b.total;
        else if (b.bound >= 0 && b.bound < bound) bound = b.bound;
        if (b.found && (!a.found || b.total > a.total)) a = b;
        a.bound = bound;
        a.optimal = a.found && a.bound == a.total;
        break;
    }
    }
    if (how->method != GOPT_ROUTES_BOTH) merge_counters(&r->counters, &a.counters);
    if (status == GOPT_SOLVED && !a.optimal) status = GOPT_LIMIT;
    if (a.note[0] && !r->note[0]) snprintf(r->note, sizeof r->note, "%s", a.note);
    export(&n, &a, &r->solution);
    r->found = a.found;
    r->optimal = a.optimal;
    r->bound = r->solution.bound;
    if (status == GOPT_LIMIT && !r->note[0]) {
        gopt_stop_reason why = gopt_stop_check();
        snprintf(r->note, sizeof r->note, "%s: best found %d, at most %d", why ? gopt_stop_text(why) : "stopped", r->solution.total,
                 r->bound);
    }
    net_free(&n);
    if (own_ctx) gopt_ctx_enter(outer);
    return status;
}
