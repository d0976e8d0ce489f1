/* Boards `flow generate --any` makes (issue 34): a random filling cut into pieces, whose paths
 * touch themselves. `flow generate --any --size 30x30 --seed S` for S = 1..10, exactly as the
 * command line makes them (seed S, the first board of its stream, one colour per eight cells
 * capped at the flow_solver format's 52 letters), are solved under the format's convention
 * (simple paths) within the test's limit, and every answer passes the independent checker.
 * Before route and fill, no method answered any of them: SAT and the complete search both
 * stopped at 10-20 s limits (seed 3 was open after 15 minutes). Under the untouching
 * convention the same boards are decided too (their pieces touch themselves: unsolvable,
 * proven by the exact corner-rule sweep, or solved). */
#include <string.h>

#include "test_support.h"

#define LIMIT 60.0 /* seconds per board: the test's limit (about 0.5 s each is usual) */

static gopt_flow_puzzle *generated(uint64_t seed) {
    gopt_rng rng = gopt_rng_stream(seed, 0);
    gopt_flow_puzzle *p = gopt_flow_generate(30, 30, 52, &rng);
    assert_non_null(p);
    return p;
}

static void the_issue_board_is_the_command_lines(void **state) {
    (void)state;
    gopt_flow_puzzle *p = generated(3);
    char *text = gopt_flow_write(p, NULL);
    /* the first rows of `flow generate --any --size 30x30 --seed 3` */
    assert_memory_equal(text, ".....zzy......................\n.........................X....\n", 62);
    free(text);
    gopt_flow_free(p);
}

static void ten_seeds_are_solved_and_checked(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        gopt_flow_puzzle *p = generated(seed);
        assert_false(p->untouching); /* the flow_solver format's convention: simple paths */
        gopt_flow_settings s = {.method = GOPT_FLOW_AUTO, .count = 1, .time_limit = LIMIT};
        gopt_answer a = {0};
        gopt_status st = gopt_flow_solve(p, &s, &a);
        if (st != GOPT_SOLVED) fail_msg("seed %d: status %d (%s)", (int)seed, (int)st, a.note);
        char why[256];
        if (!gopt_flow_check(p, a.solution, why, sizeof why)) fail_msg("seed %d: checker: %s", (int)seed, why);
        gopt_flow_solution_free(a.solution);
        gopt_flow_free(p);
    }
}

static void untouching_convention_decides_them(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        gopt_flow_puzzle *p = generated(seed);
        p->untouching = true;
        gopt_flow_settings s = {.method = GOPT_FLOW_AUTO, .count = 1, .time_limit = LIMIT};
        gopt_answer a = {0};
        gopt_status st = gopt_flow_solve(p, &s, &a);
        if (st != GOPT_SOLVED && st != GOPT_INFEASIBLE) fail_msg("seed %d: status %d (%s)", (int)seed, (int)st, a.note);
        if (st == GOPT_SOLVED) {
            char why[256];
            if (!gopt_flow_check(p, a.solution, why, sizeof why)) fail_msg("seed %d: checker: %s", (int)seed, why);
        }
        gopt_flow_solution_free(a.solution);
        gopt_flow_free(p);
    }
}

/* Issue 35 item 5: `flow generate` makes puzzles for people, so by default they are unique
 * under the format's convention (before: 0 of 10 default 7x7 boards were). The game's own
 * generate, as the command line and the page call it with no options but the seed, for
 * seeds 1-10; SAT counts (its count is complete under simple paths). */
extern const gopt_game gopt_game_flow;

static void default_boards_are_unique(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        gopt_options o;
        gopt_options_init(&o);
        o.seed = seed;
        gopt_error err = {0};
        gopt_rng rng = gopt_rng_stream(seed, 0);
        gopt_flow_puzzle *p = gopt_game_flow.generate(&o, &rng, &err);
        if (!p) fail_msg("seed %d: %s", (int)seed, err.msg);
        assert_int_equal(p->rows, 7);
        assert_false(p->untouching); /* the flow_solver format's convention */
        gopt_flow_settings s = {.method = GOPT_FLOW_SAT, .count = 2, .time_limit = LIMIT};
        gopt_answer a = {0};
        assert_int_equal(gopt_flow_solve(p, &s, &a), GOPT_SOLVED);
        if (a.solutions != 1 || !a.complete) fail_msg("seed %d: %ld solutions", (int)seed, a.solutions);
        gopt_flow_solution_free(a.solution);
        gopt_flow_free(p);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_issue_board_is_the_command_lines),
        cmocka_unit_test(ten_seeds_are_solved_and_checked),
        cmocka_unit_test(untouching_convention_decides_them),
        cmocka_unit_test(default_boards_are_unique),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
