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

#include "flood_internal.h"
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

int flood_expand(flood_expander *e, const uint64_t *F, const flood_context *ctx) {
    const flood_graph *g = e->g;
    int nw = g->nwords;
    uint64_t *border = e->border, *tmp = e->tmp;
    flood_border(g, F, border);
    uint64_t moves = flood_colours_of(g, border);
    int n = 0;
    GOPT_FOR_BITS(b, moves) {
        uint64_t *S = e->buf + (size_t)n * 2 * (size_t)nw, *NB = S + nw;
        memcpy(S, F, (size_t)nw * sizeof *S);
        memcpy(NB, border, (size_t)nw * sizeof *NB);
        int absorbed = flood_play(g, S, NB, b, tmp);
        /* tmp + nw holds the neighbours of the absorbed regions: the newly exposed ones
         * are those outside the new state and the old border. */
        const uint64_t *grown = tmp + nw;
        uint64_t *exposed = tmp + 2 * nw;
        bool any_exposed = false, cleared = true;
        const uint64_t *cs = flood_colour_set(g, b);
        for (int k = 0; k < nw; k++) {
            exposed[k] = grown[k] & ~S[k] & ~border[k];
            any_exposed = any_exposed || exposed[k];
            if (cs[k] & ~S[k]) cleared = false;
        }
        e->generated++;
        if (!any_exposed && !cleared && !e->no_rules) {
            e->pruned_leaf++;
            continue;
        }
        uint64_t exposed_cols = flood_colours_of(g, exposed);
        if (ctx && ctx->applies && !e->no_rules && !(ctx->last_new >> b & 1)) {
            /* b was on the border before the last move a, and a took nothing b needs:
             * "b a" floods a superset of "a b" (strictly more when a now gains from b). */
            bool a_gains = exposed_cols >> ctx->last & 1;
            if (a_gains || absorbed > ctx->last_absorbed || (absorbed == ctx->last_absorbed && b < ctx->last)) {
                e->pruned_commute++;
                continue;
            }
        }
        flood_succ *s = &e->succ[n++];
        s->colour = b;
        s->absorbed = absorbed;
        s->exposed = exposed_cols;
        s->forced = flood_play_forced(g, S, NB, tmp, NULL);
        s->g_add = 1 + s->forced;
        s->goal = !gopt_bits_any(NB, (size_t)nw);
        s->h = s->goal ? 0 : flood_bound(&e->bounder, S, NB);
        s->cells = 0;
        s->state = S;
        s->border = NB;
    }
    return n;
}
