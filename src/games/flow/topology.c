/* The topological proof on plain rectangles (any coverage, any path convention). The board
 * is a disk whose rim is the ring of border cells; paths are disjoint curves in it.
 *   - Chords: a colour with both endpoints on the rim cuts the disk in two. Two such colours
 *     whose endpoints alternate around the rim (A B A B) would have to cross.
 *   - Spokes around a block: a solid rectangle of endpoint cells (at least 2x2, off the rim)
 *     is a hole no path enters (endpoints take one link, and their own path's only). The
 *     rest of the board is a ring, and colours with one endpoint on the rim and the other on
 *     the block's edge are disjoint spokes across it: spokes keep their cyclic order, so
 *     reading the rim and the block's edge both clockwise must give the same cyclic sequence
 *     of those colours. (A spoke that touches the rim again cuts off a part of the disk
 *     without the block, where no other spoke can start, so its first rim point stands for
 *     it.) And a chord leaves the block on one side: spokes starting on both arcs of a chord
 *     cannot all reach the block.
 * Each rule holds for every solution, so a violation proves the puzzle unsolvable. It is
 * what parity cannot see on thomasahle's second 1002x1002 board (order a b d c around the
 * rim, a b c d around the central 2x2 block). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Position of a border cell on the rim, clockwise from the top-left corner; -1 inside. */
static int rim_position(int w, int h, int r, int c) {
    if (r == 0) return c;
    if (c == w - 1) return w - 1 + r;
    if (r == h - 1) return w - 1 + h - 1 + (w - 1 - c);
    if (c == 0) return 2 * (w - 1) + h - 1 + (h - 1 - r);
    return -1;
}

/* Is position x strictly inside the clockwise arc from a to b? */
static bool inside_arc(int a, int b, int x) { return a < b ? a < x && x < b : x > a || x < b; }

/* Writes colours as "A, B, C". */
static void list_colours(const gopt_flow_puzzle *p, const int *k, int n, char *buf, size_t size) {
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n && len + GOPT_FLOW_LABEL + 2 < size; i++) len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", p->label[k[i]]);
}

/* The same cyclic sequence (same direction)? */
static bool same_cycle(const int *a, const int *b, int n) {
    for (int s = 0; s < n; s++) {
        int i = 0;
        while (i < n && a[i] == b[(s + i) % n]) i++;
        if (i == n) return true;
    }
    return false;
}

typedef struct rim_colour {
    int pos, colour;
} rim_colour;

static int by_pos(const void *a, const void *b) { return ((const rim_colour *)a)->pos - ((const rim_colour *)b)->pos; }

static bool in_block(const gopt_flow_puzzle *p, int v, int r0, int c0, int r1, int c1) {
    return p->row[v] >= r0 && p->row[v] <= r1 && p->col[v] >= c0 && p->col[v] <= c1;
}

/* The block test for the solid rectangle of endpoints with corners (r0, c0)-(r1, c1). */
static bool block_ok(const gopt_flow_puzzle *p, int r0, int c0, int r1, int c1, const int *rim, char *why, size_t size) {
    int w = p->cols, K = p->ncolours;
    int perimeter = 2 * (r1 - r0 + c1 - c0);
    int *inner = gopt_malloc((size_t)perimeter * sizeof *inner), n = 0;
    /* clockwise along the block's edge */
    for (int c = c0; c <= c1; c++) inner[n++] = p->colour[r0 * w + c];
    for (int r = r0 + 1; r <= r1; r++) inner[n++] = p->colour[r * w + c1];
    for (int c = c1 - 1; c >= c0; c--) inner[n++] = p->colour[r1 * w + c];
    for (int r = r1 - 1; r > r0; r--) inner[n++] = p->colour[r * w + c0];
    /* spokes: colours with one end on the block's edge and the other on the rim */
    int m = 0;
    for (int i = 0; i < n; i++) {
        int k = inner[i], other = in_block(p, p->ends[k][0], r0, c0, r1, c1) ? p->ends[k][1] : p->ends[k][0];
        if (rim[other] >= 0) inner[m++] = k; /* (the block is off the rim, so `other` is outside it) */
    }
    bool ok = true;
    if (m >= 3) {
        rim_colour *outer = gopt_malloc((size_t)m * sizeof *outer);
        for (int i = 0; i < m; i++) {
                int k = inner[i], e = in_block(p, p->ends[k][0], r0, c0, r1, c1) ? p->ends[k][1] : p->ends[k][0];
            outer[i] = (rim_colour){rim[e], k};
        }
        qsort(outer, (size_t)m, sizeof *outer, by_pos);
        int *seq = gopt_malloc((size_t)m * sizeof *seq);
        for (int i = 0; i < m; i++) seq[i] = outer[i].colour;
        if (!same_cycle(seq, inner, m)) {
            char a[160], b[160];
            list_colours(p, seq, m, a, sizeof a);
            list_colours(p, inner, m, b, sizeof b);
            snprintf(why, size,
                     "proven unsolvable by topology: colours %s meet the border in this order (clockwise) but the block "
                     "of endpoints at rows %d-%d, columns %d-%d in the order %s; disjoint paths across the ring between "
                     "them keep their order",
                     a, r0 + 1, r1 + 1, c0 + 1, c1 + 1, b);
            ok = false;
        }
        /* a chord with spokes on both of its arcs */
        for (int k = 0; k < K && ok; k++) {
            int a0 = rim[p->ends[k][0]], a1 = rim[p->ends[k][1]];
            if (a0 < 0 || a1 < 0) continue;
            bool in = false, out = false;
            for (int i = 0; i < m; i++) {
                if (outer[i].colour == k) continue;
                if (inside_arc(a0, a1, outer[i].pos)) in = true;
                else out = true;
            }
            if (in && out) {
                snprintf(why, size,
                         "proven unsolvable by topology: the path of colour %s runs from border to border and leaves "
                         "the block of endpoints at rows %d-%d, columns %d-%d on one side, but colours with one end on "
                         "that block start on both sides",
                         p->label[k], r0 + 1, r1 + 1, c0 + 1, c1 + 1);
                ok = false;
            }
        }
        free(seq);
        free(outer);
    }
    free(inner);
    return ok;
}

