/* The map around a hex: which of its sides lead somewhere, so that an upgrade's track
 * stays on the map. A map file (data/maps/<game>.txt, docs/formats.md) lists every hex
 * with its colour, the track of fixed hexes and impassable sides; a side of a hex is open
 * when a neighbour lies beyond it, neither hex makes that side impassable, and a fixed
 * neighbour (gray, red, blue: never upgraded) has track on the facing side. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gameopt/alloc.h"
#include "gameopt/data.h"
#include "games/tokens/internal.h"

typedef struct map_hex {
    char coord[16];
    int x, y; /* the engine's doubled coordinates: neighbours two apart along one axis */
    gopt_tokens_colour colour;
    uint8_t track;      /* sides with track (fixed hexes) */
    uint8_t impassable; /* sides track may not cross */
    int npartitions;    /* barriers inside the hex (1870's Mississippi) */
    int nrules;         /* rotation rules (1850's I18) */
    gopt_tokens_hex_rotations rules[GOPT_TOKENS_MAX_HEX_RULES];
    gopt_tokens_partition partitions[GOPT_TOKENS_MAX_PARTITIONS];
} map_hex;

struct gopt_tokens_map {
    char name[128];
    bool pointy;     /* pointy-topped hexes (1830), else flat-topped (1867) */
    bool x_letters;  /* the letters count along x (flat's default), else the numbers (pointy's) */
    int n;
    size_t cap;
    map_hex *hexes;
};

/* "L12" -> letters 11 (A = 0, Z = 25, AA = 26 ...; a lone lower-case letter counts back from
 * -1: the engine's hexes left of A, 1822CA's a8), number 12; false when not of that form. */
static bool parse_coord(const char *s, int *letters_at, int *number) {
    int c = 0, letters = 0;
    if (islower((unsigned char)s[0]) && !isalpha((unsigned char)s[1])) {
        c = -(s[0] - 'a' + 1);
        letters = 1;
        s++;
    } else {
        while (isupper((unsigned char)*s)) {
            if (++letters > 2) return false; /* before c can overflow */
            c = c * 26 + (*s++ - 'A' + 1);
        }
        c -= 1;
    }
    if (!letters || !isdigit((unsigned char)*s)) return false;
    char *end;
    long r = strtol(s, &end, 10);
    if (*end || r < 0 || r > 999) return false;
    *letters_at = c;
    *number = (int)r;
    return true;
}

/* The hex's doubled coordinates as the engine reckons them (lib/engine/hex.rb): one axis
 * counts letters, the other numbers. */
static bool coord_xy(const gopt_tokens_map *m, const char *coord, int *x, int *y) {
    int l, n;
    if (!parse_coord(coord, &l, &n)) return false;
    *x = m->x_letters ? l : n - 1;
    *y = m->x_letters ? n - 1 : l;
    return true;
}

/* The neighbour beyond side `edge`: flat-topped sides 0 bottom, 1 lower left .. 5 lower
 * right; pointy-topped 0 lower left, 1 left, 2 upper left, 3 upper right, 4 right, 5 lower
 * right (both clockwise, as tile edges turn). */
static void neighbour(const gopt_tokens_map *m, int x, int y, int edge, int *nx, int *ny) {
    static const int flat_dx[6] = {0, -1, -1, 0, 1, 1}, flat_dy[6] = {2, 1, -1, -2, -1, 1};
    static const int pointy_dx[6] = {-1, -2, -1, 1, 2, 1}, pointy_dy[6] = {1, 0, -1, -1, 0, 1};
    *nx = x + (m->pointy ? pointy_dx : flat_dx)[edge];
    *ny = y + (m->pointy ? pointy_dy : flat_dy)[edge];
}

static const map_hex *find_at(const gopt_tokens_map *m, int x, int y) {
    for (int i = 0; i < m->n; i++)
        if (m->hexes[i].x == x && m->hexes[i].y == y) return &m->hexes[i];
    return NULL;
}

