/* The MIP method: the seed's integer program ("Using R and Integer Programming to find
 * solutions to FlowFree game boards"), on the cell graph, through CBC, with the same lazy
 * cuts for stray cycles as the SAT method.
 *
 *   h[v,j,k]  the j-th link of node v carries colour k (the seed's "edge e of colour k in
 *             cell c"; links off the board simply do not exist)
 *   z[v,k]    node v has colour k
 * Rows, named as in the seed: cover (two links on at a cell, one at an endpoint; under partial
 * coverage two or none), limit (a link carries at most one colour), link (the two ends of a
 * link agree: the seed's horizontal and vertical connectivity), same (a link's colour is its
 * cell's colour), pick (one colour per cell, at most one under partial coverage) and terminal
 * (an endpoint has its colour); under the untouching convention, untouch (two neighbours of
 * one colour are joined by a link of it). Colours that cannot reach a cell get no columns there. Stray
 * cycles pass every row, so they are cut lazily: for the node set S of a cycle, at least two
 * links must leave S (every cell of S lies on a path between endpoints outside it); under
 * partial coverage, the cycle's links cannot all be on unless one leaving S is. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "gameopt/cuts.h"
#include "gameopt/mip.h"

typedef struct mip_model {
    const gopt_flow_puzzle *p;
    gopt_mip *m;
    int *h;         /* h[link * ncolours + k]: column, or -1 */
    int *z;         /* z[v * ncolours + k]: column, or -1 */
    int *edge_link; /* the link of each edge at its first node */
    uint8_t *used;
    int *comp, *nodes, *start, *cols;
    double *coef;
    uint8_t *in_set;
} mip_model;

static void name_cell(const gopt_flow_puzzle *p, int v, char *buf, size_t size) {
    const char *channel = p->kind[v] == GOPT_FLOW_BRIDGE_H ? "h" : p->kind[v] == GOPT_FLOW_BRIDGE_V ? "v" : "";
    if (p->layers > 1) snprintf(buf, size, "r%dc%dl%d%s", p->row[v] + 1, p->col[v] + 1, p->layer[v] + 1, channel);
    else snprintf(buf, size, "r%dc%d%s", p->row[v] + 1, p->col[v] + 1, channel);
}

static const char *const dir_names[GOPT_FLOW_NDIRS] = {"n", "e", "s", "w", "ne", "se", "sw", "nw", "up", "down"};

static void add_columns(mip_model *mm, const uint8_t *dom) {
    const gopt_flow_puzzle *p = mm->p;
    int K = p->ncolours, n = p->nnodes;
    char cell[48], name[128];
    for (int v = 0; v < n; v++) {
        name_cell(p, v, cell, sizeof cell);
        for (int i = p->link_start[v]; i < p->link_start[v + 1]; i++) {
            const gopt_flow_link *l = &p->links[i];
            for (int k = 0; k < K; k++) {
                bool ok = dom[(size_t)k * n + v] && dom[(size_t)k * n + l->node];
                snprintf(name, sizeof name, "h_%s_%s%s_%s", cell, dir_names[l->dir], l->warp ? "warp" : "", p->label[k]);
                mm->h[(size_t)i * K + k] = ok ? gopt_mip_col(mm->m, name, GOPT_MIP_BINARY, 0, 1, 0) : -1;
            }
        }
        for (int k = 0; k < K; k++) {
            snprintf(name, sizeof name, "z_%s_%s", cell, p->label[k]);
            mm->z[(size_t)v * K + k] = dom[(size_t)k * n + v] ? gopt_mip_col(mm->m, name, GOPT_MIP_BINARY, 0, 1, 0) : -1;
        }
    }
}

/* The row sum(cols) + extra (sense) rhs, skipping absent columns (-1). */
static void row(mip_model *mm, const char *name, int n, const int *cols, const double *coef, char sense, double rhs) {
    int c[64] = {0};
    double w[64] = {0};
    int len = 0;
    int *cc = n > 64 ? gopt_malloc((size_t)n * sizeof *cc) : c;
    double *ww = n > 64 ? gopt_malloc((size_t)n * sizeof *ww) : w;
    for (int i = 0; i < n; i++)
        if (cols[i] >= 0) cc[len] = cols[i], ww[len++] = coef[i];
    /* A row without columns matters only when 0 breaks it (then it keeps the model infeasible). */
    bool zero_ok = sense == '<' ? 0 <= rhs : sense == '>' ? 0 >= rhs : rhs == 0;
    if (len > 0 || !zero_ok) gopt_mip_row(mm->m, name, len, cc, ww, sense, rhs);
    if (cc != c) free(cc);
    if (ww != w) free(ww);
}

