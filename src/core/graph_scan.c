/* The first, linear reading of graph files (see graph_scan.h). The rules are igraph 0.10's:
 * its NCOL lexer (src/io/ncol-lexer.l, ncol-parser.y), its GML lexer, grammar and
 * igraph_read_graph_gml's checks (src/io/gml-lexer.l, gml-parser.y, gml.c), and the elements
 * its GraphML reader turns into nodes and edges. Edge lists are checked in graph.c. */
#include "core/graph_scan.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"

/* ---- a cursor that knows its line and column ---- */

typedef struct cursor {
    const char *name, *s;
    size_t len, pos;
    int line, col;
} cursor;

static int peek(const cursor *c) { return c->pos < c->len ? (unsigned char)c->s[c->pos] : -1; }
static int peek_at(const cursor *c, size_t k) { return c->pos + k < c->len ? (unsigned char)c->s[c->pos + k] : -1; }

/* Moves one byte on: "\r\n", "\r" and "\n" end a line (as igraph's lexers count them);
 * columns count UTF-8 characters. */
static void advance(cursor *c) {
    unsigned char b = (unsigned char)c->s[c->pos++];
    if (b == '\n' || (b == '\r' && peek(c) != '\n')) c->line++, c->col = 1;
    else if (b != '\r' && (b & 0xC0) != 0x80) c->col++;
}

static gopt_place here(const cursor *c) { return (gopt_place){c->line, c->col}; }

