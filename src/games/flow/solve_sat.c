/* The SAT method: colour and edge variables, degree rules, and lazy cuts for stray cycles.
 *
 *   e_i     a path runs along edge i
 *   x_v,k   node v has colour k (only for the colours that can reach v; an endpoint's colour
 *           is fixed)
 * Every node has one colour (at most one under partial coverage, where `on_v` says it has
 * one); an endpoint has one used edge, any other node two (or, partially, none when off); a
 * used edge joins nodes of the same colour. These rules allow every answer of the puzzle and
 * more: they also allow cycles that reach no endpoint. Cycles of three and four edges are
 * forbidden up front; longer ones are cut lazily through the cuts loop: for the node set S
 * of a stray cycle, under full coverage some edge must leave S (every node of S lies on a
 * path between two endpoints outside it); under partial coverage, either not all of the
 * cycle's edges are used or some edge leaves S. Both cuts hold for every answer of the
 * puzzle, so the loop is exact: an answer without stray cycles is a solution, and "no
 * answer" proves that the puzzle has none. Counting blocks each solution by "not all of its
 * edges", which no other solution can contain (a solution's paths are fixed by its edges,
 * and extra edges would form a stray cycle). */
#include <stdlib.h>
#include <string.h>

#include "gameopt/budget.h"
#include "internal.h"
#include "sat_model.h" /* the hooks at the end, for the assist verbs */
#include "gameopt/cuts.h"
#include "gameopt/sat.h"

typedef struct sat_model {
    const gopt_flow_puzzle *p;
    gopt_sat *s;
    int first_edge;  /* e_i = first_edge + i */
    int *x;          /* x[k * nnodes + v], 0 when colour k cannot reach v */
    int *on;         /* partial coverage: on[v] <-> v has a colour */
    int truth;       /* a variable fixed true */
    uint8_t *used;   /* scratch for the separator */
    int *comp, *nodes, *start, *lits;
    uint8_t *in_set;
    int conflicts;   /* per solve call (0: no limit) */
} sat_model;

static int evar(const sat_model *m, int e) { return m->first_edge + e; }

/* "Exactly k of lits" (k = 1 or 2, n <= FLOW_MAX_LINKS) by plain clauses, under `guard`. */
static void exactly_small(gopt_sat *s, int guard, const int *lits, int n, int k) {
    int c[FLOW_MAX_LINKS + 2];
    int g = guard ? 1 : 0;
    if (guard) c[0] = -guard;
    if (n < k) { /* impossible */
        gopt_sat_clause(s, c, g);
        return;
    }
    /* at most k: no k + 1 of them together */
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            if (k == 1) {
                c[g] = -lits[a], c[g + 1] = -lits[b];
                gopt_sat_clause(s, c, g + 2);
                continue;
            }
            for (int d = b + 1; d < n; d++) {
                c[g] = -lits[a], c[g + 1] = -lits[b], c[g + 2] = -lits[d];
                gopt_sat_clause(s, c, g + 3);
            }
        }
    /* at least k: any n - k + 1 of them hold one */
    if (k == 1) {
        memcpy(c + g, lits, (size_t)n * sizeof *lits);
        gopt_sat_clause(s, c, g + n);
        return;
    }
    for (int skip = 0; skip < n; skip++) {
        int len = g;
        for (int a = 0; a < n; a++)
            if (a != skip) c[len++] = lits[a];
        gopt_sat_clause(s, c, len);
    }
}

