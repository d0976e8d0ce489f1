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
 * it is checked by construction. When no single split does, the nearest split is made and the
 * search starts again from the new puzzle (as `flow generate --unique` splits pieces), for a few
 * rounds. Rectangular boards in the letter and number formats only (a
 * drawn board's endpoints are part of its drawing). */
#include <stdlib.h>
#include <string.h>

#include "assist.h"
#include "gameopt/timer.h"

#define MAX_TRIES 80  /* single splits tried per round */
#define MAX_ROUNDS 8  /* splits made before giving up */

/* n elements of `size` bytes, with room for one more (the arrays' sizes as the builder made them). */
static void *dup_n(const void *a, size_t n, size_t size) {
    void *b = gopt_calloc(n + 1, size);
    if (n) memcpy(b, a, n * size);
    return b;
}

/* A deep copy with room for one more colour. */
static gopt_flow_puzzle *copy_plus_colour(const gopt_flow_puzzle *p) {
    gopt_flow_puzzle *q = gopt_malloc(sizeof *q);
    *q = *p;
    /* the copy charged nothing to the memory account: it gives nothing back when freed (it
     * gave back p's bytes, and a server's process account wrapped below zero: every later
     * reading was refused with "needs 0.0 MB more than --memory-limit (0 MB) leaves") */
    q->charged = 0;
    size_t n = (size_t)p->nnodes, m = (size_t)p->nedges, K = (size_t)p->ncolours;
    size_t cells = (size_t)p->layers * (size_t)p->rows * (size_t)p->cols;
    q->row = dup_n(p->row, n, sizeof *p->row);
    q->col = dup_n(p->col, n, sizeof *p->col);
    q->layer = dup_n(p->layer, n, sizeof *p->layer);
    q->kind = dup_n(p->kind, n, 1);
    q->colour = dup_n(p->colour, n, sizeof *p->colour);
    q->link_start = dup_n(p->link_start, n + 1, sizeof *p->link_start);
    q->links = dup_n(p->links, 2 * m, sizeof *p->links);
    q->edge_u = dup_n(p->edge_u, m, sizeof *p->edge_u);
    q->edge_v = dup_n(p->edge_v, m, sizeof *p->edge_v);
    q->ends = dup_n(p->ends, K, sizeof *p->ends); /* room for one more: the new colour */
    q->label = dup_n(p->label, K, sizeof *p->label);
    q->at = dup_n(p->at, cells, sizeof *p->at);
    q->drawing = p->drawing ? gopt_strdup(p->drawing) : NULL;
    q->name = p->name ? gopt_strdup(p->name) : NULL;
    return q;
}

/* A label no colour has: the next number in the number formats, else a letter or digit. */
static bool new_label(const gopt_flow_puzzle *p, char *out) {
    if (flow_numbered(p->format)) {
        int most = 0;
        for (int k = 0; k < p->ncolours; k++) most = atoi(p->label[k]) > most ? atoi(p->label[k]) : most;
        snprintf(out, GOPT_FLOW_LABEL, "%d", most + 1);
        return most + 1 < 100 || p->format != GOPT_FLOW_ADC;
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

/* The candidate splits of `first`'s paths, nearest the differences with `pair`'s second first. */
static int candidates(const gopt_flow_puzzle *p, const gopt_flow_pair *pair, int *path, candidate *cand) {
    int nc = 0;
    for (int k = 0; k < p->ncolours; k++) {
        int len = trace(p, pair->first, k, path);
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
    return nc;
}

/* The puzzle with candidate c's split, recorded in x. */
static gopt_flow_puzzle *apply(gopt_flow_setter *x, const gopt_flow_puzzle *p, const gopt_flow_solution *first, int *path,
                               const candidate *c, const char *label) {
    int len = trace(p, first, c->colour, path);
    gopt_flow_split *s = &x->splits[x->nsplits++];
    snprintf(s->colour, sizeof s->colour, "%s", p->label[c->colour]);
    snprintf(s->new_colour, sizeof s->new_colour, "%s", label);
    s->end = path[c->at];
    s->new_end = path[c->at + 1];
    return split(p, c->colour, path, len, c->at, label);
}

/* Splits until the puzzle is unique: one split when one does (tried nearest the differences
 * first); else the nearest split, and again from the new puzzle (a few rounds). */
static void repair(gopt_flow_setter *x, const gopt_flow_puzzle *p, double deadline) {
    if (!p->plain || p->format == GOPT_FLOW_SAMGOLDMAN) return;
    int *path = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *path);
    candidate *cand = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *cand);
    x->splits = gopt_calloc(MAX_ROUNDS + 1, sizeof *x->splits);
    gopt_flow_puzzle *cur = NULL; /* owned, after the first round */
    for (int round = 0; round < MAX_ROUNDS && !x->repaired; round++) {
        const gopt_flow_puzzle *q = cur ? cur : p;
        char label[GOPT_FLOW_LABEL];
        gopt_flow_pair *pair = gopt_flow_pair_of(q, &(gopt_assist_options){.time_limit = deadline > 0 ? deadline - gopt_now() : 0});
        bool stop = pair->status != GOPT_SOLVED || !new_label(q, label) || (deadline > 0 && gopt_now() > deadline);
        if (!stop && pair->solutions == 1) { /* (the splits so far made it unique: count it too) */
            if (unique(q, deadline)) x->repaired = cur, cur = NULL;
            stop = true;
        }
        int nc = stop ? 0 : candidates(q, pair, path, cand);
        for (int c = 0; c < nc && c < MAX_TRIES && !x->repaired; c++) {
            if (deadline > 0 && gopt_now() > deadline) break;
            gopt_flow_puzzle *t = apply(x, q, pair->first, path, &cand[c], label);
            if (unique(t, deadline)) x->repaired = t;
            else gopt_flow_free(t), x->nsplits--;
        }
        if (!x->repaired && nc > 0 && !(deadline > 0 && gopt_now() > deadline)) {
            gopt_flow_puzzle *t = apply(x, q, pair->first, path, &cand[0], label);
            gopt_flow_free(cur);
            cur = t;
        } else {
            stop = true;
        }
        gopt_flow_pair_free(pair);
        if (stop && !x->repaired) break;
    }
    if (!x->repaired) x->nsplits = 0;
    gopt_flow_free(cur);
    free(path);
    free(cand);
}

gopt_flow_setter *gopt_flow_setter_of(const gopt_flow_puzzle *p, const gopt_assist_options *o) {
    gopt_flow_setter *x = gopt_calloc(1, sizeof *x);
    double limit = o ? o->time_limit : 0, start = gopt_now();
    gopt_flow_pair *pair = gopt_flow_pair_of(p, o);
    x->status = pair->status;
    x->solutions = pair->solutions;
    gopt_flow_pair_free(pair);
    /* a repair within the time limit, or 20 s without one */
    if (x->status == GOPT_SOLVED && x->solutions == 2) repair(x, p, start + (limit > 0 ? limit : 20.0));
    return x;
}

void gopt_flow_setter_free(gopt_flow_setter *x) {
    if (!x) return;
    gopt_flow_free(x->repaired);
    free(x->splits);
    free(x);
}
