/* routes: the state reader (errors with their place, hexes replaced, tokens, groups from tile
 * strings), the model (neighbours on flat and pointy maps, revenues by phase and for Diesels,
 * blocking), train patterns, the written form reading back, and the checker refusing broken
 * answers: one wrong thing each. */
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

static gopt_routes_state *parse_ok(const char *text) {
    gopt_error err = {0};
    gopt_routes_state *s = gopt_routes_parse("state", text, &err);
    if (!s) fail_msg("parse failed: %s:%d:%d: %s", err.file, err.line, err.col, err.msg);
    return s;
}

static void parse_fails(const char *text, int line, int col, const char *words) {
    gopt_error err = {0};
    gopt_routes_state *s = gopt_routes_parse("state", text, &err);
    if (s) fail_msg("expected an error (%s) for:\n%s", words, text);
    if (err.line != line || err.col != col || !strstr(err.msg, words))
        fail_msg("got %d:%d: %s, expected %d:%d: ...%s...", err.line, err.col, err.msg, line, col, words);
}

static void errors_name_their_place(void **state) {
    (void)state;
    parse_fails("company A\nA1 city=revenue:20;path=a:0,b:_3\n", 2, 31, "names no revenue centre");
    parse_fails("company A\nA1 city tokens:0:A,0:B\n", 2, 9, "no room for B's token");
    parse_fails("company A\nA1 city tokens:1:A\n", 2, 9, "the tile of A1 has 1 city");
    parse_fails("company A\ntrains 3Q\nA1 city\n", 2, 8, "unknown train '3Q'");
    parse_fails("company A\nA1 city\nbonus x 10 B5\n", 3, 12, "not on the map");
    parse_fails("company A\nA1 city\nrules hex-twice\n", 3, 7, "unknown rule option");
    parse_fails("company A\nA1 city\nlayout pointy\n", 3, 8, "before the first hex");
    parse_fails("company A\nA1 city\nA3 city@6\n", 3, 4, "rotation");
    parse_fails("company A\nA1\n", 2, 1, "needs a tile or a colour");
    parse_fails("A1 city\n", 2, 1, "no company");
    parse_fails("company A\nname x\ngame 1867\n", 3, 1, "first line");
    parse_fails("company A\ntype 3 stops:3 pay:4\nA1 city\n", 2, 6, "counts more stops");
}

/* A state's line replaces the game's preprinted hex (keeping its name); a state lays each hex
 * once (issue 35: a second line for one hex was read silently, the later line winning). */
static void later_lines_replace_hexes(void **state) {
    (void)state;
    gopt_routes_state *s = parse_ok("game 1867\ncompany A\nL12 city=revenue:30;path=a:0,b:_0@2 tokens:A\n");
    int l12 = gopt_routes_hex_find(s, "L12");
    assert_true(l12 >= 0);
    assert_int_equal(s->hexes[l12].rotation, 2);
    assert_string_equal(s->hexes[l12].name, "Montreal");
    assert_int_equal(s->hexes[l12].ntokens, 1);
    assert_int_equal(gopt_routes_path_end(&s->hexes[l12], 0, 0), 2); /* edge 0 turned by 2 */
    gopt_routes_free(s);
    parse_fails("company A\nA1 city=revenue:10 name:Home\nA1 city=revenue:30;path=a:0,b:_0@2 tokens:A\n", 3, 1,
                "hex A1 is laid twice (line 2 laid it already)");
    parse_fails("game 1867\ncompany A\nL12 gray 639\nB6 20\nL12 gray 639 tokens:A\n", 5, 1, "hex L12 is laid twice");
}

static void neighbours_follow_the_layout(void **state) {
    (void)state;
    gopt_routes_state *f = parse_ok("company A\nA1 white\nA3 white\nB2 white\nB4 white\n");
    int a1 = gopt_routes_hex_find(f, "A1"), a3 = gopt_routes_hex_find(f, "A3"), b2 = gopt_routes_hex_find(f, "B2");
    assert_int_equal(gopt_routes_neighbour(f, a1, 0), a3);  /* flat: side 0 is below */
    assert_int_equal(gopt_routes_neighbour(f, a1, 5), b2);  /* lower right */
    assert_int_equal(gopt_routes_neighbour(f, b2, 2), a1);  /* upper left */
    assert_int_equal(gopt_routes_neighbour(f, a1, 3), -1);
    gopt_routes_free(f);
    gopt_routes_state *p = parse_ok("layout pointy\ncompany A\nA1 white\nA3 white\nB2 white\n");
    a1 = gopt_routes_hex_find(p, "A1"), a3 = gopt_routes_hex_find(p, "A3"), b2 = gopt_routes_hex_find(p, "B2");
    assert_int_equal(gopt_routes_neighbour(p, a1, 4), a3);  /* pointy: side 4 is to the right */
    assert_int_equal(gopt_routes_neighbour(p, a1, 5), b2);  /* lower right */
    assert_int_equal(gopt_routes_neighbour(p, b2, 2), a1);
    gopt_routes_free(p);
}

