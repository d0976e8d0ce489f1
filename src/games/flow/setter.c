/* The setter's assistant for Flow: is the puzzle unique under its path convention, and if not,
 * a repair that keeps its first solution S.
 *
 * A Flow puzzle's clues are its endpoint pairs, so a repair changes them: S's path of one colour
 * is cut at one link into two paths, the first keeping the colour and the second taking a new
 * one (two new endpoints, the far endpoint recoloured), as a setter splits a long path. S stays
 * a solution (its pieces are paths of the new colours; under the untouching convention pieces
 * of a path that never touches itself never touch themselves either), and every other solution
 * must respect the new endpoints. Links near the cells where S and the nearest other solution
 * differ are tried first, since only a change there can rule that solution out; each candidate
 * is counted afresh (gopt_flow_solve, --count 2) and the first one counted unique is the repair:
 * it is checked by construction. Rectangular boards in the letter and number formats only (a
 * drawn board's endpoints are part of its drawing). */
#include <stdlib.h>
#include <string.h>

#include "assist.h"
#include "gameopt/timer.h"

#define MAX_TRIES 80

static void *dup_n(const void *a, size_t n) { return memcpy(gopt_malloc(n ? n : 1), a, n); }

/* A deep copy with room for one more colour. */
static gopt_flow_puzzle *copy_plus_colour(const gopt_flow_puzzle *p) {
    gopt_flow_puzzle *q = gopt_malloc(sizeof *q);
    *q = *p;
    size_t n = (size_t)p->nnodes + 1, m = (size_t)p->nedges + 1, K = (size_t)p->ncolours + 2;
    size_t cells = (size_t)p->layers * (size_t)p->rows * (size_t)p->cols + 1;
    q->row = dup_n(p->row, n * sizeof *p->row);
    q->col = dup_n(p->col, n * sizeof *p->col);
    q->layer = dup_n(p->layer, n * sizeof *p->layer);
    q->kind = dup_n(p->kind, n);
    q->colour = dup_n(p->colour, n * sizeof *p->colour);
    q->link_start = dup_n(p->link_start, (n + 1) * sizeof *p->link_start);
    q->links = dup_n(p->links, 2 * m * sizeof *p->links);
    q->edge_u = dup_n(p->edge_u, m * sizeof *p->edge_u);
    q->edge_v = dup_n(p->edge_v, m * sizeof *p->edge_v);
    q->ends = gopt_calloc(K, sizeof *q->ends);
    memcpy(q->ends, p->ends, (size_t)p->ncolours * sizeof *p->ends);
    q->label = gopt_calloc(K, sizeof *q->label);
    memcpy(q->label, p->label, (size_t)p->ncolours * sizeof *p->label);
    q->at = dup_n(p->at, cells * sizeof *p->at);
    q->drawing = p->drawing ? gopt_strdup(p->drawing) : NULL;
    return q;
}

/* A label no colour has: the next number in the number formats, else a letter or digit. */
static bool new_label(const gopt_flow_puzzle *p, char *out) {
    if (p->format == GOPT_FLOW_ADC || p->format == GOPT_FLOW_INTGRID) {
        int most = 0;
        for (int k = 0; k < p->ncolours; k++) most = atoi(p->label[k]) > most ? atoi(p->label[k]) : most;
        snprintf(out, GOPT_FLOW_LABEL, "%d", most + 1);
        return most + 1 < 100 || p->format == GOPT_FLOW_INTGRID;
    }
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    for (const char *c = alphabet; *c; c++) {
        bool used = false;
        for (int k = 0; k < p->ncolours && !used; k++) used = p->label[k][0] == *c && !p->label[k][1];
        if (!used) return snprintf(out, GOPT_FLOW_LABEL, "%c", *c), true;
    }
    return false;
}

/* The nodes of colour k's path in s, from its first endpoint; returns how many. */
static int trace(const gopt_flow_puzzle *p, const gopt_flow_solution *s, int k, int *path) {
    int n = 0, cur = p->ends[k][0], came = -1;
    path[n++] = cur;
    while (cur != p->ends[k][1] && n <= p->nnodes) {
        int next = -1, by = -1;
        for (const gopt_flow_link *l = flow_links(p, cur), *end = l + flow_degree(p, cur); l < end && next < 0; l++)
            if (s->used[l->edge] && l->edge != came) next = l->node, by = l->edge;
        if (next < 0) break;
        path[n++] = cur = next;
        came = by;
    }
    return n;
}