static bool fail_at(const cursor *c, gopt_place at, gopt_error *err, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool fail_at(const cursor *c, gopt_place at, gopt_error *err, const char *fmt, ...) {
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return gopt_fail(err, c->name, at.line, at.col, "%s", msg);
}

static void add_place(gopt_place **list, size_t *cap, int *n, gopt_place at) {
    gopt_grow(list, cap, (size_t)*n + 1, sizeof **list);
    (*list)[(*n)++] = at;
}

/* ---- a set of byte strings (NCOL names) or numbers (GML ids): open addressing ---- */

typedef struct key_set {
    const char **key; /* NULL for numbers */
    size_t *klen;
    long *num;
    bool *used;
    size_t cap, count;
} key_set;

static uint64_t hash_bytes(const char *s, size_t n) {
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static uint64_t hash_num(long v) { return (uint64_t)v * 0x9E3779B97F4A7C15ull; }

static void set_free(key_set *k) {
    free(k->key);
    free(k->klen);
    free(k->num);
    free(k->used);
    memset(k, 0, sizeof *k);
}

static bool set_add(key_set *k, const char *s, size_t n, long v, bool strings);

static void set_grow(key_set *k, bool strings) {
    key_set old = *k;
    k->cap = old.cap ? old.cap * 2 : 64;
    k->count = 0;
    k->used = gopt_calloc(k->cap, sizeof *k->used);
    k->key = strings ? gopt_calloc(k->cap, sizeof *k->key) : NULL;
    k->klen = strings ? gopt_calloc(k->cap, sizeof *k->klen) : NULL;
    k->num = strings ? NULL : gopt_calloc(k->cap, sizeof *k->num);
    for (size_t i = 0; i < old.cap; i++)
        if (old.used[i]) set_add(k, strings ? old.key[i] : NULL, strings ? old.klen[i] : 0, strings ? 0 : old.num[i], strings);
    set_free(&old);
}

/* Adds a key; false when it was there already. */
static bool set_add(key_set *k, const char *s, size_t n, long v, bool strings) {
    if (2 * (k->count + 1) > k->cap) set_grow(k, strings);
    size_t i = (size_t)((strings ? hash_bytes(s, n) : hash_num(v)) & (k->cap - 1));
    for (; k->used[i]; i = (i + 1) & (k->cap - 1)) {
        if (strings && k->klen[i] == n && memcmp(k->key[i], s, n) == 0) return false;
        if (!strings && k->num[i] == v) return false;
    }
    k->used[i] = true;
    if (strings) k->key[i] = s, k->klen[i] = n;
    else k->num[i] = v;
    k->count++;
    return true;
}

static bool set_has_num(const key_set *k, long v) {
    if (!k->cap) return false;
    for (size_t i = (size_t)(hash_num(v) & (k->cap - 1)); k->used[i]; i = (i + 1) & (k->cap - 1))
        if (k->num[i] == v) return true;
    return false;
}

/* A real number as igraph_i_parse_real reads one: all of the token, in range. */
static bool real_ok(const char *s, size_t n, double *out) {
    char buf[128];
    if (n == 0 || n >= sizeof buf) return false;
    memcpy(buf, s, n);
    buf[n] = 0;
    char *end;
    errno = 0;
    *out = strtod(buf, &end);
    return errno != ERANGE && *end == 0;
}

/* ---- NCOL: "name name [weight]" per line ---- */

static bool ncol_char(int b) { return b >= 0 && b != ' ' && b != '\t' && b != '\n' && b != '\r' && b != 0; }

static bool scan_ncol(cursor *c, int max_nodes, graph_scan *out, gopt_error *err) {
    key_set names = {0};
    bool ok = true;
    while (ok && c->pos <= c->len) {
        /* one line */
        int tokens = 0;
        gopt_place first = here(c);
        for (;;) {
            int b = peek(c);
            if (b == ' ' || b == '\t') {
                advance(c);
                continue;
            }
            if (b < 0 || b == '\n' || b == '\r') break;
            if (b == 0) {
                ok = fail_at(c, here(c), err, "a NUL byte in an NCOL file");
                break;
            }
            gopt_place at = here(c);
            size_t start = c->pos;
            while (ncol_char(peek(c)) && c->pos - start <= GRAPH_SCAN_MAX_TOKEN) advance(c);
            size_t n = c->pos - start;
            if (n > GRAPH_SCAN_MAX_TOKEN) {
                ok = fail_at(c, at, err, "a word of more than %d characters", GRAPH_SCAN_MAX_TOKEN);
                break;
            }
            if (tokens == 0) first = at;
            if (tokens < 2) {
                if (set_add(&names, c->s + start, n, 0, true)) {
                    if (out->nodes >= max_nodes) {
                        ok = fail_at(c, at, err, "node %d ('%.*s'): at most %d nodes are supported", out->nodes + 1,
                                     (int)(n < 40 ? n : 40), c->s + start, max_nodes);
                        break;
                    }
                    add_place(&out->node_at, &out->node_cap, &out->nodes, at);
                }
            } else if (tokens == 2) {
                double w;
                if (!real_ok(c->s + start, n, &w)) {
                    ok = fail_at(c, at, err, "expected an edge weight (a number) after the two names, found '%.*s'",
                                 (int)(n < 40 ? n : 40), c->s + start);
                    break;
                }
            } else {
                ok = fail_at(c, at, err, "an NCOL line is two names and an optional weight; this one goes on");
                break;
            }
            tokens++;
        }
        if (!ok) break;
        if (tokens == 1) ok = fail_at(c, first, err, "an edge needs two names; this line has one");
        else if (tokens >= 2) add_place(&out->edge_at, &out->edge_cap, &out->edges, first);
        if (peek(c) < 0) break;
        advance(c); /* the line end */
    }
    set_free(&names);
    return ok;
}

/* ---- GML ---- */

typedef enum gml_token { GML_END, GML_NUM, GML_STRING, GML_KEY, GML_OPEN, GML_CLOSE, GML_ERROR } gml_token;

typedef struct gml_lexer {
    cursor *c;
    gml_token tok;
    size_t start, n; /* the token's bytes */
    gopt_place at;
    bool value;      /* after a key: inf and nan are numbers */
    char what[64];   /* for an error token */
} gml_lexer;

static bool is_digit(int b) { return b >= '0' && b <= '9'; }
static bool key_start(int b) { return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b == '_'; }

/* A number as the lexer's pattern (+|-)?digits(.digits)?([eE](+|-)?digits)?: its length, 0 if none. */
static size_t number_length(const cursor *c) {
    size_t k = 0;
    if (peek_at(c, k) == '+' || peek_at(c, k) == '-') k++;
    if (!is_digit(peek_at(c, k))) return 0;
    while (is_digit(peek_at(c, k))) k++;
    if (peek_at(c, k) == '.' && is_digit(peek_at(c, k + 1))) {
        k++;
        while (is_digit(peek_at(c, k))) k++;
    }
    if (peek_at(c, k) == 'e' || peek_at(c, k) == 'E') {
        size_t e = k + 1;
        if (peek_at(c, e) == '+' || peek_at(c, e) == '-') e++;
        if (is_digit(peek_at(c, e))) {
            while (is_digit(peek_at(c, e))) e++;
            k = e;
        }
    }
    return k;
}

static size_t inf_nan_length(const cursor *c) {
    size_t k = (peek_at(c, 0) == '+' || peek_at(c, 0) == '-') ? 1 : 0;
    char w[4] = {0};
    for (int i = 0; i < 3; i++) {
        int b = peek_at(c, k + (size_t)i);
        w[i] = (char)(b >= 'A' && b <= 'Z' ? b + 32 : b);
    }
    return strcmp(w, "inf") == 0 || strcmp(w, "nan") == 0 ? k + 3 : 0;
}

static void gml_next(gml_lexer *x) {
    cursor *c = x->c;
    for (;;) {
        int b = peek(c);
        if (b < 0) {
            x->tok = GML_END;
            x->at = here(c);
            return;
        }
        if (b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\v' || b == '\f') {
            advance(c);
            continue;
        }
        if (b == '#' && c->col == 1) { /* a comment: only at the start of a line */
            while (peek(c) >= 0 && peek(c) != '\n' && peek(c) != '\r' && peek(c) != 0) advance(c);
            continue;
        }
        break;
    }
    x->at = here(c);
    x->start = c->pos;
    int b = peek(c);
    size_t k;
    bool was_value = x->value;
    x->value = false;
    if (b == '"') {
        advance(c);
        while (peek(c) >= 0 && peek(c) != '"' && peek(c) != 0 && c->pos - x->start <= GRAPH_SCAN_MAX_TOKEN) advance(c);
        if (peek(c) != '"') {
            x->tok = GML_ERROR;
            snprintf(x->what, sizeof x->what, c->pos - x->start > GRAPH_SCAN_MAX_TOKEN
                                                  ? "a string of more than %d characters"
                                                  : "a string without its closing quote",
                     GRAPH_SCAN_MAX_TOKEN);
            return;
        }
        advance(c);
        x->tok = GML_STRING;
    } else if ((was_value && (k = inf_nan_length(c)) > 0 && !key_start(peek_at(c, k)) && !is_digit(peek_at(c, k))) ||
               (k = number_length(c)) > 0) {
        for (size_t i = 0; i < k; i++) advance(c);
        x->tok = GML_NUM;
    } else if (key_start(b)) {
        while ((key_start(peek(c)) || is_digit(peek(c))) && c->pos - x->start <= GRAPH_SCAN_MAX_TOKEN) advance(c);
        if (c->pos - x->start > GRAPH_SCAN_MAX_TOKEN) {
            x->tok = GML_ERROR;
            snprintf(x->what, sizeof x->what, "a key of more than %d characters", GRAPH_SCAN_MAX_TOKEN);
            return;
        }
        x->tok = GML_KEY;
        x->value = true;
    } else if (b == '[') {
        advance(c);
        x->tok = GML_OPEN;
    } else if (b == ']') {
        advance(c);
        x->tok = GML_CLOSE;
    } else {
        x->tok = GML_ERROR;
        if (b >= 0x21 && b < 0x7f) snprintf(x->what, sizeof x->what, "unexpected '%c'", b);
        else snprintf(x->what, sizeof x->what, "unexpected byte 0x%02x", (unsigned)b);
        return;
    }
    x->n = c->pos - x->start;
}

/* What the scan of the `graph` list collects. */
typedef struct gml_graph {
    key_set ids;
    gopt_place *ref_at;  /* sources and targets, to check once every id is known */
    long *ref;
    size_t ref_cap, ref_place_cap;
    int nrefs;
} gml_graph;

typedef enum gml_context { IN_TOP, IN_GRAPH, IN_NODE, IN_EDGE, IN_OTHER } gml_context;

typedef struct gml_scan {
    gml_lexer x;
    graph_scan *out;
    gml_graph g;
    bool graph_seen;
    int max_nodes;
    gopt_error *err;
    /* the node or edge being read */
    bool has_id, has_source, has_target;
} gml_scan;

static bool gml_fail(gml_scan *s, gopt_place at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool gml_fail(gml_scan *s, gopt_place at, const char *fmt, ...) {
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return gopt_fail(s->err, s->x.c->name, at.line, at.col, "%s", msg);
}

static bool gml_list(gml_scan *s, gml_context ctx, int depth, gopt_place open);

/* A whole number that igraph keeps as an integer: integral, within 32 bits. */
static bool gml_integer(const gml_lexer *x, long *v) {
    double d;
    if (!real_ok(x->c->s + x->start, x->n, &d)) return false;
    if (floor(d) != d || d < INT32_MIN || d > INT32_MAX) return false;
    *v = (long)d;
    return true;
}

/* One `key value` of a list in context ctx; the key is the current token. */
static bool gml_keyvalue(gml_scan *s, gml_context ctx, int depth) {
    gml_lexer *x = &s->x;
    gopt_place key_at = x->at;
    char key[16] = "";
    if (x->n < sizeof key) memcpy(key, x->c->s + x->start, x->n), key[x->n] = 0;
    gml_next(x);
    if (x->tok == GML_ERROR) return gml_fail(s, x->at, "%s", x->what);
    if (x->tok != GML_NUM && x->tok != GML_STRING && x->tok != GML_OPEN)
        return gml_fail(s, x->at, "expected a value (a number, a \"string\" or a [list]) after '%s'", key);
    double d;
    if (x->tok == GML_NUM && !real_ok(x->c->s + x->start, x->n, &d))
        return gml_fail(s, x->at, "the number '%.*s' is out of range", (int)(x->n < 40 ? x->n : 40), x->c->s + x->start);
    /* what igraph does with the key, by where it is */
    if (ctx == IN_TOP && strcmp(key, "graph") == 0 && !s->graph_seen) {
        s->graph_seen = true;
        s->out->graph_at = key_at;
        if (x->tok != GML_OPEN) return gml_fail(s, key_at, "'graph' must be a list: graph [ ... ]");
        if (depth + 1 >= 32) return gml_fail(s, x->at, "lists nested more than 31 deep");
        gopt_place open = x->at;
        gml_next(x);
        return gml_list(s, IN_GRAPH, depth + 1, open);
    }
    if (ctx == IN_GRAPH && (strcmp(key, "node") == 0 || strcmp(key, "edge") == 0)) {
        bool node = key[0] == 'n';
        if (x->tok != GML_OPEN) return gml_fail(s, key_at, "'%s' must be a list: %s [ ... ]", key, key);
        if (node) {
            if (s->out->nodes >= s->max_nodes)
                return gml_fail(s, key_at, "node %d: at most %d nodes are supported", s->out->nodes + 1, s->max_nodes);
            add_place(&s->out->node_at, &s->out->node_cap, &s->out->nodes, key_at);
        } else {
            add_place(&s->out->edge_at, &s->out->edge_cap, &s->out->edges, key_at);
        }
        s->has_id = s->has_source = s->has_target = false;
        if (depth + 1 >= 32) return gml_fail(s, x->at, "lists nested more than 31 deep");
        gopt_place open = x->at;
        gml_next(x);
        if (!gml_list(s, node ? IN_NODE : IN_EDGE, depth + 1, open)) return false;
        if (!node && !s->has_source) return gml_fail(s, key_at, "an edge without its 'source'");
        if (!node && !s->has_target) return gml_fail(s, key_at, "an edge without its 'target'");
        return true;
    }
    if (ctx == IN_GRAPH && strcmp(key, "directed") == 0 && x->tok == GML_NUM) {
        long v; /* igraph: a non-zero integer makes the graph directed, and nothing undoes it */
        if (gml_integer(x, &v) && v != 0 && !s->out->directed_at.line) s->out->directed_at = key_at;
    }
    if (ctx == IN_NODE && strcmp(key, "id") == 0) {
        long id;
        if (s->has_id) return gml_fail(s, key_at, "a node with two ids");
        if (x->tok != GML_NUM || !gml_integer(x, &id)) return gml_fail(s, x->at, "a node id must be a whole number from -2147483648 to 2147483647");
        if (!set_add(&s->g.ids, NULL, 0, id, false)) return gml_fail(s, x->at, "node id %ld is used twice", id);
        s->has_id = true;
    }
    if (ctx == IN_EDGE && (strcmp(key, "source") == 0 || strcmp(key, "target") == 0)) {
        bool source = key[0] == 's';
        long id;
        if (source ? s->has_source : s->has_target) return gml_fail(s, key_at, "an edge with two '%s'", key);
        if (x->tok != GML_NUM || !gml_integer(x, &id))
            return gml_fail(s, x->at, "an edge's '%s' must be a whole number (a node id from -2147483648 to 2147483647)", key);
        gopt_grow(&s->g.ref, &s->g.ref_cap, (size_t)s->g.nrefs + 1, sizeof *s->g.ref);
        int n = s->g.nrefs;
        add_place(&s->g.ref_at, &s->g.ref_place_cap, &n, x->at);
        s->g.ref[s->g.nrefs++] = id;
        if (source) s->has_source = true;
        else s->has_target = true;
    }
    if (x->tok == GML_OPEN) {
        if (depth + 1 >= 32) return gml_fail(s, x->at, "lists nested more than 31 deep");
        gopt_place open = x->at;
        gml_next(x);
        /* a node's or edge's own lists (graphics [...]) hold no ids */
        return gml_list(s, IN_OTHER, depth + 1, open);
    }
    gml_next(x);
    return true;
}

/* Key-value pairs up to the closing ']' (or the end at the top), which it consumes. */
static bool gml_list(gml_scan *s, gml_context ctx, int depth, gopt_place open) {
    gml_lexer *x = &s->x;
    for (;;) {
        if (x->tok == GML_ERROR) return gml_fail(s, x->at, "%s", x->what);
        if (x->tok == GML_END) {
            if (ctx == IN_TOP) return true;
            return gml_fail(s, open, "a list that is never closed (no ']' for it)");
        }
        if (x->tok == GML_CLOSE) {
            if (ctx == IN_TOP) return gml_fail(s, x->at, "a ']' that closes no list");
            gml_next(x);
            return true;
        }
        if (x->tok != GML_KEY) return gml_fail(s, x->at, "expected a key (a word) here");
        if (!gml_keyvalue(s, ctx, depth)) return false;
    }
}

static bool scan_gml(cursor *c, int max_nodes, graph_scan *out, gopt_error *err) {
    gml_scan s = {.x = {.c = c}, .out = out, .max_nodes = max_nodes, .err = err};
    gml_next(&s.x);
    bool ok = gml_list(&s, IN_TOP, 0, s.x.at);
    if (ok && !s.graph_seen) ok = fail_at(c, (gopt_place){1, 1}, err, "no 'graph [ ... ]' in the GML file");
    for (int i = 0; ok && i < s.g.nrefs; i++)
        if (!set_has_num(&s.g.ids, s.g.ref[i]))
            ok = fail_at(c, s.g.ref_at[i], err, "no node has the id %ld", s.g.ref[i]);
    set_free(&s.g.ids);
    free(s.g.ref);
    free(s.g.ref_at);
    return ok;
}

/* ---- GraphML: where the nodes and edges are ---- */

static bool starts(const cursor *c, const char *word) {
    size_t n = strlen(word);
    return c->len - c->pos >= n && memcmp(c->s + c->pos, word, n) == 0;
}

static void skip_past(cursor *c, const char *end) {
    while (c->pos < c->len && !starts(c, end)) advance(c);
    for (size_t i = 0; i < strlen(end) && c->pos < c->len; i++) advance(c);
}

/* An element `<name` followed by a blank, '/' or '>'. */
static bool element(const cursor *c, const char *name) {
    size_t n = strlen(name);
    if (!starts(c, name)) return false;
    int b = peek_at(c, n);
    return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '/' || b == '>';
}

static bool scan_graphml(cursor *c, int max_nodes, graph_scan *out, gopt_error *err) {
    bool graph_seen = false;
    while (c->pos < c->len) {
        if (peek(c) != '<') {
            advance(c);
            continue;
        }
        gopt_place at = here(c);
        if (starts(c, "<!--")) skip_past(c, "-->");
        else if (starts(c, "<![CDATA[")) skip_past(c, "]]>");
        else if (starts(c, "<?")) skip_past(c, "?>");
        else if (element(c, "<node")) {
            if (out->nodes >= max_nodes)
                return fail_at(c, at, err, "node %d: at most %d nodes are supported", out->nodes + 1, max_nodes);
            add_place(&out->node_at, &out->node_cap, &out->nodes, at);
            advance(c);
        } else if (element(c, "<edge")) {
            add_place(&out->edge_at, &out->edge_cap, &out->edges, at);
            advance(c);
        } else if (element(c, "<graph")) {
            if (!graph_seen) {
                graph_seen = true;
                out->graph_at = at;
                /* edgedefault="directed" inside the tag */
                size_t end = c->pos;
                while (end < c->len && c->s[end] != '>') end++;
                const char *tag = c->s + c->pos;
                size_t n = end - c->pos;
                for (size_t i = 0; i + 24 <= n; i++)
                    if (memcmp(tag + i, "edgedefault=", 12) == 0 &&
                        (memcmp(tag + i + 12, "\"directed\"", 10) == 0 || memcmp(tag + i + 12, "'directed'", 10) == 0))
                        out->directed_at = at;
            }
            advance(c);
        } else {
            advance(c);
        }
    }
    return true;
}

/* ---- entry points ---- */

bool graph_scan_text(const char *name, const char *data, size_t len, gopt_graph_format format, int max_nodes,
                     graph_scan *out, gopt_error *err) {
    memset(out, 0, sizeof *out);
    out->graph_at = (gopt_place){1, 1};
    cursor c = {name, data, len, 0, 1, 1};
    bool ok;
    switch (format) {
    case GOPT_GRAPH_NCOL: ok = scan_ncol(&c, max_nodes, out, err); break;
    case GOPT_GRAPH_GML: ok = scan_gml(&c, max_nodes, out, err); break;
    case GOPT_GRAPH_GRAPHML: ok = scan_graphml(&c, max_nodes, out, err); break;
    default: ok = true; break;
    }
    if (!ok) graph_scan_free(out);
    return ok;
}

void graph_scan_free(graph_scan *s) {
    free(s->node_at);
    free(s->edge_at);
    s->node_at = s->edge_at = NULL;
    s->nodes = s->edges = 0;
    s->node_cap = s->edge_cap = 0;
}

gopt_place graph_scan_line_place(const char *data, size_t len, int line) {
    cursor c = {"", data, len, 0, 1, 1};
    while (c.pos < c.len && c.line < line) advance(&c);
    while (c.pos < c.len && (peek(&c) == ' ' || peek(&c) == '\t')) advance(&c);
    return c.line == line ? here(&c) : (gopt_place){line, 1};
}