static void colour_rules(sat_model *m, const uint8_t *dom) {
    const gopt_flow_puzzle *p = m->p;
    int n = p->nnodes;
    int *lits = gopt_malloc(((size_t)p->ncolours + 1) * sizeof *lits);
    for (int v = 0; v < n; v++) {
        int len = 0;
        for (int k = 0; k < p->ncolours; k++) {
            int *x = &m->x[(size_t)k * n + v];
            if (p->colour[v] >= 0) *x = p->colour[v] == k ? m->truth : 0;
            else if (dom[(size_t)k * n + v]) *x = gopt_sat_var(m->s);
            if (*x && p->colour[v] < 0) lits[len++] = *x;
        }
        if (p->colour[v] >= 0) continue;
        if (p->partial) {
            m->on[v] = gopt_sat_var(m->s);
            for (int i = 0; i < len; i++) gopt_sat_implies(m->s, lits[i], m->on[v]);
            lits[len] = -m->on[v];
            gopt_sat_clause(m->s, lits, len + 1);
            gopt_sat_at_most_one(m->s, lits, len);
        } else {
            gopt_sat_exactly_one(m->s, lits, len);
        }
    }
    free(lits);
}

static void degree_rules(sat_model *m) {
    const gopt_flow_puzzle *p = m->p;
    for (int v = 0; v < p->nnodes; v++) {
        int lits[FLOW_MAX_LINKS], d = flow_degree(p, v);
        for (int i = 0; i < d; i++) lits[i] = evar(m, flow_links(p, v)[i].edge);
        if (p->colour[v] >= 0) {
            exactly_small(m->s, 0, lits, d, 1);
        } else if (p->partial) {
            exactly_small(m->s, m->on[v], lits, d, 2);
            for (int i = 0; i < d; i++) gopt_sat_implies(m->s, lits[i], m->on[v]);
        } else {
            exactly_small(m->s, 0, lits, d, 2);
        }
    }
}

/* A used edge joins two nodes of the same colour; with `induced`, two neighbours of the same
 * colour are always joined (paths never touch themselves: the untouching convention, or one
 * solution under partial coverage, where a path that touches itself can be cut short). */
static void edge_rules(sat_model *m, bool induced) {
    const gopt_flow_puzzle *p = m->p;
    int n = p->nnodes;
    for (int e = 0; e < p->nedges; e++) {
        int u = p->edge_u[e], v = p->edge_v[e], ev = evar(m, e);
        for (int k = 0; k < p->ncolours; k++) {
            int xu = m->x[(size_t)k * n + u], xv = m->x[(size_t)k * n + v];
            if (xu && xv) {
                gopt_sat_clause3(m->s, -ev, -xu, xv);
                gopt_sat_clause3(m->s, -ev, -xv, xu);
                if (induced) gopt_sat_clause3(m->s, ev, -xu, -xv);
            } else if (xu || xv) {
                gopt_sat_clause2(m->s, -ev, -(xu ? xu : xv));
            }
        }
    }
}

/* The edge joining a and b, or -1. */
static int edge_between(const gopt_flow_puzzle *p, int a, int b) {
    for (const gopt_flow_link *l = flow_links(p, a), *end = l + flow_degree(p, a); l < end; l++)
        if (l->node == b) return l->edge;
    return -1;
}

/* No cycle of three or four edges: each would reach no endpoint (endpoints have one edge).
 * A cycle is found once, from its smallest node a and a's two neighbours b, c on it. */
static void short_cycle_rules(sat_model *m) {
    const gopt_flow_puzzle *p = m->p;
    for (int a = 0; a < p->nnodes; a++) {
        const gopt_flow_link *l = flow_links(p, a);
        int d = flow_degree(p, a);
        for (int i = 0; i < d; i++)
            for (int j = i + 1; j < d; j++) {
                int b = l[i].node, c = l[j].node, ab = evar(m, l[i].edge), ac = evar(m, l[j].edge);
                if (b < a || c < a) continue;
                int bc = edge_between(p, b, c);
                if (bc >= 0) gopt_sat_clause3(m->s, -ab, -ac, -evar(m, bc));
                for (const gopt_flow_link *lb = flow_links(p, b), *end = lb + flow_degree(p, b); lb < end; lb++) {
                    int x = lb->node, xc = x > a && x != c ? edge_between(p, x, c) : -1;
                    if (xc < 0) continue;
                    int lits[4] = {-ab, -evar(m, lb->edge), -evar(m, xc), -ac};
                    gopt_sat_clause(m->s, lits, 4);
                }
            }
    }
}

