/* Branch and bound over path sets (--method search).
 *
 *  1. Each train alone on the whole map: its best route (enumerate.c, cut by its own best),
 *     an upper bound U(t) on what it can earn.
 *  2. Sets of trains, smallest first (memoised: every set of train types once): a set's
 *     bound is the least over its trains t of U(t) plus the bound of the set without t; its
 *     first answer the best of a subset's answer with the missing train added and of the
 *     trains one after another on what the ones before left, each then re-routed while that
 *     improves.
 *  3. The path sets: for each train, every route earning more than I minus what the set's
 *     other trains earn at most (their set's bound: far below the sum of their U when they
 *     want the same track), and more than every shorter route it grew from. A type's routes
 *     are kept and filtered for every later set and round that asks no lower.
 *  4. Set packing: one route (or none) per train, sharing no track, best first; a choice is
 *     cut when what it earns plus what the later trains can earn cannot beat the best answer:
 *     for each, its best route on the track still free (without each piece of the choice's
 *     track), no more than the choice for identical trains (they take later routes of the
 *     list), and in all no more than the later trains' set's bound. Once-only bonuses go to
 *     one train: a route that could take one is tried with it and without. With two or more
 *     trains of a type, the last level is one of them, enumerated on the free track (its
 *     listed twins each earn at least it: their list is cut at half of what the pair needs).
 * When a limit stops it, the unexplored choices are bounded the same way, so the answer comes
 * with a proven upper bound. `plain` (tests) skips the sets: U sums bound the others.
 * docs/methods.md#routes has the argument. */
#include <limits.h>
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
    const route_list *lists;                /* by type (the search's, shared by its sets) */
    int *const *sorted;                     /* by type: route indices, best first */
    int nsorted[GOPT_ROUTES_MAX_TRAINS];    /* by type: the routes above this round's threshold */
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
    int restopt[GOPT_ROUTES_MAX_TRAINS];    /* by level: the later levels' trains earn at most this */
    uint64_t *pending; /* fits_compute's pieces not settled yet */
    /* the last level enumerated (enum_last): its train's best route on the free track rather
     * than a list; routes of its type not listed earn at most floor[level] */
    bool enum_last;
    int enum_type;
    int floor[GOPT_ROUTES_MAX_TRAINS];     /* by level */
    int last_floor;
    enumerator *E;
    net_route best_last;
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

#define FIT_SCAN 256 /* routes first_fit looks at before it answers with a bound */

/* The best route of level j's train that fits the free track (0: none), from position
 * `from` of its list on: at most that, when FIT_SCAN routes in a row do not fit (the list is
 * best first: the next one's revenue bounds the rest). */
static int first_fit(const pack *P, int j, int from) {
    int k = P->type[P->order[j]];
    const route_list *l = &P->lists[k];
    for (int p = from; p < P->nsorted[k]; p++) {
        int r = P->sorted[k][p];
        if (p - from >= FIT_SCAN || !conflicts(P, k, r)) return l->rev_all[r] > P->floor[j] ? l->rev_all[r] : P->floor[j];
    }
    return from > P->nsorted[k] ? 0 : P->floor[j];
}

/* The first position level j may take once level i takes position p of its list (idle:
 * none): identical trains take later positions than the earlier ones, so j starts after its
 * nearest earlier identical level, decided (above i), being decided (i) or to come. n + 1
 * (past the list's n routes): idle, as an identical level before it is. */
static int from_for(const pack *P, int j, int i, int p, bool idle) {
    int q = P->prev_same[j], n = P->nsorted[P->type[P->order[j]]];
    if (q < 0) return 0;
    if (q < i) return P->pos[q] < 0 ? n + 1 : P->pos[q] + 1;
    if (q == i) return idle ? n + 1 : p + 1;
    int f = from_for(P, q, i, p, idle);
    return f > n ? n + 1 : f >= n ? n : f + 1;
}

/* What the trains after level i can earn at most, when level i takes position p of its list
 * (idle: none), the track it takes already marked. */
static int rest_bound(const pack *P, int i, int p, bool idle) {
    int sum = 0;
    for (int j = i + 1; j < P->T; j++) sum += first_fit(P, j, from_for(P, j, i, p, idle));
    return sum < P->restopt[i] ? sum : P->restopt[i];
}

/* The packing's order: the longest list last (its train only takes its first fit), the
 * others longest first, the shortest just before the last (it is searched once per choice
 * above it). Identical trains keep their positions in order whatever lies between them. */
