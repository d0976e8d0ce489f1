/* The map state reader (docs/formats.md#routes). One directive or hex per line, `#` starts a
 * comment line, `---` ends a state (a file may hold several):
 *
 *   game 1867                     the bundled game: board, trains, phases, bonuses, rules
 *   name late game                the state's own name
 *   layout flat|pointy            hex layout (before any hex)
 *   map 1867                      impassable sides from a tokens map (data/maps/)
 *   catalog 1867 routes           tile catalogues for tile names, searched in order
 *   phases 2:yellow 3:green ...   phase names and the newest tile colour of each
 *   phase 5                       the phase (a phase name or a colour)
 *   company CPR                   the company whose trains run
 *   neutral NAT                   tokens that never block
 *   rules hex-once any-token ...  rule options (no-X removes X)
 *   type 2+2 stops:2 x2           a train type (trains.c)
 *   trains 8 5+5E 2+2             the company's trains
 *   group Detroit A17 A19         hexes that are one place
 *   bonus Timmins 40 D2 F16,L12,O7            an all-of bonus (east-west, destination)
 *   bonus Mail 10 flat each F16,L12           per counted stop
 *   L12 639@0 tokens:CPR,GT name:Montreal     a hex: tile (catalogue name or tile string),
 *   A7 red offboard=revenue:yellow_20|...     rotation, tokens (CITY:COMPANY or COMPANY for
 *                                             city 0), impassable sides closed:E,...
 * A hex line replaces the game's preprinted hex's tile, rotation and tokens (a state lays tiles
 * over the game's preprinted hexes); a state lays each hex once. Errors name the file, line and
 * column. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gameopt/alloc.h"
#include "gameopt/data.h"
#include "games/routes/internal.h"
#include "games/tokens/internal.h"

#define MAX_CATALOGS 8
#define WORD 512

typedef struct reader {
    gopt_routes_state *s;
    gopt_tokens_catalog *catalogs[MAX_CATALOGS];
    char catalog_names[MAX_CATALOGS][64]; /* as named in the state ("1867", "routes") */
    int ncatalogs;
    size_t hexes_cap;
    bool any;        /* a directive or hex was read */
    bool game_file;  /* reading a bundled game file */
    int *laid_line;  /* per hex: the state's line that laid it (0: the game file's or none) */
    size_t laid_cap;
} reader;

/* ---------------------------------------------------------------- words */

static bool at_line_end(const gopt_text *t) {
    int c = gopt_text_peek(t);
    return c < 0 || c == '\n';
}

/* A run of non-blank characters; false with an error when none comes next. */
static bool word(gopt_text *t, char *buf, size_t size, const char *what, gopt_error *err) {
    gopt_text_skip_spaces(t);
    return tokens_read_name(t, buf, size, what, err); /* the tile language's word, as catalogues read it */
}

static bool more(gopt_text *t) {
    gopt_text_skip_spaces(t);
    return !at_line_end(t);
}

static bool end_of_line(gopt_text *t, gopt_error *err) {
    if (more(t)) {
        char found[32];
        return gopt_text_fail(t, err, "expected the end of the line, found %s",
                              gopt_text_describe(gopt_text_peek(t), found, sizeof found));
    }
    return true;
}

/* The rest of the line, trailing blanks dropped. */
static void rest_of_line(gopt_text *t, char *buf, size_t size) {
    gopt_text_skip_spaces(t);
    size_t n = 0;
    while (!at_line_end(t)) {
        int c = gopt_text_next(t);
        if (n + 1 < size && c >= 0x20) buf[n++] = (char)c;
    }
    while (n > 0 && buf[n - 1] == ' ') n--;
    buf[n] = 0;
}

static bool name_ok(const char *s) {
    for (; *s; s++)
        if (strchr(",:@\"\\", *s)) return false;
    return true;
}

/* A company, train, bonus or group name. */
static bool name_word(gopt_text *t, char *buf, const char *what, gopt_error *err) {
    gopt_text_skip_spaces(t);
    gopt_text_mark at = gopt_text_save(t);
    if (!word(t, buf, GOPT_ROUTES_NAME_SIZE, what, err)) return false;
    if (!name_ok(buf)) return gopt_text_fail_at(t, at, err, "%s '%s' may not hold , : @ \" or \\", what, buf);
    return true;
}

static bool int_word(gopt_text *t, long min, long max, long *out, gopt_error *err) {
    gopt_text_skip_spaces(t);
    return gopt_text_int(t, min, max, out, err);
}

/* ---------------------------------------------------------------- catalogues */

