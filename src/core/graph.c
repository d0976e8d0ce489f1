/* Graphs as adjacency arrays, and loading graph files through igraph. */
#include "gameopt/graph.h"

#include <errno.h>
#include <igraph.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/igraph_dl.h"
#include "core/igraph_glue.h"
#include "gameopt/alloc.h"

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

static gopt_graph_format format_from_extension(const char *path) {
    const char *dot = strrchr(path, '.');
    if (dot && strcmp(dot, ".graphml") == 0) return GOPT_GRAPH_GRAPHML;
    if (dot && strcmp(dot, ".gml") == 0) return GOPT_GRAPH_GML;
    if (dot && strcmp(dot, ".ncol") == 0) return GOPT_GRAPH_NCOL;
    return GOPT_GRAPH_EDGELIST;
}

static igraph_error_t read_igraph(igraph_t *ig, FILE *f, gopt_graph_format format, bool directed) {
    switch (format) {
    case GOPT_GRAPH_GRAPHML: return igraph_read_graph_graphml(ig, f, 0);
    case GOPT_GRAPH_GML: return igraph_read_graph_gml(ig, f);
    case GOPT_GRAPH_NCOL: return igraph_read_graph_ncol(ig, f, NULL, true, IGRAPH_ADD_WEIGHTS_NO, directed);
    default: return igraph_read_graph_edgelist(ig, f, 0, directed);
    }
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

gopt_graph *gopt_graph_load(const char *path, gopt_graph_format format, bool directed, gopt_error *err) {
    if (format == GOPT_GRAPH_AUTO) format = format_from_extension(path);
    FILE *f = fopen(path, "r");
    if (!f) {
        gopt_fail(err, path, 0, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    if (!gopt_igraph_load(path, err)) {
        fclose(f);
        return NULL;
    }
    igraph_glue_lock();
    igraph_t ig;
    igraph_error_t rc = read_igraph(&ig, f, format, directed);
    fclose(f);
    if (rc != IGRAPH_SUCCESS) {
        gopt_fail(err, path, 0, 0, "not a readable graph: %s", igraph_glue_message());
        igraph_glue_unlock();
        return NULL;
    }
    int n = (int)igraph_vcount(&ig), m = (int)igraph_ecount(&ig);
    int *from = gopt_malloc((size_t)m * sizeof *from + 1), *to = gopt_malloc((size_t)m * sizeof *to + 1);
    for (int e = 0; e < m; e++) {
        from[e] = (int)IGRAPH_FROM(&ig, e);
        to[e] = (int)IGRAPH_TO(&ig, e);
    }
    gopt_graph *g = gopt_graph_new(n, m, from, to, igraph_is_directed(&ig));
    copy_attributes(&ig, g);
    free(from);
    free(to);
    igraph_destroy(&ig);
    igraph_glue_unlock();
    return g;
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
