/* Real upgrades the first model refused or could not write down: new cities appearing
 * (1888's Beijing, a one-city tile becoming a two-city NY tile), cities that split and
 * merge. Every answer passes the checker. */
#include "test_support.h"

#include <stdlib.h>
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
    assert_string_equal(err.msg, "track must be broad, narrow, dual, thin or future, not 'meter'");
    assert_int_equal(err.col, 26);
}

static uint8_t open_sides(const char *map_text, const char *coord) {
    gopt_text t;
    gopt_text_from_string(&t, "map", map_text);
    gopt_error err = {0};
    gopt_tokens_map *m = gopt_tokens_map_read(&t, &err);
    gopt_text_free(&t);
    if (!m) fail_msg("%s", err.msg);
    uint8_t open = 0;
    if (!gopt_tokens_map_open_edges(m, coord, &open, &err)) fail_msg("%s", err.msg);
    gopt_tokens_map_free(m);
    return open;
}

/* Issue 32 item 8: the other layouts the engine's maps use (lib/engine/hex.rb). Pointy
 * (1830: numbers across): G19's side 1 faces G17, side 3 F20, side 5 H20. Flat counting
 * numbers across (1841, x:number): D8's side 3 faces B8, side 4 C9. A lone lower-case letter
 * counts back from A (1822CA's a8 lies left of A9: A9's side 2). */
static void maps_pointy_and_number_axes(void **state) {
    (void)state;
    assert_int_equal(open_sides("layout pointy\nG19 white\nG17 white\nF20 white\nH20 white\nG21 gray\n", "G19"),
                     1u << 1 | 1u << 3 | 1u << 5);
    assert_int_equal(open_sides("layout flat x:number\nD8 white\nB8 white\nC9 white\nD9 white\n", "D8"), 1u << 3 | 1u << 4);
    assert_int_equal(open_sides("layout flat\nA9 white\na8 blue track:5\n", "A9"), 1u << 2);
    assert_int_equal(open_sides("layout flat\nA9 white\na8 blue track:4\n", "A9"), 0);
    gopt_text t;
    gopt_text_from_string(&t, "map", "layout flat x:diagonal\n");
    gopt_error err = {0};
    assert_null(gopt_tokens_map_read(&t, &err));
    gopt_text_free(&t);
    assert_string_equal(err.msg, "expected 'letter' or 'number' after 'x:'");
    /* Every bundled map reads, and a named hex of each is on it. */
    static const char *const maps[][2] = {{"1822CA", "AB24"}, {"1830", "G19"}, {"1841", "D8"}, {"1846", "H12"},
                                          {"1860", "J8"}, {"1861", "K17"}, {"1889", "I2"}, {"18CO", "K17"},
                                          {"18Chesapeake", "H6"}, {"18NY", "D12"}, {"1870", "M14"},
                                          {"1850", "I18"}, {"1860-23P", "E9"}};
    for (size_t i = 0; i < sizeof maps / sizeof *maps; i++) {
        gopt_tokens_map *m = gopt_tokens_map_open(maps[i][0], &err);
        if (!m) fail_msg("%s", err.msg);
        uint8_t open;
        assert_true(gopt_tokens_map_open_edges(m, maps[i][1], &open, &err));
        gopt_tokens_map_free(m);
    }
}

/* The map around the hex: 1867's Montreal (L12) has six neighbours that all take track
 * (L14 below is gray with track on its top side); Toronto (F16) has none beyond its lower
 * right side and Buffalo (red F18) below takes track only from Hamilton. */