/* routes' own catalogue of track and town tiles (data/routes/tiles.txt), or a bundled game's. */
gopt_tokens_catalog *routes_open_catalog(const char *name, gopt_error *err) {
    if (strcmp(name, "routes") != 0) return gopt_tokens_catalog_open(name, err);
    char path[1024];
    if (!gopt_data_path("routes/tiles.txt", path, sizeof path))
        return gopt_fail(err, "routes", 0, 0, "the bundled track tiles (data/routes/tiles.txt) are not installed"), NULL;
    gopt_text t;
    if (!gopt_text_load(&t, path, err)) return NULL;
    gopt_tokens_catalog *c = gopt_tokens_catalog_read(&t, err);
    gopt_text_free(&t);
    return c;
}

static bool add_catalog(reader *r, gopt_text *t, gopt_text_mark at, const char *name, gopt_error *err) {
    for (int i = 0; i < r->ncatalogs; i++)
        if (strcmp(r->catalog_names[i], name) == 0) return true;
    if (r->ncatalogs == MAX_CATALOGS) return gopt_text_fail_at(t, at, err, "more than %d catalogues", MAX_CATALOGS);
    gopt_error sub = {0};
    gopt_tokens_catalog *c = routes_open_catalog(name, &sub);
    if (!c) return gopt_text_fail_at(t, at, err, "catalogue '%s': %s", name, sub.msg);
    snprintf(r->catalog_names[r->ncatalogs], sizeof r->catalog_names[0], "%s", name);
    r->catalogs[r->ncatalogs++] = c;
    return true;
}

/* A tile by name: the state's catalogues in order, then routes' own track tiles. */
static const gopt_tokens_tile *find_tile(reader *r, gopt_text *t, gopt_text_mark at, const char *name, gopt_error *err) {
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < r->ncatalogs; i++) {
            const gopt_tokens_tile *tile = gopt_tokens_catalog_find(r->catalogs[i], name);
            if (tile) return tile;
        }
        if (pass == 0 && !add_catalog(r, t, at, "routes", err)) return NULL;
    }
    return NULL;
}

/* ---------------------------------------------------------------- directives */

static bool read_game(reader *r, gopt_text *t, gopt_text_mark at, gopt_error *err);

static bool read_layout(reader *r, gopt_text *t, gopt_error *err) {
    gopt_text_mark at;
    char w[WORD];
    gopt_text_skip_spaces(t);
    at = gopt_text_save(t);
    if (!word(t, w, sizeof w, "flat or pointy", err)) return false;
    if (r->s->nhexes) return gopt_text_fail_at(t, at, err, "the layout must come before the first hex");
    if (strcmp(w, "flat") == 0) r->s->layout = GOPT_ROUTES_FLAT;
    else if (strcmp(w, "pointy") == 0) r->s->layout = GOPT_ROUTES_POINTY;
    else return gopt_text_fail_at(t, at, err, "unknown layout '%s' (flat, pointy)", w);
    return end_of_line(t, err);
}

static bool read_phases(reader *r, gopt_text *t, gopt_error *err) {
    gopt_routes_state *s = r->s;
    s->nphases = 0;
    while (more(t)) {
        gopt_text_mark at = gopt_text_save(t);
        char w[WORD];
        if (!word(t, w, sizeof w, "NAME:COLOUR", err)) return false;
        char *colon = strchr(w, ':');
        gopt_tokens_colour c;
        if (!colon || colon == w || colon - w >= GOPT_ROUTES_NAME_SIZE || !gopt_tokens_colour_parse(colon + 1, &c))
            return gopt_text_fail_at(t, at, err, "expected NAME:COLOUR (e.g. 3:green), found '%s'", w);
        if (s->nphases == GOPT_ROUTES_MAX_PHASES) return gopt_text_fail_at(t, at, err, "more than %d phases", GOPT_ROUTES_MAX_PHASES);
        gopt_routes_phase *p = &s->phases[s->nphases++];
        *colon = 0;
        snprintf(p->name, sizeof p->name, "%s", w);
        p->colour = c;
    }
    return true;
}

static bool read_phase(reader *r, gopt_text *t, gopt_error *err) {
    gopt_routes_state *s = r->s;
    gopt_text_skip_spaces(t);
    gopt_text_mark at = gopt_text_save(t);
    char w[GOPT_ROUTES_NAME_SIZE];
    if (!word(t, w, sizeof w, "a phase", err)) return false;
    for (int i = 0; i < s->nphases; i++)
        if (strcmp(s->phases[i].name, w) == 0) {
            snprintf(s->phase, sizeof s->phase, "%s", w);
            s->phase_colour = s->phases[i].colour;
            return end_of_line(t, err);
        }
    gopt_tokens_colour c;
    if (!gopt_tokens_colour_parse(w, &c) || c < GOPT_TOKENS_YELLOW || c > GOPT_TOKENS_GRAY) {
        char names[256] = "";
        size_t n = 0;
        for (int i = 0; i < s->nphases && n < sizeof names; i++) n += (size_t)snprintf(names + n, sizeof names - n, "%s, ", s->phases[i].name);
        return gopt_text_fail_at(t, at, err, "unknown phase '%s' (%syellow, green, brown, gray)", w, names);
    }
    snprintf(s->phase, sizeof s->phase, "%s", gopt_tokens_colour_name(c));
    s->phase_colour = c;
    return end_of_line(t, err);
}

