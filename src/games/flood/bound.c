/* Admissible lower bounds on the moves still needed from a state F (docs/methods.md, "flood"
 * has the proofs). All start from the breadth-first layers of the unflooded regions: layer d
 * holds the regions at distance d from F in the region graph, and one move adds at most one
 * layer.
 *   furthest-colour: the e layers must all be crossed, and every colour of the last layer
 *                    needs its own move at time >= e: e - 1 + |colours(layer e)|.
 *   Puchert layered: after d moves nothing beyond layer d is flooded, and each colour still
 *                    present beyond it needs a move of its own: max_d d + |colours(> d)|.
 *   colour-clearing: a colour whose furthest regions (layer D) can only all be reached by
 *                    time D along shortest paths whose colours agree at every step; when no
 *                    common colour exists at some step the colour cannot be cleared before
 *                    move D + 1, which can lift the layered bound by one. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "gameopt/alloc.h"

void flood_bounder_init(flood_bounder *b, const flood_graph *g) {
    memset(b, 0, sizeof *b);
    b->g = g;
    b->cap = 64;
    size_t nw = (size_t)g->nwords;
    b->layers = gopt_malloc((size_t)b->cap * nw * sizeof *b->layers);
    b->tmp = gopt_malloc(3 * nw * sizeof *b->tmp);
    b->scratch = gopt_malloc(2 * nw * sizeof *b->scratch);
    size_t levels = (size_t)g->nregions + 3;
    b->cm = gopt_malloc(levels * sizeof *b->cm);
    b->sc = gopt_malloc(levels * sizeof *b->sc);
    b->common = gopt_malloc(levels * sizeof *b->common);
    b->bytes = ((size_t)b->cap * nw + 3 * nw + 3 * levels) * sizeof(uint64_t);
}

void flood_bounder_free(flood_bounder *b) {
    free(b->layers);
    free(b->tmp);
    free(b->scratch);
    free(b->cm);
    free(b->sc);
    free(b->common);
    memset(b, 0, sizeof *b);
}

void flood_bounder_grow(flood_bounder *b) {
    size_t nw = (size_t)b->g->nwords;
    b->cap *= 2;
    b->layers = gopt_realloc(b->layers, (size_t)b->cap * nw * sizeof *b->layers);
    b->bytes += (size_t)(b->cap / 2) * nw * sizeof(uint64_t);
}

/* cm[1..D] colours per layer; sc[d] = colours beyond layer d-1 (sc[D+1] = 0). With
 * `stuck` (no colour can be completed now) the first move completes nothing, so every
 * colour still needs a move after it: the level-0 term becomes 1 + |colours|. */
int flood_puchert(int D, const uint64_t *cm, uint64_t *sc, bool stuck) {
    sc[D + 1] = 0;
    for (int d = D; d >= 1; d--) sc[d] = sc[d + 1] | cm[d];
    int best = stuck ? 1 + flood_popcount(sc[1]) : 0;
    for (int d = 0; d <= D; d++) {
        int v = d + flood_popcount(sc[d + 1]);
        if (v > best) best = v;
    }
    return best;
}

/* The lifting tests are in kernel.inc (clears_late, window_finishes, refine):
 *
 * The layered bound P is max over t of (t - 1) + n_t, n_t = |colours whose last region lies
 * in layer >= t|. A sequence of exactly P moves is tight at every level t attaining P: its
 * moves from time t on are exactly one move of each of those n_t colours, each clearing its
 * colour (at a time >= its last layer). Level t (and so every sequence of P moves) is
 * impossible when
 *   (a) the move at time t must clear a colour whose last layer is t, and every such
 *       colour must clear late, or
 *   (b) the regions beyond layer t - 1 cannot be flooded by one move of each colour even
 *       from the most optimistic state at time t - 1 (every region up to layer t - 1
 *       flooded). Such a finish must complete a colour with every move, so by the
 *       completion lemma it exists iff playing completable colours in any order floods
 *       everything. A window of one layer always finishes and one of two layers almost
 *       always does, so the test starts two layers from the end.
 * One impossible tight level lifts the bound to P + 1. */
