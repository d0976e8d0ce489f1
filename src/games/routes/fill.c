/* Plausible positions on a real board (`routes generate --game 1867`): the game's cities and
 * towns upgraded to the colours of a stage of the game, a share of its plain hexes given
 * track, every tile from the game's manifest with labels and city counts that fit its hex,
 * turned so that its track meets the track around it; then the company's station tokens and
 * other companies' in the cities, some of them full. Benchmarks run on these, and the bundled
 * example states started from them. The same seed gives the same position. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/rng.h"
#include "games/routes/internal.h"

#define MAX_CANDIDATES 256
#define PASSES 4

typedef enum kind { FIXED, CITY, TOWN, PLAIN, EMPTY } kind;

typedef struct filler {
    gopt_routes_state *s;
    gopt_rng rng;
    const gopt_tokens_tile *tiles[MAX_CANDIDATES];
    char names[MAX_CANDIDATES][GOPT_TOKENS_NAME_SIZE];
    int ntiles;
    kind *kinds;
    bool *build;     /* will hold track in the end */
    int *choice;     /* tile index or -1 */
    int stage;
} filler;

static int pick(gopt_rng *r, int n) { return (int)gopt_rng_below(r, (uint32_t)n); }

static bool same_labels(const gopt_tokens_tile *a, const gopt_tokens_tile *b) {
    if (a->nlabels != b->nlabels) return false;
    for (int i = 0; i < a->nlabels; i++)
        if (strcmp(a->labels[i], b->labels[i]) != 0) return false;
    return true;
}

static int colour_rank(gopt_tokens_colour c) {
    switch (c) {
    case GOPT_TOKENS_YELLOW: return 1;
    case GOPT_TOKENS_GREEN: return 2;
    case GOPT_TOKENS_BROWN: return 3;
    case GOPT_TOKENS_GRAY: return 4;
    default: return 0;
    }
}

/* Whether tile k may lie on hex h (as preprinted) at this stage. */
static bool fits(const filler *f, int k, const gopt_routes_hex *h) {
    const gopt_tokens_tile *t = f->tiles[k];
    int rank = colour_rank(t->colour), was = colour_rank(h->colour);
    if (rank <= was && h->tile.npaths) return false; /* an upgrade lies a colour above */
    switch (f->kinds[h - f->s->hexes]) {
    case CITY:
        return t->ncities >= 1 && t->ntowns == 0 && same_labels(t, &h->tile) && rank >= f->stage - 1 && rank <= f->stage + 1;
    case TOWN:
        return t->ncities == 0 && t->ntowns == h->tile.ntowns && t->nlabels == 0 && rank <= f->stage;
    case PLAIN:
        return t->nnodes == 0 && t->npaths > 0 && t->nlabels == 0 && rank <= f->stage;
    default:
        return false;
    }
}

/* Track at side e of hex h as it stands (fixed hexes, laid tiles). */
static bool track_at(const filler *f, int h, int e) {
    const gopt_routes_hex *x = &f->s->hexes[h];
    int k = f->choice[h];
    if (k >= 0) return gopt_tokens_rotate(f->tiles[k]->exits, x->rotation) >> e & 1;
    return gopt_tokens_rotate(x->tile.exits, x->rotation) >> e & 1;
}

static int score(const filler *f, int h, int k, int r) {
    const gopt_routes_state *s = f->s;
    uint8_t exits = gopt_tokens_rotate(f->tiles[k]->exits, r);
    int sc = 0;
    for (int e = 0; e < 6; e++) {
        bool mine = exits >> e & 1;
        int o = gopt_routes_neighbour(s, h, e), facing = (e + 3) % 6;
        bool closed = o < 0 || (s->hexes[h].closed >> e & 1) || (s->hexes[o].closed >> facing & 1);
        if (closed) {
            sc -= mine ? 40 : 0;
            continue;
        }
        bool theirs = f->choice[o] >= 0 || f->kinds[o] == FIXED ? track_at(f, o, facing) : false;
        bool pending = f->choice[o] < 0 && f->build[o] && f->kinds[o] != FIXED;
        if (mine && theirs) sc += 6;
        else if (mine && pending) sc += 2;
        else if (mine) sc -= 3;             /* track that leads nowhere */
        else if (theirs) sc -= 4;           /* a neighbour's track left hanging */
    }
    return sc * 8 + pick((gopt_rng *)&f->rng, 8);
}

