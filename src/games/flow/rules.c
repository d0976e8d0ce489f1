/* The deduction rules of Flow, simplest first (rules.h). Each looks at one scan of the state:
 * fragments (nodes joined by links that are on, with the colour any of them carries), and per
 * node its links on and not known.
 *  - two links: a node with all the links it needs (an endpoint one, a cell two, an empty cell
 *    none) has no other;
 *  - forced move: a path end (an endpoint, or a cell with one link) with as many ways left as it
 *    needs links takes them;
 *  - dead end: a cell without links with exactly two ways left takes both (with fewer it would
 *    be a dead end; under partial coverage it stays empty);
 *  - different colours: no link joins two colours (or a colour and an empty cell);
 *  - no loop: no link joins a fragment to itself (a cycle reaches no endpoint);
 *  - untouching (the convention): two neighbours of one colour are linked;
 *  - corner rule (untouching, plain rectangles): at a turn of a path, the cell inside the turn
 *    is linked to neither cell beside it (it would join the path and, touching both, close a
 *    loop of four);
 *  - region cut off: a colour reaches a cell only if the cell lies on a simple path between the
 *    colour's two endpoints through cells it may use (in the block-cut tree of that graph, the
 *    blocks between the two endpoints); a cell only one colour reaches takes it, a cell none
 *    reaches is empty (partial coverage) or a contradiction (full);
 *  - bottleneck: a cell every such path passes (a cut vertex between the endpoints) has that
 *    colour; a link every such path uses (a bridge) is on.
 * Each rule only states what every solution extending the state shares, so propagation keeps
 * every solution. The graph of a colour is over-approximated where that is simpler (a path may
 * enter a fragment's end and leave by another way here), which only makes the rule weaker. */
#include <stdlib.h>
#include <string.h>

#include "rules.h"

#define FLOW_REACH_MAX (16u << 20) /* bytes for every colour's reach at once */

struct flow_engine {
    const gopt_flow_puzzle *p;
    int n, m, K;
    /* one scan */
    int *parent, *fcol, *on, *unk;
    int *cv;               /* per node: its colour after spreading (-1 none), as of the scan */
    bool cyclic;
    int clash;             /* a node whose fragment holds two colours, or -1 */
    /* per-colour graph work */
    int *disc, *low, *it, *pe, *stack, *estack, *block, *block_size, *path, *domcount, *domk;
    uint8_t *dom, *on_path; /* per node: colour k may reach it; per block: the path runs through it */
    uint8_t *reach;        /* reach[k * n + v]: colour k may reach node v (last reach pass), or NULL when too big */
    flow_found *found;     /* deductions of a sweep */
    flow_found *neck;      /* bottlenecks found in a reach pass */
    int nneck;
    size_t neck_cap;
    int nfound;
    size_t cap;
};

static void *alloc_n(size_t n, size_t size) { return gopt_calloc(n ? n : 1, size); }

flow_engine *flow_engine_new(const gopt_flow_puzzle *p) {
    flow_engine *e = gopt_calloc(1, sizeof *e);
    size_t n = (size_t)p->nnodes + 1, m = (size_t)p->nedges + 1;
    e->p = p;
    e->n = p->nnodes, e->m = p->nedges, e->K = p->ncolours;
    e->parent = alloc_n(n, sizeof *e->parent);
    e->fcol = alloc_n(n, sizeof *e->fcol);
    e->on = alloc_n(n, sizeof *e->on);
    e->unk = alloc_n(n, sizeof *e->unk);
    e->cv = alloc_n(n, sizeof *e->cv);
    e->disc = alloc_n(n, sizeof *e->disc);
    e->low = alloc_n(n, sizeof *e->low);
    e->it = alloc_n(n, sizeof *e->it);
    e->pe = alloc_n(n, sizeof *e->pe);
    e->stack = alloc_n(n, sizeof *e->stack);
    e->path = alloc_n(n, sizeof *e->path);
    e->domcount = alloc_n(n, sizeof *e->domcount);
    e->domk = alloc_n(n, sizeof *e->domk);
    e->dom = alloc_n(n, 1);
    e->estack = alloc_n(m, sizeof *e->estack);
    e->block = alloc_n(m, sizeof *e->block);
    e->block_size = alloc_n(m, sizeof *e->block_size);
    e->on_path = alloc_n(m, 1);
    if ((size_t)p->ncolours * n <= FLOW_REACH_MAX) e->reach = alloc_n((size_t)p->ncolours * n, 1);
    return e;
}