static void map_around_the_hex(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_tokens_map *m = gopt_tokens_map_open("1867", &err);
    if (!m) fail_msg("%s", err.msg);
    uint8_t open = 0;
    assert_true(gopt_tokens_map_open_edges(m, "L12", &open, &err));
    assert_int_equal(open, 0x3F);
    assert_true(gopt_tokens_map_open_edges(m, "F16", &open, &err));
    assert_int_equal(open, 1u << 1 | 1u << 2 | 1u << 3 | 1u << 4);
    /* C11 lies on the map's west edge (nothing beyond sides 1 and 2) with impassable borders
     * on sides 0, 3 and 4: only side 5 leads on. */
    assert_true(gopt_tokens_map_open_edges(m, "C11", &open, &err));
    assert_int_equal(open, 1u << 5);
    assert_false(gopt_tokens_map_open_edges(m, "Z99", &open, &err));
    assert_string_equal(err.msg, "the 1867 map has no hex 'Z99'");
    /* Regression (fuzzing, UBSan): a long run of column letters overflowed the column. */
    gopt_error long_coord = {0};
    assert_false(gopt_tokens_map_open_edges(m, "ABCDEFGHIJKLMNOPQRSTUVWXYZ1", &open, &long_coord));
    gopt_text t;
    gopt_text_from_string(&t, "map", "layout flat\nABCDEFGHIJ1 white\n");
    gopt_error bad_map = {0};
    assert_null(gopt_tokens_map_read(&t, &bad_map));
    gopt_text_free(&t);
    assert_int_equal(bad_map.line, 2);
    assert_non_null(strstr(bad_map.msg, "is not a hex coordinate"));
    gopt_tokens_map_free(m);
    /* Toronto's green tile 120 (cities on {0,1} and {2,3}) with both tokens: rotations 1 and
     * 4 keep them; on the map only rotation 1 ({1,2} and {3,4}) stays on it. */
    gopt_tokens_tile f16 = parse("city=revenue:30;city=revenue:30;path=a:1,b:_0;path=a:4,b:_1;label=T");
    gopt_tokens_tile t120 = parse("city=revenue:60;city=revenue:60;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;label=T");
    gopt_tokens_question q;
    question(&q, &f16, "0:CPR,1:GT");
    gopt_tokens_answer a;
    assert_int_equal(solve(&q, &t120, &a), 1u << 1 | 1u << 4);
    gopt_tokens_answer_free(&a);
    q.closed = (uint8_t)(~(1u << 1 | 1u << 2 | 1u << 3 | 1u << 4) & 0x3F);
    assert_int_equal(solve(&q, &t120, &a), 1u << 1);
    assert_int_equal(a.rotations[4].verdict, GOPT_TOKENS_OFF_MAP);
    char why[256];
    assert_string_equal(gopt_tokens_reason(&q, &t120, &a.rotations[4], why, sizeof why),
                        "track would leave the hex through side 0, which leads nowhere (off the map or blocked)");
    gopt_tokens_answer_free(&a);
    /* Edge lists. */
    uint8_t edges;
    assert_true(gopt_tokens_parse_edges("0,1,5", "--open", &edges, &err));
    assert_int_equal(edges, 0x23);
    gopt_error bad = {0};
    assert_false(gopt_tokens_parse_edges("0,6", "--open", &edges, &bad));
    assert_int_equal(bad.col, 3);
    gopt_error twice = {0};
    assert_false(gopt_tokens_parse_edges("1,1", "--open", &edges, &twice));
    assert_string_equal(twice.msg, "edge 1 given twice");
}

/* A reservation takes a slot and follows its city; two tokens of one company merging into
 * one city are flagged, and returned when the game says so (1822CA). */
