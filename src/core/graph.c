/* Graphs as adjacency arrays, and loading graph files through igraph. */
#include "gameopt/graph.h"

#include <errno.h>
#include <igraph.h>
#include <limits.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/igraph_dl.h"
#include "core/graph_scan.h"
#include "core/igraph_glue.h"
#include "gameopt/budget.h"
#include "gameopt/alloc.h"
#include "gameopt/text.h"

gopt_graph *gopt_graph_new(int n, int m, const int *from, const int *to, bool directed) {
    gopt_graph *g = gopt_calloc(1, sizeof *g);
    g->n = n;
    g->m = m;
    g->directed = directed;
    g->from = gopt_malloc((size_t)m * sizeof *g->from);
    g->to = gopt_malloc((size_t)m * sizeof *g->to);
    if (m > 0) {
        memcpy(g->from, from, (size_t)m * sizeof *from);
        memcpy(g->to, to, (size_t)m * sizeof *to);
    }
    /* Counting sort of the adjacency entries by their source node. */
    g->offset = gopt_calloc((size_t)n + 1, sizeof *g->offset);
    for (int e = 0; e < m; e++) {
        g->offset[from[e] + 1]++;
        if (!directed) g->offset[to[e] + 1]++;
    }
    for (int v = 0; v < n; v++) g->offset[v + 1] += g->offset[v];
    int entries = g->offset[n];
    g->adj = gopt_malloc((size_t)entries * sizeof *g->adj);
    g->adj_edge = gopt_malloc((size_t)entries * sizeof *g->adj_edge);
    int *fill = gopt_malloc((size_t)n * sizeof *fill);
    memcpy(fill, g->offset, (size_t)n * sizeof *fill);
    for (int e = 0; e < m; e++) {
        g->adj[fill[from[e]]] = to[e];
        g->adj_edge[fill[from[e]]++] = e;
        if (!directed) {
            g->adj[fill[to[e]]] = from[e];
            g->adj_edge[fill[to[e]]++] = e;
        }
    }
    free(fill);
    return g;
}

void gopt_graph_free(gopt_graph *g) {
    if (!g) return;
    if (g->names)
        for (int v = 0; v < g->n; v++) free(g->names[v]);
    free(g->names);
    free(g->x);
    free(g->y);
    free(g->from);
    free(g->to);
    free(g->offset);
    free(g->adj);
    free(g->adj_edge);
    free(g->node_at);
    free(g->edge_at);
    free(g);
}

bool gopt_graph_has_edge(const gopt_graph *g, int u, int v) {
    for (int k = g->offset[u]; k < g->offset[u + 1]; k++)
        if (g->adj[k] == v) return true;
    return false;
}

int gopt_graph_find(const gopt_graph *g, const char *name) {
    if (!g->names) return -1;
    for (int v = 0; v < g->n; v++)
        if (strcmp(g->names[v], name) == 0) return v;
    return -1;
}

void gopt_graph_set_names(gopt_graph *g, const char *const *names) {
    if (!g->names) g->names = gopt_calloc((size_t)g->n, sizeof *g->names);
    for (int v = 0; v < g->n; v++) {
        free(g->names[v]);
        g->names[v] = names && names[v] ? gopt_strdup(names[v]) : gopt_format("%d", v);
    }
}

void gopt_graph_set_positions(gopt_graph *g, const double *x, const double *y) {
    if (!g->x) g->x = gopt_malloc((size_t)g->n * sizeof *g->x);
    if (!g->y) g->y = gopt_malloc((size_t)g->n * sizeof *g->y);
    memcpy(g->x, x, (size_t)g->n * sizeof *x);
    memcpy(g->y, y, (size_t)g->n * sizeof *y);
}

static const char *format_name(gopt_graph_format f) {
    switch (f) {
    case GOPT_GRAPH_GRAPHML: return "GraphML";
    case GOPT_GRAPH_GML: return "GML";
    case GOPT_GRAPH_NCOL: return "NCOL";
    default: return "edge-list";
    }
}

static gopt_graph_format format_from_extension(const char *path) {
    const char *dot = strrchr(path, '.');
    if (dot && strcmp(dot, ".graphml") == 0) return GOPT_GRAPH_GRAPHML;
    if (dot && strcmp(dot, ".gml") == 0) return GOPT_GRAPH_GML;
    if (dot && strcmp(dot, ".ncol") == 0) return GOPT_GRAPH_NCOL;
    return GOPT_GRAPH_EDGELIST;
}

