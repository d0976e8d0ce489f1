/* The SAT engine against known answers: pigeonhole, n-queens, cardinality counts. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "test_support.h"

static void pigeonhole(gopt_sat *s, int pigeons, int holes) {
    int first = gopt_sat_vars(s, pigeons * holes);
    int *lits = malloc(sizeof(int) * (size_t)(pigeons > holes ? pigeons : holes));
    for (int p = 0; p < pigeons; p++) {
        for (int h = 0; h < holes; h++) lits[h] = first + p * holes + h;
        gopt_sat_clause(s, lits, holes);
    }
    for (int h = 0; h < holes; h++) {
        for (int p = 0; p < pigeons; p++) lits[p] = first + p * holes + h;
        gopt_sat_at_most_one(s, lits, pigeons);
    }
    free(lits);
}

static void pigeonhole_6_into_5_is_unsat(void **state) {
    (void)state;
    gopt_sat *s = gopt_sat_new();
    pigeonhole(s, 6, 5);
    assert_int_equal(gopt_sat_solve(s), GOPT_SAT_UNSAT);
    gopt_sat_stats st = gopt_sat_get_stats(s);
    assert_int_equal(st.solves, 1);
    assert_true(st.conflicts > 0);
    gopt_sat_free(s);
    s = gopt_sat_new();
    pigeonhole(s, 5, 5);
    assert_int_equal(gopt_sat_solve(s), GOPT_SAT_SAT);
    gopt_sat_free(s);
}

static void conflict_limit_gives_unknown(void **state) {
    (void)state;
    gopt_sat *s = gopt_sat_new();
    pigeonhole(s, 11, 10);
    gopt_sat_set_conflict_limit(s, 50);
    assert_int_equal(gopt_sat_solve(s), GOPT_SAT_UNKNOWN);
    gopt_sat_free(s);
}

static void options_set_before_clauses_only(void **state) {
    (void)state;
    gopt_sat *s = gopt_sat_new();
    assert_true(gopt_sat_set_option(s, "stabilizeonly", 1));
    assert_int_equal(gopt_sat_get_option(s, "stabilizeonly"), 1);
    assert_true(gopt_sat_set_option(s, "elimreleff", 10));
    assert_int_equal(gopt_sat_get_option(s, "elimreleff"), 10);
    assert_false(gopt_sat_set_option(s, "no-such-option", 1));
    pigeonhole(s, 5, 5);
    assert_false(gopt_sat_set_option(s, "phase", 0)); /* too late: refused, not aborted */
    assert_int_equal(gopt_sat_get_option(s, "phase"), 1);
    assert_int_equal(gopt_sat_solve(s), GOPT_SAT_SAT);
    gopt_sat_free(s);
}

/* Regression: when a blocking clause is falsified at the root, CaDiCaL used to say so on
 * stdout ("c found falsified original clause"), which belongs to our answers. These two
 * bracket a test and count what reached stdout in between. */
static FILE *capture;
static int saved_stdout;

static void capture_stdout(void) {
    fflush(stdout);
    capture = tmpfile();
    saved_stdout = dup(1);
    dup2(fileno(capture), 1);
}

static long captured_bytes(void) {
    fflush(stdout);
    dup2(saved_stdout, 1);
    close(saved_stdout);
    long n = (long)lseek(fileno(capture), 0, SEEK_END);
    fclose(capture);
    return n;
}

static void eight_queens_have_92_solutions(void **state) {
    (void)state;
    const int n = 8;
    gopt_sat *s = gopt_sat_new();
    int q = gopt_sat_vars(s, n * n);
    int line[16];
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) line[c] = q + r * n + c;
        gopt_sat_exactly_one(s, line, n);
    }
    for (int c = 0; c < n; c++) {
        for (int r = 0; r < n; r++) line[r] = q + r * n + c;
        gopt_sat_exactly_one(s, line, n);
    }
    for (int d = -(n - 1); d <= n - 1; d++) { /* r - c = d and r + c = d + n - 1 */
        int k = 0, k2 = 0, anti[16];
        for (int r = 0; r < n; r++) {
            int c = r - d;
            if (c >= 0 && c < n) line[k++] = q + r * n + c;
            int c2 = d + n - 1 - r;
            if (c2 >= 0 && c2 < n) anti[k2++] = q + r * n + c2;
        }
        gopt_sat_at_most_one(s, line, k);
        gopt_sat_at_most_one(s, anti, k2);
    }
    int vars[64];
    for (int i = 0; i < n * n; i++) vars[i] = q + i;
    bool complete = false;
    assert_int_equal(gopt_sat_enumerate(s, vars, n * n, 1000, NULL, NULL, &complete), 92);
    assert_true(complete);
    gopt_sat_free(s);
}

static long binomial(int n, int k) {
    long b = 1;
    for (int i = 1; i <= k; i++) b = b * (n - k + i) / i;
    return b;
}

