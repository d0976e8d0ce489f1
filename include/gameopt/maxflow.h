/* Maximum flow through igraph (push-relabel), with the flow on every edge and the minimum
 * cut, which tells *why* a flow falls short: the source side of the cut is the set of
 * nodes still reachable from the source in the residual network. */
#ifndef GAMEOPT_MAXFLOW_H
#define GAMEOPT_MAXFLOW_H

#include <stdbool.h>
#include "gameopt/error.h"

typedef struct gopt_maxflow_net {
    int n;            /* nodes 0..n-1 */
    int m;            /* directed edges */
    int cap_edges;
    int *from, *to;
    double *cap;
} gopt_maxflow_net;

typedef struct gopt_maxflow_result {
    double value;
    double *flow;      /* per edge */
    bool *source_side; /* per node: reachable from the source in the residual network, the
                          smallest source side of a minimum cut */
} gopt_maxflow_result;

gopt_maxflow_net *gopt_maxflow_net_new(int n);
void gopt_maxflow_net_free(gopt_maxflow_net *net);
/* Adds a directed edge u -> v; returns its id. */
int gopt_maxflow_edge(gopt_maxflow_net *net, int u, int v, double cap);

/* Computes a maximum s-t flow. On success fills r (free with gopt_maxflow_result_free). */
bool gopt_maxflow(const gopt_maxflow_net *net, int s, int t, gopt_maxflow_result *r, gopt_error *err);
void gopt_maxflow_result_free(gopt_maxflow_result *r);

#endif