void flow_engine_free(flow_engine *e) {
    if (!e) return;
    free(e->parent), free(e->fcol), free(e->on), free(e->unk), free(e->cv), free(e->disc), free(e->low), free(e->it);
    free(e->pe), free(e->stack), free(e->path), free(e->domcount), free(e->domk), free(e->dom);
    free(e->estack), free(e->block), free(e->block_size), free(e->on_path), free(e->neck), free(e->found), free(e->reach);
    free(e);
}

void flow_state_init(flow_state *s, const gopt_flow_puzzle *p) {
    s->p = p;
    s->edge = gopt_malloc((size_t)p->nedges + 1);
    s->colour = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *s->colour);
    memset(s->edge, -1, (size_t)p->nedges + 1);
    for (int v = 0; v < p->nnodes; v++) s->colour[v] = p->colour[v];
}

void flow_state_copy(flow_state *to, const flow_state *from) {
    to->p = from->p;
    memcpy(to->edge, from->edge, (size_t)from->p->nedges + 1);
    memcpy(to->colour, from->colour, ((size_t)from->p->nnodes + 1) * sizeof *to->colour);
}

void flow_state_free(flow_state *s) {
    free(s->edge);
    free(s->colour);
    s->edge = NULL;
    s->colour = NULL;
}

void flow_apply(flow_state *s, const flow_found *f) {
    if (f->edge >= 0) s->edge[f->edge] = (int8_t)f->value;
    else s->colour[f->node] = f->value;
}

/* ---------------------------------------------------------------- the scan */

static int root(int *parent, int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
}

static int col(flow_engine *e, int v) { return e->cv[v]; }
int flow_engine_colour(flow_engine *e, int v) { return col(e, v); }
const uint8_t *flow_engine_reach(const flow_engine *e) { return e->reach; }

static bool endpoint(const flow_engine *e, int v) { return e->p->colour[v] >= 0; }

/* Links a node needs: 1 at an endpoint, 0 when empty, 2 on a path, -1 not known (partial
 * coverage, a cell without colour or links). */
static int need(flow_engine *e, int v) {
    if (endpoint(e, v)) return 1;
    int c = col(e, v);
    if (c == e->K) return 0;
    if (!e->p->partial || c >= 0 || e->on[v] > 0) return 2;
    return -1;
}

/* Fragments and counts; false when a fragment is a cycle or holds two colours. */
static bool scan(flow_engine *e, const flow_state *s, gopt_flow_rule *broke) {
    const gopt_flow_puzzle *p = e->p;
    e->cyclic = false;
    for (int v = 0; v < e->n; v++) e->parent[v] = v, e->fcol[v] = -1, e->on[v] = e->unk[v] = 0;
    for (int i = 0; i < e->m; i++) {
        int u = p->edge_u[i], v = p->edge_v[i];
        if (s->edge[i] < 0) e->unk[u]++, e->unk[v]++;
        if (s->edge[i] != 1) continue;
        e->on[u]++, e->on[v]++;
        int a = root(e->parent, u), b = root(e->parent, v);
        if (a == b) e->cyclic = true;
        else e->parent[a] = b;
    }
    if (e->cyclic) return *broke = GOPT_FLOW_RULE_LOOP, false;
    for (int v = 0; v < e->n; v++) {
        if (s->colour[v] < 0) continue;
        int r = root(e->parent, v);
        if (e->fcol[r] < 0) e->fcol[r] = s->colour[v];
        else if (e->fcol[r] != s->colour[v]) return *broke = GOPT_FLOW_RULE_COLOURS, false;
    }
    for (int v = 0; v < e->n; v++) e->cv[v] = e->fcol[root(e->parent, v)];
    return true;
}

/* ---------------------------------------------------------------- deductions */

typedef struct sink {
    flow_engine *e;
    bool first_only;
    bool full;
} sink;

static void offer(sink *k, int edge, int node, int value, gopt_flow_rule rule, int at) {
    flow_engine *e = k->e;
    if (k->full) return;
    gopt_grow(&e->found, &e->cap, (size_t)e->nfound + 1, sizeof *e->found);
    e->found[e->nfound++] = (flow_found){edge, node, value, rule, at};
    if (k->first_only) k->full = true;
}

static int other_end(const gopt_flow_puzzle *p, int edge, int v) { return p->edge_u[edge] == v ? p->edge_v[edge] : p->edge_u[edge]; }