bool flow_topology_ok(const gopt_flow_puzzle *p, char *why, size_t size) {
    if (!p->plain || p->rows < 2 || p->cols < 2) return true;
    int w = p->cols, h = p->rows, K = p->ncolours;
    /* rim position per endpoint (only endpoints are asked) */
    int *rim = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *rim);
    for (int k = 0; k < K; k++)
        for (int s = 0; s < 2; s++) {
            int v = p->ends[k][s];
            rim[v] = rim_position(w, h, p->row[v], p->col[v]);
        }
    bool ok = true;
    /* chords that alternate: sort chord ends by rim position and look for A B A B */
    rim_colour *ends = gopt_malloc(((size_t)2 * K + 1) * sizeof *ends);
    int n = 0;
    for (int k = 0; k < K; k++)
        if (rim[p->ends[k][0]] >= 0 && rim[p->ends[k][1]] >= 0)
            for (int s = 0; s < 2; s++) ends[n++] = (rim_colour){rim[p->ends[k][s]], k};
    qsort(ends, (size_t)n, sizeof *ends, by_pos);
    /* Properly nested chords read as balanced brackets around the rim: a stack check. */
    int *stack = gopt_malloc(((size_t)n + 1) * sizeof *stack), top = 0;
    uint8_t *open = gopt_calloc((size_t)K + 1, 1);
    for (int i = 0; i < n && ok; i++) {
        int k = ends[i].colour;
        if (!open[k]) {
            open[k] = 1;
            stack[top++] = k;
        } else if (stack[top - 1] == k) {
            top--;
        } else {
            int other = stack[top - 1];
            snprintf(why, size,
                     "proven unsolvable by topology: colours %s and %s both run from border to border and their "
                     "endpoints alternate around it, so their paths would cross",
                     p->label[other], p->label[k]);
            ok = false;
        }
    }
    free(stack);
    free(open);
    free(ends);
    /* blocks: each endpoint that is the top-left corner of a solid rectangle of endpoints,
     * grown right then down as far as the rows stay solid, at least 2x2, off the rim */
    for (int k = 0; k < K && ok; k++)
        for (int s = 0; s < 2 && ok; s++) {
            int v = p->ends[k][s], r0 = p->row[v], c0 = p->col[v];
            if (r0 == 0 || c0 == 0 || p->colour[(r0 - 1) * w + c0] >= 0 || p->colour[r0 * w + c0 - 1] >= 0) continue;
            int c1 = c0;
            while (c1 + 1 < w - 1 && p->colour[r0 * w + c1 + 1] >= 0) c1++;
            int r1 = r0;
            for (;;) {
                if (r1 + 1 >= h - 1) break;
                bool solid = true;
                for (int c = c0; c <= c1 && solid; c++) solid = p->colour[(r1 + 1) * w + c] >= 0;
                if (!solid) break;
                r1++;
            }
            if (r1 == r0 || c1 == c0) continue;
            /* a hole only if nothing of it sits on the rim (checked by the bounds above) */
            ok = block_ok(p, r0, c0, r1, c1, rim, why, size);
        }
    free(rim);
    return ok;
}