static bool read_rules(reader *r, gopt_text *t, gopt_error *err) {
    while (more(t)) {
        gopt_text_mark at = gopt_text_save(t);
        char w[WORD];
        if (!word(t, w, sizeof w, "a rule option", err)) return false;
        bool off = strncmp(w, "no-", 3) == 0 && strcmp(w, "no-block") != 0;
        const char *name = off ? w + 3 : w;
        int k = 0;
        while (gopt_routes_rule_names[k] && strcmp(gopt_routes_rule_names[k], name) != 0) k++;
        if (!gopt_routes_rule_names[k])
            return gopt_text_fail_at(t, at, err, "unknown rule option '%s' (hex-once, any-token, towns-free, no-block; no-X removes X)", w);
        if (off) r->s->rules &= ~(1u << k);
        else r->s->rules |= 1u << k;
    }
    return true;
}

static bool read_neutral(reader *r, gopt_text *t, gopt_error *err) {
    while (more(t)) {
        gopt_text_mark at = gopt_text_save(t);
        char w[GOPT_ROUTES_NAME_SIZE];
        if (!name_word(t, w, "a company", err)) return false;
        if (r->s->nneutral == GOPT_ROUTES_MAX_NEUTRAL)
            return gopt_text_fail_at(t, at, err, "more than %d neutral companies", GOPT_ROUTES_MAX_NEUTRAL);
        snprintf(r->s->neutral[r->s->nneutral++], GOPT_ROUTES_NAME_SIZE, "%s", w);
    }
    return true;
}

/* The train text from a mark to the line's end, for gopt_routes_train_parse. */
static bool train_at(reader *r, gopt_text *t, gopt_text_mark at, const char *spec, gopt_routes_train *out, gopt_error *err) {
    gopt_error sub = {0};
    if (gopt_routes_train_parse(r->s, spec, "train", out, &sub)) return true;
    return gopt_text_fail_at(t, at, err, "%s", sub.msg);
}

static bool read_type(reader *r, gopt_text *t, gopt_error *err) {
    gopt_routes_state *s = r->s;
    gopt_text_skip_spaces(t);
    gopt_text_mark at = gopt_text_save(t);
    char spec[WORD];
    rest_of_line(t, spec, sizeof spec);
    if (!spec[0]) return gopt_text_fail_at(t, at, err, "expected a train type: NAME KEY...");
    gopt_routes_train tr;
    if (!strchr(spec, ' ')) { /* `type NAME`: a pattern, named */
        if (!train_at(r, t, at, spec, &tr, err)) return false;
    } else if (!train_at(r, t, at, spec, &tr, err)) {
        return false;
    }
    for (int i = 0; i < s->ntypes; i++)
        if (strcmp(s->types[i].name, tr.name) == 0) return s->types[i] = tr, true;
    if (s->ntypes == GOPT_ROUTES_MAX_TYPES) return gopt_text_fail_at(t, at, err, "more than %d train types", GOPT_ROUTES_MAX_TYPES);
    s->types[s->ntypes++] = tr;
    return true;
}

static bool read_trains(reader *r, gopt_text *t, gopt_error *err) {
    gopt_routes_state *s = r->s;
    s->ntrains = 0;
    while (more(t)) {
        gopt_text_mark at = gopt_text_save(t);
        char w[GOPT_ROUTES_NAME_SIZE + 8];
        if (!word(t, w, sizeof w, "a train", err)) return false;
        if (s->ntrains == GOPT_ROUTES_MAX_TRAINS)
            return gopt_text_fail_at(t, at, err, "more than %d trains", GOPT_ROUTES_MAX_TRAINS);
        if (!train_at(r, t, at, w, &s->trains[s->ntrains], err)) return false;
        s->ntrains++;
    }
    return true;
}

/* A hex named in a bonus or group: it must be on the map already. */
static bool known_hex(reader *r, gopt_text *t, gopt_text_mark at, const char *coord, int *hex, gopt_error *err) {
    int x, y;
    if (!routes_coord_xy(coord, r->s->layout, &x, &y))
        return gopt_text_fail_at(t, at, err, "'%s' is not a hex coordinate (column letters and a row number: L12)", coord);
    *hex = gopt_routes_hex_find(r->s, coord);
    if (*hex < 0) return gopt_text_fail_at(t, at, err, "hex %s is not on the map (hexes come before the lines naming them)", coord);
    return true;
}

