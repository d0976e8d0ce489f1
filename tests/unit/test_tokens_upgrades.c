/* Real upgrades the first model refused or could not write down: new cities appearing
 * (1888's Beijing, a one-city tile becoming a two-city NY tile), cities that split and
 * merge. Every answer passes the checker. */
#include "test_support.h"

#include <string.h>

static gopt_tokens_tile parse(const char *code) {
    gopt_tokens_tile t;
    gopt_error err = {0};
    if (!gopt_tokens_tile_parse(&t, code, "t", &err)) fail_msg("%s: %s", code, err.msg);
    return t;
}

/* Solves all six rotations under full rules; every rotation passes the checker. Returns the
 * feasible rotations as a bit set; `a` keeps the answer (caller frees). */
static unsigned solve(gopt_tokens_question *q, const gopt_tokens_tile *to, gopt_tokens_answer *a) {
    gopt_error err = {0};
    assert_true(gopt_tokens_solve(q, to, 100, a, &err));
    unsigned set = 0;
    for (int r = 0; r < 6; r++) {
        char why[512];
        if (!gopt_tokens_check(q, to, &a->rotations[r], why, sizeof why)) fail_msg("rotation %d: checker: %s", r, why);
        if (a->rotations[r].feasible) set |= 1u << r;
    }
    return set;
}

static void question(gopt_tokens_question *q, const gopt_tokens_tile *from, const char *tokens) {
    memset(q, 0, sizeof *q);
    q->from = from;
    q->rules = GOPT_TOKENS_RULES_FULL;
    gopt_error err = {0};
    assert_true(gopt_tokens_parse_stations(q, tokens, "--tokens", &err));
}

/* 1888 Beijing: two old cities on edges 1 and 5, a new tile with four cities on edges 1, 3,
 * 4 and 5. Each old city maps to the new city on its edge; the two new ones stay empty. */
static void beijing_gains_two_cities(void **state) {
    (void)state;
    gopt_tokens_tile yellow = parse("city=revenue:30;city=revenue:30;path=a:1,b:_0;path=a:5,b:_1;label=B");
    gopt_tokens_tile green = parse("city=revenue:40;city=revenue:40;city=revenue:40;city=revenue:40;path=a:1,b:_0;"
                                   "path=a:3,b:_1;path=a:4,b:_2;path=a:5,b:_3;label=B");
    gopt_tokens_question q;
    question(&q, &yellow, "0:A,1:B");
    gopt_tokens_answer a;
    assert_int_equal(solve(&q, &green, &a), 1u << 0 | 1u << 2 | 1u << 4);
    const gopt_tokens_rotation *r0 = &a.rotations[0];
    assert_true(r0->unique);
    assert_int_equal(r0->placements[0], 0); /* A on edge 1 */
    assert_int_equal(r0->placements[1], 3); /* B on edge 5 */
    assert_int_equal(r0->city_map[0], 0);
    assert_int_equal(r0->city_map[1], 3);
    /* Rotation 2 turns the new cities to edges 3, 5, 0, 1: A to city 3, B to city 1. */
    assert_int_equal(a.rotations[2].placements[0], 3);
    assert_int_equal(a.rotations[2].placements[1], 1);
    gopt_tokens_answer_free(&a);
    /* Without tokens the same rotations are legal: the cities with track still map. */
    question(&q, &yellow, "");
    assert_int_equal(solve(&q, &green, &a), 1u << 0 | 1u << 2 | 1u << 4);
    gopt_tokens_answer_free(&a);
}

/* A one-city tile with track on edges 0 and 5 becomes the two-city NY tile (cities on
 * {0,1} and {2,3}, as 1830's tile 54): the old city goes to the city that holds 5 and 0. */
static void one_city_becomes_ny(void **state) {
    (void)state;
    gopt_tokens_tile yellow = parse("city=revenue:30;path=a:0,b:_0;path=a:_0,b:5;label=NY");
    gopt_tokens_tile ny = parse("city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;"
                                "label=NY");
    gopt_tokens_question q;
    question(&q, &yellow, "0:NYC");
    gopt_tokens_answer a;
    /* {0,1}+r holds {0,5} at r = 5; {2,3}+r at r = 3. */
    assert_int_equal(solve(&q, &ny, &a), 1u << 3 | 1u << 5);
    assert_int_equal(a.rotations[5].placements[0], 0);
    assert_int_equal(a.rotations[3].placements[0], 1);
    assert_true(a.rotations[5].unique);
    gopt_tokens_answer_free(&a);
}

/* Merge and split in one upgrade: old cities 0 (2 slots, edge 0) and 1 (1 slot, edge 3)
 * onto new cities X {0,3} (1 slot), Y {0,3} (2 slots). Whole cities: old 0 fills Y, old 1
 * takes X. Split: old 0's two tokens may also part (one in X, one in Y) while old 1 joins
 * one of them: the placements are every spread within the slots. */