/* p with colour k's path cut between path[i] and path[i + 1]. */
static gopt_flow_puzzle *split(const gopt_flow_puzzle *p, int k, const int *path, int len, int i, const char *label) {
    gopt_flow_puzzle *q = copy_plus_colour(p);
    int K = q->ncolours++;
    snprintf(q->label[K], GOPT_FLOW_LABEL, "%s", label);
    int a = path[i], b = path[i + 1], far = path[len - 1];
    q->colour[a] = k;
    q->colour[b] = K;
    q->colour[far] = K;
    q->ends[k][1] = a;
    q->ends[K][0] = b;
    q->ends[K][1] = far;
    return q;
}

typedef struct candidate {
    int colour, at, dist;
} candidate;

static int by_distance(const void *x, const void *y) {
    const candidate *a = x, *b = y;
    if (a->dist != b->dist) return a->dist - b->dist;
    return a->colour != b->colour ? a->colour - b->colour : a->at - b->at;
}

static bool unique(const gopt_flow_puzzle *q, double deadline) {
    gopt_flow_settings s = {.method = GOPT_FLOW_AUTO, .count = 2};
    if (deadline > 0) s.time_limit = deadline - gopt_now() > 0.01 ? deadline - gopt_now() : 0.01;
    gopt_answer a = {0};
    gopt_status st = gopt_flow_solve(q, &s, &a);
    bool one = st == GOPT_SOLVED && a.complete && a.solutions == 1;
    gopt_flow_solution_free(a.solution);
    return one;
}

/* Tries splits of `first`'s paths, nearest the differences first. */
static void repair(gopt_flow_setter *x, const gopt_flow_puzzle *p, const gopt_flow_solution *first, const gopt_flow_pair *pair,
                   double deadline) {
    if (!p->plain || p->format == GOPT_FLOW_SAMGOLDMAN || !new_label(p, x->label)) return;
    int *path = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *path);
    candidate *cand = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *cand);
    int nc = 0;
    for (int k = 0; k < p->ncolours; k++) {
        int len = trace(p, first, k, path);
        for (int i = 1; i + 2 < len; i++) {
            int dist = 1 << 30, a = path[i];
            for (int j = 0; j < pair->ndiffer; j++) {
                int v = pair->differ[j], d = abs(p->row[v] - p->row[a]) + abs(p->col[v] - p->col[a]);
                dist = d < dist ? d : dist;
            }
            cand[nc++] = (candidate){k, i, dist};
        }
    }
    qsort(cand, (size_t)nc, sizeof *cand, by_distance);
    for (int c = 0; c < nc && c < MAX_TRIES && !x->repaired; c++) {
        if (deadline > 0 && gopt_now() > deadline) break;
        int k = cand[c].colour, len = trace(p, first, k, path);
        gopt_flow_puzzle *q = split(p, k, path, len, cand[c].at, x->label);
        if (unique(q, deadline)) {
            x->repaired = q;
            x->repair_split = true;
            x->colour = k;
            x->node_a = path[cand[c].at];
            x->node_b = path[cand[c].at + 1];
        } else {
            gopt_flow_free(q);
        }
    }
    free(path);
    free(cand);
}

gopt_flow_setter *gopt_flow_setter_of(const gopt_flow_puzzle *p, const gopt_assist_options *o) {
    gopt_flow_setter *x = gopt_calloc(1, sizeof *x);
    x->colour = x->node_a = x->node_b = -1;
    double limit = o ? o->time_limit : 0, start = gopt_now();
    gopt_flow_pair *pair = gopt_flow_pair_of(p, o);
    x->status = pair->status;
    x->solutions = pair->solutions;
    if (pair->status == GOPT_SOLVED && pair->solutions == 2) repair(x, p, pair->first, pair, limit > 0 ? start + limit : 0);
    gopt_flow_pair_free(pair);
    return x;
}

void gopt_flow_setter_free(gopt_flow_setter *x) {
    if (!x) return;
    gopt_flow_free(x->repaired);
    free(x);
}
