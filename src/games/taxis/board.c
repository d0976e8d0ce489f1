/* Our board format for game graphs (docs/formats.md, "taxis"): one statement per line,
 * `node NAME [X Y]` declares a node (with its board position), `edge NAME NAME` a road
 * between two declared nodes; '#' starts a comment. Errors name line and column. */
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

typedef struct board {
    int n, m;
    size_t node_cap, edge_cap;
    board_node *nodes;
    board_edge *edges;
    bool positions;
} board;

static void board_free(board *b) {
    for (int v = 0; v < b->n; v++) free(b->nodes[v].name);
    free(b->nodes);
    free(b->edges);
}

static int board_find(const board *b, const char *name) {
    for (int v = 0; v < b->n; v++)
        if (strcmp(b->nodes[v].name, name) == 0) return v;
    return -1;
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
    gopt_grow(&b->nodes, &b->node_cap, (size_t)b->n + 1, sizeof *b->nodes);
    b->nodes[b->n++] = (board_node){gopt_strdup(name), at.line, x, y};
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
    for (int e = 0; e < b->m; e++) {
        const board_edge *old = &b->edges[e];
        if ((old->from == u && old->to == v) || (old->from == v && old->to == u))
            return gopt_text_fail_at(t, at, err, "the road %s - %s is already on line %d", b->nodes[u].name,
                                     b->nodes[v].name, old->line);
    }
    gopt_grow(&b->edges, &b->edge_cap, (size_t)b->m + 1, sizeof *b->edges);
    b->edges[b->m++] = (board_edge){u, v, at.line};
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
