/* The independent checker. It shares the tile model and nothing else with the solver: it
 * works out from the tiles what every token (tokens rules) or old city (full rules) needs,
 * and confirms an answer by direct search instead of flows:
 *   - feasible: every placement fits (edges, slots; under full rules a whole-city map
 *     exists), placements are distinct, the uniqueness claim and, when the enumeration
 *     says it is complete, the number of placements match an exhaustive count;
 *   - infeasible: the certificate holds (a Hall set: units whose every fitting city lies in
 *     a set with fewer slots than they need; a unit that fits nowhere; a lost town or
 *     track; too many cities), or an exhaustive search finds nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/tokens.h"
#include "games/tokens/internal.h"

/* Exhaustive counts stop here: a larger claim is not re-counted (but every placement shown
 * is still checked one by one). */
#define CHECK_COUNT_LIMIT 20000
/* Search nodes one check may visit; a search cut short refutes nothing (contrived tiles
 * with many multi-slot cities could otherwise take exponential time). */
#define CHECK_NODE_BUDGET 2000000L

/* Units: tokens (tokens rules, or full rules with splitting cities, then followed by every
 * empty slot of every old city) or old cities (full rules). */
#define MAX_UNITS (GOPT_TOKENS_MAX_TOKENS + GOPT_TOKENS_MAX_CITIES * GOPT_TOKENS_MAX_SLOTS)

typedef struct unit_set {
    int n;
    uint8_t need[MAX_UNITS];  /* edges it must keep, map orientation */
    bool anywhere[MAX_UNITS]; /* an old city without track fits any city */
    bool touch;               /* split exits: a unit fits a city holding one of its edges */
    int size[MAX_UNITS];      /* slots it takes */
    bool counted[MAX_UNITS];  /* holds tokens: its city is part of a placement */
    int forced[MAX_UNITS];    /* the city it must take, or -1 */
    int order[MAX_UNITS];     /* counted units first */
    int city[MAX_UNITS];      /* full rules: its old city */
    bool twin[MAX_UNITS];     /* an empty slot like the unit before it in `order`: take no lower city */
    int at[MAX_UNITS];        /* the city it took in the search */
    bool ghost[MAX_UNITS];    /* a token the game or its owner returns: it goes nowhere */
    uint32_t allowed[MAX_UNITS]; /* the new cities it may take (the game's choice, or all) */
    int ncities;
    uint8_t have[GOPT_TOKENS_MAX_CITIES];  /* new cities' edges, map orientation */
    int room[GOPT_TOKENS_MAX_CITIES];
    long budget;                           /* search nodes left */
} unit_set;

static uint8_t turn(uint8_t edges, int r) { return gopt_tokens_rotate(edges, r); }
static uint8_t city_need(const gopt_tokens_tile *t, int c, int r) { return turn(t->nodes[t->city_node[c]].edges, r); }

static void add_unit(unit_set *u, uint8_t need, bool anywhere, int size, bool counted, int city) {
    int i = u->n++;
    u->allowed[i] = ~0u;
    u->need[i] = need;
    u->anywhere[i] = anywhere;
    u->size[i] = size;
    u->counted[i] = counted;
    u->city[i] = city;
}

/* The engine's Hex#city_map_for, worked out again: an old city goes to the lowest-index new
 * city holding its edges; under "index" a blank old tile maps city i to city i, and an old
 * city without track takes its own index if free, else the first free city. */
static void game_map(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation, int *map) {
    const gopt_tokens_tile *from = q->from;
    bool index = q->placer == GOPT_TOKENS_PLACER_INDEX, blank = true;
    bool used[GOPT_TOKENS_MAX_CITIES] = {false};
    for (int c = 0; c < from->ncities; c++) {
        map[c] = -1;
        blank = blank && !city_need(from, c, q->from_rotation);
    }
    for (int c = 0; c < from->ncities; c++) {
        uint8_t need = city_need(from, c, q->from_rotation);
        if (index && blank && from->ncities == to->ncities) map[c] = c;
        else if (index && !need) continue;
        else
            for (int j = to->ncities - 1; j >= 0; j--)
                if (!(need & ~city_need(to, j, rotation))) map[c] = j;
        if (map[c] >= 0) used[map[c]] = true;
    }
    for (int c = 0; index && c < from->ncities; c++)
        if (map[c] < 0 && !city_need(from, c, q->from_rotation)) {
            int j = c < to->ncities && !used[c] ? c : -1;
            for (int k = 0; j < 0 && k < to->ncities; k++)
                if (!used[k]) j = k; /* the first free one */
            if (j >= 0) used[map[c] = j] = true;
        }
}

