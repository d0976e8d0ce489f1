/* A board split into parts (flood split) and parts proven with --shorter-than give the
 * board's optimum: on 150 random boards (6x6 to 12x12, 3 to 6 colours, some with another start),
 * at depths 1 to 3, the smallest len(P) + the optimum after P over the parts is the optimum
 * of the whole board, and a part asked for sequences shorter than N answers either a
 * shorter optimal one or the bound N with a sequence that floods (A*, IDA* and DFBnB in
 * turn). Also: no two parts are the
 * same position, and every part's moves each absorb something. Seeds are fixed. */
#include <stdlib.h>
#include <string.h>

#include "games/flood/flood_sim.h"
#include "games/flood/split.h"
#include "gameopt/alloc.h"
#include "gameopt/game.h"
#include "gameopt/rng.h"
#include "test_support.h"

extern const gopt_game gopt_game_flood;

static const char *method = "astar"; /* the exact method of this board: astar, ida, dfbnb in turn */

/* The checked optimum (or, with below > 0, the answer to --shorter-than below). */
static const gopt_flood_result *solve(const gopt_flood_puzzle *p, int below, gopt_answer *a) {
    gopt_options o;
    gopt_options_init(&o);
    o.method = method;
    char value[16];
    if (below > 0) {
        snprintf(value, sizeof value, "%d", below);
        gopt_error err = {0};
        if (!gopt_options_set(&o, &gopt_game_flood, "solve", "shorter-than", value, &err)) fail_msg("%s", err.msg);
    }
    *a = (gopt_answer){.name = "part"};
    assert_int_equal(gopt_game_solve_checked(&gopt_game_flood, p, &o, a), GOPT_SOLVED);
    return a->extra;
}

static int optimum(const gopt_flood_puzzle *p) {
    gopt_answer a;
    const gopt_flood_result *r = solve(p, 0, &a);
    assert_true(r->optimal);
    int n = r->upper_bound;
    gopt_answer_free(&gopt_game_flood, &a);
    return n;
}

/* The flooded area's size after the moves, with the checker's simulator. */
static int area_after(const gopt_flood_puzzle *p, const uint8_t *moves, int n) {
    flood_sim s;
    flood_sim_init(&s, p);
    int area = flood_sim_area(&s);
    for (int i = 0; i < n; i++) area = flood_sim_play(&s, moves[i]);
    flood_sim_free(&s);
    return area;
}

/* Which cells are flooded after the moves. */
static uint8_t *flooded_mask(const gopt_flood_puzzle *p, const uint8_t *moves, int n) {
    flood_sim s;
    flood_sim_init(&s, p);
    for (int i = 0; i < n; i++) flood_sim_play(&s, moves[i]);
    flood_sim_area(&s);
    uint8_t *mask = gopt_malloc((size_t)(p->w * p->h));
    memcpy(mask, s.mark, (size_t)(p->w * p->h));
    flood_sim_free(&s);
    return mask;
}

static void parts_give_the_optimum(void **state) {
    (void)state;
    size_t checked = 0;
    for (int k = 0; k < 150; k++) {
        gopt_rng r = gopt_rng_stream(23, (uint64_t)k);
        int w = 6 + (int)gopt_rng_below(&r, 7), h = 6 + (int)gopt_rng_below(&r, 7), colours = 3 + (int)gopt_rng_below(&r, 4);
        gopt_flood_puzzle *p = gopt_flood_new(w, h, colours);
        for (int c = 0; c < w * h; c++) p->cells[c] = (uint8_t)gopt_rng_below(&r, (uint64_t)colours);
        if (k % 4 == 3) p->start = (int)gopt_rng_below(&r, (uint64_t)(w * h));
        method = (const char *[]){"astar", "ida", "dfbnb"}[k % 3];
        int whole = optimum(p);
        int depth = 1 + k / 3 % 3;
        flood_part *parts;
        size_t n = flood_split(p, NULL, 0, depth, &parts);
        assert_true(n > 0);
        uint8_t **masks = gopt_calloc(n, sizeof *masks);
        int best = 1 << 30;
        for (size_t i = 0; i < n; i++) {
            /* each move absorbs something; only a flooded board ends sooner than the depth */
            for (int m = 1; m <= parts[i].n; m++)
                assert_true(area_after(p, parts[i].moves, m) > area_after(p, parts[i].moves, m - 1));
            assert_true(parts[i].n == depth || parts[i].flooded);
            assert_int_equal(parts[i].flooded, area_after(p, parts[i].moves, parts[i].n) == w * h);
            gopt_flood_puzzle *q = flood_position_after(p, parts[i].moves, parts[i].n);
            int rest = optimum(q);
            if (parts[i].n + rest < best) best = parts[i].n + rest;
            /* asked for shorter than the optimum - 1 .. + 1 */
            for (int below = rest - 1; below <= rest + 1; below++) {
                if (below <= 0) continue;
                gopt_answer a;
                const gopt_flood_result *res = solve(q, below, &a);
                if (below > rest) {
                    assert_true(res->optimal);
                    assert_int_equal(res->upper_bound, rest);
                } else {
                    assert_true(res->lower_bound >= below);
                    assert_true(res->lower_bound <= rest);
                    assert_true(res->upper_bound >= rest);
                    assert_int_equal(res->optimal, res->upper_bound == res->lower_bound);
                }
                gopt_answer_free(&gopt_game_flood, &a);
            }
            gopt_flood_free(q);
            masks[i] = flooded_mask(p, parts[i].moves, parts[i].n);
            for (size_t j = 0; j < i; j++) /* distinct positions: the cells outside never change */
                if (memcmp(masks[i], masks[j], (size_t)(w * h)) == 0)
                    fail_msg("board %d: parts %zu and %zu flood the same cells", k, j, i);
        }
        checked += n;
        if (best != whole) fail_msg("board %d (%dx%d, %d colours, depth %d): parts give %d, the board %d", k, w, h, colours,
                                    depth, best, whole);
        for (size_t i = 0; i < n; i++) free(masks[i]);
        free(masks);
        flood_parts_free(parts, n);
        gopt_flood_free(p);
    }
    assert_true(checked > 1000); /* the parts the loop went through, all of them proven */
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(parts_give_the_optimum)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
