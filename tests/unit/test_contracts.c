/* Engine contracts (GOPT_REQUIRE): every wrong call named in issue 14 fails loudly with the
 * function's name instead of answering wrongly, and right calls pass. A test handler
 * catches the failure with longjmp. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/require.h"
#include "test_support.h"

static jmp_buf jump;
static char fired[64];

static void catch_contract(const char *func, const char *message) {
    (void)message;
    snprintf(fired, sizeof fired, "%s", func);
    longjmp(jump, 1);
}

/* Runs `call` and expects the contract of `func` to fire. */
#define EXPECT_CONTRACT(func, call)                                                                \
    do {                                                                                           \
        fired[0] = 0;                                                                              \
        if (setjmp(jump) == 0) {                                                                   \
            call;                                                                                  \
            fail_msg("%s: no contract fired", #call);                                              \
        }                                                                                          \
        assert_string_equal(fired, func);                                                          \
    } while (0)

static int setup(void **state) {
    (void)state;
    gopt_require_set_handler(catch_contract);
    return 0;
}

static int teardown(void **state) {
    (void)state;
    gopt_require_set_handler(NULL);
    return 0;
}

static void sat_literals(void **state) {
    (void)state;
    gopt_sat *s = gopt_sat_new();
    int x = gopt_sat_vars(s, 2);
    gopt_sat_clause2(s, x, x + 1); /* fine */
    EXPECT_CONTRACT("gopt_sat_clause", gopt_sat_clause(s, (int[]){x, 0, x + 1}, 3)); /* a literal 0 */
    EXPECT_CONTRACT("gopt_sat_clause", gopt_sat_unit(s, 3));                          /* never made */
    EXPECT_CONTRACT("gopt_sat_clause", gopt_sat_unit(s, -7));
    EXPECT_CONTRACT("gopt_sat_clause", gopt_sat_clause(s, NULL, -1));
    EXPECT_CONTRACT("gopt_sat_vars", gopt_sat_vars(s, -1));
    EXPECT_CONTRACT("gopt_sat_assume", gopt_sat_assume(s, 0));
    EXPECT_CONTRACT("gopt_sat_val", gopt_sat_val(s, 5));
    EXPECT_CONTRACT("gopt_sat_exactly_if", gopt_sat_exactly_if(s, 9, (int[]){x, x + 1}, 2, 1));
    EXPECT_CONTRACT("count_between", gopt_sat_at_most(s, NULL, 2, 1));
    assert_int_equal(gopt_sat_solve(s), GOPT_SAT_SAT);
    EXPECT_CONTRACT("gopt_sat_failed", gopt_sat_failed(s, x)); /* only after UNSAT */
    gopt_sat_free(s);
}

static void mip_columns_rows_and_options(void **state) {
    (void)state;
    gopt_mip *m = gopt_mip_new("t");
    int a = gopt_mip_col(m, "a", GOPT_MIP_BINARY, 0, 1, 1);
    gopt_mip_row(m, "r", 1, &a, (double[]){1}, '<', 1); /* fine */
    EXPECT_CONTRACT("gopt_mip_col", gopt_mip_col(m, "b", GOPT_MIP_INTEGER, 3, 2, 0));
    EXPECT_CONTRACT("gopt_mip_row", gopt_mip_row(m, "r2", 1, (int[]){4}, (double[]){1}, '<', 1));
    EXPECT_CONTRACT("gopt_mip_row", gopt_mip_row(m, "r3", 1, &a, (double[]){1}, 'x', 1));
    EXPECT_CONTRACT("gopt_mip_value", gopt_mip_value(m, 3));
    char name[16];
    for (int i = 0; i < 16; i++) {
        snprintf(name, sizeof name, "opt%d", i);
        gopt_mip_set_option(m, name, "1");
    }
    gopt_mip_set_option(m, "opt3", "2"); /* replacing a value needs no room */
    EXPECT_CONTRACT("gopt_mip_set_option", gopt_mip_set_option(m, "one-too-many", "1"));
    gopt_mip_free(m);
}

static void maxflow_edges(void **state) {
    (void)state;
    gopt_maxflow_net *net = gopt_maxflow_net_new(3);
    gopt_maxflow_edge(net, 0, 2, 1);
    EXPECT_CONTRACT("gopt_maxflow_edge", gopt_maxflow_edge(net, 0, 3, 1));
    EXPECT_CONTRACT("gopt_maxflow_edge", gopt_maxflow_edge(net, -1, 1, 1));
    EXPECT_CONTRACT("gopt_maxflow_edge", gopt_maxflow_edge(net, 0, 1, -2));
    EXPECT_CONTRACT("gopt_maxflow_net_new", gopt_maxflow_net_new(-1));
    gopt_maxflow_net_free(net);
}

static void cut_loops(void **state) {
    (void)state;
    gopt_sat *s = gopt_sat_new();
    gopt_cuts loop = {0};
    EXPECT_CONTRACT("gopt_cuts_sat", gopt_cuts_sat(s, &loop));
    gopt_sat_free(s);
    gopt_mip *m = gopt_mip_new("t");
    EXPECT_CONTRACT("gopt_cuts_mip", gopt_cuts_mip(m, &loop));
    gopt_mip_free(m);
}

static void counter_names_are_listed(void **state) {
    (void)state;
    gopt_counters c = {0};
    gopt_counter_add(&c, "nodes", 1);
    assert_true(gopt_counter_known("route rounds"));
    assert_false(gopt_counter_known("nodez"));
    EXPECT_CONTRACT("slot", gopt_counter_add(&c, "nodez", 1));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(sat_literals, setup, teardown),
        cmocka_unit_test_setup_teardown(mip_columns_rows_and_options, setup, teardown),
        cmocka_unit_test_setup_teardown(maxflow_edges, setup, teardown),
        cmocka_unit_test_setup_teardown(cut_loops, setup, teardown),
        cmocka_unit_test_setup_teardown(counter_names_are_listed, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