typedef struct read_job {
    igraph_t *ig;
    FILE *f;
    gopt_graph_format format;
    bool directed;
} read_job;

static igraph_error_t read_igraph(void *ctx) {
    read_job *j = ctx;
    switch (j->format) {
    case GOPT_GRAPH_GRAPHML: return igraph_read_graph_graphml(j->ig, j->f, 0);
    case GOPT_GRAPH_GML: return igraph_read_graph_gml(j->ig, j->f);
    case GOPT_GRAPH_NCOL: return igraph_read_graph_ncol(j->ig, j->f, NULL, true, IGRAPH_ADD_WEIGHTS_NO, j->directed);
    default: return igraph_read_graph_edgelist(j->ig, j->f, 0, j->directed);
    }
}

/* igraph's edge-list reader makes node ids 0..max, so "0 99999999" alone would take gigabytes
 * before any size check, and its parse errors carry no position. So the list is read here
 * first, through the text reader: every id a whole number below max_nodes, in pairs; where
 * each node is first named and each edge written is kept for later errors. */
static bool check_edge_list(const char *path, const char *data, size_t len, int max_nodes, graph_scan *places,
                            gopt_error *err) {
    gopt_text t;
    gopt_text_from(&t, path, data, len);
    long ids = 0, id, top = -1;
    gopt_text_mark last = gopt_text_save(&t);
    bool ok = true;
    memset(places, 0, sizeof *places);
    places->graph_at = (gopt_place){1, 1};
    for (gopt_text_skip_ws(&t); ok && !gopt_text_eof(&t); gopt_text_skip_ws(&t)) {
        last = gopt_text_save(&t);
        int c = gopt_text_peek(&t);
        if (c < '0' || c > '9') {
            char what[32];
            ok = gopt_text_fail(&t, err, "expected a node number, found %s", gopt_text_describe(c, what, sizeof what));
        } else if (!gopt_text_int(&t, 0, max_nodes - 1, &id, err)) {
            gopt_error_clear(err);
            ok = gopt_text_fail_at(&t, last, err, "node number out of range (at most %d nodes)", max_nodes);
        } else {
            gopt_place at = {last.line, last.col};
            if (ids++ % 2 == 0) {
                gopt_grow(&places->edge_at, &places->edge_cap, (size_t)places->edges + 1, sizeof *places->edge_at);
                places->edge_at[places->edges++] = at;
            }
            if (id > top) { /* nodes top+1 .. id appear here (those below id unnamed: no place) */
                gopt_grow(&places->node_at, &places->node_cap, (size_t)id + 1, sizeof *places->node_at);
                for (long v = top + 1; v < id; v++) places->node_at[v] = (gopt_place){0, 0};
                places->node_at[id] = at;
                places->nodes = (int)id + 1;
                top = id;
            } else if (!places->node_at[id].line) {
                places->node_at[id] = at;
            }
            c = gopt_text_peek(&t);
            if (c != -1 && c != ' ' && c != '\t' && c != '\n' && c != '\v' && c != '\f') {
                char what[32];
                ok = gopt_text_fail(&t, err, "expected a space after the node number, found %s",
                                    gopt_text_describe(c, what, sizeof what));
            }
        }
    }
    if (ok && ids % 2) ok = gopt_text_fail_at(&t, last, err, "an edge needs two node numbers; this one has one");
    gopt_text_free(&t);
    if (!ok) graph_scan_free(places);
    return ok;
}

/* igraph's parsers put the line in their text: "Parse error in GML file, line 3 (syntax
 * error, ...)" or "Line 3: Document is empty". The line goes into the error's position and
 * the reason alone into its message. */
static int tidy_reason(const char *message, char *reason, size_t size) {
    const char *p = strstr(message, ", line ");
    if (p && p[7] >= '0' && p[7] <= '9') {
        int line = atoi(p + 7);
        const char *open = strchr(p, '(');
        size_t len = open ? strlen(open + 1) : 0;
        if (open && len > 0 && open[len] == ')') {
            snprintf(reason, size, "%.*s", (int)len - 1, open + 1);
            return line;
        }
    }
    if (strncmp(message, "Line ", 5) == 0 && message[5] >= '0' && message[5] <= '9') {
        int line = atoi(message + 5);
        const char *colon = strstr(message, ": ");
        snprintf(reason, size, "%s", colon ? colon + 2 : message);
        return line;
    }
    snprintf(reason, size, "%s", message);
    return 0;
}

