/* Finding a tile from what a user writes: `GAME:NAME` (a bundled or file catalogue), a name
 * in a given catalogue, or an inline tile string; any of them may end in `@ROT`. The
 * catalogues opened on the way stay in the library until it is freed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gameopt/alloc.h"
#include "gameopt/game.h"
#include "gameopt/tokens.h"

#define LIBRARY_MAX 16

struct gopt_tokens_library {
    int ncatalogs;
    gopt_tokens_catalog *catalogs[LIBRARY_MAX];
    int ninline;
    gopt_tokens_tile *inline_tiles[LIBRARY_MAX];
};

gopt_tokens_library *gopt_tokens_library_new(void) { return gopt_calloc(1, sizeof(gopt_tokens_library)); }

void gopt_tokens_library_free(gopt_tokens_library *l) {
    if (!l) return;
    for (int i = 0; i < l->ncatalogs; i++) gopt_tokens_catalog_free(l->catalogs[i]);
    for (int i = 0; i < l->ninline; i++) free(l->inline_tiles[i]);
    free(l);
}

gopt_tokens_catalog *gopt_tokens_library_catalog(gopt_tokens_library *l, const char *game_or_path, gopt_error *err) {
    for (int i = 0; i < l->ncatalogs; i++)
        if (strcmp(gopt_tokens_catalog_name(l->catalogs[i]), game_or_path) == 0) return l->catalogs[i];
    if (l->ncatalogs == LIBRARY_MAX) {
        gopt_fail(err, game_or_path, 0, 0, "more than %d catalogues", LIBRARY_MAX);
        return NULL;
    }
    gopt_tokens_catalog *c = gopt_tokens_catalog_open(game_or_path, err);
    if (c) l->catalogs[l->ncatalogs++] = c;
    return c;
}

/* What a game's name is made of (`1867`, `18Chesapeake`, `1822CA`). */
#define GAME_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"

/* Splits a trailing `@ROT`; -1 when there is none, -2 when it is malformed. */
static int split_rotation(const char *spec, size_t *len) {
    const char *at = strrchr(spec, '@');
    *len = strlen(spec);
    if (!at) return -1;
    *len = (size_t)(at - spec);
    if (at[1] >= '0' && at[1] <= '5' && at[2] == 0) return at[1] - '0';
    return -2;
}

static const gopt_tokens_tile *in_catalog(const gopt_tokens_catalog *c, const char *name, const char *where,
                                          gopt_error *err) {
    const gopt_tokens_tile *t = gopt_tokens_catalog_find(c, name);
    if (t) return t;
    char names[512];
    size_t n = 0;
    names[0] = 0;
    for (int i = 0; i < gopt_tokens_catalog_size(c) && n < sizeof names; i++)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? " " : "", gopt_tokens_catalog_tile(c, i)->name);
    gopt_fail(err, where, 0, 0, "catalogue %s has no tile '%s' (tiles: %s)", gopt_tokens_catalog_name(c), name, names);
    return NULL;
}

const gopt_tokens_tile *gopt_tokens_lookup(gopt_tokens_library *l, const char *spec, const char *where,
                                           const gopt_tokens_catalog *catalog, gopt_tokens_colour inline_colour,
                                           int *rotation, const gopt_tokens_catalog **found_in, gopt_error *err) {
    size_t len;
    int r = split_rotation(spec, &len);
    if (found_in) *found_in = NULL;
    if (r == -2 || (r >= 0 && !rotation)) {
        gopt_fail(err, where, 1, (int)len + 1, rotation ? "a rotation after '@' is 0..5" : "no rotation here (every rotation is tried)");
        return NULL;
    }
    if (rotation) *rotation = r < 0 ? 0 : r;
    char *body = gopt_strndup(spec, len);
    const gopt_tokens_tile *tile = NULL;
    const char *colon = strchr(body, ':');
    bool code = strchr(body, '=') || strchr(body, ';');
    if (!code && colon == body) {
        gopt_fail(err, where, 1, 1, "no game before ':' (GAME:NAME, e.g. 1867:X2)");
    } else if (!code && colon) {
        *(char *)colon = 0;
        gopt_error no_catalog = {0};
        gopt_tokens_catalog *c = gopt_tokens_library_catalog(l, body, &no_catalog);
        if (c) tile = in_catalog(c, colon + 1, where, err);
        if (tile && found_in) *found_in = c;
        if (!c && (gopt_named_exists(NULL, body) || body[strspn(body, GAME_CHARS)] == 0)) {
            *err = no_catalog; /* a file that is not a catalogue, or a game we lack: their own error */
        } else if (!c) {
            /* Neither a game nor a file: perhaps a tile string typed with ',' for '=' or ';'. */
            *(char *)colon = ':';
            gopt_tokens_tile probe;
            gopt_error as_tile = {0};
            gopt_tokens_tile_parse(&probe, body, where, &as_tile);
            *(char *)colon = 0;
            gopt_fail(err, where, 0, 0, "'%s' is neither GAME:NAME (no bundled game or file '%s') nor a tile string (column %d: %s)",
                      spec, body, as_tile.col, as_tile.msg);
        }
    } else if (!code && catalog && gopt_tokens_catalog_find(catalog, body)) {
        tile = gopt_tokens_catalog_find(catalog, body);
        if (found_in) *found_in = catalog;
    } else if (l->ninline == LIBRARY_MAX) {
        gopt_fail(err, where, 0, 0, "more than %d tile strings", LIBRARY_MAX);
    } else {
        gopt_tokens_tile *t = gopt_malloc(sizeof *t);
        gopt_error inner = {0};
        if (gopt_tokens_tile_parse(t, body, where, &inner)) {
            t->colour = inline_colour;
            l->inline_tiles[l->ninline++] = t;
            tile = t;
        } else {
            free(t);
            if (code || !body[0]) *err = inner;
            else if (catalog)
                in_catalog(catalog, body, where, err);
            else
                gopt_fail(err, where, 0, 0,
                          "'%s' is neither a tile string nor GAME:NAME (e.g. 1867:X2); give --catalog to name tiles alone",
                          body);
        }
    }
    free(body);
    return tile;
}