bool gopt_tokens_parse_edges(const char *spec, const char *where, uint8_t *out, gopt_error *err) {
    gopt_text t;
    gopt_text_from_string(&t, where, spec);
    bool ok = true;
    *out = 0;
    do {
        gopt_text_mark at = gopt_text_save(&t);
        long e;
        if (!(ok = gopt_text_int(&t, 0, 5, &e, err))) break;
        if (*out >> e & 1) {
            ok = gopt_text_fail_at(&t, at, err, "edge %ld given twice", e);
            break;
        }
        *out |= (uint8_t)(1u << e);
    } while (gopt_text_accept(&t, ','));
    if (ok && !gopt_text_eof(&t)) {
        char found[32];
        ok = gopt_text_fail(&t, err, "expected ',' or the end after an edge, found %s",
                            gopt_text_describe(gopt_text_peek(&t), found, sizeof found));
    }
    gopt_text_free(&t);
    return ok;
}

/* `partition:a:V,b:V[,type:T][,restrict:inner|outer]`: the tile language's partition. */
static bool read_partition(gopt_text *t, gopt_text_mark at, map_hex *h, gopt_error *err) {
    if (h->npartitions == GOPT_TOKENS_MAX_PARTITIONS)
        return gopt_text_fail_at(t, at, err, "more than %d partitions for %s", GOPT_TOKENS_MAX_PARTITIONS, h->coord);
    char word[128];
    gopt_text_mark spec_at = gopt_text_save(t);
    if (!tokens_read_name(t, word, sizeof word, "a partition such as a:0-,b:2+,type:water,restrict:outer", err)) return false;
    gopt_error sub = {0};
    if (!gopt_tokens_parse_partition(word, "partition", &h->partitions[h->npartitions], &sub)) {
        gopt_text_mark bad = spec_at;
        bad.pos += sub.col > 0 ? (size_t)(sub.col - 1) : 0;
        bad.col += sub.col > 0 ? sub.col - 1 : 0;
        return gopt_text_fail_at(t, bad, err, "%s", sub.msg);
    }
    h->npartitions++;
    return true;
}

/* `rotations:SELECTOR:R,R`: the rotations a tile of that colour (yellow) or name (X11) may
 * lie in on this hex. */
static bool read_rotations(gopt_text *t, gopt_text_mark at, map_hex *h, gopt_error *err) {
    if (h->nrules == GOPT_TOKENS_MAX_HEX_RULES)
        return gopt_text_fail_at(t, at, err, "more than %d rotation rules for %s", GOPT_TOKENS_MAX_HEX_RULES, h->coord);
    char word[96];
    gopt_text_mark spec_at = gopt_text_save(t);
    if (!tokens_read_name(t, word, sizeof word, "COLOUR:ROTATIONS or TILE:ROTATIONS such as yellow:0,1,3,4,5", err)) return false;
    char *colon = strrchr(word, ':');
    if (!colon || colon == word)
        return gopt_text_fail_at(t, spec_at, err, "expected COLOUR:ROTATIONS or TILE:ROTATIONS (yellow:0,1,3,4,5), not '%s'", word);
    *colon = 0;
    gopt_tokens_hex_rotations *r = &h->rules[h->nrules];
    memset(r, 0, sizeof *r);
    if (!gopt_tokens_colour_parse(word, &r->colour)) {
        if (strlen(word) >= sizeof r->tile) return gopt_text_fail_at(t, spec_at, err, "tile name '%s' is too long", word);
        snprintf(r->tile, sizeof r->tile, "%s", word);
        r->colour = GOPT_TOKENS_UNKNOWN_COLOUR;
    }
    gopt_error sub = {0};
    if (!gopt_tokens_parse_edges(colon + 1, "rotations", &r->rotations, &sub)) {
        gopt_text_mark bad = spec_at;
        int skip = (int)(colon + 1 - word) + (sub.col > 0 ? sub.col - 1 : 0);
        bad.pos += (size_t)skip;
        bad.col += skip;
        return gopt_text_fail_at(t, bad, err, "%s", sub.msg);
    }
    h->nrules++;
    return true;
}

