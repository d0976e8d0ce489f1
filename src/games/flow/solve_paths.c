/* The path search for partial coverage (Numberlink and contest rules), on any cell graph:
 * paths grow from their endpoints, one step at a time, the most constrained head first
 * (fewest moves; a head with one move is a forced move). After every step each unfinished
 * colour must still have its two heads joined through free cells (a stranded colour fails at
 * once), which is what untangles puzzles whose lines must wind around each other.
 *
 * The search only grows paths that never touch themselves, and joins two heads of a colour
 * as soon as they meet. Under partial coverage that loses nothing: a path that touches
 * itself can be cut short where it does, leaving the cells in between empty. So the search
 * is complete for finding one solution: exhausting it proves there is none. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/stop.h"
#include "internal.h"

typedef struct paths {
    const gopt_flow_puzzle *p;
    int n, K;
    int *occ;        /* colour on each node, -1 free */
    int (*head)[2];  /* current ends of each colour's two half-paths */
    uint8_t *done;
    int *edge_of;    /* per node: the edge it was entered by (-1 for endpoints) */
    int *join;       /* per colour: the edge that joined its halves, -1 */
    int *comp, *queue; /* scratch for the stranded check */
    int64_t nodes, budget, poll_every;
    const flow_run *run;
    bool limit;
} paths;

/* Can the head h of colour k step into v without touching its own path? */
static bool can_step(const paths *s, int k, int h, int v) {
    if (s->occ[v] >= 0) return false;
    int other = s->head[k][0] == h ? s->head[k][1] : s->head[k][0];
    for (const gopt_flow_link *l = flow_links(s->p, v), *end = l + flow_degree(s->p, v); l < end; l++)
        if (l->node != h && l->node != other && s->occ[l->node] == k) return false;
    return true;
}

static int count_moves(const paths *s, int k, int side) {
    int h = s->head[k][side], n = 0;
    for (const gopt_flow_link *l = flow_links(s->p, h), *end = l + flow_degree(s->p, h); l < end; l++) n += can_step(s, k, h, l->node);
    return n;
}

/* The link joining the two heads of colour k, or NULL. */
static const gopt_flow_link *meeting(const paths *s, int k) {
    int a = s->head[k][0], b = s->head[k][1];
    for (const gopt_flow_link *l = flow_links(s->p, a), *end = l + flow_degree(s->p, a); l < end; l++)
        if (l->node == b) return l;
    return NULL;
}

/* Every unfinished colour still has its heads joined through free nodes. */
static bool none_stranded(paths *s) {
    const gopt_flow_puzzle *p = s->p;
    for (int v = 0; v < s->n; v++) s->comp[v] = -1;
    for (int root = 0; root < s->n; root++) {
        if (s->occ[root] >= 0 || s->comp[root] >= 0) continue;
        int head = 0, tail = 0;
        s->queue[tail++] = root;
        s->comp[root] = root;
        while (head < tail) {
            int v = s->queue[head++];
            for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++)
                if (s->occ[l->node] < 0 && s->comp[l->node] < 0) {
                    s->comp[l->node] = root;
                    s->queue[tail++] = l->node;
                }
        }
    }
    for (int k = 0; k < s->K; k++) {
        if (s->done[k]) continue;
        int a = s->head[k][0], b = s->head[k][1];
        bool ok = false;
        for (const gopt_flow_link *la = flow_links(p, a), *ea = la + flow_degree(p, a); la < ea && !ok; la++) {
            int ca = s->comp[la->node];
            if (ca < 0) continue;
            for (const gopt_flow_link *lb = flow_links(p, b), *eb = lb + flow_degree(p, b); lb < eb && !ok; lb++)
                ok = s->comp[lb->node] == ca;
        }
        if (!ok) return false;
    }
    return true;
}

