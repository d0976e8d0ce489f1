/* The map state's model: hex coordinates and neighbours, tile paths as they lie, stops and
 * their revenues in a phase, and station tokens. Shared by the methods and the checker.
 *
 * Coordinates follow the 18xx.games convention. Flat-topped maps (1867, 1889): letters are
 * columns, numbers rows, and a column's hexes are two rows apart. Pointy-topped maps (1830,
 * 1846): letters are rows, numbers columns, two apart within a row. Both become doubled
 * coordinates (x, y) in which the neighbour beyond side e is a fixed step. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "games/routes/internal.h"

const char *const gopt_routes_rule_names[] = {"hex-once", "any-token", "towns-free", "no-block", NULL};

/* Steps (dx, dy) to the neighbour beyond side 0..5. */
static const int flat_step[6][2] = {{0, 2}, {-1, 1}, {-1, -1}, {0, -2}, {1, -1}, {1, 1}};
static const int pointy_step[6][2] = {{-1, 1}, {-2, 0}, {-1, -1}, {1, -1}, {2, 0}, {1, 1}};

bool routes_coord_xy(const char *coord, gopt_routes_layout layout, int *x, int *y) {
    int letter = 0, letters = 0;
    const char *s = coord;
    while (isupper((unsigned char)*s)) {
        if (++letters > 2) return false;
        letter = letter * 26 + (*s++ - 'A' + 1);
    }
    if (!letters || !isdigit((unsigned char)*s)) return false;
    int number = 0, digits = 0;
    while (isdigit((unsigned char)*s)) {
        if (++digits > 3) return false;
        number = number * 10 + (*s++ - '0');
    }
    if (*s || number < 1) return false;
    letter -= 1;
    if (layout == GOPT_ROUTES_FLAT) *x = letter, *y = number - 1;
    else *x = number - 1, *y = letter;
    return true;
}

void routes_index_hexes(gopt_routes_state *s) {
    free(s->cell);
    s->cell = NULL;
    s->cell_w = s->cell_h = 0;
    if (s->nhexes == 0) return;
    int x0 = s->hexes[0].x, x1 = x0, y0 = s->hexes[0].y, y1 = y0;
    for (int i = 1; i < s->nhexes; i++) {
        const gopt_routes_hex *h = &s->hexes[i];
        if (h->x < x0) x0 = h->x;
        if (h->x > x1) x1 = h->x;
        if (h->y < y0) y0 = h->y;
        if (h->y > y1) y1 = h->y;
    }
    s->cell_x0 = x0, s->cell_y0 = y0, s->cell_w = x1 - x0 + 1, s->cell_h = y1 - y0 + 1;
    s->cell = gopt_malloc((size_t)s->cell_w * (size_t)s->cell_h * sizeof *s->cell);
    for (int i = 0; i < s->cell_w * s->cell_h; i++) s->cell[i] = -1;
    for (int i = 0; i < s->nhexes; i++)
        s->cell[(s->hexes[i].y - y0) * s->cell_w + (s->hexes[i].x - x0)] = i;
}

static int hex_at(const gopt_routes_state *s, int x, int y) {
    x -= s->cell_x0, y -= s->cell_y0;
    if (!s->cell || x < 0 || y < 0 || x >= s->cell_w || y >= s->cell_h) return -1;
    return s->cell[y * s->cell_w + x];
}

int gopt_routes_hex_find(const gopt_routes_state *s, const char *coord) {
    int x, y;
    return routes_coord_xy(coord, s->layout, &x, &y) ? hex_at(s, x, y) : -1;
}

int gopt_routes_neighbour(const gopt_routes_state *s, int h, int edge) {
    const int(*step)[2] = s->layout == GOPT_ROUTES_FLAT ? flat_step : pointy_step;
    return hex_at(s, s->hexes[h].x + step[edge][0], s->hexes[h].y + step[edge][1]);
}

int gopt_routes_path_end(const gopt_routes_hex *h, int path, int end) {
    const gopt_tokens_path *p = &h->tile.paths[path];
    int e = end == 0 ? p->a : p->b;
    return e < GOPT_TOKENS_NODE_END ? (e + h->rotation) % 6 : e;
}

bool gopt_routes_is_stop(const gopt_routes_hex *h, int node, gopt_routes_class *cls) {
    gopt_routes_class c;
    switch (h->tile.nodes[node].kind) {
    case GOPT_TOKENS_CITY:
    case GOPT_TOKENS_PASS: c = GOPT_ROUTES_CITY; break;
    case GOPT_TOKENS_TOWN:
    case GOPT_TOKENS_HALT: c = GOPT_ROUTES_TOWN; break;
    case GOPT_TOKENS_OFFBOARD: c = GOPT_ROUTES_OFFBOARD; break;
    default: return false;
    }
    if (cls) *cls = c;
    return true;
}

