/* The memory budget and the stop checks (issue 16 items 5 and 6, issue 14 item 6). */
#include <signal.h>
#include <stdint.h>

#include "test_support.h"

/* Two puzzles' accounts: one going over its own share fails alone; the other keeps its share. */
static void accounts_are_per_puzzle_within_the_process(void **state) {
    (void)state;
    gopt_budget_set_process(10); /* 10 MB for the process */
    double share = gopt_budget_share_mb(2);
    assert_true(share == 5.0);
    gopt_budget *a = gopt_budget_new(share), *b = gopt_budget_new(share);
    size_t mb = 1048576;
    assert_true(gopt_budget_charge(a, 4 * mb));
    assert_false(gopt_budget_charge(a, 2 * mb)); /* beyond a's 5 MB */
    assert_int_equal(gopt_budget_used(a), 4 * mb); /* a failed charge takes nothing */
    assert_true(gopt_budget_charge(b, 5 * mb));    /* b still has all of its share */
    assert_int_equal(gopt_budget_process_used(), 9 * mb);
    gopt_budget_release(a, mb);
    assert_int_equal(gopt_budget_used(a), 3 * mb);
    assert_int_equal(gopt_budget_peak(a), 4 * mb);
    gopt_budget_free(a);
    gopt_budget_free(b);
    assert_int_equal(gopt_budget_process_used(), 0);

    /* an account without a limit of its own still meets the process's */
    gopt_budget *c = gopt_budget_new(0);
    assert_true(gopt_budget_charge(c, 10 * mb));
    assert_false(gopt_budget_charge(c, 1));
    assert_false(gopt_budget_charge(NULL, 1)); /* outside any solve: the process alone */
    gopt_budget_free(c);
    assert_true(gopt_budget_charge(NULL, mb));
    gopt_budget_release(NULL, mb);
    assert_true(gopt_budget_charge(NULL, SIZE_MAX / 2) == false);
    gopt_budget_set_process(0);
    assert_true(gopt_budget_share_mb(4) == 0);
}

/* A failed charge marks the current solve stopped for memory; the budget of the current
 * solve is found without passing it. */
static void a_failed_charge_stops_the_current_solve(void **state) {
    (void)state;
    gopt_budget *b = gopt_budget_new(1);
    gopt_solve_ctx ctx;
    gopt_ctx_init(&ctx, 0, NULL, b);
    gopt_solve_ctx *outer = gopt_ctx_enter(&ctx);
    assert_int_equal(gopt_stop_check(), GOPT_GO);
    assert_true(gopt_budget_charge(NULL, 1000));
    assert_int_equal(gopt_budget_used(b), 1000);
    assert_true(gopt_budget_available() == 1048576 - 1000);
    assert_false(gopt_budget_charge(NULL, 1048576));
    assert_int_equal(gopt_stop_check(), GOPT_STOP_MEMORY);
    assert_string_equal(gopt_stop_text(gopt_stop_check()), "memory limit reached");
    gopt_ctx_enter(outer);
    gopt_budget_free(b);
}

static void cancel_time_and_signals(void **state) {
    (void)state;
    atomic_int token = 0;
    gopt_solve_ctx ctx;
    gopt_ctx_init(&ctx, 0, &token, NULL);
    assert_int_equal(gopt_stop_check_ctx(&ctx), GOPT_GO);
    atomic_store(&token, 1);
    assert_int_equal(gopt_stop_check_ctx(&ctx), GOPT_STOP_CANCEL);
    atomic_store(&token, 0);
    assert_int_equal(gopt_stop_check_ctx(&ctx), GOPT_STOP_CANCEL); /* sticky */

    gopt_ctx_init(&ctx, 1e-9, NULL, NULL);
    double t0 = gopt_now();
    while (gopt_now() - t0 < 1e-6) {}
    assert_int_equal(gopt_stop_check_ctx(&ctx), GOPT_STOP_TIME);

    /* the signal flag stops every solve, and the process outside solves */
    gopt_solve_ctx other;
    gopt_ctx_init(&other, 0, NULL, NULL);
    assert_int_equal(gopt_stop_check(), GOPT_GO);
    gopt_stop_install_signals();
    raise(SIGINT); /* the handler only sets the flag */
    assert_int_equal(gopt_stop_signalled(), SIGINT);
    assert_int_equal(gopt_stop_check(), GOPT_STOP_SIGNAL);
    assert_int_equal(gopt_stop_check_ctx(&other), GOPT_STOP_SIGNAL);
    assert_string_equal(gopt_stop_text(GOPT_STOP_SIGNAL), "interrupted");
    gopt_stop_reset();
    assert_int_equal(gopt_stop_check(), GOPT_GO);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(accounts_are_per_puzzle_within_the_process),
        cmocka_unit_test(a_failed_charge_stops_the_current_solve),
        cmocka_unit_test(cancel_time_and_signals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
