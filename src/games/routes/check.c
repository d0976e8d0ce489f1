/* The independent checker. It shares only the model (routes.h, model.c) with the methods:
 * no compiled network, no segments. For every route it walks the named tile paths on the
 * map from stop to stop, keys the track it uses as 18xx.games does (hex and edge for every
 * path end at a tile edge, hex and path for a path between two nodes) and refuses any key
 * used twice by the company's trains; then it checks the stops (distinct, one per place, a
 * token city, no passing through off-boards or cities full of other tokens), the train's
 * limits, and recomputes the revenue by its own search over the choices of counted stops. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "games/routes/internal.h"

typedef struct key {
    int hex, what; /* what: edge 0..5, or 6 + path index */
} key;

typedef struct keys {
    key *k;
    int n;
    size_t cap;
} keys;

static bool add_key(keys *ks, int hex, int what) {
    for (int i = 0; i < ks->n; i++)
        if (ks->k[i].hex == hex && ks->k[i].what == what) return false;
    gopt_grow(&ks->k, &ks->cap, (size_t)ks->n + 1, sizeof *ks->k);
    ks->k[ks->n++] = (key){hex, what};
    return true;
}

/* Walks leg i of route r; counts the sides crossed. */
static bool walk_leg(const gopt_routes_state *s, const gopt_routes_route *r, int i, keys *ks, int *sides, char *why, size_t size) {
    int hex = r->stop_hex[i], end = 6 + r->stop_node[i];
    int target_hex = r->stop_hex[i + 1], target = 6 + r->stop_node[i + 1];
    int from = r->leg[i], to = r->leg[i + 1];
    if (from < 0 || to > r->npaths || from >= to) return gopt_reason(why, size, "leg %d has no track", i + 1);
    uint32_t junctions = 0;
    int junction_hex = -1;
    for (int k = from; k < to; k++) {
        int ph = r->path_hex[k], p = r->path_index[k];
        if (ph < 0 || ph >= s->nhexes || p < 0 || p >= s->hexes[ph].tile.npaths)
            return gopt_reason(why, size, "leg %d names a path that does not exist", i + 1);
        const gopt_routes_hex *h = &s->hexes[ph];
        int entry;
        if (end >= 6) { /* at a node: the next path leaves it in the same hex */
            if (ph != hex) return gopt_reason(why, size, "leg %d jumps from %s to %s", i + 1, s->hexes[hex].coord, h->coord);
            entry = end;
        } else { /* at a tile edge: the next path is across that side */
            int o = gopt_routes_neighbour(s, hex, end), facing = (end + 3) % 6;
            if (o != ph) return gopt_reason(why, size, "leg %d leaves %s at side %d but goes on in %s", i + 1, s->hexes[hex].coord, end, h->coord);
            if ((s->hexes[hex].closed >> end & 1) || (h->closed >> facing & 1))
                return gopt_reason(why, size, "leg %d crosses a closed side between %s and %s", i + 1, s->hexes[hex].coord, h->coord);
            entry = facing;
            (*sides)++;
        }
        int a = gopt_routes_path_end(h, p, 0), b = gopt_routes_path_end(h, p, 1);
        if (a != entry && b != entry)
            return gopt_reason(why, size, "leg %d: path %d of %s does not start where the track before ends", i + 1, p, h->coord);
        int exit = a == entry ? b : a;
        if (a < 6 && !add_key(ks, ph, a)) return gopt_reason(why, size, "track at side %d of %s is used twice", a, h->coord);
        if (b < 6 && !add_key(ks, ph, b)) return gopt_reason(why, size, "track at side %d of %s is used twice", b, h->coord);
        if (a >= 6 && b >= 6 && !add_key(ks, ph, 6 + p)) return gopt_reason(why, size, "path %d of %s is used twice", p, h->coord);
        hex = ph, end = exit;
        if (exit >= 6 && k + 1 < to) { /* only junctions lie inside a leg */
            int node = exit - 6;
            if (h->tile.nodes[node].kind != GOPT_TOKENS_JUNCTION)
                return gopt_reason(why, size, "leg %d runs through a stop of %s without stopping", i + 1, h->coord);
            if (junction_hex != ph) junctions = 0, junction_hex = ph;
            if (junctions >> node & 1) return gopt_reason(why, size, "leg %d passes a junction of %s twice", i + 1, h->coord);
            junctions |= 1u << node;
        }
    }
    if (hex != target_hex || end != target) return gopt_reason(why, size, "leg %d does not end at its next stop", i + 1);
    return true;
}

