/* One route's legality for its train and its best counted stops (the methods' version; the
 * checker has its own).
 *
 * A train counts every stop it visits unless it has fewer counting places than stops: `pay`
 * (express trains, 1846's 3/5), or `stops` with free towns (1867: towns count only while
 * the train has room). Then it counts the best ones, but always those of the classes in
 * `first` (and, with free towns, every city and off-board); a train that skips stops must
 * count a city with the company's token (18xx.games' requires_token; rule any-token lifts
 * it). Bonuses of kind ALL are earned by the counted stops, so the choice of counted stops
 * weighs them too: every way of meeting each bonus's sets is tried, the rest filled with the
 * best values. */
#include <string.h>

#include "games/routes/net.h"

typedef struct ctx {
    const routes_net *n;
    int t, k, cap;
    const int *stops;
    int value[GOPT_ROUTES_ROUTE_STOPS];
    int order[GOPT_ROUTES_ROUTE_STOPS]; /* stop indices by value, best first */
    uint64_t required;     /* mandatory stops */
    uint32_t candidates;   /* bonuses that could be met */
    bool need_token;
    int mult;
    /* best so far */
    int best;
    uint64_t best_paid;
} ctx;

/* The bonuses P earns (allowed ones), and their amount. */
static int bonus_of(const routes_net *n, int t, const int *stops, int k, uint64_t paid, uint32_t allowed, uint32_t *earned) {
    int total = 0;
    *earned = 0;
    for (int b = 0; b < n->nbonuses; b++) {
        if (!(allowed >> b & 1)) continue;
        const net_bonus *nb = &n->bonuses[b];
        int sum = nb->amount;
        bool all = true;
        for (int j = 0; j < nb->nsets && all; j++) {
            int best = -1;
            for (int i = 0; i < k; i++)
                if ((paid >> i & 1) && nb->set_value[j][stops[i]] > best) best = nb->set_value[j][stops[i]];
            if (best < 0) all = false;
            else sum += best;
        }
        if (!all) continue;
        *earned |= 1u << b;
        total += sum * (nb->multiplied ? n->trains[t].multiplier : 1);
    }
    return total;
}

/* Fills `required` up to cap with the best other stops; records the best total. */
static void fill(ctx *c, uint64_t required, int bonus) {
    int count = __builtin_popcountll(required);
    if (count > c->cap) return;
    uint64_t paid = required;
    int sum = bonus;
    for (int i = 0; i < c->k; i++)
        if (required >> i & 1) sum += c->value[i];
    for (int r = 0; r < c->k && count < c->cap; r++) {
        int i = c->order[r];
        if (paid >> i & 1) continue;
        paid |= (uint64_t)1 << i;
        sum += c->value[i];
        count++;
    }
    if (sum > c->best || (sum == c->best && c->best_paid == 0)) c->best = sum, c->best_paid = paid;
}

/* Chooses a meeting stop for set j of bonus b (in c->candidates order), then the next. */
static void choose(ctx *c, uint32_t active, int b, int j, uint64_t required, int bonus) {
    while (b < c->n->nbonuses && !(active >> b & 1)) b++, j = 0;
    if (b == c->n->nbonuses) {
        if (c->need_token) {
            bool has = false;
            for (int i = 0; i < c->k && !has; i++) has = (required >> i & 1) && c->n->stops[c->stops[i]].token;
            if (!has) {
                for (int i = 0; i < c->k; i++)
                    if (c->n->stops[c->stops[i]].token) fill(c, required | (uint64_t)1 << i, bonus);
                return;
            }
        }
        fill(c, required, bonus);
        return;
    }
    const net_bonus *nb = &c->n->bonuses[b];
    int scale = nb->multiplied ? c->mult : 1;
    for (int i = 0; i < c->k; i++) {
        int sv = nb->set_value[j][c->stops[i]];
        if (sv < 0) continue;
        int add = sv * scale + (j == 0 ? nb->amount * scale : 0);
        if (j + 1 < nb->nsets) choose(c, active, b, j + 1, required | (uint64_t)1 << i, bonus + add);
        else choose(c, active, b + 1, 0, required | (uint64_t)1 << i, bonus + add);
    }
}

