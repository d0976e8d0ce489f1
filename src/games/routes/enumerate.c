/* The routes of one train, grown stop by stop with a revenue bound (the search's first half).
 *
 * A route is grown from its pivot, the company's token city of lowest index on it: first to
 * one side, then to the other, so that each route is met exactly once (a route with its pivot
 * at an end grows only to the first side; the first segment to the second side has a higher
 * index than the first to the first side; no token city below the pivot is entered).
 *
 * The bound of a route being grown: the best counting of the stops it has and of the stops it
 * could still reach (along free track, never through a stop it has or one a route may not
 * pass, within its remaining length: stops for N-trains, hexes for hex trains), the bonuses
 * whose sets it has or could reach at their most. A route whose bound cannot beat the
 * threshold is not grown further. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/bitset.h"
#include "gameopt/budget.h"
#include "gameopt/stop.h"
#include "games/routes/search.h"

#define INF (1 << 29)
#define MID GOPT_ROUTES_ROUTE_STOPS

struct enumerator {
    const routes_net *n;
    uint64_t *used;     /* others' track, then this route's */
    bool *visited;
    int *place_used;
    int t;
    uint32_t allowed, once;
    /* the route: stops[lo..hi] with the pivot at MID; segs[i] joins stops i and i + 1 */
    int stops[2 * MID + 1];
    int segs[2 * MID + 1];
    int lo, hi;
    int counted, cities, towns, sides;
    /* what to do with routes */
    bool collect;
    int theta;           /* routes must earn more */
    route_list *list;
    long max;
    bool full;
    int best;            /* enum_best */
    net_route best_route;
    /* work */
    long nodes, bounds;
    bool stopped;
    /* scratch */
    int *dist, *queue, *by_value, *heap, *heap_key;
    bool *reach;
};

static const gopt_routes_train *train(const enumerator *E) { return &E->n->trains[E->t]; }

static int cost_of(const gopt_routes_train *tr, const routes_net *n, int e, int v) {
    if (tr->hexes != GOPT_ROUTES_UNLIMITED) return n->segs[e].sides;
    if (n->stops[v].cls == GOPT_ROUTES_TOWN && tr->towns_free) return 0;
    return 1;
}

static int length_limit(const gopt_routes_train *tr) {
    int l = tr->hexes != GOPT_ROUTES_UNLIMITED ? tr->hexes : tr->stops;
    return l == GOPT_ROUTES_UNLIMITED ? INF : l;
}

/* ---------------------------------------------------------------- reach */

static void heap_push(enumerator *E, int *nh, int v) {
    int k = (*nh)++;
    E->heap[k] = v;
    E->heap_key[k] = E->dist[v];
    while (k > 0 && E->heap_key[(k - 1) / 2] > E->heap_key[k]) {
        int p = (k - 1) / 2, tv = E->heap[p], tk = E->heap_key[p];
        E->heap[p] = E->heap[k], E->heap_key[p] = E->heap_key[k];
        E->heap[k] = tv, E->heap_key[k] = tk;
        k = p;
    }
}

static int heap_pop(enumerator *E, int *nh, int *key) {
    int v = E->heap[0];
    *key = E->heap_key[0];
    int k = 0, m = --(*nh);
    E->heap[0] = E->heap[m], E->heap_key[0] = E->heap_key[m];
    for (;;) {
        int l = 2 * k + 1, r = l + 1, small = k;
        if (l < m && E->heap_key[l] < E->heap_key[small]) small = l;
        if (r < m && E->heap_key[r] < E->heap_key[small]) small = r;
        if (small == k) break;
        int tv = E->heap[small], tk = E->heap_key[small];
        E->heap[small] = E->heap[k], E->heap_key[small] = E->heap_key[k];
        E->heap[k] = tv, E->heap_key[k] = tk;
        k = small;
    }
    return v;
}

static bool enterable(const enumerator *E, int o, int min_token) {
    const net_stop *st = &E->n->stops[o];
    if (E->visited[o] || (st->token && o < min_token)) return false;
    return st->place < 0 || !E->place_used[st->place];
}

