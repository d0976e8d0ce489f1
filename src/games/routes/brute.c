/* Brute force, the reference the exact methods are tested against on small maps: every legal
 * route of every train (every sequence of distinct stops joined by segments that share no
 * track, passing only through stops a route may pass), then every combination of one route
 * or none per train whose routes share no track, each once-only bonus given to at most one of
 * them in every possible way. No bound, no order, no symmetry: nothing to get wrong. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/bitset.h"
#include "games/routes/net.h"

#define ONCE_MAX 4

typedef struct brute_route {
    net_route r;
    uint64_t *bits;
    int rev[1 << ONCE_MAX]; /* revenue when the once-only bonuses in the mask may be earned (-1: illegal) */
} brute_route;

typedef struct brute {
    const routes_net *n;
    int t;
    uint32_t once_bits[ONCE_MAX]; /* net bonus bit of each once-only bonus */
    int nonce;
    uint32_t plain;               /* the bonuses that are not once-only */
    brute_route *routes[GOPT_ROUTES_MAX_TRAINS];
    int nroutes[GOPT_ROUTES_MAX_TRAINS];
    size_t cap[GOPT_ROUTES_MAX_TRAINS];
    long max_routes;
    bool overflow;
    /* the walk */
    net_route cur;
    uint64_t *used;
    bool *visited;
    int sides;
    /* combination */
    int choice[GOPT_ROUTES_MAX_TRAINS];
    int best;
    int best_choice[GOPT_ROUTES_MAX_TRAINS];
    int best_mask[GOPT_ROUTES_MAX_TRAINS];
    long combos;
} brute;

static void record(brute *b) {
    const routes_net *n = b->n;
    int t = b->t;
    brute_route br = {0};
    bool any = false;
    for (int m = 0; m < (1 << b->nonce); m++) {
        uint32_t allowed = b->plain;
        for (int i = 0; i < b->nonce; i++)
            if (m >> i & 1) allowed |= b->once_bits[i];
        net_eval e;
        int sides = 0;
        for (int i = 0; i + 1 < b->cur.nstops; i++) sides += n->segs[b->cur.segs[i]].sides;
        br.rev[m] = net_route_eval(n, t, b->cur.stops, b->cur.nstops, sides, allowed, &e) ? e.revenue : -1;
        any |= br.rev[m] >= 0;
    }
    if (!any) return;
    if (b->nroutes[t] >= b->max_routes) {
        b->overflow = true;
        return;
    }
    br.r = b->cur;
    br.bits = gopt_malloc((size_t)n->words * sizeof *br.bits);
    memcpy(br.bits, b->used, (size_t)n->words * sizeof *br.bits);
    gopt_grow(&b->routes[t], &b->cap[t], (size_t)b->nroutes[t] + 1, sizeof *b->routes[t]);
    b->routes[t][b->nroutes[t]++] = br;
}

static void extend(brute *b) {
    const routes_net *n = b->n;
    if (b->overflow) return;
    int k = b->cur.nstops, end = b->cur.stops[k - 1];
    if (k >= 2 && b->cur.stops[0] < end) record(b);
    if (k == GOPT_ROUTES_ROUTE_STOPS) return;
    if (k >= 2 && !n->stops[end].pass) return; /* it may end the route, not lead on */
    for (int i = n->adj0[end]; i < n->adj0[end + 1]; i++) {
        int e = n->adj[i], next = net_other(n, e, end);
        const uint64_t *bits = net_segbits(n, e);
        if (b->visited[next] || gopt_bits_intersects(bits, b->used, (size_t)n->words)) continue;
        for (int w = 0; w < n->words; w++) b->used[w] |= bits[w];
        b->visited[next] = true;
        b->cur.segs[k - 1] = e;
        b->cur.stops[k] = next;
        b->cur.nstops++;
        extend(b);
        b->cur.nstops--;
        b->visited[next] = false;
        for (int w = 0; w < n->words; w++) b->used[w] &= ~bits[w];
    }
}

