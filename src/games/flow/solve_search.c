/* The search on any cell graph: a backtracking sweep over the nodes. Nodes are taken in a
 * fixed order (anti-diagonals of the display grid, layer by layer, a bridge's two channels
 * together); at each node every link to an earlier node is decided already, and the search
 * chooses which links to later nodes the path through it uses, so that its degree comes out
 * right (1 at an endpoint, 2 elsewhere, 0 or 2 under partial coverage). Path fragments are
 * kept as the classic `end` array: at each end of a fragment, the other end and the
 * fragment's colour. A link that would close a fragment into a cycle, or join fragments of
 * two colours, is refused; a later node that can no longer reach its degree (too few
 * undecided links left) fails the choice at once. Every configuration that survives to the
 * last node is a solution, and the search assumes nothing, so exhausting it proves that the
 * puzzle has none (or that all solutions were counted). Plain rectangles take the faster
 * sweep of solve_grid.c, which may also assume that paths never touch themselves. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/budget.h"
#include "internal.h"

typedef struct trail_entry {
    int *slot;
    int old;
} trail_entry;

/* Masks over up to FLOW_MAX_LINKS later links with 0, 1 or 2 bits set. */
typedef struct mask_list {
    uint8_t n;
    uint8_t mask[FLOW_MAX_LINKS * (FLOW_MAX_LINKS - 1) / 2];
} mask_list;

typedef struct search {
    const gopt_flow_puzzle *p;
    int n;
    bool partial;
    /* the order, and each node's links to later nodes */
    int *order, *pos;
    int *later_start, *later_node, *later_edge;
    /* state */
    int *deg;      /* used links so far */
    int *pend;     /* undecided links */
    int *end;      /* at a fragment end: the other end */
    int *fcol;     /* at a fragment end: the fragment's colour, or -1 */
    trail_entry *trail;
    size_t ntrail, trail_cap;
    size_t charged;   /* bytes of the trail charged to the memory budget */
    bool memory_out;  /* the budget refused the trail's last growth: stop */
    /* the stack of decisions, by position */
    uint8_t *choice, *mask, *kind;
    size_t *mark;
    int at;        /* the position the sweep stands at (when paused) */
    long found;
    int64_t nodes;
    mask_list masks[FLOW_MAX_LINKS + 1][3];
} search;

/* ---------------------------------------------------------------- choice lists */


/* Per search (not a shared table: solves run in parallel threads). */
static void init_masks(mask_list masks[FLOW_MAX_LINKS + 1][3]) {
    memset(masks, 0, (FLOW_MAX_LINKS + 1) * 3 * sizeof(mask_list));
    for (int links = 0; links <= FLOW_MAX_LINKS; links++)
        for (int m = 0; m < (1 << links); m++) {
            int bits = __builtin_popcount((unsigned)m);
            if (bits <= 2) masks[links][bits].mask[masks[links][bits].n++] = (uint8_t)m;
        }
}

/* What a node still needs, fixed when the sweep reaches it: exactly 0, 1 or 2 more links,
 * or (partial coverage, nothing used yet) 0 or 2. */
enum { NEED_0, NEED_1, NEED_2, NEED_0_OR_2, NEED_NONE_POSSIBLE };

static int need_kind(const search *s, int u) {
    int cap = s->p->colour[u] >= 0 ? 1 : 2;
    int need = cap - s->deg[u];
    if (need < 0) return NEED_NONE_POSSIBLE;
    if (s->partial && cap == 2 && s->deg[u] == 0) return NEED_0_OR_2;
    return need;
}

static int choice_count(const search *s, int i) {
    int links = s->later_start[i + 1] - s->later_start[i];
    switch (s->kind[i]) {
    case NEED_0_OR_2: return s->masks[links][0].n + s->masks[links][2].n;
    case NEED_NONE_POSSIBLE: return 0;
    default: return s->masks[links][s->kind[i]].n;
    }
}

static uint8_t choice_mask(const search *s, int i, int k) {
    int links = s->later_start[i + 1] - s->later_start[i];
    if (s->kind[i] == NEED_0_OR_2) return k < s->masks[links][2].n ? s->masks[links][2].mask[k] : 0;
    return s->masks[links][s->kind[i]].mask[k];
}