/* two links, forced move, dead end */
static bool rule_degree(flow_engine *e, const flow_state *s, sink *k, gopt_flow_rule *broke) {
    const gopt_flow_puzzle *p = e->p;
    for (int v = 0; v < e->n && !k->full; v++) {
        int nd = need(e, v), on = e->on[v], unk = e->unk[v];
        if (nd < 0) {
            if (unk < 2) offer(k, -1, v, e->K, GOPT_FLOW_RULE_DEAD_END, v); /* cannot be on a path */
            continue;
        }
        if (on > nd) return *broke = GOPT_FLOW_RULE_LINKS, false;
        if (on + unk < nd) return *broke = GOPT_FLOW_RULE_DEAD_END, false;
        if (unk == 0) continue;
        gopt_flow_rule rule;
        int value;
        if (on == nd) rule = GOPT_FLOW_RULE_LINKS, value = 0;
        else if (on + unk == nd) rule = on > 0 || endpoint(e, v) ? GOPT_FLOW_RULE_FORCED : GOPT_FLOW_RULE_DEAD_END, value = 1;
        else continue;
        for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end && !k->full; l++)
            if (s->edge[l->edge] < 0) offer(k, l->edge, -1, value, rule, v);
    }
    return true;
}

/* different colours, no loop, untouching */
static bool rule_links(flow_engine *e, const flow_state *s, sink *k, gopt_flow_rule which, gopt_flow_rule *broke) {
    const gopt_flow_puzzle *p = e->p;
    for (int i = 0; i < e->m && !k->full; i++) {
        int u = p->edge_u[i], v = p->edge_v[i], cu = col(e, u), cv = col(e, v);
        bool same_fragment = root(e->parent, u) == root(e->parent, v);
        if (which == GOPT_FLOW_RULE_TOUCH) {
            if (cu < 0 || cu != cv || cu == e->K || s->edge[i] == 1) continue;
            /* two nodes of one colour side by side: linked, unless already joined another way */
            if (s->edge[i] == 0 || same_fragment) return *broke = GOPT_FLOW_RULE_TOUCH, false;
            offer(k, i, -1, 1, GOPT_FLOW_RULE_TOUCH, u);
            continue;
        }
        if (s->edge[i] >= 0) continue;
        if (which == GOPT_FLOW_RULE_COLOURS && cu >= 0 && cv >= 0 && cu != cv) offer(k, i, -1, 0, which, u);
        if (which == GOPT_FLOW_RULE_LOOP && same_fragment) offer(k, i, -1, 0, which, u);
    }
    return true;
}

/* The link of v in direction d (not a warp), or NULL. */
static const gopt_flow_link *link_to(const gopt_flow_puzzle *p, int v, int d) {
    for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++)
        if (l->dir == d && !l->warp) return l;
    return NULL;
}

static bool rule_corner(flow_engine *e, const flow_state *s, sink *k) {
    const gopt_flow_puzzle *p = e->p;
    for (int v = 0; v < e->n && !k->full; v++) {
        if (e->on[v] != 2) continue;
        const gopt_flow_link *turn[2];
        int t = 0;
        for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++)
            if (s->edge[l->edge] == 1 && t < 2) turn[t++] = l;
        if (t != 2 || turn[0]->dir > GOPT_FLOW_W || turn[1]->dir > GOPT_FLOW_W || (turn[0]->dir ^ turn[1]->dir) == 2)
            continue; /* straight on */
        int a = turn[0]->node, b = turn[1]->node;
        const gopt_flow_link *aw = link_to(p, a, turn[1]->dir), *bw = link_to(p, b, turn[0]->dir);
        if (!aw || !bw || aw->node != bw->node) continue;
        if (s->edge[aw->edge] < 0) offer(k, aw->edge, -1, 0, GOPT_FLOW_RULE_CORNER, v);
        if (s->edge[bw->edge] < 0) offer(k, bw->edge, -1, 0, GOPT_FLOW_RULE_CORNER, v);
    }
    return true;
}

/* ---------------------------------------------------------------- a colour's graph */

static bool usable(flow_engine *e, const flow_state *s, int edge, int k) {
    const gopt_flow_puzzle *p = e->p;
    if (s->edge[edge] == 0) return false;
    int u = p->edge_u[edge], v = p->edge_v[edge];
    int cu = col(e, u), cv = col(e, v);
    if ((cu >= 0 && cu != k) || (cv >= 0 && cv != k)) return false;
    if (s->edge[edge] == 1) return true;
    int fu = endpoint(e, u) ? 1 : 2, fv = endpoint(e, v) ? 1 : 2;
    return e->on[u] < fu && e->on[v] < fv;
}

