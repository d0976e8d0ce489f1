/* Where the game, not the owner, puts an old city's tokens (issue 32 item 6).
 *
 * The online engine (lib/engine/hex.rb, Hex#lay and Hex#city_map_for) moves every old city's
 * tokens and reservations to one new city with no one asked: the first new city (lowest
 * index) whose exits contain the old city's; an old tile whose cities have no track at all
 * (a white hex, e.g. 1830's Erie home E11 or 1856's OO hexes, tokened before any track)
 * maps city i to new city i; an old city without track on a tile with some track keeps its
 * index when that new city is not taken, else the first new city not taken. "first" is the
 * first rule alone (every old city to the lowest-index new city holding its edges: city 0
 * for one without track); "index" is the engine's whole rule. */
#include <string.h>

#include "games/tokens/internal.h"

void gopt_tokens_game_city_map(const gopt_tokens_tile *from, int from_rotation, const gopt_tokens_tile *to, int rotation,
                               gopt_tokens_placer p, int8_t *map) {
    memset(map, -1, GOPT_TOKENS_MAX_CITIES);
    bool blank = true;
    for (int c = 0; c < from->ncities; c++) blank = blank && gopt_tokens_city_edges(from, c, from_rotation) == 0;
    if (p == GOPT_TOKENS_PLACER_INDEX && blank && from->ncities == to->ncities) {
        for (int c = 0; c < from->ncities; c++) map[c] = (int8_t)c;
        return;
    }
    uint32_t taken = 0;
    for (int c = 0; c < from->ncities; c++) {
        uint8_t need = gopt_tokens_city_edges(from, c, from_rotation);
        if (p == GOPT_TOKENS_PLACER_INDEX && !need) continue; /* placed below, after the cities with track */
        for (int j = 0; j < to->ncities && map[c] < 0; j++)
            if ((need & ~gopt_tokens_city_edges(to, j, rotation)) == 0) map[c] = (int8_t)j;
        if (map[c] >= 0) taken |= 1u << map[c];
    }
    if (p != GOPT_TOKENS_PLACER_INDEX) return;
    for (int c = 0; c < from->ncities; c++) {
        if (gopt_tokens_city_edges(from, c, from_rotation)) continue;
        int j = c < to->ncities && !(taken >> c & 1) ? c : -1;
        for (int k = 0; k < to->ncities && j < 0; k++)
            if (!(taken >> k & 1)) j = k;
        if (j < 0) continue;
        map[c] = (int8_t)j;
        taken |= 1u << j;
    }
}
