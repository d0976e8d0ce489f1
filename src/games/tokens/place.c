/* Placing tokens by maximum flow (gameopt/maxflow.h), one rotation at a time.
 *
 * Decision: one max flow on the network of network.c. A flow short of the total demand
 * proves the rotation infeasible, and the source side of the minimum cut names the items
 * that compete for too few slots (a Hall set). A full flow is a placement, except under full
 * rules when the flow splits a multi-slot old city between new cities: then we branch on
 * that city's new city (fixing its edges) and run the flow again, which stays exact because
 * unit demands never split.
 *
 * Enumeration (uniqueness and --all): depth first over the items that hold tokens, trying
 * their candidate cities in increasing order; each choice is fixed in the network and kept
 * only when the flow (the oracle above) says the rest still fits, so the search never walks
 * into a dead end and yields placements in lexicographic order.
 *
 * Branching can grow exponentially on contrived tiles with many multi-slot cities, so each
 * rotation has a budget of flows: a decision cut short is "unknown", an enumeration cut
 * short says it is incomplete. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/bitset.h"
#include "games/tokens/internal.h"

typedef struct place_ctx {
    const gopt_tokens_question *q;
    const tokens_problem *p;
    tokens_network nw;
    gopt_error *err;
    long flows, branches, budget;
    /* enumeration */
    int ncarry;
    int carry[TOKENS_MAX_ITEMS];
    long want; /* stop after this many placements */
    long found;
    size_t cap;
    int8_t *placements;
    int8_t first_map[TOKENS_MAX_ITEMS];
} place_ctx;

/* Outcomes besides 0 (go on) and 1 (fits): stop enumerating, engine error, budget spent. */
enum { STOP = 1, FAILED = -1, GAVE_UP = -2 };

/* Opens only the fixed item's edge to its chosen city. */
static void apply_fixes(place_ctx *c, const int8_t *fixed) {
    for (int i = 0; i < c->p->nitems; i++)
        for (int b = 0; b < c->p->nbins; b++) {
            int e = c->nw.pair_edge[i][b];
            if (e >= 0) c->nw.net->cap[e] = fixed[i] < 0 || fixed[i] == b ? c->p->demand[i] : 0;
        }
}

static bool run_flow(place_ctx *c, const int8_t *fixed, gopt_maxflow_result *r) {
    apply_fixes(c, fixed);
    c->flows++;
    return gopt_maxflow(c->nw.net, c->nw.source, c->nw.sink, r, c->err);
}

static int oracle(place_ctx *c, int8_t *fixed, int8_t *assign);

/* Reads a full flow: every item with one city is assigned; an item split between cities
 * (a multi-slot old city) is branched on. 1 feasible, 0 not, FAILED on engine errors. */
static int read_flow(place_ctx *c, int8_t *fixed, const gopt_maxflow_result *r, int8_t *assign) {
    const tokens_problem *p = c->p;
    if (r->value < p->total - 0.5) return 0;
    int split = -1;
    for (int i = 0; i < p->nitems; i++) {
        assign[i] = fixed[i];
        if (p->demand[i] == 0) {
            if (fixed[i] < 0 && p->cand[i]) assign[i] = (int8_t)__builtin_ctz(p->cand[i]);
            if (assign[i] < 0) return 0;
            continue;
        }
        int used = 0;
        for (int b = 0; b < p->nbins; b++) {
            int e = c->nw.pair_edge[i][b];
            if (e >= 0 && r->flow[e] > 0.5) {
                assign[i] = (int8_t)b;
                used++;
            }
        }
        if (used > 1 && split < 0 && p->whole[i]) split = i;
    }
    if (split < 0) return 1;
    c->branches++;
    uint32_t cand = p->cand[split];
    GOPT_FOR_BITS(b, cand) {
        fixed[split] = (int8_t)b;
        int res = oracle(c, fixed, assign);
        fixed[split] = -1;
        if (res != 0) return res;
    }
    return 0;
}

/* Exact: does everything fit with the items of `fixed` in their cities? */
static int oracle(place_ctx *c, int8_t *fixed, int8_t *assign) {
    gopt_maxflow_result r;
    if (c->flows >= c->budget) return GAVE_UP;
    if (!run_flow(c, fixed, &r)) return FAILED;
    int res = read_flow(c, fixed, &r, assign);
    gopt_maxflow_result_free(&r);
    return res;
}

