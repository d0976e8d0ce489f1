/* The tile language: parts, edge sets through paths and junctions, through track, the
 * canonical string, and errors that name the column. */
#include "test_support.h"

#include <string.h>

static gopt_tokens_tile parse_ok(const char *code) {
    gopt_tokens_tile t;
    gopt_error err = {0};
    if (!gopt_tokens_tile_parse(&t, code, "tile", &err)) {
        gopt_error_print(stderr, &err);
        fail_msg("did not parse: %s", code);
    }
    return t;
}

/* Parses `code`, expecting an error at `col` whose message contains `words`. */
static void parse_fails(const char *code, int col, const char *words) {
    gopt_tokens_tile t;
    gopt_error err = {0};
    assert_false(gopt_tokens_tile_parse(&t, code, "--from", &err));
    assert_true(err.set);
    assert_string_equal(err.file, "--from");
    assert_int_equal(err.line, 1);
    if (err.col != col) fail_msg("'%s': error at column %d, expected %d (%s)", code, err.col, col, err.msg);
    if (!strstr(err.msg, words)) fail_msg("'%s': message '%s' lacks '%s'", code, err.msg, words);
}

static void montreal_yellow(void **state) {
    (void)state;
    gopt_tokens_tile t = parse_ok("city=revenue:40;city=revenue:40;city=revenue:40,loc:5;path=a:1,b:_0;path=a:3,b:_1;label=M");
    assert_int_equal(t.ncities, 3);
    assert_int_equal(t.ntowns, 0);
    assert_int_equal(gopt_tokens_city_edges(&t, 0, 0), 1u << 1);
    assert_int_equal(gopt_tokens_city_edges(&t, 1, 0), 1u << 3);
    assert_int_equal(gopt_tokens_city_edges(&t, 2, 0), 0);
    assert_int_equal(gopt_tokens_city_slots(&t, 2), 1);
    assert_string_equal(t.nodes[0].revenue, "40");
    assert_true(t.nodes[2].has_loc);
    assert_float_equal(t.nodes[2].loc, 5.0, 1e-12);
    assert_int_equal(t.nlabels, 1);
    assert_string_equal(t.labels[0], "M");
    assert_int_equal(t.exits, (1u << 1) | (1u << 3));
    /* Rotating by 1 maps edge e to e + 1. */
    assert_int_equal(gopt_tokens_city_edges(&t, 0, 1), 1u << 2);
    assert_int_equal(gopt_tokens_city_edges(&t, 1, 3), 1u << 0);
}

/* 637: each city between two edges, with paths written in both directions. */
static void edge_sets_through_paths(void **state) {
    (void)state;
    gopt_tokens_tile t = parse_ok("city=revenue:50,loc:0.5;city=revenue:50,loc:2.5;city=revenue:50,loc:4.5;path=a:0,b:_0;"
                                  "path=a:_0,b:1;path=a:4,b:_2;path=a:_2,b:5;path=a:2,b:_1;path=a:_1,b:3;label=M");
    assert_int_equal(gopt_tokens_city_edges(&t, 0, 0), 0x03);
    assert_int_equal(gopt_tokens_city_edges(&t, 1, 0), 0x0C);
    assert_int_equal(gopt_tokens_city_edges(&t, 2, 0), 0x30);
    for (int e = 0; e < 6; e++) assert_int_equal(t.links[e], 0); /* all track runs through stops */
    char buf[32];
    assert_string_equal(gopt_tokens_edges_text(0x30, buf, sizeof buf), "{4,5}");
    assert_string_equal(gopt_tokens_edges_text(0, buf, sizeof buf), "{}");
}

/* Junctions pass track on; stops do not. */
static void junctions_and_stops(void **state) {
    (void)state;
    /* Lawson tile 80: three edges joined at a junction, all through track. */
    gopt_tokens_tile t = parse_ok("junction;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0");
    assert_int_equal(t.ncities, 0);
    assert_int_equal(t.links[0], (1u << 1) | (1u << 2));
    assert_int_equal(t.links[1], (1u << 0) | (1u << 2));
    assert_int_equal(t.exits, 0x07);
    /* A city reaching two edges through a junction. */
    t = parse_ok("city;junction;path=a:0,b:_1;path=a:_1,b:_0;path=a:3,b:_1");
    assert_int_equal(gopt_tokens_city_edges(&t, 0, 0), (1u << 0) | (1u << 3));
    /* A city behind a town reaches nothing: the town is a stop of its own. */
    t = parse_ok("city;town=revenue:10;path=a:0,b:_1;path=a:_1,b:_0");
    assert_int_equal(gopt_tokens_city_edges(&t, 0, 0), 0);
    assert_int_equal(t.ntowns, 1);
    assert_int_equal(t.nodes[t.town_node[0]].edges, 1u << 0);
    /* Plain track: tile 19 has two through tracks. */
    t = parse_ok("path=a:0,b:3;path=a:2,b:4");
    assert_int_equal(t.links[0], 1u << 3);
    assert_int_equal(t.links[4], 1u << 2);
    assert_int_equal(t.links[1], 0);
}