static int separate(void *user, gopt_cut_sink *sink) {
    sat_model *m = user;
    const gopt_flow_puzzle *p = m->p;
    if (m->conflicts > 0) gopt_sat_set_conflict_limit(m->s, m->conflicts); /* (CaDiCaL's limit lasts one call) */
    for (int e = 0; e < p->nedges; e++) m->used[e] = gopt_cut_value(sink, evar(m, e));
    int found = flow_stray_cycles(p, m->used, m->comp, m->nodes, m->start);
    for (int c = 0; c < found; c++) {
        for (int i = m->start[c]; i < m->start[c + 1]; i++) m->in_set[m->nodes[i]] = 1;
        int len = 0;
        for (int i = m->start[c]; i < m->start[c + 1]; i++) {
            int v = m->nodes[i];
            for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++) {
                if (!m->in_set[l->node]) m->lits[len++] = evar(m, l->edge);              /* leaves S */
                else if (p->partial && m->used[l->edge] && v < l->node) m->lits[len++] = -evar(m, l->edge);
            }
        }
        gopt_cut_clause(sink, m->lits, len);
        for (int i = m->start[c]; i < m->start[c + 1]; i++) m->in_set[m->nodes[i]] = 0;
    }
    return found;
}

/* A model; `tidy`: the tidiest solution's rules (sat_tidy.c); `sat_mode`: CaDiCaL's
 * configuration for satisfiable instances. */
static void build(sat_model *m, const gopt_flow_puzzle *p, bool induced, unsigned tidy, bool sat_mode) {
    memset(m, 0, sizeof *m);
    m->p = p;
    m->s = gopt_sat_new();
    if (sat_mode) { /* CaDiCaL's --sat: stable (long-phase) search only, and less elimination */
        gopt_sat_set_option(m->s, "stabilizeonly", 1);
        gopt_sat_set_option(m->s, "elimreleff", 10);
        gopt_sat_set_option(m->s, "subsumereleff", 60);
    }
    m->truth = gopt_sat_var(m->s);
    gopt_sat_unit(m->s, m->truth);
    m->first_edge = gopt_sat_vars(m->s, p->nedges);
    size_t n = (size_t)p->nnodes;
    m->x = gopt_calloc((size_t)p->ncolours * n + 1, sizeof *m->x);
    m->on = gopt_calloc(n + 1, sizeof *m->on);
    uint8_t *dom = flow_colour_domains(p);
    colour_rules(m, dom);
    free(dom);
    degree_rules(m);
    edge_rules(m, induced);
    if (tidy) flow_sat_tidy_rules(m->s, p, m->first_edge, m->on, tidy);
    short_cycle_rules(m);
    m->used = gopt_calloc((size_t)p->nedges + 1, 1);
    m->comp = gopt_malloc((n + 1) * sizeof *m->comp);
    m->nodes = gopt_malloc((n + 1) * sizeof *m->nodes);
    m->start = gopt_malloc((n + 2) * sizeof *m->start);
    m->lits = gopt_malloc(((size_t)2 * p->nedges + 1) * sizeof *m->lits);
    m->in_set = gopt_calloc(n + 1, 1);
}

static void release(sat_model *m) {
    gopt_sat_free(m->s);
    free(m->x);
    free(m->on);
    free(m->used);
    free(m->comp);
    free(m->nodes);
    free(m->start);
    free(m->lits);
    free(m->in_set);
}

/* The first solution of model m, as a puzzle solution. */
static gopt_flow_solution *model_solution(sat_model *m) {
    gopt_flow_solution *sol = gopt_flow_solution_new(m->p);
    for (int e = 0; e < m->p->nedges; e++) sol->used[e] = gopt_sat_val(m->s, evar(m, e));
    gopt_flow_solution_paint(m->p, sol);
    return sol;
}

