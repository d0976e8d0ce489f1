/* Maximum flow through igraph's push-relabel implementation (igraph_maxflow). */
#include "gameopt/maxflow.h"

#include <igraph.h>
#include <stdlib.h>
#include <string.h>

#include "core/igraph_dl.h"
#include "core/igraph_glue.h"
#include "gameopt/alloc.h"
#include "gameopt/graph.h"
#include "gameopt/require.h"

gopt_maxflow_net *gopt_maxflow_net_new(int n) {
    GOPT_REQUIRE(n >= 0, "n = %d nodes", n);
    gopt_maxflow_net *net = gopt_calloc(1, sizeof *net);
    net->n = n;
    return net;
}

void gopt_maxflow_net_free(gopt_maxflow_net *net) {
    if (!net) return;
    free(net->from);
    free(net->to);
    free(net->cap);
    free(net);
}

int gopt_maxflow_edge(gopt_maxflow_net *net, int u, int v, double cap) {
    GOPT_REQUIRE(u >= 0 && u < net->n && v >= 0 && v < net->n, "edge %d -> %d with nodes 0..%d", u, v, net->n - 1);
    GOPT_REQUIRE(cap >= 0, "edge %d -> %d: capacity %g < 0", u, v, cap);
    if (net->m == net->cap_edges) {
        net->cap_edges = net->cap_edges ? 2 * net->cap_edges : 16;
        net->from = gopt_realloc(net->from, (size_t)net->cap_edges * sizeof *net->from);
        net->to = gopt_realloc(net->to, (size_t)net->cap_edges * sizeof *net->to);
        net->cap = gopt_realloc(net->cap, (size_t)net->cap_edges * sizeof *net->cap);
    }
    net->from[net->m] = u;
    net->to[net->m] = v;
    net->cap[net->m] = cap;
    return net->m++;
}

/* The nodes reachable from s in the residual network. Of all minimum cuts this source side
 * is the smallest, hence canonical (igraph's own partition may be any minimum cut): it holds
 * exactly what competes for the saturated edges. */
static bool *residual_reach(const gopt_maxflow_net *net, int s, const double *flow) {
    /* Both directions of every edge, each entry tagged with its edge id. */
    gopt_graph *g = gopt_graph_new(net->n, net->m, net->from, net->to, false);
    bool *seen = gopt_calloc((size_t)net->n, sizeof *seen);
    int *queue = gopt_malloc((size_t)net->n * sizeof *queue);
    int head = 0, tail = 0;
    const double eps = 1e-9;
    seen[s] = true;
    queue[tail++] = s;
    while (head < tail) {
        int v = queue[head++];
        for (int k = g->offset[v]; k < g->offset[v + 1]; k++) {
            int e = g->adj_edge[k], w = g->adj[k];
            bool forward = net->from[e] == v;
            bool residual = forward ? flow[e] < net->cap[e] - eps : flow[e] > eps;
            if (residual && !seen[w]) {
                seen[w] = true;
                queue[tail++] = w;
            }
        }
    }
    free(queue);
    gopt_graph_free(g);
    return seen;
}

bool gopt_maxflow(const gopt_maxflow_net *net, int s, int t, gopt_maxflow_result *r, gopt_error *err) {
    memset(r, 0, sizeof *r);
    if (s < 0 || s >= net->n || t < 0 || t >= net->n || s == t)
        return gopt_fail(err, "maxflow", 0, 0, "source %d and sink %d must be distinct nodes of 0..%d", s, t, net->n - 1);
    if (!gopt_igraph_load("maxflow", err)) return false;
    igraph_glue_lock();
    igraph_vector_int_t edges;
    igraph_vector_t capacity, flow;
    igraph_vector_int_init(&edges, 2 * (igraph_integer_t)net->m);
    igraph_vector_init(&capacity, net->m);
    for (int e = 0; e < net->m; e++) {
        VECTOR(edges)[2 * e] = net->from[e];
        VECTOR(edges)[2 * e + 1] = net->to[e];
        VECTOR(capacity)[e] = net->cap[e];
    }
    igraph_t g;
    igraph_vector_init(&flow, 0);
    igraph_real_t value = 0;
    bool ok = igraph_create(&g, &edges, net->n, IGRAPH_DIRECTED) == IGRAPH_SUCCESS;
    if (ok) {
        ok = igraph_maxflow(&g, &value, &flow, NULL, NULL, NULL, s, t, &capacity, NULL) == IGRAPH_SUCCESS;
        if (!ok) gopt_fail(err, "maxflow", 0, 0, "%s", igraph_glue_message());
        igraph_destroy(&g);
    } else {
        gopt_fail(err, "maxflow", 0, 0, "%s", igraph_glue_message());
    }
    if (ok) {
        r->value = value;
        r->flow = gopt_malloc((size_t)(net->m > 0 ? net->m : 1) * sizeof *r->flow);
        for (int e = 0; e < net->m; e++) r->flow[e] = VECTOR(flow)[e];
        r->source_side = residual_reach(net, s, r->flow);
    }
    igraph_vector_destroy(&flow);
    igraph_vector_destroy(&capacity);
    igraph_vector_int_destroy(&edges);
    igraph_glue_unlock();
    return ok;
}

void gopt_maxflow_result_free(gopt_maxflow_result *r) {
    free(r->flow);
    free(r->source_side);
    memset(r, 0, sizeof *r);
}