/* Forms 18xx.games writes: a bare part, a trailing ';', several labels, spaces in values,
 * parts that do not matter for tokens. */
static void forms_of_the_language(void **state) {
    (void)state;
    gopt_tokens_tile t = parse_ok("city;city;city;path=a:0,b:_0;path=a:2,b:_1;path=a:4,b:_2;label=M");
    assert_int_equal(t.ncities, 3);
    assert_int_equal(gopt_tokens_city_slots(&t, 1), 1);
    t = parse_ok("city=revenue:50,slots:6;path=a:0,b:_0;path=a:1,b:_0;label=W;");
    assert_int_equal(gopt_tokens_city_slots(&t, 0), 6);
    t = parse_ok("city=revenue:50,slots:2;path=a:0,b:_0;label=KC;label=SL;label=MSP");
    char labels[64];
    assert_string_equal(gopt_tokens_label_text(&t, labels, sizeof labels), "KC/SL/MSP");
    t = parse_ok("offboard=revenue:yellow_40|green_50|brown_60|gray_80,hide:1,groups:West Virginia Coal;path=a:3,b:_0;"
                 "border=edge:2;upgrade=cost:40,terrain:water;icon=image:port,blocks_lay:1;frame=color:#800080;"
                 "stub=edge:1;future_label=label:O,color:gray;stripes=color:brown");
    assert_int_equal(t.nnodes, 1);
    assert_int_equal(t.nodes[0].kind, GOPT_TOKENS_OFFBOARD);
    assert_string_equal(t.nodes[0].revenue, "yellow_40|green_50|brown_60|gray_80");
    t = parse_ok("city=revenue:40,slots:2;path=a:1,b:_0,lanes:2;path=a:3,b:_0,track:narrow");
    assert_int_equal(t.paths[1].track, GOPT_TOKENS_NARROW);
    t = parse_ok("city=revenue:20,loc:center;town=revenue:10,loc:4.5;path=a:0,b:_0;path=a:_1,b:_0");
    assert_true(t.nodes[0].has_loc && t.nodes[0].loc < 0);
    t = parse_ok("");
    assert_int_equal(t.nnodes + t.npaths, 0);
}

static void errors_name_the_column(void **state) {
    (void)state;
    parse_fails("cty=revenue:40", 1, "unknown part 'cty'");
    parse_fails("city=revenue:40;path=a:1,b:_3", 28, "_3 names no revenue centre");
    parse_fails("city=revenue:40,slot:2", 17, "unknown city key 'slot'");
    parse_fails("city=revenue:40,slots:x", 23, "slots must be a whole number");
    parse_fails("city=slots:99", 12, "slots must be a whole number in 0..16");
    parse_fails("city;path=a:0", 6, "both ends");
    parse_fails("city;path=a:_0,b:_0", 6, "two different ends");
    parse_fails("path=a:7,b:1", 8, "a path end is an edge 0..5");
    parse_fails("city;;town", 6, "expected a part");
    parse_fails("city=revenue:40;label", 22, "expected '='");
    parse_fails("city=revenue:", 14, "expected a value");
    parse_fails("city=revenue:40,revenue:50", 17, "revenue given twice");
    parse_fails("city=40", 6, "expected KEY:VALUE");
    parse_fails("junction=a:1", 10, "junction takes no parameters");
    parse_fails("city=loc:north", 10, "loc must be 'center' or a number");
    parse_fails("city=revenue:4\x01", 15, "control character");
    parse_fails("city!", 5, "expected '=' or ';'");
    parse_fails("border=edge:7", 13, "edge must be a whole number in 0..5");
    /* Revenues: a colour code is '#' and 3 or 6 hex digits; a sign only on an offboard. */
    parse_fails("city=revenue:#cb77_50", 14, "#cb7743_50|brown_60");
    parse_fails("city=revenue:#cb7743|brown_60", 14, "revenue must be");
    parse_fails("city=revenue:yellow_", 14, "revenue must be");
    parse_fails("town=revenue:-10", 14, "revenue must be");
    parse_fails("city;path=a:0,b:_0,track:meter", 26, "track must be broad, narrow, dual, thin or future");
    parse_fails("city=slots:2,slots:3", 14, "slots given twice");
}

