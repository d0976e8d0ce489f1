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
    int prev_same[GOPT_ROUTES_MAX_TRAINS];  /* the nearest earlier level of the same type, -1 */
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
    int *scratch;  /* fits tables: T x T x (nres + 1) */
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

/* The best route of level j's train that fits the free track (0: none), from position
 * `from` of its list on. */
static int first_fit(const pack *P, int j, int from) {
    int k = P->type[P->order[j]];
    const route_list *l = &P->lists[k];
    for (int p = from; p < l->n; p++) {
        int r = P->sorted[k][p];
        if (!conflicts(P, k, r)) return l->rev_all[r];
    }
    return 0;
}

/* The first position level j may take once level i takes position p of its list (idle:
 * none): identical trains take later positions than the earlier ones, so j starts after its
 * nearest earlier identical level, decided (above i), being decided (i) or to come. */
static int from_for(const pack *P, int j, int i, int p, bool idle) {
    int q = P->prev_same[j], n = P->lists[P->type[P->order[j]]].n;
    if (q < 0) return 0;
    if (q < i) return P->pos[q] < 0 ? n : P->pos[q] + 1;
    if (q == i) return idle ? n : p + 1;
    int f = from_for(P, q, i, p, idle);
    return f >= n ? n : f + 1;
}

/* What the trains after level i can earn at most, when level i takes position p of its list
 * (idle: none), the track it takes already marked. */
static int rest_bound(const pack *P, int i, int p, bool idle) {
    int sum = 0;
    for (int j = i + 1; j < P->T; j++) sum += first_fit(P, j, from_for(P, j, i, p, idle));
    return sum;
}

/* The packing's order: the longest list last (its train only takes its first fit), the
 * others longest first, the shortest just before the last (it is searched once per choice
 * above it). Identical trains keep their positions in order whatever lies between them. */
static void order_levels(pack *P) {
    int T = P->T;
    for (int x = 0; x < T; x++)
        for (int y = x + 1; y < T; y++) {
            int nx = P->lists[P->type[P->order[x]]].n, ny = P->lists[P->type[P->order[y]]].n;
            if (ny > nx || (ny == nx && P->order[y] < P->order[x])) {
                int t = P->order[x];
                P->order[x] = P->order[y], P->order[y] = t;
            }
        }
    if (T > 1) { /* the longest to the end */
        int first = P->order[0];
        memmove(P->order, P->order + 1, (size_t)(T - 1) * sizeof *P->order);
        P->order[T - 1] = first;
    }
    for (int i = 0; i < T; i++) {
        P->prev_same[i] = -1;
        for (int j = i - 1; j >= 0 && P->prev_same[i] < 0; j--)
            if (P->type[P->order[j]] == P->type[P->order[i]]) P->prev_same[i] = j;
    }
}

static void level(pack *P, int i);

