/* The tile language of 18xx.games: `type=key:value,key:value;type=...`, e.g.
 *     city=revenue:40,loc:5;path=a:1,b:_0;label=M
 * Parts are separated by ';' (one trailing ';' is allowed); `_N` in a path names the N-th
 * revenue centre or junction declared before it. Every part type and key of the language is
 * known here; the ones that do not matter for tokens (terrain, borders, icons ...) are
 * checked for form and then dropped. Errors name the column of the offending part. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "games/tokens/internal.h"

/* A value: the bytes up to the next ',' or ';' or the end of the line. */
typedef struct value {
    const char *s;
    size_t len;
    gopt_text_mark at;
    bool cut_by_part; /* a '=' ended it: a published string that lacks a ';' (read_params) */
} value;

typedef struct part_type part_type;
typedef bool (*param_fn)(gopt_tokens_tile *tile, gopt_text *t, const char *key, const value *v, gopt_error *err);

struct part_type {
    const char *name;
    const char *const *keys; /* the keys it takes; NULL: a free text (label) */
    int node;                /* the node kind it declares, or -1 */
    param_fn param;          /* stores one key's value, or NULL to check nothing more */
};

static bool value_is(const value *v, const char *word) { return v->len == strlen(word) && memcmp(v->s, word, v->len) == 0; }

/* Reads a whole number in [min, max] from a value. */
static bool value_int(const gopt_text *t, const value *v, long min, long max, const char *what, long *out,
                      gopt_error *err) {
    long n = 0;
    bool ok = v->len > 0 && v->len <= 9;
    for (size_t i = 0; ok && i < v->len; i++) {
        if (v->s[i] < '0' || v->s[i] > '9') ok = false;
        else n = n * 10 + (v->s[i] - '0');
    }
    if (!ok || n < min || n > max)
        return gopt_text_fail_at(t, v->at, err, "%s must be a whole number in %ld..%ld, not '%.*s'", what, min, max,
                                 (int)v->len, v->s);
    *out = n;
    return true;
}

static bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_hex_digit(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

/* A revenue as 18xx.games writes it: a whole number (40), or per-phase amounts joined by '|',
 * each named by a colour word or a colour code before '_' (yellow_40|green_50,
 * #cb7743_50|brown_60, #FFFFFF_10|black_40). A sign is read only where the game gives
 * one (an offboard that costs: 1880's revenue:-10); letters alone or a missing amount
 * are typing mistakes, not revenues. */
static bool revenue_ok(const value *v, bool signed_ok) {
    size_t i = 0;
    while (i < v->len) {
        size_t word = i;
        if (v->s[i] == '#') {
            i++;
            while (i < v->len && is_hex_digit(v->s[i])) i++;
            if (i - word - 1 != 3 && i - word - 1 != 6) return false;
        } else {
            while (i < v->len && is_letter(v->s[i])) i++;
        }
        if (i > word) { /* a phase name needs its amount after '_' */
            if (i >= v->len || v->s[i] != '_') return false;
            i++;
        }
        if (signed_ok && i < v->len && v->s[i] == '-') i++;
        size_t digits = i;
        while (i < v->len && v->s[i] >= '0' && v->s[i] <= '9') i++;
        if (i == digits || i - digits > 9) return false;
        if (i < v->len && (v->s[i] != '|' || i + 1 == v->len)) return false;
        if (i < v->len) i++;
    }
    return v->len > 0;
}

static gopt_tokens_node *last_node(gopt_tokens_tile *tile) { return &tile->nodes[tile->nnodes - 1]; }

/* city, town, pass, halt, offboard: the keys that matter are revenue, slots and loc. */
static bool node_param(gopt_tokens_tile *tile, gopt_text *t, const char *key, const value *v, gopt_error *err) {
    gopt_tokens_node *n = last_node(tile);
    if (strcmp(key, "revenue") == 0) {
        if (!revenue_ok(v, n->kind == GOPT_TOKENS_OFFBOARD))
            return gopt_text_fail_at(t, v->at, err,
                                     "revenue must be a whole number >= 0 or phase revenues like yellow_20|brown_40 "
                                     "or #cb7743_50|brown_60, not '%.*s'",
                                     (int)v->len, v->s);
        if (v->len >= sizeof n->revenue)
            return gopt_text_fail_at(t, v->at, err, "revenue is longer than %zu characters", sizeof n->revenue - 1);
        memcpy(n->revenue, v->s, v->len);
        n->revenue[v->len] = 0;
    } else if (strcmp(key, "slots") == 0) {
        long slots = 0;
        if (!value_int(t, v, 0, GOPT_TOKENS_MAX_SLOTS, "slots", &slots, err)) return false;
        n->slots = (int)slots;
    } else if (strcmp(key, "loc") == 0) {
        n->has_loc = true;
        if (value_is(v, "center")) {
            n->loc = -1;
            return true;
        }
        char buf[32];
        char *end;
        bool ok = v->len > 0 && v->len < sizeof buf && ((v->s[0] >= '0' && v->s[0] <= '9') || v->s[0] == '.');
        if (ok) {
            memcpy(buf, v->s, v->len);
            buf[v->len] = 0;
            n->loc = strtod(buf, &end);
            ok = *end == 0 && n->loc >= 0 && n->loc < 1e6;
            /* Positions go round the hex: 18xx.games draws loc:7 where loc:1 is, and 18CO
             * writes loc:16.5 for 4.5. */
            if (ok && n->loc > 6) n->loc = fmod(n->loc, 6);
        }
        if (!ok) return gopt_text_fail_at(t, v->at, err, "loc must be 'center' or a number >= 0, not '%.*s'", (int)v->len, v->s);
    } else if (strcmp(key, "reservation") == 0) {
        if (v->len >= sizeof n->reservation)
            return gopt_text_fail_at(t, v->at, err, "reservation is longer than %zu characters", sizeof n->reservation - 1);
        memcpy(n->reservation, v->s, v->len);
        n->reservation[v->len] = 0;
    }
    return true;
}

/* A path end: an edge 0..5 or `_N`, a node declared before. 18xx.games reads edge 6 as
 * edge 0 (it turns every edge modulo 6: 18FR numbers a tile's edges 1..6), and reads the
 * number after `_` up to the first non-digit, which matters only where a published string
 * lacks a ';' before the next part (1840's `b:_1border=edge:4`, see read_params). */
static bool path_end(gopt_tokens_tile *tile, gopt_text *t, const value *v, int8_t *end, gopt_error *err) {
    if (v->len == 1 && v->s[0] >= '0' && v->s[0] <= '6') {
        *end = (int8_t)((v->s[0] - '0') % GOPT_TOKENS_EDGES);
        return true;
    }
    if (v->len >= 2 && v->s[0] == '_') {
        size_t digits = 1;
        while (digits < v->len && v->s[digits] >= '0' && v->s[digits] <= '9') digits++;
        value rest = {v->s + 1, (v->cut_by_part ? digits : v->len) - 1, v->at, false};
        long k = 0;
        if (!value_int(t, &rest, 0, GOPT_TOKENS_MAX_NODES - 1, "a node reference _N", &k, err)) return false;
        if (k >= tile->nnodes)
            return gopt_text_fail_at(t, v->at, err, "_%ld names no revenue centre or junction (%d declared before this path)",
                                     k, tile->nnodes);
        *end = (int8_t)(GOPT_TOKENS_NODE_END + k);
        return true;
    }
    return gopt_text_fail_at(t, v->at, err, "a path end is an edge 0..5 or _N (the N-th revenue centre), not '%.*s'",
                             (int)v->len, v->s);
}

static bool path_param(gopt_tokens_tile *tile, gopt_text *t, const char *key, const value *v, gopt_error *err) {
    gopt_tokens_path *p = &tile->paths[tile->npaths - 1];
    if (strcmp(key, "a") == 0) return path_end(tile, t, v, &p->a, err);
    if (strcmp(key, "b") == 0) return path_end(tile, t, v, &p->b, err);
    if (strcmp(key, "track") == 0) {
        if (value_is(v, "broad")) p->track = GOPT_TOKENS_BROAD;
        else if (value_is(v, "narrow")) p->track = GOPT_TOKENS_NARROW;
        else if (value_is(v, "dual")) p->track = GOPT_TOKENS_DUAL;
        /* 1822MX's thin sea lanes carry neither gauge's trains. */
        else if (value_is(v, "thin")) p->track = GOPT_TOKENS_OTHER_TRACK;
        /* 1840's and 1844's printed future track is not track yet: 18xx.games keeps it
         * apart from the tile's paths, and so do we (close_part drops it). */
        else if (value_is(v, "future")) p->track = GOPT_TOKENS_FUTURE_TRACK;
        else return gopt_text_fail_at(t, v->at, err, "track must be broad, narrow, dual, thin or future, not '%.*s'", (int)v->len, v->s);
    } else if (strcmp(key, "lanes") == 0) {
        long lanes;
        return value_int(t, v, 1, 9, "lanes", &lanes, err);
    } else if (strcmp(key, "terminal") == 0) {
        /* The engine keeps the value as written and compares it with '1' (a long spike); any
         * other value is a terminal too (18NY's A17 runs `terminal:1path=...` together). */
        p->terminal = value_is(v, "1") ? 1 : 2;
    }
    return true;
}

/* border and stub name an edge. */
static bool edge_param(gopt_tokens_tile *tile, gopt_text *t, const char *key, const value *v, gopt_error *err) {
    long e;
    return strcmp(key, "edge") != 0 || value_int(t, v, 0, 5, "edge", &e, err);
}

/* A stub marks an edge where track must come (the tile's `stubs`). */
static bool stub_param(gopt_tokens_tile *tile, gopt_text *t, const char *key, const value *v, gopt_error *err) {
    long e = 0;
    if (strcmp(key, "edge") != 0) return true;
    if (!value_int(t, v, 0, 5, "edge", &e, err)) return false;
    tile->stubs |= (uint8_t)(1u << e);
    tile->stub_marks |= (uint8_t)(1u << e);
    return true;
}

/* A partition's vertex: 0..5, then '-' or '+' that only moves the drawing (the engine reads
 * the first character as the vertex and the second as the sign: part/partition.rb). */
static bool vertex_value(const gopt_text *t, const value *v, int8_t *vertex, int8_t *sign, gopt_error *err) {
    if (v->len < 1 || v->len > 2 || v->s[0] < '0' || v->s[0] > '5' || (v->len == 2 && v->s[1] != '-' && v->s[1] != '+'))
        return gopt_text_fail_at(t, v->at, err, "a partition vertex is 0..5, maybe followed by - or +, not '%.*s'", (int)v->len, v->s);
    *vertex = (int8_t)(v->s[0] - '0');
    *sign = (int8_t)(v->len == 1 ? 0 : v->s[1] == '-' ? -1 : 1);
    return true;
}

/* A partition's vertices, restriction and type (the tile's `partitions`). */
static bool partition_param(gopt_tokens_tile *tile, gopt_text *t, const char *key, const value *v, gopt_error *err) {
    gopt_tokens_partition *p = &tile->partitions[tile->npartitions - 1];
    if (strcmp(key, "a") == 0) return vertex_value(t, v, &p->a, &p->a_sign, err);
    if (strcmp(key, "b") == 0) return vertex_value(t, v, &p->b, &p->b_sign, err);
    if (strcmp(key, "restrict") == 0) {
        if (value_is(v, "inner")) p->restrict_to = GOPT_TOKENS_PARTITION_INNER;
        else if (value_is(v, "outer")) p->restrict_to = GOPT_TOKENS_PARTITION_OUTER;
        else return gopt_text_fail_at(t, v->at, err, "restrict must be inner or outer, not '%.*s'", (int)v->len, v->s);
    } else if (strcmp(key, "type") == 0) {
        if (v->len >= sizeof p->type)
            return gopt_text_fail_at(t, v->at, err, "type is longer than %zu characters", sizeof p->type - 1);
        memcpy(p->type, v->s, v->len);
        p->type[v->len] = 0;
    }
    return true;
}

/* Every key 18xx.games reads (lib/engine/tile.rb), and the few that published strings
 * carry and it passes over (a path's loc, an icon's visit_cost, an offboard's loc, an
 * upgrade's sticky): read and dropped as it does. Other keys are typing mistakes. */
static const char *const path_keys[] = {"a", "b", "terminal", "lanes", "a_lane", "b_lane", "track", "ignore", "loc", NULL};
static const char *const city_keys[] = {"revenue", "slots", "groups", "hide", "visit_cost", "route", "format", "boom",
                                        "loc", "outline", "reservation", NULL};
static const char *const town_keys[] = {"revenue", "groups", "hide", "visit_cost", "route", "format", "loc", "boom",
                                        "style", "to_city", NULL};
static const char *const halt_keys[] = {"symbol", "revenue", "groups", "hide", "visit_cost", "route", "format", "loc", NULL};
static const char *const pass_keys[] = {"revenue", "slots", "groups", "hide", "visit_cost", "route", "format", "boom",
                                        "loc", "color", "size", NULL};
static const char *const offboard_keys[] = {"revenue", "groups", "hide", "visit_cost", "route", "format", "rows", "loc", NULL};
static const char *const no_keys[] = {NULL};
static const char *const future_label_keys[] = {"label", "color", NULL};
static const char *const upgrade_keys[] = {"cost", "terrain", "size", "loc", "sticky", NULL};
static const char *const border_keys[] = {"edge", "type", "cost", "color", NULL};
static const char *const icon_keys[] = {"image", "name", "sticky", "blocks_lay", "large", "loc", "visit_cost", NULL};
static const char *const stub_keys[] = {"edge", NULL};
static const char *const partition_keys[] = {"a", "b", "type", "restrict", "length", NULL};
static const char *const frame_keys[] = {"color", "color2", NULL};
static const char *const stripes_keys[] = {"color", NULL};

static const part_type part_types[] = {
    {"path", path_keys, -1, path_param},
    {"city", city_keys, GOPT_TOKENS_CITY, node_param},
    {"town", town_keys, GOPT_TOKENS_TOWN, node_param},
    {"offboard", offboard_keys, GOPT_TOKENS_OFFBOARD, node_param},
    {"halt", halt_keys, GOPT_TOKENS_HALT, node_param},
    {"pass", pass_keys, GOPT_TOKENS_PASS, node_param},
    {"junction", no_keys, GOPT_TOKENS_JUNCTION, NULL},
    {"label", NULL, -1, NULL},
    {"future_label", future_label_keys, -1, NULL},
    {"upgrade", upgrade_keys, -1, NULL},
    {"border", border_keys, -1, edge_param},
    {"icon", icon_keys, -1, NULL},
    {"stub", stub_keys, -1, stub_param},
    {"partition", partition_keys, -1, partition_param},
    {"frame", frame_keys, -1, NULL},
    {"stripes", stripes_keys, -1, NULL},
    {"blank", no_keys, -1, NULL}, /* 1844's B21: a hex with nothing on it */
};
#define NPART_TYPES (sizeof part_types / sizeof part_types[0])

static bool at_part_end(const gopt_text *t) {
    int c = gopt_text_peek(t);
    return c < 0 || c == '\n' || c == ';';
}

static bool is_word_char(int c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

/* A lower-case word (part type or key) into buf; empty when none comes next. */
static void read_word(gopt_text *t, char *buf, size_t size) {
    size_t n = 0;
    while (is_word_char(gopt_text_peek(t))) {
        int c = gopt_text_next(t);
        if (n + 1 < size) buf[n++] = (char)c;
    }
    buf[n] = 0;
}

/* The bytes up to ',' ';' or the line's end; `stop_at_comma` false for labels. A '=' also
 * ends a parameter's value: 18xx.games reads a part only up to its second '=', so where a
 * published string lacks a ';' (`path=a:3,b:_1border=edge:4`) the rest is dropped there
 * as here (read_params). */
static bool read_value(gopt_text *t, bool stop_at_comma, value *v, gopt_error *err) {
    v->at = gopt_text_save(t);
    v->s = t->data + t->pos;
    v->cut_by_part = false;
    for (;;) {
        int c = gopt_text_peek(t);
        if (c < 0 || c == '\n' || c == ';' || (stop_at_comma && c == ',')) break;
        if (stop_at_comma && c == '=') {
            v->cut_by_part = true;
            break;
        }
        if (c < 0x20 || c == 0x7F) return gopt_text_fail(t, err, "unexpected control character (byte 0x%02X)", (unsigned)c);
        gopt_text_next(t);
    }
    v->len = (size_t)(t->data + t->pos - v->s);
    if (v->len == 0 && stop_at_comma) {
        char found[32];
        return gopt_text_fail(t, err, "expected a value, found %s", gopt_text_describe(gopt_text_peek(t), found, sizeof found));
    }
    return true;
}

/* Keys whose value the model keeps: given twice, which one is meant is a guess, so that is
 * an error. 18xx.games takes the last of any key given twice, which published strings rely
 * on only for keys we drop (1868 Wyoming's offboards name `groups` twice). */
static bool key_matters(const char *key) {
    static const char *const kept[] = {"a", "b", "track", "revenue", "slots", "loc", "reservation", "edge", "terminal", "restrict", NULL};
    for (const char *const *k = kept; *k; k++)
        if (strcmp(*k, key) == 0) return true;
    return false;
}

static bool key_allowed(const part_type *pt, const char *key) {
    for (const char *const *k = pt->keys; *k; k++)
        if (strcmp(*k, key) == 0) return true;
    return false;
}

static void list_keys(const part_type *pt, char *buf, size_t size) {
    size_t n = 0;
    buf[0] = 0;
    for (const char *const *k = pt->keys; *k && n < size; k++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", k == pt->keys ? "" : ", ", *k);
}

/* key:value{,key:value} for one part; a key that matters at most once; one ',' may end the
 * list (18CO writes `path=a:0,b:_0,;`). */
static bool read_params(gopt_tokens_tile *tile, gopt_text *t, const part_type *pt, gopt_error *err) {
    const char *seen[16];
    int nseen = 0;
    if (!pt->keys[0]) return gopt_text_fail(t, err, "%s takes no parameters", pt->name);
    do {
        if (nseen > 0 && at_part_end(t)) break; /* a trailing ',' */
        gopt_text_mark at = gopt_text_save(t);
        char key[32];
        read_word(t, key, sizeof key);
        if (!key[0] || gopt_text_peek(t) != ':') {
            char keys[256];
            list_keys(pt, keys, sizeof keys);
            return gopt_text_fail_at(t, at, err, "expected KEY:VALUE in %s (keys: %s)", pt->name, keys);
        }
        if (!key_allowed(pt, key)) {
            char keys[256];
            list_keys(pt, keys, sizeof keys);
            return gopt_text_fail_at(t, at, err, "unknown %s key '%s' (keys: %s)", pt->name, key, keys);
        }
        for (int i = 0; i < nseen; i++)
            if (strcmp(seen[i], key) == 0 && key_matters(key))
                return gopt_text_fail_at(t, at, err, "%s given twice in one %s", key, pt->name);
        for (const char *const *k = pt->keys; *k; k++)
            if (strcmp(*k, key) == 0 && nseen < 16) seen[nseen++] = *k;
        gopt_text_next(t); /* ':' */
        value v;
        if (!read_value(t, true, &v, err)) return false;
        if (pt->param && !pt->param(tile, t, key, &v, err)) return false;
        if (v.cut_by_part) { /* the rest of the part, as 18xx.games drops it */
            while (!at_part_end(t)) gopt_text_next(t);
            break;
        }
    } while (gopt_text_accept(t, ','));
    return true; /* read_value stopped at ';' or the line's end */
}

static bool add_label(gopt_tokens_tile *tile, gopt_text *t, gopt_error *err) {
    value v;
    if (!read_value(t, false, &v, err)) return false;
    if (v.len == 0) return true; /* 18Dixie's 599 writes `label=;label=Chat`: no label */
    if (tile->nlabels == GOPT_TOKENS_MAX_LABELS)
        return gopt_text_fail_at(t, v.at, err, "more than %d labels", GOPT_TOKENS_MAX_LABELS);
    if (v.len >= GOPT_TOKENS_NAME_SIZE)
        return gopt_text_fail_at(t, v.at, err, "label is longer than %d characters", GOPT_TOKENS_NAME_SIZE - 1);
    memcpy(tile->labels[tile->nlabels], v.s, v.len);
    tile->labels[tile->nlabels++][v.len] = 0;
    return true;
}

/* Starts the part's node or path (so parameters can fill it in). */
static bool open_part(gopt_tokens_tile *tile, gopt_text *t, gopt_text_mark at, const part_type *pt, gopt_error *err) {
    if (pt->node >= 0) {
        if (tile->nnodes == GOPT_TOKENS_MAX_NODES)
            return gopt_text_fail_at(t, at, err, "more than %d revenue centres and junctions", GOPT_TOKENS_MAX_NODES);
        if (pt->node == GOPT_TOKENS_CITY && tile->ncities == GOPT_TOKENS_MAX_CITIES)
            return gopt_text_fail_at(t, at, err, "more than %d cities", GOPT_TOKENS_MAX_CITIES);
        gopt_tokens_node *n = &tile->nodes[tile->nnodes++];
        memset(n, 0, sizeof *n);
        n->kind = (gopt_tokens_node_kind)pt->node;
        n->slots = pt->node == GOPT_TOKENS_CITY ? 1 : 0;
        n->loc = -1;
    } else if (strcmp(pt->name, "path") == 0) {
        if (tile->npaths == GOPT_TOKENS_MAX_PATHS)
            return gopt_text_fail_at(t, at, err, "more than %d paths", GOPT_TOKENS_MAX_PATHS);
        tile->paths[tile->npaths++] = (gopt_tokens_path){-1, -1, GOPT_TOKENS_BROAD, 0};
    } else if (strcmp(pt->name, "partition") == 0) {
        if (tile->npartitions == GOPT_TOKENS_MAX_PARTITIONS)
            return gopt_text_fail_at(t, at, err, "more than %d partitions", GOPT_TOKENS_MAX_PARTITIONS);
        tile->partitions[tile->npartitions++] = (gopt_tokens_partition){.a = -1, .b = -1};
    }
    return true;
}

/* What a finished part must have: both path ends, distinct; a city's slots. */
static bool close_part(gopt_tokens_tile *tile, gopt_text *t, gopt_text_mark at, const part_type *pt, gopt_error *err) {
    if (pt->node >= 0) {
        gopt_tokens_node *n = last_node(tile);
        if (n->kind == GOPT_TOKENS_CITY) tile->city_node[tile->ncities++] = (int8_t)(tile->nnodes - 1);
        if (n->kind == GOPT_TOKENS_TOWN) tile->town_node[tile->ntowns++] = (int8_t)(tile->nnodes - 1);
        if (n->kind != GOPT_TOKENS_CITY && n->kind != GOPT_TOKENS_PASS) n->slots = 0;
    } else if (strcmp(pt->name, "path") == 0) {
        const gopt_tokens_path *p = &tile->paths[tile->npaths - 1];
        if (p->a < 0 || p->b < 0) return gopt_text_fail_at(t, at, err, "a path needs both ends a: and b:");
        /* An edge to itself is a terminal stub at the hex side (1858India's ports): track
         * there, through nothing. A node to itself means nothing. */
        if (p->a == p->b && p->a >= GOPT_TOKENS_NODE_END) return gopt_text_fail_at(t, at, err, "a path must join two different ends");
        if (p->track == GOPT_TOKENS_FUTURE_TRACK) { /* not track yet, but where track must come */
            if (p->a < GOPT_TOKENS_NODE_END) tile->future |= (uint8_t)(1u << p->a);
            if (p->b < GOPT_TOKENS_NODE_END) tile->future |= (uint8_t)(1u << p->b);
            tile->stubs = tile->stub_marks | tile->future;
            tile->npaths--;
        }
    } else if (strcmp(pt->name, "partition") == 0) {
        gopt_tokens_partition *p = &tile->partitions[tile->npartitions - 1];
        if (p->a < 0 || p->b < 0) return gopt_text_fail_at(t, at, err, "a partition needs both vertices a: and b:");
        gopt_tokens_partition_sides(p);
    }
    return true;
}

static const part_type *find_part_type(const char *name) {
    for (size_t i = 0; i < NPART_TYPES; i++)
        if (strcmp(part_types[i].name, name) == 0) return &part_types[i];
    return NULL;
}

static bool read_part(gopt_tokens_tile *tile, gopt_text *t, gopt_error *err) {
    gopt_text_mark at = gopt_text_save(t);
    char name[32];
    read_word(t, name, sizeof name);
    if (!name[0]) {
        char found[32];
        return gopt_text_fail(t, err, "expected a part such as city, town, path or label, found %s",
                              gopt_text_describe(gopt_text_peek(t), found, sizeof found));
    }
    const part_type *pt = find_part_type(name);
    if (!pt)
        return gopt_text_fail_at(t, at, err,
                                 "unknown part '%s' (parts: city, town, path, label, junction, offboard, halt, pass, "
                                 "upgrade, border, icon, stub, partition, frame, stripes, future_label, blank)",
                                 name);
    if (!open_part(tile, t, at, pt, err)) return false;
    if (gopt_text_accept(t, '=')) {
        if (!pt->keys) {
            if (!add_label(tile, t, err)) return false;
        } else if (!read_params(tile, t, pt, err)) {
            return false;
        }
    } else if (!pt->keys) {
        return gopt_text_fail(t, err, "expected '=' and the label's text");
    } else if (!at_part_end(t)) {
        char found[32];
        return gopt_text_fail(t, err, "expected '=' or ';' after '%s', found %s", name,
                              gopt_text_describe(gopt_text_peek(t), found, sizeof found));
    }
    return close_part(tile, t, at, pt, err);
}

/* Parts up to the end of the line. */
static bool read_parts(gopt_tokens_tile *tile, gopt_text *t, gopt_error *err) {
    int c = gopt_text_peek(t);
    while (c >= 0 && c != '\n') {
        if (!read_part(tile, t, err)) return false;
        if (gopt_text_accept(t, ';')) {
            c = gopt_text_peek(t);
            continue; /* a ';' at the end is allowed, as 18xx.games writes some tiles */
        }
        c = gopt_text_peek(t);
    }
    return true;
}

bool gopt_tokens_tile_read(gopt_tokens_tile *tile, gopt_text *t, gopt_error *err) {
    memset(tile, 0, sizeof *tile);
    if (!read_parts(tile, t, err)) return false;
    tokens_tile_finish(tile);
    return true;
}

/* A string given whole (not a line of a file) may run over several lines, as 22Mars's
 * map writes long hexes: a line break and blanks between parts separate them like ';'. */
bool gopt_tokens_tile_parse(gopt_tokens_tile *tile, const char *code, const char *where, gopt_error *err) {
    gopt_text t;
    gopt_text_from_string(&t, where, code);
    memset(tile, 0, sizeof *tile);
    bool ok = read_parts(tile, &t, err);
    while (ok && gopt_text_accept(&t, '\n')) {
        while (gopt_text_peek(&t) == ' ' || gopt_text_peek(&t) == '\t' || gopt_text_peek(&t) == '\n') gopt_text_next(&t);
        gopt_text_accept(&t, ';'); /* 1829's C8 breaks its line before `;label=BGM` */
        ok = read_parts(tile, &t, err);
    }
    if (ok) tokens_tile_finish(tile);
    gopt_text_free(&t);
    return ok;
}