static void choose(filler *f, int h) {
    gopt_routes_hex *x = &f->s->hexes[h];
    int best = -1000000, bk = -1, br = 0;
    for (int k = 0; k < f->ntiles; k++) {
        if (!fits(f, k, x)) continue;
        for (int r = 0; r < 6; r++) {
            if (f->tiles[k]->rotations && !(f->tiles[k]->rotations >> r & 1)) continue;
            /* a preprinted hex's exits stay: its upgrade keeps them */
            uint8_t old = gopt_tokens_rotate(x->tile.exits, 0), now = gopt_tokens_rotate(f->tiles[k]->exits, r);
            if (x->tile.npaths && (old & now) != old) continue;
            int sc = score(f, h, k, r);
            if (sc > best) best = sc, bk = k, br = r;
        }
    }
    f->choice[h] = bk;
    if (bk >= 0) x->rotation = br;
}

static void lay(filler *f) {
    gopt_routes_state *s = f->s;
    int *order = gopt_malloc((size_t)s->nhexes * sizeof *order), n = 0;
    for (int pass = 0; pass < PASSES; pass++) {
        n = 0;
        for (int i = 0; i < s->nhexes; i++)
            if (f->build[i] && f->kinds[i] != FIXED) order[n++] = i;
        for (int i = 0; i < n; i++) { /* cities and towns first, then shuffled */
            int j = i + pick(&f->rng, n - i), t = order[i];
            order[i] = order[j], order[j] = t;
        }
        for (int i = 0; i < n; i++) {
            int h = order[i];
            if (pass == 0 && f->kinds[h] == PLAIN) continue;
            choose(f, h);
        }
        if (pass == 0)
            for (int i = 0; i < n; i++)
                if (f->kinds[order[i]] == PLAIN) choose(f, order[i]);
    }
    for (int i = 0; i < s->nhexes; i++) {
        int k = f->choice[i];
        if (k < 0) continue;
        gopt_routes_hex *h = &s->hexes[i];
        h->tile = *f->tiles[k];
        h->colour = f->tiles[k]->colour;
        snprintf(h->tile_name, sizeof h->tile_name, "%s", f->names[k]);
    }
    free(order);
}

static void place_tokens(filler *f, const char *company, int own, double others) {
    gopt_routes_state *s = f->s;
    static const char *const rivals[] = {"B", "C", "D", "E", "F", "G", "H"};
    int cities = 0;
    for (int i = 0; i < s->nhexes; i++) cities += f->choice[i] >= 0 || f->kinds[i] == FIXED ? s->hexes[i].tile.ncities : 0;
    for (int made = 0, tries = 0; made < own && tries < 1000 && cities; tries++) {
        int h = pick(&f->rng, s->nhexes);
        gopt_routes_hex *x = &s->hexes[h];
        if (!x->tile.ncities || (f->choice[h] < 0 && f->kinds[h] != FIXED) || x->ntokens) continue;
        int c = pick(&f->rng, x->tile.ncities);
        x->tokens[x->ntokens].city = c;
        snprintf(x->tokens[x->ntokens++].company, GOPT_ROUTES_NAME_SIZE, "%s", company);
        made++;
    }
    for (int h = 0; h < s->nhexes; h++) {
        gopt_routes_hex *x = &s->hexes[h];
        if (f->choice[h] < 0) continue;
        for (int c = 0; c < x->tile.ncities; c++) {
            int slots = x->tile.nodes[x->tile.city_node[c]].slots, held = 0;
            for (int i = 0; i < x->ntokens; i++) held += x->tokens[i].city == c;
            for (int k = held; k < slots; k++)
                if (pick(&f->rng, 1000) < (int)(others * 1000) && x->ntokens < GOPT_TOKENS_MAX_TOKENS) {
                    x->tokens[x->ntokens].city = c;
                    snprintf(x->tokens[x->ntokens++].company, GOPT_ROUTES_NAME_SIZE, "%s", rivals[(h + k) % 7]);
                }
        }
    }
}