static int group_named(gopt_routes_state *s, const char *name) {
    for (int g = 0; g < s->ngroups; g++)
        if (strcmp(s->groups[g].name, name) == 0) return g;
    return -1;
}

static bool group_add(reader *r, gopt_text *t, gopt_text_mark at, const char *name, int hex, gopt_error *err) {
    gopt_routes_state *s = r->s;
    int g = group_named(s, name);
    if (g < 0) {
        if (s->ngroups == GOPT_ROUTES_MAX_GROUPS) return gopt_text_fail_at(t, at, err, "more than %d groups", GOPT_ROUTES_MAX_GROUPS);
        g = s->ngroups++;
        memset(&s->groups[g], 0, sizeof s->groups[g]);
        snprintf(s->groups[g].name, sizeof s->groups[g].name, "%s", name);
    }
    gopt_routes_group *gr = &s->groups[g];
    for (int k = 0; k < gr->n; k++)
        if (gr->hex[k] == hex) return true;
    int other = routes_hex_group(s, hex);
    if (other >= 0 && other != g)
        return gopt_text_fail_at(t, at, err, "hex %s is in group %s already", s->hexes[hex].coord, s->groups[other].name);
    if (gr->n == GOPT_ROUTES_GROUP_HEXES) return gopt_text_fail_at(t, at, err, "group %s has more than %d hexes", name, GOPT_ROUTES_GROUP_HEXES);
    gr->hex[gr->n++] = hex;
    return true;
}

static bool read_group(reader *r, gopt_text *t, gopt_error *err) {
    char name[GOPT_ROUTES_NAME_SIZE];
    gopt_text_skip_spaces(t);
    gopt_text_mark name_at = gopt_text_save(t);
    if (!name_word(t, name, "a group name", err)) return false;
    if (!more(t)) return gopt_text_fail_at(t, name_at, err, "group %s names no hexes", name);
    while (more(t)) {
        gopt_text_mark at = gopt_text_save(t);
        char coord[WORD];
        int hex = -1;
        if (!word(t, coord, sizeof coord, "a hex", err) || !known_hex(r, t, at, coord, &hex, err) ||
            !group_add(r, t, at, name, hex, err))
            return false;
    }
    return true;
}

