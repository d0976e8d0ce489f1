/* The crossing test of the grid sweep (solve_grid.c): can the paths still be completed
 * without crossing, judged from the order of their open ends along the frontier?
 *
 * Picture the frontier between the decided and the undecided cells as a line: the undecided
 * region above it, the decided one below. An open end is an undecided cell entered by one
 * link. Its fragment (the decided part of its path) either runs from an endpoint of colour k
 * (a coloured end), or is colourless and comes back up to the line at another open end (a
 * "tunnel": a chord below the line). The paths still to be drawn lie above the line and may
 * pass through tunnels. So they live in the region "above the line, plus the tunnels", which
 * is planar: each tunnel (u, v) adds a hole, the face between the chord and the stretch of
 * line from u to v. An open end sits on the boundary of the face just below it, the
 * innermost tunnel around it (or the outer boundary). Tunnels never cross (they are disjoint
 * paths in the decided disk), so faces nest like brackets.
 *
 * A colour whose two endpoints both have open ends must join them by a path in that region.
 * When both ends lie on the same face's boundary, that path is a cross-cut from the boundary
 * component to itself, and a cross-cut splits a planar region in two, with the boundary
 * arcs on either side of it in different parts. So two such colours whose ends alternate
 * along the same boundary (a b a b) can never both be joined: the sweep may back up at
 * once. Along one face's boundary the cyclic order is the order along the line (the tunnels'
 * sides hold no ends), and pairs of different faces never alternate along the line (a nested
 * face lies inside one tunnel's stretch), so one bracket stack over the whole line decides.
 * Ends in different faces, ends going to endpoints not yet reached, and tunnels' ends give
 * no constraint, so the test never refuses a state that has a completion. */
#include <stdlib.h>

#include "gameopt/require.h"
#include "internal.h"

struct flow_frontier {
    int ncolours, max_ends;
    int *first, *second; /* per colour, its ends' positions (-1 none), valid when stamp == now */
    unsigned *stamp, now;
    int *face;   /* per end, the position of the tunnel just below it, or -1 */
    int *stack;
    int *pos_of; /* per cell, its end's position when it holds one (checked against ends[]) */
};

flow_frontier *flow_frontier_new(int ncolours, int max_ends, int ncells) {
    flow_frontier *f = gopt_calloc(1, sizeof *f);
    f->ncolours = ncolours;
    f->max_ends = max_ends;
    f->first = gopt_malloc((size_t)(ncolours + 1) * sizeof *f->first);
    f->second = gopt_malloc((size_t)(ncolours + 1) * sizeof *f->second);
    f->stamp = gopt_calloc((size_t)(ncolours + 1), sizeof *f->stamp);
    f->face = gopt_malloc((size_t)(max_ends + 1) * sizeof *f->face);
    f->stack = gopt_malloc((size_t)(max_ends + 1) * sizeof *f->stack);
    f->pos_of = gopt_calloc((size_t)ncells, sizeof *f->pos_of);
    return f;
}

void flow_frontier_free(flow_frontier *f) {
    if (!f) return;
    free(f->first);
    free(f->second);
    free(f->stamp);
    free(f->face);
    free(f->stack);
    free(f->pos_of);
    free(f);
}

bool flow_frontier_ok(flow_frontier *f, const flow_open_end *ends, int n) {
    GOPT_REQUIRE(n <= f->max_ends, "more open ends than the frontier holds");
    if (++f->now == 0) { /* the stamps wrapped: start them afresh */
        for (int k = 0; k <= f->ncolours; k++) f->stamp[k] = 0;
        f->now = 1;
    }
    /* which colours have both ends here (most states have none: nothing to test) */
    int pairs = 0;
    for (int i = 0; i < n; i++) {
        int k = ends[i].colour;
        if (k < 0) {
            f->pos_of[ends[i].cell] = i;
        } else if (f->stamp[k] != f->now) {
            f->stamp[k] = f->now;
            f->first[k] = i;
            f->second[k] = -1;
        } else {
            f->second[k] = i;
            pairs++;
        }
    }
    if (pairs < 2) return true;
    /* faces: tunnels open and close like brackets along the line */
    int depth = 0;
    for (int i = 0; i < n; i++) {
        f->face[i] = depth ? f->stack[depth - 1] : -1;
        if (ends[i].colour >= 0) continue;
        int mate = f->pos_of[ends[i].far];
        if (mate >= n || ends[mate].cell != ends[i].far || ends[mate].colour >= 0) return true; /* not a picture this test knows */
        if (mate > i) f->stack[depth++] = i;
        else if (depth && f->stack[depth - 1] == mate) depth--;
        else return true;
    }
    /* colours with both ends on one face: brackets */
    depth = 0;
    for (int i = 0; i < n; i++) {
        int k = ends[i].colour;
        if (k < 0 || f->second[k] < 0) continue;
        int a = f->first[k], b = f->second[k];
        if (f->face[a] != f->face[b]) continue;
        if (i == a) f->stack[depth++] = k;
        else if (depth && f->stack[depth - 1] == k) depth--;
        else return false; /* another colour's pair opened inside and is still open: they alternate */
    }
    return true;
}