static void cities_split_and_merge(void **state) {
    (void)state;
    gopt_tokens_tile from = parse("city=slots:2;city;path=a:0,b:_0;path=a:3,b:_1");
    gopt_tokens_tile to = parse("city;city=slots:2;path=a:0,b:_0;path=a:3,b:_0;path=a:0,b:_1;path=a:3,b:_1");
    gopt_tokens_question q;
    question(&q, &from, "0:A,0:B,1:C");
    gopt_tokens_rotation r;
    gopt_error err = {0};
    char why[512];
    assert_true(gopt_tokens_place(&q, &to, 0, 100, &r, &err));
    assert_true(gopt_tokens_check(&q, &to, &r, why, sizeof why));
    assert_true(r.unique);
    int8_t whole[3] = {1, 1, 0};
    assert_memory_equal(r.placements, whole, 3);
    gopt_tokens_rotation_free(&r);
    q.split = true;
    assert_true(gopt_tokens_place(&q, &to, 0, 100, &r, &err));
    if (!gopt_tokens_check(&q, &to, &r, why, sizeof why)) fail_msg("checker: %s", why);
    assert_true(r.complete);
    assert_int_equal(r.count, 3); /* (0,1,1) (1,0,1) (1,1,0) */
    int8_t spread[9] = {0, 1, 1, 1, 0, 1, 1, 1, 0};
    assert_memory_equal(r.placements, spread, 9);
    gopt_tokens_rotation_free(&r);
    /* A split city's slots still move with it: three slots need three. */
    gopt_tokens_tile small = parse("city;city;path=a:0,b:_0;path=a:3,b:_0;path=a:0,b:_1;path=a:3,b:_1");
    assert_true(gopt_tokens_place(&q, &small, 0, 100, &r, &err));
    assert_int_equal(r.verdict, GOPT_TOKENS_SHORT);
    assert_true(gopt_tokens_check(&q, &small, &r, why, sizeof why));
    assert_int_equal(r.why_old_cities, 3);
    gopt_tokens_rotation_free(&r);
}

/* Gauges: a broad-gauge tile over narrow track has no legal rotation and the reason names
 * the gauge; dual gauge carries narrow track; narrow does not carry dual. */
static void gauges(void **state) {
    (void)state;
    gopt_tokens_tile narrow = parse("city;path=a:0,b:_0,track:narrow;path=a:_0,b:3,track:narrow");
    gopt_tokens_tile broad = parse("city=slots:2;path=a:0,b:_0;path=a:_0,b:3;path=a:_0,b:1;path=a:_0,b:4");
    gopt_tokens_tile dual = parse("city=slots:2;path=a:0,b:_0,track:dual;path=a:_0,b:3,track:dual;path=a:_0,b:1");
    gopt_tokens_question q;
    question(&q, &narrow, "0:A");
    gopt_tokens_answer a;
    assert_int_equal(solve(&q, &broad, &a), 0);
    const gopt_tokens_rotation *r0 = &a.rotations[0];
    assert_int_equal(r0->verdict, GOPT_TOKENS_GAUGE);
    char why[256];
    assert_string_equal(gopt_tokens_reason(&q, &broad, r0, why, sizeof why),
                        "broad gauge at edge 0 would replace narrow-gauge track (narrow track survives only under narrow or dual)");
    assert_int_equal(a.rotations[1].verdict, GOPT_TOKENS_SHORT); /* edges {1,2,4,5}: the token's edges are gone */
    gopt_tokens_answer_free(&a);
    /* Dual gauge carries narrow trains: rotations 0 and 3 keep {0,3}. */
    assert_int_equal(solve(&q, &dual, &a), 1u << 0 | 1u << 3);
    gopt_tokens_answer_free(&a);
    /* Under tokens rules only tokens matter. */
    q.rules = GOPT_TOKENS_RULES_TOKENS;
    assert_int_equal(solve(&q, &broad, &a), 1u << 0 | 1u << 3 | 1u << 2 | 1u << 5);
    gopt_tokens_answer_free(&a);
    /* Narrow track under dual track: the dual trains lose their broad rails. */
    question(&q, &dual, "0:A");
    gopt_tokens_tile narrow_big = parse("city=slots:2;path=a:0,b:_0,track:narrow;path=a:_0,b:3,track:narrow;path=a:_0,b:1,track:narrow");
    assert_int_equal(solve(&q, &narrow_big, &a), 0);
    assert_int_equal(a.rotations[0].verdict, GOPT_TOKENS_GAUGE);
    gopt_tokens_answer_free(&a);
    /* An unknown gauge is an error naming the column. */
    gopt_tokens_tile t;
    gopt_error err = {0};
    assert_false(gopt_tokens_tile_parse(&t, "city;path=a:0,b:_0,track:meter", "--to", &err));
    assert_string_equal(err.msg, "track must be broad, narrow or dual, not 'meter'");
    assert_int_equal(err.col, 26);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(beijing_gains_two_cities),
        cmocka_unit_test(one_city_becomes_ny),
        cmocka_unit_test(cities_split_and_merge),
        cmocka_unit_test(gauges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