static void units_of(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation, unit_set *u) {
    memset(u, 0, sizeof *u);
    const gopt_tokens_tile *from = q->from;
    u->ncities = to->ncities;
    u->touch = q->rules == GOPT_TOKENS_RULES_FULL && q->split && q->split_exits;
    for (int j = 0; j < to->ncities; j++) {
        u->have[j] = city_need(to, j, rotation);
        u->room[j] = to->nodes[to->city_node[j]].slots;
    }
    int map[GOPT_TOKENS_MAX_CITIES];
    if (q->placer != GOPT_TOKENS_PLACER_OWNER) game_map(q, to, rotation, map);
    if (q->rules == GOPT_TOKENS_RULES_TOKENS) {
        for (int i = 0; i < q->ntokens; i++) {
            bool gone = q->tokens[i].returned;
            add_unit(u, city_need(from, q->tokens[i].city, q->from_rotation), false, !q->tokens[i].extra && !gone, !gone,
                     q->tokens[i].city);
            u->ghost[i] = gone;
        }
    } else if (q->split) {
        int held[GOPT_TOKENS_MAX_CITIES] = {0};
        for (int i = 0; i < q->ntokens; i++) {
            uint8_t need = city_need(from, q->tokens[i].city, q->from_rotation);
            bool gone = q->tokens[i].returned;
            add_unit(u, need, need == 0, !q->tokens[i].extra && !gone, !gone, q->tokens[i].city);
            u->ghost[i] = gone;
            held[q->tokens[i].city] += !q->tokens[i].extra;
        }
        for (int c = 0; c < from->ncities && !q->shrink; c++) {
            uint8_t need = city_need(from, c, q->from_rotation);
            for (int k = held[c]; k < from->nodes[from->city_node[c]].slots; k++) add_unit(u, need, need == 0, 1, false, c);
        }
    } else {
        for (int c = 0; c < from->ncities; c++) {
            int held = 0, sitting = 0;
            for (int i = 0; i < q->ntokens; i++) {
                held += q->tokens[i].city == c && !q->tokens[i].returned;
                sitting += q->tokens[i].city == c && !q->tokens[i].returned && !q->tokens[i].extra;
            }
            uint8_t need = city_need(from, c, q->from_rotation);
            add_unit(u, need, need == 0, q->shrink ? sitting : from->nodes[from->city_node[c]].slots, held > 0, c);
        }
    }
    if (q->placer != GOPT_TOKENS_PLACER_OWNER && !q->split)
        for (int i = 0; i < u->n; i++)
            if (u->counted[i] || u->size[i] > 0)
                u->allowed[i] = map[u->city[i]] >= 0 ? 1u << map[u->city[i]] : 0;
    int k = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < u->n; i++)
            if (u->counted[i] == (pass == 0)) u->order[k++] = i;
    /* Empty slots of one split city are interchangeable: placing them in non-decreasing
     * city order visits each way to spread them once. */
    for (int k2 = 1; k2 < u->n; k2++) {
        int i = u->order[k2], prev = u->order[k2 - 1];
        u->twin[i] = q->split && !u->counted[i] && !u->counted[prev] && u->city[i] == u->city[prev];
    }
    for (int i = 0; i < u->n; i++) u->forced[i] = -1;
    u->budget = CHECK_NODE_BUDGET;
}

static bool fits(const unit_set *u, int i, int j) {
    if (!(u->allowed[i] >> j & 1)) return false;
    return u->anywhere[i] || (u->touch ? (u->need[i] & u->have[j]) != 0 : (u->need[i] & ~u->have[j]) == 0);
}

/* Split exits: whether some old city's edge is held by no new city. */
static bool exit_lost(const gopt_tokens_question *q, const unit_set *u) {
    uint8_t held = 0;
    for (int j = 0; j < u->ncities; j++) held |= u->have[j];
    for (int c = 0; c < q->from->ncities; c++)
        if (city_need(q->from, c, q->from_rotation) & ~held) return true;
    return false;
}

/* Distinct placements (assignments of counted units that some assignment of the others
 * completes), up to `limit`; -1 when the node budget runs out. */
static long search(unit_set *u, int level, long limit) {
    if (--u->budget < 0) return -1;
    if (level == u->n) return 1;
    int i = u->order[level];
    if (u->ghost[i]) return search(u, level + 1, limit);
    long total = 0;
    for (int j = level > 0 && u->twin[i] ? u->at[u->order[level - 1]] : 0; j < u->ncities && total < limit; j++) {
        if ((u->forced[i] >= 0 && u->forced[i] != j) || !fits(u, i, j) || u->room[j] < u->size[i]) continue;
        u->at[i] = j;
        u->room[j] -= u->size[i];
        long sub = search(u, level + 1, u->counted[i] ? limit - total : 1);
        u->room[j] += u->size[i];
        if (sub < 0) return -1;
        if (!u->counted[i] && sub) return 1;
        total += sub;
    }
    return total;
}

