/* Placement beyond the README cases: full rules about the tile (track, towns, a city
 * without slots), a multi-slot city that cannot be split, the flow budget, and tiles
 * written inline. Every answer passes the checker. */
#include "test_support.h"

#include <string.h>

static gopt_tokens_tile parse(const char *code) {
    gopt_tokens_tile t;
    gopt_error err = {0};
    if (!gopt_tokens_tile_parse(&t, code, "t", &err)) fail_msg("%s: %s", code, err.msg);
    return t;
}

/* Places `tokens` of `from`@from_rot on `to`@rot; checks the answer; returns it. */
static gopt_tokens_rotation place(const gopt_tokens_tile *from, int from_rot, const char *tokens, const gopt_tokens_tile *to,
                                  int rot, gopt_tokens_rules rules, long max_flows, long limit) {
    gopt_tokens_question q = {.from = from, .from_rotation = from_rot, .rules = rules, .max_flows = max_flows};
    gopt_error err = {0};
    assert_true(gopt_tokens_parse_stations(&q, tokens, "--tokens", &err));
    gopt_tokens_rotation r;
    assert_true(gopt_tokens_place(&q, to, rot, limit, &r, &err));
    char why[512];
    if (!gopt_tokens_check(&q, to, &r, why, sizeof why)) fail_msg("checker: %s", why);
    return r;
}

static void reason_is(const gopt_tokens_tile *from, const char *tokens, const gopt_tokens_tile *to, int rot,
                      gopt_tokens_verdict verdict, const char *text) {
    gopt_tokens_rotation r = place(from, 0, tokens, to, rot, GOPT_TOKENS_RULES_FULL, 0, 2);
    assert_int_equal(r.verdict, verdict);
    assert_false(r.feasible);
    gopt_tokens_question q = {.from = from, .rules = GOPT_TOKENS_RULES_FULL};
    gopt_error err = {0};
    assert_true(gopt_tokens_parse_stations(&q, tokens, "--tokens", &err));
    char why[512];
    assert_string_equal(gopt_tokens_reason(&q, to, &r, why, sizeof why), text);
    /* Tokens rules look at tokens only. */
    r = place(from, 0, tokens, to, rot, GOPT_TOKENS_RULES_TOKENS, 0, 2);
    assert_true(r.feasible);
    gopt_tokens_rotation_free(&r);
}

static void full_rules_about_the_tile(void **state) {
    (void)state;
    gopt_tokens_tile straight = parse("city;path=a:0,b:_0;path=a:2,b:4");
    gopt_tokens_tile curves = parse("city=slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:3;path=a:4,b:5");
    reason_is(&straight, "0:A", &curves, 0, GOPT_TOKENS_TRACK_LOST, "the track between edges 2 and 4 would be lost");
    gopt_tokens_tile town = parse("city;town;path=a:0,b:_0;path=a:1,b:_1;path=a:_1,b:4");
    gopt_tokens_tile bent = parse("city;town;path=a:0,b:_0;path=a:1,b:_1;path=a:_1,b:3");
    reason_is(&town, "0:A", &bent, 0, GOPT_TOKENS_TOWN_LOST, "the old town at edges {1,4} keeps its track at no stop of the new tile");
    /* Towns may appear (1840's one town becoming two): the tile chosen says so. */
    gopt_tokens_tile one = parse("city;path=a:0,b:_0");
    gopt_tokens_tile with_town = parse("city;town;path=a:0,b:_0;path=a:2,b:_1");
    gopt_tokens_rotation t = place(&one, 0, "0:A", &with_town, 0, GOPT_TOKENS_RULES_FULL, 0, 2);
    assert_true(t.feasible);
    gopt_tokens_rotation_free(&t);
    gopt_tokens_tile empty = parse("city=slots:0;city;path=a:0,b:_0;path=a:1,b:_1");
    gopt_tokens_tile elsewhere = parse("city=slots:3;path=a:1,b:_0;path=a:2,b:_0");
    reason_is(&empty, "1:A", &elsewhere, 0, GOPT_TOKENS_NO_CITY, "old city 0 (edges {0}) fits no city of the new tile");
    /* Junctions: track through one survives as plain track, and the other way round. */
    gopt_tokens_tile lawson = parse("junction;path=a:0,b:_0;path=a:2,b:_0");
    gopt_tokens_tile plain = parse("path=a:0,b:2;path=a:2,b:4;path=a:0,b:4");
    gopt_tokens_rotation r = place(&lawson, 0, "", &plain, 0, GOPT_TOKENS_RULES_FULL, 0, 2);
    assert_true(r.feasible && r.unique);
    gopt_tokens_rotation_free(&r);
    r = place(&lawson, 0, "", &plain, 1, GOPT_TOKENS_RULES_FULL, 0, 2);
    assert_int_equal(r.verdict, GOPT_TOKENS_TRACK_LOST);
}

