/* The lazy-constraint loop, written once for both engines: solve the relaxed model, let
 * the separator look at the answer, add what it finds, solve again.
 *
 * Why the loop is exact: every cut is a valid constraint of the full model, so the relaxed
 * model always contains the full model's answers. An answer the separator accepts breaks no
 * constraint and is therefore an answer of the full model (for a MIP, an optimal one, since
 * its objective is at least as good as the full optimum); a relaxation without answers
 * proves the full model has none. */
#include "gameopt/cuts.h"

#include <stdlib.h>

#include "gameopt/alloc.h"
#include "gameopt/require.h"

struct gopt_cut_sink {
    gopt_sat *sat; /* exactly one of sat and mip is set */
    gopt_mip *mip;
    int64_t added;
};

bool gopt_cut_value(const gopt_cut_sink *k, int v) {
    return k->sat ? gopt_sat_val(k->sat, v) : gopt_mip_bool(k->mip, v - 1);
}

void gopt_cut_clause(gopt_cut_sink *k, const int *lits, int n) {
    k->added++;
    if (k->sat) {
        gopt_sat_clause(k->sat, lits, n);
        return;
    }
    /* sum(x_v for v in lits) + sum(1 - x_v for -v in lits) >= 1 */
    int *cols = gopt_malloc((size_t)(n > 0 ? n : 1) * sizeof *cols);
    double *coef = gopt_malloc((size_t)(n > 0 ? n : 1) * sizeof *coef);
    int negatives = 0;
    for (int i = 0; i < n; i++) {
        cols[i] = abs(lits[i]) - 1;
        coef[i] = lits[i] > 0 ? 1.0 : -1.0;
        negatives += lits[i] < 0;
    }
    gopt_mip_row(k->mip, NULL, n, cols, coef, '>', 1.0 - negatives);
    free(cols);
    free(coef);
}

bool gopt_cut_row(gopt_cut_sink *k, int n, const int *cols, const double *coef, char sense, double rhs) {
    if (!k->mip) return false;
    gopt_mip_row(k->mip, NULL, n, cols, coef, sense, rhs);
    k->added++;
    return true;
}

/* One round's separation; returns the number of cuts added. */
static int64_t separate(gopt_cuts *loop, gopt_cut_sink *sink) {
    sink->added = 0;
    loop->separate(loop->user, sink);
    loop->cuts += sink->added;
    return sink->added;
}

gopt_cuts_result gopt_cuts_sat(gopt_sat *s, gopt_cuts *loop) {
    GOPT_REQUIRE(s && loop && loop->separate, "a solver and a loop with a separator");
    GOPT_REQUIRE(loop->nassume >= 0 && (loop->nassume == 0 || loop->assume), "nassume = %d", loop->nassume);
    gopt_cut_sink sink = {.sat = s};
    for (;;) {
        if (loop->max_rounds > 0 && loop->rounds >= loop->max_rounds) return GOPT_CUTS_LIMIT;
        for (int i = 0; i < loop->nassume; i++) gopt_sat_assume(s, loop->assume[i]);
        gopt_sat_result r = gopt_sat_solve(s);
        loop->rounds++;
        if (r == GOPT_SAT_UNSAT) return GOPT_CUTS_NONE;
        if (r != GOPT_SAT_SAT) return GOPT_CUTS_LIMIT;
        if (separate(loop, &sink) == 0) return GOPT_CUTS_FOUND;
    }
}

gopt_cuts_result gopt_cuts_mip(gopt_mip *m, gopt_cuts *loop) {
    GOPT_REQUIRE(m && loop && loop->separate, "a model and a loop with a separator");
    gopt_cut_sink sink = {.mip = m};
    for (;;) {
        if (loop->max_rounds > 0 && loop->rounds >= loop->max_rounds) return GOPT_CUTS_LIMIT;
        gopt_mip_result r = gopt_mip_solve(m);
        loop->rounds++;
        switch (r) {
        case GOPT_MIP_INFEASIBLE: return GOPT_CUTS_NONE;
        case GOPT_MIP_OPTIMAL:
            if (separate(loop, &sink) == 0) return GOPT_CUTS_FOUND;
            break;
        case GOPT_MIP_FEASIBLE:
            /* A limit stopped CBC: an accepted answer is good but not proven optimal, and
             * there is no time left to solve again after adding cuts. */
            return separate(loop, &sink) == 0 ? GOPT_CUTS_FEASIBLE : GOPT_CUTS_LIMIT;
        default: return GOPT_CUTS_LIMIT;
        }
    }
}

void gopt_cuts_add_counters(const gopt_cuts *loop, gopt_counters *c) {
    gopt_counter_add(c, "rounds", loop->rounds);
    gopt_counter_add(c, "cuts", loop->cuts);
}