static void revenues_by_phase(void **state) {
    (void)state;
    gopt_routes_state *s = parse_ok("company A\nphase green\nA1 red offboard=revenue:yellow_20|brown_40|diesel_70\n");
    gopt_routes_train plain = {.multiplier = 1}, diesel = {.multiplier = 1, .diesel = true};
    assert_int_equal(gopt_routes_node_revenue(s, &s->hexes[0], 0, &plain), 20); /* green: yellow's */
    assert_int_equal(gopt_routes_node_revenue(s, &s->hexes[0], 0, &diesel), 70);
    s->phase_colour = GOPT_TOKENS_GRAY;
    assert_int_equal(gopt_routes_node_revenue(s, &s->hexes[0], 0, &plain), 40);
    gopt_routes_free(s);
}

static void blocking_needs_every_slot(void **state) {
    (void)state;
    gopt_routes_state *s = parse_ok("company A\nneutral N\nA1 city=revenue:10,slots:2 tokens:B\nA3 city=revenue:10,slots:2 tokens:B,C\n"
                                    "A5 city=revenue:10,slots:2 tokens:B,A\nA7 city=revenue:10 tokens:N\n");
    assert_false(gopt_routes_city_blocked(s, &s->hexes[0], 0));
    assert_true(gopt_routes_city_blocked(s, &s->hexes[1], 0));
    assert_false(gopt_routes_city_blocked(s, &s->hexes[2], 0));
    assert_true(gopt_routes_city_tokened(s, &s->hexes[2], 0));
    assert_false(gopt_routes_city_blocked(s, &s->hexes[3], 0)); /* neutral */
    s->rules |= GOPT_ROUTES_RULE_NO_BLOCK;
    assert_false(gopt_routes_city_blocked(s, &s->hexes[1], 0));
    gopt_routes_free(s);
}

static void train_patterns(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_routes_train t;
    assert_true(gopt_routes_train_parse(NULL, "3+2", "t", &t, &err));
    assert_int_equal(t.cities, 3), assert_int_equal(t.stops, 5);
    assert_true(gopt_routes_train_parse(NULL, "6E", "t", &t, &err));
    assert_int_equal(t.pay, 6), assert_int_equal(t.stops, GOPT_ROUTES_UNLIMITED);
    assert_true(gopt_routes_train_parse(NULL, "3/5", "t", &t, &err));
    assert_int_equal(t.pay, 3), assert_int_equal(t.stops, 5);
    assert_true(gopt_routes_train_parse(NULL, "8H", "t", &t, &err));
    assert_int_equal(t.hexes, 8);
    assert_true(gopt_routes_train_parse(NULL, "D", "t", &t, &err));
    assert_true(t.diesel);
    assert_true(gopt_routes_train_parse(NULL, "5+5E pay:5 first:offboard x2", "t", &t, &err));
    assert_int_equal(t.multiplier, 2), assert_int_equal(t.first, GOPT_ROUTES_CLASS_BIT(GOPT_ROUTES_OFFBOARD));
    assert_false(gopt_routes_train_parse(NULL, "5/3", "t", &t, &err));
}

static void groups_come_from_tile_strings(void **state) {
    (void)state;
    gopt_routes_state *s = parse_ok("company A\nA1 red offboard=revenue:30,groups:Gulf;path=a:0,b:_0\n"
                                    "A5 red offboard=revenue:30,groups:Gulf;path=a:3,b:_0;border=edge:1,type:impassable\n");
    assert_int_equal(s->ngroups, 1);
    assert_string_equal(s->groups[0].name, "Gulf");
    assert_int_equal(s->groups[0].n, 2);
    assert_int_equal(s->hexes[1].closed, 1 << 1);
    gopt_routes_free(s);
}