/* `track:E,E`, `impassable:E,E`, `partition:...` or `rotations:...` after a hex. */
static bool read_attribute(gopt_text *t, map_hex *h, gopt_error *err) {
    gopt_text_mark at = gopt_text_save(t);
    if (gopt_text_accept_word(t, "partition:")) return read_partition(t, at, h, err);
    if (gopt_text_accept_word(t, "rotations:")) return read_rotations(t, at, h, err);
    uint8_t *set = gopt_text_accept_word(t, "track:") ? &h->track : gopt_text_accept_word(t, "impassable:") ? &h->impassable : NULL;
    if (!set) return gopt_text_fail(t, err, "expected track:EDGES, impassable:EDGES, partition:a:V,b:V or rotations:COLOUR:R,R");
    if (*set) return gopt_text_fail_at(t, at, err, "given twice for %s", h->coord);
    char word[64];
    gopt_text_mark edges_at = gopt_text_save(t);
    if (!tokens_read_name(t, word, sizeof word, "edges 0..5 separated by ','", err)) return false;
    gopt_error sub = {0};
    if (!gopt_tokens_parse_edges(word, "edges", set, &sub))
        return gopt_text_fail_at(t, edges_at, err, "%s", sub.msg);
    return true;
}

static bool read_hex(gopt_tokens_map *m, gopt_text *t, gopt_error *err) {
    gopt_text_mark at = gopt_text_save(t);
    map_hex h = {0};
    if (!tokens_read_name(t, h.coord, sizeof h.coord, "a hex such as L12", err)) return false;
    if (!coord_xy(m, h.coord, &h.x, &h.y))
        return gopt_text_fail_at(t, at, err, "'%s' is not a hex coordinate (letters, then a number: L12)", h.coord);
    if (find_at(m, h.x, h.y)) return gopt_text_fail_at(t, at, err, "hex %s is listed twice", h.coord);
    gopt_text_skip_spaces(t);
    gopt_text_mark colour_at = gopt_text_save(t);
    char colour[32];
    if (!tokens_read_name(t, colour, sizeof colour, "a colour", err)) return false;
    if (!gopt_tokens_colour_parse(colour, &h.colour))
        return gopt_text_fail_at(t, colour_at, err, "unknown colour '%s' (white, yellow, green, brown, gray, red, blue)", colour);
    for (;;) {
        gopt_text_skip_spaces(t);
        if (gopt_text_eof(t) || gopt_text_peek(t) == '\n') break;
        if (!read_attribute(t, &h, err)) return false;
    }
    gopt_grow(&m->hexes, &m->cap, (size_t)m->n + 1, sizeof *m->hexes);
    m->hexes[m->n++] = h;
    return true;
}

gopt_tokens_map *gopt_tokens_map_read(gopt_text *t, gopt_error *err) {
    gopt_tokens_map *m = gopt_calloc(1, sizeof *m);
    snprintf(m->name, sizeof m->name, "%s", t->name);
    gopt_text_skip_ws_comments(t, '#');
    bool ok = gopt_text_accept_word(t, "layout") || gopt_text_fail(t, err, "a map starts with 'layout flat' or 'layout pointy'");
    gopt_text_skip_spaces(t);
    if (ok) {
        m->pointy = gopt_text_accept_word(t, "pointy");
        if (!m->pointy && !gopt_text_accept_word(t, "flat")) ok = gopt_text_fail(t, err, "expected 'flat' or 'pointy' after 'layout'");
    }
    m->x_letters = !m->pointy; /* the engine's default axes */
    gopt_text_skip_spaces(t);
    if (ok && gopt_text_accept_word(t, "x:")) { /* a game that counts the other way (1841) */
        if (gopt_text_accept_word(t, "letter")) m->x_letters = true;
        else if (gopt_text_accept_word(t, "number")) m->x_letters = false;
        else ok = gopt_text_fail(t, err, "expected 'letter' or 'number' after 'x:'");
    }
    while (ok) {
        gopt_text_skip_ws_comments(t, '#');
        if (gopt_text_eof(t)) break;
        ok = read_hex(m, t, err);
    }
    if (!ok) {
        gopt_tokens_map_free(m);
        return NULL;
    }
    return m;
}

