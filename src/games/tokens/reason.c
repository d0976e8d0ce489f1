/* One sentence on why a rotation is infeasible, from the certificate the solver kept: the
 * Hall set read off the minimum cut, a lost town or track, or a count. */
#include <stdio.h>
#include <string.h>

#include "gameopt/tokens.h"

/* "A", "A and B", "A, B and C" over the set bits of `set`, naming each with name(i). */
typedef const char *(*namer)(const gopt_tokens_question *q, int i, char *buf, size_t size);

static size_t list(char *buf, size_t size, const gopt_tokens_question *q, uint64_t set, namer name) {
    int total = __builtin_popcountll(set), k = 0;
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < 64 && n < size; i++) {
        if (!(set >> i & 1)) continue;
        char one[64];
        const char *sep = k == 0 ? "" : k == total - 1 ? " and " : ", ";
        n += (size_t)snprintf(buf + n, size - n, "%s%s", sep, name(q, i, one, sizeof one));
        k++;
    }
    return n;
}

static const char *token_name(const gopt_tokens_question *q, int i, char *buf, size_t size) {
    return gopt_tokens_token_key(q, i, buf, size);
}

static const char *number(const gopt_tokens_question *q, int i, char *buf, size_t size) {
    (void)q;
    snprintf(buf, size, "%d", i);
    return buf;
}

static const char *plural(int n, const char *one, const char *many) { return n == 1 ? one : many; }

static void short_reason(const gopt_tokens_question *q, const gopt_tokens_rotation *r, char *buf, size_t size) {
    char who[512], cities[128];
    bool tokens_rules = q->rules == GOPT_TOKENS_RULES_TOKENS;
    uint64_t items = tokens_rules ? r->why_tokens : r->why_old_cities;
    int nitems = __builtin_popcountll(items), ncities = __builtin_popcountll(r->why_cities);
    size_t n = tokens_rules ? 0 : (size_t)snprintf(who, sizeof who, "old %s ", plural(nitems, "city", "cities"));
    list(who + n, sizeof who - n, q, items, tokens_rules ? token_name : number);
    if (!tokens_rules && r->why_tokens) {
        char names[256];
        list(names, sizeof names, q, r->why_tokens, token_name);
        n = strlen(who);
        snprintf(who + n, sizeof who - n, " (with %s)", names);
    }
    if (ncities == 0) {
        snprintf(buf, size, "%s %s no city of the new tile", who, plural(nitems, "fits", "fit"));
        return;
    }
    list(cities, sizeof cities, q, r->why_cities, number);
    snprintf(buf, size, "%s %s %d %s but %s only %s %s with %d %s", who, plural(nitems, "needs", "need"), r->why_demand,
             plural(r->why_demand, "slot", "slots"), plural(nitems, "fits", "fit"), plural(ncities, "city", "cities"),
             cities, r->why_slots, plural(r->why_slots, "slot", "slots"));
}