/* Under full rules a placement puts all tokens of an old city in one new city; returns
 * false when they disagree. Fixes the counted units to their cities. */
static bool force_placement(const gopt_tokens_question *q, unit_set *u, const int8_t *row) {
    for (int i = 0; i < u->n; i++) u->forced[i] = -1;
    for (int t = 0; t < q->ntokens; t++) {
        if (q->tokens[t].returned) continue;
        int unit = q->rules == GOPT_TOKENS_RULES_TOKENS || q->split ? t : q->tokens[t].city;
        if (u->forced[unit] >= 0 && u->forced[unit] != row[t]) return false;
        u->forced[unit] = row[t];
    }
    return true;
}

static bool check_placement(const gopt_tokens_question *q, unit_set *u, const int8_t *row, long k, char *why, size_t size) {
    for (int t = 0; t < q->ntokens; t++) {
        if (q->tokens[t].returned != (row[t] == -1))
            return gopt_reason(why, size, "placement %ld %s %s", k, row[t] == -1 ? "returns" : "keeps", q->tokens[t].name);
        if (!q->tokens[t].returned && (row[t] < 0 || row[t] >= u->ncities))
            return gopt_reason(why, size, "placement %ld puts %s in no city", k, q->tokens[t].name);
    }
    if (!force_placement(q, u, row)) return gopt_reason(why, size, "placement %ld splits the tokens of one old city", k);
    bool ok = search(u, 0, 1) != 0; /* -1: out of budget, nothing refuted */
    for (int i = 0; i < u->n; i++) u->forced[i] = -1;
    return ok || gopt_reason(why, size, "placement %ld breaks an edge set or a city's slots", k);
}

static bool check_city_map(const gopt_tokens_question *q, const unit_set *u, const int8_t *map, const int8_t *row,
                           char *why, size_t size) {
    int room[GOPT_TOKENS_MAX_CITIES];
    memcpy(room, u->room, sizeof room);
    for (int c = 0; c < u->n; c++) {
        int j = map[c];
        if (j < 0 || j >= u->ncities || !fits(u, c, j))
            return gopt_reason(why, size, "old city %d is mapped to %d, which does not keep its edges", c, j);
        room[j] -= u->size[c];
    }
    for (int j = 0; j < u->ncities; j++)
        if (room[j] < 0) return gopt_reason(why, size, "the city map overfills new city %d", j);
    for (int t = 0; t < q->ntokens; t++)
        if (!q->tokens[t].returned && map[q->tokens[t].city] != row[t])
            return gopt_reason(why, size, "%s does not follow its old city", q->tokens[t].name);
    return true;
}

/* An old town with edges `need` (map orientation): its edges lie within one stop's (town,
 * halt or city), or, on a tile with no town or halt, every two of them are joined by
 * through track; a town without track always is. */
static bool town_kept(uint8_t need, const gopt_tokens_tile *to, int rotation) {
    if (!need) return true;
    bool small = false;
    for (int j = 0; j < to->nnodes; j++) small = small || to->nodes[j].kind == GOPT_TOKENS_TOWN || to->nodes[j].kind == GOPT_TOKENS_HALT;
    for (int j = 0; j < to->nnodes; j++) {
        gopt_tokens_node_kind kind = to->nodes[j].kind;
        /* a city takes the town's track only where the new tile has no town or halt */
        bool stop = kind == GOPT_TOKENS_TOWN || kind == GOPT_TOKENS_HALT || (kind == GOPT_TOKENS_CITY && !small);
        if (stop && (need & ~turn(to->nodes[j].edges, rotation)) == 0) return true;
    }
    if (small) return false;
    for (int a = 0; a < GOPT_TOKENS_EDGES; a++)
        for (int b = 0; b < GOPT_TOKENS_EDGES; b++)
            if (a != b && (need >> a & 1) && (need >> b & 1) && !(to->links[(a - rotation + 6) % 6] >> ((b - rotation + 6) % 6) & 1))
                return false;
    return true;
}

/* Whether map side e lies on the side `inner` of partition p turned by `turn`, and that
 * side may hold track (re-derived from the vertices, not from the parser's edge sets). */