/* COORD[:VALUE],... */
static bool read_bonus_set(reader *r, gopt_text *t, gopt_routes_bonus_set *set, gopt_error *err) {
    gopt_text_skip_spaces(t);
    gopt_text_mark at = gopt_text_save(t);
    char w[WORD];
    if (!word(t, w, sizeof w, "hexes such as F16,L12:20", err)) return false;
    set->n = 0;
    for (char *save = NULL, *item = strtok_r(w, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *colon = strchr(item, ':');
        long value = 0;
        if (colon) {
            char *end;
            *colon = 0;
            value = strtol(colon + 1, &end, 10);
            if (*end || end == colon + 1 || value < 0 || value > 100000)
                return gopt_text_fail_at(t, at, err, "a bonus value is a whole number 0..100000, not '%s'", colon + 1);
        }
        int hex = -1;
        if (!known_hex(r, t, at, item, &hex, err)) return false;
        if (set->n == GOPT_ROUTES_BONUS_HEXES) return gopt_text_fail_at(t, at, err, "more than %d hexes in one bonus set", GOPT_ROUTES_BONUS_HEXES);
        for (int i = 0; i < set->n; i++)
            if (set->hex[i] == hex) return gopt_text_fail_at(t, at, err, "hex %s is listed twice in one bonus set", item);
        set->hex[set->n] = hex;
        set->value[set->n++] = (int)value;
    }
    if (!set->n) return gopt_text_fail_at(t, at, err, "a bonus set names at least one hex");
    return true;
}

static bool read_bonus(reader *r, gopt_text *t, gopt_error *err) {
    gopt_routes_state *s = r->s;
    gopt_text_skip_spaces(t);
    gopt_text_mark at = gopt_text_save(t);
    if (s->nbonuses == GOPT_ROUTES_MAX_BONUSES) return gopt_text_fail_at(t, at, err, "more than %d bonuses", GOPT_ROUTES_MAX_BONUSES);
    gopt_routes_bonus b = {.kind = GOPT_ROUTES_BONUS_ALL, .multiplied = true};
    if (!name_word(t, b.name, "a bonus name", err)) return false;
    long amount;
    if (!int_word(t, 0, 100000, &amount, err)) return false;
    b.amount = (int)amount;
    for (;;) {
        gopt_text_skip_spaces(t);
        if (gopt_text_accept_word(t, "flat ")) b.multiplied = false;
        else if (gopt_text_accept_word(t, "multiplied ")) b.multiplied = true;
        else if (gopt_text_accept_word(t, "once ")) b.once = true;
        else if (gopt_text_accept_word(t, "each ")) b.kind = GOPT_ROUTES_BONUS_EACH;
        else break;
    }
    while (more(t)) {
        if (b.nsets == 2) return gopt_text_fail(t, err, "a bonus has one or two sets of hexes");
        if (!read_bonus_set(r, t, &b.sets[b.nsets++], err)) return false;
    }
    if (b.nsets == 0) return gopt_text_fail(t, err, "expected the bonus's hexes (F16,L12 or D2 F16,L12)");
    if (b.kind == GOPT_ROUTES_BONUS_EACH && b.nsets != 1) return gopt_text_fail_at(t, at, err, "an 'each' bonus has one set of hexes");
    s->bonuses[s->nbonuses++] = b;
    return true;
}

/* ---------------------------------------------------------------- hexes */

static bool is_colour_word(const char *w) {
    gopt_tokens_colour c;
    return gopt_tokens_colour_parse(w, &c);
}

static bool looks_inline(const char *w) {
    static const char *const bare[] = {"city", "town", "offboard", "junction", "halt", "pass", NULL};
    if (strchr(w, '=') || strchr(w, ';')) return true;
    for (int i = 0; bare[i]; i++)
        if (strcmp(w, bare[i]) == 0) return true;
    return false;
}

/* tokens:CITY:NAME,... or tokens:NAME,... (city 0). */
static bool read_tokens(reader *r, gopt_text *t, gopt_text_mark at, const char *list, gopt_routes_hex *h, gopt_error *err) {
    h->ntokens = 0;
    char buf[WORD];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        int city = 0;
        char *colon = strchr(item, ':');
        if (colon) {
            char *end;
            long c = strtol(item, &end, 10);
            if (end != colon || c < 0 || c > 99) return gopt_text_fail_at(t, at, err, "a token is CITY:COMPANY or COMPANY, not '%s'", item);
            city = (int)c;
            item = colon + 1;
        }
        if (!*item || strlen(item) >= GOPT_ROUTES_NAME_SIZE || !name_ok(item))
            return gopt_text_fail_at(t, at, err, "bad company name '%s' in tokens", item);
        if (city >= h->tile.ncities)
            return gopt_text_fail_at(t, at, err, "a token in city %d, but the tile of %s has %d cit%s", city, h->coord,
                                     h->tile.ncities, h->tile.ncities == 1 ? "y" : "ies");
        int held = 0;
        for (int i = 0; i < h->ntokens; i++) {
            if (h->tokens[i].city != city) continue;
            held++;
            if (strcmp(h->tokens[i].company, item) == 0)
                return gopt_text_fail_at(t, at, err, "%s has two tokens in city %d of %s", item, city, h->coord);
        }
        if (held >= h->tile.nodes[h->tile.city_node[city]].slots)
            return gopt_text_fail_at(t, at, err, "city %d of %s has %d slot%s: no room for %s's token", city, h->coord,
                                     h->tile.nodes[h->tile.city_node[city]].slots,
                                     h->tile.nodes[h->tile.city_node[city]].slots == 1 ? "" : "s", item);
        if (h->ntokens == GOPT_TOKENS_MAX_TOKENS) return gopt_text_fail_at(t, at, err, "more than %d tokens on %s", GOPT_TOKENS_MAX_TOKENS, h->coord);
        h->tokens[h->ntokens].city = city;
        snprintf(h->tokens[h->ntokens++].company, GOPT_ROUTES_NAME_SIZE, "%s", item);
    }
    return true;
}

static gopt_routes_hex *hex_slot(reader *r, const char *coord, int x, int y, bool *fresh) {
    gopt_routes_state *s = r->s;
    int i = gopt_routes_hex_find(s, coord);
    *fresh = i < 0;
    if (i >= 0) return &s->hexes[i];
    gopt_grow(&s->hexes, &r->hexes_cap, (size_t)s->nhexes + 1, sizeof *s->hexes);
    gopt_routes_hex *h = &s->hexes[s->nhexes++];
    memset(h, 0, sizeof *h);
    snprintf(h->coord, sizeof h->coord, "%s", coord);
    h->x = x, h->y = y;
    routes_index_hexes(s);
    return h;
}

/* The tile word: a catalogue name (GAME:NAME picks the catalogue) or an inline tile string,
 * with @ROT. */
