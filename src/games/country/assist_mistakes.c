/* Mistakes in a player's partial answer: can some solution still extend every mark, and if not,
 * which marks are wrong.
 *
 * gopt_cuts_wrong_marks (gameopt/backbone.h): one call of the lazy loop with every mark assumed
 * answers the first question exactly. When none extends them: a mark is wrong on its own when no
 * solution holds it, i.e. when its opposite is in the backbone of the puzzle (computed over the
 * marked variables only); those are reported in reading order, the first one unless every one
 * is asked for. When each mark alone fits some solution but not all together (a puzzle with
 * several solutions), the report is a set of marks that no solution holds together and from
 * which none can be dropped (a minimal core). Nothing else is said: no correct value is revealed
 * beyond "this mark is wrong". */
#include <stdlib.h>
#include <string.h>

#include "assist.h"

gopt_country_mistakes *gopt_country_mistakes_of(const gopt_country_puzzle *p, const gopt_assist_options *o) {
    gopt_country_mistakes *x = gopt_calloc(1, sizeof *x);
    country_model m;
    country_model_init(&m, p, o ? o->time_limit : 0);
    int nm;
    country_mark *marks = country_marks_of(&m, &nm);
    x->marks = nm;
    x->wrong = gopt_malloc((size_t)(nm + 1) * sizeof *x->wrong);
    int *lits = gopt_malloc((size_t)(nm + 1) * sizeof *lits), *wrong = gopt_malloc((size_t)(nm + 1) * sizeof *wrong), nw;
    for (int i = 0; i < nm; i++) lits[i] = marks[i].lit;
    gopt_cuts_result r = gopt_cuts_wrong_marks(m.s, &m.loop, lits, nm, o && o->all, wrong, &nw, &x->completable, &x->together);
    x->status = r == GOPT_CUTS_FOUND ? GOPT_SOLVED : r == GOPT_CUTS_NONE ? GOPT_INFEASIBLE : GOPT_LIMIT;
    for (int i = 0; i < nw && r == GOPT_CUTS_FOUND; i++) {
        const country_mark *k = &marks[wrong[i]];
        x->wrong[x->nwrong++] = (gopt_country_statement){k->cell, k->side, k->value};
    }
    free(lits);
    free(wrong);
    free(marks);
    country_model_free(&m);
    return x;
}

void gopt_country_mistakes_free(gopt_country_mistakes *x) {
    if (!x) return;
    free(x->wrong);
    free(x);
}
