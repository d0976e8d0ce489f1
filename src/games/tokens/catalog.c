/* Tile catalogues: one file per game, a line per tile, `NAME COLOUR TILE-STRING`, and
 * optional game rules: `NAME -> NAME...` naming the only tiles a tile may become (for games
 * whose rules restrict upgrades beyond what the track allows), `NAME @ ROT,...` the only
 * rotations it may be laid in, `NAME shrinks` (laying it, old cities keep their tokens, not
 * their empty slots: 1837's Vienna 436), `order COLOUR...` the game's colour order, and
 * `use CATALOGUE NAME...` to take tiles from another catalogue (the standard numbered
 * tiles). '#' starts a comment line. */
#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gameopt/alloc.h"
#include "gameopt/data.h"
#include "games/tokens/internal.h"

typedef struct upgrade_rule {
    int from, to; /* tile indices */
} upgrade_rule;

struct gopt_tokens_catalog {
    char name[256];
    int n;
    size_t cap;
    gopt_tokens_tile *tiles;
    bool *restricted; /* per tile: it has a `->` rule */
    int nrules;
    size_t rules_cap;
    upgrade_rule *rules;
    int norder; /* the game's colour order (`order`), 0: white, yellow, green, brown, gray */
    gopt_tokens_colour order[8];
    int *slots;    /* tile index + 1 by name hash (open addressing, at most half full), 0: empty */
    size_t nslots; /* a power of two */
};

/* `use` may name a catalogue that uses another, not deeper (and never in a cycle). */
#define MAX_USE_DEPTH 3
static gopt_tokens_catalog *open_at(const char *game_or_path, int depth, gopt_error *err);
static gopt_tokens_catalog *load_at(const char *path, int depth, gopt_error *err);
static bool game_name_ok(const char *s);

bool tokens_read_name(gopt_text *t, char *buf, size_t size, const char *what, gopt_error *err) {
    gopt_text_mark at = gopt_text_save(t);
    size_t n = 0;
    for (int c = gopt_text_peek(t); c > 0x20 && c != 0x7F; c = gopt_text_peek(t)) {
        if (n + 1 < size) buf[n] = (char)c;
        n++;
        gopt_text_next(t);
    }
    if (n == 0) {
        char found[32];
        return gopt_text_fail(t, err, "expected %s, found %s", what, gopt_text_describe(gopt_text_peek(t), found, sizeof found));
    }
    if (n >= size) return gopt_text_fail_at(t, at, err, "%s is longer than %zu characters", what, size - 1);
    buf[n] = 0;
    return true;
}

/* Names are found by hash: every tile line looks its name up (defined twice?), and a scan
 * made a 100,000-tile catalogue take minutes (issue 37 item 5: readers linear). */
static size_t name_slot(const char *name, size_t nslots) {
    uint64_t h = 14695981039346656037u; /* FNV-1a */
    for (const unsigned char *s = (const unsigned char *)name; *s; s++) h = (h ^ *s) * 1099511628211u;
    return (size_t)(h & (nslots - 1));
}

static int find_index(const gopt_tokens_catalog *c, const char *name) {
    if (!c->nslots) return -1;
    for (size_t k = name_slot(name, c->nslots); c->slots[k]; k = (k + 1) & (c->nslots - 1))
        if (strcmp(c->tiles[c->slots[k] - 1].name, name) == 0) return c->slots[k] - 1;
    return -1;
}

/* The tile at c->n, named, joins the catalogue and its index. */
static void tile_added(gopt_tokens_catalog *c) {
    c->n++;
    if ((size_t)c->n * 2 > c->nslots) {
        free(c->slots);
        c->nslots = c->nslots ? c->nslots * 2 : 64;
        c->slots = gopt_calloc(c->nslots, sizeof *c->slots);
        for (int i = 0; i < c->n - 1; i++) {
            size_t k = name_slot(c->tiles[i].name, c->nslots);
            while (c->slots[k]) k = (k + 1) & (c->nslots - 1);
            c->slots[k] = i + 1;
        }
    }
    size_t k = name_slot(c->tiles[c->n - 1].name, c->nslots);
    while (c->slots[k]) k = (k + 1) & (c->nslots - 1);
    c->slots[k] = c->n;
}

/* The tile string: the rest of the line without trailing blanks, read where it stands so
 * that errors carry the file's line and column. */
static bool read_tile_rest(gopt_text *t, gopt_tokens_tile *tile, gopt_error *err) {
    size_t len = gopt_text_line_rest(t);
    const char *s = t->data + t->pos;
    while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t')) len--;
    gopt_text sub;
    gopt_text_from(&sub, t->name, s, len);
    sub.line = t->line;
    sub.col = t->col;
    bool ok = gopt_tokens_tile_read(tile, &sub, err);
    gopt_text_free(&sub);
    gopt_text_line(t, &len); /* on to the next line */
    return ok;
}

