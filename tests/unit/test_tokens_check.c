/* The independent checker accepts the solver's answers and rejects tampered ones: a token
 * in a city that loses its edges, an overfull city, a false uniqueness claim, a wrong count,
 * a bogus Hall set, a city map that splits an old city, a lost-track claim that is false. */
#include "tokens_fixture.h"

#include <string.h>

static void question(gopt_tokens_question *q, const char *from, const char *tokens, gopt_tokens_rules rules) {
    memset(q, 0, sizeof *q);
    q->from = tile(from);
    q->rules = rules;
    gopt_error err = {0};
    assert_true(gopt_tokens_parse_stations(q, tokens, "t", &err));
}

static bool accepts(const gopt_tokens_question *q, const char *to, const gopt_tokens_rotation *r) {
    char why[256];
    return gopt_tokens_check(q, tile(to), r, why, sizeof why);
}

static void place(const gopt_tokens_question *q, const char *to, int rotation, long limit, gopt_tokens_rotation *r) {
    gopt_error err = {0};
    assert_true(gopt_tokens_place(q, tile(to), rotation, limit, r, &err));
    assert_true(accepts(q, to, r));
}

static void tampered_placements(void **state) {
    (void)state;
    gopt_tokens_question q;
    question(&q, "1867:L12", "0:LPS,1:QLS", GOPT_TOKENS_RULES_TOKENS);
    gopt_tokens_rotation r;
    place(&q, "1867:X2", 0, 2, &r); /* LPS->1, QLS->0 */
    r.placements[0] = 0;           /* LPS into QLS's city: its edge 1 is not there */
    assert_false(accepts(&q, "1867:X2", &r));
    r.placements[0] = 1;
    r.placements[1] = 1; /* both into the one-slot city 1 */
    assert_false(accepts(&q, "1867:X2", &r));
    r.placements[1] = 7; /* no such city */
    assert_false(accepts(&q, "1867:X2", &r));
    r.placements[1] = 0;
    r.unique = false; /* it is unique */
    assert_false(accepts(&q, "1867:X2", &r));
    r.unique = true;
    r.feasible = false; /* verdict says feasible */
    assert_false(accepts(&q, "1867:X2", &r));
    gopt_tokens_rotation_free(&r);
}

static void false_uniqueness_and_counts(void **state) {
    (void)state;
    gopt_tokens_question q;
    question(&q, "1867:L12", "2:CPR", GOPT_TOKENS_RULES_TOKENS);
    gopt_tokens_rotation r;
    place(&q, "1867:X2", 0, 100, &r);
    assert_int_equal(r.count, 3);
    r.count = 2; /* claims to have found them all */
    assert_false(accepts(&q, "1867:X2", &r));
    r.count = 1;
    r.unique = true;
    assert_false(accepts(&q, "1867:X2", &r));
    r.count = 3;
    r.unique = false;
    r.placements[2] = r.placements[1]; /* the same placement twice */
    assert_false(accepts(&q, "1867:X2", &r));
    gopt_tokens_rotation_free(&r);
}

static void bogus_certificates(void **state) {
    (void)state;
    gopt_tokens_question q;
    question(&q, "1867:L12", "0:LPS,1:QLS", GOPT_TOKENS_RULES_TOKENS);
    gopt_tokens_rotation r;
    place(&q, "1867:X2", 2, 2, &r); /* short: both need city 1 */
    assert_int_equal(r.verdict, GOPT_TOKENS_SHORT);
    r.why_tokens = 1; /* LPS alone does fit city 1 */
    assert_false(accepts(&q, "1867:X2", &r));
    r.why_tokens = 3;
    r.why_cities = 0; /* they do fit city 1 */
    assert_false(accepts(&q, "1867:X2", &r));
    gopt_tokens_rotation_free(&r);
    /* A feasible rotation called short. */
    place(&q, "1867:X2", 0, 2, &r);
    gopt_tokens_rotation_free(&r);
    r.feasible = false;
    r.verdict = GOPT_TOKENS_SHORT;
    r.why_tokens = 3;
    r.why_cities = 3;
    assert_false(accepts(&q, "1867:X2", &r));
    /* Lost track, where none is lost; under tokens rules the verdict does not exist. */
    r.verdict = GOPT_TOKENS_TRACK_LOST;
    r.why_edge_a = 0;
    r.why_edge_b = 3;
    assert_false(accepts(&q, "1867:X2", &r));
    q.rules = GOPT_TOKENS_RULES_FULL;
    assert_false(accepts(&q, "1867:X2", &r));
}

static void full_rules_city_maps(void **state) {
    (void)state;
    gopt_tokens_question q;
    question(&q, "1822CA:W1", "0:CNoR,0:GTP,1:CPR,2:21", GOPT_TOKENS_RULES_FULL);
    gopt_tokens_rotation r;
    place(&q, "1822CA:W3", 3, 2, &r);
    assert_true(r.feasible);
    r.placements[1] = 0; /* GTP leaves CNoR behind: the old city would split */
    assert_false(accepts(&q, "1822CA:W3", &r));
    r.placements[1] = r.placements[0];
    int8_t saved = r.city_map[3];
    r.city_map[3] = 1; /* old city 3 into the full three-slot city */
    assert_false(accepts(&q, "1822CA:W3", &r));
    r.city_map[3] = saved;
    assert_true(accepts(&q, "1822CA:W3", &r));
    gopt_tokens_rotation_free(&r);
    /* Rotation 4 overflows the three-slot city: the Hall set says so. */
    place(&q, "1822CA:W3", 4, 2, &r);
    assert_int_equal(r.verdict, GOPT_TOKENS_SHORT);
    r.why_slots = 4;
    r.why_cities = 3; /* both cities: then old city 0 fits */
    assert_false(accepts(&q, "1822CA:W3", &r));
    gopt_tokens_rotation_free(&r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tampered_placements),
        cmocka_unit_test(false_uniqueness_and_counts),
        cmocka_unit_test(bogus_certificates),
        cmocka_unit_test(full_rules_city_maps),
    };
    return cmocka_run_group_tests(tests, open_library, close_library);
}
