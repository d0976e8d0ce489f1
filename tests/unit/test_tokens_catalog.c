/* Catalogue files, the bundled catalogues, token lists and tile lookup: what they accept
 * and where they say a mistake is. */
#include "test_support.h"

#include <string.h>

static gopt_tokens_catalog *read_catalog(const char *text, gopt_error *err) {
    gopt_text t;
    gopt_text_from_string(&t, "cat.txt", text);
    gopt_tokens_catalog *c = gopt_tokens_catalog_read(&t, err);
    gopt_text_free(&t);
    return c;
}

static void catalog_fails(const char *text, int line, int col, const char *words) {
    gopt_error err = {0};
    assert_null(read_catalog(text, &err));
    assert_string_equal(err.file, "cat.txt");
    if (err.line != line || err.col != col || !strstr(err.msg, words))
        fail_msg("error %d:%d '%s', expected %d:%d with '%s'", err.line, err.col, err.msg, line, col, words);
}

static void catalog_format(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_tokens_catalog *c = read_catalog("# a comment\n\n"
                                          "B1  yellow  city=revenue:20;path=a:0,b:_0;label=B   \n"
                                          "B2  green   city=revenue:30,slots:2;path=a:0,b:_0;path=a:3,b:_0;label=B\n"
                                          "B3  green   city=revenue:30;path=a:0,b:_0;path=a:2,b:_0;label=B\n"
                                          "B4  brown   city=revenue:40,slots:3;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=B\n"
                                          "P   white\n"
                                          "B1  ->  B3\n",
                                          &err);
    assert_non_null(c);
    assert_int_equal(gopt_tokens_catalog_size(c), 5);
    const gopt_tokens_tile *b1 = gopt_tokens_catalog_find(c, "B1");
    assert_non_null(b1);
    assert_int_equal(b1->colour, GOPT_TOKENS_YELLOW);
    assert_string_equal(b1->labels[0], "B"); /* trailing blanks are not part of the label */
    assert_int_equal(gopt_tokens_catalog_find(c, "B4")->colour, GOPT_TOKENS_BROWN);
    assert_int_equal(gopt_tokens_catalog_find(c, "P")->nnodes, 0);
    assert_null(gopt_tokens_catalog_find(c, "b1"));
    /* B1 -> B3 only, by its rule; B2 would also fit by colour and label. */
    const gopt_tokens_tile *up[8];
    assert_int_equal(gopt_tokens_catalog_upgrades(c, b1, up, 8), 1);
    assert_string_equal(up[0]->name, "B3");
    assert_int_equal(gopt_tokens_catalog_upgrades(c, gopt_tokens_catalog_find(c, "B2"), up, 8), 1);
    assert_string_equal(up[0]->name, "B4");
    gopt_tokens_catalog_free(c);
}

static void catalog_errors(void **state) {
    (void)state;
    catalog_fails("X1 yellow city\nX1 green city\n", 2, 1, "defined twice");
    catalog_fails("X1 purple city\n", 1, 4, "unknown colour 'purple'");
    catalog_fails("X1 yellow city=revenue:40;path=a:9,b:_0\n", 1, 34, "a path end is an edge");
    catalog_fails("# c\nX1 yellow\n  X2 green citi\n", 3, 12, "unknown part 'citi'");
    catalog_fails("X1 -> X2\n", 1, 1, "no tile named 'X1'");
    catalog_fails("X1 yellow city\nX1 -> X2\n", 2, 7, "no tile named 'X2'");
    catalog_fails("X1 yellow city\nX2 green city\nX1 -> X2\nX1 -> X2\n", 4, 1, "two upgrade rules");
    catalog_fails("X1\n", 1, 3, "expected a colour");
    catalog_fails("X1 yellow city\nX1 @ 0,6\n", 2, 6, "number out of range");
    catalog_fails("X1 yellow city\nX1 @ 0\nX1 @ 1\n", 3, 1, "two rotation rules");
    catalog_fails("order yellow purple\n", 1, 14, "unknown colour 'purple'");
    catalog_fails("order yellow\n", 1, 13, "at least two colours");
    catalog_fails("use standard 5 999\n", 1, 16, "standard has no tile named '999'");
    catalog_fails("use nowhere 5\n", 1, 5, "cannot use 'nowhere'");
    catalog_fails("X1 shrinks\n", 1, 1, "no tile named 'X1'");
    catalog_fails("X1 yellow city\nX1 shrinks 2\n", 2, 12, "nothing follows 'shrinks'");
    /* 1837's brown Vienna: the slots shrink (issue 32 item 4). */
    gopt_error err = {0};
    gopt_tokens_catalog *c1837 = gopt_tokens_catalog_open("1837", &err);
    assert_non_null(c1837);
    assert_true(gopt_tokens_catalog_find(c1837, "436")->shrinks);
    assert_false(gopt_tokens_catalog_find(c1837, "427")->shrinks);
    gopt_tokens_catalog_free(c1837);
}