static bool read_tile(reader *r, gopt_text *t, gopt_text_mark at, char *w, gopt_routes_hex *h, bool coloured,
                      gopt_error *err) {
    char *atsign = strrchr(w, '@');
    h->rotation = 0;
    if (atsign) {
        if (!atsign[1] || atsign[2] || atsign[1] < '0' || atsign[1] > '5')
            return gopt_text_fail_at(t, at, err, "a rotation is @0..@5, not '%s'", atsign);
        h->rotation = atsign[1] - '0';
        *atsign = 0;
    }
    h->tile_name[0] = 0;
    if (looks_inline(w)) {
        gopt_error sub = {0};
        if (!gopt_tokens_tile_parse(&h->tile, w, "tile", &sub)) {
            gopt_text_mark there = at; /* the column of the fault inside the tile string */
            if (sub.col > 1) there.pos += (size_t)(sub.col - 1), there.col += sub.col - 1;
            return gopt_text_fail_at(t, there, err, "%s", sub.msg);
        }
        routes_tile_extra x;
        routes_tile_extra_scan(w, &x);
        h->closed = gopt_tokens_rotate(x.impassable, h->rotation);
        for (int k = 0; k < h->tile.nnodes; k++)
            if (x.group[k][0] && !group_add(r, t, at, x.group[k], (int)(h - r->s->hexes), err)) return false;
        if (!coloured) h->colour = GOPT_TOKENS_UNKNOWN_COLOUR;
        return true;
    }
    const gopt_tokens_tile *tile = NULL;
    char *colon = strchr(w, ':');
    if (colon) {
        *colon = 0;
        if (!add_catalog(r, t, at, w, err)) return false;
        for (int i = 0; i < r->ncatalogs && !tile; i++)
            if (strcmp(r->catalog_names[i], w) == 0) tile = gopt_tokens_catalog_find(r->catalogs[i], colon + 1);
        if (!tile) return gopt_text_fail_at(t, at, err, "catalogue %s has no tile '%s'", w, colon + 1);
        w = colon + 1;
    } else {
        tile = find_tile(r, t, at, w, err);
        if (err->set) return false;
    }
    if (!tile) {
        char names[256] = "";
        size_t n = 0;
        for (int i = 0; i < r->ncatalogs && n < sizeof names; i++)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "", r->catalog_names[i]);
        return gopt_text_fail_at(t, at, err, "no tile '%s' in the catalogues (%s); a tile string holds '=' or ';'", w,
                                 n ? names : "none: say `catalog GAME`");
    }
    h->tile = *tile;
    snprintf(h->tile_name, sizeof h->tile_name, "%s", w);
    if (!coloured) h->colour = tile->colour;
    return true;
}

static bool read_hex(reader *r, gopt_text *t, gopt_error *err) {
    gopt_routes_state *s = r->s;
    gopt_text_mark at = gopt_text_save(t);
    char coord[WORD];
    int x, y;
    if (!word(t, coord, sizeof coord, "a hex", err)) return false;
    if (strlen(coord) >= sizeof s->hexes[0].coord || !routes_coord_xy(coord, s->layout, &x, &y))
        return gopt_text_fail_at(t, at, err, "'%s' is neither a directive nor a hex coordinate (L12)", coord);
    if (s->nhexes == GOPT_ROUTES_MAX_HEXES && gopt_routes_hex_find(s, coord) < 0)
        return gopt_text_fail_at(t, at, err, "more than %d hexes", GOPT_ROUTES_MAX_HEXES);
    bool fresh;
    gopt_routes_hex *h = hex_slot(r, coord, x, y, &fresh);
    int index = (int)(h - s->hexes);
    /* A state lays each hex once: a second line for it (issue 35: `B6 23@1` then `B6 20` was
     * read silently, the later line winning) is a slip, not a tile laid over a tile. Only a
     * game file's preprinted hex is laid over. */
    size_t had = r->laid_cap;
    gopt_grow(&r->laid_line, &r->laid_cap, (size_t)s->nhexes, sizeof *r->laid_line);
    if (r->laid_cap > had) memset(r->laid_line + had, 0, (r->laid_cap - had) * sizeof *r->laid_line);
    if (!r->game_file) {
        if (r->laid_line[index])
            return gopt_text_fail_at(t, at, err, "hex %s is laid twice (line %d laid it already)", coord, r->laid_line[index]);
        r->laid_line[index] = at.line;
    }
    h->line = at.line;
    bool coloured = false, tiled = false;
    h->ntokens = 0;
    while (more(t)) {
        gopt_text_mark wat = gopt_text_save(t);
        char w[4096];
        if (gopt_text_accept_word(t, "name:")) {
            rest_of_line(t, h->name, sizeof h->name);
            break;
        }
        if (!word(t, w, sizeof w, "a tile", err)) return false;
        if (strncmp(w, "tokens:", 7) == 0) {
            if (!tiled && fresh) return gopt_text_fail_at(t, wat, err, "tokens before the tile of %s", coord);
            if (!read_tokens(r, t, wat, w + 7, &s->hexes[index], err)) return false;
        } else if (strncmp(w, "closed:", 7) == 0) {
            uint8_t closed;
            gopt_error sub = {0};
            if (!gopt_tokens_parse_edges(w + 7, "closed", &closed, &sub)) return gopt_text_fail_at(t, wat, err, "closed: %s", sub.msg);
            h->closed |= closed;
        } else if (!tiled && !coloured && is_colour_word(w)) {
            gopt_tokens_colour_parse(w, &h->colour);
            coloured = true;
            gopt_text_skip_spaces(t);
            const char *next = t->data + t->pos;
            if (at_line_end(t) || strncmp(next, "name:", 5) == 0 || strncmp(next, "tokens:", 7) == 0 ||
                strncmp(next, "closed:", 7) == 0) { /* a hex of that colour without track */
                memset(&h->tile, 0, sizeof h->tile);
                h->tile_name[0] = 0;
                h->rotation = 0;
                tiled = true;
            }
        } else if (!tiled) {
            if (!read_tile(r, t, wat, w, h, coloured, err)) return false;
            h = &s->hexes[index]; /* group_add does not move hexes, but stay safe */
            tiled = true;
        } else {
            return gopt_text_fail_at(t, wat, err, "unexpected '%s' after the tile of %s (tokens:..., closed:..., name:...)", w, coord);
        }
    }
    if (!tiled && fresh) return gopt_text_fail_at(t, at, err, "hex %s needs a tile or a colour", coord);
    return true;
}

