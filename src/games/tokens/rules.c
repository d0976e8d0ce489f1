/* Full rules about the tile as a whole, beyond where the tokens go:
 *   - (cities may appear: a new city no old city maps to stays empty, as 1888's Beijing);
 *   - towns are kept: every old town with track fits a new town containing its edges, an
 *     old town without track needs some new town, and towns never appear from nothing;
 *   - through track survives: two edges joined without a stop stay joined without a stop.
 *   - gauges: old track at an edge keeps a gauge that carries its trains (narrow under
 *     narrow or dual, broad under broad or dual, dual under dual), as 1873, 18 Ireland and
 *     the other games with narrow gauge say. */
#include "games/tokens/internal.h"

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

/* The first edge (map orientation) whose old track of some gauge finds no new track that
 * carries it, or -1; *old and *new_gauge say which gauge, and what the new tile has there
 * (-1: no track). */
static int lost_gauge(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation, int *old, int *new_gauge) {
    for (int e = 0; e < GOPT_TOKENS_EDGES; e++) {
        uint8_t had = q->from->gauges[(e - q->from_rotation + 12) % 6], has = to->gauges[(e - rotation + 12) % 6];
        if (!has) continue; /* no track at all there: the through-track and city rules speak */
        for (int g = 0; g < 4; g++) {
            if (!(had >> g & 1)) continue;
            bool kept = false;
            for (int h = 0; h < 4 && !kept; h++) kept = (has >> h & 1) && gopt_tokens_gauge_keeps((gopt_tokens_track)g, (gopt_tokens_track)h);
            if (!kept) {
                *old = g;
                *new_gauge = __builtin_ctz(has);
                return e;
            }
        }
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
    int edge = lost_gauge(q, to, rotation, &r->why_gauge, &r->why_gauge_new);
    if (edge >= 0) {
        r->why_edge_a = edge;
        return GOPT_TOKENS_GAUGE;
    }
    return GOPT_TOKENS_FEASIBLE;
}
