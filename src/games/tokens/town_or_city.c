/* Town-or-city hexes (1880, 1880 Romania): the map prints a white hex with a town and a city
 * (`town=revenue:0;city=revenue:0`, two of each on some hexes), and the first tile laid there
 * decides which it becomes. The online engine's rule (G1880::Game#upgrades_to_correct_city_town?,
 * lib/engine/game/g_1880/game.rb): from a tile with both cities and towns, the new tile keeps
 * either as many cities or as many towns. A town tile drops the printed cities; the town tile's
 * own track rules (an old town's track stays at a new town) are unchanged, and a city tile
 * already lets a trackless town vanish. We answer it by asking the question again about the old
 * tile without its cities, and only when they hold nothing the new tile could lose: no track,
 * no token, reservation or extra token (a white 1880 hex holds none). A tile with some cities
 * but fewer than the old (never on 1880's maps) keeps the ordinary rule. */
#include <stdlib.h>

#include "gameopt/alloc.h"
#include "games/tokens/internal.h"

bool tokens_town_or_city_drops(const gopt_tokens_question *q, const gopt_tokens_tile *to) {
    const gopt_tokens_tile *from = q->from;
    if (!q->town_or_city || from->ncities == 0 || from->ntowns == 0) return false;
    if (to->ncities != 0 || to->ntowns != from->ntowns || q->ntokens != 0) return false;
    for (int c = 0; c < from->ncities; c++)
        if (gopt_tokens_city_edges(from, c, 0) || from->nodes[from->city_node[c]].reservation[0]) return false;
    return true;
}

tokens_town_or_city_view *tokens_town_or_city_view_new(const gopt_tokens_question *q) {
    tokens_town_or_city_view *v = gopt_calloc(1, sizeof *v);
    v->from = *q->from;
    v->from.ncities = 0;
    v->q = *q;
    v->q.from = &v->from;
    return v;
}