static void add_rows(mip_model *mm) {
    const gopt_flow_puzzle *p = mm->p;
    int K = p->ncolours, n = p->nnodes;
    int *cols = gopt_malloc(((size_t)FLOW_MAX_LINKS + 1) * ((size_t)K + 1) * sizeof *cols);
    double *coef = gopt_malloc(((size_t)FLOW_MAX_LINKS + 1) * ((size_t)K + 1) * sizeof *coef);
    char cell[48], name[160];
    for (int v = 0; v < n; v++) {
        name_cell(p, v, cell, sizeof cell);
        bool endpoint = p->colour[v] >= 0;
        int len = 0;
        for (int i = p->link_start[v]; i < p->link_start[v + 1]; i++)
            for (int k = 0; k < K; k++) cols[len] = mm->h[(size_t)i * K + k], coef[len++] = 1;
        if (p->partial && !endpoint)
            for (int k = 0; k < K; k++) cols[len] = mm->z[(size_t)v * K + k], coef[len++] = -2;
        snprintf(name, sizeof name, "cover_%s", cell);
        row(mm, name, len, cols, coef, '=', endpoint ? 1 : p->partial ? 0 : 2);
        for (int i = p->link_start[v]; i < p->link_start[v + 1]; i++) {
            const gopt_flow_link *l = &p->links[i];
            char link[48];
            snprintf(link, sizeof link, "%s_%s%s", cell, dir_names[l->dir], l->warp ? "warp" : "");
            len = 0;
            for (int k = 0; k < K; k++) cols[len] = mm->h[(size_t)i * K + k], coef[len++] = 1;
            snprintf(name, sizeof name, "limit_%s", link);
            row(mm, name, len, cols, coef, '<', 1);
            /* the far end of the link: its link back to v */
            int back = -1;
            for (int j = p->link_start[l->node]; j < p->link_start[l->node + 1]; j++)
                if (p->links[j].edge == l->edge) back = j;
            for (int k = 0; k < K; k++) {
                int a = mm->h[(size_t)i * K + k];
                if (a < 0) continue;
                if (v < l->node) {
                    snprintf(name, sizeof name, "link_%s_%s", link, p->label[k]);
                    row(mm, name, 2, (int[]){a, mm->h[(size_t)back * K + k]}, (double[]){1, -1}, '=', 0);
                }
                snprintf(name, sizeof name, "same_%s_%s", link, p->label[k]);
                row(mm, name, 2, (int[]){a, mm->z[(size_t)v * K + k]}, (double[]){1, -1}, '<', 0);
                if (p->untouching && v < l->node) { /* two neighbours of one colour are joined */
                    snprintf(name, sizeof name, "untouch_%s_%s", link, p->label[k]);
                    row(mm, name, 3, (int[]){mm->z[(size_t)v * K + k], mm->z[(size_t)l->node * K + k], a},
                        (double[]){1, 1, -1}, '<', 1);
                }
            }
        }
        len = 0;
        for (int k = 0; k < K; k++) cols[len] = mm->z[(size_t)v * K + k], coef[len++] = 1;
        snprintf(name, sizeof name, "pick_%s", cell);
        row(mm, name, len, cols, coef, p->partial && !endpoint ? '<' : '=', 1);
        if (endpoint) {
            snprintf(name, sizeof name, "terminal_%s", cell);
            row(mm, name, 1, &mm->z[(size_t)v * K + p->colour[v]], (double[]){1}, '=', 1);
        }
    }
    free(cols);
    free(coef);
}

static void build(mip_model *mm, const gopt_flow_puzzle *p) {
    memset(mm, 0, sizeof *mm);
    mm->p = p;
    mm->m = gopt_mip_new("flow");
    size_t K = (size_t)p->ncolours, n = (size_t)p->nnodes, links = (size_t)2 * p->nedges;
    mm->h = gopt_malloc((links * K + 1) * sizeof *mm->h);
    mm->z = gopt_malloc((n * K + 1) * sizeof *mm->z);
    uint8_t *dom = flow_colour_domains(p);
    add_columns(mm, dom);
    free(dom);
    add_rows(mm);
    mm->edge_link = gopt_malloc(((size_t)p->nedges + 1) * sizeof *mm->edge_link);
    for (int i = (int)links - 1; i >= 0; i--) mm->edge_link[p->links[i].edge] = i;
    mm->used = gopt_calloc((size_t)p->nedges + 1, 1);
    mm->comp = gopt_malloc((n + 1) * sizeof *mm->comp);
    mm->nodes = gopt_malloc((n + 1) * sizeof *mm->nodes);
    mm->start = gopt_malloc((n + 2) * sizeof *mm->start);
    mm->cols = gopt_malloc((links * K + 1) * sizeof *mm->cols);
    mm->coef = gopt_malloc((links * K + 1) * sizeof *mm->coef);
    mm->in_set = gopt_calloc(n + 1, 1);
}