/* ---------------------------------------------------------------- state changes */

static void set(search *s, int *slot, int value) {
    if (*slot == value) return;
    if (s->ntrail == s->trail_cap) {
        gopt_grow(&s->trail, &s->trail_cap, s->ntrail + 1, sizeof *s->trail);
        /* The trail is what grows without bound on large boards: it pays the memory budget. */
        size_t bytes = s->trail_cap * sizeof *s->trail;
        if (gopt_budget_charge(NULL, bytes - s->charged)) s->charged = bytes;
        else s->memory_out = true;
    }
    s->trail[s->ntrail++] = (trail_entry){slot, *slot};
    *slot = value;
}

static void undo_to(search *s, size_t mark) {
    while (s->ntrail > mark) {
        trail_entry *t = &s->trail[--s->ntrail];
        *t->slot = t->old;
    }
}

static int cap_of(const search *s, int v) { return s->p->colour[v] >= 0 ? 1 : 2; }

/* Can v still reach its degree with its undecided links? */
static bool feasible(const search *s, int v) {
    int missing = cap_of(s, v) - s->deg[v];
    if (s->partial && s->p->colour[v] < 0 && s->deg[v] == 0) missing = 0;
    return missing <= s->pend[v];
}

/* Joins the fragments ending at u and v. */
static bool connect(search *s, int u, int v) {
    if (s->deg[v] >= cap_of(s, v)) return false;
    int eu = s->end[u], ev = s->end[v];
    if (eu == v) return false; /* it would close a cycle */
    int cu = s->fcol[u], cv = s->fcol[v];
    if (cu >= 0 && cv >= 0 && cu != cv) return false;
    int c = cu >= 0 ? cu : cv;
    set(s, &s->deg[u], s->deg[u] + 1);
    set(s, &s->deg[v], s->deg[v] + 1);
    set(s, &s->end[eu], ev);
    set(s, &s->end[ev], eu);
    set(s, &s->fcol[eu], c);
    set(s, &s->fcol[ev], c);
    return true;
}

/* ---------------------------------------------------------------- one decision */

/* Uses the later links of position i picked by mask; false when that breaks a rule. */
static bool apply(search *s, int i, unsigned mask) {
    int u = s->order[i];
    for (int j = s->later_start[i], b = 0; j < s->later_start[i + 1]; j++, b++) {
        int v = s->later_node[j];
        if ((mask & (1u << b)) && !connect(s, u, v)) return false;
        if (!feasible(s, v)) return false;
    }
    return true;
}

/* Entering position i: its later links get decided now whatever the choice. */
static void enter(search *s, int i) {
    if (i >= s->n) return;
    int u = s->order[i];
    s->choice[i] = 0;
    s->mark[i] = s->ntrail;
    s->kind[i] = (uint8_t)need_kind(s, u);
    for (int j = s->later_start[i]; j < s->later_start[i + 1]; j++) s->pend[s->later_node[j]]--;
}

static void leave(search *s, int i) {
    for (int j = s->later_start[i]; j < s->later_start[i + 1]; j++) s->pend[s->later_node[j]]++;
}

/* ---------------------------------------------------------------- setup */

/* Anti-diagonals (row + column) top-right to bottom-left; layers one after another; the two
 * channels of a bridge together. */