static void record(place_ctx *c, const int8_t *assign) {
    const gopt_tokens_question *q = c->q;
    if (c->found == 0) memcpy(c->first_map, assign, sizeof c->first_map);
    size_t need = ((size_t)c->found + 1) * (size_t)(q->ntokens ? q->ntokens : 1);
    gopt_grow(&c->placements, &c->cap, need, 1);
    for (int t = 0; t < q->ntokens; t++)
        c->placements[c->found * q->ntokens + t] = q->tokens[t].returned ? -1 : assign[c->p->token_item[t]];
    c->found++;
}

static int enumerate(place_ctx *c, int level, int8_t *fixed, const int8_t *assign) {
    if (level == c->ncarry) {
        record(c, assign);
        return c->found >= c->want ? STOP : 0;
    }
    int i = c->carry[level];
    uint32_t cand = c->p->cand[i];
    int res = 0;
    GOPT_FOR_BITS(b, cand) {
        int8_t next[TOKENS_MAX_ITEMS];
        fixed[i] = (int8_t)b;
        if (b == assign[i]) {
            res = enumerate(c, level + 1, fixed, assign); /* `assign` already fits */
        } else {
            res = oracle(c, fixed, next);
            if (res == 1) res = enumerate(c, level + 1, fixed, next);
        }
        if (res != 0) break;
    }
    fixed[i] = -1;
    return res < 0 || res == STOP ? res : 0;
}

/* The Hall set of a short flow: items still reachable from the source, and their cities. */
static void explain_cut(place_ctx *c, const gopt_maxflow_result *r, gopt_tokens_rotation *out) {
    const tokens_problem *p = c->p;
    const gopt_tokens_question *q = c->q;
    for (int i = 0; i < p->nitems; i++) {
        if (p->demand[i] == 0 || !r->source_side[tokens_item_node(i)]) continue;
        out->why_demand += p->demand[i];
        if (q->rules == GOPT_TOKENS_RULES_FULL) out->why_old_cities |= 1u << p->item_city[i];
        for (int t = 0; t < q->ntokens; t++)
            if (p->token_item[t] == i) out->why_tokens |= (uint64_t)1 << t;
    }
    for (int b = 0; b < p->nbins; b++)
        if (r->source_side[tokens_bin_node(p, b)]) {
            out->why_cities |= 1u << b;
            out->why_slots += p->slots[b];
        }
}

/* An item that needs no slots (an old city without slots, an extra token) must still fit
 * somewhere. */
static bool homeless_item(const tokens_problem *p, gopt_tokens_rotation *out) {
    for (int i = 0; i < p->nitems; i++)
        if (p->demand[i] == 0 && !p->cand[i]) {
            out->why_old_cities = 1u << p->item_city[i];
            return true;
        }
    return false;
}

static void finish_feasible(place_ctx *c, bool gave_up, gopt_tokens_rotation *out) {
    out->verdict = GOPT_TOKENS_FEASIBLE;
    out->feasible = true;
    out->limited = gave_up;
    out->count = c->found;
    out->complete = c->found < c->want && !gave_up;
    out->unique = c->found == 1 && out->complete;
    out->placements = c->placements;
    c->placements = NULL;
    if (c->q->rules == GOPT_TOKENS_RULES_FULL && !c->q->split)
        for (int i = 0; i < c->p->nitems; i++) out->city_map[i] = c->first_map[i];
}

/* The first closed map side the new tile's track would cross, or -1 (both rule sets: a
 * tile that leads off the map may not be laid at all). */
static int off_map(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation) {
    uint8_t bad = gopt_tokens_rotate(to->exits, rotation) & q->closed;
    return bad ? __builtin_ctz(bad) : -1;
}

/* The first map side where the old tile has a stub (or future track) that the new tile's
 * track does not meet, or -1 (both rule sets, like the map: 1867 and the 1822 family say a
 * tile laid on a hex with a track stub must connect to it; 1858's private railways and
 * 1840's orange hexes print the track to come as dashed lines the tile must follow). */
static int unmet_stub(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation) {
    uint8_t stubs = q->future_free ? q->from->stub_marks : q->from->stubs;
    uint8_t binding = q->stubs_set ? q->stubs_now : gopt_tokens_rotate(stubs, q->from_rotation);
    uint8_t bad = binding & (uint8_t)~gopt_tokens_rotate(to->exits, rotation);
    return bad ? __builtin_ctz(bad) : -1;
}

/* A port tile (all its track terminal) laid on a hex printed with long spikes (1822MX,
 * 1822PNW): the first map side where its track follows no long spike, or -1. The port
 * replaces the water hex's printed track, so the old track rules do not apply to it. */