/* Marks reach[] for the stops within `limit` of the sources (queue[0..nsrc), dist preset),
 * along free track, never into visited or forbidden stops, leading on only from stops a
 * route may pass: breadth first without a limit, Dijkstra (costs 0 or more) with one. */
static void reach_from(enumerator *E, int nsrc, int limit, int min_token) {
    const routes_net *n = E->n;
    const gopt_routes_train *tr = train(E);
    size_t W = (size_t)n->words;
    if (limit >= INF) {
        int head = 0, nq = nsrc;
        while (head < nq) {
            int v = E->queue[head++];
            if (!n->stops[v].pass && !E->visited[v]) continue; /* reached, but a route ends there */
            for (int i = n->adj0[v]; i < n->adj0[v + 1]; i++) {
                int e = n->adj[i], o = net_other(n, e, v);
                if (E->reach[o] || !enterable(E, o, min_token)) continue;
                if (gopt_bits_intersects(net_segbits(n, e), E->used, W)) continue;
                E->reach[o] = true;
                E->queue[nq++] = o;
            }
        }
        return;
    }
    int nh = 0;
    for (int k = 0; k < nsrc; k++) heap_push(E, &nh, E->queue[k]);
    while (nh > 0) {
        int d, v = heap_pop(E, &nh, &d);
        if (d > E->dist[v]) continue; /* stale */
        if (!n->stops[v].pass && !E->visited[v]) continue;
        for (int i = n->adj0[v]; i < n->adj0[v + 1]; i++) {
            int e = n->adj[i], o = net_other(n, e, v);
            if (!enterable(E, o, min_token)) continue;
            int nd = d + cost_of(tr, n, e, o);
            if (nd > limit || nd >= E->dist[o]) continue;
            if (gopt_bits_intersects(net_segbits(n, e), E->used, W)) continue;
            E->dist[o] = nd;
            E->reach[o] = true;
            heap_push(E, &nh, o);
        }
    }
}

static void clear_reach(enumerator *E) {
    for (int v = 0; v < E->n->nstops; v++) E->dist[v] = INF, E->reach[v] = false;
}

/* The most the best `cap` of vals[0..m) sum to (cap < 0: all). */
static int top_sum(int *vals, int m, int cap) {
    int s = 0;
    if (cap < 0 || cap >= m) {
        for (int i = 0; i < m; i++) s += vals[i];
        return s;
    }
    for (int k = 0; k < cap; k++) {
        int pick = k;
        for (int i = k + 1; i < m; i++)
            if (vals[i] > vals[pick]) pick = i;
        int tmp = vals[k];
        vals[k] = vals[pick], vals[pick] = tmp;
        s += vals[k];
    }
    return s;
}

/* How many stops the train counts at most (-1: all it visits). */
static int pay_cap(const gopt_routes_train *tr) {
    if (tr->pay != GOPT_ROUTES_UNLIMITED) return tr->pay;
    if (tr->towns_free && tr->stops != GOPT_ROUTES_UNLIMITED) return tr->stops;
    return -1;
}

/* What the route's stops and the reachable ones (within the train's remaining capacities,
 * the best first: the capacities are nested limits, so taking the best that fit is best) can
 * earn at most, and the bonuses they could meet. */