/* Tarjan's blocks from endpoint a over the usable links of colour k: e->block[edge] (the
 * block of each link reached), e->pe (tree link into each node), e->disc (0: not reached). */
static void blocks(flow_engine *e, const flow_state *s, int k, int a) {
    const gopt_flow_puzzle *p = e->p;
    memset(e->disc, 0, (size_t)e->n * sizeof *e->disc);
    for (int i = 0; i < e->m; i++) e->block[i] = -1;
    int time = 0, top = 0, etop = 0, nblocks = 0;
    e->disc[a] = e->low[a] = ++time;
    e->pe[a] = -1;
    e->it[a] = p->link_start[a];
    e->stack[top++] = a;
    while (top) {
        int u = e->stack[top - 1];
        if (e->it[u] < p->link_start[u + 1]) {
            const gopt_flow_link *l = &p->links[e->it[u]++];
            int w = l->node;
            if (l->edge == e->pe[u] || !usable(e, s, l->edge, k)) continue;
            if (!e->disc[w]) {
                e->pe[w] = l->edge;
                e->disc[w] = e->low[w] = ++time;
                e->it[w] = p->link_start[w];
                e->estack[etop++] = l->edge;
                e->stack[top++] = w;
            } else if (e->disc[w] < e->disc[u]) {
                if (e->disc[w] < e->low[u]) e->low[u] = e->disc[w];
                e->estack[etop++] = l->edge;
            }
            continue;
        }
        top--;
        if (!top) break;
        int parent = e->stack[top - 1];
        if (e->low[u] < e->low[parent]) e->low[parent] = e->low[u];
        if (e->low[u] >= e->disc[parent]) { /* parent separates u's subtree: a block ends here */
            int size = 0, x;
            do {
                x = e->estack[--etop];
                e->block[x] = nblocks;
                size++;
            } while (x != e->pe[u]);
            e->block_size[nblocks++] = size;
        }
    }
}

/* Region cut off and bottleneck for every colour whose path is not closed yet, from one pass
 * over the colours: region deductions come first (they are offered first), then bottlenecks. */
static bool rule_reach(flow_engine *e, const flow_state *s, sink *k, gopt_flow_rule *broke) {
    const gopt_flow_puzzle *p = e->p;
    for (int v = 0; v < e->n; v++) e->domcount[v] = 0, e->domk[v] = -1;
    if (e->reach) memset(e->reach, 0, (size_t)e->K * (size_t)e->n);
    e->nneck = 0;
    for (int c = 0; c < e->K; c++) {
        int a = p->ends[c][0], b = p->ends[c][1];
        if (root(e->parent, a) == root(e->parent, b)) continue; /* joined: nothing more to reach */
        blocks(e, s, c, a);
        if (!e->disc[b]) return *broke = GOPT_FLOW_RULE_REGION, false; /* the ends cannot meet */
        /* the tree path from b back to a, and the blocks it runs through */
        int len = 0;
        for (int x = b; x != a; x = other_end(p, e->pe[x], x)) e->path[len++] = x;
        e->path[len++] = a;
        memset(e->dom, 0, (size_t)e->n);
        memset(e->on_path, 0, (size_t)e->m);
        for (int j = 0; j + 1 < len; j++) e->on_path[e->block[e->pe[e->path[j]]]] = 1;
        /* the nodes of those blocks lie on simple paths between the ends */
        for (int i = 0; i < e->m; i++)
            if (e->block[i] >= 0 && e->on_path[e->block[i]]) e->dom[p->edge_u[i]] = e->dom[p->edge_v[i]] = 1;
        e->dom[a] = e->dom[b] = 1;
        for (int v = 0; v < e->n; v++)
            if (e->dom[v]) e->domcount[v]++, e->domk[v] = c;
        if (e->reach) memcpy(e->reach + (size_t)c * e->n, e->dom, (size_t)e->n);
        /* cut vertices between consecutive blocks of the path; bridges on it */
        for (int j = 0; j + 1 < len; j++) {
            int x = e->path[j], edge = e->pe[x];
            bool cut = j > 0 && e->block[e->pe[e->path[j - 1]]] != e->block[edge] && col(e, x) < 0;
            bool bridge = e->block_size[e->block[edge]] == 1 && s->edge[edge] < 0;
            if (cut || bridge) gopt_grow(&e->neck, &e->neck_cap, (size_t)e->nneck + 2, sizeof *e->neck);
            if (cut) e->neck[e->nneck++] = (flow_found){-1, x, c, GOPT_FLOW_RULE_BOTTLENECK, x};
            if (bridge) e->neck[e->nneck++] = (flow_found){edge, -1, 1, GOPT_FLOW_RULE_BOTTLENECK, x};
        }
    }
    for (int v = 0; v < e->n && !k->full; v++) {
        if (col(e, v) >= 0) continue;
        if (e->domcount[v] == 0) {
            if (!p->partial) return *broke = GOPT_FLOW_RULE_REGION, false;
            offer(k, -1, v, e->K, GOPT_FLOW_RULE_REGION, v);
        } else if (e->domcount[v] == 1 && !p->partial) {
            offer(k, -1, v, e->domk[v], GOPT_FLOW_RULE_REGION, v);
        }
    }
    for (int i = 0; i < e->nneck && !k->full; i++) {
        const flow_found *f = &e->neck[i];
        offer(k, f->edge, f->node, f->value, f->rule, f->at);
    }
    return true;
}