/* Models of a cardinality constraint, projected on its inputs. */
static long count_models(int n, int k, int kind) {
    gopt_sat *s = gopt_sat_new();
    int x = gopt_sat_vars(s, n), lits[16];
    for (int i = 0; i < n; i++) lits[i] = x + i;
    if (kind == 0) gopt_sat_at_most(s, lits, n, k);
    if (kind == 1) gopt_sat_at_least(s, lits, n, k);
    if (kind == 2) gopt_sat_exactly(s, lits, n, k);
    if (kind == 3) gopt_sat_at_most_one(s, lits, n);
    bool complete;
    capture_stdout();
    long found = gopt_sat_enumerate(s, lits, n, 100000, NULL, NULL, &complete);
    assert_int_equal(captured_bytes(), 0);
    assert_true(complete);
    gopt_sat_free(s);
    return found;
}

static void cardinality_constraints_count_right(void **state) {
    (void)state;
    for (int n = 1; n <= 9; n++) {
        for (int k = 0; k <= n + 1; k++) {
            long at_most = 0, at_least = 0;
            for (int j = 0; j <= n; j++) {
                if (j <= k) at_most += binomial(n, j);
                if (j >= k) at_least += binomial(n, j);
            }
            assert_int_equal(count_models(n, k, 0), at_most);
            assert_int_equal(count_models(n, k, 1), at_least);
            assert_int_equal(count_models(n, k, 2), k <= n ? binomial(n, k) : 0);
        }
        assert_int_equal(count_models(n, 1, 3), n + 1);
    }
}

static void guarded_exactly_and_totalizer_assumptions(void **state) {
    (void)state;
    const int n = 6;
    gopt_sat *s = gopt_sat_new();
    int x = gopt_sat_vars(s, n), guard = gopt_sat_var(s), lits[8];
    for (int i = 0; i < n; i++) lits[i] = x + i;
    gopt_sat_exactly_if(s, guard, lits, n, 2);
    lits[n] = guard;
    bool complete;
    /* guard false: anything (64); guard true: exactly two of six (15). */
    assert_int_equal(gopt_sat_enumerate(s, lits, n + 1, 1000, NULL, NULL, &complete), 64 + 15);
    gopt_sat_free(s);

    s = gopt_sat_new();
    x = gopt_sat_vars(s, n);
    for (int i = 0; i < n; i++) lits[i] = x + i;
    gopt_sat_card card = gopt_sat_totalizer(s, lits, n, n);
    for (int k = 0; k < n; k++) { /* at least k+1 and at most k+1 under assumptions */
        gopt_sat_assume(s, card.out[k]);
        if (k + 1 < n) gopt_sat_assume(s, -card.out[k + 1]);
        assert_int_equal(gopt_sat_solve(s), GOPT_SAT_SAT);
        int on = 0;
        for (int i = 0; i < n; i++) on += gopt_sat_val(s, lits[i]);
        assert_int_equal(on, k + 1);
    }
    gopt_sat_assume(s, card.out[2]);
    gopt_sat_assume(s, -card.out[1]);
    assert_int_equal(gopt_sat_solve(s), GOPT_SAT_UNSAT);
    assert_true(gopt_sat_failed(s, card.out[2]) || gopt_sat_failed(s, -card.out[1]));
    gopt_sat_card_free(&card);
    gopt_sat_free(s);
}

static void unused_variables_are_false(void **state) {
    (void)state;
    gopt_sat *s = gopt_sat_new();
    int a = gopt_sat_var(s), b = gopt_sat_var(s);
    gopt_sat_unit(s, a);
    assert_int_equal(gopt_sat_solve(s), GOPT_SAT_SAT);
    assert_true(gopt_sat_val(s, a));
    assert_false(gopt_sat_val(s, b));
    assert_true(gopt_sat_val(s, -b));
    gopt_counters c = {0};
    gopt_sat_add_counters(s, &c);
    assert_int_equal(gopt_counter_get(&c, "vars"), 2);
    assert_int_equal(gopt_counter_get(&c, "clauses"), 1);
    gopt_sat_free(s);
}

static void model_survives_added_clauses(void **state) {
    (void)state;
    gopt_sat *s = gopt_sat_new();
    int a = gopt_sat_var(s), b = gopt_sat_var(s), c = gopt_sat_var(s);
    assert_false(gopt_sat_val(s, a)); /* no model yet: false, not an abort */
    gopt_sat_clause2(s, a, b);
    gopt_sat_unit(s, -a);
    assert_int_equal(gopt_sat_solve(s), GOPT_SAT_SAT);
    gopt_sat_clause2(s, -b, c); /* a separator adds a cut, then reads on */
    assert_true(gopt_sat_val(s, b));
    assert_false(gopt_sat_val(s, a));
    assert_false(gopt_sat_val(s, c)); /* not in the model it answered */
    assert_int_equal(gopt_sat_solve(s), GOPT_SAT_SAT);
    assert_true(gopt_sat_val(s, c));
    gopt_sat_unit(s, -c);
    assert_int_equal(gopt_sat_solve(s), GOPT_SAT_UNSAT);
    assert_false(gopt_sat_val(s, b));
    gopt_sat_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pigeonhole_6_into_5_is_unsat),
        cmocka_unit_test(conflict_limit_gives_unknown),
        cmocka_unit_test(options_set_before_clauses_only),
        cmocka_unit_test(eight_queens_have_92_solutions),
        cmocka_unit_test(cardinality_constraints_count_right),
        cmocka_unit_test(guarded_exactly_and_totalizer_assumptions),
        cmocka_unit_test(unused_variables_are_false),
        cmocka_unit_test(model_survives_added_clauses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