/* ---------------------------------------------------------------- the state */

static bool directive(reader *r, gopt_text *t, const char *w, gopt_text_mark at, gopt_error *err) {
    gopt_routes_state *s = r->s;
    char buf[WORD];
    if (strcmp(w, "game") == 0) {
        if (r->any || r->game_file) return gopt_text_fail_at(t, at, err, "'game' must be the first line of a state");
        return read_game(r, t, at, err);
    }
    r->any = true;
    if (strcmp(w, "name") == 0) return rest_of_line(t, s->name, sizeof s->name), true;
    if (strcmp(w, "layout") == 0) return read_layout(r, t, err);
    if (strcmp(w, "phases") == 0) return read_phases(r, t, err);
    if (strcmp(w, "phase") == 0) return read_phase(r, t, err);
    if (strcmp(w, "company") == 0) return name_word(t, s->company, "a company", err) && end_of_line(t, err);
    if (strcmp(w, "neutral") == 0) return read_neutral(r, t, err);
    if (strcmp(w, "rules") == 0) return read_rules(r, t, err);
    if (strcmp(w, "type") == 0) return read_type(r, t, err);
    if (strcmp(w, "trains") == 0) return read_trains(r, t, err);
    if (strcmp(w, "group") == 0) return read_group(r, t, err);
    if (strcmp(w, "bonus") == 0) return read_bonus(r, t, err);
    if (strcmp(w, "catalog") == 0) {
        while (more(t)) {
            gopt_text_mark cat = gopt_text_save(t);
            if (!word(t, buf, sizeof buf, "a catalogue", err) || !add_catalog(r, t, cat, buf, err)) return false;
            bool known = false;
            for (int i = 0; i < s->ncatalogs; i++) known |= strcmp(s->catalogs[i], buf) == 0;
            if (!known && s->ncatalogs < 8 && strlen(buf) < sizeof s->catalogs[0]) snprintf(s->catalogs[s->ncatalogs++], sizeof s->catalogs[0], "%s", buf);
        }
        return true;
    }
    if (strcmp(w, "manifest") == 0) {
        while (more(t)) {
            gopt_text_mark mat = gopt_text_save(t);
            if (!word(t, buf, sizeof buf, "a tile name", err)) return false;
            if (!find_tile(r, t, mat, buf, err)) return err->set ? false : gopt_text_fail_at(t, mat, err, "no tile '%s' in the catalogues", buf);
            if (s->nmanifest == GOPT_ROUTES_MANIFEST) return gopt_text_fail_at(t, mat, err, "more than %d tiles in the manifest", GOPT_ROUTES_MANIFEST);
            snprintf(s->manifest[s->nmanifest++], GOPT_TOKENS_NAME_SIZE, "%s", buf);
        }
        return true;
    }
    if (strcmp(w, "map") == 0) {
        gopt_text_skip_spaces(t);
        gopt_text_mark mat = gopt_text_save(t);
        if (!word(t, buf, sizeof buf, "a map", err)) return false;
        gopt_error sub = {0};
        gopt_tokens_map *m = gopt_tokens_map_open(buf, &sub);
        if (!m) return gopt_text_fail_at(t, mat, err, "map '%s': %s", buf, sub.msg);
        /* every hex the map lists: sides that lead nowhere are closed */
        for (int i = 0; i < s->nhexes; i++) {
            uint8_t open;
            gopt_error none = {0};
            if (gopt_tokens_map_open_edges(m, s->hexes[i].coord, &open, &none)) s->hexes[i].closed |= (uint8_t)(~open & 0x3F);
        }
        gopt_tokens_map_free(m);
        s->map_known = true;
        return end_of_line(t, err);
    }
    return false; /* not a directive */
}