/* The rules that look at one node or link at a time (all but reach), in order. */
static bool local_rules(flow_engine *e, const flow_state *s, sink *k, gopt_flow_rule *broke) {
    const gopt_flow_puzzle *p = e->p;
    if (!rule_degree(e, s, k, broke)) return false;
    if (!k->full && !rule_links(e, s, k, GOPT_FLOW_RULE_COLOURS, broke)) return false;
    if (!k->full && !rule_links(e, s, k, GOPT_FLOW_RULE_LOOP, broke)) return false;
    if (!k->full && p->untouching && !rule_links(e, s, k, GOPT_FLOW_RULE_TOUCH, broke)) return false;
    if (!k->full && p->untouching && p->plain) rule_corner(e, s, k);
    return true;
}

int flow_next_step(flow_engine *e, const flow_state *s, flow_found *f, gopt_flow_rule *broke) {
    sink k = {e, true, false};
    e->nfound = 0;
    if (!scan(e, s, broke) || !local_rules(e, s, &k, broke)) return -1;
    if (!k.full && !rule_reach(e, s, &k, broke)) return -1;
    if (!e->nfound) return 0;
    *f = e->found[0];
    return 1;
}

/* Applies the sweep's deductions; false when two disagree. */
static bool apply_found(flow_engine *e, flow_state *s, gopt_flow_rule *broke) {
    for (int i = 0; i < e->nfound; i++) {
        const flow_found *f = &e->found[i];
        int now = f->edge >= 0 ? s->edge[f->edge] : s->colour[f->node];
        if (now >= 0 && now != f->value) return *broke = f->rule, false;
        flow_apply(s, f);
    }
    return true;
}

/* The local rules to their end, then the (costlier) reach rules once, and again while they
 * find something: the same end as running every rule every round. */
static bool propagate(flow_engine *e, flow_state *s, bool reach, gopt_flow_rule *broke) {
    for (;;) {
        sink k = {e, false, false};
        e->nfound = 0;
        if (!scan(e, s, broke) || !local_rules(e, s, &k, broke)) return false;
        if (e->nfound) {
            if (!apply_found(e, s, broke)) return false;
            continue;
        }
        if (!reach) return true;
        if (!rule_reach(e, s, &k, broke)) return false;
        if (!e->nfound) return true;
        if (!apply_found(e, s, broke)) return false;
    }
}

bool flow_propagate(flow_engine *e, flow_state *s, gopt_flow_rule *broke) { return propagate(e, s, true, broke); }
bool flow_propagate_local(flow_engine *e, flow_state *s, gopt_flow_rule *broke) { return propagate(e, s, false, broke); }

bool flow_state_done(flow_engine *e, const flow_state *s) {
    gopt_flow_rule broke;
    if (!scan(e, s, &broke)) return false;
    for (int i = 0; i < e->m; i++)
        if (s->edge[i] < 0) return false;
    for (int v = 0; v < e->n; v++)
        if (col(e, v) < 0) return false;
    return true;
}

const char *gopt_flow_rule_name(gopt_flow_rule r) {
    static const char *const names[] = {"two links",  "forced move",    "dead end",   "different colours",
                                        "no loop",    "untouching",     "corner rule", "region cut off",
                                        "bottleneck", "trial",          "guess"};
    return r >= GOPT_FLOW_RULE_LINKS && r <= GOPT_FLOW_RULE_GUESS ? names[r] : "?";
}