static bool partition_side_open(const gopt_tokens_partition *p, int turn, int e, bool inner) {
    int own = (e - turn + 12) % 6, lo = p->a < p->b ? p->a : p->b, hi = p->a < p->b ? p->b : p->a;
    if ((own >= lo && own < hi) != inner) return false;
    return p->restrict_to != (inner ? GOPT_TOKENS_PARTITION_OUTER : GOPT_TOKENS_PARTITION_INNER);
}

/* Partitions followed: whether some path of the new tile has an edge where one side of a
 * partition (the old tile's or the map's) may not hold it together with its other edges. */
static bool partition_broken(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation) {
    if (!q->partition_follow) return false;
    for (int i = 0; i < q->from->npartitions + q->npartitions; i++) {
        bool own = i < q->from->npartitions;
        const gopt_tokens_partition *p = own ? &q->from->partitions[i] : &q->partitions[i - q->from->npartitions];
        int turn = own ? q->from_rotation : 0;
        for (int k = 0; k < to->npaths; k++) {
            int ends[2] = {to->paths[k].a, to->paths[k].b}, n = 0, sides[2];
            for (int j = 0; j < 2; j++)
                if (ends[j] < GOPT_TOKENS_NODE_END) sides[n++] = (ends[j] + rotation) % 6;
            bool fits_inner = true, fits_outer = true;
            for (int j = 0; j < n; j++) {
                fits_inner = fits_inner && partition_side_open(p, turn, sides[j], true);
                fits_outer = fits_outer && partition_side_open(p, turn, sides[j], false);
            }
            if (!fits_inner && !fits_outer) return true;
        }
    }
    return false;
}

/* Whether a rotation rule of the map for this hex (`rotations:` for the new tile's colour or
 * name) leaves out `rotation`. */
static bool hex_rule_forbids(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation) {
    for (int i = 0; i < q->nhex_rules; i++) {
        const gopt_tokens_hex_rotations *h = &q->hex_rules[i];
        if (h->tile[0] ? strcmp(h->tile, to->name) != 0 : h->colour != to->colour) continue;
        if (!(h->rotations >> rotation & 1)) return true;
    }
    return false;
}

/* Whether some stub edge of the old tile (map orientation) has no path end of the new tile. */
/* The neighbours' gauge rule re-derived from the paths: each side where a path of `to`
 * ends and a neighbour's track is given; every one must share a train with it, or (meet one)
 * at least one of them when there is any. */
static bool neighbour_gauge_broken(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation) {
    int faced = 0, met = 0;
    for (int s = 0; s < GOPT_TOKENS_EDGES; s++) {
        if (!q->neighbour_gauges[s]) continue;
        bool faces = false, shares = false;
        for (int k = 0; k < to->npaths; k++) {
            const gopt_tokens_path *p = &to->paths[k];
            bool here = (p->a < GOPT_TOKENS_NODE_END && (p->a + rotation) % 6 == s) ||
                        (p->b < GOPT_TOKENS_NODE_END && (p->b + rotation) % 6 == s);
            if (!here) continue;
            faces = true;
            for (int g = 0; g < 4; g++)
                if (q->neighbour_gauges[s] >> g & 1)
                    shares = shares || p->track == g || (p->track == GOPT_TOKENS_DUAL && g != GOPT_TOKENS_OTHER_TRACK) ||
                             (g == GOPT_TOKENS_DUAL && p->track != GOPT_TOKENS_OTHER_TRACK);
        }
        faced += faces;
        met += faces && shares;
    }
    return q->neighbour_meet_one ? faced > 0 && met == 0 : met < faced;
}

static bool stub_unmet(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation) {
    for (int e = 0; e < GOPT_TOKENS_EDGES; e++) {
        bool printed = (q->future_free ? q->from->stub_marks : q->from->stubs) >> ((e - q->from_rotation + 6) % 6) & 1;
        if (!(q->stubs_set ? (q->stubs_now >> e & 1) : printed)) continue;
        bool met = false;
        for (int k = 0; k < to->npaths && !met; k++)
            met = (to->paths[k].a < GOPT_TOKENS_NODE_END && (to->paths[k].a + rotation) % 6 == e) ||
                  (to->paths[k].b < GOPT_TOKENS_NODE_END && (to->paths[k].b + rotation) % 6 == e);
        if (!met) return true;
    }
    return false;
}

/* Full rules about the whole tile, worked out afresh; NULL when they hold. */
/* A port tile on a hex with long spikes: whether some of its track's sides (map
 * orientation) is no long spike's. */
