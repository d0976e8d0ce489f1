/* Branch and bound over path sets (--method search).
 *
 *  1. Each train alone on the whole map: its best route (enumerate.c, cut by its own best),
 *     an upper bound U(t) on what it can earn.
 *  2. A first answer I: the trains one after another, each taking its best route on the
 *     track the ones before left.
 *  3. The path sets: for each train, every route earning more than I minus what all the
 *     other trains could earn at most, sum of U(u) for u != t (no better answer uses a route
 *     below that), and more than every shorter route it grew from (those use less track).
 *  4. Set packing: one route (or none) per train, sharing no track, best first; a choice is
 *     cut when what it earns plus, for every later train, its best route on the track still
 *     free cannot beat the best answer. Identical trains take routes in list order. Once-only
 *     bonuses go to one train: a route that could take one is tried with it and without.
 * When a limit stops it, the unexplored choices are bounded the same way, so the answer comes
 * with a proven upper bound. docs/methods.md#routes has the argument. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/bitset.h"
#include "gameopt/budget.h"
#include "gameopt/stop.h"
#include "games/routes/search.h"

#define MAX_LIST_ROUTES 4000000L

typedef struct pack {
    const routes_net *n;
    int T;
    int order[GOPT_ROUTES_MAX_TRAINS];      /* trains, in search order */
    int type[GOPT_ROUTES_MAX_TRAINS];       /* by train: its list */
    bool same_as_before[GOPT_ROUTES_MAX_TRAINS];
    route_list lists[GOPT_ROUTES_MAX_TRAINS];
    int *sorted[GOPT_ROUTES_MAX_TRAINS];    /* by type: route indices, best first */
    uint64_t *used;
    uint32_t once, once_taken;
    int cur;
    int pos[GOPT_ROUTES_MAX_TRAINS];        /* by level: position in the sorted list, -1 idle */
    bool with_once[GOPT_ROUTES_MAX_TRAINS];
    int best;
    int best_pos[GOPT_ROUTES_MAX_TRAINS];
    bool best_with_once[GOPT_ROUTES_MAX_TRAINS];
    bool improved;
    long steps;
    bool stopped;
    int open_bound;
} pack;

static bool conflicts(const pack *P, int k, int r) {
    const route_list *l = &P->lists[k];
    return gopt_bits_intersects(l->bits + (size_t)r * (size_t)l->words, P->used, (size_t)P->n->words);
}

static void mark(pack *P, int k, int r, bool on) {
    const route_list *l = &P->lists[k];
    const uint64_t *b = l->bits + (size_t)r * (size_t)l->words;
    for (int w = 0; w < P->n->words; w++) P->used[w] = on ? P->used[w] | b[w] : P->used[w] & ~b[w];
}

/* The best route of level j's train that fits the free track (0: none). */
static int first_fit(const pack *P, int j) {
    int k = P->type[P->order[j]];
    const route_list *l = &P->lists[k];
    for (int p = 0; p < l->n; p++) {
        int r = P->sorted[k][p];
        if (!conflicts(P, k, r)) return l->rev_all[r];
    }
    return 0;
}

static int rest_bound(const pack *P, int i) {
    int sum = 0;
    for (int j = i + 1; j < P->T; j++) sum += first_fit(P, j);
    return sum;
}

static void level(pack *P, int i);

static void choose(pack *P, int i, int k, int p, int r, int revenue, bool with_once) {
    uint32_t taken = with_once ? P->lists[k].once[r] : 0;
    mark(P, k, r, true);
    int rest = rest_bound(P, i);
    if (P->cur + revenue + rest > P->best) {
        P->cur += revenue;
        P->once_taken |= taken;
        P->pos[i] = p;
        P->with_once[i] = with_once;
        level(P, i + 1);
        P->once_taken &= ~taken;
        P->cur -= revenue;
    }
    mark(P, k, r, false);
}