static void reservations_and_duplicates(void **state) {
    (void)state;
    gopt_tokens_tile oo = parse("city;city=slots:2;path=a:0,b:_0;path=a:3,b:_1;label=OO");
    gopt_tokens_tile one = parse("city=slots:3;path=a:0,b:_0;path=a:3,b:_0;path=a:1,b:_0;label=OO");
    gopt_tokens_tile two = parse("city=slots:2;city=slots:2;path=a:0,b:_0;path=a:3,b:_1;label=OO");
    gopt_tokens_question q;
    question(&q, &oo, "0:CPR,1:CPR");
    gopt_error err = {0};
    assert_true(gopt_tokens_parse_reservations(&q, "1:GT", "--reserve", &err));
    assert_int_equal(q.ntokens, 3);
    assert_true(q.tokens[2].reserved);
    char key[64];
    assert_string_equal(gopt_tokens_token_key(&q, 2, key, sizeof key), "reserved:GT");
    assert_string_equal(gopt_tokens_token_key(&q, 1, key, sizeof key), "CPR@1");
    gopt_tokens_answer a;
    assert_int_equal(solve(&q, &one, &a), 1u << 0 | 1u << 3);
    const int8_t *row = a.rotations[0].placements;
    assert_int_equal(row[2], 0); /* the reservation went with its city */
    assert_int_equal(gopt_tokens_duplicates(&q, row), 1u << 1);
    json_t *j = gopt_tokens_answer_json(&q, &a, false);
    char *text = gopt_json_string(j);
    assert_non_null(strstr(text, "\"placements\":[{\"CPR@0\":0,\"CPR@1\":0,\"reserved:GT\":0}]"));
    assert_non_null(strstr(text, "\"duplicate\":[\"CPR@1\"],\"duplicates\":\"keep\""));
    free(text);
    json_decref(j);
    gopt_tokens_answer_free(&a);
    /* Two cities stay two: no duplicate. */
    assert_int_equal(solve(&q, &two, &a), 1u << 0 | 1u << 3);
    assert_int_equal(gopt_tokens_duplicates(&q, a.rotations[0].placements), 0);
    gopt_tokens_answer_free(&a);
    /* The reservation takes its slot: old city 1 (2 slots: CPR and GT's reservation) is full. */
    gopt_tokens_question full;
    question(&full, &oo, "0:CPR,1:CPR,1:B&O");
    gopt_error bad = {0};
    assert_false(gopt_tokens_parse_reservations(&full, "1:GT", "--reserve", &bad));
    assert_string_equal(bad.msg, "city 1 of the old tile has 2 slots, too few for 3 tokens");
    /* Returned duplicates change the outcome, not the legal rotations. */
    q.duplicates = GOPT_TOKENS_DUPLICATES_RETURN;
    assert_int_equal(solve(&q, &one, &a), 1u << 0 | 1u << 3);
    j = gopt_tokens_answer_json(&q, &a, false);
    text = gopt_json_string(j);
    assert_non_null(strstr(text, "\"duplicates\":\"return\""));
    free(text);
    json_decref(j);
    gopt_tokens_answer_free(&a);
}

/* The audit of 1867: 26 upgrades between city tiles; under full rules 7 are never legal
 * (tobymao/18xx #3123's table: X1 only to X5, X2 to X5 or X7, X3 to X6 or X7, X4 to X5 or
 * X6, and 637 only to X6); under tokens rules the legal rotations of 19 depend on where the
 * tokens sit. */
static void audit_1867(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_tokens_catalog *c = gopt_tokens_catalog_open("1867", &err);
    assert_non_null(c);
    gopt_tokens_audit a;
    assert_true(gopt_tokens_audit_run(c, GOPT_TOKENS_RULES_FULL, &a, &err));
    assert_int_equal(a.nrows, 26);
    assert_true(a.checked);
    int never = 0, depends = 0;
    for (int k = 0; k < a.nrows; k++) {
        never += a.rows[k].stuck == a.rows[k].configurations;
        depends += a.rows[k].depends;
    }
    assert_int_equal(never, 7);
    assert_int_equal(depends, 0);
    assert_string_equal(a.rows[2].to->name, "X2");
    assert_int_equal(a.rows[2].empty_rotations, 1u << 0 | 1u << 1 | 1u << 3 | 1u << 4);
    assert_int_equal(a.layouts, 195);
    gopt_tokens_audit_free(&a);
    assert_true(gopt_tokens_audit_run(c, GOPT_TOKENS_RULES_TOKENS, &a, &err));
    depends = 0;
    for (int k = 0; k < a.nrows; k++) depends += a.rows[k].depends;
    assert_int_equal(depends, 19);
    /* 637 -> X5 under tokens rules: stuck exactly when two or more of its cities hold tokens. */
    assert_string_equal(a.rows[5].to->name, "X5");
    assert_int_equal(a.rows[5].stuck, 4);
    gopt_tokens_audit_free(&a);
    gopt_tokens_catalog_free(c);
}