static void release(mip_model *mm) {
    gopt_mip_free(mm->m);
    free(mm->h);
    free(mm->z);
    free(mm->edge_link);
    free(mm->used);
    free(mm->comp);
    free(mm->nodes);
    free(mm->start);
    free(mm->cols);
    free(mm->coef);
    free(mm->in_set);
}

/* Is edge e on in the current answer (some colour on its link)? */
static bool edge_on(const mip_model *mm, gopt_cut_sink *sink, int e) {
    int K = mm->p->ncolours, link = mm->edge_link[e];
    for (int k = 0; k < K; k++) {
        int c = mm->h[(size_t)link * K + k];
        if (c >= 0 && gopt_cut_value(sink, c + 1)) return true;
    }
    return false;
}

/* Adds the columns of edge e's link (all colours) to the cut being built. */
static int push_edge(mip_model *mm, int e, double coef, int len) {
    int K = mm->p->ncolours, link = mm->edge_link[e];
    for (int k = 0; k < K; k++) {
        int c = mm->h[(size_t)link * K + k];
        if (c >= 0) mm->cols[len] = c, mm->coef[len++] = coef;
    }
    return len;
}

static int separate(void *user, gopt_cut_sink *sink) {
    mip_model *mm = user;
    const gopt_flow_puzzle *p = mm->p;
    for (int e = 0; e < p->nedges; e++) mm->used[e] = edge_on(mm, sink, e);
    int found = flow_stray_cycles(p, mm->used, mm->comp, mm->nodes, mm->start);
    for (int c = 0; c < found; c++) {
        for (int i = mm->start[c]; i < mm->start[c + 1]; i++) mm->in_set[mm->nodes[i]] = 1;
        int len = 0, inside = 0;
        for (int i = mm->start[c]; i < mm->start[c + 1]; i++) {
            int v = mm->nodes[i];
            for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++) {
                if (!mm->in_set[l->node]) len = push_edge(mm, l->edge, p->partial ? -1 : 1, len);
                else if (p->partial && mm->used[l->edge] && v < l->node) len = push_edge(mm, l->edge, 1, len), inside++;
            }
        }
        if (p->partial) gopt_cut_row(sink, len, mm->cols, mm->coef, '<', inside - 1);
        else gopt_cut_row(sink, len, mm->cols, mm->coef, '>', 2);
        for (int i = mm->start[c]; i < mm->start[c + 1]; i++) mm->in_set[mm->nodes[i]] = 0;
    }
    return found;
}

gopt_status flow_solve_mip(flow_run *r) {
    const gopt_flow_puzzle *p = r->p;
    gopt_answer *a = r->a;
    mip_model mm;
    build(&mm, p);
    a->method = "mip";
    gopt_cuts loop = {.separate = separate, .user = &mm};
    if (r->deadline > 0) gopt_mip_set_time_limit(mm.m, r->deadline - gopt_now());
    gopt_cuts_result res = gopt_cuts_mip(mm.m, &loop);
    gopt_status st = GOPT_LIMIT;
    if (res == GOPT_CUTS_FOUND || res == GOPT_CUTS_FEASIBLE) {
        gopt_flow_solution *sol = gopt_flow_solution_new(p);
        for (int e = 0; e < p->nedges; e++) {
            int link = mm.edge_link[e];
            for (int k = 0; k < p->ncolours; k++) {
                int c = mm.h[(size_t)link * p->ncolours + k];
                if (c >= 0 && gopt_mip_bool(mm.m, c)) sol->used[e] = 1;
            }
        }
        gopt_flow_solution_paint(p, sol);
        a->solution = sol;
        a->solutions = 1;
        if (r->count > 1) snprintf(a->note, sizeof a->note, "the MIP method finds one solution (count with --method sat)");
        st = GOPT_SOLVED;
    } else if (res == GOPT_CUTS_NONE) {
        a->complete = true;
        snprintf(a->note, sizeof a->note, "proven unsolvable by the integer program%s", p->untouching ? UNTOUCHING_NOTE : "");
        st = GOPT_INFEASIBLE;
    } else {
        snprintf(a->note, sizeof a->note, "CBC stopped before an answer (time limit)");
    }
    gopt_mip_add_counters(mm.m, &a->counters);
    gopt_cuts_add_counters(&loop, &a->counters);
    gopt_counter_set(&a->counters, "columns", gopt_mip_num_cols(mm.m));
    gopt_counter_set(&a->counters, "rows", gopt_mip_num_rows(mm.m));
    release(&mm);
    return st;
}

char *gopt_flow_lp_text(const gopt_flow_puzzle *p) {
    mip_model mm;
    build(&mm, p);
    char *text = gopt_mip_lp_text(mm.m);
    release(&mm);
    return text;
}