static void level(pack *P, int i) {
    if (i == P->T) {
        if (P->cur > P->best) {
            P->best = P->cur;
            memcpy(P->best_pos, P->pos, sizeof P->pos);
            memcpy(P->best_with_once, P->with_once, sizeof P->with_once);
            P->improved = true;
        }
        return;
    }
    int k = P->type[P->order[i]];
    const route_list *l = &P->lists[k];
    int start = 0;
    if (P->same_as_before[i]) {
        if (P->pos[i - 1] < 0) start = l->n; /* the one before is idle: so is this one */
        else start = P->pos[i - 1] + 1;
    }
    int rest = rest_bound(P, i);
    for (int p = start; p < l->n; p++) {
        int r = P->sorted[k][p];
        if (P->cur + l->rev_all[r] + rest <= P->best) break;
        if (P->stopped || ((++P->steps & 4095) == 0 && gopt_stop_check() != GOPT_GO)) {
            P->stopped = true;
            int b = P->cur + l->rev_all[r] + rest;
            if (b > P->open_bound) P->open_bound = b;
            break;
        }
        if (conflicts(P, k, r)) continue;
        uint32_t once = l->once[r];
        if (!once) {
            choose(P, i, k, p, r, l->rev_all[r], false);
        } else {
            /* with its once-only bonuses, if no train took them yet, and without */
            if (!(once & P->once_taken)) choose(P, i, k, p, r, l->rev_all[r], true);
            choose(P, i, k, p, r, l->rev_plain[r], false);
        }
    }
    /* idle */
    if (P->cur + rest > P->best) {
        if (P->stopped) {
            if (P->cur + rest > P->open_bound) P->open_bound = P->cur + rest;
            return;
        }
        P->pos[i] = -1;
        level(P, i + 1);
    }
}

/* ---------------------------------------------------------------- sorting */

static void sort_desc(int *idx, int n, const int *key) {
    /* heap sort by key, largest first (lists may be long) */
    for (int i = n / 2 - 1; i >= 0; i--)
        for (int r = i;;) {
            int c = 2 * r + 1;
            if (c >= n) break;
            if (c + 1 < n && key[idx[c + 1]] < key[idx[c]]) c++;
            if (key[idx[r]] <= key[idx[c]]) break;
            int t = idx[r];
            idx[r] = idx[c], idx[c] = t;
            r = c;
        }
    for (int end = n - 1; end > 0; end--) {
        int t = idx[0];
        idx[0] = idx[end], idx[end] = t;
        for (int r = 0;;) {
            int c = 2 * r + 1;
            if (c >= end) break;
            if (c + 1 < end && key[idx[c + 1]] < key[idx[c]]) c++;
            if (key[idx[r]] <= key[idx[c]]) break;
            int t2 = idx[r];
            idx[r] = idx[c], idx[c] = t2;
            r = c;
        }
    }
}

/* ---------------------------------------------------------------- the method */

int net_static_bound(const routes_net *n) {
    enumerator *E = enum_new(n);
    int sum = 0;
    for (int t = 0; t < n->ntrains; t++) sum += enum_potential(E, t);
    enum_free(E);
    return sum;
}

static void add_route_bits(const routes_net *n, const net_route *r, uint64_t *used) {
    for (int i = 0; i + 1 < r->nstops; i++) {
        const uint64_t *b = net_segbits(n, r->segs[i]);
        for (int w = 0; w < n->words; w++) used[w] |= b[w];
    }
}