static bool read_rule(gopt_tokens_catalog *c, gopt_text *t, int from, gopt_text_mark at, gopt_error *err) {
    if (c->restricted[from]) return gopt_text_fail_at(t, at, err, "%s has two upgrade rules", c->tiles[from].name);
    c->restricted[from] = true;
    gopt_text_skip_spaces(t);
    while (gopt_text_peek(t) >= 0 && gopt_text_peek(t) != '\n') {
        gopt_text_mark name_at = gopt_text_save(t);
        char name[GOPT_TOKENS_NAME_SIZE];
        if (!tokens_read_name(t, name, sizeof name, "a tile name", err)) return false;
        int to = find_index(c, name);
        if (to < 0) return gopt_text_fail_at(t, name_at, err, "no tile named '%s' before this line", name);
        gopt_grow(&c->rules, &c->rules_cap, (size_t)c->nrules + 1, sizeof *c->rules);
        c->rules[c->nrules++] = (upgrade_rule){from, to};
        gopt_text_skip_spaces(t);
    }
    return true;
}

static gopt_tokens_tile *add_tile(gopt_tokens_catalog *c) {
    gopt_grow(&c->tiles, &c->cap, (size_t)c->n + 1, sizeof *c->tiles);
    c->restricted = gopt_realloc(c->restricted, c->cap * sizeof *c->restricted);
    c->restricted[c->n] = false;
    return &c->tiles[c->n];
}

/* A file `use` names, beside the catalogue that names it (its folder, as the catalogue was
 * named: "games/mine.txt" uses "base.txt" as "games/base.txt"), not in the working folder;
 * NULL when there is nothing to resolve (an absolute path, standard input, a catalogue named
 * without a folder). */
static char *beside(const char *catalogue, const char *from) {
    const char *slash = strrchr(catalogue, '/');
    if (!slash || from[0] == '/' || strcmp(from, "-") == 0) return NULL;
    return gopt_format("%.*s%s", (int)(slash - catalogue + 1), catalogue, from);
}

/* The catalogue a `use` line names: a file beside the catalogue that uses it when there is
 * one of that name (or the name can only be a file), else a bundled game's or a file as
 * named. */
static gopt_tokens_catalog *open_used(const char *catalogue, const char *from, int depth, gopt_error *err) {
    char *near = beside(catalogue, from);
    gopt_tokens_catalog *c = NULL;
    if (near && (!game_name_ok(from) || gopt_named_exists(NULL, near))) c = load_at(near, depth, err);
    else c = open_at(from, depth, err);
    free(near);
    return c;
}

/* `use CATALOGUE NAME...`: copies the named tiles (colours, rotation rules) from it. */
static bool read_use(gopt_tokens_catalog *c, gopt_text *t, int depth, gopt_error *err) {
    gopt_text_skip_spaces(t);
    gopt_text_mark at = gopt_text_save(t);
    char from[256];
    if (!tokens_read_name(t, from, sizeof from, "a catalogue to use tiles from", err)) return false;
    if (depth >= MAX_USE_DEPTH) return gopt_text_fail_at(t, at, err, "'use' nested more than %d deep", MAX_USE_DEPTH);
    gopt_error sub = {0};
    gopt_tokens_catalog *other = open_used(t->name, from, depth + 1, &sub);
    if (!other) return gopt_text_fail_at(t, at, err, "cannot use '%s': %s", from, sub.msg);
    bool ok = true;
    gopt_text_skip_spaces(t);
    while (ok && gopt_text_peek(t) >= 0 && gopt_text_peek(t) != '\n') {
        gopt_text_mark name_at = gopt_text_save(t);
        char name[GOPT_TOKENS_NAME_SIZE];
        if (!(ok = tokens_read_name(t, name, sizeof name, "a tile name", err))) break;
        const gopt_tokens_tile *tile = gopt_tokens_catalog_find(other, name);
        if (!tile) ok = gopt_text_fail_at(t, name_at, err, "%s has no tile named '%s'", from, name);
        else if (find_index(c, name) >= 0) ok = gopt_text_fail_at(t, name_at, err, "tile %s is defined twice", name);
        else {
            *add_tile(c) = *tile;
            tile_added(c);
        }
        gopt_text_skip_spaces(t);
    }
    gopt_tokens_catalog_free(other);
    return ok;
}

