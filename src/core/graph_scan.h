/* A first reading of a graph file before igraph reads it (issue 35 item 2, issue 37 item 5).
 * igraph's parsers name a line at best, allocate for any node id they meet, and its flex
 * lexers take time quadratic in a token's length (one 10 MB name: over 100 s). So the text is
 * read here first, linearly, by the same rules igraph applies: every syntax or structure
 * error igraph would raise is found here with its line and column, graphs beyond max_nodes
 * are refused at the node that is one too many, and tokens longer than GRAPH_SCAN_MAX_TOKEN
 * are refused before igraph sees them. It also records where each node and edge is written, in
 * igraph's order, so later checks (loops, parallel roads, names) can point at them. */
#ifndef GAMEOPT_GRAPH_SCAN_H
#define GAMEOPT_GRAPH_SCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "gameopt/error.h"
#include "gameopt/graph.h"

#define GRAPH_SCAN_MAX_TOKEN 65536

typedef struct graph_scan {
    int nodes, edges;        /* as the scan counted them */
    gopt_place *node_at;     /* nodes entries: where each is declared (first named) */
    gopt_place *edge_at;     /* edges entries */
    size_t node_cap, edge_cap;
    gopt_place graph_at;     /* the graph itself (its `graph` key or element), or line 1 */
    gopt_place directed_at;  /* what makes it directed, or {0, 0} */
} graph_scan;

/* Scans data[0..len) (named `name` in errors) as `format` (not AUTO). False with a located
 * error when igraph would refuse the text or the graph has more than max_nodes nodes. */
bool graph_scan_text(const char *name, const char *data, size_t len, gopt_graph_format format, int max_nodes,
                     graph_scan *out, gopt_error *err);
void graph_scan_free(graph_scan *s);
/* The place of the first character that is not blank on line `line` (1-based) of the text. */
gopt_place graph_scan_line_place(const char *data, size_t len, int line);

#endif
