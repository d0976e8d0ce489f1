/* Branch and bound over the trains' routes (--method search).
 *
 * Trains are taken one after another, the one with the greatest potential first. A train's
 * routes are grown from a pivot, the company's token city of lowest index on the route: first
 * to one side, stop by stop, then to the other; each route is met exactly once (a route with
 * its pivot at one end grows only to the first side, and the first segment to the second side
 * has a higher index than the first to the first side). Every route grown so far is a route
 * of the train: it is scored (eval.c) and the next train's routes are searched on the track
 * that is left. A train may also stay idle.
 *
 * The bound at every step: what the trains run so far earn, plus for the route being grown
 * the best counting of its stops and of the stops still within its reach (along free track,
 * never through a stop it has, within its remaining length), plus for every later train the
 * same from the company's tokens. A step whose bound cannot beat the best answer found is cut.
 * Identical trains run in order of revenue (a set of routes is met once, not once per order).
 *
 * When a limit stops the search, every step still open is bounded the same way without being
 * searched, so the answer comes with a proven upper bound (docs/methods.md#routes). */
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/bitset.h"
#include "gameopt/stop.h"
#include "games/routes/net.h"

#define INF (1 << 29)
#define MID GOPT_ROUTES_ROUTE_STOPS

typedef struct search {
    const routes_net *n;
    int T;
    int order[GOPT_ROUTES_MAX_TRAINS];
    bool same_as_before[GOPT_ROUTES_MAX_TRAINS]; /* order[i] is the same type as order[i - 1] */
    uint64_t *used;
    bool *visited;
    int *place_used;
    uint32_t plain, once;   /* bonus bits */
    /* the route being grown: stops[lo..hi] with the pivot at MID, segs[i] joins i and i + 1 */
    int stops[2 * MID + 1];
    int segs[2 * MID + 1];
    int lo, hi;
    int counted, cities, towns, sides;
    /* committed routes, by position in order */
    net_route cur[GOPT_ROUTES_MAX_TRAINS];
    int cur_rev[GOPT_ROUTES_MAX_TRAINS];
    int cur_total;
    uint32_t once_taken;
    int rest_pot[GOPT_ROUTES_MAX_TRAINS + 1]; /* per level: the later trains' potential (set on entry) */
    /* best */
    int best;
    net_route best_routes[GOPT_ROUTES_MAX_TRAINS];
    bool found;
    /* work */
    long nodes, routes, bounds;
    bool stopped;
    int open_bound;
    /* scratch */
    int *dist, *queue, *by_value; /* by_value[t * nstops + r]: stops of train t, best first */
    int *heap, *heap_key;
    bool *reach;
    int max_bonus[GOPT_ROUTES_MAX_TRAINS];
} search;

static const gopt_routes_train *train_at(const search *S, int i) { return &S->n->trains[S->order[i]]; }

static int cost_of(const gopt_routes_train *tr, const routes_net *n, int e, int v) {
    if (tr->hexes != GOPT_ROUTES_UNLIMITED) return n->segs[e].sides;
    if (n->stops[v].cls == GOPT_ROUTES_TOWN && tr->towns_free) return 0;
    return 1;
}

static int length_limit(const gopt_routes_train *tr) { return tr->hexes != GOPT_ROUTES_UNLIMITED ? tr->hexes : tr->stops; }

/* Marks reach[] for the stops within `limit` (INF: any) of the sources (dist preset, heap
 * holds them), along free track, never into visited or forbidden stops (tokens below
 * min_token: another pivot's routes), leading on only from stops a route may pass. Dijkstra
 * on a binary heap when the length is limited, plain breadth-first otherwise. */
static void heap_push(search *S, int *nh, int v) {
    int k = (*nh)++;
    S->heap[k] = v;
    S->heap_key[k] = S->dist[v];
    while (k > 0 && S->heap_key[(k - 1) / 2] > S->heap_key[k]) {
        int p = (k - 1) / 2, tv = S->heap[p], tk = S->heap_key[p];
        S->heap[p] = S->heap[k], S->heap_key[p] = S->heap_key[k];
        S->heap[k] = tv, S->heap_key[k] = tk;
        k = p;
    }
}

