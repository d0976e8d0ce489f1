/* Full rules about the tile as a whole, beyond where the tokens go:
 *   - (cities may appear: a new city no old city maps to stays empty, as 1888's Beijing);
 *     but a new stop away from every old stop's edges counts as added: no more of them
 *     than the tile adds stops (1860's halts may not jump to a side of their own);
 *   - a town's track is kept at a stop: every old town or halt (1860) with track fits a new town, halt or
 *     city whose edges contain its edges (towns that become cities: 18NY, 1825, 18Neb,
 *     1868 Wyoming's boom towns; a town that joins a city); when the new tile has no town
 *     or halt, the town may instead vanish with its track kept as through track (1856's and
 *     the 1822 family's tiles that remove a small station). A town without track constrains
 *     no rotation (it may become a town, a halt or a city, or vanish: the tile chosen says
 *     which, and a catalogue's upgrade list is where a game limits that choice);
 *   - through track survives: two edges joined without a stop stay joined without a stop.
 *   - gauges: old track at an edge keeps a gauge that carries its trains (narrow under
 *     narrow or dual, broad under broad or dual, dual under dual), as 1873, 18 Ireland and
 *     the other games with narrow gauge say. */
#include "gameopt/bitset.h"
#include "games/tokens/internal.h"

/* Through-track links in map orientation. */
static void map_links(const gopt_tokens_tile *t, int rotation, uint8_t *links) {
    for (int e = 0; e < GOPT_TOKENS_EDGES; e++) links[(e + rotation) % GOPT_TOKENS_EDGES] = gopt_tokens_rotate(t->links[e], rotation);
}

static bool is_stop(gopt_tokens_node_kind k) { return k == GOPT_TOKENS_TOWN || k == GOPT_TOKENS_HALT || k == GOPT_TOKENS_CITY; }

/* The old town or halt (its node) whose track no stop of the new tile keeps (and that may
 * not vanish into through track), or -1. */
static int lost_town(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation) {
    const gopt_tokens_tile *from = q->from;
    bool small_stops = false;
    for (int j = 0; j < to->nnodes; j++) small_stops |= to->nodes[j].kind == GOPT_TOKENS_TOWN || to->nodes[j].kind == GOPT_TOKENS_HALT;
    uint8_t links[GOPT_TOKENS_EDGES];
    map_links(to, rotation, links);
    for (int k = 0; k < from->nnodes; k++) {
        if (from->nodes[k].kind != GOPT_TOKENS_TOWN && from->nodes[k].kind != GOPT_TOKENS_HALT) continue;
        uint8_t need = gopt_tokens_rotate(from->nodes[k].edges, q->from_rotation);
        bool fits = need == 0;
        for (int j = 0; j < to->nnodes && !fits; j++)
            fits = is_stop(to->nodes[j].kind) && (!small_stops || to->nodes[j].kind != GOPT_TOKENS_CITY) &&
                   (need & ~gopt_tokens_rotate(to->nodes[j].edges, rotation)) == 0;
        if (!fits && !small_stops) {
            fits = true; /* vanishing: every two of its edges joined without a stop */
            GOPT_FOR_BITS(a, need) fits = fits && (need & ~(1u << a) & ~links[a]) == 0;
        }
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

/* A new stop that shares no edge with any old stop (cities, towns, halts with track) is an
 * added stop; there may be no more of them than the tile adds stops (the engine's
 * Step::Tracker#legal_tile_rotation?, valid_added_city_count). Returns that node or -1. */
static int appeared_stop(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation) {
    const gopt_tokens_tile *from = q->from;
    int nold = 0, nnew = 0, added = 0, last = -1;
    uint8_t old_edges = 0;
    for (int k = 0; k < from->nnodes; k++)
        if (is_stop(from->nodes[k].kind) && from->nodes[k].edges) {
            nold++;
            old_edges |= gopt_tokens_rotate(from->nodes[k].edges, q->from_rotation);
        }
    for (int j = 0; j < to->nnodes; j++) {
        if (!is_stop(to->nodes[j].kind) || !to->nodes[j].edges) continue;
        nnew++;
        if (!(gopt_tokens_rotate(to->nodes[j].edges, rotation) & old_edges)) added++, last = j;
    }
    return added > (nnew > nold ? nnew - nold : 0) ? last : -1;
}

bool tokens_port_lay(const gopt_tokens_question *q, const gopt_tokens_tile *to) {
    return q->from->port_spikes && to->terminal_only;
}

gopt_tokens_verdict tokens_tile_rules(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation,
                                      gopt_tokens_rotation *r) {
    const gopt_tokens_tile *from = q->from;
    int town = lost_town(q, to, rotation);
    if (town >= 0) {
        r->why_town = town;
        return GOPT_TOKENS_TOWN_LOST;
    }
    if (appeared_stop(q, to, rotation) >= 0) return GOPT_TOKENS_CITY_COUNT;
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