/* Issue 32 item 2, towns that vanish, join a city or become one (tiles modelled on 18NY's
 * town 57-like tile becoming a one-slot city, 1856's town removed for plain track, the 1822
 * family's junction tile over a small station, 1860's halt becoming a town, and 1822's
 * city with a small station joined to it, whose green tile has the city alone). */
static void towns_that_vanish_or_become_cities(void **state) {
    (void)state;
    gopt_tokens_tile town = parse("town=revenue:10;path=a:0,b:_0;path=a:_0,b:3");
    gopt_tokens_tile city = parse("city=revenue:20;path=a:0,b:_0;path=a:_0,b:3");
    gopt_tokens_tile plain = parse("path=a:0,b:3");
    gopt_tokens_tile junction = parse("junction;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0");
    gopt_tokens_tile bent_town = parse("town=revenue:10;path=a:0,b:_0;path=a:_0,b:2");
    int legal[][6] = {{1, 0, 0, 1, 0, 0}, {1, 0, 0, 1, 0, 0}, {1, 0, 0, 1, 0, 0}, {0, 0, 0, 0, 0, 0}};
    const gopt_tokens_tile *to[] = {&city, &plain, &junction, &bent_town};
    for (int k = 0; k < 4; k++)
        for (int r = 0; r < 6; r++) {
            gopt_tokens_rotation got = place(&town, 0, "", to[k], r, GOPT_TOKENS_RULES_FULL, 0, 2);
            if (got.feasible != legal[k][r]) fail_msg("new tile %d rotation %d: feasible %d", k, r, got.feasible);
            if (!got.feasible) assert_int_equal(got.verdict, GOPT_TOKENS_TOWN_LOST);
            gopt_tokens_rotation_free(&got);
        }
    /* Through track where a town is still on the tile does not keep a town's track. */
    gopt_tokens_tile town_and_track = parse("town=revenue:10;path=a:1,b:_0;path=a:_0,b:4;path=a:0,b:3");
    gopt_tokens_rotation got = place(&town, 0, "", &town_and_track, 0, GOPT_TOKENS_RULES_FULL, 0, 2);
    assert_int_equal(got.verdict, GOPT_TOKENS_TOWN_LOST);
    /* A halt keeps its track at a town; a town without track constrains nothing. */
    gopt_tokens_tile halt = parse("halt=symbol:£;path=a:0,b:_0;path=a:2,b:_0");
    gopt_tokens_rotation_free(&got);
    got = place(&halt, 0, "", &bent_town, 0, GOPT_TOKENS_RULES_FULL, 0, 2);
    assert_true(got.feasible);
    gopt_tokens_rotation_free(&got);
    got = place(&halt, 0, "", &bent_town, 1, GOPT_TOKENS_RULES_FULL, 0, 2);
    assert_int_equal(got.verdict, GOPT_TOKENS_TOWN_LOST);
    gopt_tokens_tile bare = parse("town=revenue:0");
    gopt_tokens_tile halt_tile = parse("halt=symbol:£;path=a:0,b:_0;path=a:2,b:_0");
    gopt_tokens_rotation_free(&got);
    got = place(&bare, 0, "", &halt_tile, 3, GOPT_TOKENS_RULES_FULL, 0, 2);
    assert_true(got.feasible);
    gopt_tokens_tile joined = parse("city=revenue:20,loc:center;town=revenue:10,loc:1;path=a:_0,b:_1");
    gopt_tokens_tile green = parse("city=revenue:20;path=a:0,b:_0;path=a:_0,b:3");
    gopt_tokens_rotation_free(&got);
    got = place(&joined, 0, "0:A", &green, 2, GOPT_TOKENS_RULES_FULL, 0, 2);
    assert_true(got.feasible);
    gopt_tokens_rotation_free(&got);
}

