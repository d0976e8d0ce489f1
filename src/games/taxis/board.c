/* Our board format for game graphs (docs/formats.md, "taxis"): one statement per line,
 * `node NAME [X Y]` declares a node (with its board position), `edge NAME NAME` a road
 * between two declared nodes; '#' starts a comment. Errors name line and column. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "games/taxis/internal.h"

typedef struct board_node {
    char *name;
    int line; /* where it was declared */
    double x, y;
} board_node;

typedef struct board_edge {
    int from, to, line;
} board_edge;

/* Nodes by name and roads by their two ends, in open-addressed tables (slot value -1: empty),
 * so a file of 100,000 roads is read in linear time, not one scan of the roads per road. */
typedef struct board {
    int n, m;
    size_t node_cap, edge_cap;
    board_node *nodes;
    board_edge *edges;
    bool positions;
    int *name_slot, *road_slot;
    size_t name_slots, road_slots; /* powers of two */
} board;

static void board_free(board *b) {
    for (int v = 0; v < b->n; v++) free(b->nodes[v].name);
    free(b->nodes);
    free(b->edges);
    free(b->name_slot);
    free(b->road_slot);
}

static uint64_t name_hash(const char *s) {
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static uint64_t road_hash(int u, int v) {
    if (u > v) {
        int t = u;
        u = v;
        v = t;
    }
    return ((uint64_t)(unsigned)u << 32 | (unsigned)v) * 0x9E3779B97F4A7C15ull;
}

/* The slot of name (or of the empty slot where it would go). */
static size_t name_probe(const board *b, const char *name) {
    size_t i = (size_t)name_hash(name) & (b->name_slots - 1);
    while (b->name_slot[i] >= 0 && strcmp(b->nodes[b->name_slot[i]].name, name) != 0) i = (i + 1) & (b->name_slots - 1);
    return i;
}

static size_t road_probe(const board *b, int u, int v) {
    size_t i = (size_t)road_hash(u, v) & (b->road_slots - 1);
    for (; b->road_slot[i] >= 0; i = (i + 1) & (b->road_slots - 1)) {
        const board_edge *e = &b->edges[b->road_slot[i]];
        if ((e->from == u && e->to == v) || (e->from == v && e->to == u)) break;
    }
    return i;
}

/* Make room for one more key, rehashing as a table doubles. */
static void grow_names(board *b) {
    if (2 * ((size_t)b->n + 1) <= b->name_slots) return;
    free(b->name_slot);
    b->name_slots = b->name_slots ? 2 * b->name_slots : 64;
    b->name_slot = gopt_malloc(b->name_slots * sizeof *b->name_slot);
    for (size_t i = 0; i < b->name_slots; i++) b->name_slot[i] = -1;
    for (int v = 0; v < b->n; v++) b->name_slot[name_probe(b, b->nodes[v].name)] = v;
}

static void grow_roads(board *b) {
    if (2 * ((size_t)b->m + 1) <= b->road_slots) return;
    free(b->road_slot);
    b->road_slots = b->road_slots ? 2 * b->road_slots : 64;
    b->road_slot = gopt_malloc(b->road_slots * sizeof *b->road_slot);
    for (size_t i = 0; i < b->road_slots; i++) b->road_slot[i] = -1;
    for (int e = 0; e < b->m; e++) b->road_slot[road_probe(b, b->edges[e].from, b->edges[e].to)] = e;
}

static int board_find(const board *b, const char *name) {
    return b->name_slots ? b->name_slot[name_probe(b, name)] : -1;
}

static bool parse_node(gopt_text *t, board *b, gopt_error *err) {
    char name[TAXIS_NAME_MAX + 1];
    gopt_text_mark at = gopt_text_save(t);
    if (!taxis_lex_name(t, name, err)) return false;
    int old = board_find(b, name);
    if (old >= 0) return gopt_text_fail_at(t, at, err, "node '%s' is already declared on line %d", name, b->nodes[old].line);
    if (b->n == GOPT_TAXIS_MAX_NODES)
        return gopt_text_fail_at(t, at, err, "more than %d nodes are not supported", GOPT_TAXIS_MAX_NODES);
    double x = 0, y = 0;
    bool has_position = !taxis_lex_line_end(t);
    if (has_position) {
        if (!gopt_text_double(t, &x, err)) return false;
        gopt_text_skip_spaces(t);
        if (!gopt_text_double(t, &y, err)) return false;
    }
    if (b->n == 0) b->positions = has_position;
    else if (has_position != b->positions)
        return gopt_text_fail_at(t, at, err, has_position ? "node '%s' has a position but the nodes before it have none"
                                                          : "node '%s' has no position but the nodes before it have",
                                 name);
    grow_names(b);
    gopt_grow(&b->nodes, &b->node_cap, (size_t)b->n + 1, sizeof *b->nodes);
    b->nodes[b->n] = (board_node){gopt_strdup(name), at.line, x, y};
    b->name_slot[name_probe(b, name)] = b->n++;
    return true;
}

static bool parse_edge_end(gopt_text *t, const board *b, int *v, gopt_error *err) {
    char name[TAXIS_NAME_MAX + 1];
    gopt_text_mark at = gopt_text_save(t);
    if (!taxis_lex_name(t, name, err)) return false;
    *v = board_find(b, name);
    if (*v < 0) return gopt_text_fail_at(t, at, err, "unknown node '%s' (declare it with a node line first)", name);
    return true;
}

static bool parse_edge(gopt_text *t, board *b, gopt_error *err) {
    gopt_text_mark at = gopt_text_save(t);
    int u, v;
    if (!parse_edge_end(t, b, &u, err)) return false;
    gopt_text_skip_spaces(t);
    if (taxis_lex_line_end(t)) return gopt_text_fail(t, err, "an edge needs two nodes");
    if (!parse_edge_end(t, b, &v, err)) return false;
    if (u == v) return gopt_text_fail_at(t, at, err, "a road from '%s' to itself; the graph must be simple", b->nodes[u].name);
    grow_roads(b);
    size_t slot = road_probe(b, u, v);
    if (b->road_slot[slot] >= 0)
        return gopt_text_fail_at(t, at, err, "the road %s - %s is already on line %d", b->nodes[u].name,
                                 b->nodes[v].name, b->edges[b->road_slot[slot]].line);
    gopt_grow(&b->edges, &b->edge_cap, (size_t)b->m + 1, sizeof *b->edges);
    b->edges[b->m] = (board_edge){u, v, at.line};
    b->road_slot[slot] = b->m++;
    return true;
}

static bool parse_statements(gopt_text *t, board *b, gopt_error *err) {
    for (;;) {
        taxis_lex_skip_blank(t);
        if (gopt_text_eof(t)) break;
        gopt_text_mark at = gopt_text_save(t);
        char word[TAXIS_NAME_MAX + 1];
        if (!taxis_lex_name(t, word, err)) return false;
        gopt_text_skip_spaces(t);
        bool ok;
        if (strcmp(word, "node") == 0) ok = !taxis_lex_line_end(t) ? parse_node(t, b, err) : gopt_text_fail(t, err, "a node needs a name");
        else if (strcmp(word, "edge") == 0) ok = !taxis_lex_line_end(t) ? parse_edge(t, b, err) : gopt_text_fail(t, err, "an edge needs two nodes");
        else ok = gopt_text_fail_at(t, at, err, "unknown statement '%s' (expected node or edge)", word);
        if (!ok) return false;
        if (!taxis_lex_line_end(t)) return gopt_text_fail(t, err, "unexpected text after the %s statement", word);
        taxis_lex_next_line(t);
    }
    if (b->n == 0) return gopt_text_fail(t, err, "no nodes (a board has `node NAME X Y` and `edge NAME NAME` lines)");
    return true;
}

gopt_taxis_graph *gopt_taxis_graph_parse(gopt_text *t, const char *name, gopt_error *err) {
    board b = {0};
    gopt_taxis_graph *g = NULL;
    if (parse_statements(t, &b, err)) {
        int *from = gopt_malloc((size_t)b.m * sizeof *from + 1), *to = gopt_malloc((size_t)b.m * sizeof *to + 1);
        const char **names = gopt_malloc((size_t)b.n * sizeof *names);
        double *x = gopt_malloc((size_t)b.n * sizeof *x), *y = gopt_malloc((size_t)b.n * sizeof *y);
        for (int e = 0; e < b.m; e++) from[e] = b.edges[e].from, to[e] = b.edges[e].to;
        for (int v = 0; v < b.n; v++) names[v] = b.nodes[v].name, x[v] = b.nodes[v].x, y[v] = b.nodes[v].y;
        gopt_graph *graph = gopt_graph_new(b.n, b.m, from, to, false);
        gopt_graph_set_names(graph, names);
        if (b.positions) gopt_graph_set_positions(graph, x, y);
        g = gopt_taxis_graph_from(graph, name, t->name, err);
        free(from);
        free(to);
        free(names);
        free(x);
        free(y);
    }
    board_free(&b);
    return g;
}

char *gopt_taxis_graph_format(const gopt_taxis_graph *g) {
    gopt_buf b = {0};
    gopt_buf_printf(&b, "# %s: %d nodes, %d edges (gameopt taxis board)\n", g->name, g->n, g->m);
    for (int v = 0; v < g->n; v++) {
        gopt_buf_puts(&b, "node ");
        taxis_name_append(&b, gopt_taxis_name(g, v));
        if (g->graph->x) gopt_buf_printf(&b, " %.17g %.17g", g->graph->x[v], g->graph->y[v]);
        gopt_buf_putc(&b, '\n');
    }
    for (int e = 0; e < g->m; e++) {
        gopt_buf_puts(&b, "edge ");
        taxis_name_append(&b, gopt_taxis_name(g, g->graph->from[e]));
        gopt_buf_putc(&b, ' ');
        taxis_name_append(&b, gopt_taxis_name(g, g->graph->to[e]));
        gopt_buf_putc(&b, '\n');
    }
    return gopt_buf_take(&b);
}
