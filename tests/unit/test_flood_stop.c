/* Flood-It under a stop (a cancelled request, a deadline): every method returns soon with a
 * sequence that replays in the checker.
 *
 * The exact methods start from a beam's sequence, 4096 states wide on boards of more than
 * 400 regions. That beam did not poll the stop, so a web client that hung up on a 40x40 board
 * kept its worker busy for the whole beam (minutes under ASan: serve/api's hang-up check
 * failed). Now a stop narrows it to one state: the rest is a greedy finish from the best. */
#include <stdlib.h>
#include <string.h>

#include "games/flood/internal.h"
#include "gameopt/rng.h"
#include "gameopt/stop.h"
#include "test_support.h"

/* A random 40x40 six-colour board (seed 5): some 900 regions. */
static gopt_flood_puzzle *big_puzzle(void) {
    gopt_rng r = gopt_rng_stream(5, 0);
    gopt_flood_puzzle *p = gopt_flood_new(40, 40, 6);
    for (int c = 0; c < 40 * 40; c++) p->cells[c] = (uint8_t)gopt_rng_below(&r, 6);
    return p;
}

/* big_puzzle's region graph (the puzzle is returned: the checker reads it). */
static gopt_flood_puzzle *big_graph(flood_graph *g) {
    gopt_flood_puzzle *p = big_puzzle();
    char why[100];
    assert_true(flood_graph_build(g, p, why, sizeof why));
    assert_true(g->nregions > 400);
    return p;
}

static void assert_replays(const gopt_flood_puzzle *p, const flood_outcome *out) {
    char why[200];
    assert_true(out->length > 0);
    if (!gopt_flood_check(p, out->moves, out->length, why, sizeof why)) fail_msg("the sequence fails: %s", why);
}

/* Cancelled before it starts, the wide beam expands at most one poll's worth of states (256)
 * and then one state per layer; before, it expanded up to 4096 per layer. */
static void a_cancelled_beam_finishes_greedily(void **state) {
    (void)state;
    flood_graph g;
    gopt_flood_puzzle *p = big_graph(&g);
    atomic_int token = 1;
    gopt_solve_ctx ctx;
    gopt_ctx_init(&ctx, 0, &token, NULL);
    gopt_solve_ctx *outer = gopt_ctx_enter(&ctx);
    flood_outcome out;
    flood_beam(&g, 4096, &out);
    assert_int_equal(out.status, GOPT_LIMIT);
    assert_string_equal(out.stopped, "cancelled");
    if (out.nodes > 256 + g.nregions) fail_msg("%lld states expanded after the stop", (long long)out.nodes);
    assert_replays(p, &out);
    free(out.moves);
    gopt_ctx_enter(outer);
    flood_graph_free(&g);
    gopt_flood_free(p);
}

/* The same through A*: the stopped beam's sequence is its upper bound, and A* stops at its
 * first poll with that sequence and the root's lower bound. */
static void a_past_deadline_gives_astar_bounds(void **state) {
    (void)state;
    flood_graph g;
    gopt_flood_puzzle *p = big_graph(&g);
    gopt_solve_ctx ctx;
    gopt_ctx_init(&ctx, 1e-9, NULL, NULL);
    gopt_solve_ctx *outer = gopt_ctx_enter(&ctx);
    flood_outcome ub, out;
    flood_beam(&g, 4096, &ub);
    assert_string_equal(ub.stopped, "time limit");
    flood_limits lim = {.threads = 1};
    flood_astar(&g, ub.moves, ub.length, &lim, &out);
    assert_int_equal(out.status, GOPT_LIMIT);
    assert_string_equal(out.stopped, "time limit");
    assert_int_equal(out.length, ub.length);
    assert_true(out.lower_bound > 0 && out.lower_bound < out.length);
    assert_replays(p, &out);
    free(ub.moves);
    free(out.moves);
    gopt_ctx_enter(outer);
    flood_graph_free(&g);
    gopt_flood_free(p);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(a_cancelled_beam_finishes_greedily),
                                       cmocka_unit_test(a_past_deadline_gives_astar_bounds)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
