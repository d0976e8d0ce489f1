/* The MIP engine: CBC against known optima, and our LP files read back by GLPK. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_support.h"

static gopt_mip *knapsack(const double *value, const double *weight, int n, double cap) {
    gopt_mip *m = gopt_mip_new("knapsack");
    int cols[64];
    for (int i = 0; i < n; i++) {
        char name[16];
        snprintf(name, sizeof name, "take_%d", i);
        cols[i] = gopt_mip_col(m, name, GOPT_MIP_BINARY, 0, 1, value[i]);
    }
    gopt_mip_row(m, "capacity", n, cols, weight, '<', cap);
    gopt_mip_maximize(m, true);
    return m;
}

static void classic_knapsack(void **state) {
    (void)state;
    /* The boxes of the well-known picture: all but the 12 kg box, value 15. */
    double value[] = {4, 2, 1, 2, 10}, weight[] = {12, 2, 1, 1, 4};
    gopt_mip *m = knapsack(value, weight, 5, 15);
    assert_int_equal(gopt_mip_solve(m), GOPT_MIP_OPTIMAL);
    assert_float_equal(gopt_mip_objective(m), 15, 1e-6);
    assert_false(gopt_mip_bool(m, 0));
    for (int i = 1; i < 5; i++) assert_true(gopt_mip_bool(m, i));
    gopt_mip_free(m);
}

/* Dynamic programming over integer weights. */
static int knapsack_dp(const double *value, const double *weight, int n, int cap) {
    int best[256] = {0};
    for (int i = 0; i < n; i++)
        for (int c = cap; c >= (int)weight[i]; c--)
            if (best[c - (int)weight[i]] + (int)value[i] > best[c]) best[c] = best[c - (int)weight[i]] + (int)value[i];
    return best[cap];
}

static void random_knapsacks_match_dynamic_programming(void **state) {
    (void)state;
    for (int t = 0; t < 20; t++) {
        gopt_rng r = gopt_rng_stream(42, (uint64_t)t);
        int n = 5 + (int)gopt_rng_below(&r, 15);
        double value[32], weight[32];
        for (int i = 0; i < n; i++) {
            value[i] = 1 + gopt_rng_below(&r, 30);
            weight[i] = 1 + gopt_rng_below(&r, 20);
        }
        int cap = 10 + (int)gopt_rng_below(&r, 80);
        gopt_mip *m = knapsack(value, weight, n, cap);
        assert_int_equal(gopt_mip_solve(m), GOPT_MIP_OPTIMAL);
        assert_float_equal(gopt_mip_objective(m), knapsack_dp(value, weight, n, cap), 1e-6);
        gopt_mip_free(m);
    }
}

/* max 3x + 2y + w  s.t.  x + y <= 7.5, x - y >= -2, w + x = 4, x in 0..10 integer,
 * y in [0, 4.5], w free. Then w = 4 - x and the objective is 2(x + y) + 4 = 19. */
static gopt_mip *mixed_model(void) {
    gopt_mip *m = gopt_mip_new("mixed");
    int x = gopt_mip_col(m, "x", GOPT_MIP_INTEGER, 0, 10, 3);
    int y = gopt_mip_col(m, "y", GOPT_MIP_CONTINUOUS, 0, 4.5, 2);
    int w = gopt_mip_col(m, "w[free]", GOPT_MIP_CONTINUOUS, -1e30, 1e30, 1);
    gopt_mip_row(m, "sum", 2, (int[]){x, y}, (double[]){1, 1}, '<', 7.5);
    gopt_mip_row(m, "diff", 2, (int[]){x, y}, (double[]){1, -1}, '>', -2);
    gopt_mip_row(m, "link", 2, (int[]){w, x}, (double[]){1, 1}, '=', 4);
    gopt_mip_maximize(m, true);
    return m;
}

static void mixed_integer_model(void **state) {
    (void)state;
    gopt_mip *m = mixed_model();
    assert_int_equal(gopt_mip_solve(m), GOPT_MIP_OPTIMAL);
    assert_float_equal(gopt_mip_objective(m), 19, 1e-6);
    assert_float_equal(gopt_mip_value(m, 2), 4 - gopt_mip_value(m, 0), 1e-6);
    gopt_counters c = {0};
    gopt_mip_add_counters(m, &c);
    assert_int_equal(gopt_counter_get(&c, "mip_solves"), 1);
    gopt_mip_free(m);
}

/* CBC parameters change how it searches, never the optimum; a name set twice keeps the last value. */
static void cbc_options_keep_the_optimum(void **state) {
    (void)state;
    for (int t = 0; t < 10; t++) {
        gopt_rng r = gopt_rng_stream(7, (uint64_t)t);
        int n = 10 + (int)gopt_rng_below(&r, 20);
        double value[32], weight[32];
        for (int i = 0; i < n; i++) {
            value[i] = 1 + gopt_rng_below(&r, 30);
            weight[i] = 1 + gopt_rng_below(&r, 20);
        }
        int cap = 20 + (int)gopt_rng_below(&r, 80);
        gopt_mip *m = knapsack(value, weight, n, cap);
        gopt_mip_set_option(m, "cuts", "root");
        gopt_mip_set_option(m, "cuts", "off");
        gopt_mip_set_option(m, "strong", "0");
        gopt_mip_set_option(m, "heuristics", "off");
        assert_int_equal(gopt_mip_solve(m), GOPT_MIP_OPTIMAL);
        assert_float_equal(gopt_mip_objective(m), knapsack_dp(value, weight, n, cap), 1e-6);
        gopt_mip_free(m);
    }
}