void net_solve_search(const routes_net *n, net_answer *a) {
    memset(a, 0, sizeof *a);
    int T = n->ntrains;
    enumerator *E = enum_new(n);
    pack *P = gopt_calloc(1, sizeof *P);
    P->n = n, P->T = T;
    P->used = gopt_calloc((size_t)n->words + 1, sizeof *P->used);
    for (int b = 0; b < n->nbonuses; b++)
        if (n->bonuses[b].once) P->once |= 1u << b;
    /* trains of one type share a list */
    int ntypes = 0, rep[GOPT_ROUTES_MAX_TRAINS], count[GOPT_ROUTES_MAX_TRAINS] = {0};
    for (int t = 0; t < T; t++) {
        int k = 0;
        while (k < ntypes && memcmp(&n->trains[rep[k]], &n->trains[t], sizeof n->trains[0]) != 0) k++;
        if (k == ntypes) rep[ntypes++] = t;
        P->type[t] = k;
        count[k]++;
    }
    /* 1. each type alone: U, and the static bound should a limit stop us */
    int ub[GOPT_ROUTES_MAX_TRAINS], pot[GOPT_ROUTES_MAX_TRAINS], bound = 0;
    bool stopped = false;
    for (int k = 0; k < ntypes; k++) {
        enum_use(E, NULL);
        pot[k] = enum_potential(E, rep[k]);
        bound += pot[k] * count[k];
    }
    for (int k = 0; k < ntypes && !stopped; k++) {
        int rev;
        enum_use(E, NULL);
        stopped = !enum_best(E, rep[k], ~0u, NULL, &rev);
        ub[k] = rev > 0 ? rev : 0;
    }
    if (!stopped) {
        bound = 0;
        for (int k = 0; k < ntypes; k++) bound += ub[k] * count[k];
    }
    /* trains in order of U, identical ones together */
    for (int t = 0; t < T; t++) P->order[t] = t;
    for (int x = 0; x < T; x++)
        for (int y = x + 1; y < T; y++) {
            int tx = P->order[x], ty = P->order[y];
            int ux = stopped ? pot[P->type[tx]] : ub[P->type[tx]], uy = stopped ? pot[P->type[ty]] : ub[P->type[ty]];
            if (uy > ux || (uy == ux && P->type[ty] < P->type[tx])) P->order[x] = ty, P->order[y] = tx;
        }
    for (int i = 1; i < T; i++) P->same_as_before[i] = P->type[P->order[i]] == P->type[P->order[i - 1]];
    /* 2. a first answer: each train its best on what the ones before left */
    int incumbent = 0;
    uint32_t once_taken = 0;
    uint64_t *used = gopt_calloc((size_t)n->words + 1, sizeof *used);
    for (int i = 0; i < T && !stopped; i++) {
        int t = P->order[i], rev;
        net_route r;
        enum_use(E, used);
        stopped = !enum_best(E, t, ~once_taken, &r, &rev);
        if (rev <= 0 || stopped) continue;
        a->routes[t] = r;
        incumbent += rev;
        once_taken |= r.eval.bonuses & P->once;
        add_route_bits(n, &r, used);
    }
    free(used);
    a->found = true;
    a->total = incumbent;
    /* 3-4. path sets and packing, in rounds: a round at level G lists, for each train, the
     * routes earning more than G minus what the others could earn at most, and looks for an
     * answer above G; found, it is optimal (any better one has all its routes listed); none,
     * the optimum is at most G, a proven bound, and the next round lowers G. The last round's
     * G is the first answer's total. Close optima are found with short lists. */
    bool full = false, found = false;
    long listed = 0;
    int gap = bound - incumbent, proven = bound;
    static const int divide[] = {16, 8, 4, 2, 1};
    for (int round = 0; round < 5 && !stopped && !found; round++) {
        int G = round == 4 ? incumbent : bound - gap / divide[round];
        if (G >= proven || (round < 4 && G <= incumbent)) continue;
        for (int k = 0; k < ntypes; k++) {
            route_list_free(&P->lists[k]);
            free(P->sorted[k]);
            P->sorted[k] = NULL;
        }
        for (int k = 0; k < ntypes && !stopped; k++) {
            int others = bound - ub[k]; /* the other trains at most */
            enum_use(E, NULL);
            stopped = !enum_collect(E, rep[k], G - others, &P->lists[k], MAX_LIST_ROUTES, &full);
            P->sorted[k] = gopt_malloc((size_t)(P->lists[k].n + 1) * sizeof *P->sorted[k]);
            for (int i = 0; i < P->lists[k].n; i++) P->sorted[k][i] = i;
            sort_desc(P->sorted[k], P->lists[k].n, P->lists[k].rev_all);
            listed += P->lists[k].n;
        }
        if (stopped) break;
        P->best = G;
        P->improved = false;
        P->open_bound = 0;
        level(P, 0);
        stopped = P->stopped;
        if (P->improved) { /* an answer above G */
            found = true;
            a->total = 0;
            for (int i = 0; i < T; i++) {
                int t = P->order[i];
                memset(&a->routes[t], 0, sizeof a->routes[t]);
                if (P->best_pos[i] < 0) continue;
                int k = P->type[t];
                route_list_get(n, &P->lists[k], t, P->sorted[k][P->best_pos[i]], P->best_with_once[i], &a->routes[t]);
                a->total += a->routes[t].eval.revenue;
            }
        }
        if (stopped) {
            /* open choices are bounded; choices above G not reached lie under open_bound */
            int b = P->open_bound > P->best ? P->open_bound : P->best;
            if (b < proven) proven = b;
        } else if (!found) {
            proven = G; /* nothing above G */
        } else {
            proven = a->total;
        }
    }
    bound = proven;
    enum_counters(E, &a->counters);
    enum_free(E);
    gopt_counter_add(&a->counters, "routes", listed);
    gopt_counter_add(&a->counters, "combinations", P->steps);
    if (full) snprintf(a->note, sizeof a->note, "more than %ld routes for one train: gave up", MAX_LIST_ROUTES);
    a->optimal = !stopped && !full && bound <= a->total;
    a->bound = a->optimal ? a->total : bound > a->total ? bound : a->total;
    for (int k = 0; k < ntypes; k++) {
        route_list_free(&P->lists[k]);
        free(P->sorted[k]);
    }
    free(P->used);
    free(P);
}