/* Published tile strings of 18xx.games that an earlier reader refused (issue 32 item 7 and
 * the revenue regression of item 1), each read as 18xx.games reads it (lib/engine/tile.rb). */
static void published_forms(void **state) {
    (void)state;
    /* standard tile 221 (brown): a colour code before a phase amount */
    gopt_tokens_tile t = parse_ok("city=revenue:#cb7743_50|brown_60,slots:3;path=a:_0,b:0;path=a:_0,b:1;path=a:_0,b:2;"
                                  "path=a:_0,b:3;path=a:_0,b:4;path=a:_0,b:5;label=HH");
    assert_string_equal(t.nodes[0].revenue, "#cb7743_50|brown_60");
    assert_int_equal(gopt_tokens_city_slots(&t, 0), 3);
    t = parse_ok("city=revenue:#FFFFFF_10|green_30|black_40,boom:1;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0"); /* 1868WY 12B */
    assert_string_equal(t.nodes[0].revenue, "#FFFFFF_10|green_30|black_40");
    t = parse_ok("offboard=revenue:-10,hide:1;path=a:3,b:1"); /* 1880 F12: an offboard that costs */
    assert_string_equal(t.nodes[0].revenue, "-10");
    /* 1844 H17: future track is not track yet */
    t = parse_ok("town=revenue:0,loc:4;path=track:future,a:0,b:_0;path=track:future,a:4,b:_0");
    assert_int_equal(t.npaths, 0);
    assert_int_equal(t.nodes[0].edges, 0);
    /* 18FR FRVY: edges numbered 1..6, edge 6 is edge 0 */
    t = parse_ok("city=revenue:10;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;path=a:6,b:_0;label=V");
    assert_int_equal(gopt_tokens_city_edges(&t, 0, 0), 0x3F);
    /* 18CO co2: loc:16.5 is drawn where loc:4.5 is */
    t = parse_ok("city=revenue:50,slots:3,loc:16.5;city=revenue:50;path=a:0,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;"
                 "path=a:1,b:_1;path=a:2,b:_1;label=D;");
    assert_true(t.nodes[0].loc > 4.49 && t.nodes[0].loc < 4.51);
    /* 1894 X1: a reservation on a city */
    t = parse_ok("city=revenue:30,loc:0.5,reservation:PLM;city=revenue:30;upgrade=cost:40,terrain:water;path=a:0,b:_0;"
                 "path=a:1,b:_0;path=a:3,b:_1;label=P");
    assert_string_equal(t.nodes[0].reservation, "PLM");
    assert_string_equal(t.nodes[1].reservation, "");
    /* 18Ardennes B8 and 1868WY J12: loc inside icon= and upgrade= */
    t = parse_ok("label=A;icon=image:18_ardennes/north,sticky:1,loc:2.5;city=revenue:30,groups:Amsterdam;"
                 "city=revenue:30,groups:Amsterdam;path=a:1,b:_0;path=a:4,b:_1;");
    assert_int_equal(t.ncities, 2);
    parse_ok("town=revenue:0,boom:1;upgrade=cost:20,terrain:cow_skull,size:40,loc:2.5;border=edge:2,type:mountain");
    /* 18CO co7: a trailing comma in a path */
    t = parse_ok("city=revenue:60,slots:3;path=a:0,b:_0,;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;"
                 "path=a:5,b:_0;label=C;");
    assert_int_equal(gopt_tokens_city_edges(&t, 0, 0), 0x3F);
    /* 1840 F8: a ';' missing before border: 18xx.games drops the rest of the part */
    t = parse_ok("town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;town=revenue:10;path=a:2,b:_1;path=a:3,b:_1border=edge:4");
    assert_int_equal(t.nodes[1].edges, 0x0C);
    /* 1858India J5: a terminal path from an edge to itself; 1822MX F7: thin track */
    t = parse_ok("path=a:2,b:3;path=a:5,b:5,terminal:1,ignore:1;");
    assert_int_equal(t.exits, 0x2C);
    assert_int_equal(t.links[5], 0);
    t = parse_ok("junction;path=a:3,b:_0,terminal:1;path=a:3,b:5,track:thin");
    assert_int_equal(t.paths[1].track, GOPT_TOKENS_OTHER_TRACK);
    /* 1868WY: groups twice (18xx.games keeps the last); 18Uruguay: rows; 18ESP: a halt's revenue */
    parse_ok("offboard=groups:Billings,revenue:yellow_20|green_40|brown_50|gray_60,groups:W;path=a:_0,b:0;label=W");
    parse_ok("offboard=revenue:yellow_30|green_30|brown_40|gray_60,format:+%d,visit_cost:0,route:optional,rows:2;path=a:4,b:_0");
    parse_ok("halt=symbol:X,route:mandatory,loc:center,revenue:20;path=a:0,b:_0;path=a:5,b:_0");
    /* 18OE: a partition's length; 1844 B21: blank; 18Dixie 599: an empty label */
    parse_ok("upgrade=cost:30,terrain:hill;partition=a:2,b:5,type:province,length:0.5");
    parse_ok("blank");
    t = parse_ok("city=revenue:40,slots:2;path=a:2,b:_0;label=;label=Chat;future_label=label:P,color:brown");
    assert_int_equal(t.nlabels, 1);
    /* 1829 C8 (a string over two lines) */
    t = parse_ok("city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:2,b:_1\n                      ;label=BGM");
    assert_int_equal(t.nlabels, 1);
}