/* Finds (and counts up to r->count) solutions of one model. */
static gopt_cuts_result enumerate(flow_run *r, sat_model *m, gopt_cuts *loop, long *found, bool *bad) {
    const gopt_flow_puzzle *p = r->p;
    gopt_cuts_result res = GOPT_CUTS_NONE;
    int *block = gopt_malloc(((size_t)p->nedges + 1) * sizeof *block);
    while (*found < r->count) {
        if (r->deadline > 0 && gopt_now() > r->deadline) {
            res = GOPT_CUTS_LIMIT;
            break;
        }
        res = gopt_cuts_sat(m->s, loop);
        if (res != GOPT_CUTS_FOUND) break;
        (*found)++;
        if (!flow_record(r, model_solution(m))) {
            *bad = true;
            break;
        }
        int len = 0;
        for (int e = 0; e < p->nedges; e++)
            if (gopt_sat_val(m->s, evar(m, e))) block[len++] = -evar(m, e);
        gopt_sat_clause(m->s, block, len);
    }
    free(block);
    return res;
}

/* One solution from whichever of two models gets there first: each solves in turn with a
 * conflict budget that doubles, keeping what it learned. SAT on these puzzles is heavy-tailed,
 * and two encodings (here, mirror images) rarely stall on the same board. */
static gopt_cuts_result race(flow_run *r, sat_model m[2], gopt_cuts loop[2], bool *over_memory) {
    for (int budget = 1000;; budget = budget < (1 << 29) ? 2 * budget : budget) {
        for (int i = 0; i < 2; i++) {
            if (r->deadline > 0 && gopt_now() > r->deadline) return GOPT_CUTS_LIMIT;
            /* What CaDiCaL learned grew too much: its memory is not ours to count, so the process's
             * resident size now (not its peak, which other puzzles' finished models would hold
             * up) is held against the process's budget; the model itself was held against this
             * puzzle's share before solving. */
            double cap = gopt_budget_process_mb() > 0 ? gopt_budget_process_mb() : r->memory_mb;
            if (cap > 0 && gopt_rss_mb() > cap) {
                *over_memory = true;
                return GOPT_CUTS_LIMIT;
            }
            gopt_sat_set_conflict_limit(m[i].s, budget);
            loop[i].max_rounds = (int)loop[i].rounds + 1; /* one solve per turn */
            gopt_cuts_result res = gopt_cuts_sat(m[i].s, &loop[i]);
            if (res == GOPT_CUTS_FOUND) r->a->solution = model_solution(&m[i]);
            if (res != GOPT_CUTS_LIMIT) return res;
        }
    }
}

/* Tidy models race when one solution of a partial puzzle on a rectangle is wanted. */
static int model_count(const flow_run *r, bool *induced) {
    bool one_partial = r->p->partial && r->count == 1;
    *induced = one_partial || r->p->untouching;
    return one_partial && r->p->plain ? 2 : 1;
}

/* Clauses per node-colour pair (colour, edge and tidy rules) and per node (degree, short
 * cycles), and CaDiCaL's bytes per clause with its watches and what it learns, measured
 * on ADC, Janko and Houston boards (130-150); the domains' own bytes come first. */
double flow_sat_megabytes(const flow_run *r) {
    const gopt_flow_puzzle *p = r->p;
    bool induced;
    int models = model_count(r, &induced);
    double pairs = 0;
    uint8_t *dom = flow_colour_domains(p);
    for (size_t i = 0; i < (size_t)p->ncolours * (size_t)p->nnodes; i++) pairs += dom[i];
    free(dom);
    double clauses = models * (12 * pairs + 30.0 * p->nnodes);
    return ((double)p->ncolours * p->nnodes + 150 * clauses) / 1048576.0;
}

/* A SAT session that can be paused at a conflict budget and resumed, keeping what CaDiCaL
 * learned (the portfolio interleaves it with the sweep). One model: the tidy pair's race
 * is for partial coverage, which flow_solve_sat runs whole. */
struct flow_sat_session {
    flow_run *r;
    sat_model m;
    gopt_cuts loop;
    long found;
    bool bad, ended, built;
    gopt_status status;
};

