/* A router for partial coverage (Numberlink and contest rules), on any cell graph: negotiated
 * congestion (PathFinder; McMurchie and Ebeling, 1995), the way chip wires are routed. Each
 * colour takes a cheapest path between its endpoints (Dijkstra; never through another
 * colour's endpoint), paths may share cells at first, and a shared cell grows dearer, both
 * for the round (the present cost, steeper each round) and for good (the history cost, which
 * rises every round the cell stays shared). Colours are ripped up and routed again round by
 * round until no cell is shared: then the paths are a solution (checked like every answer).
 *
 * It finds solutions fast where lines have room to give way to each other (contest boards
 * with much empty space, where SAT wanders), but proves nothing: when it does not settle
 * within its rounds the portfolio moves on. */
#include <stdlib.h>

#include "gameopt/rng.h"
#include "gameopt/stop.h"
#include "internal.h"

typedef struct route_heap_item {
    double cost;
    int node;
} route_heap_item;

typedef struct router {
    const gopt_flow_puzzle *p;
    int n, K;
    int *users;          /* colours whose path holds each node (endpoints: not counted) */
    double *history;     /* lasting cost per node */
    double present;      /* cost factor per other colour on a node, this round */
    double *dist;        /* < 0: not reached in this search */
    int *via;            /* edge each node was reached by */
    int *touched, ntouched; /* nodes this search reached, to reset only those */
    route_heap_item *heap;
    int heap_len;
    int **path;          /* per colour: its nodes between the endpoints, their count, room */
    int *path_len;
    size_t *path_cap;
    int64_t pops;
} router;

static void heap_push(router *r, double cost, int node) {
    int i = r->heap_len++;
    while (i > 0 && r->heap[(i - 1) / 2].cost > cost) {
        r->heap[i] = r->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    r->heap[i] = (route_heap_item){cost, node};
}

static route_heap_item heap_pop(router *r) {
    route_heap_item top = r->heap[0], last = r->heap[--r->heap_len];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= r->heap_len) break;
        if (c + 1 < r->heap_len && r->heap[c + 1].cost < r->heap[c].cost) c++;
        if (r->heap[c].cost >= last.cost) break;
        r->heap[i] = r->heap[c];
        i = c;
    }
    r->heap[i] = last;
    return top;
}

/* Routes colour k on the current costs (its old path ripped up already). False when its
 * endpoints are cut apart by other endpoints: no rerouting can help then. */
static bool route_colour(router *r, int k) {
    const gopt_flow_puzzle *p = r->p;
    int from = p->ends[k][0], to = p->ends[k][1];
    for (int i = 0; i < r->ntouched; i++) r->dist[r->touched[i]] = -1;
    r->heap_len = r->ntouched = 0;
    r->touched[r->ntouched++] = from;
    r->dist[from] = 0;
    r->via[from] = -1;
    heap_push(r, 0, from);
    while (r->heap_len > 0) {
        route_heap_item it = heap_pop(r);
        r->pops++;
        if (it.cost > r->dist[it.node]) continue; /* a stale entry */
        if (it.node == to) break;
        for (const gopt_flow_link *l = flow_links(p, it.node), *end = l + flow_degree(p, it.node); l < end; l++) {
            int v = l->node;
            if (p->colour[v] >= 0 && v != to) continue;
            double step = v == to ? 1 : (1 + r->history[v]) * (1 + r->present * r->users[v]);
            double d = it.cost + step;
            if (r->dist[v] < 0 || d < r->dist[v]) {
                if (r->dist[v] < 0) r->touched[r->ntouched++] = v;
                r->dist[v] = d;
                r->via[v] = l->edge;
                heap_push(r, d, v);
            }
        }
    }
    if (r->dist[to] < 0) return false;
    r->path_len[k] = 0;
    for (int v = to; v != from;) {
        int e = r->via[v];
        v = p->edge_u[e] == v ? p->edge_v[e] : p->edge_u[e];
        if (v != from) {
            gopt_grow(&r->path[k], &r->path_cap[k], (size_t)r->path_len[k] + 1, sizeof **r->path);
            r->path[k][r->path_len[k]++] = v;
            r->users[v]++;
        }
    }
    return true;
}