static void limits(void **state) {
    (void)state;
    char code[512] = "";
    for (int k = 0; k < 13; k++) strcat(code, k ? ";city" : "city");
    parse_fails(code, 61, "more than 12 cities");
}

/* The canonical string parses back to the same tile, for every bundled tile. */
static void canonical_round_trip(void **state) {
    (void)state;
    const char *games[] = {"1867", "1861", "18Chesapeake", "1822CA"};
    for (int g = 0; g < 4; g++) {
        gopt_error err = {0};
        gopt_tokens_catalog *c = gopt_tokens_catalog_open(games[g], &err);
        assert_non_null(c);
        for (int i = 0; i < gopt_tokens_catalog_size(c); i++) {
            const gopt_tokens_tile *t = gopt_tokens_catalog_tile(c, i);
            char *code = gopt_tokens_tile_format(t);
            gopt_tokens_tile back = parse_ok(code);
            assert_int_equal(back.ncities, t->ncities);
            assert_int_equal(back.npaths, t->npaths);
            assert_int_equal(back.nlabels, t->nlabels);
            for (int k = 0; k < t->ncities; k++) {
                assert_int_equal(gopt_tokens_city_edges(&back, k, 0), gopt_tokens_city_edges(t, k, 0));
                assert_int_equal(gopt_tokens_city_slots(&back, k), gopt_tokens_city_slots(t, k));
            }
            assert_memory_equal(back.links, t->links, sizeof t->links);
            char *again = gopt_tokens_tile_format(&back);
            assert_string_equal(code, again);
            free(code);
            free(again);
        }
        gopt_tokens_catalog_free(c);
    }
    gopt_tokens_tile t = parse_ok("city=revenue:70,slots:2;city=revenue:70;path=a:0,b:_1;path=a:1,b:_0;label=M");
    char *code = gopt_tokens_tile_format(&t);
    assert_string_equal(code, "city=revenue:70,slots:2;city=revenue:70;path=a:0,b:_1;path=a:1,b:_0;label=M");
    free(code);
}

static void rotation_and_colours(void **state) {
    (void)state;
    for (int r = 0; r < 6; r++)
        for (int e = 0; e < 6; e++) assert_int_equal(gopt_tokens_rotate((uint8_t)(1u << e), r), 1u << ((e + r) % 6));
    assert_int_equal(gopt_tokens_rotate(0x3F, 4), 0x3F);
    assert_int_equal(gopt_tokens_rotate(0x01, -1), 1u << 5);
    gopt_tokens_colour c;
    assert_true(gopt_tokens_colour_parse("grey", &c));
    assert_int_equal(c, GOPT_TOKENS_GRAY);
    assert_false(gopt_tokens_colour_parse("purple", &c));
    assert_int_equal(gopt_tokens_next_colour(GOPT_TOKENS_YELLOW), GOPT_TOKENS_GREEN);
    assert_int_equal(gopt_tokens_next_colour(GOPT_TOKENS_GRAY), GOPT_TOKENS_UNKNOWN_COLOUR);
    assert_int_equal(gopt_tokens_next_colour(GOPT_TOKENS_RED), GOPT_TOKENS_UNKNOWN_COLOUR);
    assert_string_equal(gopt_tokens_colour_name(GOPT_TOKENS_BROWN), "brown");
}