/* `order COLOUR...`: the colours a tile goes through, in order. */
static bool read_order(gopt_tokens_catalog *c, gopt_text *t, gopt_text_mark at, gopt_error *err) {
    if (c->norder) return gopt_text_fail_at(t, at, err, "the colour order is given twice");
    gopt_text_skip_spaces(t);
    while (gopt_text_peek(t) >= 0 && gopt_text_peek(t) != '\n') {
        gopt_text_mark colour_at = gopt_text_save(t);
        char name[32];
        if (!tokens_read_name(t, name, sizeof name, "a colour", err)) return false;
        gopt_tokens_colour colour;
        if (!gopt_tokens_colour_parse(name, &colour))
            return gopt_text_fail_at(t, colour_at, err, "unknown colour '%s' (white, yellow, green, brown, gray, red, blue, sepia)", name);
        for (int k = 0; k < c->norder; k++)
            if (c->order[k] == colour) return gopt_text_fail_at(t, colour_at, err, "colour %s given twice", name);
        if (c->norder == 8) return gopt_text_fail_at(t, colour_at, err, "more than 8 colours");
        c->order[c->norder++] = colour;
        gopt_text_skip_spaces(t);
    }
    if (c->norder < 2) return gopt_text_fail(t, err, "an order names at least two colours");
    return true;
}

/* `NAME @ ROT,...`: the only rotations the tile may be laid in. */
static bool read_rotations(gopt_tokens_catalog *c, gopt_text *t, int tile, gopt_text_mark at, gopt_error *err) {
    if (c->tiles[tile].rotations) return gopt_text_fail_at(t, at, err, "%s has two rotation rules", c->tiles[tile].name);
    gopt_text_skip_spaces(t);
    gopt_text_mark list_at = gopt_text_save(t);
    char list[64];
    if (!tokens_read_name(t, list, sizeof list, "rotations 0..5 separated by ','", err)) return false;
    gopt_error sub = {0};
    if (!gopt_tokens_parse_edges(list, "rotations", &c->tiles[tile].rotations, &sub))
        return gopt_text_fail_at(t, list_at, err, "%s", sub.msg);
    return true;
}

static bool read_line(gopt_tokens_catalog *c, gopt_text *t, int depth, gopt_error *err) {
    gopt_text_mark at = gopt_text_save(t);
    char name[GOPT_TOKENS_NAME_SIZE], second[GOPT_TOKENS_NAME_SIZE];
    if (!tokens_read_name(t, name, sizeof name, "a tile name", err)) return false;
    if (strcmp(name, "use") == 0) return read_use(c, t, depth, err);
    if (strcmp(name, "order") == 0) return read_order(c, t, at, err);
    gopt_text_skip_spaces(t);
    gopt_text_mark second_at = gopt_text_save(t);
    if (!tokens_read_name(t, second, sizeof second, "a colour (white, yellow, green, brown, gray, red, blue, sepia), '->', '@' or 'shrinks'", err))
        return false;
    int known = find_index(c, name);
    if (strcmp(second, "shrinks") == 0) { /* `NAME shrinks`: laying it, slots may shrink */
        if (known < 0) return gopt_text_fail_at(t, at, err, "no tile named '%s' before this line", name);
        gopt_text_skip_spaces(t);
        if (gopt_text_peek(t) >= 0 && gopt_text_peek(t) != '\n') return gopt_text_fail(t, err, "nothing follows 'shrinks'");
        c->tiles[known].shrinks = true;
        return true;
    }
    if (strcmp(second, "->") == 0 || strcmp(second, "@") == 0) {
        if (known < 0) return gopt_text_fail_at(t, at, err, "no tile named '%s' before this line", name);
        return second[0] == '@' ? read_rotations(c, t, known, at, err) : read_rule(c, t, known, at, err);
    }
    if (known >= 0) return gopt_text_fail_at(t, at, err, "tile %s is defined twice", name);
    gopt_tokens_colour colour;
    if (!gopt_tokens_colour_parse(second, &colour))
        return gopt_text_fail_at(t, second_at, err, "unknown colour '%s' (white, yellow, green, brown, gray, red, blue, sepia)",
                                 second);
    gopt_text_skip_spaces(t);
    gopt_tokens_tile *tile = add_tile(c);
    if (!read_tile_rest(t, tile, err)) return false;
    snprintf(tile->name, sizeof tile->name, "%s", name);
    tile->colour = colour;
    tile_added(c);
    return true;
}

static gopt_tokens_catalog *read_at(gopt_text *t, int depth, gopt_error *err);

gopt_tokens_catalog *gopt_tokens_catalog_read(gopt_text *t, gopt_error *err) { return read_at(t, 0, err); }