static void infeasible_model(void **state) {
    (void)state;
    gopt_mip *m = gopt_mip_new(NULL);
    int x = gopt_mip_col(m, NULL, GOPT_MIP_BINARY, 0, 1, 1);
    int y = gopt_mip_col(m, NULL, GOPT_MIP_BINARY, 0, 1, 1);
    gopt_mip_row(m, NULL, 2, (int[]){x, y}, (double[]){1, 1}, '>', 3);
    assert_int_equal(gopt_mip_solve(m), GOPT_MIP_INFEASIBLE);
    assert_null(gopt_mip_values(m));
    gopt_mip_free(m);
}

/* Runs glpsol on an LP file and reads the objective value from its report. */
static double glpsol_objective(const char *lp) {
    char report[256], cmd[1024], line[512];
    snprintf(report, sizeof report, "%s.out", lp);
    snprintf(cmd, sizeof cmd, "glpsol --lp '%s' -o '%s' >/dev/null 2>&1", lp, report);
    assert_int_equal(system(cmd), 0);
    FILE *f = fopen(report, "r");
    assert_non_null(f);
    double value = -1e300;
    while (fgets(line, sizeof line, f)) {
        char *p = strstr(line, "Objective:");
        if (p && (p = strchr(p, '='))) value = strtod(p + 1, NULL);
    }
    fclose(f);
    unlink(report);
    return value;
}

static void lp_files_solve_the_same_in_glpk(void **state) {
    (void)state;
    char lp[128];
    snprintf(lp, sizeof lp, "/tmp/gameopt-test-%d.lp", (int)getpid());
    gopt_mip *models[2];
    double value[] = {4, 2, 1, 2, 10}, weight[] = {12, 2, 1, 1, 4};
    models[0] = knapsack(value, weight, 5, 15);
    models[1] = mixed_model();
    for (int i = 0; i < 2; i++) {
        gopt_mip *m = models[i];
        char *text = gopt_mip_lp_text(m);
        FILE *f = fopen(lp, "w");
        assert_non_null(f);
        fputs(text, f);
        fclose(f);
        free(text);
        assert_int_equal(gopt_mip_solve(m), GOPT_MIP_OPTIMAL);
        assert_float_equal(glpsol_objective(lp), gopt_mip_objective(m), 1e-6);
        gopt_mip_free(m);
    }
    unlink(lp);
}

static void lp_file_text(void **state) {
    (void)state;
    gopt_mip *m = mixed_model();
    char *text = gopt_mip_lp_text(m);
    assert_non_null(strstr(text, "Maximize\n obj: 3 x + 2 y + w_free_\n"));
    assert_non_null(strstr(text, " diff: x - y >= -2\n"));
    assert_non_null(strstr(text, " w_free_ free\n"));
    assert_non_null(strstr(text, "Generals\n x\n"));
    free(text);
    gopt_mip_free(m);
}

/* A row without terms is allowed (first, before anything is allocated): 0 <= 1 holds, 0 >= 1
 * makes the model infeasible. */
static void rows_without_terms(void **state) {
    (void)state;
    for (int breaks = 0; breaks < 2; breaks++) {
        gopt_mip *m = gopt_mip_new("empty");
        gopt_mip_row(m, "nothing", 0, NULL, NULL, breaks ? '>' : '<', 1);
        int x = gopt_mip_col(m, "x", GOPT_MIP_BINARY, 0, 1, 1);
        gopt_mip_maximize(m, true);
        assert_int_equal(gopt_mip_num_rows(m), 1);
        assert_int_equal(gopt_mip_solve(m), breaks ? GOPT_MIP_INFEASIBLE : GOPT_MIP_OPTIMAL);
        if (!breaks) assert_true(gopt_mip_bool(m, x));
        gopt_mip_free(m);
    }
}

/* 3x - x - x <= 1 is x <= 1; taken as three separate terms by CBC it was not. */
static void repeated_columns_add_up(void **state) {
    (void)state;
    gopt_mip *m = gopt_mip_new("repeats");
    int x = gopt_mip_col(m, "x", GOPT_MIP_INTEGER, 0, 10, 1);
    int y = gopt_mip_col(m, "y", GOPT_MIP_INTEGER, 0, 10, 1);
    gopt_mip_row(m, "xs", 3, (int[]){x, x, x}, (double[]){3, -1, -1}, '<', 1);
    gopt_mip_row(m, "xy", 4, (int[]){y, x, y, y}, (double[]){1, 0, 1, 1}, '<', 7);
    gopt_mip_maximize(m, true);
    assert_int_equal(gopt_mip_solve(m), GOPT_MIP_OPTIMAL);
    assert_int_equal(lround(gopt_mip_value(m, x)), 1);
    assert_int_equal(lround(gopt_mip_value(m, y)), 2);
    gopt_mip_free(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(classic_knapsack),
        cmocka_unit_test(random_knapsacks_match_dynamic_programming),
        cmocka_unit_test(mixed_integer_model),
        cmocka_unit_test(cbc_options_keep_the_optimum),
        cmocka_unit_test(infeasible_model),
        cmocka_unit_test(rows_without_terms),
        cmocka_unit_test(repeated_columns_add_up),
        cmocka_unit_test(lp_files_solve_the_same_in_glpk),
        cmocka_unit_test(lp_file_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