/* Colours in phase order: a value given for the current colour or the newest one before it
 * applies (as 18xx.games reads `yellow_20|green_30|brown_40`). */
static int phase_rank(const char *word, size_t n) {
    static const char *const order[] = {"yellow", "green", "brown", "gray", "grey"};
    for (int k = 0; k < 5; k++)
        if (strlen(order[k]) == n && memcmp(order[k], word, n) == 0) return k < 4 ? k : 3;
    return -1;
}

static int colour_rank(gopt_tokens_colour c) {
    switch (c) {
    case GOPT_TOKENS_YELLOW: return 0;
    case GOPT_TOKENS_GREEN: return 1;
    case GOPT_TOKENS_BROWN: return 2;
    case GOPT_TOKENS_GRAY: return 3;
    default: return 0;
    }
}

int routes_revenue_text(const char *text, gopt_tokens_colour phase, bool diesel) {
    if (!strchr(text, '_')) return atoi(text);
    int want = colour_rank(phase), best_rank = -1, best = 0, diesel_value = -1;
    for (const char *p = text; *p;) {
        const char *bar = strchr(p, '|');
        size_t n = bar ? (size_t)(bar - p) : strlen(p);
        const char *under = memchr(p, '_', n);
        if (under) {
            size_t wlen = (size_t)(under - p);
            int value = atoi(under + 1);
            if (wlen == 6 && memcmp(p, "diesel", 6) == 0) diesel_value = value;
            int rank = phase_rank(p, wlen);
            if (rank >= 0 && rank <= want && rank > best_rank) best_rank = rank, best = value;
        }
        p += n;
        if (*p == '|') p++;
    }
    return diesel && diesel_value >= 0 ? diesel_value : best;
}

int gopt_routes_node_revenue(const gopt_routes_state *s, const gopt_routes_hex *h, int node, const gopt_routes_train *t) {
    return routes_revenue_text(h->tile.nodes[node].revenue, s->phase_colour, t && t->diesel);
}

int gopt_routes_node_city(const gopt_routes_hex *h, int node) {
    for (int c = 0; c < h->tile.ncities; c++)
        if (h->tile.city_node[c] == node) return c;
    return -1;
}

bool gopt_routes_city_tokened(const gopt_routes_state *s, const gopt_routes_hex *h, int node) {
    int city = gopt_routes_node_city(h, node);
    if (city < 0) return false;
    for (int i = 0; i < h->ntokens; i++)
        if (h->tokens[i].city == city && strcmp(h->tokens[i].company, s->company) == 0) return true;
    return false;
}

static bool neutral(const gopt_routes_state *s, const char *company) {
    for (int i = 0; i < s->nneutral; i++)
        if (strcmp(s->neutral[i], company) == 0) return true;
    return false;
}

/* Every slot holds a token, none of them the company's or neutral (18xx.games' City#blocks?). */
bool gopt_routes_city_blocked(const gopt_routes_state *s, const gopt_routes_hex *h, int node) {
    if (s->rules & GOPT_ROUTES_RULE_NO_BLOCK) return false;
    int city = gopt_routes_node_city(h, node);
    if (city < 0) return false;
    int held = 0;
    for (int i = 0; i < h->ntokens; i++) {
        if (h->tokens[i].city != city) continue;
        if (strcmp(h->tokens[i].company, s->company) == 0 || neutral(s, h->tokens[i].company)) return false;
        held++;
    }
    return held >= h->tile.nodes[node].slots;
}

int routes_hex_group(const gopt_routes_state *s, int hex) {
    for (int g = 0; g < s->ngroups; g++)
        for (int k = 0; k < s->groups[g].n; k++)
            if (s->groups[g].hex[k] == hex) return g;
    return -1;
}

gopt_routes_train routes_effective_train(const gopt_routes_state *s, int t) {
    gopt_routes_train tr = s->trains[t];
    if (s->rules & GOPT_ROUTES_RULE_TOWNS_FREE) tr.towns_free = true;
    if (tr.multiplier < 1) tr.multiplier = 1;
    return tr;
}

const char *gopt_routes_stop_label(const gopt_routes_state *s, int hex, int node, char *buf, size_t size) {
    const gopt_routes_hex *h = &s->hexes[hex];
    int stops = 0, index = 0;
    for (int k = 0; k < h->tile.nnodes; k++)
        if (gopt_routes_is_stop(h, k, NULL)) {
            if (k == node) index = stops;
            stops++;
        }
    if (stops > 1) snprintf(buf, size, "%s.%d", h->coord, index);
    else snprintf(buf, size, "%s", h->coord);
    return buf;
}