static int off_spike(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation) {
    if (!tokens_port_lay(q, to)) return -1;
    uint8_t bad = gopt_tokens_rotate(to->exits, rotation) & (uint8_t)~gopt_tokens_rotate(q->from->port_spikes, q->from_rotation);
    return bad ? __builtin_ctz(bad) : -1;
}

/* Split exits: the first old city with an edge no new city holds (its edge in
 * *edge), or -1. */
static int lost_exit(const gopt_tokens_question *q, const tokens_problem *p, int *edge) {
    uint8_t held = 0;
    for (int b = 0; b < p->nbins; b++) held |= p->bin_edges[b];
    for (int c = 0; c < q->from->ncities; c++) {
        uint8_t lost = gopt_tokens_city_edges(q->from, c, q->from_rotation) & (uint8_t)~held;
        if (lost) {
            *edge = __builtin_ctz(lost);
            return c;
        }
    }
    return -1;
}

/* Decides the rotation; on success enumerates up to c->want placements. */
static int decide(place_ctx *c, const gopt_tokens_tile *to, int rotation, gopt_tokens_rotation *out) {
    const tokens_problem *p = c->p;
    if ((out->why_edge_a = off_map(c->q, to, rotation)) >= 0) {
        out->verdict = GOPT_TOKENS_OFF_MAP;
        return 0;
    }
    if ((out->why_edge_a = off_spike(c->q, to, rotation)) >= 0) {
        out->verdict = GOPT_TOKENS_PORT;
        return 0;
    }
    if ((out->why_edge_a = unmet_stub(c->q, to, rotation)) >= 0) {
        out->verdict = GOPT_TOKENS_STUB;
        return 0;
    }
    if (tokens_neighbour_gauge_unmet(c->q, to, rotation, &out->why_edge_a, &out->why_gauge_new, &out->why_gauge)) {
        out->verdict = GOPT_TOKENS_NEIGHBOUR_GAUGE;
        return 0;
    }
    out->why_edge_a = -1;
    if (tokens_partition_crossed(c->q, to, rotation, &out->why_edge_a, &out->why_edge_b)) {
        out->verdict = GOPT_TOKENS_PARTITION;
        return 0;
    }
    int lost_city = c->q->split && c->q->split_exits ? lost_exit(c->q, p, &out->why_edge_a) : -1;
    if (lost_city >= 0) {
        out->verdict = GOPT_TOKENS_EXIT_LOST;
        out->why_old_cities = 1u << lost_city;
        return 0;
    }
    int8_t fixed[TOKENS_MAX_ITEMS], assign[TOKENS_MAX_ITEMS];
    memset(fixed, -1, sizeof fixed);
    gopt_maxflow_result r;
    if (!run_flow(c, fixed, &r)) return FAILED;
    if (r.value < p->total - 0.5) {
        out->verdict = GOPT_TOKENS_SHORT;
        explain_cut(c, &r, out);
        gopt_maxflow_result_free(&r);
        return 0;
    }
    int res = read_flow(c, fixed, &r, assign);
    gopt_maxflow_result_free(&r);
    if (res == FAILED) return FAILED;
    if (res == GAVE_UP) {
        out->verdict = GOPT_TOKENS_UNKNOWN;
        return 0;
    }
    bool full = c->q->rules == GOPT_TOKENS_RULES_FULL;
    if (homeless_item(p, out)) {
        out->verdict = GOPT_TOKENS_NO_CITY;
        return 0;
    }
    if (res == 0) {
        out->verdict = GOPT_TOKENS_UNSPLITTABLE;
        for (int i = 0; i < p->nitems; i++)
            if (p->demand[i] > 1) out->why_old_cities |= 1u << i;
        for (int b = 0; b < p->nbins; b++) out->why_cities |= 1u << b;
        out->why_demand = p->total;
        for (int b = 0; b < p->nbins; b++) out->why_slots += p->slots[b];
        return 0;
    }
    if (full && !tokens_port_lay(c->q, to) && (out->verdict = tokens_tile_rules(c->q, to, rotation, out)) != GOPT_TOKENS_FEASIBLE) return 0;
    /* The game's own rule (`NAME @ ROT` in a catalogue) comes last: a rotation the track or
     * the tokens already rule out says why in their terms (1822CA's W1 -> W3 at rotation 4
     * overflows the three-slot city, whatever the game prints). */
    if ((to->rotations && !(to->rotations >> rotation & 1)) || !(gopt_tokens_hex_allowed(c->q, to) >> rotation & 1)) {
        out->verdict = GOPT_TOKENS_ROTATION_RULE;
        return 0;
    }
    for (int i = 0; i < p->nitems; i++)
        if (p->carries[i]) c->carry[c->ncarry++] = i;
    res = enumerate(c, 0, fixed, assign);
    if (res == FAILED) return FAILED;
    if (res == GAVE_UP && c->found == 0) record(c, assign); /* the decision's own placement */
    finish_feasible(c, res == GAVE_UP, out);
    return 0;
}

