/* Flood-It A* under a memory limit: the closed table's last doubling is not a wall, two
 * threads need no more memory than one, and a full store goes on depth-first.
 *
 * Doubling the table needs the old and the new one at once, so a search's peak is often that
 * moment. Before, a doubling that did not fit stopped the search, even when the nodes still to
 * come fitted beside the old table; now the table stays and fills on to 7/8 (astar.c,
 * table_limit). On these random 18x18 six-colour boards the unlimited search peaks at such a
 * doubling: one byte less must still prove the same optimum, without the doubling (before the
 * change each of them stopped at the limit with the bound one short). */
#include <stdlib.h>

#include "games/flood/internal.h"
#include "gameopt/budget.h"
#include "gameopt/rng.h"
#include "gameopt/stop.h"
#include "test_support.h"

static void run_threads(const flood_graph *g, double memory_bytes, int threads, flood_outcome *out) {
    flood_outcome ub;
    flood_beam(g, 400, &ub);
    flood_limits lim = {0, memory_bytes, threads};
    flood_astar(g, ub.moves, ub.length, &lim, out);
    free(ub.moves);
}

static void run(const flood_graph *g, double memory_bytes, flood_outcome *out) { run_threads(g, memory_bytes, 1, out); }

/* Board `index` of the random 18x18 six-colour boards these tests use (seed 11). */
static gopt_flood_puzzle *random_puzzle(int index) {
    gopt_rng r = gopt_rng_stream(11, (uint64_t)index);
    gopt_flood_puzzle *p = gopt_flood_new(18, 18, 6);
    for (int c = 0; c < 18 * 18; c++) p->cells[c] = (uint8_t)gopt_rng_below(&r, 6);
    return p;
}

static void random_board(int index, flood_graph *g) {
    gopt_flood_puzzle *p = random_puzzle(index);
    char why[100];
    assert_true(flood_graph_build(g, p, why, sizeof why));
    gopt_flood_free(p); /* the graph keeps what it needs */
}

static void last_doubling_is_not_a_wall(void **state) {
    (void)state;
    const int boards[] = {0, 4, 5, 7};
    for (size_t k = 0; k < sizeof boards / sizeof *boards; k++) {
        flood_graph g;
        random_board(boards[k], &g);
        flood_outcome free_run, tight;
        run(&g, 0, &free_run);
        assert_int_equal(free_run.status, GOPT_SOLVED);
        assert_true(free_run.optimal);
        double limit = free_run.peak_bytes - 1;
        run(&g, limit, &tight);
        if (tight.status != GOPT_SOLVED || !tight.optimal)
            fail_msg("board %d: stopped at %.0f bytes with bounds %d..%d (unlimited: %d, peak %.0f)", boards[k], limit,
                     tight.lower_bound, tight.length, free_run.length, free_run.peak_bytes);
        assert_int_equal(tight.length, free_run.length);
        assert_true(tight.peak_bytes <= limit);
        free(free_run.moves);
        free(tight.moves);
        flood_graph_free(&g);
    }
}

/* Two threads look the table up without the lock, so a replaced table must outlive their
 * lookups; a first version kept it until the whole bucket was expanded, which cost two
 * threads a fifth more memory than one on these boards (and b24c6 board 26 32.6 MB against
 * 28.6). Now it is freed after a grace period, and two threads need what one needs plus their
 * fixed share (the node chunks' index, about 0.5 MB, and the second expander): with 1 MB over
 * one thread's unlimited peak they prove the same optimum. */
static void threads_need_no_more_memory(void **state) {
    (void)state;
    const int boards[] = {1, 2, 6}; /* 7.5, 12.3 and 7.5 MB with one thread */
    for (size_t k = 0; k < sizeof boards / sizeof *boards; k++) {
        flood_graph g;
        random_board(boards[k], &g);
        flood_outcome one, two;
        run(&g, 0, &one);
        double limit = one.peak_bytes + (1 << 20);
        run_threads(&g, limit, 2, &two);
        if (two.status != GOPT_SOLVED || !two.optimal)
            fail_msg("board %d: two threads stopped at %.0f bytes with bounds %d..%d (one thread: %d, peak %.0f)",
                     boards[k], limit, two.lower_bound, two.length, one.length, one.peak_bytes);
        assert_int_equal(two.length, one.length);
        free(one.moves);
        free(two.moves);
        flood_graph_free(&g);
    }
}