static bool port_lay(const gopt_tokens_question *q, const gopt_tokens_tile *to) {
    if (!q->from->port_spikes) return false;
    for (int k = 0; k < to->npaths; k++)
        if (!to->paths[k].terminal) return false;
    return to->npaths > 0;
}

static bool port_off_spike(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation) {
    if (!port_lay(q, to)) return false;
    for (int k = 0; k < to->npaths; k++)
        for (int end = 0; end < 2; end++) {
            int e = end ? to->paths[k].b : to->paths[k].a;
            if (e < GOPT_TOKENS_NODE_END && !(q->from->port_spikes >> (((e + rotation) % 6 - q->from_rotation + 6) % 6) & 1)) return true;
        }
    return false;
}

/* The sides (map orientation) node `node`'s own paths reach, read off the paths. */
static uint8_t stop_sides(const gopt_tokens_tile *t, int rotation, int node) {
    uint8_t sides = 0;
    for (int k = 0; k < t->npaths; k++) {
        int a = t->paths[k].a, b = t->paths[k].b;
        if (b == GOPT_TOKENS_NODE_END + node && a < GOPT_TOKENS_NODE_END) sides |= (uint8_t)(1u << (a + rotation) % 6);
        if (a == GOPT_TOKENS_NODE_END + node && b < GOPT_TOKENS_NODE_END) sides |= (uint8_t)(1u << (b + rotation) % 6);
    }
    return sides;
}

/* Whether more new stops share no side with any old stop than the tile adds stops. */
static bool stop_appears(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation) {
    int nold = 0, nnew = 0, alone = 0;
    uint8_t old_sides = 0;
    for (int k = 0; k < q->from->nnodes; k++) {
        gopt_tokens_node_kind kind = q->from->nodes[k].kind;
        uint8_t s = stop_sides(q->from, q->from_rotation, k);
        if ((kind == GOPT_TOKENS_CITY || kind == GOPT_TOKENS_TOWN || kind == GOPT_TOKENS_HALT) && s) nold++, old_sides |= s;
    }
    for (int j = 0; j < to->nnodes; j++) {
        gopt_tokens_node_kind kind = to->nodes[j].kind;
        uint8_t s = stop_sides(to, rotation, j);
        if (!(kind == GOPT_TOKENS_CITY || kind == GOPT_TOKENS_TOWN || kind == GOPT_TOKENS_HALT) || !s) continue;
        nnew++;
        alone += !(s & old_sides);
    }
    return alone > (nnew > nold ? nnew - nold : 0);
}

static const char *broken_tile_rule(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation) {
    const gopt_tokens_tile *from = q->from;
    for (int k = 0; k < from->nnodes; k++)
        if ((from->nodes[k].kind == GOPT_TOKENS_TOWN || from->nodes[k].kind == GOPT_TOKENS_HALT) &&
            !town_kept(turn(from->nodes[k].edges, q->from_rotation), to, rotation))
            return "an old town's track is kept at no stop";
    if (stop_appears(q, to, rotation)) return "a new stop appears though the tile adds none";
    for (int a = 0; a < GOPT_TOKENS_EDGES; a++)
        for (int b = 0; b < GOPT_TOKENS_EDGES; b++) {
            int oa = (a - q->from_rotation + 6) % 6, ob = (b - q->from_rotation + 6) % 6;
            int na = (a - rotation + 6) % 6, nb = (b - rotation + 6) % 6;
            if ((from->links[oa] >> ob & 1) && !(to->links[na] >> nb & 1)) return "through track is lost";
        }
    /* Gauges from the paths themselves: every old path's gauge at an edge that still has
     * track must meet a new path there of the same gauge or dual. */
    for (int k = 0; k < from->npaths; k++)
        for (int end = 0; end < 2; end++) {
            int e = end ? from->paths[k].b : from->paths[k].a;
            if (e >= GOPT_TOKENS_NODE_END) continue;
            int at = (e + q->from_rotation) % 6, g = from->paths[k].track;
            bool any = false, kept = false;
            for (int m = 0; m < to->npaths; m++) {
                int f = to->paths[m].a < GOPT_TOKENS_NODE_END && (to->paths[m].a + rotation) % 6 == at ? 1
                        : to->paths[m].b < GOPT_TOKENS_NODE_END && (to->paths[m].b + rotation) % 6 == at ? 1 : 0;
                if (!f) continue;
                any = true;
                kept = kept || to->paths[m].track == g || to->paths[m].track == GOPT_TOKENS_DUAL;
            }
            if (any && !kept) return "old track's gauge is not carried";
        }
    return NULL;
}

