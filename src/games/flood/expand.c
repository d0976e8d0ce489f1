/* Successor generation under the pruning rules shared by A*, the prover and beam search.
 * From a state F in which no colour can be completed:
 *   - only colours on the border are moves (a colour is never repeated: F's own colour
 *     is never on its border);
 *   - after a move, every colour that can now be completed is played at once, smallest
 *     first (a completing move may always be played first);
 *   - a move that exposes no new region is skipped (it is never part of an optimal
 *     sequence unless it completes its colour);
 *   - of two commuting moves only the canonical order is kept: after a free move a, a move
 *     b that a did not make available is skipped when playing b first is at least as good
 *     (b first floods more, or as much and b < a).
 * docs/methods.md ("flood") proves that some optimal sequence survives all four at once. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "gameopt/alloc.h"

void flood_expander_init(flood_expander *e, const flood_graph *g) {
    memset(e, 0, sizeof *e);
    e->g = g;
    size_t nw = (size_t)g->nwords;
    flood_bounder_init(&e->bounder, g);
    e->buf = gopt_malloc(2 * nw * GOPT_FLOOD_MAX_COLOURS * sizeof *e->buf);
    e->border = gopt_malloc(nw * sizeof *e->border);
    e->tmp = gopt_malloc(3 * nw * sizeof *e->tmp);
}

void flood_expander_free(flood_expander *e) {
    flood_bounder_free(&e->bounder);
    free(e->buf);
    free(e->border);
    free(e->tmp);
    memset(e, 0, sizeof *e);
}