/* Partitions followed: 1870's J15 (no restriction: a path may lie on either side, never
 * across), turned with the old tile; the map's partitions (1870's M14) bind like the
 * tile's; ignored, they bind nothing. Every answer passes the checker (solve). */
static void partitions_followed(void **state) {
    (void)state;
    gopt_tokens_tile river = parse("upgrade=cost:60,terrain:river;partition=a:0+,b:3+,type:water"); /* sides {0,1,2} | {3,4,5} */
    gopt_tokens_tile curve = parse("path=a:0,b:1"); /* yellow 7: a sharp curve */
    gopt_tokens_tile straight = parse("path=a:0,b:3"); /* yellow 9 */
    gopt_tokens_question q;
    question(&q, &river, "");
    gopt_tokens_answer a;
    assert_int_equal(solve(&q, &straight, &a), 0x3F); /* ignored: every rotation */
    gopt_tokens_answer_free(&a);
    q.partition_follow = true;
    assert_int_equal(solve(&q, &straight, &a), 0); /* a straight always crosses a 3-3 river */
    assert_int_equal(a.rotations[0].verdict, GOPT_TOKENS_PARTITION);
    assert_int_equal(a.rotations[0].why_edge_a, 0);
    assert_int_equal(a.rotations[0].why_edge_b, 3);
    gopt_tokens_answer_free(&a);
    /* the curve {r, r+1} stays on one side unless it spans edges 2-3 or 5-0 */
    assert_int_equal(solve(&q, &curve, &a), 1u << 0 | 1u << 1 | 1u << 3 | 1u << 4);
    gopt_tokens_answer_free(&a);
    q.from_rotation = 1; /* the river turns with the old tile: sides {1,2,3} | {4,5,0} */
    assert_int_equal(solve(&q, &curve, &a), 1u << 1 | 1u << 2 | 1u << 4 | 1u << 5);
    gopt_tokens_answer_free(&a);
    /* the map's partition (M14, restrict:outer) on an old tile without one */
    gopt_tokens_tile six = parse("city=revenue:20;path=a:0,b:_0;path=a:2,b:_0");
    gopt_tokens_tile fifteen = parse("city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0");
    question(&q, &six, "0:GMO");
    q.from_rotation = 2;
    assert_int_equal(solve(&q, &fifteen, &a), 1u << 1 | 1u << 2);
    gopt_tokens_answer_free(&a);
    gopt_error err = {0};
    gopt_tokens_map *m = gopt_tokens_map_open("1870", &err);
    if (!m) fail_msg("%s", err.msg);
    q.npartitions = gopt_tokens_map_partitions(m, "M14", q.partitions, GOPT_TOKENS_MAX_PARTITIONS, &err);
    assert_int_equal(q.npartitions, 1);
    assert_int_equal(gopt_tokens_map_partitions(m, "E12", q.partitions + 1, 1, &err), 0);
    assert_int_equal(gopt_tokens_map_partitions(m, "Z99", q.partitions + 1, 1, &err), -1);
    gopt_tokens_map_free(m);
    err = (gopt_error){0};
    gopt_text t;
    gopt_text_from_string(&t, "map", "layout pointy\nM14 white partition:a:0-,b:9\n");
    assert_null(gopt_tokens_map_read(&t, &err));
    gopt_text_free(&t);
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 28); /* the vertex 9 */
    assert_non_null(strstr(err.msg, "a partition vertex is 0..5"));
    q.partition_follow = true;
    assert_int_equal(solve(&q, &fifteen, &a), 1u << 2);
    assert_int_equal(a.rotations[1].verdict, GOPT_TOKENS_PARTITION);
    gopt_tokens_answer_free(&a);
}