static void rip_up(router *r, int k) {
    for (int i = 0; i < r->path_len[k]; i++) r->users[r->path[k][i]]--;
    r->path_len[k] = 0;
}

/* The settled paths as a solution: each colour's nodes, joined along the edges it came by. */
static gopt_flow_solution *routes_solution(const router *r) {
    const gopt_flow_puzzle *p = r->p;
    gopt_flow_solution *s = gopt_flow_solution_new(p);
    for (int k = 0; k < r->K; k++) {
        int prev = p->ends[k][1];
        for (int i = 0; i <= r->path_len[k]; i++) {
            int v = i < r->path_len[k] ? r->path[k][i] : p->ends[k][0];
            for (const gopt_flow_link *l = flow_links(p, prev), *end = l + flow_degree(p, prev); l < end; l++)
                if (l->node == v) {
                    s->used[l->edge] = 1;
                    break;
                }
            prev = v;
        }
    }
    gopt_flow_solution_paint(p, s);
    return s;
}

gopt_status flow_solve_route(flow_run *run, int rounds) {
    const gopt_flow_puzzle *p = run->p;
    router r = {.p = p, .n = p->nnodes, .K = p->ncolours, .present = 0};
    size_t n = (size_t)r.n + 1;
    r.users = gopt_calloc(n, sizeof *r.users);
    r.history = gopt_calloc(n, sizeof *r.history);
    if (run->route_seed) { /* another start: a little noise on every node's cost */
        gopt_rng rng = gopt_rng_stream(run->route_seed, 0);
        for (int v = 0; v < r.n; v++) r.history[v] = (double)gopt_rng_below(&rng, 1000) / 1000.0;
    }
    r.dist = gopt_malloc(n * sizeof *r.dist);
    for (int v = 0; v < r.n; v++) r.dist[v] = -1;
    r.touched = gopt_malloc(n * sizeof *r.touched);
    r.via = gopt_malloc(n * sizeof *r.via);
    r.heap = gopt_malloc(((size_t)2 * p->nedges + n) * sizeof *r.heap);
    r.path = gopt_calloc((size_t)r.K + 1, sizeof *r.path);
    r.path_len = gopt_calloc((size_t)r.K + 1, sizeof *r.path_len);
    r.path_cap = gopt_calloc((size_t)r.K + 1, sizeof *r.path_cap);
    bool settled = false, cut = false;
    int round = 0;
    while (!settled && !cut && round < rounds && !flow_stopped(run)) {
        round++;
        for (int k = 0; k < r.K && !cut; k++) {
            rip_up(&r, k);
            cut = !route_colour(&r, k);
        }
        settled = !cut;
        for (int v = 0; v < r.n; v++)
            if (r.users[v] > 1) {
                settled = false;
                r.history[v] += r.users[v] - 1;
            }
        r.present = r.present == 0 ? 0.5 : r.present * 1.5;
    }
    gopt_answer *a = run->a;
    a->method = "search";
    gopt_counter_add(&a->counters, "route rounds", round);
    gopt_counter_add(&a->counters, "nodes", r.pops);
    if (settled) {
        a->solution = routes_solution(&r);
        a->solutions = 1;
    } else {
        snprintf(a->note, sizeof a->note, "the router did not settle in %d rounds", round);
    }
    for (int k = 0; k < r.K; k++) free(r.path[k]);
    free(r.path);
    free(r.path_len);
    free(r.path_cap);
    free(r.touched);
    free(r.users);
    free(r.history);
    free(r.dist);
    free(r.via);
    free(r.heap);
    return settled ? GOPT_SOLVED : GOPT_LIMIT;
}