/* Shrinking slots with nothing named to return: the tokens the owners may return. */
static uint64_t owners_may_return(const gopt_tokens_question *q) {
    uint64_t pool = 0;
    for (int i = 0; q->shrink && i < q->ntokens; i++) {
        if (q->tokens[i].returned) return 0;
        if (!q->tokens[i].reserved && !q->tokens[i].extra) pool |= (uint64_t)1 << i;
    }
    return pool;
}

static void with_returned(const gopt_tokens_question *q, uint64_t set, gopt_tokens_question *out) {
    *out = *q;
    for (int i = 0; i < q->ntokens; i++) out->tokens[i].returned = set >> i & 1;
}

/* Placements (up to limit) over every way to return `size` tokens of `pool`, by search;
 * -1 when a search runs out of budget. */
static long count_returning(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation, uint64_t pool, int size,
                            long limit) {
    gopt_tokens_question qr;
    unit_set ur;
    long total = 0;
    int idx[64], n = 0;
    for (int i = 0; i < 64; i++)
        if (pool >> i & 1) idx[n++] = i;
    for (uint64_t code = 0; code < (uint64_t)1 << n && total < limit; code++) {
        if (__builtin_popcountll(code) != size) continue;
        uint64_t set = 0;
        for (int k = 0; k < n; k++)
            if (code >> k & 1) set |= (uint64_t)1 << idx[k];
        with_returned(q, set, &qr);
        units_of(&qr, to, rotation, &ur);
        long got = search(&ur, 0, limit - total);
        if (got < 0) return -1;
        total += got;
    }
    return total;
}

/* Owners returning tokens: each placement returns `nreturned` of the tokens they may
 * return and places the rest; no placement returns fewer; counts and uniqueness by search. */
static bool check_returning(const gopt_tokens_question *q, const gopt_tokens_tile *to, const gopt_tokens_rotation *r,
                            char *why, size_t size) {
    uint64_t pool = owners_may_return(q);
    if (!pool || r->nreturned < 1 || r->nreturned > __builtin_popcountll(pool))
        return gopt_reason(why, size, "rotation %d returns %d tokens, which the question does not allow", r->rotation, r->nreturned);
    if (pool > (uint64_t)0xFFFFF) return true; /* over 20 tokens: not re-searched (every row is still checked) */
    gopt_tokens_question qr;
    unit_set ur;
    uint64_t seen = 0;
    for (long k = 0; k < r->count; k++) {
        const int8_t *row = r->placements + k * q->ntokens;
        uint64_t set = 0;
        for (int t = 0; t < q->ntokens; t++)
            if (row[t] == -1) set |= (uint64_t)1 << t;
        if ((set & ~pool) || __builtin_popcountll(set) != r->nreturned)
            return gopt_reason(why, size, "placement %ld returns tokens the owners may not, or not %d of them", k, r->nreturned);
        seen |= set;
        with_returned(q, set, &qr);
        units_of(&qr, to, r->rotation, &ur);
        if (!check_placement(&qr, &ur, row, k, why, size)) return false;
        if (k == 0 && q->rules == GOPT_TOKENS_RULES_FULL && !q->split && !check_city_map(&qr, &ur, r->city_map, row, why, size))
            return false;
        for (long l = 0; l < k; l++)
            if (memcmp(r->placements + l * q->ntokens, row, (size_t)q->ntokens) == 0)
                return gopt_reason(why, size, "placements %ld and %ld are the same", l, k);
    }
    if (seen != r->may_return) return gopt_reason(why, size, "the tokens the placements return are not the ones reported");
    if (count_returning(q, to, r->rotation, pool, r->nreturned - 1, 1) > 0)
        return gopt_reason(why, size, "rotation %d: returning %d tokens would do", r->rotation, r->nreturned - 1);
    long exact = count_returning(q, to, r->rotation, pool, r->nreturned, r->complete ? r->count + 1 : 2);
    if (exact >= 0 && r->complete && exact != r->count)
        return gopt_reason(why, size, "rotation %d: %ld placements reported, %ld exist", r->rotation, r->count, exact);
    if (exact >= 0 && !r->limited && r->unique != (exact == 1))
        return gopt_reason(why, size, "rotation %d: wrong uniqueness claim", r->rotation);
    return true;
}