/* The bundled games' rules: colour order, restricted rotations, tiles from the standard list. */
static void catalog_rules(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_tokens_catalog *c1830 = gopt_tokens_catalog_open("1830", &err);
    assert_non_null(c1830);
    const gopt_tokens_tile *up[32];
    /* 1830 has no gray tiles: brown is the end. */
    assert_int_equal(gopt_tokens_catalog_next_colour(c1830, GOPT_TOKENS_BROWN), GOPT_TOKENS_UNKNOWN_COLOUR);
    assert_int_equal(gopt_tokens_catalog_upgrades(c1830, gopt_tokens_catalog_find(c1830, "63"), up, 32), 0);
    /* The OO hexes take tile 59 only; New York 54 then 62. */
    assert_int_equal(gopt_tokens_catalog_upgrades(c1830, gopt_tokens_catalog_find(c1830, "OO"), up, 32), 1);
    assert_string_equal(up[0]->name, "59");
    assert_int_equal(gopt_tokens_catalog_upgrades(c1830, gopt_tokens_catalog_find(c1830, "54"), up, 32), 1);
    assert_string_equal(up[0]->name, "62");
    /* A plain city hex takes 57 (the standard tile, taken with `use`). */
    assert_int_equal(gopt_tokens_catalog_upgrades(c1830, gopt_tokens_catalog_find(c1830, "city"), up, 32), 1);
    assert_string_equal(up[0]->name, "57");
    assert_int_equal(up[0]->colour, GOPT_TOKENS_YELLOW);
    gopt_tokens_catalog_free(c1830);
    gopt_tokens_catalog *c1846 = gopt_tokens_catalog_open("1846", &err);
    assert_non_null(c1846);
    assert_int_equal(gopt_tokens_catalog_find(c1846, "298")->rotations, 1);
    assert_int_equal(gopt_tokens_catalog_find(c1846, "14")->rotations, 0);
    gopt_tokens_catalog_free(c1846);
    gopt_tokens_catalog *c1889 = gopt_tokens_catalog_open("1889", &err);
    assert_non_null(c1889);
    /* Kouchi (K, green on the map) becomes 465; Kotohira's H hex takes 438. */
    assert_int_equal(gopt_tokens_catalog_upgrades(c1889, gopt_tokens_catalog_find(c1889, "F9"), up, 32), 1);
    assert_string_equal(up[0]->name, "465");
    assert_int_equal(gopt_tokens_catalog_upgrades(c1889, gopt_tokens_catalog_find(c1889, "I4"), up, 32), 1);
    assert_string_equal(up[0]->name, "438");
    gopt_tokens_catalog_free(c1889);
}

static void bundled_catalogs(void **state) {
    (void)state;
    const char *games[] = {"1867", "1861", "18Chesapeake", "1822CA", "1822ca", "standard", "1830", "1846", "1889", "18CO", "18NY", "1841", "1860"};
    int sizes[] = {15, 4, 12, 44, 44, 25, 19, 24, 22};
    for (int g = 0; g < 9; g++) {
        gopt_error err = {0};
        gopt_tokens_catalog *c = gopt_tokens_catalog_open(games[g], &err);
        if (!c) gopt_error_print(stderr, &err);
        assert_non_null(c);
        assert_int_equal(gopt_tokens_catalog_size(c), sizes[g]);
        assert_string_equal(gopt_tokens_catalog_name(c), games[g]);
        gopt_tokens_catalog_free(c);
    }
    gopt_error err = {0};
    assert_null(gopt_tokens_catalog_open("1999", &err));
    assert_non_null(strstr(err.msg, "no bundled catalogue for game '1999' (bundled: 1822ca, 1830, 1837, 1841, 1846, 1850, 1860, 1861, 1867, 1889, 18chesapeake, 18co, 18mag, 18ny, 18ny1e, standard)"));
}

static const gopt_tokens_tile *l12(void) {
    static gopt_tokens_tile t;
    gopt_error err = {0};
    assert_true(gopt_tokens_tile_parse(&t, "city;city;city;path=a:1,b:_0;path=a:3,b:_1;label=M", "t", &err));
    snprintf(t.name, sizeof t.name, "L12");
    return &t;
}

static void stations_fail(const char *spec, int col, const char *words) {
    gopt_tokens_question q = {.from = l12()};
    gopt_error err = {0};
    assert_false(gopt_tokens_parse_stations(&q, spec, "--tokens", &err));
    if (err.col != col || !strstr(err.msg, words) || strcmp(err.file, "--tokens") != 0)
        fail_msg("'%s': error at %d '%s', expected %d with '%s'", spec, err.col, err.msg, col, words);
}