static void order_levels(pack *P) {
    int T = P->T;
    for (int x = 0; x < T; x++)
        for (int y = x + 1; y < T; y++) {
            int nx = P->nsorted[P->type[P->order[x]]], ny = P->nsorted[P->type[P->order[y]]];
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
    if (P->enum_last) /* a train of the enumerated type to the end */
        for (int i = T - 1; i >= 0; i--)
            if (P->type[P->order[i]] == P->enum_type) {
                int t = P->order[i];
                memmove(P->order + i, P->order + i + 1, (size_t)(T - 1 - i) * sizeof *P->order);
                P->order[T - 1] = t;
                break;
            }
    for (int i = 0; i < T; i++) P->floor[i] = P->enum_last && i == T - 1 ? P->last_floor : 0;
    for (int i = 0; i < T; i++) {
        P->prev_same[i] = -1;
        for (int j = i - 1; j >= 0 && P->prev_same[i] < 0; j--)
            if (P->type[P->order[j]] == P->type[P->order[i]]) P->prev_same[i] = j;
    }
}

static void level(pack *P, int i);

/* The enumerated last level: its train's best route on the track still free, earning more
 * than the best answer needs (the enumerator cut by that from the start); idle when an
 * identical level before it is. */
static void last_level(pack *P, int i) {
    int q = P->prev_same[i];
    if (q >= 0 && P->pos[q] < 0) return; /* idle, as the identical train before it */
    if (P->stopped || ((++P->steps & 4095) == 0 && gopt_stop_check() != GOPT_GO)) P->stopped = true;
    net_route r;
    int rev = -1;
    if (!P->stopped) {
        enum_use(P->E, P->used);
        P->stopped = !enum_best_above(P->E, P->order[i], ~P->once_taken, P->best - P->cur, &r, &rev);
    }
    if (P->stopped) { /* what it could earn: its listed routes that fit, or the floor */
        int b = P->cur + first_fit(P, i, 0);
        if (b > P->open_bound) P->open_bound = b;
        return;
    }
    int gain = rev > 0 ? rev : 0;
    if (P->cur + gain > P->best) {
        P->best = P->cur + gain;
        memcpy(P->best_pos, P->pos, sizeof P->pos);
        memcpy(P->best_with_once, P->with_once, sizeof P->with_once);
        if (gain) P->best_last = r;
        else P->best_last.nstops = 0;
        P->improved = true;
    }
}

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
    int floor = from > P->nsorted[k] ? 0 : P->floor[j];
    f->first = floor, f->route = -1;
    int at = from;
    for (; at < P->nsorted[k]; at++)
        if (!conflicts(P, k, P->sorted[k][at])) break;
    if (at >= P->nsorted[k]) return;
    f->route = P->sorted[k][at];
    if (l->rev_all[f->route] > floor) f->first = l->rev_all[f->route];
    /* one pass down the list: each route that fits settles the pieces of f it misses */
    const uint64_t *fb = l->bits + (size_t)f->route * (size_t)l->words;
    uint64_t *pending = P->pending;
    bool any = false;
    for (int w = 0; w < l->words; w++) {
        pending[w] = fb[w];
        any |= fb[w] != 0;
        GOPT_FOR_BITS(b, fb[w]) f->without[w * 64 + b] = floor;
    }
    for (int q = at + 1; q < P->nsorted[k] && any; q++) {
        int r = P->sorted[k][q];
        if (conflicts(P, k, r)) continue;
        const uint64_t *rb = l->bits + (size_t)r * (size_t)l->words;
        any = false;
        for (int w = 0; w < l->words; w++) {
            GOPT_FOR_BITS(b, pending[w] & ~rb[w]) f->without[w * 64 + b] = l->rev_all[r] > floor ? l->rev_all[r] : floor;
            pending[w] &= rb[w];
            any |= pending[w] != 0;
        }
    }
}