/* A map's per-hex rotation rules (`rotations:`): 1850's I18 for yellow tiles, 18NY's J20 for
 * named tiles; a rule for another colour or name, or a tile of unknown colour, is not held
 * to it; bad rules name the column. Answers pass the checker (solve). */
static void hex_rotation_rules(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_tokens_map *m = gopt_tokens_map_open("1850", &err);
    if (!m) fail_msg("%s", err.msg);
    gopt_tokens_question q;
    gopt_tokens_tile chi = parse("city=revenue:0;city=revenue:0;upgrade=cost:40,terrain:water;label=Chi");
    question(&q, &chi, "");
    q.nhex_rules = gopt_tokens_map_rotations(m, "I18", q.hex_rules, GOPT_TOKENS_MAX_HEX_RULES, &err);
    gopt_tokens_map_free(m);
    assert_int_equal(q.nhex_rules, 1);
    assert_int_equal(q.hex_rules[0].colour, GOPT_TOKENS_YELLOW);
    assert_int_equal(q.hex_rules[0].rotations, 0x3B);
    gopt_tokens_tile t128 = parse("city=revenue:30;city=revenue:30;path=a:0,b:_0;path=a:2,b:_1;label=Chi");
    gopt_tokens_answer a;
    assert_int_equal(solve(&q, &t128, &a), 0x3F); /* colour unknown: no rule */
    gopt_tokens_answer_free(&a);
    t128.colour = GOPT_TOKENS_YELLOW;
    assert_int_equal(solve(&q, &t128, &a), 0x3B);
    assert_int_equal(a.rotations[2].verdict, GOPT_TOKENS_ROTATION_RULE);
    gopt_tokens_answer_free(&a);
    t128.colour = GOPT_TOKENS_GREEN;
    assert_int_equal(gopt_tokens_hex_allowed(&q, &t128), 0x3F);
    /* named rules: 18NY's J20 */
    m = gopt_tokens_map_open("18NY", &err);
    if (!m) fail_msg("%s", err.msg);
    q.nhex_rules = gopt_tokens_map_rotations(m, "J20", q.hex_rules, GOPT_TOKENS_MAX_HEX_RULES, &err);
    gopt_tokens_map_free(m);
    assert_int_equal(q.nhex_rules, 3);
    snprintf(t128.name, sizeof t128.name, "X22");
    assert_int_equal(gopt_tokens_hex_allowed(&q, &t128), 1);
    snprintf(t128.name, sizeof t128.name, "X23");
    assert_int_equal(gopt_tokens_hex_allowed(&q, &t128), 0x3F);
    static const struct { const char *text; int col; const char *words; } bad[] = {
        {"layout flat\nI18 white rotations:yellow:0,9\n", 30, "expected 0..5"},
        {"layout flat\nI18 white rotations:0,1\n", 21, "expected COLOUR:ROTATIONS"},
        {"layout flat\nI18 white rotations:a:0 rotations:b:0 rotations:c:0 rotations:d:0 rotations:e:0\n", 67,
         "more than 4 rotation rules"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        gopt_text t;
        gopt_text_from_string(&t, "map", bad[i].text);
        err = (gopt_error){0};
        assert_null(gopt_tokens_map_read(&t, &err));
        gopt_text_free(&t);
        if (err.line != 2 || err.col != bad[i].col || !strstr(err.msg, bad[i].words))
            fail_msg("'%s': %d:%d %s", bad[i].text, err.line, err.col, err.msg);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(beijing_gains_two_cities),
        cmocka_unit_test(one_city_becomes_ny),
        cmocka_unit_test(cities_split_and_merge),
        cmocka_unit_test(gauges),
        cmocka_unit_test(map_around_the_hex),
        cmocka_unit_test(maps_pointy_and_number_axes),
        cmocka_unit_test(reservations_and_duplicates),
        cmocka_unit_test(audit_1867),
        cmocka_unit_test(partitions_followed),
        cmocka_unit_test(hex_rotation_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
