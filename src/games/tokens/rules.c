/* Full rules about the tile as a whole, beyond where the tokens go:
 *   - (cities may appear: a new city no old city maps to stays empty, as 1888's Beijing);
 *   - towns are kept: every old town with track fits a new town containing its edges, an
 *     old town without track needs some new town, and towns never appear from nothing;
 *   - through track survives: two edges joined without a stop stay joined without a stop.
 * Track gauges are not compared. */
#include "games/tokens/tokens_internal.h"

/* The old town that no new town can take, or -1. */
static int lost_town(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation) {
    const gopt_tokens_tile *from = q->from;
    for (int k = 0; k < from->ntowns; k++) {
        uint8_t need = gopt_tokens_rotate(from->nodes[from->town_node[k]].edges, q->from_rotation);
        bool fits = false;
        for (int j = 0; j < to->ntowns && !fits; j++)
            fits = (need & ~gopt_tokens_rotate(to->nodes[to->town_node[j]].edges, rotation)) == 0;
        if (!fits) return k;
    }
    return -1;
}

/* Through-track links in map orientation. */
static void map_links(const gopt_tokens_tile *t, int rotation, uint8_t *links) {
    for (int e = 0; e < GOPT_TOKENS_EDGES; e++) links[(e + rotation) % GOPT_TOKENS_EDGES] = gopt_tokens_rotate(t->links[e], rotation);
}

gopt_tokens_verdict tokens_tile_rules(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation,
                                      gopt_tokens_rotation *r) {
    const gopt_tokens_tile *from = q->from;
    if (to->ntowns > from->ntowns) {
        r->why_town = -1;
        return GOPT_TOKENS_TOWN_LOST;
    }
    int town = lost_town(q, to, rotation);
    if (town >= 0) {
        r->why_town = town;
        return GOPT_TOKENS_TOWN_LOST;
    }
    uint8_t old_links[GOPT_TOKENS_EDGES], new_links[GOPT_TOKENS_EDGES];
    map_links(from, q->from_rotation, old_links);
    map_links(to, rotation, new_links);
    for (int a = 0; a < GOPT_TOKENS_EDGES; a++) {
        uint8_t lost = old_links[a] & (uint8_t)~new_links[a];
        if (lost) {
            r->why_edge_a = a;
            r->why_edge_b = __builtin_ctz(lost);
            return GOPT_TOKENS_TRACK_LOST;
        }
    }
    return GOPT_TOKENS_FEASIBLE;
}