static bool read_line(reader *r, gopt_text *t, gopt_error *err) {
    gopt_text_mark at = gopt_text_save(t);
    int c = gopt_text_peek(t);
    if (isupper(c)) {
        r->any = true;
        return read_hex(r, t, err);
    }
    char w[64];
    if (!word(t, w, sizeof w, "a directive", err)) return false;
    if (directive(r, t, w, at, err)) return true;
    if (err->set) return false;
    return gopt_text_fail_at(t, at, err,
                             "unknown directive '%s' (game, name, layout, map, catalog, manifest, phases, phase, company, neutral, rules, "
                             "type, trains, group, bonus, or a hex such as L12)",
                             w);
}

/* Reads lines until `---` or the end. */
static bool read_lines(reader *r, gopt_text *t, gopt_error *err) {
    for (;;) {
        gopt_text_skip_ws_comments(t, '#');
        if (gopt_text_eof(t)) return true;
        if (gopt_text_peek(t) == '-' && gopt_text_peek_at(t, 1) == '-' && gopt_text_peek_at(t, 2) == '-') {
            size_t n;
            gopt_text_line(t, &n);
            return true;
        }
        if (!read_line(r, t, err)) return false;
        if (!end_of_line(t, err)) return false;
    }
}

static bool read_game(reader *r, gopt_text *t, gopt_text_mark at, gopt_error *err) {
    gopt_routes_state *s = r->s;
    char game[WORD];
    gopt_text_skip_spaces(t);
    gopt_text_mark gat = gopt_text_save(t);
    if (!word(t, game, sizeof game, "a game", err)) return false;
    char lower[64], relative[128], path[1024];
    size_t n = 0;
    for (; game[n] && n + 1 < sizeof lower; n++) {
        if (!isalnum((unsigned char)game[n]) && game[n] != '_' && game[n] != '-')
            return gopt_text_fail_at(t, gat, err, "'%s' is not a game name", game);
        lower[n] = (char)tolower((unsigned char)game[n]);
    }
    lower[n] = 0;
    snprintf(relative, sizeof relative, "routes/games/%s.txt", lower);
    if (!gopt_data_path(relative, path, sizeof path))
        return gopt_text_fail_at(t, gat, err, "no bundled game '%s' (data/routes/games/: 1830, 1867, 1889)", game);
    gopt_text g;
    if (!gopt_text_load(&g, path, err)) return false;
    snprintf(g.name, sizeof g.name, "routes/games/%s.txt", lower);
    r->game_file = true;
    bool ok = read_lines(r, &g, err);
    r->game_file = false;
    gopt_text_free(&g);
    (void)at;
    if (ok) snprintf(s->game, sizeof s->game, "%s", game);
    r->any = true;
    return ok;
}

static bool finish(reader *r, gopt_text *t, gopt_error *err) {
    gopt_routes_state *s = r->s;
    if (!s->nhexes) return gopt_text_fail(t, err, "the state has no hexes");
    if (!s->company[0]) return gopt_text_fail(t, err, "the state names no company (`company NAME`)");
    if (!s->phase_colour) s->phase_colour = GOPT_TOKENS_GRAY;
    if (!s->phase[0]) snprintf(s->phase, sizeof s->phase, "%s", gopt_tokens_colour_name(s->phase_colour));
    return true;
}

int gopt_routes_read(gopt_text *t, gopt_routes_state **out, gopt_error *err) {
    *out = NULL;
    gopt_text_skip_ws_comments(t, '#');
    while (gopt_text_peek(t) == '-' && gopt_text_peek_at(t, 1) == '-' && gopt_text_peek_at(t, 2) == '-') {
        size_t n;
        gopt_text_line(t, &n);
        gopt_text_skip_ws_comments(t, '#');
    }
    if (gopt_text_eof(t)) return 0;
    reader r = {.s = gopt_calloc(1, sizeof *r.s)};
    bool ok = read_lines(&r, t, err) && finish(&r, t, err);
    for (int i = 0; i < r.ncatalogs; i++) gopt_tokens_catalog_free(r.catalogs[i]);
    free(r.laid_line);
    if (!ok) {
        gopt_routes_free(r.s);
        return -1;
    }
    *out = r.s;
    return 1;
}

gopt_routes_state *gopt_routes_parse(const char *name, const char *text, gopt_error *err) {
    gopt_text t;
    gopt_text_from_string(&t, name, text);
    gopt_routes_state *s = NULL;
    int r = gopt_routes_read(&t, &s, err);
    if (r == 0) gopt_text_fail(&t, err, "no state in the input");
    gopt_text_free(&t);
    return s;
}

void gopt_routes_free(gopt_routes_state *s) {
    if (!s) return;
    free(s->hexes);
    free(s->cell);
    free(s);
}