static void written_states_read_back(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        gopt_routes_random p = {.width = 4, .height = 3, .max_trains = 3, .rules = true};
        gopt_routes_state *s = gopt_routes_generate(&p, seed);
        char *text = gopt_routes_format(s);
        gopt_routes_state *back = parse_ok(text);
        char *again = gopt_routes_format(back);
        if (strcmp(text, again) != 0) fail_msg("seed %llu: written twice differs:\n%s\n---\n%s", (unsigned long long)seed, text, again);
        free(text), free(again);
        gopt_routes_free(s), gopt_routes_free(back);
    }
}

/* ---- the checker ---- */

static const char line_state[] = "company A\ntrains 3 2\n"
                                 "A1 city=revenue:10;path=a:0,b:_0\n"
                                 "A3 city=revenue:20;path=a:3,b:_0;path=a:_0,b:0;path=a:_0,b:5 tokens:A\n"
                                 "A5 city=revenue:30;path=a:3,b:_0;path=a:_0,b:0\n"
                                 "A7 city=revenue:40;path=a:3,b:_0\n"
                                 "B4 city=revenue:50;path=a:2,b:_0\n";

static gopt_routes_solution solved(const gopt_routes_state *s) {
    gopt_routes_settings how = {.method = GOPT_ROUTES_SEARCH};
    gopt_routes_result r;
    assert_int_equal(gopt_routes_solve(s, &how, &r), GOPT_SOLVED);
    char why[256];
    if (!gopt_routes_check(s, &r.solution, why, sizeof why)) fail_msg("the answer fails: %s", why);
    return r.solution;
}

static void refused(const gopt_routes_state *s, const gopt_routes_solution *x, const char *words) {
    char why[256] = "";
    if (gopt_routes_check(s, x, why, sizeof why)) fail_msg("the checker took a broken answer (%s)", words);
    if (!strstr(why, words)) fail_msg("checker said '%s', expected ...%s...", why, words);
}

static void checker_refuses_broken_answers(void **state) {
    (void)state;
    gopt_routes_state *s = parse_ok(line_state);
    gopt_routes_solution x = solved(s);
    assert_int_equal(x.total, 90 + 70); /* 3: A3-A5-A7, 2: A3-B4 */
    int three = x.routes[0].nstops == 3 ? 0 : 1;
    gopt_routes_solution y = x;
    y.routes[three].revenue += 10, y.total += 10;
    refused(s, &y, "claims");
    y = x;
    y.total += 5;
    refused(s, &y, "not the");
    y = x;
    y.routes[three].path_index[0] = 2; /* a path that leads elsewhere */
    refused(s, &y, "leg 1");
    y = x;
    y.routes[three].paid &= ~(uint64_t)1; /* counts fewer than it may */
    refused(s, &y, "counts stops");
    y = x; /* both trains on the same route: shared track */
    y.routes[1 - three] = x.routes[three];
    y.routes[1 - three].train = 1 - three;
    y.total = 2 * x.routes[three].revenue;
    refused(s, &y, "used twice");
    y = x;
    y.bound = x.total - 1;
    refused(s, &y, "bound");
    gopt_routes_free(s);
}

static void checker_knows_the_stops_rules(void **state) {
    (void)state;
    /* blocked middle city */
    gopt_routes_state *s = parse_ok("company A\ntrains 3\nA1 city=revenue:10;path=a:0,b:_0 tokens:A\n"
                                    "A3 city=revenue:20;path=a:3,b:_0;path=a:_0,b:0\nA5 city=revenue:30;path=a:3,b:_0\n");
    gopt_routes_solution x = solved(s);
    assert_int_equal(x.total, 60);
    s->hexes[1].ntokens = 1;
    snprintf(s->hexes[1].tokens[0].company, GOPT_ROUTES_NAME_SIZE, "B");
    refused(s, &x, "full of other tokens");
    s->hexes[1].ntokens = 0;
    s->hexes[0].ntokens = 0;
    refused(s, &x, "no city with a A token");
    gopt_routes_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(errors_name_their_place),
        cmocka_unit_test(later_lines_replace_hexes),
        cmocka_unit_test(neighbours_follow_the_layout),
        cmocka_unit_test(revenues_by_phase),
        cmocka_unit_test(blocking_needs_every_slot),
        cmocka_unit_test(train_patterns),
        cmocka_unit_test(groups_come_from_tile_strings),
        cmocka_unit_test(written_states_read_back),
        cmocka_unit_test(checker_refuses_broken_answers),
        cmocka_unit_test(checker_knows_the_stops_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