static bool check_feasible(const gopt_tokens_question *q, const gopt_tokens_tile *to, const gopt_tokens_rotation *r,
                           unit_set *u, char *why, size_t size) {
    if (r->count < 1 || (q->ntokens > 0 && !r->placements))
        return gopt_reason(why, size, "rotation %d is called feasible without a placement", r->rotation);
    if ((to->rotations && !(to->rotations >> r->rotation & 1)) || hex_rule_forbids(q, to, r->rotation))
        return gopt_reason(why, size, "rotation %d is called feasible, but the game forbids it", r->rotation);
    for (int k = 0; k < to->npaths; k++)
        for (int end = 0; end < 2; end++) {
            int e = end ? to->paths[k].b : to->paths[k].a;
            if (e < GOPT_TOKENS_NODE_END && (q->closed >> ((e + r->rotation) % 6) & 1))
                return gopt_reason(why, size, "rotation %d is called feasible, but its track crosses closed side %d", r->rotation,
                                   (e + r->rotation) % 6);
        }
    if (port_off_spike(q, to, r->rotation))
        return gopt_reason(why, size, "rotation %d is called feasible, but the port follows no long spike", r->rotation);
    if (stub_unmet(q, to, r->rotation))
        return gopt_reason(why, size, "rotation %d is called feasible, but a stub of the old tile meets no track", r->rotation);
    if (partition_broken(q, to, r->rotation))
        return gopt_reason(why, size, "rotation %d is called feasible, but its track crosses the hex's partition", r->rotation);
    if (neighbour_gauge_broken(q, to, r->rotation))
        return gopt_reason(why, size, "rotation %d is called feasible, but its track meets a neighbour's of another gauge", r->rotation);
    if (u->touch && exit_lost(q, u))
        return gopt_reason(why, size, "rotation %d is called feasible, but an old city's edge reaches no new city", r->rotation);
    if (q->rules == GOPT_TOKENS_RULES_FULL) {
        const char *broken = port_lay(q, to) ? NULL : broken_tile_rule(q, to, r->rotation);
        if (broken) return gopt_reason(why, size, "rotation %d is called feasible, but %s", r->rotation, broken);
    }
    if (r->nreturned) return check_returning(q, to, r, why, size);
    if (q->rules == GOPT_TOKENS_RULES_FULL && !q->split && !check_city_map(q, u, r->city_map, r->placements, why, size))
        return false;
    int n = q->ntokens;
    for (long k = 0; k < r->count; k++) {
        if (n && !check_placement(q, u, r->placements + k * n, k, why, size)) return false;
        for (long l = 0; l < k; l++)
            if (n == 0 || memcmp(r->placements + k * n, r->placements + l * n, (size_t)n) == 0)
                return gopt_reason(why, size, "placements %ld and %ld are the same", l, k);
    }
    if (r->unique && !(r->complete && r->count == 1)) return gopt_reason(why, size, "uniqueness claimed without proof");
    if (!r->unique && !r->limited && r->count == 1 && !r->complete) return gopt_reason(why, size, "uniqueness left open");
    long want = r->complete ? r->count + 1 : 2;
    u->budget = CHECK_NODE_BUDGET;
    long exact = want <= CHECK_COUNT_LIMIT ? search(u, 0, want) : -1;
    if (exact >= 0 && r->complete && exact != r->count)
        return gopt_reason(why, size, "rotation %d: %ld placements reported, %ld exist", r->rotation, r->count, exact);
    if (exact >= 0 && !r->limited && r->unique != (exact == 1))
        return gopt_reason(why, size, "rotation %d: wrong uniqueness claim", r->rotation);
    return true;
}

/* A Hall set: the units in `units` (tokens under tokens rules, else old cities, every unit
 * of them) fit only in `cities`, which have fewer slots than they need. */
static bool check_hall(const unit_set *u, bool by_city, uint64_t units, uint32_t cities, char *why, size_t size) {
    int demand = 0, slots = 0;
    for (int i = 0; i < u->n; i++) {
        if (u->ghost[i] || !((by_city ? (uint64_t)u->city[i] : (uint64_t)i) < 64 && (units >> (by_city ? u->city[i] : i) & 1))) continue;
        demand += u->size[i];
        for (int j = 0; j < u->ncities; j++)
            if (fits(u, i, j) && !(cities >> j & 1)) return gopt_reason(why, size, "a competing unit also fits city %d", j);
    }
    for (int j = 0; j < u->ncities; j++)
        if (cities >> j & 1) slots += u->room[j];
    if (demand <= slots) return gopt_reason(why, size, "the competing units need %d slots and have %d", demand, slots);
    return true;
}