static int value_bound(enumerator *E) {
    const routes_net *n = E->n;
    const gopt_routes_train *tr = train(E);
    const int *w = n->w + E->t * n->nstops;
    int vals[2 * GOPT_ROUTES_ROUTE_STOPS + 8], m = 0;
    for (int k = E->lo; k <= E->hi; k++) vals[m++] = w[E->stops[k]];
    int cities_left = tr->cities == GOPT_ROUTES_UNLIMITED ? INF : tr->cities - E->cities;
    int towns_left = tr->towns == GOPT_ROUTES_UNLIMITED ? INF : tr->towns - E->towns;
    int counted_left = tr->stops == GOPT_ROUTES_UNLIMITED ? INF : tr->stops - E->counted;
    int cap = pay_cap(tr), room = cap < 0 ? INF : cap, extra = 0;
    bool unlimited = cap < 0 && counted_left >= INF && cities_left >= INF && towns_left >= INF;
    const int *order = E->by_value + E->t * n->nstops;
    for (int r = 0; r < n->nstops; r++) {
        int v = order[r];
        if (!E->reach[v] || E->visited[v]) continue;
        if (unlimited) {
            extra += w[v];
            continue;
        }
        bool town = n->stops[v].cls == GOPT_ROUTES_TOWN, counts = !(town && tr->towns_free);
        if (town ? towns_left <= 0 : cities_left <= 0) continue;
        if (counts && counted_left <= 0) continue;
        if (m >= (int)(sizeof vals / sizeof vals[0]) || room <= 0) break;
        vals[m++] = w[v];
        room--;
        if (town) towns_left--;
        else cities_left--;
        if (counts) counted_left--;
    }
    int sum = top_sum(vals, m, cap) + extra;
    for (int b = 0; b < n->nbonuses; b++) {
        if (!(E->allowed >> b & 1)) continue;
        const net_bonus *nb = &n->bonuses[b];
        int most = nb->amount;
        bool possible = true;
        for (int j = 0; j < nb->nsets && possible; j++) {
            int best = -1;
            for (int q = 0; q < nb->nin[j]; q++) {
                int v = nb->in[j][q];
                if ((E->visited[v] || E->reach[v]) && nb->set_value[j][v] > best) best = nb->set_value[j][v];
            }
            possible = best >= 0;
            most += best;
        }
        if (possible) sum += most * (nb->multiplied ? tr->multiplier : 1);
    }
    E->bounds++;
    return sum;
}

int enum_potential(enumerator *E, int t) {
    const routes_net *n = E->n;
    E->t = t;
    E->allowed = ~0u;
    clear_reach(E);
    int nq = 0;
    E->lo = MID, E->hi = MID - 1; /* no route */
    E->cities = E->towns = E->counted = E->sides = 0;
    for (int v = 0; v < n->nstops; v++)
        if (n->stops[v].token && !E->visited[v]) {
            E->dist[v] = 1;
            E->reach[v] = true;
            E->queue[nq++] = v;
        }
    reach_from(E, nq, length_limit(train(E)), 0);
    return nq ? value_bound(E) : 0;
}

/* The bound of the route being grown; `left_open`, `right_open`: which ends may still grow. */
static int route_bound(enumerator *E, bool left_open, bool right_open) {
    const gopt_routes_train *tr = train(E);
    clear_reach(E);
    int used = tr->hexes != GOPT_ROUTES_UNLIMITED ? E->sides + 1 : E->counted, nq = 0;
    if (left_open) E->dist[E->stops[E->lo]] = used, E->queue[nq++] = E->stops[E->lo];
    if (right_open && E->hi > E->lo) E->dist[E->stops[E->hi]] = used, E->queue[nq++] = E->stops[E->hi];
    reach_from(E, nq, length_limit(tr), E->stops[MID]);
    return value_bound(E);
}

/* ---------------------------------------------------------------- routes */