/* Copies names ("name", else "label", else a textual "id" such as GraphML's node ids, which
 * tools like NetworkX use as the only name) and positions ("x" and "y") when igraph read them. */
static void copy_attributes(const igraph_t *ig, gopt_graph *g) {
    const char *name_attr = NULL;
    igraph_attribute_type_t type;
    if (igraph_cattribute_has_attr(ig, IGRAPH_ATTRIBUTE_VERTEX, "name")) name_attr = "name";
    else if (igraph_cattribute_has_attr(ig, IGRAPH_ATTRIBUTE_VERTEX, "label")) name_attr = "label";
    else if (igraph_cattribute_has_attr(ig, IGRAPH_ATTRIBUTE_VERTEX, "id") &&
             igraph_cattribute_table.gettype(ig, &type, IGRAPH_ATTRIBUTE_VERTEX, "id") == IGRAPH_SUCCESS &&
             type == IGRAPH_ATTRIBUTE_STRING)
        name_attr = "id";
    if (name_attr && igraph_cattribute_table.gettype(ig, &type, IGRAPH_ATTRIBUTE_VERTEX, name_attr) == IGRAPH_SUCCESS) {
        const char **names = gopt_calloc((size_t)g->n, sizeof *names);
        char **owned = gopt_calloc((size_t)g->n, sizeof *owned);
        for (int v = 0; v < g->n; v++) {
            if (type == IGRAPH_ATTRIBUTE_STRING) names[v] = VAS(ig, name_attr, v);
            else names[v] = owned[v] = gopt_format("%g", VAN(ig, name_attr, v));
        }
        gopt_graph_set_names(g, names);
        for (int v = 0; v < g->n; v++) free(owned[v]);
        free(owned);
        free(names);
    }
    if (igraph_cattribute_has_attr(ig, IGRAPH_ATTRIBUTE_VERTEX, "x") &&
        igraph_cattribute_has_attr(ig, IGRAPH_ATTRIBUTE_VERTEX, "y")) {
        double *x = gopt_malloc((size_t)g->n * sizeof *x), *y = gopt_malloc((size_t)g->n * sizeof *y);
        for (int v = 0; v < g->n; v++) {
            x[v] = VAN(ig, "x", v);
            y[v] = VAN(ig, "y", v);
        }
        gopt_graph_set_positions(g, x, y);
        free(x);
        free(y);
    }
}

/* igraph's parsing structures take a multiple of the text (its GML tree: about 20 bytes a
 * byte); this much is charged while it reads. */
#define IGRAPH_BYTES_PER_BYTE 32