static bool place_one(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation, long limit,
                      gopt_tokens_rotation *out, gopt_error *err) {
    memset(out, 0, sizeof *out);
    out->rotation = rotation;
    out->why_town = -1;
    out->why_gauge = out->why_gauge_new = -1;
    out->why_edge_a = out->why_edge_b = -1;
    memset(out->city_map, -1, sizeof out->city_map);
    if (!gopt_tokens_question_check(q, err)) return false;
    tokens_problem p;
    tokens_problem_build(q, to, rotation, &p);
    place_ctx c = {.q = q, .p = &p, .err = err, .want = limit > 2 ? limit : 2,
                   .budget = q->max_flows > 0 ? q->max_flows : GOPT_TOKENS_DEFAULT_MAX_FLOWS};
    tokens_network_build(&p, &c.nw);
    int res = decide(&c, to, rotation, out);
    tokens_network_free(&c.nw);
    free(c.placements);
    out->flows = c.flows;
    out->branches = c.branches;
    if (res == FAILED) {
        gopt_tokens_rotation_free(out);
        return false;
    }
    return true;
}

/* Shrinking slots, no token named to return: the tokens the owners may return (those that
 * take a slot), as a bit set; 0 when the game named some (it decided) or slots keep. */
static uint64_t tokens_returnable(const gopt_tokens_question *q) {
    uint64_t set = 0;
    if (!q->shrink) return 0;
    for (int i = 0; i < q->ntokens; i++) {
        if (q->tokens[i].returned) return 0;
        if (!q->tokens[i].reserved && !q->tokens[i].extra) set |= (uint64_t)1 << i;
    }
    return set;
}

/* The question with the tokens of `set` returned. */
static void returning(const gopt_tokens_question *q, uint64_t set, gopt_tokens_question *out) {
    *out = *q;
    for (int i = 0; i < q->ntokens; i++) out->tokens[i].returned = set >> i & 1;
}

/* The next subset of `pool` with as many members as `set` (in increasing order of the
 * subsets' ranks within the pool), or 0 after the last. */
static uint64_t next_subset(uint64_t set, uint64_t pool) {
    /* ranks: position of each member within the pool */
    int idx[64], n = 0;
    GOPT_FOR_BITS(i, pool) idx[n++] = i;
    uint64_t r = 0;
    for (int k = 0; k < n; k++)
        if (set >> idx[k] & 1) r |= (uint64_t)1 << k;
    uint64_t low = r & -r, ripple = r + low;
    if (ripple >> n) return 0;
    r = ripple | (((r ^ ripple) >> 2) / low);
    uint64_t out = 0;
    for (int k = 0; k < n; k++)
        if (r >> k & 1) out |= (uint64_t)1 << idx[k];
    return out;
}

static uint64_t first_subset(uint64_t pool, int size) {
    uint64_t set = 0;
    GOPT_FOR_BITS(i, pool) if (size-- > 0) set |= (uint64_t)1 << i;
    return set;
}

/* The owners return as few tokens as let the rest fit, any of them they choose: the rotation
 * is feasible when returning every returnable token is (returning fewer never helps more),
 * and then the smallest number that works gives the placements, over every choice of that
 * many tokens. */