static void station_lists(void **state) {
    (void)state;
    gopt_tokens_question q = {.from = l12()};
    gopt_error err = {0};
    assert_true(gopt_tokens_parse_stations(&q, "0:LPS, 1:QLS,2:C&A", "--tokens", &err));
    assert_int_equal(q.ntokens, 3);
    assert_string_equal(q.tokens[2].name, "C&A");
    assert_int_equal(q.tokens[1].city, 1);
    assert_true(gopt_tokens_question_check(&q, &err));
    assert_true(gopt_tokens_parse_stations(&q, "", "--tokens", &err));
    assert_int_equal(q.ntokens, 0);
    /* One company in two cities is allowed; its JSON keys say which. */
    assert_true(gopt_tokens_parse_stations(&q, "0:CPR,2:CPR,1:GT", "--tokens", &err));
    char key[64];
    assert_string_equal(gopt_tokens_token_key(&q, 0, key, sizeof key), "CPR@0");
    assert_string_equal(gopt_tokens_token_key(&q, 1, key, sizeof key), "CPR@2");
    assert_string_equal(gopt_tokens_token_key(&q, 2, key, sizeof key), "GT");
    stations_fail("0:LPS,0:QLS", 7, "city 0 of L12 has 1 slot, too few for 2 tokens");
    stations_fail("3:LPS", 1, "city 3: L12 has cities 0..2");
    stations_fail("0:", 3, "expected a token name");
    stations_fail("0:LPS 1:QLS", 7, "expected ','");
    stations_fail("x:LPS", 1, "expected a number");
    stations_fail("0:A@B", 4, "expected ','");
    stations_fail("0-LPS", 2, "expected ':'");
    stations_fail("0:ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGH", 3, "longer than 31");
}

static void lookup(void **state) {
    (void)state;
    gopt_tokens_library *lib = gopt_tokens_library_new();
    gopt_error err = {0};
    int r = -1;
    const gopt_tokens_catalog *home = NULL;
    const gopt_tokens_tile *t = gopt_tokens_lookup(lib, "1867:X2@4", "--from", NULL, GOPT_TOKENS_UNKNOWN_COLOUR, &r, &home, &err);
    assert_non_null(t);
    assert_string_equal(t->name, "X2");
    assert_int_equal(r, 4);
    assert_string_equal(gopt_tokens_catalog_name(home), "1867");
    /* A name alone in the given catalogue. */
    assert_ptr_equal(gopt_tokens_lookup(lib, "X2", "--to", home, GOPT_TOKENS_UNKNOWN_COLOUR, NULL, NULL, &err), t);
    /* An inline string, with its colour. */
    t = gopt_tokens_lookup(lib, "city;city;path=a:0,b:_0@2", "--from", NULL, GOPT_TOKENS_GREEN, &r, NULL, &err);
    assert_non_null(t);
    assert_int_equal(t->ncities, 2);
    assert_int_equal(t->colour, GOPT_TOKENS_GREEN);
    assert_int_equal(r, 2);
    assert_non_null(gopt_tokens_lookup(lib, "city", "--to", NULL, GOPT_TOKENS_UNKNOWN_COLOUR, NULL, NULL, &err));
    /* Mistakes. */
    gopt_error_clear(&err);
    assert_null(gopt_tokens_lookup(lib, "1867:X9", "--to", NULL, GOPT_TOKENS_UNKNOWN_COLOUR, NULL, NULL, &err));
    assert_non_null(strstr(err.msg, "catalogue 1867 has no tile 'X9' (tiles: L12 637 X1"));
    gopt_error_clear(&err);
    assert_null(gopt_tokens_lookup(lib, "1867:X2@1", "--to", NULL, GOPT_TOKENS_UNKNOWN_COLOUR, NULL, NULL, &err));
    assert_non_null(strstr(err.msg, "no rotation here"));
    assert_int_equal(err.col, 8);
    gopt_error_clear(&err);
    assert_null(gopt_tokens_lookup(lib, "1867:X2@7", "--from", NULL, GOPT_TOKENS_UNKNOWN_COLOUR, &r, NULL, &err));
    assert_non_null(strstr(err.msg, "0..5"));
    gopt_error_clear(&err);
    assert_null(gopt_tokens_lookup(lib, "city=revenue:40;pth=a:1", "--from", NULL, GOPT_TOKENS_UNKNOWN_COLOUR, &r, NULL, &err));
    assert_int_equal(err.col, 17);
    assert_string_equal(err.file, "--from");
    gopt_error_clear(&err);
    assert_null(gopt_tokens_lookup(lib, "X2", "--from", NULL, GOPT_TOKENS_UNKNOWN_COLOUR, &r, NULL, &err));
    assert_non_null(strstr(err.msg, "neither a tile string nor GAME:NAME"));
    gopt_tokens_library_free(lib);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(catalog_format), cmocka_unit_test(catalog_errors), cmocka_unit_test(bundled_catalogs), cmocka_unit_test(catalog_rules),
        cmocka_unit_test(station_lists),  cmocka_unit_test(lookup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
