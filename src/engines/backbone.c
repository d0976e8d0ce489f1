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
#include "gameopt/timer.h"

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

gopt_cuts_result gopt_cuts_other(gopt_sat *s, gopt_cuts *loop, const int *vars, int n, const uint8_t *first, bool nearest,
                                 double deadline, uint8_t *other) {
    int *flip = gopt_malloc((size_t)(n + 1) * sizeof *flip);
    for (int i = 0; i < n; i++) flip[i] = first[i] ? -vars[i] : vars[i];
    gopt_sat_clause(s, flip, n);
    gopt_cuts_result r = gopt_cuts_sat(s, loop);
    int k = 0;
    for (int i = 0; i < n && r == GOPT_CUTS_FOUND; i++) other[i] = gopt_sat_val(s, vars[i]), k += other[i] != first[i];
    if (r == GOPT_CUTS_FOUND && nearest && k > 1) {
        gopt_sat_card t = gopt_sat_totalizer(s, flip, n, k);
        if (deadline > 0) gopt_sat_set_time_limit(s, deadline - gopt_now());
        /* a failed search for a nearer answer leaves the one in hand */
        while (k > 1 && t.cap >= k - 1 && (deadline <= 0 || gopt_now() < deadline)) {
            int fewer = -t.out[k - 1]; /* not "at least k flipped" */
            if (gopt_cuts_sat_assuming(s, loop, &fewer, 1) != GOPT_CUTS_FOUND) break;
            k = 0;
            for (int i = 0; i < n; i++) other[i] = gopt_sat_val(s, vars[i]), k += other[i] != first[i];
        }
        gopt_sat_card_free(&t);
    }
    free(flip);
    return r;
}

/* Marks no answer holds on its own (lit 0: none can), in order; the first unless `all`. */
static gopt_cuts_result wrong_alone(gopt_sat *s, gopt_cuts *loop, const int *lits, int n, bool all, int *wrong, int *nwrong) {
    int *vars = gopt_malloc((size_t)(n + 1) * sizeof *vars), nv = 0;
    uint8_t *value = gopt_malloc((size_t)n + 1);
    for (int i = 0; i < n; i++)
        if (lits[i]) vars[nv++] = abs(lits[i]);
    gopt_cuts_result r = gopt_backbone(s, loop, vars, nv, value, NULL, NULL, NULL);
    for (int i = 0, j = 0; i < n && r == GOPT_CUTS_FOUND; i++) {
        bool bad = !lits[i];
        if (lits[i]) {
            uint8_t v = value[j++];
            bad = (v == GOPT_BB_TRUE && lits[i] < 0) || (v == GOPT_BB_FALSE && lits[i] > 0);
        }
        if (bad && (all || *nwrong == 0)) wrong[(*nwrong)++] = i;
    }
    free(vars);
    free(value);
    return r;
}

gopt_cuts_result gopt_cuts_wrong_marks(gopt_sat *s, gopt_cuts *loop, const int *lits, int n, bool all, int *wrong,
                                       int *nwrong, bool *completable, bool *together) {
    *nwrong = 0;
    *completable = *together = false;
    int *held = gopt_malloc((size_t)(n + 1) * sizeof *held), nh = 0;
    bool impossible = false;
    for (int i = 0; i < n; i++) {
        if (lits[i]) held[nh++] = lits[i];
        else impossible = true;
    }
    gopt_cuts_result r = impossible ? GOPT_CUTS_NONE : gopt_cuts_sat_assuming(s, loop, held, nh);
    *completable = r == GOPT_CUTS_FOUND;
    if (r == GOPT_CUTS_NONE) {
        r = wrong_alone(s, loop, lits, n, all, wrong, nwrong);
        if (r == GOPT_CUTS_FOUND && *nwrong == 0) {
            /* each fits some answer: a set of them that none fits together */
            int k = gopt_cuts_min_core(s, loop, held, nh);
            if (k < 0) r = GOPT_CUTS_LIMIT;
            *together = k > 0;
            for (int i = 0; i < n && k > 0; i++)
                for (int j = 0; j < k; j++)
                    if (lits[i] == held[j]) {
                        wrong[(*nwrong)++] = i;
                        break;
                    }
        }
    }
    free(held);
    return r;
}
