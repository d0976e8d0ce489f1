/* Flood-It A* under a memory limit: the closed table's last doubling is not a wall.
 *
 * Doubling the table needs the old and the new one at once, so a search's peak is often that
 * moment. Before, a doubling that did not fit stopped the search, even when the nodes still to
 * come fitted beside the old table; now the table stays and fills on to 7/8 (astar.c,
 * table_limit). On these random 18x18 six-colour boards the unlimited search peaks at such a
 * doubling: one byte less must still prove the same optimum, without the doubling (before the
 * change each of them stopped at the limit with the bound one short). */
#include <stdlib.h>

#include "games/flood/internal.h"
#include "gameopt/rng.h"
#include "test_support.h"

static void run(const flood_graph *g, double memory_bytes, flood_outcome *out) {
    flood_outcome ub;
    flood_beam(g, 400, &ub);
    flood_limits lim = {0, memory_bytes, 1};
    flood_astar(g, ub.moves, ub.length, &lim, out);
    free(ub.moves);
}

static void last_doubling_is_not_a_wall(void **state) {
    (void)state;
    const int boards[] = {0, 4, 5, 7};
    for (size_t k = 0; k < sizeof boards / sizeof *boards; k++) {
        gopt_rng r = gopt_rng_stream(11, (uint64_t)boards[k]);
        gopt_flood_puzzle *p = gopt_flood_new(18, 18, 6);
        for (int c = 0; c < 18 * 18; c++) p->cells[c] = (uint8_t)gopt_rng_below(&r, 6);
        flood_graph g;
        char why[100];
        assert_true(flood_graph_build(&g, p, why, sizeof why));
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
        gopt_flood_free(p);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(last_doubling_is_not_a_wall)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