static void record(enumerator *E, const net_eval *all, int plain) {
    route_list *l = E->list;
    const routes_net *n = E->n;
    if (l->n >= E->max) {
        E->full = E->stopped = true;
        return;
    }
    int k = E->hi - E->lo + 1;
    size_t bytes = (size_t)n->words * 8 + 4 * sizeof(int) + sizeof(int16_t) + 2 * (size_t)k * sizeof(int);
    if (!gopt_budget_charge(NULL, bytes)) { /* the memory limit: stop with what is known */
        E->stopped = true;
        return;
    }
    l->charged += bytes;
    gopt_grow(&l->rev_all, &l->cap, (size_t)l->n + 1, sizeof *l->rev_all);
    l->rev_plain = gopt_realloc(l->rev_plain, l->cap * sizeof *l->rev_plain);
    l->once = gopt_realloc(l->once, l->cap * sizeof *l->once);
    l->start = gopt_realloc(l->start, l->cap * sizeof *l->start);
    l->nstops = gopt_realloc(l->nstops, l->cap * sizeof *l->nstops);
    l->bits = gopt_realloc(l->bits, l->cap * (size_t)n->words * sizeof *l->bits);
    size_t cap = l->pool_cap;
    gopt_grow(&l->stops, &l->pool_cap, l->pool_n + (size_t)k, sizeof *l->stops);
    if (cap != l->pool_cap) l->segs = gopt_realloc(l->segs, l->pool_cap * sizeof *l->segs);
    int i = l->n++;
    l->words = n->words;
    l->rev_all[i] = all->revenue;
    l->rev_plain[i] = plain;
    l->once[i] = all->bonuses & E->once;
    l->start[i] = (int)l->pool_n;
    l->nstops[i] = (int16_t)k;
    for (int j = 0; j < k; j++) l->stops[l->pool_n + (size_t)j] = E->stops[E->lo + j];
    for (int j = 0; j + 1 < k; j++) l->segs[l->pool_n + (size_t)j] = E->segs[E->lo + j];
    l->pool_n += (size_t)k;
    /* the route's own track: its segments (others' track is not in it) */
    uint64_t *b = l->bits + (size_t)i * (size_t)n->words;
    memset(b, 0, (size_t)n->words * sizeof *b);
    for (int j = E->lo; j < E->hi; j++) {
        const uint64_t *s = net_segbits(n, E->segs[j]);
        for (int w = 0; w < n->words; w++) b[w] |= s[w];
    }
}

/* The most the routes a route grew from earned: they use less track, so a route that earns
 * no more than one of them is never needed (with and without the once-only bonuses). */
typedef struct ancestry {
    int all, plain;
} ancestry;

/* Scores the route stops[lo..hi] and acts on it; returns the ancestry for its children. */
static ancestry visit(enumerator *E, ancestry parent) {
    const routes_net *n = E->n;
    net_eval all;
    int k = E->hi - E->lo + 1;
    if (!net_route_eval(n, E->t, E->stops + E->lo, k, E->sides, E->allowed, &all)) return parent;
    int plain = all.revenue;
    if (E->collect) {
        net_eval without;
        if (all.bonuses & E->once)
            plain = net_route_eval(n, E->t, E->stops + E->lo, k, E->sides, E->allowed & ~E->once, &without) ? without.revenue : 0;
        if (all.revenue > E->theta && (all.revenue > parent.all || plain > parent.plain)) record(E, &all, plain);
    } else if (all.revenue > E->best) {
        E->best = all.revenue;
        E->best_route.nstops = k;
        for (int j = 0; j < k; j++) E->best_route.stops[j] = E->stops[E->lo + j];
        for (int j = 0; j + 1 < k; j++) E->best_route.segs[j] = E->segs[E->lo + j];
        E->best_route.eval = all;
    }
    return (ancestry){all.revenue > parent.all ? all.revenue : parent.all, plain > parent.plain ? plain : parent.plain};
}

static bool may_add(enumerator *E, int e, int o, int *dc, int *dt, int *dn, int *ds) {
    const routes_net *n = E->n;
    const gopt_routes_train *tr = train(E);
    if (E->visited[o] || (n->stops[o].token && o < E->stops[MID])) return false;
    if (n->stops[o].place >= 0 && E->place_used[n->stops[o].place]) return false;
    bool town = n->stops[o].cls == GOPT_ROUTES_TOWN;
    *dc = !town, *dt = town, *dn = town && tr->towns_free ? 0 : 1, *ds = n->segs[e].sides;
    if (tr->cities != GOPT_ROUTES_UNLIMITED && E->cities + *dc > tr->cities) return false;
    if (tr->towns != GOPT_ROUTES_UNLIMITED && E->towns + *dt > tr->towns) return false;
    if (tr->stops != GOPT_ROUTES_UNLIMITED && E->counted + *dn > tr->stops) return false;
    if (tr->hexes != GOPT_ROUTES_UNLIMITED && E->sides + *ds + 1 > tr->hexes) return false;
    if (E->hi - E->lo + 1 >= GOPT_ROUTES_ROUTE_STOPS) return false;
    return !gopt_bits_intersects(net_segbits(n, e), E->used, (size_t)n->words);
}