gopt_graph *gopt_graph_read(const gopt_text *t, gopt_graph_format format, bool directed, int max_nodes,
                            gopt_error *err) {
    const char *path = t->name;
    if (format == GOPT_GRAPH_AUTO) format = format_from_extension(path);
    /* the text was read by the front end (charged to the budget while read; the text reader
     * dropped a byte-order mark, which igraph's lexers would call junk) */
    char *data = t->data;
    size_t len = t->len;
    graph_scan places = {0};
    gopt_graph *g = NULL;
    igraph_t ig;
    bool locked = false, have_ig = false;
    size_t parse_bytes = len * IGRAPH_BYTES_PER_BYTE;
    bool parse_charged = false;
    if (len == 0) {
        gopt_fail(err, path, 1, 1, "not a readable %s graph: the file is empty", format_name(format));
        goto done;
    }
    if (format == GOPT_GRAPH_EDGELIST ? !check_edge_list(path, data, len, max_nodes, &places, err)
                                      : !graph_scan_text(path, data, len, format, max_nodes, &places, err))
        goto done;
    if (!gopt_budget_charge(NULL, parse_bytes)) {
        gopt_fail_reading_memory(err, path, 1, 1, parse_bytes, len); /* igraph's share of a real file: a limit */
        goto done;
    }
    parse_charged = true;
    if (!gopt_igraph_load(path, err)) goto done;
    FILE *f = fmemopen(data, len, "r");
    if (!f) {
        gopt_fail(err, path, 0, 0, "cannot read: %s", strerror(errno));
        goto done;
    }
    igraph_glue_lock();
    locked = true;
    read_job job = {&ig, f, format, directed};
    igraph_error_t rc = igraph_glue_call(read_igraph, &job);
    fclose(f);
    if (rc != IGRAPH_SUCCESS) {
        /* the scan above takes what igraph takes, so this is rare: igraph's line, at its
         * first word, or the graph's place */
        char why[512];
        int line = tidy_reason(igraph_glue_message(), why, sizeof why);
        if (line == 0 && igraph_glue_warning()[0]) { /* a warning may say where, and why */
            char said[512];
            int wline = tidy_reason(igraph_glue_warning(), said, sizeof said);
            if (wline > 0) {
                line = wline;
                size_t n = strlen(why);
                snprintf(why + n, sizeof why - n, " (%s)", said);
            }
        }
        gopt_place at = line > 0 ? graph_scan_line_place(data, len, line) : places.graph_at;
        gopt_fail(err, path, at.line, at.col, "not a readable %s graph: %s", format_name(format), why);
        goto done;
    }
    have_ig = true;
    if (igraph_vcount(&ig) > max_nodes) {
        gopt_fail(err, path, places.graph_at.line, places.graph_at.col,
                  "the graph has %lld nodes; at most %d are supported", (long long)igraph_vcount(&ig), max_nodes);
        goto done;
    }
    int n = (int)igraph_vcount(&ig), m = (int)igraph_ecount(&ig);
    int *from = gopt_malloc((size_t)m * sizeof *from + 1), *to = gopt_malloc((size_t)m * sizeof *to + 1);
    for (int e = 0; e < m; e++) {
        from[e] = (int)IGRAPH_FROM(&ig, e);
        to[e] = (int)IGRAPH_TO(&ig, e);
    }
    g = gopt_graph_new(n, m, from, to, igraph_is_directed(&ig));
    copy_attributes(&ig, g);
    free(from);
    free(to);
    /* the places, when the scan saw the nodes and edges igraph made */
    g->graph_at = places.graph_at;
    g->directed_at = places.directed_at.line ? places.directed_at : places.graph_at;
    if (places.nodes == n) g->node_at = places.node_at, places.node_at = NULL;
    if (places.edges == m) g->edge_at = places.edge_at, places.edge_at = NULL;
    /* Names go into JSON and pictures: they must be text (igraph passes any bytes on). */
    for (int v = 0; g->names && v < g->n; v++) {
        size_t nlen = strlen(g->names[v]);
        if (gopt_utf8_invalid(g->names[v], nlen) != nlen) {
            gopt_place at = gopt_graph_node_place(g, v);
            gopt_fail(err, path, at.line, at.col, "node %d's name is not UTF-8 text; save the file as UTF-8", v + 1);
            gopt_graph_free(g);
            g = NULL;
            break;
        }
    }
done:
    if (have_ig) igraph_destroy(&ig);
    if (locked) igraph_glue_unlock();
    if (parse_charged) gopt_budget_release(NULL, parse_bytes);
    graph_scan_free(&places);
    return g;
}

gopt_place gopt_graph_node_place(const gopt_graph *g, int v) {
    return g->node_at && g->node_at[v].line ? g->node_at[v] : g->graph_at.line ? g->graph_at : (gopt_place){1, 1};
}

gopt_place gopt_graph_edge_place(const gopt_graph *g, int e) {
    return g->edge_at && g->edge_at[e].line ? g->edge_at[e] : g->graph_at.line ? g->graph_at : (gopt_place){1, 1};
}

int gopt_graph_components(const gopt_graph *g, int *comp) {
    igraph_glue_lock();
    igraph_vector_int_t edges, membership;
    igraph_vector_int_init(&edges, 2 * (igraph_integer_t)g->m);
    for (int e = 0; e < g->m; e++) {
        VECTOR(edges)[2 * e] = g->from[e];
        VECTOR(edges)[2 * e + 1] = g->to[e];
    }
    igraph_t ig;
    igraph_create(&ig, &edges, g->n, IGRAPH_UNDIRECTED);
    igraph_vector_int_init(&membership, 0);
    igraph_integer_t count = 0;
    igraph_connected_components(&ig, &membership, NULL, &count, IGRAPH_WEAK);
    for (int v = 0; v < g->n; v++) comp[v] = (int)VECTOR(membership)[v];
    igraph_vector_int_destroy(&membership);
    igraph_vector_int_destroy(&edges);
    igraph_destroy(&ig);
    igraph_glue_unlock();
    return (int)count;
}