static bool place_returning(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation, long limit,
                            uint64_t pool, gopt_tokens_rotation *out, gopt_error *err) {
    gopt_tokens_question *qr = gopt_calloc(1, sizeof *qr);
    returning(q, pool, qr);
    long flows = out->flows;
    gopt_tokens_rotation all;
    bool ok = place_one(qr, to, rotation, 2, &all, err);
    if (ok && !all.feasible) { /* even returning every token fails: its certificate stands */
        all.flows += flows;
        gopt_tokens_rotation_free(out);
        *out = all;
        free(qr);
        return true;
    }
    gopt_tokens_rotation_free(&all);
    long want = limit > 2 ? limit : 2, budget = q->max_flows > 0 ? q->max_flows : GOPT_TOKENS_DEFAULT_MAX_FLOWS;
    gopt_tokens_rotation res = {0};
    size_t cap = 0;
    for (int size = 1; ok && size <= __builtin_popcountll(pool) && !res.feasible; size++) {
        res = (gopt_tokens_rotation){.rotation = rotation, .complete = true};
        for (uint64_t set = first_subset(pool, size); ok && set; set = next_subset(set, pool)) {
            gopt_tokens_rotation one;
            returning(q, set, qr);
            if (!(ok = place_one(qr, to, rotation, want - res.count, &one, err))) break;
            res.flows += one.flows;
            res.branches += one.branches;
            if (one.feasible) {
                if (!res.feasible) memcpy(res.city_map, one.city_map, sizeof res.city_map);
                res.feasible = true;
                res.verdict = GOPT_TOKENS_FEASIBLE;
                res.nreturned = size;
                res.may_return |= set;
                res.limited |= one.limited;
                size_t n = (size_t)(q->ntokens ? q->ntokens : 1);
                gopt_grow(&res.placements, &cap, (size_t)(res.count + one.count) * n, 1);
                memcpy(res.placements + (size_t)res.count * n, one.placements, (size_t)one.count * n);
                res.count += one.count;
                res.complete &= one.complete;
            }
            gopt_tokens_rotation_free(&one);
            if (res.count >= want || flows + res.flows >= budget) {
                res.complete = false;
                res.limited |= res.count < want;
                break;
            }
        }
    }
    free(qr);
    if (!ok) {
        gopt_tokens_rotation_free(&res);
        return false;
    }
    res.flows += flows + all.flows;
    res.unique = res.count == 1 && res.complete;
    if (!res.feasible) { /* the budget ran out before a choice was found */
        res.verdict = GOPT_TOKENS_UNKNOWN;
        res.why_town = res.why_gauge = res.why_gauge_new = res.why_edge_a = res.why_edge_b = -1;
    }
    gopt_tokens_rotation_free(out);
    *out = res;
    return true;
}

bool gopt_tokens_place(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation, long limit,
                       gopt_tokens_rotation *out, gopt_error *err) {
    if (to->shrinks && !q->shrink) { /* the game's catalogue says the slots shrink */
        gopt_tokens_question *qs = gopt_calloc(1, sizeof *qs);
        *qs = *q;
        qs->shrink = true;
        bool ok = gopt_tokens_place(qs, to, rotation, limit, out, err);
        free(qs);
        return ok;
    }
    if (tokens_town_or_city_drops(q, to)) { /* 1880: the town tile drops the printed city */
        tokens_town_or_city_view *v = tokens_town_or_city_view_new(q);
        bool ok = gopt_tokens_place(&v->q, to, rotation, limit, out, err);
        free(v);
        return ok;
    }
    if (!place_one(q, to, rotation, limit, out, err)) return false;
    uint64_t pool = tokens_returnable(q);
    if (out->feasible || !pool || (out->verdict != GOPT_TOKENS_SHORT && out->verdict != GOPT_TOKENS_UNSPLITTABLE)) return true;
    return place_returning(q, to, rotation, limit, pool, out, err);
}

void gopt_tokens_rotation_free(gopt_tokens_rotation *r) {
    free(r->placements);
    r->placements = NULL;
}

bool gopt_tokens_solve(const gopt_tokens_question *q, const gopt_tokens_tile *to, long limit, gopt_tokens_answer *a,
                       gopt_error *err) {
    memset(a, 0, sizeof *a);
    a->to = to;
    gopt_stopwatch watch = gopt_stopwatch_start();
    for (int r = 0; r < GOPT_TOKENS_EDGES; r++) {
        gopt_tokens_rotation *rot = &a->rotations[r];
        if (!gopt_tokens_place(q, to, r, limit, rot, err)) {
            gopt_tokens_answer_free(a);
            return false;
        }
        a->nfeasible += rot->feasible;
        gopt_counter_add(&a->counters, "flows", rot->flows);
        gopt_counter_add(&a->counters, "branches", rot->branches);
        gopt_counter_add(&a->counters, "placements", rot->feasible ? rot->count : 0);
    }
    a->seconds = gopt_stopwatch_read(&watch, &a->cpu_seconds);
    return true;
}

void gopt_tokens_answer_free(gopt_tokens_answer *a) {
    for (int r = 0; r < GOPT_TOKENS_EDGES; r++) gopt_tokens_rotation_free(&a->rotations[r]);
}