static int heap_pop(search *S, int *nh, int *key) {
    int v = S->heap[0];
    *key = S->heap_key[0];
    int k = 0, m = --(*nh);
    S->heap[0] = S->heap[m], S->heap_key[0] = S->heap_key[m];
    for (;;) {
        int l = 2 * k + 1, r = l + 1, small = k;
        if (l < m && S->heap_key[l] < S->heap_key[small]) small = l;
        if (r < m && S->heap_key[r] < S->heap_key[small]) small = r;
        if (small == k) break;
        int tv = S->heap[small], tk = S->heap_key[small];
        S->heap[small] = S->heap[k], S->heap_key[small] = S->heap_key[k];
        S->heap[k] = tv, S->heap_key[k] = tk;
        k = small;
    }
    return v;
}

static bool enterable(const search *S, int o, int min_token) {
    const net_stop *st = &S->n->stops[o];
    if (S->visited[o] || (st->token && o < min_token)) return false;
    return st->place < 0 || !S->place_used[st->place];
}

static void reach_from(search *S, const gopt_routes_train *tr, int nsrc, int limit, int min_token) {
    const routes_net *n = S->n;
    size_t W = (size_t)n->words;
    if (limit >= INF) { /* reachability only: each stop once */
        int head = 0, nq = nsrc;
        while (head < nq) {
            int v = S->queue[head++];
            if (!n->stops[v].pass && !S->visited[v]) continue; /* reached, but a route ends there */
            for (int i = n->adj0[v]; i < n->adj0[v + 1]; i++) {
                int e = n->adj[i], o = net_other(n, e, v);
                if (S->reach[o] || !enterable(S, o, min_token)) continue;
                if (gopt_bits_intersects(net_segbits(n, e), S->used, W)) continue;
                S->reach[o] = true;
                S->queue[nq++] = o;
            }
        }
        return;
    }
    int nh = 0;
    for (int k = 0; k < nsrc; k++) heap_push(S, &nh, S->queue[k]);
    while (nh > 0) {
        int d, v = heap_pop(S, &nh, &d);
        if (d > S->dist[v]) continue; /* stale */
        if (!n->stops[v].pass && !S->visited[v]) continue;
        for (int i = n->adj0[v]; i < n->adj0[v + 1]; i++) {
            int e = n->adj[i], o = net_other(n, e, v);
            if (!enterable(S, o, min_token)) continue;
            int nd = d + cost_of(tr, n, e, o);
            if (nd > limit || nd >= S->dist[o]) continue;
            if (gopt_bits_intersects(net_segbits(n, e), S->used, W)) continue;
            S->dist[o] = nd;
            S->reach[o] = true;
            heap_push(S, &nh, o);
        }
    }
}