static void choose(pack *P, int i, int k, int p, int r, int revenue, bool with_once) {
    uint32_t taken = with_once ? P->lists[k].once[r] : 0;
    mark(P, k, r, true);
    int rest = rest_bound(P, i, p, false);
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

/* For a later level j: its first fit f on the free track, and for each piece of track r of
 * f the best route of j that fits without r. A choice at this level that takes track R
 * leaves level j at most min over r in R and in f of that (f itself when R misses f). */
typedef struct fits {
    int first;      /* revenue of the first fit, 0: none */
    int route;      /* its route index, -1 */
    int *without;   /* by resource: the best fit without it (only f's resources are set) */
} fits;

static void fits_compute(const pack *P, int j, int from, fits *f) {
    int k = P->type[P->order[j]];
    const route_list *l = &P->lists[k];
    f->first = 0, f->route = -1;
    int at = from;
    for (; at < l->n; at++)
        if (!conflicts(P, k, P->sorted[k][at])) break;
    if (at == l->n) return;
    f->route = P->sorted[k][at];
    f->first = l->rev_all[f->route];
    const uint64_t *fb = l->bits + (size_t)f->route * (size_t)l->words;
    for (int w = 0; w < l->words; w++)
        GOPT_FOR_BITS(b, fb[w]) {
            int res = w * 64 + b, best = 0;
            for (int q = at + 1; q < l->n; q++) {
                int r = P->sorted[k][q];
                const uint64_t *rb = l->bits + (size_t)r * (size_t)l->words;
                if ((rb[w] >> b & 1) || conflicts(P, k, r)) continue;
                best = l->rev_all[r];
                break;
            }
            f->without[res] = best;
        }
}

/* What level j can earn at most next to a route with track rb. */
static int fits_bound(const pack *P, const fits *f, int j, const uint64_t *rb) {
    if (f->route < 0) return 0;
    const route_list *l = &P->lists[P->type[P->order[j]]];
    const uint64_t *fb = l->bits + (size_t)f->route * (size_t)l->words;
    int most = f->first;
    for (int w = 0; w < l->words; w++)
        GOPT_FOR_BITS(b, fb[w] & rb[w]) {
            int v = f->without[w * 64 + b];
            if (v < most) most = v;
        }
    return most;
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
    int q = P->prev_same[i];
    int start = q < 0 ? 0 : P->pos[q] < 0 ? l->n : P->pos[q] + 1; /* an identical train before idle: so is this one */
    /* the later levels' fits: a bound for every choice here (identical trains after this one
     * take later positions) */
    fits f[GOPT_ROUTES_MAX_TRAINS];
    int loose = 0;
    for (int j = i + 1; j < P->T; j++) {
        f[j].without = P->scratch + (size_t)(i * P->T + j) * (size_t)(P->n->nres + 1);
        fits_compute(P, j, from_for(P, j, i, start - 1, false), &f[j]);
        loose += f[j].first;
    }
    for (int p = start; p < l->n; p++) {
        int r = P->sorted[k][p];
        if (P->cur + l->rev_all[r] + loose <= P->best) break;
        if (P->stopped || ((++P->steps & 4095) == 0 && gopt_stop_check() != GOPT_GO)) {
            P->stopped = true;
            int b = P->cur + l->rev_all[r] + loose;
            if (b > P->open_bound) P->open_bound = b;
            break;
        }
        if (conflicts(P, k, r)) continue;
        const uint64_t *rb = l->bits + (size_t)r * (size_t)l->words;
        int tight = 0;
        for (int j = i + 1; j < P->T; j++) tight += fits_bound(P, &f[j], j, rb);
        if (P->cur + l->rev_all[r] + tight <= P->best) continue;
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
    int rest = rest_bound(P, i, -1, true);
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

/* Heap sort of indices by key, largest first (lists may be long): a min-heap sifted down. */
static void sift_down(int *idx, int r, int end, const int *key) {
    for (;;) {
        int c = 2 * r + 1;
        if (c >= end) break;
        if (c + 1 < end && key[idx[c + 1]] < key[idx[c]]) c++;
        if (key[idx[r]] <= key[idx[c]]) break;
        int t = idx[r];
        idx[r] = idx[c], idx[c] = t;
        r = c;
    }
}

static void sort_desc(int *idx, int n, const int *key) {
    for (int i = n / 2 - 1; i >= 0; i--) sift_down(idx, i, n, key);
    for (int end = n - 1; end > 0; end--) {
        int t = idx[0];
        idx[0] = idx[end], idx[end] = t;
        sift_down(idx, 0, end, key);
    }
}

/* ---------------------------------------------------------------- the method */

static void add_route_bits(const routes_net *n, const net_route *r, uint64_t *used) {
    for (int i = 0; i + 1 < r->nstops; i++) {
        const uint64_t *b = net_segbits(n, r->segs[i]);
        for (int w = 0; w < n->words; w++) used[w] |= b[w];
    }
}

/* The train at level i takes its best route on what the others leave; its old route is
 * replaced when that earns more. Returns the total of the routes in a. */
static int answer_total(const net_answer *a, int T) {
    int total = 0;
    for (int t = 0; t < T; t++) total += a->routes[t].nstops ? a->routes[t].eval.revenue : 0;
    return total;
}

static uint32_t once_of(const net_answer *a, int T, int except, uint32_t once) {
    uint32_t taken = 0;
    for (int t = 0; t < T; t++)
        if (t != except && a->routes[t].nstops) taken |= a->routes[t].eval.bonuses & once;
    return taken;
}

static int first_answer(enumerator *E, const pack *P, net_answer *a) {
    const routes_net *n = P->n;
    int T = P->T;
    uint64_t *used = gopt_calloc((size_t)n->words + 1, sizeof *used);
    for (int t = 0; t < T; t++) memset(&a->routes[t], 0, sizeof a->routes[t]);
    for (int pass = 0; pass < 6; pass++) {
        bool better = false;
        for (int i = 0; i < T && !enum_stopped(E); i++) {
            int t = P->order[i], rev;
            memset(used, 0, (size_t)n->words * sizeof *used);
            for (int u = 0; u < T; u++)
                if (u != t) add_route_bits(n, &a->routes[u], used);
            net_route r;
            enum_use(E, used);
            enum_best(E, t, ~once_of(a, T, t, P->once), &r, &rev);
            int now = a->routes[t].nstops ? a->routes[t].eval.revenue : 0;
            if (rev > now) {
                a->routes[t] = r;
                better = true;
            }
        }
        if (!better || enum_stopped(E)) break;
    }
    free(used);
    return answer_total(a, T);
}

int net_static_bound(const routes_net *n) {
    enumerator *E = enum_new(n);
    int sum = 0;
    for (int t = 0; t < n->ntrains; t++) sum += enum_potential(E, t);
    enum_free(E);
    return sum;
}

void net_solve_search(const routes_net *n, net_answer *a) {
    memset(a, 0, sizeof *a);
    int T = n->ntrains;
    enumerator *E = enum_new(n);
    pack *P = gopt_calloc(1, sizeof *P);
    P->n = n, P->T = T;
    P->used = gopt_calloc((size_t)n->words + 1, sizeof *P->used);
    P->scratch = gopt_malloc((size_t)(T * T + 1) * (size_t)(n->nres + 1) * sizeof *P->scratch);
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
    order_levels(P);
    /* 2. a first answer: each train its best on what the ones before left, then each in turn
     * its best on what all the others leave, while that improves */
    int incumbent = stopped ? 0 : first_answer(E, P, a);
    stopped = stopped || enum_stopped(E);
    a->found = true;
    a->total = incumbent;
    /* 3-4. path sets and packing, in rounds: a round at level G lists, for each train, the
     * routes earning more than G minus what the others could earn at most, and packs them
     * for an answer above the best known I. Every answer above G has all its routes listed:
     * when the best known is then above G, it is optimal; when not, nothing earns more than
     * G, a proven bound, and the next round lowers G. The last round's G is I itself. Close
     * optima are found with short lists. */
    bool full = false;
    long listed = 0;
    int proven = bound;
    static const int parts[] = {1, 4, 12, 32, 64, 64, 64, 64, 64}; /* of 64ths of the gap */
    for (int round = 0; round < 10 && !stopped; round++) {
        int gap = proven - incumbent;
        if (gap <= 0) break;
        int G = round == 9 ? incumbent : proven - (int)((long)(bound - incumbent) * parts[round < 9 ? round : 8] / 64);
        if (G <= incumbent) G = incumbent;
        if (G >= proven) continue;
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
        order_levels(P);
        P->best = incumbent;
        P->improved = false;
        P->open_bound = 0;
        level(P, 0);
        stopped = P->stopped;
        if (P->improved) {
            a->total = 0;
            for (int i = 0; i < T; i++) {
                int t = P->order[i];
                memset(&a->routes[t], 0, sizeof a->routes[t]);
                if (P->best_pos[i] < 0) continue;
                int k = P->type[t];
                route_list_get(n, &P->lists[k], t, P->sorted[k][P->best_pos[i]], P->best_with_once[i], &a->routes[t]);
                a->total += a->routes[t].eval.revenue;
            }
            incumbent = a->total;
        }
        if (stopped) {
            /* open choices are bounded by open_bound; answers above G not met lie below it */
            int b = P->open_bound > G ? P->open_bound : G;
            if (b < proven) proven = b;
        } else {
            proven = incumbent >= G ? incumbent : G; /* nothing listed beats the best known: nothing above G does */
        }
        if (!stopped && incumbent >= G) break; /* optimal */
    }
    bound = proven;
    enum_counters(E, &a->counters);
    enum_free(E);
    gopt_counter_add(&a->counters, "routes", listed);
    gopt_counter_add(&a->counters, "combinations", P->steps);
    if (full) snprintf(a->note, sizeof a->note, "more than %ld routes for one train: gave up", MAX_LIST_ROUTES);
    a->optimal = !stopped && !full && bound <= a->total;
    (void)listed;
    a->bound = a->optimal ? a->total : bound > a->total ? bound : a->total;
    for (int k = 0; k < ntypes; k++) {
        route_list_free(&P->lists[k]);
        free(P->sorted[k]);
    }
    free(P->used);
    free(P->scratch);
    free(P);
}
