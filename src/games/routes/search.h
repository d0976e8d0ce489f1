/* The branch and bound's two halves: the route enumerator (enumerate.c) and the search over
 * sets of routes (search.c). */
#ifndef GAMEOPT_ROUTES_SEARCH_H
#define GAMEOPT_ROUTES_SEARCH_H

#include "games/routes/net.h"

/* Routes of one train, best first once sorted. */
typedef struct route_list {
    int n;
    size_t cap;
    int *rev_all;      /* revenue with every bonus it meets */
    int *rev_plain;    /* revenue without the once-only bonuses (== rev_all when it meets none) */
    uint32_t *once;    /* once-only bonuses it earns (net bonus bits) */
    int *start;        /* stops[start[i] ..] and segs[start[i] ..] of route i */
    int16_t *nstops;
    int *stops, *segs;
    size_t pool_n, pool_cap;
    uint64_t *bits;    /* resources of route i: bits + i * words */
    int words;
    size_t charged;    /* bytes charged to the solve's memory budget */
} route_list;

void route_list_free(route_list *l);
/* Route i as a net route (eval filled with rev_all or rev_plain by `with_once`). */
void route_list_get(const routes_net *n, const route_list *l, int t, int i, bool with_once, net_route *out);

typedef struct enumerator enumerator;
enumerator *enum_new(const routes_net *n);
void enum_free(enumerator *e);
/* The resources other trains hold (copied; NULL: none). */
void enum_use(enumerator *e, const uint64_t *used);
/* An upper bound on what train t earns alone on the free track (tokens' reach). */
int enum_potential(enumerator *e, int t);
/* The best route of train t on the free track (bonuses all allowed: an upper bound for the
 * once-only ones): its revenue, or -1 when none; *r filled when r is not NULL. False when a
 * limit stopped it (then the revenue is the best found so far). */
bool enum_best(enumerator *e, int t, uint32_t allowed, net_route *r, int *revenue);
/* The same, for routes earning more than `floor` only (cut by it from the start): -1 when none. */
bool enum_best_above(enumerator *e, int t, uint32_t allowed, int floor, net_route *r, int *revenue);
/* Every route of train t earning more than theta (and more than the route one stop shorter
 * it grew from, which uses less track), appended to l. False when a limit stopped it or the
 * list grew beyond max routes (then *full is set). */
bool enum_collect(enumerator *e, int t, int theta, route_list *l, long max, bool *full);
/* Work done: nodes, bounds. */
void enum_counters(const enumerator *e, gopt_counters *c);
bool enum_stopped(const enumerator *e);

#endif