gopt_tokens_map *gopt_tokens_map_open(const char *game_or_path, gopt_error *err) {
    char path[1024];
    bool file = strchr(game_or_path, '/') || strchr(game_or_path, '.') || gopt_named_exists(NULL, game_or_path);
    if (!file) {
        char lower[128], relative[160];
        size_t n = 0;
        for (; game_or_path[n] && n + 1 < sizeof lower; n++) lower[n] = (char)tolower((unsigned char)game_or_path[n]);
        lower[n] = 0;
        snprintf(relative, sizeof relative, "maps/%s.txt", lower);
        if (!gopt_data_path(relative, path, sizeof path)) {
            gopt_fail(err, game_or_path, 0, 0, "no such map file, and no bundled map for game '%s' (bundled: %s)", game_or_path, GOPT_TOKENS_MAPS);
            return NULL;
        }
    } else {
        snprintf(path, sizeof path, "%s", game_or_path);
    }
    gopt_text t;
    if (!gopt_read_file(path, &t, err)) return NULL;
    gopt_tokens_map *m = gopt_tokens_map_read(&t, err);
    gopt_text_free(&t);
    if (m && !file) snprintf(m->name, sizeof m->name, "%s", game_or_path);
    return m;
}

void gopt_tokens_map_free(gopt_tokens_map *m) {
    if (!m) return;
    free(m->hexes);
    free(m);
}

int gopt_tokens_map_size(const gopt_tokens_map *m) { return m->n; }
const char *gopt_tokens_map_coord(const gopt_tokens_map *m, int i) { return m->hexes[i].coord; }

static bool fixed(gopt_tokens_colour c) { return c == GOPT_TOKENS_GRAY || c == GOPT_TOKENS_RED || c == GOPT_TOKENS_BLUE; }

/* Hex `coord`, or NULL with err set when the map has none. */
static const map_hex *find_coord(const gopt_tokens_map *m, const char *coord, gopt_error *err) {
    int x, y;
    const map_hex *h = coord_xy(m, coord, &x, &y) ? find_at(m, x, y) : NULL;
    if (!h) gopt_fail(err, "--hex", 0, 0, "the %s map has no hex '%s'", m->name, coord);
    return h;
}

int gopt_tokens_map_partitions(const gopt_tokens_map *m, const char *coord, gopt_tokens_partition *out, int max,
                               gopt_error *err) {
    const map_hex *h = find_coord(m, coord, err);
    if (!h) return -1;
    int n = h->npartitions < max ? h->npartitions : max;
    memcpy(out, h->partitions, (size_t)n * sizeof *out);
    return n;
}

int gopt_tokens_map_rotations(const gopt_tokens_map *m, const char *coord, gopt_tokens_hex_rotations *out, int max,
                              gopt_error *err) {
    const map_hex *h = find_coord(m, coord, err);
    if (!h) return -1;
    int n = h->nrules < max ? h->nrules : max;
    memcpy(out, h->rules, (size_t)n * sizeof *out);
    return n;
}

uint8_t gopt_tokens_hex_allowed(const gopt_tokens_question *q, const gopt_tokens_tile *to) {
    uint8_t allowed = 0x3F;
    for (int i = 0; i < q->nhex_rules; i++) {
        const gopt_tokens_hex_rotations *r = &q->hex_rules[i];
        bool applies = r->tile[0] ? strcmp(r->tile, to->name) == 0 : r->colour == to->colour;
        if (applies) allowed &= r->rotations;
    }
    return allowed;
}

bool gopt_tokens_map_open_edges(const gopt_tokens_map *m, const char *coord, uint8_t *open, gopt_error *err) {
    const map_hex *h = find_coord(m, coord, err);
    if (!h) return false;
    int x = h->x, y = h->y;
    *open = 0;
    for (int e = 0; e < GOPT_TOKENS_EDGES; e++) {
        int nx, ny;
        neighbour(m, x, y, e, &nx, &ny);
        const map_hex *n = find_at(m, nx, ny);
        int facing = (e + 3) % 6;
        if (!n || (h->impassable >> e & 1) || (n->impassable >> facing & 1)) continue;
        if (fixed(n->colour) && !(n->track >> facing & 1)) continue;
        *open |= (uint8_t)(1u << e);
    }
    return true;
}
