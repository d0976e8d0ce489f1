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
#include "games/flood/tail_cache.h"
#include "gameopt/alloc.h"
#include "gameopt/budget.h"
#include "gameopt/rng.h"
#include "gameopt/stop.h"
#include "test_support.h"

/* A* as the solve verbs run it (the tail's caches included) with `share` of the memory kept
 * for those caches; the tests of the store alone keep none. */
static void run_shared(const flood_graph *g, double memory_bytes, int threads, double share, flood_outcome *out) {
    flood_outcome ub;
    flood_beam(g, 400, &ub);
    flood_limits lim = {.memory_bytes = memory_bytes, .threads = threads, .cache_share = share};
    flood_astar(g, ub.moves, ub.length, &lim, out);
    free(ub.moves);
}

static void run_threads(const flood_graph *g, double memory_bytes, int threads, flood_outcome *out) {
    run_shared(g, memory_bytes, threads, 0, out);
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
            run_shared(&g, limit, threads, FLOOD_TAIL_CACHE_SHARE, &tight);
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

/* The tail's caches (tail_cache.h) drop a state searched before at a smaller depth, as A*'s
 * filter drops a stored one, and merge one reached again at the same depth by searching it
 * without the commuting rule. Cross-checked where they do all the work: without an upper
 * bound and with 5 MB, half of it for the caches, the store is full at once (one chunk of
 * 65536 nodes does not fit beside them), so the search is depth-first from the start and
 * must find the optimum itself; the same length as unlimited, a checked sequence, the caches
 * used. (A cross-check this coarse does not tell the rule from bolder ones: dropping every
 * state found in a cache, at any depth, also kept the optimum on these boards. The rule's
 * proof is in docs/methods.md.) */
static void tail_cache_keeps_the_optimum(void **state) {
    (void)state;
    for (int b = 0; b < 8; b++) {
        gopt_flood_puzzle *p = random_puzzle(b);
        flood_graph g;
        char why[100];
        assert_true(flood_graph_build(&g, p, why, sizeof why));
        flood_outcome free_run, tight;
        run(&g, 0, &free_run);
        flood_limits lim = {.memory_bytes = 5 * 1048576, .threads = 1, .cache_share = 0.5};
        flood_astar(&g, NULL, -1, &lim, &tight); /* no upper bound: the tail must find the optimum */
        if (tight.status != GOPT_SOLVED || !tight.optimal)
            fail_msg("board %d: bounds %d..%d (unlimited: %d)", b, tight.lower_bound, tight.length, free_run.length);
        assert_int_equal(tight.length, free_run.length);
        if (tight.tail_duplicates == 0) fail_msg("board %d: the caches dropped nothing (%lld nodes, %lld depth-first, peak %.0f)", b, (long long)tight.nodes, (long long)tight.tail_nodes, tight.peak_bytes);
        char fail[200];
        if (!gopt_flood_check(p, tight.moves, tight.length, fail, sizeof fail)) fail_msg("board %d: %s", b, fail);
        free(free_run.moves);
        free(tight.moves);
        flood_graph_free(&g);
        gopt_flood_free(p);
    }
}

/* The cache itself: what was put is found with its depth and flag; a bucket's first entry
 * keeps the shallowest state and the second the latest; an entry of the same state is
 * updated in place; clearing forgets everything. Three states share one bucket here (a
 * cache of one bucket). */
static void tail_cache_keeps_shallow_states(void **state) {
    (void)state;
    enum { NW = 2 };
    flood_tail_cache c = {gopt_calloc(1, flood_tail_cache_bytes(1, NW)), 1, NW};
    assert_int_equal(flood_tail_cache_fit((double)flood_tail_cache_bytes(4, NW) + 1, NW), 4);
    assert_int_equal(flood_tail_cache_fit(1, NW), 0);
    uint64_t a[NW] = {1, 2}, b[NW] = {3, 4}, d[NW] = {5, 6}, skipped = 0;
    assert_int_equal(flood_tail_cache_get(&c, a, 7, &skipped), 0);
    flood_tail_cache_put(&c, a, 7, 10, false, 0x24);
    uint64_t e = flood_tail_cache_get(&c, a, 7, &skipped);
    assert_true(e & FLOOD_CACHE_VALID);
    assert_int_equal(e & FLOOD_CACHE_G, 10);
    assert_false(e & FLOOD_CACHE_NO_COMMUTE);
    assert_int_equal(skipped, 0x24);
    flood_tail_cache_put(&c, b, 8, 12, false, 0); /* deeper: second */
    flood_tail_cache_put(&c, d, 9, 11, true, 1); /* deeper than a: replaces b */
    assert_int_equal(flood_tail_cache_get(&c, b, 8, &skipped), 0);
    assert_int_equal(flood_tail_cache_get(&c, a, 7, &skipped) & FLOOD_CACHE_G, 10);
    assert_true(flood_tail_cache_get(&c, d, 9, &skipped) & FLOOD_CACHE_NO_COMMUTE);
    assert_int_equal(skipped, 0); /* searched without the rule: nothing skipped */
    flood_tail_cache_put(&c, b, 8, 4, false, 0); /* shallower: first, a moves down, d goes */
    assert_int_equal(flood_tail_cache_get(&c, b, 8, &skipped) & FLOOD_CACHE_G, 4);
    assert_int_equal(flood_tail_cache_get(&c, a, 7, &skipped) & FLOOD_CACHE_G, 10);
    assert_int_equal(flood_tail_cache_get(&c, d, 9, &skipped), 0);
    flood_tail_cache_put(&c, a, 7, 10, true, 0x24); /* the same state: in place */
    assert_true(flood_tail_cache_get(&c, a, 7, &skipped) & FLOOD_CACHE_NO_COMMUTE);
    assert_int_equal(flood_tail_cache_get(&c, b, 8, &skipped) & FLOOD_CACHE_G, 4);
    flood_tail_cache_clear(&c);
    assert_int_equal(flood_tail_cache_get(&c, a, 7, &skipped), 0);
    assert_int_equal(flood_tail_cache_get(&c, b, 8, &skipped), 0);
    free(c.slots);
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
                                       cmocka_unit_test(tail_cache_keeps_the_optimum),
                                       cmocka_unit_test(tail_cache_keeps_shallow_states),
                                       cmocka_unit_test(refused_charge_goes_on_depth_first)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
