/* Mistakes in a player's partial answer: can some solution still extend every mark, and if not,
 * which marks are wrong.
 *
 * One call of the lazy loop with every mark assumed answers the first question exactly. When
 * none extends them: a mark is wrong on its own when no solution holds it, i.e. when its
 * opposite is in the backbone of the puzzle (computed over the marked variables only); those
 * are reported in reading order, the first one unless every one is asked for. When each mark
 * alone fits some solution but not all together (a puzzle with several solutions), the
 * report is a set of marks that no solution holds together and from which none can be dropped
 * (a minimal core, gameopt/backbone.h). Nothing else is said: no correct value is revealed
 * beyond "this mark is wrong". */
#include <stdlib.h>
#include <string.h>

#include "assist.h"

static void add_wrong(gopt_country_mistakes *x, const country_mark *k) {
    x->wrong[x->nwrong++] = (gopt_country_statement){k->cell, k->side, k->value};
}

/* Marks no solution holds on its own (lit 0: none can), in reading order. */
static gopt_cuts_result alone(country_model *m, const country_mark *marks, int nm, gopt_country_mistakes *x, bool all) {
    int *vars = gopt_malloc((size_t)(nm + 1) * sizeof *vars), nv = 0;
    uint8_t *value = gopt_malloc((size_t)nm + 1);
    for (int i = 0; i < nm; i++)
        if (marks[i].lit) vars[nv++] = abs(marks[i].lit);
    gopt_cuts_result r = gopt_backbone(m->s, &m->loop, vars, nv, value, NULL, NULL, NULL);
    for (int i = 0, j = 0; i < nm && r == GOPT_CUTS_FOUND; i++) {
        bool wrong = !marks[i].lit;
        if (marks[i].lit) {
            uint8_t v = value[j++];
            wrong = (v == GOPT_BB_TRUE && marks[i].lit < 0) || (v == GOPT_BB_FALSE && marks[i].lit > 0);
        }
        if (wrong && (all || x->nwrong == 0)) add_wrong(x, &marks[i]);
    }
    free(vars);
    free(value);
    return r;
}

gopt_country_mistakes *gopt_country_mistakes_of(const gopt_country_puzzle *p, const gopt_assist_options *o) {
    gopt_country_mistakes *x = gopt_calloc(1, sizeof *x);
    country_model m;
    country_model_init(&m, p, o ? o->time_limit : 0);
    int nm;
    country_mark *marks = country_marks_of(&m, &nm);
    x->marks = nm;
    x->wrong = gopt_malloc((size_t)(nm + 1) * sizeof *x->wrong);
    int *lits = gopt_malloc((size_t)(nm + 1) * sizeof *lits), nl = 0;
    bool impossible = false;
    for (int i = 0; i < nm; i++) {
        if (marks[i].lit) lits[nl++] = marks[i].lit;
        else impossible = true;
    }
    gopt_cuts_result r = impossible ? GOPT_CUTS_NONE : gopt_cuts_sat_assuming(m.s, &m.loop, lits, nl);
    x->status = r == GOPT_CUTS_LIMIT ? GOPT_LIMIT : GOPT_SOLVED;
    x->completable = r == GOPT_CUTS_FOUND;
    if (r == GOPT_CUTS_NONE) {
        r = alone(&m, marks, nm, x, o && o->all);
        if (r == GOPT_CUTS_NONE) x->status = GOPT_INFEASIBLE;
        if (r == GOPT_CUTS_LIMIT) x->status = GOPT_LIMIT;
        if (r == GOPT_CUTS_FOUND && x->nwrong == 0) {
            /* each fits some solution: a set of them that none fits together */
            int k = gopt_cuts_min_core(m.s, &m.loop, lits, nl);
            if (k < 0) x->status = GOPT_LIMIT;
            x->together = k > 0;
            for (int i = 0; i < nm && k > 0; i++)
                for (int j = 0; j < k; j++)
                    if (marks[i].lit == lits[j]) {
                        add_wrong(x, &marks[i]);
                        break;
                    }
        }
    }
    free(lits);
    free(marks);
    country_model_free(&m);
    return x;
}

void gopt_country_mistakes_free(gopt_country_mistakes *x) {
    if (!x) return;
    free(x->wrong);
    free(x);
}