/* A full store no longer ends the search: A* goes on depth-first from its frontier below
 * each threshold (astar.c, astar_tail). With half the memory the unlimited search peaks at, on one and on two threads, it must still prove the same optimum, with a
 * sequence the checker accepts, having searched depth-first (before, each of these stopped
 * at the limit with bounds). */
static void full_store_goes_on_depth_first(void **state) {
    (void)state;
    const int boards[] = {1, 2, 6, 14, 21}; /* 7.5, 12.3, 7.5, 12.2 and 7.4 MB unlimited */
    for (size_t k = 0; k < sizeof boards / sizeof *boards; k++) {
        int b = boards[k];
        gopt_flood_puzzle *p = random_puzzle(b);
        flood_graph g;
        char why[100];
        assert_true(flood_graph_build(&g, p, why, sizeof why));
        flood_outcome free_run;
        run(&g, 0, &free_run);
        assert_true(free_run.optimal);
        double limit = free_run.peak_bytes / 2;
        for (int threads = 1; threads <= 2; threads++) {
            flood_outcome tight;
            run_threads(&g, limit, threads, &tight);
            if (tight.status != GOPT_SOLVED || !tight.optimal)
                fail_msg("board %d, %d threads: stopped at %.0f bytes with bounds %d..%d (unlimited: %d)", b, threads,
                         limit, tight.lower_bound, tight.length, free_run.length);
            assert_int_equal(tight.length, free_run.length);
            assert_true(tight.tail_nodes > 0);
            if (tight.peak_bytes > limit) fail_msg("board %d, %d threads: peak %.0f over %.0f", b, threads, tight.peak_bytes, limit);
            char fail[200];
            if (!gopt_flood_check(p, tight.moves, tight.length, fail, sizeof fail))
                fail_msg("board %d, %d threads: %s", b, threads, fail);
            free(tight.moves);
        }
        free(free_run.moves);
        flood_graph_free(&g);
        gopt_flood_free(p);
    }
}

/* The store can also fill by the solve's memory account refusing a charge (the open list
 * grows beside the nodes), which marks the whole solve stopped for memory (budget.h). The
 * depth-first tail must recover from that mark, or it ends at its first poll: b28c6 board 9
 * at 12 GB stopped at 36..37 that way. Here the account alone limits (the search's own limit
 * is off), at half the unlimited peak. */
static void refused_charge_goes_on_depth_first(void **state) {
    (void)state;
    flood_graph g;
    random_board(2, &g);
    flood_outcome free_run, tight;
    run(&g, 0, &free_run);
    gopt_budget *account = gopt_budget_new(free_run.peak_bytes / 2 / 1048576.0);
    gopt_solve_ctx ctx;
    gopt_ctx_init(&ctx, 0, NULL, account);
    gopt_solve_ctx *before = gopt_ctx_enter(&ctx);
    run(&g, 0, &tight);
    gopt_ctx_enter(before);
    gopt_budget_free(account);
    if (tight.status != GOPT_SOLVED || !tight.optimal)
        fail_msg("stopped with bounds %d..%d (%s; unlimited: %d)", tight.lower_bound, tight.length,
                 tight.stopped ? tight.stopped : "-", free_run.length);
    assert_int_equal(tight.length, free_run.length);
    assert_true(tight.tail_nodes > 0);
    free(free_run.moves);
    free(tight.moves);
    flood_graph_free(&g);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(last_doubling_is_not_a_wall),
                                       cmocka_unit_test(threads_need_no_more_memory),
                                       cmocka_unit_test(full_store_goes_on_depth_first),
                                       cmocka_unit_test(refused_charge_goes_on_depth_first)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