static gopt_tokens_catalog *read_at(gopt_text *t, int depth, gopt_error *err) {
    gopt_tokens_catalog *c = gopt_calloc(1, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", t->name);
    for (;;) {
        gopt_text_skip_ws_comments(t, '#');
        if (gopt_text_eof(t)) break;
        if (!read_line(c, t, depth, err)) {
            gopt_tokens_catalog_free(c);
            return NULL;
        }
    }
    return c;
}

static gopt_tokens_catalog *load_at(const char *path, int depth, gopt_error *err) {
    gopt_text t;
    if (!gopt_read_file(path, &t, err)) return NULL;
    gopt_tokens_catalog *c = read_at(&t, depth, err);
    gopt_text_free(&t);
    return c;
}

static int compare_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The bundled games, for the message when one is not found. */
static void list_bundled(char *buf, size_t size) {
    char dir[1024];
    buf[0] = 0;
    if (!gopt_data_path("tiles", dir, sizeof dir)) return;
    DIR *d = opendir(dir);
    if (!d) return;
    char *names[64];
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) && n < 64;) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".txt") == 0) names[n++] = gopt_strndup(e->d_name, len - 4);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, compare_names);
    size_t used = 0;
    for (int i = 0; i < n; i++) {
        if (used < size) used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "", names[i]);
        free(names[i]);
    }
}

static bool game_name_ok(const char *s) {
    if (!*s) return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-') return false;
    return true;
}

gopt_tokens_catalog *gopt_tokens_catalog_open(const char *game_or_path, gopt_error *err) {
    return open_at(game_or_path, 0, err);
}

static gopt_tokens_catalog *open_at(const char *game_or_path, int depth, gopt_error *err) {
    /* "-" is standard input, as for every other input, not a game called "-". */
    if (strcmp(game_or_path, "-") == 0 || !game_name_ok(game_or_path) || gopt_named_exists(NULL, game_or_path))
        return load_at(game_or_path, depth, err);
    char lower[128], relative[160], path[1024];
    size_t n = 0;
    for (; game_or_path[n] && n + 1 < sizeof lower; n++) lower[n] = (char)tolower((unsigned char)game_or_path[n]);
    lower[n] = 0;
    snprintf(relative, sizeof relative, "tiles/%s.txt", lower);
    if (!gopt_data_path(relative, path, sizeof path)) {
        char bundled[512];
        list_bundled(bundled, sizeof bundled);
        gopt_fail(err, game_or_path, 0, 0, "no such catalogue file, and no bundled catalogue for game '%s' (bundled: %s)",
                  game_or_path, bundled[0] ? bundled : "none found");
        return NULL;
    }
    gopt_tokens_catalog *c = load_at(path, depth, err);
    if (c) snprintf(c->name, sizeof c->name, "%s", game_or_path);
    return c;
}

void gopt_tokens_catalog_free(gopt_tokens_catalog *c) {
    if (!c) return;
    free(c->tiles);
    free(c->restricted);
    free(c->rules);
    free(c->slots);
    free(c);
}

const char *gopt_tokens_catalog_name(const gopt_tokens_catalog *c) { return c->name; }
int gopt_tokens_catalog_size(const gopt_tokens_catalog *c) { return c->n; }
const gopt_tokens_tile *gopt_tokens_catalog_tile(const gopt_tokens_catalog *c, int i) { return &c->tiles[i]; }

const gopt_tokens_tile *gopt_tokens_catalog_find(const gopt_tokens_catalog *c, const char *name) {
    int i = find_index(c, name);
    return i >= 0 ? &c->tiles[i] : NULL;
}

static bool same_labels(const gopt_tokens_tile *a, const gopt_tokens_tile *b) {
    char la[160], lb[160];
    return strcmp(gopt_tokens_label_text(a, la, sizeof la), gopt_tokens_label_text(b, lb, sizeof lb)) == 0;
}

static bool rule_allows(const gopt_tokens_catalog *c, int from, int to) {
    for (int k = 0; k < c->nrules; k++)
        if (c->rules[k].from == from && c->rules[k].to == to) return true;
    return false;
}

gopt_tokens_colour gopt_tokens_catalog_next_colour(const gopt_tokens_catalog *c, gopt_tokens_colour colour) {
    if (!c->norder) return gopt_tokens_next_colour(colour);
    for (int k = 0; k + 1 < c->norder; k++)
        if (c->order[k] == colour) return c->order[k + 1];
    return GOPT_TOKENS_UNKNOWN_COLOUR;
}

int gopt_tokens_catalog_upgrades(const gopt_tokens_catalog *c, const gopt_tokens_tile *from,
                                 const gopt_tokens_tile **out, int max) {
    gopt_tokens_colour next = gopt_tokens_catalog_next_colour(c, from->colour);
    /* A rule applies when `from` is this catalogue's tile (or one of the same name). */
    int self = from->name[0] ? find_index(c, from->name) : -1;
    int n = 0;
    for (int i = 0; i < c->n && n < max; i++) {
        const gopt_tokens_tile *t = &c->tiles[i];
        if (next == GOPT_TOKENS_UNKNOWN_COLOUR || t->colour != next || !same_labels(from, t)) continue;
        if (self >= 0 && c->restricted[self] && !rule_allows(c, self, i)) continue;
        out[n++] = t;
    }
    return n;
}