const char *gopt_tokens_reason(const gopt_tokens_question *q, const gopt_tokens_tile *to, const gopt_tokens_rotation *r,
                               char *buf, size_t size) {
    char edges[32], names[128];
    const gopt_tokens_tile *from = q->from;
    switch (r->verdict) {
    case GOPT_TOKENS_FEASIBLE:
        snprintf(buf, size, "feasible");
        break;
    case GOPT_TOKENS_SHORT:
        short_reason(q, r, buf, size);
        break;
    case GOPT_TOKENS_NO_CITY:
        list(names, sizeof names, q, r->why_old_cities, number);
        snprintf(buf, size, "old city %s (edges %s) fits no city of the new tile", names,
                 gopt_tokens_edges_text(r->why_old_cities ? gopt_tokens_city_edges(from, __builtin_ctz(r->why_old_cities),
                                                                                     q->from_rotation)
                                                          : 0,
                                        edges, sizeof edges));
        break;
    case GOPT_TOKENS_UNSPLITTABLE:
        list(names, sizeof names, q, r->why_old_cities, number);
        snprintf(buf, size, "the slots would suffice only if old %s %s were split between new cities",
                 plural(__builtin_popcount(r->why_old_cities), "city", "cities"), names);
        break;
    case GOPT_TOKENS_CITY_COUNT:
        snprintf(buf, size, "a stop of the new tile would sit on sides no old stop's track reaches, but the tile "
                            "adds no stop there (a new stop may appear only as an added one)");
        break;
    case GOPT_TOKENS_TOWN_LOST:
        snprintf(buf, size, "the old %s at edges %s keeps its track at no stop of the new tile",
                 r->why_town >= 0 && from->nodes[r->why_town].kind == GOPT_TOKENS_HALT ? "halt" : "town",
                 gopt_tokens_edges_text(r->why_town >= 0 ? gopt_tokens_rotate(from->nodes[r->why_town].edges, q->from_rotation) : 0,
                                        edges, sizeof edges));
        break;
    case GOPT_TOKENS_UNKNOWN:
        snprintf(buf, size, "undecided: the search gave up after %ld max-flow %s", r->flows, r->flows == 1 ? "run" : "runs");
        break;
    case GOPT_TOKENS_OFF_MAP:
        snprintf(buf, size, "track would leave the hex through side %d, which leads nowhere (off the map or blocked)", r->why_edge_a);
        break;
    case GOPT_TOKENS_ROTATION_RULE: {
        char rots[32];
        if (!to->rotations || (to->rotations >> r->rotation & 1)) { /* the map's rule for the hex */
            uint8_t allowed = gopt_tokens_hex_allowed(q, to);
            list(rots, sizeof rots, q, allowed, number);
            snprintf(buf, size, "the map lets %s lie on this hex only at rotation%s %s",
                     to->name[0] ? to->name : "this tile", __builtin_popcount(allowed) == 1 ? "" : "s", allowed ? rots : "none");
            break;
        }
        list(rots, sizeof rots, q, to->rotations, number);
        snprintf(buf, size, "the game lays %s only at rotation%s %s", to->name[0] ? to->name : "this tile",
                 __builtin_popcount(to->rotations) == 1 ? "" : "s", rots);
        break;
    }
    case GOPT_TOKENS_EXIT_LOST:
        snprintf(buf, size, "old city %d's track at edge %d would reach no city of the new tile",
                 r->why_old_cities ? __builtin_ctz(r->why_old_cities) : -1, r->why_edge_a);
        break;
    case GOPT_TOKENS_PORT:
        snprintf(buf, size, "the port's track at side %d follows none of the hex's long spikes", r->why_edge_a);
        break;
    case GOPT_TOKENS_PARTITION:
        if (r->why_edge_b >= 0)
            snprintf(buf, size, "the track between sides %d and %d would cross the hex's partition (a river the game "
                     "forbids crossing)", r->why_edge_a, r->why_edge_b);
        else
            snprintf(buf, size, "the track at side %d would lie on the closed side of the hex's partition", r->why_edge_a);
        break;
    case GOPT_TOKENS_NEIGHBOUR_GAUGE:
        snprintf(buf, size, "its %s track at side %d would meet the neighbour's %s track, which no train shares%s",
                 gopt_tokens_track_name(r->why_gauge_new), r->why_edge_a, gopt_tokens_track_name(r->why_gauge),
                 q->neighbour_meet_one ? " (nor does its track meet any other neighbour's in gauge)" : "");
        break;
    case GOPT_TOKENS_STUB:
        snprintf(buf, size, "the map's track stub at side %d would meet no track of the new tile", r->why_edge_a);
        break;
    case GOPT_TOKENS_GAUGE:
        if (r->why_gauge_new < 0)
            snprintf(buf, size, "the %s-gauge track at edge %d would be lost", gopt_tokens_track_name(r->why_gauge), r->why_edge_a);
        else
            snprintf(buf, size, "%s gauge at edge %d would replace %s-gauge track (%s track survives only under %s or dual)",
                     gopt_tokens_track_name(r->why_gauge_new), r->why_edge_a, gopt_tokens_track_name(r->why_gauge),
                     gopt_tokens_track_name(r->why_gauge), gopt_tokens_track_name(r->why_gauge));
        break;
    case GOPT_TOKENS_TRACK_LOST:
        snprintf(buf, size, "the track between edges %d and %d would be lost", r->why_edge_a, r->why_edge_b);
        break;
    }
    return buf;
}
