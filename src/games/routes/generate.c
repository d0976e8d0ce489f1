/* Random small states for the property tests (and `routes generate`): a flat map of
 * width x height hexes with random track, towns, cities (some OO, some full of other
 * companies' tokens), off-boards on the border, the company's tokens, one to three trains
 * of every kind, and, with `rules`, random rule options, groups and bonuses. The same seed
 * gives the same state. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/rng.h"
#include "games/routes/internal.h"

static int pick(gopt_rng *r, int n) { return (int)gopt_rng_below(r, (uint32_t)n); }

/* The edges of a mask in random order into e[]; returns how many. */
static int shuffled(gopt_rng *r, uint8_t mask, int *e) {
    int k = 0;
    for (int i = 0; i < 6; i++)
        if (mask >> i & 1) e[k++] = i;
    for (int i = 0; i < k; i++) {
        int j = i + pick(r, k - i), t = e[i];
        e[i] = e[j], e[j] = t;
    }
    return k;
}

/* A tile whose track reaches exactly the edges of `linked` (sides shared with a neighbour
 * that has track there too), so that most maps hold long connected routes. */
static void tile_string(gopt_rng *r, bool border, uint8_t linked, char *buf, size_t size, gopt_tokens_colour *colour) {
    int e[6], k = shuffled(r, linked, e), kind = pick(r, 100);
    size_t n = 0;
    buf[0] = 0;
    *colour = GOPT_TOKENS_GREEN;
    if (k == 0) {
        *colour = GOPT_TOKENS_WHITE;
    } else if (border && kind < 30) {
        int y = 10 * (1 + pick(r, 4)), b = y + 10 * pick(r, 4);
        n += (size_t)snprintf(buf + n, size - n, "offboard=revenue:yellow_%d|brown_%d|diesel_%d", y, b, b + 20);
        for (int i = 0; i < k; i++) n += (size_t)snprintf(buf + n, size - n, ";path=a:%d,b:_0", e[i]);
        *colour = GOPT_TOKENS_RED;
    } else if (kind < 35 || k == 1) {
        n += (size_t)snprintf(buf + n, size - n, "city=revenue:%d,slots:%d", 10 * (1 + pick(r, 6)), 1 + pick(r, 2));
        for (int i = 0; i < k; i++) n += (size_t)snprintf(buf + n, size - n, ";path=a:%d,b:_0", e[i]);
    } else if (kind < 45 && k >= 4) { /* OO: two cities */
        n += (size_t)snprintf(buf + n, size - n, "city=revenue:%d;city=revenue:%d", 10 * (2 + pick(r, 4)), 10 * (2 + pick(r, 4)));
        for (int i = 0; i < k; i++) n += (size_t)snprintf(buf + n, size - n, ";path=a:%d,b:_%d", e[i], i % 2);
    } else if (kind < 57) {
        n += (size_t)snprintf(buf + n, size - n, "town=revenue:%d", 10 * (1 + pick(r, 3)));
        for (int i = 0; i < k; i++) n += (size_t)snprintf(buf + n, size - n, ";path=a:%d,b:_0", e[i]);
    } else if (kind < 62 && k >= 3) {
        n += (size_t)snprintf(buf + n, size - n, "junction");
        for (int i = 0; i < k; i++) n += (size_t)snprintf(buf + n, size - n, ";path=a:%d,b:_0", e[i]);
    } else { /* plain track: paths pairing the edges, a switch (an edge used twice) at times */
        for (int i = 0; i + 1 < k; i += 2)
            n += (size_t)snprintf(buf + n, size - n, "%spath=a:%d,b:%d", i ? ";" : "", e[i], e[i + 1]);
        if (k % 2) n += (size_t)snprintf(buf + n, size - n, "%spath=a:%d,b:%d", k > 1 ? ";" : "", e[k - 1], e[0]);
        if (k >= 3 && pick(r, 3) == 0) n += (size_t)snprintf(buf + n, size - n, ";path=a:%d,b:%d", e[1], e[2]);
        *colour = k > 2 ? GOPT_TOKENS_BROWN : GOPT_TOKENS_YELLOW;
        if (k == 2 && pick(r, 4) == 0) buf[0] = 0, *colour = GOPT_TOKENS_WHITE; /* a gap */
    }
}

static const char *const kinds[] = {"2", "3", "4", "2+1", "3+2", "D", "2E", "3E", "2/4", "3/5", "4H", "6H"};