/* What level j can earn at most next to a route with track rb. */
static int fits_bound(const pack *P, const fits *f, int j, const uint64_t *rb) {
    if (f->route < 0) return f->first;
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
            P->best_last.nstops = 0;
            P->improved = true;
        }
        return;
    }
    if (i == P->T - 1 && P->enum_last) {
        last_level(P, i);
        return;
    }
    int k = P->type[P->order[i]];
    const route_list *l = &P->lists[k];
    int q = P->prev_same[i];
    int start = q < 0 ? 0 : P->pos[q] < 0 ? P->nsorted[k] : P->pos[q] + 1; /* an identical train before idle: so is this one */
    /* the later levels' fits: a bound for every choice here (identical trains after this one
     * take later positions) */
    fits f[GOPT_ROUTES_MAX_TRAINS];
    int loose = 0, loose_same = 0, same = 0;
    for (int j = i + 1; j < P->T; j++) {
        f[j].without = P->scratch + (size_t)(i * P->T + j) * (size_t)(P->n->nres + 1);
        fits_compute(P, j, from_for(P, j, i, start - 1, false), &f[j]);
        if (P->type[P->order[j]] == k) loose_same += f[j].first, same++;
        else loose += f[j].first;
    }
    for (int p = start; p < P->nsorted[k]; p++) {
        int r = P->sorted[k][p], rev = l->rev_all[r];
        /* later trains of this type take later routes of the list: none earns more than r */
        int rest = loose + (loose_same < same * rev ? loose_same : same * rev);
        if (rest > P->restopt[i]) rest = P->restopt[i];
        if (P->cur + rev + rest <= P->best) break;
        if (P->stopped || ((++P->steps & 4095) == 0 && gopt_stop_check() != GOPT_GO)) {
            P->stopped = true;
            int b = P->cur + rev + rest;
            if (b > P->open_bound) P->open_bound = b;
            break;
        }
        if (conflicts(P, k, r)) continue;
        const uint64_t *rb = l->bits + (size_t)r * (size_t)l->words;
        int tight = 0;
        for (int j = i + 1; j < P->T; j++) {
            int v = fits_bound(P, &f[j], j, rb);
            tight += P->type[P->order[j]] == k && v > rev ? rev : v;
        }
        if (tight > P->restopt[i]) tight = P->restopt[i];
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

/* Train t takes its best route on the track the other routes of a leave, if that earns more
 * than its route in a. True when it did. */
static bool best_response(enumerator *E, const routes_net *n, net_answer *a, int t, uint32_t once, uint64_t *used) {
    memset(used, 0, (size_t)n->words * sizeof *used);
    for (int u = 0; u < n->ntrains; u++)
        if (u != t) add_route_bits(n, &a->routes[u], used);
    net_route r;
    int rev;
    enum_use(E, used);
    enum_best(E, t, ~once_of(a, n->ntrains, t, once), &r, &rev);
    int now = a->routes[t].nstops ? a->routes[t].eval.revenue : 0;
    if (rev <= now) return false;
    a->routes[t] = r;
    return true;
}

/* A first answer: the pack's trains one after another, each taking its best route on what
 * the ones before left, then each in turn its best on what all the others leave, while that
 * improves. `a` may already hold routes (a sub-problem's answer) to start from. */
static int first_answer(enumerator *E, const pack *P, uint32_t once, net_answer *a) {
    const routes_net *n = P->n;
    uint64_t *used = gopt_calloc((size_t)n->words + 1, sizeof *used);
    for (int pass = 0; pass < 6; pass++) {
        bool better = false;
        for (int i = 0; i < P->T && !enum_stopped(E); i++) better |= best_response(E, n, a, P->order[i], once, used);
        if (!better || enum_stopped(E)) break;
    }
    free(used);
    return answer_total(a, n->ntrains);
}

/* ---------------------------------------------------------------- sets of trains */

/* A set of the company's trains: count[k] trains of type k (the first ones of that type).
 * Every set smaller than the whole is a sub-problem whose optimum (or proven bound) bounds
 * what those trains earn together next to any other route: far below the sum of what each
 * earns alone when they want the same track (two diesels, an 8 and a 5+5E). */
typedef struct set_answer {
    bool done, optimal;
    int bound;         /* proven: the set earns at most this */
    net_answer answer; /* the best found, routes of the set's trains only */
} set_answer;

typedef struct search {
    const routes_net *n;
    enumerator *E;
    bool plain;                                  /* no sub-problems (tests: the plain search) */
    int ntypes;
    int type[GOPT_ROUTES_MAX_TRAINS];            /* by train */
    int count[GOPT_ROUTES_MAX_TRAINS];           /* by type: trains */
    int member[GOPT_ROUTES_MAX_TRAINS][GOPT_ROUTES_MAX_TRAINS]; /* by type: its trains */
    int radix[GOPT_ROUTES_MAX_TRAINS];           /* key of a set: sum of count * radix */
    set_answer *memo;
    int ub[GOPT_ROUTES_MAX_TRAINS];              /* by type: alone on the whole map, at most */
    net_route alone[GOPT_ROUTES_MAX_TRAINS];     /* by type: its best route alone */
    bool ub_exact;
    /* by type: its routes earning more than theta, kept for every set and round that asks
     * for a threshold no lower (the same routes as a new enumeration's, filtered) */
    route_list lists[GOPT_ROUTES_MAX_TRAINS];
    int *sorted[GOPT_ROUTES_MAX_TRAINS];
    int theta[GOPT_ROUTES_MAX_TRAINS];
    uint32_t once;
    bool stopped, full;
    long listed, steps, sets;
} search;

static int set_key(const search *S, const int *cnt) {
    int key = 0;
    for (int k = 0; k < S->ntypes; k++) key += cnt[k] * S->radix[k];
    return key;
}

static set_answer *solve_set(search *S, const int *cnt);

/* How many of type k's routes earn more than theta, best first in S->sorted[k]: the kept list
 * when it reaches that low, else a new enumeration. */
static int routes_above(search *S, int k, int theta) {
    route_list *l = &S->lists[k];
    if (theta < S->theta[k]) {
        route_list_free(l);
        free(S->sorted[k]);
        enum_use(S->E, NULL);
        S->stopped = !enum_collect(S->E, S->member[k][0], theta, l, MAX_LIST_ROUTES, &S->full);
        S->theta[k] = S->stopped ? INT_MAX : theta;
        S->sorted[k] = gopt_malloc((size_t)(l->n + 1) * sizeof *S->sorted[k]);
        for (int i = 0; i < l->n; i++) S->sorted[k][i] = i;
        sort_desc(S->sorted[k], l->n, l->rev_all);
        S->listed += l->n;
    }
    int lo = 0, hi = l->n; /* the first position not above theta */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (l->rev_all[S->sorted[k][mid]] > theta) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* The proven bound of the trains at levels after i of the pack (INT_MAX: none known). */
static void rest_caps(search *S, pack *P) {
    int cnt[GOPT_ROUTES_MAX_TRAINS] = {0};
    for (int i = P->T - 1; i >= 0; i--) {
        P->restopt[i] = S->plain ? INT_MAX : solve_set(S, cnt)->bound;
        cnt[S->type[P->order[i]]]++;
    }
}

/* Branch and bound over path sets for the trains of the set (steps 2-4 of the header), from
 * the proven `bound` and, by type, what the set's other trains earn at most. */
static void pack_set(search *S, const int *cnt, const int *others, int bound, set_answer *m) {
    const routes_net *n = S->n;
    enumerator *E = S->E;
    net_answer *a = &m->answer;
    pack *P = gopt_calloc(1, sizeof *P);
    P->n = n;
    for (int k = 0; k < S->ntypes; k++)
        for (int c = 0; c < cnt[k]; c++) P->order[P->T++] = S->member[k][c];
    int T = P->T;
    memcpy(P->type, S->type, sizeof P->type);
    P->used = gopt_calloc((size_t)n->words + 1, sizeof *P->used);
    P->pending = gopt_calloc((size_t)n->words + 1, sizeof *P->pending);
    P->scratch = gopt_malloc((size_t)(T * T + 1) * (size_t)(n->nres + 1) * sizeof *P->scratch);
    P->once = S->once;
    P->lists = S->lists;
    P->sorted = S->sorted;
    P->E = E;
    /* the last level enumerated: the type of two or more trains earning most alone. Its listed
     * trains (all but one) each earn at least the last one, so together with it more than what
     * the set without two of them leaves: each more than half of that. */
    int sub2[GOPT_ROUTES_MAX_TRAINS], others2 = 0;
    P->enum_type = -1;
    for (int k = 0; k < S->ntypes && !S->plain; k++)
        if (cnt[k] >= 2 && (P->enum_type < 0 || S->ub[k] > S->ub[P->enum_type])) P->enum_type = k;
    P->enum_last = P->enum_type >= 0;
    if (P->enum_last) {
        memcpy(sub2, cnt, sizeof sub2);
        sub2[P->enum_type] -= 2;
        others2 = solve_set(S, sub2)->bound;
    }
    /* trains in order of U, identical ones together */
    for (int x = 0; x < T; x++)
        for (int y = x + 1; y < T; y++) {
            int tx = P->order[x], ty = P->order[y], ux = S->ub[P->type[tx]], uy = S->ub[P->type[ty]];
            if (uy > ux || (uy == ux && P->type[ty] < P->type[tx])) P->order[x] = ty, P->order[y] = tx;
        }
    order_levels(P);
    /* a first answer: from the best subset's (when there is one) and from nothing */
    int incumbent = a->total;
    if (!S->stopped) {
        incumbent = first_answer(E, P, S->once, a);
        if (!S->plain) {
            net_answer *b = gopt_calloc(1, sizeof *b);
            int other = first_answer(E, P, S->once, b);
            if (other > incumbent) *a = *b, incumbent = other;
            free(b);
        }
        a->total = incumbent;
    }
    S->stopped = S->stopped || enum_stopped(E);
    /* 3-4. path sets and packing, in rounds: a round at level G lists, for each train, the
     * routes earning more than G minus what the others could earn at most, and packs them
     * for an answer above the best known I. Every answer above G has all its routes listed:
     * when the best known is then above G, it is optimal; when not, nothing earns more than
     * G, a proven bound, and the next round lowers G. The last round's G is I itself. Close
     * optima are found with short lists. */
    int proven = bound;
    static const int parts[] = {1, 4, 12, 32, 64, 64, 64, 64, 64}; /* of 64ths of the gap */
    for (int round = 0; round < 10 && !S->stopped; round++) {
        int gap = proven - incumbent;
        if (gap <= 0) break;
        int G = round == 9 ? incumbent : proven - (int)((long)(bound - incumbent) * parts[round < 9 ? round : 8] / 64);
        if (G <= incumbent) G = incumbent;
        if (G >= proven) continue;
        for (int k = 0; k < S->ntypes && !S->stopped; k++) {
            if (!cnt[k]) continue;
            int theta = G - others[k];
            if (k == P->enum_type && (G - others2) / 2 > theta) theta = (G - others2) / 2;
            if (k == P->enum_type) P->last_floor = theta;
            P->nsorted[k] = routes_above(S, k, theta);
        }
        if (S->stopped) break;
        order_levels(P);
        rest_caps(S, P);
        P->best = incumbent;
        P->improved = false;
        P->open_bound = 0;
        P->stopped = false;
        level(P, 0);
        S->stopped = P->stopped;
        if (P->improved) {
            for (int i = 0; i < T; i++) {
                int t = P->order[i];
                memset(&a->routes[t], 0, sizeof a->routes[t]);
                if (P->enum_last && i == T - 1) {
                    if (P->best_last.nstops) a->routes[t] = P->best_last;
                    continue;
                }
                if (P->best_pos[i] < 0) continue;
                int k = P->type[t];
                route_list_get(n, &P->lists[k], t, P->sorted[k][P->best_pos[i]], P->best_with_once[i], &a->routes[t]);
            }
            incumbent = a->total = answer_total(a, n->ntrains);
        }
        if (S->stopped) {
            /* open choices are bounded by open_bound; answers above G not met lie below it */
            int b = P->open_bound > G ? P->open_bound : G;
            if (b < proven) proven = b;
        } else {
            proven = incumbent >= G ? incumbent : G; /* nothing listed beats the best known: nothing above G does */
        }
        if (!S->stopped && incumbent >= G) break; /* optimal */
    }
    S->steps += P->steps;
    m->bound = proven > incumbent ? proven : incumbent;
    m->optimal = !S->stopped && proven <= incumbent;
    free(P->used);
    free(P->pending);
    free(P->scratch);
    free(P);
}

/* The set's answer: a proven bound from its subsets (each train's best alone plus what the
 * rest of the set earns at most), a first answer from the best subset's answer with the
 * missing train added, then the branch and bound. Memoised: every set is solved once. */
static set_answer *solve_set(search *S, const int *cnt) {
    set_answer *m = &S->memo[set_key(S, cnt)];
    if (m->done) return m;
    const routes_net *n = S->n;
    int T = 0, sum = 0, others[GOPT_ROUTES_MAX_TRAINS] = {0}, last = -1;
    for (int k = 0; k < S->ntypes; k++) {
        T += cnt[k], sum += cnt[k] * S->ub[k];
        if (cnt[k]) last = k;
    }
    if (T == 0) {
        m->done = m->optimal = m->answer.found = true;
        return m;
    }
    if (T == 1) { /* one train: its best alone */
        m->answer.routes[S->member[last][0]] = S->alone[last];
        m->answer.total = S->alone[last].nstops ? S->alone[last].eval.revenue : 0;
        m->bound = S->ub[last];
        m->optimal = S->ub_exact;
        m->answer.found = m->done = true;
        return m;
    }
    S->sets++;
    int bound = sum;
    for (int k = 0; k < S->ntypes; k++) others[k] = sum - S->ub[k];
    if (!S->plain) {
        /* the set without one train of type k: a bound on the others, and a first answer */
        uint64_t *used = gopt_calloc((size_t)n->words + 1, sizeof *used);
        for (int k = 0; k < S->ntypes; k++) {
            if (!cnt[k]) continue;
            int sub[GOPT_ROUTES_MAX_TRAINS];
            memcpy(sub, cnt, sizeof sub);
            sub[k]--;
            set_answer *s = solve_set(S, sub);
            others[k] = s->bound;
            if (S->ub[k] + s->bound < bound) bound = S->ub[k] + s->bound;
            net_answer grown = s->answer;
            if (!S->stopped) best_response(S->E, n, &grown, S->member[k][cnt[k] - 1], S->once, used);
            grown.total = answer_total(&grown, n->ntrains);
            if (!m->answer.found || grown.total > m->answer.total) m->answer = grown, m->answer.found = true;
        }
        free(used);
    }
    m->answer.found = true;
    if (m->answer.total >= bound) {
        m->bound = m->answer.total; /* meets its proven bound: optimal */
        m->optimal = true;
    } else {
        pack_set(S, cnt, others, bound, m);
    }
    m->done = true;
    return m;
}

int net_static_bound(const routes_net *n) {
    enumerator *E = enum_new(n);
    int sum = 0;
    for (int t = 0; t < n->ntrains; t++) sum += enum_potential(E, t);
    enum_free(E);
    return sum;
}

void net_solve_search(const routes_net *n, bool plain, net_answer *a) {
    memset(a, 0, sizeof *a);
    int T = n->ntrains;
    search *S = gopt_calloc(1, sizeof *S);
    S->n = n, S->plain = plain;
    S->E = enum_new(n);
    for (int b = 0; b < n->nbonuses; b++)
        if (n->bonuses[b].once) S->once |= 1u << b;
    /* trains of one type share a list */
    int rep[GOPT_ROUTES_MAX_TRAINS];
    for (int t = 0; t < T; t++) {
        int k = 0;
        while (k < S->ntypes && memcmp(&n->trains[rep[k]], &n->trains[t], sizeof n->trains[0]) != 0) k++;
        if (k == S->ntypes) rep[S->ntypes++] = t;
        S->type[t] = k;
        S->member[k][S->count[k]++] = t;
    }
    int nkeys = 1;
    for (int k = 0; k < S->ntypes; k++) S->radix[k] = nkeys, nkeys *= S->count[k] + 1;
    S->memo = gopt_calloc((size_t)nkeys, sizeof *S->memo);
    for (int k = 0; k < S->ntypes; k++) S->theta[k] = INT_MAX;
    /* 1. each type alone: U, its best route, and the potential should a limit stop us */
    S->ub_exact = true;
    for (int k = 0; k < S->ntypes; k++) {
        int rev;
        enum_use(S->E, NULL);
        S->ub_exact = enum_best(S->E, rep[k], ~0u, &S->alone[k], &rev) && S->ub_exact;
        S->ub[k] = rev > 0 ? rev : 0;
        if (!S->alone[k].nstops) memset(&S->alone[k], 0, sizeof S->alone[k]); /* none: no stale revenue */
    }
    if (!S->ub_exact)
        for (int k = 0; k < S->ntypes; k++) {
            enum_use(S->E, NULL);
            S->ub[k] = enum_potential(S->E, rep[k]);
        }
    S->stopped = !S->ub_exact;
    set_answer *m = solve_set(S, S->count);
    *a = m->answer;
    a->found = true;
    a->optimal = m->optimal && !S->full;
    a->bound = a->optimal ? a->total : m->bound > a->total ? m->bound : a->total;
    enum_counters(S->E, &a->counters);
    gopt_counter_add(&a->counters, "routes", S->listed);
    gopt_counter_add(&a->counters, "combinations", S->steps);
    gopt_counter_add(&a->counters, "train_sets", S->sets);
    if (S->full) snprintf(a->note, sizeof a->note, "more than %ld routes for one train: gave up", MAX_LIST_ROUTES);
    enum_free(S->E);
    for (int k = 0; k < S->ntypes; k++) {
        route_list_free(&S->lists[k]);
        free(S->sorted[k]);
    }
    free(S->memo);
    free(S);
}