/* Refuses (NULL, with the answer's note) when the model would take more than the limit. */
static bool sat_fits(flow_run *r) {
    const gopt_flow_puzzle *p = r->p;
    double domains_mb = (double)p->ncolours * p->nnodes / 1048576.0;
    double need = r->memory_mb > 0 && domains_mb < r->memory_mb ? flow_sat_megabytes(r) : domains_mb;
    if (r->memory_mb > 0 && need > r->memory_mb) {
        snprintf(r->a->note, sizeof r->a->note, "the SAT model would take about %.0f MB, over the memory limit of %.0f MB",
                 need, r->memory_mb);
        return false;
    }
    return true;
}

flow_sat_session *flow_sat_session_new(flow_run *r) {
    if (!sat_fits(r)) return NULL;
    flow_sat_session *s = gopt_calloc(1, sizeof *s);
    s->r = r;
    bool induced;
    model_count(r, &induced);
    build(&s->m, r->p, induced, 0, false);
    if (r->deadline > 0) gopt_sat_set_time_limit(s->m.s, r->deadline - gopt_now());
    s->loop = (gopt_cuts){.separate = separate, .user = &s->m};
    s->built = true;
    return s;
}

bool flow_sat_session_paused(const flow_sat_session *s) { return !s->ended; }

int64_t flow_sat_session_conflicts(const flow_sat_session *s) {
    gopt_counters c = {0};
    gopt_sat_add_counters(s->m.s, &c);
    return gopt_counter_get(&c, "conflicts");
}

gopt_status flow_sat_session_run(flow_sat_session *s, int conflicts) {
    if (s->ended) return s->status;
    flow_run *r = s->r;
    gopt_answer *a = r->a;
    s->m.conflicts = conflicts;
    gopt_sat_set_conflict_limit(s->m.s, conflicts > 0 ? conflicts : -1);
    gopt_cuts_result res = enumerate(r, &s->m, &s->loop, &s->found, &s->bad);
    bool stopped = (r->deadline > 0 && gopt_now() > r->deadline) || gopt_stop_check() != GOPT_GO ||
                   (r->race && atomic_load_explicit(r->race, memory_order_relaxed));
    if (res == GOPT_CUTS_LIMIT && conflicts > 0 && !stopped && s->found < r->count && !s->bad) return GOPT_LIMIT; /* paused */
    s->ended = true;
    a->method = "sat";
    a->solutions = s->found;
    a->complete = res == GOPT_CUTS_NONE;
    if (s->bad) return s->status = GOPT_ERROR;
    if (s->found > 0) return s->status = GOPT_SOLVED;
    if (res == GOPT_CUTS_NONE) {
        snprintf(a->note, sizeof a->note, "proven unsolvable by SAT%s", r->p->untouching ? UNTOUCHING_NOTE : "");
        return s->status = GOPT_INFEASIBLE;
    }
    snprintf(a->note, sizeof a->note, "the SAT solver reached its time limit");
    return s->status = GOPT_LIMIT;
}

void flow_sat_session_free(flow_sat_session *s) {
    if (!s) return;
    gopt_sat_add_counters(s->m.s, &s->r->a->counters);
    gopt_cuts_add_counters(&s->loop, &s->r->a->counters);
    release(&s->m);
    free(s);
}