/* The most the best `cap` of the values in vals[0..m) sum to (cap < 0: all). */
static int top_sum(int *vals, int m, int cap) {
    if (cap < 0 || cap >= m) {
        int s = 0;
        for (int i = 0; i < m; i++) s += vals[i];
        return s;
    }
    int s = 0;
    for (int k = 0; k < cap; k++) { /* cap is small when it binds */
        int pick = k;
        for (int i = k + 1; i < m; i++)
            if (vals[i] > vals[pick]) pick = i;
        int tmp = vals[k];
        vals[k] = vals[pick];
        vals[pick] = tmp;
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

/* Upper bound on what train order[i] earns from the stops it has (visited) and the reachable
 * ones (reach[], up to its remaining capacities); bonuses that could still be met at most. */
static int value_bound(search *S, int i, int have_cities, int have_towns, int have_counted) {
    const routes_net *n = S->n;
    const gopt_routes_train *tr = train_at(S, i);
    int t = S->order[i];
    int vals[2 * GOPT_ROUTES_ROUTE_STOPS + 8], m = 0;
    for (int k = S->lo; k <= S->hi && S->hi >= S->lo; k++) vals[m++] = n->w[t * n->nstops + S->stops[k]];
    int cities_left = tr->cities == GOPT_ROUTES_UNLIMITED ? INF : tr->cities - have_cities;
    int towns_left = tr->towns == GOPT_ROUTES_UNLIMITED ? INF : tr->towns - have_towns;
    int counted_left = tr->stops == GOPT_ROUTES_UNLIMITED ? INF : tr->stops - have_counted;
    int cap = pay_cap(tr);
    int room = cap < 0 ? INF : cap; /* no more candidates than could count */
    int extra = 0;
    bool unlimited = cap < 0 && counted_left >= INF && cities_left >= INF && towns_left >= INF;
    for (int r = 0; r < n->nstops; r++) {
        int v = S->by_value[t * n->nstops + r];
        if (!S->reach[v] || S->visited[v]) continue;
        bool town = n->stops[v].cls == GOPT_ROUTES_TOWN;
        if (town ? towns_left <= 0 : cities_left <= 0) continue;
        bool counts = !(town && tr->towns_free);
        if (counts && counted_left <= 0) continue;
        if (unlimited) {
            extra += n->w[t * n->nstops + v];
            continue;
        }
        if (m >= (int)(sizeof vals / sizeof vals[0]) || room <= 0) break;
        vals[m++] = n->w[t * n->nstops + v];
        room--;
        if (town) towns_left--;
        else cities_left--;
        if (counts) counted_left--;
    }
    int sum = top_sum(vals, m, cap) + extra;
    /* bonuses: each whose sets all hold a stop the route has or could reach */
    for (int b = 0; b < n->nbonuses; b++) {
        if (!((S->plain | (S->once & ~S->once_taken)) >> b & 1)) continue;
        const net_bonus *nb = &n->bonuses[b];
        int most = nb->amount;
        bool possible = true;
        for (int j = 0; j < nb->nsets && possible; j++) {
            int best = -1;
            for (int v = 0; v < n->nstops; v++)
                if ((S->visited[v] || S->reach[v]) && nb->set_value[j][v] > best) best = nb->set_value[j][v];
            possible = best >= 0;
            most += best;
        }
        if (possible) sum += most * (nb->multiplied ? tr->multiplier : 1);
    }
    return sum;
}

static void clear_reach(search *S) {
    for (int v = 0; v < S->n->nstops; v++) S->dist[v] = INF, S->reach[v] = false;
}

/* Potential of train order[i] running from scratch on the free track. */
static int potential(search *S, int i) {
    const routes_net *n = S->n;
    const gopt_routes_train *tr = train_at(S, i);
    clear_reach(S);
    int nq = 0, limit = length_limit(tr) == GOPT_ROUTES_UNLIMITED ? INF : length_limit(tr);
    int lo = S->lo, hi = S->hi;
    S->lo = MID, S->hi = MID - 1; /* no route yet */
    for (int v = 0; v < n->nstops; v++)
        if (n->stops[v].token && !S->visited[v]) {
            S->dist[v] = 1;
            S->reach[v] = true;
            S->queue[nq++] = v;
        }
    reach_from(S, tr, nq, limit, 0);
    int ub = nq ? value_bound(S, i, 0, 0, 0) : 0;
    S->lo = lo, S->hi = hi;
    S->bounds++;
    return ub;
}

/* Upper bound on the route being grown by train order[i]: `left_open`, `right_open` say
 * which ends may still grow. */
static int route_bound(search *S, int i, bool left_open, bool right_open) {
    const gopt_routes_train *tr = train_at(S, i);
    clear_reach(S);
    int used = tr->hexes != GOPT_ROUTES_UNLIMITED ? S->sides + 1 : S->counted;
    int limit = length_limit(tr) == GOPT_ROUTES_UNLIMITED ? INF : length_limit(tr);
    int nq = 0;
    int ends[2] = {S->stops[S->lo], S->stops[S->hi]};
    bool open[2] = {left_open, right_open};
    for (int k = 0; k < 2; k++) {
        if (!open[k] || (k == 1 && S->lo == S->hi)) continue;
        S->dist[ends[k]] = used;
        S->queue[nq++] = ends[k];
    }
    reach_from(S, tr, nq, limit, S->stops[MID]);
    S->bounds++;
    return value_bound(S, i, S->cities, S->towns, S->counted);
}

static void train_level(search *S, int i);

/* Adds the route's contribution at level i and searches on, or (stopped) only bounds. */
static void commit(search *S, int i, const net_eval *e) {
    if (S->stopped) {
        int ub = S->cur_total + e->revenue + S->rest_pot[i + 1];
        if (ub > S->open_bound) S->open_bound = ub;
        return;
    }
    net_route *r = &S->cur[i];
    r->nstops = S->hi - S->lo + 1;
    for (int k = S->lo; k <= S->hi; k++) r->stops[k - S->lo] = S->stops[k];
    for (int k = S->lo; k < S->hi; k++) r->segs[k - S->lo] = S->segs[k];
    r->eval = *e;
    S->cur_rev[i] = e->revenue;
    S->cur_total += e->revenue;
    uint32_t taken = e->bonuses & S->once;
    S->once_taken |= taken;
    S->routes++;
    /* the next train may visit these stops again (on other track): clear them for it */
    int lo = S->lo, hi = S->hi, cities = S->cities, towns = S->towns, counted = S->counted, sides = S->sides;
    for (int k = 0; k < r->nstops; k++) {
        S->visited[r->stops[k]] = false;
        if (S->n->stops[r->stops[k]].place >= 0) S->place_used[S->n->stops[r->stops[k]].place]--;
    }
    train_level(S, i + 1);
    for (int k = 0; k < r->nstops; k++) {
        S->visited[r->stops[k]] = true;
        if (S->n->stops[r->stops[k]].place >= 0) S->place_used[S->n->stops[r->stops[k]].place]++;
    }
    S->lo = lo, S->hi = hi, S->cities = cities, S->towns = towns, S->counted = counted, S->sides = sides;
    for (int k = 0; k < r->nstops; k++) S->stops[lo + k] = r->stops[k];
    for (int k = 0; k + 1 < r->nstops; k++) S->segs[lo + k] = r->segs[k];
    S->once_taken &= ~taken;
    S->cur_total -= e->revenue;
}

static int prev_cap(const search *S, int i) { return i > 0 && S->same_as_before[i] ? S->cur_rev[i - 1] : INF; }

/* The route stops[lo..hi] as a route of train order[i]: scored, and searched on. */
static void candidate(search *S, int i) {
    const routes_net *n = S->n;
    int t = S->order[i];
    int k = S->hi - S->lo + 1;
    uint32_t allowed = S->plain | (S->once & ~S->once_taken);
    net_eval e;
    if (!net_route_eval(n, t, S->stops + S->lo, k, S->sides, allowed, &e)) return;
    if (e.revenue <= prev_cap(S, i)) commit(S, i, &e);
    uint32_t earned_once = e.bonuses & S->once;
    if (earned_once) { /* leave the once-only bonuses to a later train */
        net_eval f;
        if (net_route_eval(n, t, S->stops + S->lo, k, S->sides, allowed & ~earned_once, &f) && f.revenue <= prev_cap(S, i))
            commit(S, i, &f);
    }
}

static bool poll(search *S) {
    if (!S->stopped && (++S->nodes & 1023) == 0 && gopt_stop_check() != GOPT_GO) S->stopped = true;
    return S->stopped;
}

/* Whether stop o may join the route of train order[i] now, and its effect on the counts. */
static bool may_add(search *S, int i, int e, int o, int *dc, int *dt, int *dn, int *ds) {
    const routes_net *n = S->n;
    const gopt_routes_train *tr = train_at(S, i);
    if (S->visited[o] || (n->stops[o].token && o < S->stops[MID])) return false;
    if (n->stops[o].place >= 0 && S->place_used[n->stops[o].place]) return false;
    bool town = n->stops[o].cls == GOPT_ROUTES_TOWN;
    *dc = !town, *dt = town, *dn = town && tr->towns_free ? 0 : 1, *ds = n->segs[e].sides;
    if (tr->cities != GOPT_ROUTES_UNLIMITED && S->cities + *dc > tr->cities) return false;
    if (tr->towns != GOPT_ROUTES_UNLIMITED && S->towns + *dt > tr->towns) return false;
    if (tr->stops != GOPT_ROUTES_UNLIMITED && S->counted + *dn > tr->stops) return false;
    if (tr->hexes != GOPT_ROUTES_UNLIMITED && S->sides + *ds + 1 > tr->hexes) return false;
    if (S->hi - S->lo + 1 >= GOPT_ROUTES_ROUTE_STOPS) return false;
    return !gopt_bits_intersects(net_segbits(n, e), S->used, (size_t)n->words);
}

static void take(search *S, int e, int o, int dc, int dt, int dn, int ds) {
    const uint64_t *bits = net_segbits(S->n, e);
    for (int w = 0; w < S->n->words; w++) S->used[w] |= bits[w];
    S->visited[o] = true;
    if (S->n->stops[o].place >= 0) S->place_used[S->n->stops[o].place]++;
    S->cities += dc, S->towns += dt, S->counted += dn, S->sides += ds;
}

static void untake(search *S, int e, int o, int dc, int dt, int dn, int ds) {
    const uint64_t *bits = net_segbits(S->n, e);
    for (int w = 0; w < S->n->words; w++) S->used[w] &= ~bits[w];
    S->visited[o] = false;
    if (S->n->stops[o].place >= 0) S->place_used[S->n->stops[o].place]--;
    S->cities -= dc, S->towns -= dt, S->counted -= dn, S->sides -= ds;
}

static void grow(search *S, int i, bool left_phase);

/* Searches the child (or, stopped, bounds it). */
static void child(search *S, int i, bool left_phase) {
    if (!S->stopped) {
        grow(S, i, left_phase);
        return;
    }
    bool right_open = !left_phase;
    int ub = S->cur_total + route_bound(S, i, true, right_open) + S->rest_pot[i + 1];
    if (ub > S->open_bound) S->open_bound = ub;
}

static void grow(search *S, int i, bool left_phase) {
    const routes_net *n = S->n;
    poll(S);
    int end = left_phase ? S->stops[S->lo] : S->stops[S->hi];
    bool end_open = (left_phase ? S->lo == MID : S->hi == MID) || n->stops[end].pass;
    int ub = route_bound(S, i, left_phase ? end_open : true, left_phase ? false : end_open);
    int cap = prev_cap(S, i);
    if (ub > cap) ub = cap;
    if (S->cur_total + ub + S->rest_pot[i + 1] <= S->best) return;
    if (S->stopped) {
        int b = S->cur_total + ub + S->rest_pot[i + 1];
        if (b > S->open_bound) S->open_bound = b;
        return;
    }
    if (left_phase) candidate(S, i);
    else if (S->hi > MID) child(S, i, true); /* turn: grow the other side */
    if (!end_open) return;
    int first_right = S->hi > MID ? S->segs[MID] : -1;
    for (int k = n->adj0[end]; k < n->adj0[end + 1]; k++) {
        int e = n->adj[k], o = net_other(n, e, end), dc, dt, dn, ds;
        if (left_phase && S->lo == MID && e <= first_right) continue; /* each route once */
        if (!may_add(S, i, e, o, &dc, &dt, &dn, &ds)) continue;
        take(S, e, o, dc, dt, dn, ds);
        if (left_phase) {
            S->lo--;
            S->stops[S->lo] = o;
            S->segs[S->lo] = e;
        } else {
            S->segs[S->hi] = e;
            S->hi++;
            S->stops[S->hi] = o;
        }
        child(S, i, left_phase);
        if (left_phase) S->lo++;
        else S->hi--;
        untake(S, e, o, dc, dt, dn, ds);
    }
}

static void train_level(search *S, int i) {
    const routes_net *n = S->n;
    if (i == S->T) {
        if (S->cur_total > S->best || !S->found) {
            S->best = S->cur_total;
            S->found = true;
            for (int k = 0; k < S->T; k++) S->best_routes[S->order[k]] = S->cur[k];
        }
        return;
    }
    S->rest_pot[i + 1] = 0;
    int mine = potential(S, i);
    for (int j = i + 1; j < S->T; j++) S->rest_pot[i + 1] += potential(S, j);
    int cap = prev_cap(S, i);
    int ub = S->cur_total + (mine < cap ? mine : cap) + S->rest_pot[i + 1];
    if (ub <= S->best && S->found) return;
    if (S->stopped) {
        if (ub > S->open_bound) S->open_bound = ub;
        return;
    }
    bool previous_idle = i > 0 && S->same_as_before[i] && S->cur[i - 1].nstops == 0;
    if (!previous_idle) {
        for (int p = 0; p < n->nstops; p++) {
            if (!n->stops[p].token || S->visited[p]) continue;
            S->lo = S->hi = MID;
            S->stops[MID] = p;
            S->visited[p] = true;
            if (n->stops[p].place >= 0) S->place_used[n->stops[p].place]++;
            bool town = n->stops[p].cls == GOPT_ROUTES_TOWN;
            const gopt_routes_train *tr = train_at(S, i);
            S->cities = !town, S->towns = town, S->counted = town && tr->towns_free ? 0 : 1, S->sides = 0;
            child(S, i, false);
            S->visited[p] = false;
            if (n->stops[p].place >= 0) S->place_used[n->stops[p].place]--;
        }
    }
    /* idle */
    S->cur[i].nstops = 0;
    S->cur[i].eval = (net_eval){0};
    S->cur_rev[i] = 0;
    if (S->stopped) {
        int b = S->cur_total + S->rest_pot[i + 1];
        if (b > S->open_bound) S->open_bound = b;
    } else {
        train_level(S, i + 1);
    }
}

/* order[] by value, highest first, stable (insertion sort, once per train). */
static void sort_by_value(int *order, int k, const int *value) {
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && value[order[j]] > value[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
}

static search *search_new(const routes_net *n) {
    search *S = gopt_calloc(1, sizeof *S);
    S->n = n;
    S->T = n->ntrains;
    S->used = gopt_calloc((size_t)n->words + 1, sizeof *S->used);
    S->visited = gopt_calloc((size_t)n->nstops + 1, sizeof *S->visited);
    S->place_used = gopt_calloc((size_t)n->nplaces + 1, sizeof *S->place_used);
    S->dist = gopt_malloc((size_t)(n->nstops + 1) * sizeof *S->dist);
    S->reach = gopt_calloc((size_t)n->nstops + 1, sizeof *S->reach);
    S->queue = gopt_malloc((size_t)(n->nstops + 8) * sizeof *S->queue);
    S->heap = gopt_malloc((size_t)(2 * n->nsegs + n->nstops + 8) * sizeof *S->heap);
    S->heap_key = gopt_malloc((size_t)(2 * n->nsegs + n->nstops + 8) * sizeof *S->heap_key);
    S->by_value = gopt_malloc((size_t)(n->ntrains * n->nstops + 1) * sizeof *S->by_value);
    for (int t = 0; t < n->ntrains; t++) {
        int *order = S->by_value + t * n->nstops;
        for (int v = 0; v < n->nstops; v++) order[v] = v;
        sort_by_value(order, n->nstops, n->w + t * n->nstops);
    }
    for (int b = 0; b < n->nbonuses; b++) {
        if (n->bonuses[b].once) S->once |= 1u << b;
        else S->plain |= 1u << b;
    }
    return S;
}

static void search_free(search *S) {
    free(S->used);
    free(S->visited);
    free(S->place_used);
    free(S->dist);
    free(S->reach);
    free(S->queue);
    free(S->heap);
    free(S->heap_key);
    free(S->by_value);
    free(S);
}

int net_static_bound(const routes_net *n) {
    search *S = search_new(n);
    S->lo = MID, S->hi = MID - 1;
    int sum = 0;
    for (int t = 0; t < S->T; t++) S->order[t] = t;
    for (int t = 0; t < S->T; t++) sum += potential(S, t);
    search_free(S);
    return sum;
}

void net_solve_search(const routes_net *n, net_answer *a) {
    memset(a, 0, sizeof *a);
    search *S = search_new(n);
    /* trains in order of potential, identical ones together */
    int pot[GOPT_ROUTES_MAX_TRAINS];
    S->lo = MID, S->hi = MID - 1;
    for (int t = 0; t < S->T; t++) S->order[t] = t;
    for (int t = 0; t < S->T; t++) pot[t] = potential(S, t);
    for (int x = 0; x < S->T; x++)
        for (int y = x + 1; y < S->T; y++) {
            int tx = S->order[x], ty = S->order[y];
            bool before = pot[ty] > pot[tx] || (pot[ty] == pot[tx] && memcmp(&n->trains[ty], &n->trains[tx], sizeof n->trains[0]) < 0);
            if (before) S->order[x] = ty, S->order[y] = tx;
        }
    for (int i = 1; i < S->T; i++)
        S->same_as_before[i] = memcmp(&n->trains[S->order[i]], &n->trains[S->order[i - 1]], sizeof n->trains[0]) == 0;
    S->best = 0;
    S->found = false;
    train_level(S, 0);
    a->found = S->found;
    a->total = S->best;
    for (int t = 0; t < S->T; t++) a->routes[t] = S->best_routes[t];
    a->optimal = !S->stopped;
    a->bound = S->stopped ? (S->open_bound > S->best ? S->open_bound : S->best) : S->best;
    gopt_counter_add(&a->counters, "nodes", S->nodes);
    gopt_counter_add(&a->counters, "routes", S->routes);
    gopt_counter_add(&a->counters, "bounds", S->bounds);
    search_free(S);
}