static void take(enumerator *E, int e, int o, int dc, int dt, int dn, int ds, int sign) {
    const uint64_t *bits = net_segbits(E->n, e);
    for (int w = 0; w < E->n->words; w++) E->used[w] = sign > 0 ? E->used[w] | bits[w] : E->used[w] & ~bits[w];
    E->visited[o] = sign > 0;
    if (E->n->stops[o].place >= 0) E->place_used[E->n->stops[o].place] += sign;
    E->cities += sign * dc, E->towns += sign * dt, E->counted += sign * dn, E->sides += sign * ds;
}

static int threshold(const enumerator *E) { return E->collect ? E->theta : E->best; }

/* Grows the route at one end (left_phase: the second side). `parent`: what the route one
 * stop shorter earned. */
static void grow(enumerator *E, bool left_phase, ancestry parent) {
    const routes_net *n = E->n;
    if (E->stopped) return;
    if ((++E->nodes & 1023) == 0 && gopt_stop_check() != GOPT_GO) {
        E->stopped = true;
        return;
    }
    int end = left_phase ? E->stops[E->lo] : E->stops[E->hi];
    bool at_pivot = left_phase ? E->lo == MID : E->hi == MID;
    bool end_open = at_pivot || n->stops[end].pass;
    if (route_bound(E, left_phase ? end_open : true, left_phase ? false : end_open) <= threshold(E)) return;
    ancestry here = parent;
    /* the route as it stands is one of the train's: scored once, where it is complete */
    if (left_phase ? E->lo < MID : E->hi > MID) here = visit(E, parent);
    if (!left_phase && E->hi > MID) grow(E, true, here); /* turn: grow the other side */
    if (!end_open) return;
    int first_right = E->hi > MID ? E->segs[MID] : -1;
    for (int k = n->adj0[end]; k < n->adj0[end + 1] && !E->stopped; k++) {
        int e = n->adj[k], o = net_other(n, e, end), dc, dt, dn, ds;
        if (left_phase && E->lo == MID && (E->hi == MID || e <= first_right)) continue; /* each route once */
        if (!may_add(E, e, o, &dc, &dt, &dn, &ds)) continue;
        take(E, e, o, dc, dt, dn, ds, 1);
        if (left_phase) {
            E->lo--;
            E->stops[E->lo] = o;
            E->segs[E->lo] = e;
        } else {
            E->segs[E->hi] = e;
            E->stops[++E->hi] = o;
        }
        grow(E, left_phase, here);
        if (left_phase) E->lo++;
        else E->hi--;
        take(E, e, o, dc, dt, dn, ds, -1);
    }
}

/* Every route of train t from every pivot. */
static void run(enumerator *E, int t) {
    const routes_net *n = E->n;
    E->t = t;
    for (int p = 0; p < n->nstops && !E->stopped; p++) {
        if (!n->stops[p].token) continue;
        E->lo = E->hi = MID;
        E->stops[MID] = p;
        E->visited[p] = true;
        if (n->stops[p].place >= 0) E->place_used[n->stops[p].place]++;
        bool town = n->stops[p].cls == GOPT_ROUTES_TOWN;
        E->cities = !town, E->towns = town, E->counted = town && train(E)->towns_free ? 0 : 1, E->sides = 0;
        grow(E, false, (ancestry){0, 0});
        E->visited[p] = false;
        if (n->stops[p].place >= 0) E->place_used[n->stops[p].place]--;
    }
}

bool enum_best(enumerator *E, int t, uint32_t allowed, net_route *r, int *revenue) { return enum_best_above(E, t, allowed, 0, r, revenue); }