gopt_status flow_solve_sat(flow_run *r) {
    const gopt_flow_puzzle *p = r->p;
    gopt_answer *a = r->a;
    a->method = "sat";
    /* The domains alone take a byte per node and colour: check that before counting them. */
    double domains_mb = (double)p->ncolours * p->nnodes / 1048576.0;
    double need = r->memory_mb > 0 && domains_mb < r->memory_mb ? flow_sat_megabytes(r) : domains_mb;
    if (r->memory_mb > 0 && need > r->memory_mb) {
        snprintf(a->note, sizeof a->note, "the SAT model would take about %.0f MB, over the memory limit of %.0f MB", need,
                 r->memory_mb);
        return GOPT_LIMIT;
    }
    /* Under partial coverage a path that touches itself can be cut short (the cells in between
     * become empty), so when one solution is wanted we may look only among paths that never
     * touch themselves: a much smaller space. Counting needs all solutions. On rectangles the
     * tidiest solution's rules hold too (sat_tidy.c); two models race, one pulling turns down
     * and one up (mirror images of each other), both in CaDiCaL's mode for satisfiable
     * instances, which found ADC boards 2-5 times sooner than its default. Counting untouching
     * paths on a partial rectangle keeps the corner rule alone: it holds for every untouching
     * solution, not only the tidiest (docs/methods.md). */
    bool induced;
    int models = model_count(r, &induced);
    sat_model m[2];
    gopt_cuts loop[2];
    for (int i = 0; i < models; i++) {
        unsigned pull = i == 0 ? FLOW_TIDY_PULL_DOWN : FLOW_TIDY_PULL_UP;
        unsigned tidy = models == 2                                  ? FLOW_TIDY_CORNERS | FLOW_TIDY_NO_EMPTY_U | pull
                        : p->untouching && p->plain && p->partial ? FLOW_TIDY_CORNERS
                                                                  : 0;
        build(&m[i], p, induced, tidy, models == 2);
        if (r->deadline > 0) gopt_sat_set_time_limit(m[i].s, r->deadline - gopt_now());
        if (r->conflicts > 0) gopt_sat_set_conflict_limit(m[i].s, m[i].conflicts = r->conflicts);
        loop[i] = (gopt_cuts){.separate = separate, .user = &m[i]};
    }
    long found = 0;
    bool bad = false, over_memory = false;
    gopt_cuts_result res;
    if (models == 2) {
        res = race(r, m, loop, &over_memory);
        found = res == GOPT_CUTS_FOUND;
    } else {
        res = enumerate(r, &m[0], &loop[0], &found, &bad);
    }
    a->solutions = found;
    a->complete = res == GOPT_CUTS_NONE;
    a->method = "sat";
    for (int i = 0; i < models; i++) {
        gopt_sat_add_counters(m[i].s, &a->counters);
        gopt_cuts_add_counters(&loop[i], &a->counters);
        release(&m[i]);
    }
    if (bad) return GOPT_ERROR;
    if (found > 0) return GOPT_SOLVED;
    if (res == GOPT_CUTS_NONE) {
        snprintf(a->note, sizeof a->note, "proven unsolvable by SAT%s", p->untouching ? UNTOUCHING_NOTE : "");
        return GOPT_INFEASIBLE;
    }
    if (over_memory)
        snprintf(a->note, sizeof a->note, "the SAT solver went over the memory limit of %.0f MB", r->memory_mb);
    else
        snprintf(a->note, sizeof a->note, "the SAT solver reached its time limit");
    return GOPT_LIMIT;
}

/* ---------------------------------------------------------------- for the assist verbs (sat_model.h) */

struct flow_sat {
    sat_model m;
    gopt_cuts loop;
};

flow_sat *flow_sat_new(const gopt_flow_puzzle *p) {
    flow_sat *f = gopt_calloc(1, sizeof *f);
    build(&f->m, p, p->untouching, 0, false); /* as for counting: every solution under the convention */
    f->loop = (gopt_cuts){.separate = separate, .user = &f->m};
    return f;
}

void flow_sat_free(flow_sat *f) {
    if (!f) return;
    release(&f->m);
    free(f);
}

gopt_sat *flow_sat_solver(flow_sat *f) { return f->m.s; }
gopt_cuts *flow_sat_loop(flow_sat *f) { return &f->loop; }
int flow_sat_edge(const flow_sat *f, int e) { return evar(&f->m, e); }
int flow_sat_colour(const flow_sat *f, int v, int k) { return f->m.x[(size_t)k * f->m.p->nnodes + v]; }
int flow_sat_on(const flow_sat *f, int v) { return f->m.on[v]; }
gopt_flow_solution *flow_sat_solution(flow_sat *f) { return model_solution(&f->m); }
