/* Graphs as adjacency arrays (compressed sparse rows): the neighbours of v are
 * adj[offset[v] .. offset[v+1]), and adj_edge[] holds the edge id of each entry. Built once,
 * then read in hot loops without any pointer chasing. Undirected edges appear in both
 * endpoints' lists under one edge id. Nodes may carry names and board positions. */
#ifndef GAMEOPT_GRAPH_H
#define GAMEOPT_GRAPH_H

#include <stdbool.h>
#include "gameopt/error.h"
#include "gameopt/text.h"

/* A place in a file: line and column from 1 (0 when unknown). */
typedef struct gopt_place {
    int line, col;
} gopt_place;

typedef struct gopt_graph {
    int n;          /* nodes 0..n-1 */
    int m;          /* edges 0..m-1 */
    bool directed;
    int *from, *to; /* endpoints of each edge */
    int *offset;    /* n + 1 entries */
    int *adj;       /* neighbour of each adjacency entry */
    int *adj_edge;  /* edge id of each adjacency entry */
    char **names;   /* NULL, or n node names */
    double *x, *y;  /* NULL, or n positions (board coordinates; y grows downwards) */
    /* Where a loaded file wrote each node and edge (NULL when not known), so errors found
     * after reading can name the place: */
    gopt_place *node_at, *edge_at;
    gopt_place graph_at;    /* the graph as a whole */
    gopt_place directed_at; /* what made it directed */
} gopt_graph;

/* Builds a graph from an edge list; the arrays are copied. */
gopt_graph *gopt_graph_new(int n, int m, const int *from, const int *to, bool directed);
void gopt_graph_free(gopt_graph *g);

static inline int gopt_graph_degree(const gopt_graph *g, int v) { return g->offset[v + 1] - g->offset[v]; }
bool gopt_graph_has_edge(const gopt_graph *g, int u, int v);
/* Node index by name (exact match), or -1. */
int gopt_graph_find(const gopt_graph *g, const char *name);
/* Sets node names (copied); a NULL entry becomes the node number. */
void gopt_graph_set_names(gopt_graph *g, const char *const *names);
/* Sets positions (copied). */
void gopt_graph_set_positions(gopt_graph *g, const double *x, const double *y);

/* Graph file formats read through igraph. */
typedef enum gopt_graph_format {
    GOPT_GRAPH_AUTO,     /* from the extension: .graphml .gml, else edge list */
    GOPT_GRAPH_GRAPHML,
    GOPT_GRAPH_GML,
    GOPT_GRAPH_EDGELIST, /* "u v" per line, 0-based node numbers */
    GOPT_GRAPH_NCOL,     /* "name name" per line: symbolic names */
} gopt_graph_format;

/* Reads a graph file's text with igraph (the format by t's name's extension when AUTO). Node
 * attributes "name"/"label" become names and "x"/"y" positions when present. The text is read
 * first by the rules igraph applies (graph_scan.c): errors name the line and column; tokens of
 * more than 64 KiB are refused; igraph's parse structures count against --memory-limit.
 * Graphs of more than max_nodes nodes are refused while reading (an edge list naming node
 * 99999999 fails at its line and column instead of allocating 10^8 nodes); names must be
 * UTF-8. Files are read by the front end (gopt_read_named); this reads no file itself. */
gopt_graph *gopt_graph_read(const gopt_text *t, gopt_graph_format format, bool directed, int max_nodes,
                            gopt_error *err);

/* Where node v (edge e) of a loaded graph is written: its own place when known, else the
 * graph's, else line 1. */
gopt_place gopt_graph_node_place(const gopt_graph *g, int v);
gopt_place gopt_graph_edge_place(const gopt_graph *g, int e);

/* Connected components of an undirected graph: comp[v] in 0..count-1. Returns count. */
int gopt_graph_components(const gopt_graph *g, int *comp);

#endif