bool net_route_eval(const routes_net *n, int t, const int *stops, int k, int sides, uint32_t allowed, net_eval *out) {
    const gopt_routes_train *tr = &n->trains[t];
    if (k < 2 || k > GOPT_ROUTES_ROUTE_STOPS) return false;
    int cities = 0, towns = 0;
    bool token = false;
    uint64_t places_seen[4] = {0};
    for (int i = 0; i < k; i++) {
        const net_stop *st = &n->stops[stops[i]];
        if (st->cls == GOPT_ROUTES_TOWN) towns++;
        else cities++;
        token |= st->token;
        if (st->place >= 0) {
            if (st->place < 256) {
                uint64_t bit = (uint64_t)1 << (st->place & 63);
                if (places_seen[st->place >> 6] & bit) return false;
                places_seen[st->place >> 6] |= bit;
            } else {
                for (int j = 0; j < i; j++)
                    if (n->stops[stops[j]].place == st->place) return false;
            }
        }
    }
    if (!token) return false;
    int counted = cities + (tr->towns_free ? 0 : towns);
    if (tr->cities != GOPT_ROUTES_UNLIMITED && cities > tr->cities) return false;
    if (tr->towns != GOPT_ROUTES_UNLIMITED && towns > tr->towns) return false;
    if (tr->stops != GOPT_ROUTES_UNLIMITED && counted > tr->stops) return false;
    if (tr->hexes != GOPT_ROUTES_UNLIMITED && sides + 1 > tr->hexes) return false;
    ctx c = {.n = n, .t = t, .k = k, .stops = stops, .mult = tr->multiplier, .best = -1};
    c.cap = tr->pay != GOPT_ROUTES_UNLIMITED ? tr->pay : tr->towns_free && tr->stops != GOPT_ROUTES_UNLIMITED ? tr->stops : k;
    for (int i = 0; i < k; i++) c.value[i] = n->w[t * n->nstops + stops[i]];
    if (c.cap >= k) {
        uint64_t all = k == 64 ? ~(uint64_t)0 : ((uint64_t)1 << k) - 1;
        int sum = 0;
        for (int i = 0; i < k; i++) sum += c.value[i];
        c.best = sum;
        c.best_paid = all;
    } else {
        for (int i = 0; i < k; i++) { /* insertion sort: a route has few stops */
            int j = i;
            while (j > 0 && c.value[c.order[j - 1]] < c.value[i]) c.order[j] = c.order[j - 1], j--;
            c.order[j] = i;
        }
        uint8_t first = tr->first;
        if (tr->towns_free) first |= GOPT_ROUTES_CLASS_BIT(GOPT_ROUTES_CITY) | GOPT_ROUTES_CLASS_BIT(GOPT_ROUTES_OFFBOARD);
        for (int i = 0; i < k; i++)
            if (first & GOPT_ROUTES_CLASS_BIT(n->stops[stops[i]].cls)) c.required |= (uint64_t)1 << i;
        if (__builtin_popcountll(c.required) > c.cap) return false;
        c.need_token = n->count_token;
        for (int b = 0; b < n->nbonuses; b++) {
            if (!(allowed >> b & 1)) continue;
            bool possible = true;
            for (int j = 0; j < n->bonuses[b].nsets && possible; j++) {
                possible = false;
                for (int i = 0; i < k && !possible; i++) possible = n->bonuses[b].set_value[j][stops[i]] >= 0;
            }
            if (possible) c.candidates |= 1u << b;
        }
        /* every subset of the bonuses that could be met */
        for (uint32_t active = c.candidates;; active = (active - 1) & c.candidates) {
            choose(&c, active, 0, 0, c.required, 0);
            if (!active) break;
        }
        if (c.best < 0) return false; /* no counting choice holds a token city */
    }
    uint32_t earned;
    int bonus = bonus_of(n, t, stops, k, c.best_paid, allowed, &earned);
    int value = 0;
    for (int i = 0; i < k; i++)
        if (c.best_paid >> i & 1) value += c.value[i];
    /* the stops' own values before the multiplier: per-stop bonuses are in w, so the bonus
     * part is what the revenue holds beyond the multiplied stops */
    int base = 0;
    for (int i = 0; i < k; i++)
        if (c.best_paid >> i & 1) base += gopt_routes_node_revenue(n->s, &n->s->hexes[n->stops[stops[i]].hex], n->stops[stops[i]].node, tr);
    out->paid = c.best_paid;
    out->bonuses = earned;
    out->revenue = value + bonus;
    out->stops_value = base;
    out->bonus = out->revenue - base * tr->multiplier;
    return true;
}