/* ---- counting: the best choice of counted stops, by its own search ---- */

typedef struct count {
    const gopt_routes_state *s;
    const gopt_routes_route *r;
    gopt_routes_train tr;
    int k, cap;
    int value[GOPT_ROUTES_ROUTE_STOPS]; /* what counting stop i earns: multiplied, per-stop bonuses in */
    bool token[GOPT_ROUTES_ROUTE_STOPS];
    uint64_t must;
    bool need_token;
    uint32_t allowed;
    int order[GOPT_ROUTES_ROUTE_STOPS];
    int best;
    int max_bonus;
} count;

/* The all-of bonuses the counted stops `paid` earn, and their amount. */
static int bonuses_of(const count *c, uint64_t paid, uint32_t *earned) {
    const gopt_routes_state *s = c->s;
    int total = 0;
    *earned = 0;
    for (int b = 0; b < s->nbonuses; b++) {
        const gopt_routes_bonus *bo = &s->bonuses[b];
        if (bo->kind != GOPT_ROUTES_BONUS_ALL || !(c->allowed >> b & 1)) continue;
        int sum = bo->amount;
        bool met = true;
        for (int j = 0; j < bo->nsets && met; j++) {
            int best = -1;
            for (int i = 0; i < c->k; i++) {
                if (!(paid >> i & 1)) continue;
                for (int m = 0; m < bo->sets[j].n; m++)
                    if (bo->sets[j].hex[m] == c->r->stop_hex[i] && bo->sets[j].value[m] > best) best = bo->sets[j].value[m];
            }
            met = best >= 0;
            sum += met ? best : 0;
        }
        if (met) {
            *earned |= 1u << b;
            total += sum * (bo->multiplied ? c->tr.multiplier : 1);
        }
    }
    return total;
}

static int value_of(const count *c, uint64_t paid) {
    int v = 0;
    for (int i = 0; i < c->k; i++)
        if (paid >> i & 1) v += c->value[i];
    uint32_t earned;
    return v + bonuses_of(c, paid, &earned);
}

static bool choice_ok(const count *c, uint64_t paid) {
    if ((paid & c->must) != c->must || __builtin_popcountll(paid) > c->cap) return false;
    if (!c->need_token) return true;
    for (int i = 0; i < c->k; i++)
        if ((paid >> i & 1) && c->token[i]) return true;
    return false;
}

/* Stops in descending value; each in or out, cut when even the best rest cannot win. */
static void search(count *c, int at, uint64_t paid, int chosen, int sum) {
    if (chosen == c->cap || at == c->k) {
        if (choice_ok(c, paid)) {
            int v = value_of(c, paid);
            if (v > c->best) c->best = v;
        }
        if (chosen == c->cap || at == c->k) return;
    }
    int rest = 0;
    for (int j = at, m = chosen; j < c->k && m < c->cap; j++, m++) rest += c->value[c->order[j]];
    if (sum + rest + c->max_bonus <= c->best) return;
    int i = c->order[at];
    search(c, at + 1, paid | (uint64_t)1 << i, chosen + 1, sum + c->value[i]);
    if (!(c->must >> i & 1)) search(c, at + 1, paid, chosen, sum);
}

/* order[] by value, highest first (insertion sort: a route has few stops). */
static void sort_by_value(int *order, int k, const int *value) {
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && value[order[j]] > value[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1], order[j - 1] = t;
        }
}

static int node_value(const gopt_routes_state *s, const gopt_routes_route *r, const gopt_routes_train *tr, int i) {
    const gopt_routes_hex *h = &s->hexes[r->stop_hex[i]];
    int v = routes_revenue_text(h->tile.nodes[r->stop_node[i]].revenue, s->phase_colour, tr->diesel) * tr->multiplier;
    for (int b = 0; b < s->nbonuses; b++) {
        const gopt_routes_bonus *bo = &s->bonuses[b];
        if (bo->kind != GOPT_ROUTES_BONUS_EACH) continue;
        for (int m = 0; m < bo->sets[0].n; m++)
            if (bo->sets[0].hex[m] == r->stop_hex[i]) v += (bo->amount + bo->sets[0].value[m]) * (bo->multiplied ? tr->multiplier : 1);
    }
    return v;
}