static bool search(paths *s) {
    /* A node costs a walk over the free cells (35 ms on a 1024x1024 board), so the clock is
     * read about every million cells walked, on large boards at every node. */
    if (++s->nodes % s->poll_every == 0 && ((s->budget > 0 && s->nodes >= s->budget) || flow_stopped(s->run)))
        s->limit = true;
    if (s->limit) return false;
    /* the most constrained head */
    int best_k = -1, best_side = 0, best = 1 << 30;
    for (int k = 0; k < s->K && best > 1; k++) {
        if (s->done[k]) continue;
        for (int side = 0; side < 2; side++) {
            int m = count_moves(s, k, side);
            if (m < best) best = m, best_k = k, best_side = side;
        }
    }
    if (best_k < 0) return true; /* every colour joined */
    if (best == 0) return false;
    const gopt_flow_puzzle *p = s->p;
    int h = s->head[best_k][best_side];
    for (const gopt_flow_link *l = flow_links(p, h), *end = l + flow_degree(p, h); l < end; l++) {
        int v = l->node;
        if (!can_step(s, best_k, h, v)) continue;
        s->occ[v] = best_k;
        s->edge_of[v] = l->edge;
        s->head[best_k][best_side] = v;
        /* heads that touch are joined (not joining them would make the path touch itself) */
        const gopt_flow_link *met = meeting(s, best_k);
        if (met) s->done[best_k] = 1, s->join[best_k] = met->edge;
        if (none_stranded(s) && search(s)) return true;
        s->done[best_k] = 0, s->join[best_k] = -1;
        s->head[best_k][best_side] = h;
        s->occ[v] = -1;
        s->edge_of[v] = -1;
        if (s->limit) return false;
    }
    return false;
}

gopt_status flow_solve_paths(flow_run *r, int64_t budget) {
    const gopt_flow_puzzle *p = r->p;
    paths s = {.p = p, .n = p->nnodes, .K = p->ncolours, .budget = budget, .run = r};
    s.poll_every = p->nnodes >= (1 << 20) ? 1 : (1 << 20) / p->nnodes;
    if (budget > 0 && budget < s.poll_every) s.poll_every = budget; /* (the budget is met exactly) */
    s.occ = gopt_malloc((size_t)s.n * sizeof *s.occ);
    s.edge_of = gopt_malloc((size_t)s.n * sizeof *s.edge_of);
    s.comp = gopt_malloc((size_t)s.n * sizeof *s.comp);
    s.queue = gopt_malloc((size_t)s.n * sizeof *s.queue);
    s.head = gopt_malloc((size_t)s.K * sizeof *s.head);
    s.done = gopt_calloc((size_t)s.K, 1);
    s.join = gopt_malloc((size_t)s.K * sizeof *s.join);
    for (int v = 0; v < s.n; v++) s.occ[v] = p->colour[v], s.edge_of[v] = -1;
    for (int k = 0; k < s.K; k++) {
        s.head[k][0] = p->ends[k][0];
        s.head[k][1] = p->ends[k][1];
        s.join[k] = -1;
    }
    for (int k = 0; k < s.K; k++) { /* endpoints that touch are joined directly */
        const gopt_flow_link *l = meeting(&s, k);
        if (l) s.done[k] = 1, s.join[k] = l->edge;
    }
    bool found = none_stranded(&s) && search(&s);
    gopt_answer *a = r->a;
    a->method = "search";
    gopt_counter_add(&a->counters, "nodes", s.nodes);
    if (found) {
        gopt_flow_solution *sol = gopt_flow_solution_new(p);
        for (int v = 0; v < s.n; v++)
            if (s.edge_of[v] >= 0) sol->used[s.edge_of[v]] = 1;
        for (int k = 0; k < s.K; k++) sol->used[s.join[k]] = 1;
        gopt_flow_solution_paint(p, sol);
        a->solution = sol;
        a->solutions = 1;
    }
    free(s.occ);
    free(s.edge_of);
    free(s.comp);
    free(s.queue);
    free(s.head);
    free(s.done);
    free(s.join);
    if (found) return GOPT_SOLVED;
    if (!s.limit) {
        a->complete = true;
        snprintf(a->note, sizeof a->note, "proven unsolvable by a complete search");
        return GOPT_INFEASIBLE;
    }
    snprintf(a->note, sizeof a->note, "the search reached its %s", r->deadline > 0 && gopt_now() > r->deadline ? "time limit" : "node budget");
    return GOPT_LIMIT;
}