static bool check_infeasible(const gopt_tokens_question *q, const gopt_tokens_tile *to, const gopt_tokens_rotation *r,
                             unit_set *u, char *why, size_t size) {
    bool tokens_rules = q->rules == GOPT_TOKENS_RULES_TOKENS;
    switch (r->verdict) {
    case GOPT_TOKENS_UNKNOWN:
        return true; /* nothing is claimed */
    case GOPT_TOKENS_SHORT:
        return check_hall(u, !tokens_rules, tokens_rules ? r->why_tokens : r->why_old_cities, r->why_cities, why, size);
    case GOPT_TOKENS_NO_CITY:
        for (int i = 0; i < u->n; i++)
            if (!u->ghost[i] && r->why_old_cities >> u->city[i] & 1)
                for (int j = 0; j < u->ncities; j++)
                    if (fits(u, i, j)) return gopt_reason(why, size, "old city %d does fit new city %d", i, j);
        return r->why_old_cities != 0 || gopt_reason(why, size, "no old city named");
    case GOPT_TOKENS_UNSPLITTABLE:
        return search(u, 0, 1) <= 0 || gopt_reason(why, size, "rotation %d has a placement", r->rotation);
    default:
        break;
    }
    if (r->verdict == GOPT_TOKENS_ROTATION_RULE)
        return (to->rotations && !(to->rotations >> r->rotation & 1)) || hex_rule_forbids(q, to, r->rotation) ||
               gopt_reason(why, size, "the game allows rotation %d", r->rotation);
    if (r->verdict == GOPT_TOKENS_EXIT_LOST)
        return (u->touch && exit_lost(q, u)) || gopt_reason(why, size, "rotation %d keeps every old city's edges", r->rotation);
    if (r->verdict == GOPT_TOKENS_PORT)
        return port_off_spike(q, to, r->rotation) || gopt_reason(why, size, "rotation %d lays the port along a long spike", r->rotation);
    if (r->verdict == GOPT_TOKENS_STUB)
        return stub_unmet(q, to, r->rotation) || gopt_reason(why, size, "rotation %d meets every stub", r->rotation);
    if (r->verdict == GOPT_TOKENS_NEIGHBOUR_GAUGE)
        return neighbour_gauge_broken(q, to, r->rotation) ||
               gopt_reason(why, size, "rotation %d meets the neighbours' track in gauge", r->rotation);
    if (r->verdict == GOPT_TOKENS_PARTITION)
        return partition_broken(q, to, r->rotation) ||
               gopt_reason(why, size, "rotation %d keeps every path on one side of each partition", r->rotation);
    if (r->verdict == GOPT_TOKENS_OFF_MAP) {
        for (int k = 0; k < to->npaths; k++)
            for (int end = 0; end < 2; end++) {
                int e = end ? to->paths[k].b : to->paths[k].a;
                if (e < GOPT_TOKENS_NODE_END && (q->closed >> ((e + r->rotation) % 6) & 1)) return true;
            }
        return gopt_reason(why, size, "rotation %d crosses no closed side", r->rotation);
    }
    if (tokens_rules) return gopt_reason(why, size, "verdict %d is not one of tokens rules", (int)r->verdict);
    const char *broken = port_lay(q, to) ? NULL : broken_tile_rule(q, to, r->rotation);
    if (!broken) return gopt_reason(why, size, "rotation %d breaks no rule of the tile", r->rotation);
    return true;
}

bool gopt_tokens_check(const gopt_tokens_question *q, const gopt_tokens_tile *to, const gopt_tokens_rotation *r,
                       char *why, size_t why_size) {
    unit_set u;
    if (to->shrinks && !q->shrink) { /* the catalogue's rule: answered as with shrink */
        gopt_tokens_question qs = *q;
        qs.shrink = true;
        return gopt_tokens_check(&qs, to, r, why, why_size);
    }
    if (tokens_town_or_city_drops(q, to)) { /* 1880's town tile: the old cities are dropped */
        tokens_town_or_city_view *v = tokens_town_or_city_view_new(q);
        bool ok = gopt_tokens_check(&v->q, to, r, why, why_size);
        free(v);
        return ok;
    }
    if (r->feasible != (r->verdict == GOPT_TOKENS_FEASIBLE)) return gopt_reason(why, why_size, "verdict and feasibility disagree");
    uint64_t pool = owners_may_return(q);
    if (!r->feasible && pool) {
        /* The owners could return every token they may and still not fit: the certificate
         * is about that question (returning fewer fits no better). */
        gopt_tokens_question all;
        with_returned(q, pool, &all);
        units_of(&all, to, r->rotation, &u);
        return check_infeasible(&all, to, r, &u, why, why_size);
    }
    units_of(q, to, r->rotation, &u);
    return r->feasible ? check_feasible(q, to, r, &u, why, why_size) : check_infeasible(q, to, r, &u, why, why_size);
}
