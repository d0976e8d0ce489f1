/* CBC in a child process (src/engines/cbc_child.c, issue 16 item 16): a limit stops a solve
 * that never answers, whatever it is doing, and nothing is left behind. The "solves" here are
 * stand-ins that hang, crash or grow, so every case is deterministic: none depends on how fast
 * CBC is. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engines/cbc_child.h"
#include "test_support.h"

static void hang(const void *model, double cbc_seconds, cbc_outcome *out) {
    (void)model, (void)cbc_seconds, (void)out;
    for (;;) pause(); /* like CBC inside a root LP that never looks at its limit */
}

static void crash(const void *model, double cbc_seconds, cbc_outcome *out) {
    (void)model, (void)cbc_seconds, (void)out;
    _exit(134); /* like CBC aborting */
}

/* Touches 64 MB, then hangs: only the memory budget can stop it. */
static void grow(const void *model, double cbc_seconds, cbc_outcome *out) {
    (void)model, (void)cbc_seconds, (void)out;
    size_t n = 64u << 20;
    volatile char *p = malloc(n); /* volatile: the stores are not optimised away */
    for (size_t i = 0; p && i < n; i += 4096) p[i] = 1;
    for (;;) pause();
}

/* Answers with three values, the objective their sum, and the limit CBC was given. */
static void answer(const void *model, double cbc_seconds, cbc_outcome *out) {
    const double *given = model;
    out->result = GOPT_MIP_FEASIBLE;
    out->values = malloc(3 * sizeof *out->values);
    for (int i = 0; i < 3; i++) out->values[i] = given[i];
    out->objective = cbc_seconds;
    out->nodes = 42;
}

/* No child is left: not running, not a zombie. */
static void assert_no_children(void) {
    assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
    assert_int_equal(errno, ECHILD);
}

static void a_hanging_solve_stops_at_the_time_limit(void **state) {
    (void)state;
    cbc_outcome out;
    gopt_cbc_run(hang, NULL, 0, 0.05, &out);
    assert_int_equal(out.result, GOPT_MIP_LIMIT);
    assert_null(out.values);
    assert_no_children();

    /* the solve context's deadline counts too, and the stop is noted on the solve */
    gopt_solve_ctx ctx;
    gopt_ctx_init(&ctx, 0.05, NULL, NULL);
    gopt_solve_ctx *prev = gopt_ctx_enter(&ctx);
    gopt_cbc_run(hang, NULL, 0, 0, &out);
    assert_int_equal(out.result, GOPT_MIP_LIMIT);
    assert_int_equal(gopt_stop_check(), GOPT_STOP_TIME);
    gopt_ctx_enter(prev);
    assert_no_children();
}

static atomic_int cancel_token;
static void *cancel_soon(void *arg) {
    (void)arg;
    usleep(50000);
    atomic_store(&cancel_token, 1);
    return NULL;
}

/* The web server's per-request cancel: another thread sets the token while the child hangs. */
static void a_cancel_token_stops_a_hanging_solve(void **state) {
    (void)state;
    gopt_solve_ctx ctx;
    atomic_store(&cancel_token, 0);
    gopt_ctx_init(&ctx, 0, &cancel_token, NULL);
    gopt_solve_ctx *prev = gopt_ctx_enter(&ctx);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, cancel_soon, NULL), 0);
    cbc_outcome out;
    gopt_cbc_run(hang, NULL, 0, 0, &out);
    pthread_join(t, NULL);
    assert_int_equal(out.result, GOPT_MIP_LIMIT);
    assert_int_equal(gopt_stop_check(), GOPT_STOP_CANCEL);
    gopt_ctx_enter(prev);
    assert_no_children();

    /* a token set before the solve: no child at all */
    atomic_store(&cancel_token, 1);
    gopt_ctx_init(&ctx, 0, &cancel_token, NULL);
    prev = gopt_ctx_enter(&ctx);
    gopt_cbc_run(answer, (double[]){1, 2, 3}, 3, 0, &out);
    assert_int_equal(out.result, GOPT_MIP_LIMIT);
    gopt_ctx_enter(prev);
}

/* The child's growth is charged to the solve's budget: past it, the child is killed. */
static void a_growing_solve_stops_at_the_memory_budget(void **state) {
    (void)state;
    gopt_budget *b = gopt_budget_new(16);
    gopt_solve_ctx ctx;
    gopt_ctx_init(&ctx, 0, NULL, b);
    gopt_solve_ctx *prev = gopt_ctx_enter(&ctx);
    cbc_outcome out;
    gopt_cbc_run(grow, NULL, 0, 0, &out);
    assert_int_equal(out.result, GOPT_MIP_LIMIT);
    assert_int_equal(gopt_stop_check(), GOPT_STOP_MEMORY);
    gopt_ctx_enter(prev);
    assert_int_equal(gopt_budget_used(b), 0); /* the charge is given back */
    gopt_budget_free(b);
    assert_no_children();
}

static void a_crash_is_an_error_not_a_crash(void **state) {
    (void)state;
    cbc_outcome out;
    gopt_cbc_run(crash, NULL, 0, 0, &out);
    assert_int_equal(out.result, GOPT_MIP_ERROR);
    assert_null(out.values);
    assert_no_children();
}

/* What the child found comes back whole; CBC's own limit is a little shorter than ours. */
static void an_answer_comes_back(void **state) {
    (void)state;
    cbc_outcome out;
    gopt_cbc_run(answer, (double[]){1.5, -2, 1e300}, 3, 10, &out);
    assert_int_equal(out.result, GOPT_MIP_FEASIBLE);
    assert_non_null(out.values);
    assert_true(out.values[0] == 1.5 && out.values[1] == -2 && out.values[2] == 1e300);
    assert_true(out.objective > 8.9 && out.objective < 10); /* 90 % of what was left */
    assert_int_equal(out.nodes, 42);
    free(out.values);
    gopt_cbc_run(answer, (double[]){1, 2, 3}, 3, 0, &out); /* no limit: none for CBC */
    assert_true(out.objective == 0);
    free(out.values);
    assert_no_children();
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_hanging_solve_stops_at_the_time_limit),
        cmocka_unit_test(a_cancel_token_stops_a_hanging_solve),
        cmocka_unit_test(a_growing_solve_stops_at_the_memory_budget),
        cmocka_unit_test(a_crash_is_an_error_not_a_crash),
        cmocka_unit_test(an_answer_comes_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