gopt_routes_state *gopt_routes_generate(const gopt_routes_random *p, uint64_t seed) {
    gopt_rng r = gopt_rng_stream(seed, 0);
    gopt_routes_state *s = gopt_calloc(1, sizeof *s);
    snprintf(s->name, sizeof s->name, "random-%llu", (unsigned long long)seed);
    s->layout = GOPT_ROUTES_FLAT;
    snprintf(s->company, sizeof s->company, "A");
    static const gopt_tokens_colour phases[] = {GOPT_TOKENS_YELLOW, GOPT_TOKENS_GREEN, GOPT_TOKENS_BROWN, GOPT_TOKENS_GRAY};
    s->phase_colour = phases[pick(&r, 4)];
    snprintf(s->phase, sizeof s->phase, "%s", gopt_tokens_colour_name(s->phase_colour));
    int W = p->width > 0 ? p->width : 4, H = p->height > 0 ? p->height : 3;
    s->hexes = gopt_calloc((size_t)(W * H), sizeof *s->hexes);
    for (int x = 0; x < W && x < 26; x++)
        for (int k = 0; k < H; k++) {
            gopt_routes_hex *h = &s->hexes[s->nhexes++];
            int y = x % 2 + 2 * k;
            snprintf(h->coord, sizeof h->coord, "%c%d", 'A' + x, y + 1);
            h->x = x, h->y = y;
        }
    routes_index_hexes(s);
    /* sides with track on both hexes: most of them */
    uint8_t *linked = gopt_calloc((size_t)s->nhexes, sizeof *linked);
    for (int i = 0; i < s->nhexes; i++)
        for (int e = 0; e < 3; e++) {
            int o = gopt_routes_neighbour(s, i, e);
            if (o >= 0 && pick(&r, 100) < 62) linked[i] |= (uint8_t)(1u << e), linked[o] |= (uint8_t)(1u << ((e + 3) % 6));
        }
    for (int i = 0; i < s->nhexes; i++) {
        gopt_routes_hex *h = &s->hexes[i];
        bool border = false;
        for (int e = 0; e < 6; e++) border |= gopt_routes_neighbour(s, i, e) < 0;
        char code[512];
        tile_string(&r, border, linked[i], code, sizeof code, &h->colour);
        gopt_error err = {0};
        if (code[0] && !gopt_tokens_tile_parse(&h->tile, code, "random", &err)) memset(&h->tile, 0, sizeof h->tile);
    }
    free(linked);
    routes_index_hexes(s);
    /* tokens: the company in one or two cities, others filling some */
    int cities = 0;
    for (int i = 0; i < s->nhexes; i++) cities += s->hexes[i].tile.ncities;
    int mine = 0;
    for (int i = 0; i < s->nhexes; i++) {
        gopt_routes_hex *h = &s->hexes[i];
        for (int c = 0; c < h->tile.ncities; c++) {
            int slots = h->tile.nodes[h->tile.city_node[c]].slots, roll = pick(&r, 100);
            bool own = (mine == 0 && roll < 100 * 2 / (cities > 0 ? cities : 1) + 15) || (mine == 1 && roll < 12);
            if (own) {
                h->tokens[h->ntokens].city = c;
                snprintf(h->tokens[h->ntokens++].company, GOPT_ROUTES_NAME_SIZE, "A");
                mine++;
            }
            if (roll >= 70) /* others: fill the remaining slots (a blocked city) or some of them */
                for (int k = own ? 1 : 0; k < slots && (roll >= 82 || k == 0); k++) {
                    h->tokens[h->ntokens].city = c;
                    snprintf(h->tokens[h->ntokens++].company, GOPT_ROUTES_NAME_SIZE, "%c", 'B' + k);
                }
        }
    }
    /* trains */
    s->ntrains = 1 + pick(&r, p->max_trains > 0 ? p->max_trains : 3);
    for (int t = 0; t < s->ntrains; t++) {
        gopt_error err = {0};
        gopt_routes_train_parse(NULL, kinds[pick(&r, (int)(sizeof kinds / sizeof kinds[0]))], "random", &s->trains[t], &err);
        size_t len = strlen(s->trains[t].name);
        if (pick(&r, 6) == 0) { /* a double train, named apart */
            s->trains[t].multiplier = 2;
            snprintf(s->trains[t].name + len, sizeof s->trains[t].name - len, "x2");
            len += 2;
        }
        if (pick(&r, 8) == 0) {
            s->trains[t].first = GOPT_ROUTES_CLASS_BIT(GOPT_ROUTES_OFFBOARD);
            snprintf(s->trains[t].name + len, sizeof s->trains[t].name - len, "o");
        }
    }
    if (p->rules) {
        for (int k = 0; gopt_routes_rule_names[k]; k++)
            if (pick(&r, 4) == 0) s->rules |= 1u << k;
        if (pick(&r, 3) == 0 && s->nhexes >= 2) { /* a group of two hexes */
            gopt_routes_group *g = &s->groups[s->ngroups++];
            snprintf(g->name, sizeof g->name, "G");
            g->hex[0] = pick(&r, s->nhexes);
            g->hex[1] = (g->hex[0] + 1 + pick(&r, s->nhexes - 1)) % s->nhexes;
            g->n = 2;
        }
        int nb = pick(&r, 3);
        for (int b = 0; b < nb; b++) {
            gopt_routes_bonus *bo = &s->bonuses[s->nbonuses++];
            snprintf(bo->name, sizeof bo->name, "bonus%d", b + 1);
            bo->kind = pick(&r, 4) == 0 ? GOPT_ROUTES_BONUS_EACH : GOPT_ROUTES_BONUS_ALL;
            bo->amount = 10 * (1 + pick(&r, 5));
            bo->multiplied = pick(&r, 2);
            bo->once = bo->kind == GOPT_ROUTES_BONUS_ALL && pick(&r, 2);
            bo->nsets = bo->kind == GOPT_ROUTES_BONUS_EACH ? 1 : 1 + pick(&r, 2);
            for (int j = 0; j < bo->nsets; j++) {
                int k = 1 + pick(&r, 2);
                for (int i = 0; i < k; i++) {
                    int hex = pick(&r, s->nhexes), value = pick(&r, 2) ? 10 * pick(&r, 4) : 0;
                    bool twice = false;
                    for (int m = 0; m < bo->sets[j].n; m++) twice |= bo->sets[j].hex[m] == hex;
                    if (twice) continue;
                    bo->sets[j].hex[bo->sets[j].n] = hex;
                    bo->sets[j].value[bo->sets[j].n++] = value;
                }
            }
        }
    }
    return s;
}