static bool check_revenue(const gopt_routes_state *s, const gopt_routes_route *r, uint32_t allowed, int nidx, char *why, size_t size) {
    count c = {.s = s, .r = r, .k = r->nstops, .allowed = allowed, .best = -1};
    c.tr = s->trains[r->train];
    if (s->rules & GOPT_ROUTES_RULE_TOWNS_FREE) c.tr.towns_free = true;
    if (c.tr.multiplier < 1) c.tr.multiplier = 1;
    for (int i = 0; i < c.k; i++) {
        c.value[i] = node_value(s, r, &c.tr, i);
        c.token[i] = gopt_routes_city_tokened(s, &s->hexes[r->stop_hex[i]], r->stop_node[i]);
        c.order[i] = i;
    }
    c.cap = c.tr.pay != GOPT_ROUTES_UNLIMITED ? c.tr.pay : c.tr.towns_free && c.tr.stops != GOPT_ROUTES_UNLIMITED ? c.tr.stops : c.k;
    if (c.cap > c.k) c.cap = c.k;
    if (c.cap < c.k) {
        uint8_t first = c.tr.first;
        if (c.tr.towns_free) first |= GOPT_ROUTES_CLASS_BIT(GOPT_ROUTES_CITY) | GOPT_ROUTES_CLASS_BIT(GOPT_ROUTES_OFFBOARD);
        for (int i = 0; i < c.k; i++) {
            gopt_routes_class cls;
            gopt_routes_is_stop(&s->hexes[r->stop_hex[i]], r->stop_node[i], &cls);
            if (first & GOPT_ROUTES_CLASS_BIT(cls)) c.must |= (uint64_t)1 << i;
        }
        c.need_token = !(s->rules & GOPT_ROUTES_RULE_ANY_TOKEN);
    }
    for (int b = 0; b < s->nbonuses; b++) {
        const gopt_routes_bonus *bo = &s->bonuses[b];
        if (bo->kind != GOPT_ROUTES_BONUS_ALL) continue;
        int most = bo->amount;
        for (int j = 0; j < bo->nsets; j++) {
            int m = 0;
            for (int i = 0; i < bo->sets[j].n; i++)
                if (bo->sets[j].value[i] > m) m = bo->sets[j].value[i];
            most += m;
        }
        c.max_bonus += most * (bo->multiplied ? c.tr.multiplier : 1);
    }
    sort_by_value(c.order, c.k, c.value);
    search(&c, 0, 0, 0, 0);
    if (c.best < 0) return gopt_reason(why, size, "route %d: no choice of counted stops is legal (too many that must count, or no token city)", nidx);
    if (!choice_ok(&c, r->paid) || (r->paid >> c.k) != 0)
        return gopt_reason(why, size, "route %d counts stops the rules do not let it count", nidx);
    int claimed = value_of(&c, r->paid);
    if (claimed != c.best)
        return gopt_reason(why, size, "route %d counts stops worth %d, but the best choice is worth %d", nidx, claimed, c.best);
    if (r->revenue != claimed) return gopt_reason(why, size, "route %d claims %d but earns %d", nidx, r->revenue, claimed);
    uint32_t earned;
    bonuses_of(&c, r->paid, &earned);
    uint32_t claimed_all = 0;
    for (int b = 0; b < s->nbonuses; b++)
        if ((r->bonuses >> b & 1) && s->bonuses[b].kind == GOPT_ROUTES_BONUS_ALL) claimed_all |= 1u << b;
    if (earned != claimed_all) return gopt_reason(why, size, "route %d claims other bonuses than it earns", nidx);
    return true;
}

/* ---- one route ---- */