bool enum_best_above(enumerator *E, int t, uint32_t allowed, int floor, net_route *r, int *revenue) {
    E->collect = false;
    E->allowed = allowed;
    E->best = floor;
    E->best_route.nstops = 0;
    run(E, t);
    *revenue = E->best_route.nstops ? E->best : -1;
    if (r) *r = E->best_route;
    return !E->stopped;
}

bool enum_collect(enumerator *E, int t, int theta, route_list *l, long max, bool *full) {
    E->collect = true;
    E->allowed = ~0u;
    E->theta = theta;
    E->list = l;
    E->max = max;
    E->full = false;
    run(E, t);
    *full = E->full;
    return !E->stopped;
}

/* ---------------------------------------------------------------- set up */

static void sort_by_value(int *order, int k, const int *value) {
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && value[order[j]] > value[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
}

enumerator *enum_new(const routes_net *n) {
    enumerator *E = gopt_calloc(1, sizeof *E);
    E->n = n;
    E->used = gopt_calloc((size_t)n->words + 1, sizeof *E->used);
    E->visited = gopt_calloc((size_t)n->nstops + 1, sizeof *E->visited);
    E->place_used = gopt_calloc((size_t)n->nplaces + 1, sizeof *E->place_used);
    E->dist = gopt_malloc((size_t)(n->nstops + 1) * sizeof *E->dist);
    E->reach = gopt_calloc((size_t)n->nstops + 1, sizeof *E->reach);
    E->queue = gopt_malloc((size_t)(n->nstops + 8) * sizeof *E->queue);
    E->heap = gopt_malloc((size_t)(2 * n->nsegs + n->nstops + 8) * sizeof *E->heap);
    E->heap_key = gopt_malloc((size_t)(2 * n->nsegs + n->nstops + 8) * sizeof *E->heap_key);
    E->by_value = gopt_malloc((size_t)(n->ntrains * n->nstops + 1) * sizeof *E->by_value);
    for (int t = 0; t < n->ntrains; t++) {
        int *order = E->by_value + t * n->nstops;
        for (int v = 0; v < n->nstops; v++) order[v] = v;
        sort_by_value(order, n->nstops, n->w + t * n->nstops);
    }
    for (int b = 0; b < n->nbonuses; b++)
        if (n->bonuses[b].once) E->once |= 1u << b;
    return E;
}

void enum_free(enumerator *E) {
    if (!E) return;
    free(E->used), free(E->visited), free(E->place_used), free(E->dist), free(E->reach);
    free(E->queue), free(E->heap), free(E->heap_key), free(E->by_value);
    free(E);
}

void enum_use(enumerator *E, const uint64_t *used) {
    if (used) memcpy(E->used, used, (size_t)E->n->words * sizeof *E->used);
    else memset(E->used, 0, (size_t)E->n->words * sizeof *E->used);
}

void enum_counters(const enumerator *E, gopt_counters *c) {
    gopt_counter_add(c, "nodes", E->nodes);
    gopt_counter_add(c, "bounds", E->bounds);
}

bool enum_stopped(const enumerator *E) { return E->stopped; }

void route_list_free(route_list *l) {
    if (l->charged) gopt_budget_release(NULL, l->charged);
    free(l->rev_all), free(l->rev_plain), free(l->once), free(l->start), free(l->nstops);
    free(l->stops), free(l->segs), free(l->bits);
    memset(l, 0, sizeof *l);
}

void route_list_get(const routes_net *n, const route_list *l, int t, int i, bool with_once, net_route *out) {
    out->nstops = l->nstops[i];
    for (int j = 0; j < out->nstops; j++) out->stops[j] = l->stops[l->start[i] + j];
    for (int j = 0; j + 1 < out->nstops; j++) out->segs[j] = l->segs[l->start[i] + j];
    int sides = 0;
    for (int j = 0; j + 1 < out->nstops; j++) sides += n->segs[out->segs[j]].sides;
    uint32_t allowed = ~0u;
    if (!with_once)
        for (int b = 0; b < n->nbonuses; b++)
            if (n->bonuses[b].once) allowed &= ~(1u << b);
    net_route_eval(n, t, out->stops, out->nstops, sides, allowed, &out->eval);
}