/* The best total of the chosen routes over every way of handing out once-only bonuses. */
static int combination_value(brute *b, int *masks) {
    const routes_net *n = b->n;
    int owners = n->ntrains + 1, best = -1, ways = 1;
    for (int i = 0; i < b->nonce; i++) ways *= owners;
    for (int way = 0; way < ways; way++) {
        int mask[GOPT_ROUTES_MAX_TRAINS] = {0}, w = way;
        for (int i = 0; i < b->nonce; i++, w /= owners)
            if (w % owners < n->ntrains) mask[w % owners] |= 1 << i;
        int total = 0;
        bool ok = true;
        for (int t = 0; t < n->ntrains && ok; t++) {
            if (b->choice[t] < 0) {
                ok = mask[t] == 0;
                continue;
            }
            int r = b->routes[t][b->choice[t]].rev[mask[t]];
            if (r < 0) ok = false;
            else total += r;
        }
        if (ok && total > best) {
            best = total;
            memcpy(masks, mask, sizeof mask);
        }
    }
    return best;
}

static void combine(brute *b, int t) {
    const routes_net *n = b->n;
    if (t == n->ntrains) {
        b->combos++;
        int masks[GOPT_ROUTES_MAX_TRAINS];
        int v = combination_value(b, masks);
        if (v > b->best) {
            b->best = v;
            memcpy(b->best_choice, b->choice, sizeof b->choice);
            memcpy(b->best_mask, masks, sizeof masks);
        }
        return;
    }
    b->choice[t] = -1;
    combine(b, t + 1);
    for (int i = 0; i < b->nroutes[t]; i++) {
        const uint64_t *bits = b->routes[t][i].bits;
        if (gopt_bits_intersects(bits, b->used, (size_t)n->words)) continue;
        for (int w = 0; w < n->words; w++) b->used[w] |= bits[w];
        b->choice[t] = i;
        combine(b, t + 1);
        for (int w = 0; w < n->words; w++) b->used[w] &= ~bits[w];
    }
    b->choice[t] = -1;
}

bool net_solve_brute(const routes_net *n, net_answer *a, long max_routes) {
    memset(a, 0, sizeof *a);
    brute *b = gopt_calloc(1, sizeof *b);
    b->n = n;
    b->max_routes = max_routes;
    b->used = gopt_calloc((size_t)n->words + 1, sizeof *b->used);
    b->visited = gopt_calloc((size_t)n->nstops + 1, sizeof *b->visited);
    for (int k = 0; k < n->nbonuses; k++) {
        if (n->bonuses[k].once && b->nonce < ONCE_MAX) b->once_bits[b->nonce++] = 1u << k;
        else b->plain |= 1u << k;
    }
    for (int t = 0; t < n->ntrains && !b->overflow; t++) {
        b->t = t;
        for (int v = 0; v < n->nstops && !b->overflow; v++) {
            b->cur.nstops = 1;
            b->cur.stops[0] = v;
            b->visited[v] = true;
            extend(b);
            b->visited[v] = false;
        }
    }
    bool ok = !b->overflow;
    if (ok) {
        b->best = 0;
        for (int t = 0; t < n->ntrains; t++) b->best_choice[t] = -1;
        combine(b, 0);
        a->found = a->optimal = true;
        a->total = a->bound = b->best;
        for (int t = 0; t < n->ntrains; t++) {
            if (b->best_choice[t] < 0) continue;
            brute_route *br = &b->routes[t][b->best_choice[t]];
            a->routes[t] = br->r;
            uint32_t allowed = b->plain;
            for (int i = 0; i < b->nonce; i++)
                if (b->best_mask[t] >> i & 1) allowed |= b->once_bits[i];
            int sides = 0;
            for (int i = 0; i + 1 < br->r.nstops; i++) sides += n->segs[br->r.segs[i]].sides;
            net_route_eval(n, t, br->r.stops, br->r.nstops, sides, allowed, &a->routes[t].eval);
        }
        long total = 0;
        for (int t = 0; t < n->ntrains; t++) total += b->nroutes[t];
        gopt_counter_add(&a->counters, "routes", total);
        gopt_counter_add(&a->counters, "combinations", b->combos);
    } else {
        snprintf(a->note, sizeof a->note, "more than %ld routes for one train: too many to enumerate", max_routes);
    }
    for (int t = 0; t < n->ntrains; t++) {
        for (int i = 0; i < b->nroutes[t]; i++) free(b->routes[t][i].bits);
        free(b->routes[t]);
    }
    free(b->used);
    free(b->visited);
    free(b);
    return ok;
}