static int order_key_cmp(const void *a, const void *b) {
    const int64_t *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

static void make_order(search *s) {
    const gopt_flow_puzzle *p = s->p;
    int64_t *keys = gopt_malloc((size_t)s->n * 2 * sizeof *keys);
    for (int v = 0; v < s->n; v++) {
        int64_t diag = p->row[v] + p->col[v];
        keys[2 * v] = (((int64_t)p->layer[v] * 65536 + diag) * 65536 + p->row[v]) * 2 + (p->kind[v] == GOPT_FLOW_BRIDGE_V);
        keys[2 * v + 1] = v;
    }
    qsort(keys, (size_t)s->n, 2 * sizeof *keys, order_key_cmp);
    for (int i = 0; i < s->n; i++) {
        s->order[i] = (int)keys[2 * i + 1];
        s->pos[s->order[i]] = i;
    }
    free(keys);
    int count = 0;
    for (int i = 0; i < s->n; i++) {
        s->later_start[i] = count;
        int u = s->order[i];
        for (const gopt_flow_link *l = flow_links(p, u), *end = l + flow_degree(p, u); l < end; l++)
            if (s->pos[l->node] > i) {
                s->later_node[count] = l->node;
                s->later_edge[count] = l->edge;
                count++;
            }
    }
    s->later_start[s->n] = count;
}

static void setup(search *s, const gopt_flow_puzzle *p) {
    memset(s, 0, sizeof *s);
    init_masks(s->masks);
    s->p = p;
    s->n = p->nnodes;
    s->partial = p->partial;
    size_t n = (size_t)s->n + 1;
    s->order = gopt_malloc(n * sizeof *s->order);
    s->pos = gopt_malloc(n * sizeof *s->pos);
    s->later_start = gopt_malloc((n + 1) * sizeof *s->later_start);
    s->later_node = gopt_malloc(((size_t)p->nedges + 1) * sizeof *s->later_node);
    s->later_edge = gopt_malloc(((size_t)p->nedges + 1) * sizeof *s->later_edge);
    make_order(s);
    s->deg = gopt_calloc(n, sizeof *s->deg);
    s->pend = gopt_malloc(n * sizeof *s->pend);
    s->end = gopt_malloc(n * sizeof *s->end);
    s->fcol = gopt_malloc(n * sizeof *s->fcol);
    s->choice = gopt_calloc(n, 1);
    s->mask = gopt_calloc(n, 1);
    s->kind = gopt_calloc(n, 1);
    s->mark = gopt_calloc(n, sizeof *s->mark);
    for (int v = 0; v < s->n; v++) {
        s->pend[v] = flow_degree(p, v);
        s->end[v] = v;
        s->fcol[v] = p->colour[v];
    }
}

static void teardown(search *s) {
    gopt_budget_release(NULL, s->charged);
    free(s->order);
    free(s->pos);
    free(s->later_start);
    free(s->later_node);
    free(s->later_edge);
    free(s->deg);
    free(s->pend);
    free(s->end);
    free(s->fcol);
    free(s->trail);
    free(s->choice);
    free(s->mask);
    free(s->kind);
    free(s->mark);
}

static gopt_flow_solution *current_solution(const search *s) {
    gopt_flow_solution *sol = gopt_flow_solution_new(s->p);
    for (int i = 0; i < s->n; i++)
        for (int j = s->later_start[i], b = 0; j < s->later_start[i + 1]; j++, b++)
            if (s->mask[i] & (1u << b)) sol->used[s->later_edge[j]] = 1;
    gopt_flow_solution_paint(s->p, sol);
    return sol;
}

/* ---------------------------------------------------------------- the sweep */

typedef enum { SWEEP_PAUSED, SWEEP_DONE, SWEEP_EXHAUSTED, SWEEP_LIMIT, SWEEP_BAD } sweep_end;

/* Runs the sweep until `want` solutions, exhaustion, a limit or `budget` more nodes (then
 * SWEEP_PAUSED: it resumes at the very choice it stopped before); counts what it finds. */
static sweep_end sweep(search *s, flow_run *r, int64_t budget) {
    int i = s->at;
    int64_t stop_at = budget > 0 ? s->nodes + budget : 0;
    int64_t poll_at = next_poll(s->nodes, stop_at);
    for (;;) {
        if (i == s->n) {
            gopt_flow_solution *sol = current_solution(s);
            if (s->p->untouching && flow_touches(s->p, sol)) { /* not a solution under the convention */
                gopt_flow_solution_free(sol);
            } else {
                s->found++;
                if (!flow_record(r, sol)) return SWEEP_BAD;
                if (s->found >= r->count) return SWEEP_DONE;
            }
            i--; /* look for the next one */
        }
        int total = choice_count(s, i);
        bool advanced = false;
        while (s->choice[i] < total) {
            if (s->nodes >= poll_at) {
                if (s->memory_out || flow_stopped(r)) {
                    s->at = i;
                    return SWEEP_LIMIT;
                }
                if (stop_at > 0 && s->nodes >= stop_at) {
                    s->at = i;
                    return SWEEP_PAUSED;
                }
                poll_at = next_poll(s->nodes, stop_at);
                flow_progress(s->nodes, s->found);
            }
            undo_to(s, s->mark[i]);
            uint8_t m = choice_mask(s, i, s->choice[i]++);
            s->nodes++;
            if (apply(s, i, m)) {
                s->mask[i] = m;
                advanced = true;
                break;
            }
        }
        if (advanced) {
            enter(s, ++i);
            continue;
        }
        undo_to(s, s->mark[i]);
        leave(s, i);
        if (--i < 0) return SWEEP_EXHAUSTED;
    }
}

/* The graph sweep, pausable like the grid's (flow_grid_*). */
struct flow_graph {
    search s;
    flow_run *r;
    bool ended;
    gopt_status status;
};

static flow_graph *graph_new(flow_run *r) {
    flow_graph *g = gopt_calloc(1, sizeof *g);
    setup(&g->s, r->p);
    g->r = r;
    enter(&g->s, 0);
    return g;
}

static gopt_status graph_run(flow_graph *g, int64_t budget) {
    if (g->ended) return g->status;
    flow_run *r = g->r;
    search *s = &g->s;
    sweep_end e = sweep(s, r, budget);
    if (e == SWEEP_PAUSED) return GOPT_LIMIT;
    g->ended = true;
    gopt_answer *a = r->a;
    a->method = "search";
    a->solutions = s->found;
    a->complete = e == SWEEP_EXHAUSTED;
    if (e == SWEEP_BAD) return g->status = GOPT_ERROR;
    if (s->found > 0) return g->status = GOPT_SOLVED;
    if (e == SWEEP_EXHAUSTED) {
        snprintf(a->note, sizeof a->note, "proven unsolvable by a complete search%s", r->p->untouching ? UNTOUCHING_NOTE : "");
        return g->status = GOPT_INFEASIBLE;
    }
    gopt_stop_reason why = s->memory_out ? GOPT_STOP_MEMORY : gopt_stop_check();
    if (why != GOPT_GO && why != GOPT_STOP_TIME) snprintf(a->note, sizeof a->note, "the search stopped: %s", gopt_stop_word(why));
    else snprintf(a->note, sizeof a->note, "the search reached its time limit");
    return g->status = GOPT_LIMIT;
}

static void graph_free(flow_graph *g) {
    gopt_counter_add(&g->r->a->counters, "nodes", g->s.nodes);
    teardown(&g->s);
    free(g);
}

/* ---------------------------------------------------------------- either sweep */

struct flow_sweep {
    flow_grid *grid;   /* plain rectangles */
    flow_graph *graph; /* any other graph (no lemma there) */
};

flow_sweep *flow_sweep_new(flow_run *r, bool lemma) {
    flow_sweep *w = gopt_calloc(1, sizeof *w);
    if (r->p->plain) w->grid = flow_grid_new(r, lemma);
    else w->graph = graph_new(r);
    return w;
}

gopt_status flow_sweep_run(flow_sweep *w, int64_t budget) {
    return w->grid ? flow_grid_run(w->grid, budget) : graph_run(w->graph, budget);
}

bool flow_sweep_paused(const flow_sweep *w) { return w->grid ? flow_grid_paused(w->grid) : !w->graph->ended; }

int64_t flow_sweep_nodes(const flow_sweep *w) { return w->grid ? flow_grid_nodes(w->grid) : w->graph->s.nodes; }

void flow_sweep_free(flow_sweep *w) {
    if (!w) return;
    if (w->grid) flow_grid_free(w->grid);
    else graph_free(w->graph);
    free(w);
}

gopt_status flow_solve_search(flow_run *r, bool lemma, int64_t node_budget) {
    flow_sweep *w = flow_sweep_new(r, lemma);
    gopt_status st = flow_sweep_run(w, node_budget);
    if (st == GOPT_LIMIT && flow_sweep_paused(w))
        snprintf(r->a->note, sizeof r->a->note, "the search reached its node budget");
    flow_sweep_free(w);
    return st;
}