static bool check_route(const gopt_routes_state *s, const gopt_routes_route *r, int nidx, keys *ks, char *why, size_t size) {
    const gopt_routes_train tr0 = s->trains[r->train];
    if (r->nstops < 2) return gopt_reason(why, size, "route %d has fewer than two stops", nidx);
    if (r->nstops > GOPT_ROUTES_ROUTE_STOPS) return gopt_reason(why, size, "route %d is too long", nidx);
    int cities = 0, towns = 0, sides = 0;
    bool token = false;
    for (int i = 0; i < r->nstops; i++) {
        int hx = r->stop_hex[i], node = r->stop_node[i];
        gopt_routes_class cls;
        if (hx < 0 || hx >= s->nhexes || node < 0 || node >= s->hexes[hx].tile.nnodes || !gopt_routes_is_stop(&s->hexes[hx], node, &cls))
            return gopt_reason(why, size, "route %d names a stop that is not one", nidx);
        const gopt_routes_hex *h = &s->hexes[hx];
        for (int j = 0; j < i; j++) {
            if (r->stop_hex[j] == hx && r->stop_node[j] == node) return gopt_reason(why, size, "route %d visits %s twice", nidx, h->coord);
            bool same_hex = r->stop_hex[j] == hx && (s->rules & GOPT_ROUTES_RULE_HEX_ONCE);
            int g = routes_hex_group(s, hx);
            bool same_group = g >= 0 && routes_hex_group(s, r->stop_hex[j]) == g;
            if (same_hex) return gopt_reason(why, size, "route %d visits two stops of %s (hex-once)", nidx, h->coord);
            if (same_group) return gopt_reason(why, size, "route %d visits %s twice (%s)", nidx, s->groups[g].name, h->coord);
        }
        if (i > 0 && i + 1 < r->nstops) {
            if (cls == GOPT_ROUTES_OFFBOARD) return gopt_reason(why, size, "route %d runs through the off-board %s", nidx, h->coord);
            if (gopt_routes_city_blocked(s, h, node)) return gopt_reason(why, size, "route %d runs through %s, full of other tokens", nidx, h->coord);
        }
        token |= gopt_routes_city_tokened(s, h, node);
        if (cls == GOPT_ROUTES_TOWN) towns++;
        else cities++;
    }
    if (!token) return gopt_reason(why, size, "route %d holds no city with a %s token", nidx, s->company);
    for (int i = 0; i + 1 < r->nstops; i++)
        if (!walk_leg(s, r, i, ks, &sides, why, size)) return false;
    if (r->leg[r->nstops - 1] != r->npaths) return gopt_reason(why, size, "route %d has track after its last stop", nidx);
    bool free_towns = tr0.towns_free || (s->rules & GOPT_ROUTES_RULE_TOWNS_FREE);
    int counted = cities + (free_towns ? 0 : towns);
    if (tr0.stops != GOPT_ROUTES_UNLIMITED && counted > tr0.stops)
        return gopt_reason(why, size, "route %d visits %d stops, more than the %s train's %d", nidx, counted, tr0.name, tr0.stops);
    if (tr0.cities != GOPT_ROUTES_UNLIMITED && cities > tr0.cities)
        return gopt_reason(why, size, "route %d visits %d cities, more than the %s train's %d", nidx, cities, tr0.name, tr0.cities);
    if (tr0.towns != GOPT_ROUTES_UNLIMITED && towns > tr0.towns)
        return gopt_reason(why, size, "route %d visits %d towns, more than the %s train's %d", nidx, towns, tr0.name, tr0.towns);
    if (tr0.hexes != GOPT_ROUTES_UNLIMITED && sides + 1 > tr0.hexes)
        return gopt_reason(why, size, "route %d runs %d hexes, more than the %s train's %d", nidx, sides + 1, tr0.name, tr0.hexes);
    return true;
}

bool gopt_routes_check(const gopt_routes_state *s, const gopt_routes_solution *x, char *why, size_t size) {
    if (x->ntrains != s->ntrains) return gopt_reason(why, size, "%d routes for %d trains", x->ntrains, s->ntrains);
    keys ks = {0};
    bool ok = true;
    long total = 0;
    uint32_t once_taken = 0;
    uint32_t once = 0, plain = 0;
    for (int b = 0; b < s->nbonuses; b++) {
        if (s->bonuses[b].kind != GOPT_ROUTES_BONUS_ALL) continue;
        if (s->bonuses[b].once) once |= 1u << b;
        else plain |= 1u << b;
    }
    for (int i = 0; i < x->ntrains && ok; i++) {
        const gopt_routes_route *r = &x->routes[i];
        if (r->train != i) ok = gopt_reason(why, size, "route %d is not for train %d", i + 1, i + 1);
        else if (r->nstops == 0) ok = r->revenue == 0 || gopt_reason(why, size, "route %d runs nowhere but earns %d", i + 1, r->revenue);
        else {
            uint32_t mine = r->bonuses & once;
            if (mine & once_taken) ok = gopt_reason(why, size, "route %d earns a bonus another train earns already", i + 1);
            once_taken |= mine;
            ok = ok && check_route(s, r, i + 1, &ks, why, size) && check_revenue(s, r, plain | mine, i + 1, why, size);
        }
        total += r->revenue;
    }
    free(ks.k);
    if (ok && total != x->total) ok = gopt_reason(why, size, "the routes earn %ld, not the %d claimed", total, x->total);
    if (ok && x->bound < x->total) ok = gopt_reason(why, size, "the bound %d is below the total %d", x->bound, x->total);
    if (ok && x->optimal && x->bound != x->total) ok = gopt_reason(why, size, "optimal, but the bound %d is not the total %d", x->bound, x->total);
    return ok;
}