/* A four-slot city fits the new tile's 2 + 3 slots only if split: the relaxed flow is full,
 * branching on the city's new home proves there is none. */
static void unsplittable_city(void **state) {
    (void)state;
    gopt_tokens_tile from = parse("city=revenue:10,slots:4;path=a:0,b:_0");
    gopt_tokens_tile to = parse("city=slots:2;city=slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:0,b:_1;path=a:1,b:_1;path=a:5,b:_1");
    gopt_tokens_rotation r = place(&from, 2, "0:A,0:B", &to, 1, GOPT_TOKENS_RULES_FULL, 0, 2);
    assert_int_equal(r.verdict, GOPT_TOKENS_UNSPLITTABLE);
    assert_true(r.branches >= 1 && r.flows >= 2);
    assert_int_equal(r.why_old_cities, 1);
    /* Out of budget: the decision is left open, and says so. */
    r = place(&from, 2, "0:A,0:B", &to, 1, GOPT_TOKENS_RULES_FULL, 1, 2);
    assert_int_equal(r.verdict, GOPT_TOKENS_UNKNOWN);
    assert_false(r.feasible);
    /* Under tokens rules the two tokens may part. */
    r = place(&from, 2, "0:A,0:B", &to, 1, GOPT_TOKENS_RULES_TOKENS, 0, 100);
    assert_true(r.feasible);
    assert_int_equal(r.count, 4); /* (0,0) (0,1) (1,0) (1,1) */
    assert_true(r.complete);
    int8_t want[8] = {0, 0, 0, 1, 1, 0, 1, 1};
    assert_memory_equal(r.placements, want, 8);
    gopt_tokens_rotation_free(&r);
}

/* An enumeration cut short by the budget neither claims nor denies uniqueness. */
static void enumeration_out_of_budget(void **state) {
    (void)state;
    gopt_tokens_tile l12 = parse("city;city;city;path=a:1,b:_0;path=a:3,b:_1;label=M");
    gopt_tokens_tile x2 = parse("city;city;city;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:5;path=a:2,b:_2;"
                                "path=a:_2,b:4;label=M");
    gopt_tokens_rotation r = place(&l12, 0, "2:CPR", &x2, 0, GOPT_TOKENS_RULES_TOKENS, 1, 100);
    assert_true(r.feasible);
    assert_true(r.limited);
    assert_false(r.complete);
    assert_false(r.unique);
    assert_int_equal(r.count, 1);
    gopt_tokens_rotation_free(&r);
    r = place(&l12, 0, "2:CPR", &x2, 0, GOPT_TOKENS_RULES_TOKENS, 0, 100);
    assert_false(r.limited);
    assert_int_equal(r.count, 3);
    gopt_tokens_rotation_free(&r);
}

/* One company's tokens in two cities that merge: both land in the one new city. */
static void recurring_company(void **state) {
    (void)state;
    gopt_tokens_tile oo = parse("city;city;path=a:0,b:_0;path=a:3,b:_1;label=OO");
    gopt_tokens_tile one = parse("city=slots:2;path=a:0,b:_0;path=a:3,b:_0;path=a:1,b:_0;label=OO");
    gopt_tokens_question q = {.from = &oo, .rules = GOPT_TOKENS_RULES_FULL};
    gopt_error err = {0};
    assert_true(gopt_tokens_parse_stations(&q, "0:CPR,1:CPR", "--tokens", &err));
    gopt_tokens_answer a;
    assert_true(gopt_tokens_solve(&q, &one, 2, &a, &err));
    assert_int_equal(a.nfeasible, 2); /* rotations 0 and 3 */
    json_t *j = gopt_tokens_answer_json(&q, &a, false);
    char *s = gopt_json_string(j);
    assert_non_null(strstr(s, "\"placements\":[{\"CPR@0\":0,\"CPR@1\":0}]"));
    free(s);
    json_decref(j);
    gopt_tokens_answer_free(&a);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(full_rules_about_the_tile),
        cmocka_unit_test(towns_that_vanish_or_become_cities),
        cmocka_unit_test(unsplittable_city),
        cmocka_unit_test(enumeration_out_of_budget),
        cmocka_unit_test(recurring_company),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
