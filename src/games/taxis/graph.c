/* The game graph: a simple undirected graph with named nodes, its neighbour masks (one word
 * per node when n <= 64) and degree classes, loaded from our board format or through igraph
 * (GraphML, GML, NCOL, edge lists). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/taxis/internal.h"
#include "gameopt/data.h"

void taxis_graph_set_words(gopt_taxis_graph *g, int words) {
    free(g->adj);
    free(g->by_degree);
    g->words = words;
    g->adj = gopt_calloc((size_t)g->n * (size_t)words + 1, sizeof *g->adj);
    g->by_degree = gopt_calloc((size_t)(g->max_degree + 1) * (size_t)words, sizeof *g->by_degree);
    for (int e = 0; e < g->m; e++) {
        int u = g->graph->from[e], v = g->graph->to[e];
        gopt_bits_set(g->adj + (size_t)u * (size_t)words, (size_t)v);
        gopt_bits_set(g->adj + (size_t)v * (size_t)words, (size_t)u);
    }
    for (int v = 0; v < g->n; v++) gopt_bits_set(g->by_degree + (size_t)g->degree[v] * (size_t)words, (size_t)v);
}

typedef struct named_node {
    const char *name;
    int v;
} named_node;

static int compare_nodes(const void *a, const void *b) {
    const named_node *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->v > y->v) - (x->v < y->v);
}

static bool fail_node(const gopt_graph *graph, const char *file, int v, gopt_error *err, const char *fmt, const char *a,
                      const char *b) {
    gopt_place at = gopt_graph_node_place(graph, v);
    return gopt_fail(err, file, at.line, at.col, fmt, a, b);
}

/* Loops, parallel edges, empty, overlong or repeated names: all break the game's model. Each
 * error names where the file wrote the node or road (for graphs loaded from a file). Linear
 * in the roads: a file of 100,000 copies of one road is refused at once. */
static bool validate(const gopt_graph *graph, const char *file, gopt_error *err) {
    gopt_place whole = graph->graph_at.line ? graph->graph_at : (gopt_place){1, 1};
    if (graph->directed)
        return gopt_fail(err, file, graph->directed_at.line ? graph->directed_at.line : whole.line,
                         graph->directed_at.line ? graph->directed_at.col : whole.col,
                         "the graph is directed; taxis needs undirected roads");
    if (graph->n < 1) return gopt_fail(err, file, whole.line, whole.col, "the graph has no nodes");
    if (graph->n > GOPT_TAXIS_MAX_NODES)
        return gopt_fail(err, file, whole.line, whole.col, "the graph has %d nodes; at most %d are supported", graph->n,
                         GOPT_TAXIS_MAX_NODES);
    const char *const *names = (const char *const *)graph->names;
    for (int e = 0; e < graph->m; e++)
        if (graph->from[e] == graph->to[e]) {
            gopt_place at = gopt_graph_edge_place(graph, e);
            return gopt_fail(err, file, at.line, at.col, "road %d is a loop at '%s'; the graph must be simple", e + 1,
                             names[graph->from[e]]);
        }
    char number[32];
    for (int v = 0; v < graph->n; v++) {
        size_t len = strlen(names[v]);
        snprintf(number, sizeof number, "%d", v + 1);
        if (len == 0 || len > TAXIS_NAME_MAX)
            return fail_node(graph, file, v, err, "node %s has an empty name or one longer than %s bytes", number, "255");
        for (const char *c = names[v]; *c; c++)
            if ((unsigned char)*c < ' ' || *c == 127)
                return fail_node(graph, file, v, err, "the name of node %s has a control character%s", number, "");
    }
    /* a second road between two nodes: the neighbours of each node, marked as they come */
    int *seen = gopt_malloc((size_t)graph->n * sizeof *seen);
    for (int v = 0; v < graph->n; v++) seen[v] = -1;
    bool ok = true;
    for (int v = 0; v < graph->n && ok; v++)
        for (int k = graph->offset[v]; k < graph->offset[v + 1] && ok; k++) {
            int u = graph->adj[k];
            if (seen[u] == v) {
                gopt_place at = gopt_graph_edge_place(graph, graph->adj_edge[k]);
                ok = gopt_fail(err, file, at.line, at.col, "a second road joins '%s' and '%s'; the graph must be simple",
                               names[v], names[u]);
            }
            seen[u] = v;
        }
    free(seen);
    if (!ok) return false;
    /* Names must tell nodes apart, since settings refer to nodes by name. */
    named_node *order = gopt_malloc((size_t)graph->n * sizeof *order);
    for (int v = 0; v < graph->n; v++) order[v] = (named_node){names[v], v};
    qsort(order, (size_t)graph->n, sizeof *order, compare_nodes);
    for (int i = 1; i < graph->n && ok; i++)
        if (strcmp(order[i - 1].name, order[i].name) == 0)
            ok = fail_node(graph, file, order[i].v, err, "a second node is named '%s'%s", order[i].name, "");
    free(order);
    return ok;
}