gopt_routes_state *gopt_routes_fill(const gopt_routes_state *board, const gopt_routes_fill_params *p, uint64_t seed,
                                    gopt_error *err) {
    filler f = {.rng = gopt_rng_stream(seed, 1), .stage = p->stage >= 1 && p->stage <= 3 ? p->stage + (p->stage == 3) : 3};
    gopt_routes_state *s = gopt_malloc(sizeof *s);
    *s = *board;
    s->hexes = gopt_malloc((size_t)(board->nhexes ? board->nhexes : 1) * sizeof *s->hexes);
    memcpy(s->hexes, board->hexes, (size_t)board->nhexes * sizeof *s->hexes);
    s->cell = NULL;
    routes_index_hexes(s);
    f.s = s;
    gopt_tokens_catalog *cats[8] = {0};
    for (int c = 0; c < board->ncatalogs; c++) {
        cats[c] = routes_open_catalog(board->catalogs[c], err);
        if (!cats[c]) goto fail;
    }
    for (int m = 0; m < board->nmanifest && f.ntiles < MAX_CANDIDATES; m++)
        for (int c = 0; c < board->ncatalogs; c++) {
            const gopt_tokens_tile *t = gopt_tokens_catalog_find(cats[c], board->manifest[m]);
            if (!t) continue;
            f.tiles[f.ntiles] = t;
            snprintf(f.names[f.ntiles++], GOPT_TOKENS_NAME_SIZE, "%s", board->manifest[m]);
            break;
        }
    if (!f.ntiles) {
        gopt_fail(err, "--game", 0, 0, "the game names no tiles to lay (a `manifest` line in its game file)");
        goto fail;
    }
    f.kinds = gopt_malloc((size_t)s->nhexes * sizeof *f.kinds);
    f.build = gopt_calloc((size_t)s->nhexes, sizeof *f.build);
    f.choice = gopt_malloc((size_t)s->nhexes * sizeof *f.choice);
    for (int i = 0; i < s->nhexes; i++) {
        const gopt_routes_hex *h = &s->hexes[i];
        f.choice[i] = -1;
        gopt_tokens_colour c = h->colour;
        if (c == GOPT_TOKENS_RED || c == GOPT_TOKENS_BLUE || c == GOPT_TOKENS_GRAY) f.kinds[i] = FIXED;
        else if (h->tile.ncities) f.kinds[i] = CITY;
        else if (h->tile.ntowns) f.kinds[i] = TOWN;
        else f.kinds[i] = PLAIN;
        f.build[i] = f.kinds[i] == FIXED || f.kinds[i] == CITY || f.kinds[i] == TOWN ||
                     pick(&f.rng, 1000) < (int)(p->track * 1000);
    }
    lay(&f);
    place_tokens(&f, p->company[0] ? p->company : "A", p->own_tokens > 0 ? p->own_tokens : 3, p->others);
    snprintf(s->company, sizeof s->company, "%s", p->company[0] ? p->company : "A");
    free(f.kinds), free(f.build), free(f.choice);
    for (int c = 0; c < 8; c++) gopt_tokens_catalog_free(cats[c]);
    return s;
fail:
    for (int c = 0; c < 8; c++) gopt_tokens_catalog_free(cats[c]);
    gopt_routes_free(s);
    return NULL;
}
