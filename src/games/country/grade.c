/* Grading a puzzle by the work it takes from its numbers alone.
 *  - The SAT method solves it with nothing but the numbers and proves it unique (count 2):
 *    its conflicts (CaDiCaL's learned clauses) and rounds of the lazy single-loop cuts.
 *    CaDiCaL's C API has no decision counter, so decisions are counted in our own terms:
 *  - the explanation (explain.c): steps the rules decide alone, steps that need a one-step
 *    trial, and guesses, where nothing short of search decides.
 * The word: "easy" when the rules alone finish (no trial, no guess), "medium" when trials
 * suffice, "hard" when a guess is needed. The numbers are the measure; the word is a
 * convenience for sorting. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void gopt_country_grade_of(const gopt_country_puzzle *p, gopt_country_grade *g) {
    memset(g, 0, sizeof *g);
    country_run run = {.p = p, .count = 2};
    run.first = gopt_malloc((size_t)gopt_grid_cells(p->size));
    country_solve_sat(&run);
    free(run.first);
    g->conflicts = (long)gopt_counter_get(&run.counters, "conflicts");
    g->rounds = (long)run.rounds;
    gopt_country_explanation *x = gopt_country_explain(p);
    g->steps = x->nsteps;
    g->guesses = x->guesses;
    for (int i = 0; i < x->nsteps; i++) g->trials += x->steps[i].rule == GOPT_COUNTRY_RULE_TRIAL;
    gopt_country_explanation_free(x);
    for (int r = 0; r < p->nrooms; r++) g->numbers += p->number[r] != GOPT_COUNTRY_NO_NUMBER;
    g->word = g->guesses ? "hard" : g->trials ? "medium" : "easy";
}