gopt_taxis_graph *gopt_taxis_graph_from(gopt_graph *graph, const char *name, const char *file, gopt_error *err) {
    if (!graph->names) gopt_graph_set_names(graph, NULL);
    if (!validate(graph, file, err)) {
        gopt_graph_free(graph);
        return NULL;
    }
    gopt_taxis_graph *g = gopt_calloc(1, sizeof *g);
    g->name = gopt_strdup(name);
    g->graph = graph;
    g->n = graph->n;
    g->m = graph->m;
    g->degree = gopt_malloc((size_t)g->n * sizeof *g->degree);
    for (int v = 0; v < g->n; v++) {
        g->degree[v] = gopt_graph_degree(graph, v);
        if (g->degree[v] > g->max_degree) g->max_degree = g->degree[v];
    }
    taxis_graph_set_words(g, g->n <= 64 ? 1 : GOPT_TAXIS_WIDE_WORDS);
    /* settings name every card: a search by name, not a scan of the nodes, per card */
    named_node *order = gopt_malloc((size_t)g->n * sizeof *order);
    for (int v = 0; v < g->n; v++) order[v] = (named_node){graph->names[v], v};
    qsort(order, (size_t)g->n, sizeof *order, compare_nodes);
    g->by_name = gopt_malloc((size_t)g->n * sizeof *g->by_name);
    for (int i = 0; i < g->n; i++) g->by_name[i] = order[i].v;
    free(order);
    return g;
}

void gopt_taxis_graph_free(gopt_taxis_graph *g) {
    if (!g) return;
    gopt_graph_free(g->graph);
    free(g->name);
    free(g->adj);
    free(g->degree);
    free(g->by_degree);
    free(g->by_name);
    free(g);
}

int gopt_taxis_node(const gopt_taxis_graph *g, const char *name) {
    if (!g->by_name) return gopt_graph_find(g->graph, name);
    int lo = 0, hi = g->n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2, v = g->by_name[mid];
        int c = strcmp(gopt_taxis_name(g, v), name);
        if (c == 0) return v;
        if (c < 0) lo = mid + 1;
        else hi = mid - 1;
    }
    return -1;
}

/* "data/graphs/x.board" -> "x" */
static char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    const char *start = slash ? slash + 1 : path;
    const char *dot = strrchr(start, '.');
    return gopt_strndup(start, dot && dot > start ? (size_t)(dot - start) : strlen(start));
}

static bool has_suffix(const char *s, const char *suffix) {
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static gopt_taxis_graph *parse_board(gopt_text *t, const char *name, gopt_error *err) {
    gopt_taxis_graph *g = gopt_taxis_graph_parse(t, name, err);
    gopt_text_free(t);
    return g;
}

gopt_taxis_graph *gopt_taxis_graph_load(const gopt_options *o, const char *spec, const char *format, gopt_error *err) {
    char path[4096];
    /* A bare word names a bundled graph (a file of that name is read when there is none). */
    if (!strchr(spec, '/') && !strchr(spec, '.') && strcmp(spec, "-") != 0) {
        char relative[512];
        gopt_text t;
        snprintf(relative, sizeof relative, "graphs/%s.board", spec);
        if (gopt_data_path(relative, path, sizeof path))
            return gopt_data_load(relative, &t, err) ? parse_board(&t, spec, err) : NULL;
    }
    gopt_graph_format f = GOPT_GRAPH_AUTO;
    bool board = false;
    if (!format) board = has_suffix(spec, ".board") || strcmp(spec, "-") == 0;
    else if (strcmp(format, "board") == 0) board = true;
    else if (strcmp(format, "graphml") == 0) f = GOPT_GRAPH_GRAPHML;
    else if (strcmp(format, "gml") == 0) f = GOPT_GRAPH_GML;
    else if (strcmp(format, "ncol") == 0) f = GOPT_GRAPH_NCOL;
    else if (strcmp(format, "edgelist") == 0) f = GOPT_GRAPH_EDGELIST;
    else return gopt_fail(err, spec, 0, 0, "unknown graph format '%s' (board, graphml, gml, ncol, edgelist)", format), NULL;
    /* a file the user named: through the call's source (the command line's files; a
     * request's own texts on the server) */
    gopt_text text;
    gopt_error rerr = {0};
    if (!gopt_read_named(o, spec, &text, &rerr)) {
        if (!strchr(spec, '/') && !strchr(spec, '.'))
            gopt_fail(err, spec, 0, 0, "no bundled graph of that name and no such file (bundled: thurn-taxis)");
        else
            *err = rerr;
        return NULL;
    }
    char *name = base_name(spec);
    gopt_taxis_graph *g = NULL;
    if (board) {
        g = gopt_taxis_graph_parse(&text, name, err);
    } else {
        gopt_graph *graph = gopt_graph_read(&text, f, false, GOPT_TAXIS_MAX_NODES, err);
        if (graph) g = gopt_taxis_graph_from(graph, name, spec, err);
    }
    gopt_text_free(&text);
    free(name);
    return g;
}
