/* Maximum flow through igraph (push-relabel), with the flow on every edge and the minimum
 * cut, which tells *why* a flow falls short: the source side of the cut is the set of
 * nodes still reachable from the source in the residual network. */
#ifndef GAMEOPT_MAXFLOW_H
#define GAMEOPT_MAXFLOW_H

#include <stdbool.h>
#include "gameopt/error.h"

typedef struct gopt_flow_net {
    int n;            /* nodes 0..n-1 */
    int m;            /* directed edges */
    int cap_edges;
    int *from, *to;
    double *cap;
} gopt_flow_net;

typedef struct gopt_flow_result {
    double value;
    double *flow;      /* per edge */
    bool *source_side; /* per node: reachable from the source in the residual network, the
                          smallest source side of a minimum cut */
} gopt_flow_result;

gopt_flow_net *gopt_flow_net_new(int n);
void gopt_flow_net_free(gopt_flow_net *net);
/* Adds a directed edge u -> v; returns its id. */
int gopt_flow_edge(gopt_flow_net *net, int u, int v, double cap);

/* Computes a maximum s-t flow. On success fills r (free with gopt_flow_result_free). */
bool gopt_maxflow(const gopt_flow_net *net, int s, int t, gopt_flow_result *r, gopt_error *err);
void gopt_flow_result_free(gopt_flow_result *r);

#endif
