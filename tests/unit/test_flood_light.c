/* Flood-It A* with light nodes (astar.c, state_of): a node keeps its state only every few
 * moves and the others are rebuilt from the nearest kept one by replaying free moves. The
 * rebuilt states must be the stored ones exactly: then one thread expands the very same
 * nodes in the same order, so the node count, the optimum and the sequence are those of the
 * search that keeps every state, whatever the spacing; with two threads, and with the
 * memory limit that sends the search depth-first, the optimum is the same. (The memory it
 * saves shows on large searches only, where the chunks fill: bench and docs/methods.md.) */
#include <stdlib.h>

#include "games/flood/internal.h"
#include "gameopt/rng.h"
#include "test_support.h"

/* Board `index` of random 18x18 six-colour boards (seed 17). */
static gopt_flood_puzzle *random_puzzle(int index) {
    gopt_rng r = gopt_rng_stream(17, (uint64_t)index);
    gopt_flood_puzzle *p = gopt_flood_new(18, 18, 6);
    for (int c = 0; c < 18 * 18; c++) p->cells[c] = (uint8_t)gopt_rng_below(&r, 6);
    return p;
}

static void run(const flood_graph *g, double memory_bytes, int threads, int light, flood_outcome *out) {
    flood_outcome ub;
    flood_beam(g, 8, &ub);
    flood_limits lim = {.memory_bytes = memory_bytes, .threads = threads, .cache_share = FLOOD_TAIL_CACHE_SHARE, .light = light};
    flood_astar(g, ub.moves, ub.length, &lim, out);
    free(ub.moves);
}

static void check_sequence(const gopt_flood_puzzle *p, const flood_outcome *out, int board) {
    char fail[200];
    if (!gopt_flood_check(p, out->moves, out->length, fail, sizeof fail)) fail_msg("board %d: %s", board, fail);
}

static void light_nodes_search_the_same(void **state) {
    (void)state;
    const int every[] = {2, 3, 8};
    for (int b = 0; b < 4; b++) {
        gopt_flood_puzzle *p = random_puzzle(b);
        flood_graph g;
        char why[100];
        assert_true(flood_graph_build(&g, p, why, sizeof why));
        flood_outcome full;
        run(&g, 0, 1, 0, &full);
        assert_true(full.optimal);
        for (size_t k = 0; k < sizeof every / sizeof *every; k++) {
            flood_outcome light;
            run(&g, 0, 1, every[k], &light);
            if (light.nodes != full.nodes || light.length != full.length || !light.optimal)
                fail_msg("board %d, every %d: %d moves, %lld nodes (full: %d, %lld)", b, every[k], light.length,
                         (long long)light.nodes, full.length, (long long)full.nodes);
            assert_memory_equal(light.moves, full.moves, (size_t)full.length);
            free(light.moves);
        }
        for (int threads = 1; threads <= 2; threads++) {
            flood_outcome two, tight, none;
            run(&g, 0, threads, 8, &two);
            /* what the search holds before its first node (a limit below it is refused at
             * once), then a third of the rest: the store fills, the search goes depth-first */
            run(&g, 1, threads, 8, &none);
            assert_true(none.need_bytes > 1 && none.status == GOPT_LIMIT && none.nodes == 0);
            free(none.moves);
            run(&g, none.need_bytes + (two.peak_bytes - none.need_bytes) / 3, threads, 8, &tight);
            assert_true(tight.tail_nodes > 0);
            assert_true(two.optimal && tight.optimal);
            assert_int_equal(two.length, full.length);
            assert_int_equal(tight.length, full.length);
            check_sequence(p, &two, b);
            check_sequence(p, &tight, b);
            free(two.moves);
            free(tight.moves);
        }
        free(full.moves);
        flood_graph_free(&g);
        gopt_flood_free(p);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(light_nodes_search_the_same)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
