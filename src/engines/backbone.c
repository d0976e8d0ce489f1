/* Backbones and minimal cores under the lazy-constraint loop (gameopt/backbone.h).
 *
 * Backbone by chunks (Janota, Lynce and Marques-Silva, "Algorithms for computing backbones of
 * propositional formulae", AI Communications 2015): with an accepted answer in hand, every
 * variable whose value has not been refuted is a candidate with that value. One call of the
 * loop asks for an accepted answer that flips at least one candidate (a clause over the
 * candidates' negations, switched on by a fresh activation literal). "None" proves every
 * candidate at once; an answer refutes every candidate it flips, at least one. On a puzzle with
 * one solution the first call proves everything, which is exactly the uniqueness proof.
 *
 * What makes this exact with lazy cuts: the loop only returns an answer the separator accepts,
 * so a refutation comes from a real solution; the relaxed answers it cuts off along the way are
 * never looked at here. Its "none" means the relaxation plus valid cuts has no answer, so the
 * full model has none either. The cuts stay in the solver between calls (they hold for every
 * answer, whatever is assumed), and so do proven backbone literals as units. */
#include "gameopt/backbone.h"

#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/require.h"

gopt_cuts_result gopt_cuts_sat_assuming(gopt_sat *s, gopt_cuts *loop, const int *lits, int n) {
    GOPT_REQUIRE(n >= 0 && (n == 0 || lits), "n = %d literals", n);
    const int *own = loop->assume;
    int nown = loop->nassume;
    int *all = gopt_malloc((size_t)(nown + n + 1) * sizeof *all);
    if (nown) memcpy(all, own, (size_t)nown * sizeof *all);
    if (n) memcpy(all + nown, lits, (size_t)n * sizeof *all);
    loop->assume = all;
    loop->nassume = nown + n;
    gopt_cuts_result r = gopt_cuts_sat(s, loop);
    loop->assume = own;
    loop->nassume = nown;
    free(all);
    return r;
}

/* Keeps, in order, the literals of lits[0..n) that the last UNSAT answer used. */
static int keep_failed(gopt_sat *s, int *lits, int n) {
    int k = 0;
    for (int i = 0; i < n; i++)
        if (gopt_sat_failed(s, lits[i])) lits[k++] = lits[i];
    return k;
}

int gopt_cuts_min_core(gopt_sat *s, gopt_cuts *loop, int *lits, int n) {
    gopt_cuts_result r = gopt_cuts_sat_assuming(s, loop, lits, n);
    if (r == GOPT_CUTS_FOUND) return 0;
    if (r != GOPT_CUTS_NONE) return -1;
    n = keep_failed(s, lits, n);
    int *rest = gopt_malloc((size_t)(n + 1) * sizeof *rest);
    for (int i = 0; i < n;) {
        /* Without lits[i]: still no answer drops it (and whatever else that proof did not use). */
        int m = 0;
        for (int j = 0; j < n; j++)
            if (j != i) rest[m++] = lits[j];
        r = gopt_cuts_sat_assuming(s, loop, rest, m);
        if (r == GOPT_CUTS_LIMIT) {
            free(rest);
            return -1;
        }
        if (r == GOPT_CUTS_FOUND) {
            i++;
            continue;
        }
        /* the kept literals before i stay needed: keep_failed only removes, in order */
        int before = 0;
        for (int j = 0; j < i; j++) before += gopt_sat_failed(s, lits[j]);
        memcpy(lits, rest, (size_t)m * sizeof *lits);
        n = keep_failed(s, lits, m);
        i = before < n ? before : n;
    }
    free(rest);
    return n;
}

gopt_cuts_result gopt_backbone(gopt_sat *s, gopt_cuts *loop, const int *vars, int n, uint8_t *value,
                               gopt_answer_fn on_answer, void *user, gopt_backbone_stats *stats) {
    GOPT_REQUIRE(s && loop && n >= 0 && (n == 0 || (vars && value)), "a solver, a loop and n = %d variables", n);
    gopt_backbone_stats st = {0};
    for (int i = 0; i < n; i++) value[i] = GOPT_BB_UNKNOWN;
    gopt_cuts_result r = gopt_cuts_sat(s, loop);
    st.tests++;
    if (r != GOPT_CUTS_FOUND) {
        st.proofs += r == GOPT_CUTS_NONE;
        if (stats) *stats = st;
        return r;
    }
    st.answers++;
    if (on_answer) on_answer(user, s);
    /* cand[0..m): indexes of undecided variables; lit[i] their value in every answer so far */
    int *cand = gopt_malloc((size_t)(n + 1) * sizeof *cand);
    int *lit = gopt_malloc((size_t)(n + 1) * sizeof *lit);
    int *clause = gopt_malloc((size_t)(n + 2) * sizeof *clause);
    int m = 0;
    for (int i = 0; i < n; i++) {
        lit[i] = gopt_sat_val(s, vars[i]) ? vars[i] : -vars[i];
        cand[m++] = i;
    }
    bool units = loop->nassume == 0;
    while (m > 0) {
        int act = gopt_sat_var(s), len = 0;
        clause[len++] = -act;
        for (int j = 0; j < m; j++) clause[len++] = -lit[cand[j]];
        gopt_sat_clause(s, clause, len);
        r = gopt_cuts_sat_assuming(s, loop, &act, 1);
        st.tests++;
        gopt_sat_unit(s, -act); /* this chunk's question is answered: retire its clause */
        if (r == GOPT_CUTS_LIMIT) break;
        if (r == GOPT_CUTS_NONE) {
            st.proofs++;
            for (int j = 0; j < m; j++) {
                int i = cand[j];
                value[i] = lit[i] > 0 ? GOPT_BB_TRUE : GOPT_BB_FALSE;
                if (units) gopt_sat_unit(s, lit[i]);
            }
            m = 0;
            break;
        }
        st.answers++;
        if (on_answer) on_answer(user, s);
        int k = 0;
        for (int j = 0; j < m; j++) {
            int i = cand[j];
            if (gopt_sat_val(s, lit[i])) cand[k++] = i;
            else value[i] = GOPT_BB_OPEN;
        }
        GOPT_REQUIRE(k < m, "an accepted answer flips a candidate (%d of %d left)", k, m);
        m = k;
    }
    free(cand);
    free(lit);
    free(clause);
    if (stats) *stats = st;
    return m == 0 ? GOPT_CUTS_FOUND : GOPT_CUTS_LIMIT;
}