/* partition= (1870's Mississippi, 18Mag's rivers, 18NY's divider): vertices with the sign
 * that only moves the drawing, the two sides as the engine's part/partition.rb computes
 * them, the restriction, the canonical string; malformed ones name the column. */
static void partitions(void **state) {
    (void)state;
    /* 1870 M14: restrict:outer leaves the inner side (edges 0, 1) no track */
    gopt_tokens_tile t = parse_ok("city=revenue:0;upgrade=cost:80,terrain:river;icon=image:port,sticky:1;"
                                  "partition=a:0-,b:2+,type:water,restrict:outer");
    assert_int_equal(t.npartitions, 1);
    assert_int_equal(t.partitions[0].a, 0);
    assert_int_equal(t.partitions[0].a_sign, -1);
    assert_int_equal(t.partitions[0].b, 2);
    assert_int_equal(t.partitions[0].b_sign, 1);
    assert_string_equal(t.partitions[0].type, "water");
    assert_int_equal(t.partitions[0].restrict_to, GOPT_TOKENS_PARTITION_OUTER);
    assert_int_equal(t.partitions[0].inner, 0);
    assert_int_equal(t.partitions[0].outer, 0x3C);
    char *s = gopt_tokens_tile_format(&t);
    assert_string_equal(s, "city=revenue:0;partition=a:0-,b:2+,type:water,restrict:outer");
    free(s);
    /* 1870 J15: no restriction; vertices given high to low count the same (18NY's a:3,b:0) */
    t = parse_ok("upgrade=cost:60,terrain:river;partition=a:0+,b:3+,type:water");
    assert_int_equal(t.partitions[0].inner, 0x07);
    assert_int_equal(t.partitions[0].outer, 0x38);
    t = parse_ok("partition=a:3,b:0,type:divider");
    assert_int_equal(t.partitions[0].inner, 0x07);
    assert_int_equal(t.partitions[0].a_sign, 0);
    /* 1870 A16: restrict:inner empties the outer side */
    t = parse_ok("town=revenue:0;town=revenue:0;upgrade=cost:40,terrain:river;partition=a:0-,b:3,type:water,restrict:inner");
    assert_int_equal(t.partitions[0].inner, 0x07);
    assert_int_equal(t.partitions[0].outer, 0);
    /* 18Rhl's provinces: a length that only draws */
    t = parse_ok("partition=a:5,b:2,type:province,length:0.5");
    assert_int_equal(t.partitions[0].inner, 0x1C);
    parse_fails("partition=a:7,b:2", 13, "a partition vertex is 0..5");
    parse_fails("partition=a:1*,b:2", 13, "a partition vertex is 0..5");
    parse_fails("city=revenue:0;partition=a:1,b:2,restrict:both", 43, "restrict must be inner or outer");
    parse_fails("partition=a:1", 1, "a partition needs both vertices");
    parse_fails("partition=a:1,b:2,restrict:inner,restrict:outer", 34, "restrict given twice");
    parse_fails("partition=a:0,b:1;partition=a:0,b:1;partition=a:0,b:1;partition=a:0,b:1;partition=a:0,b:1", 73,
                "more than 4 partitions");
    /* a map's partition: the same words */
    gopt_tokens_partition p;
    gopt_error err = {0};
    assert_true(gopt_tokens_parse_partition("a:1-,b:3+,type:water,restrict:outer", "partition", &p, &err));
    assert_int_equal(p.outer, 0x39);
    char buf[96];
    assert_string_equal(gopt_tokens_partition_text(&p, buf, sizeof buf), "a:1-,b:3+,type:water,restrict:outer");
    assert_false(gopt_tokens_parse_partition("a:1,b:9", "partition", &p, &err));
    assert_int_equal(err.col, 7);
    err = (gopt_error){0};
    assert_false(gopt_tokens_parse_partition("a:1,b:2;city=revenue:0", "partition", &p, &err));
    assert_int_equal(err.col, 8);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(montreal_yellow),       cmocka_unit_test(edge_sets_through_paths),
        cmocka_unit_test(junctions_and_stops),   cmocka_unit_test(forms_of_the_language),
        cmocka_unit_test(errors_name_the_column), cmocka_unit_test(limits),
        cmocka_unit_test(canonical_round_trip),  cmocka_unit_test(rotation_and_colours),
        cmocka_unit_test(published_forms),       cmocka_unit_test(partitions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
