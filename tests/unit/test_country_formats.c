/* Country Road formats: the pzprjs worked example, round trips through every format, and
 * errors that name the right place. */
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

static gopt_country_puzzle *read_one(const char *text, const char *format) {
    gopt_text t;
    gopt_text_from_string(&t, "test", text);
    gopt_country_puzzle *p = NULL;
    gopt_error err = {0};
    int r = gopt_country_read(&t, format, &p, &err);
    if (r != 1) fail_msg("read failed: %s:%d:%d: %s", err.file, err.line, err.col, err.msg);
    gopt_text_free(&t);
    return p;
}

/* The error text of reading `text`, e.g. "test:1:20: ..." */
static char *read_error(const char *text, const char *format) {
    gopt_text t;
    gopt_text_from_string(&t, "test", text);
    gopt_country_puzzle *p = NULL;
    gopt_error err = {0};
    int r;
    while ((r = gopt_country_read(&t, format, &p, &err)) == 1) gopt_country_free(p);
    gopt_text_free(&t);
    if (r != -1) return gopt_strdup("(no error)");
    char buf[600];
    return gopt_strdup(gopt_error_text(&err, buf, sizeof buf));
}

static void assert_same_puzzle(const gopt_country_puzzle *a, const gopt_country_puzzle *b) {
    assert_int_equal(a->size.w, b->size.w);
    assert_int_equal(a->size.h, b->size.h);
    assert_int_equal(a->empty_rooms, b->empty_rooms);
    assert_int_equal(a->nrooms, b->nrooms);
    assert_memory_equal(a->room, b->room, (size_t)gopt_grid_cells(a->size) * sizeof *a->room);
    assert_memory_equal(a->number, b->number, (size_t)a->nrooms * sizeof *a->number);
}

static void pzprjs_worked_example(void **state) {
    (void)state;
    gopt_country_puzzle *p = read_one("https://puzz.link/p?country/5/5/amda0uf02h12h\n", NULL);
    static const int rooms[25] = {0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 3, 4, 4, 4, 2, 3, 5, 5, 6, 6, 3, 5, 5, 6, 6};
    assert_int_equal(p->size.w, 5);
    assert_int_equal(p->size.h, 5);
    assert_int_equal(p->nrooms, 7);
    assert_memory_equal(p->room, rooms, sizeof rooms);
    static const int numbers[7] = {2, -1, -1, 1, 2, -1, -1};
    assert_memory_equal(p->number, numbers, sizeof numbers);
    assert_false(p->empty_rooms);
    char *url = gopt_country_write(p, NULL, "url", NULL);
    assert_string_equal(url, "https://puzz.link/p?country/5/5/amda0uf02h12h\n");
    free(url);
    gopt_country_free(p);
}

static void url_forms_and_variant(void **state) {
    (void)state;
    const char *forms[] = {"country/5/5/amda0uf02h12h", "p?country/5/5/amda0uf02h12h",
                           "http://pzv.jp/p.html?country/5/5/amda0uf02h12h", "puzz.link/p?country/5/5/amda0uf02h12h  "};
    gopt_country_puzzle *first = read_one(forms[0], "url");
    for (int i = 1; i < 4; i++) {
        gopt_country_puzzle *p = read_one(forms[i], NULL);
        assert_same_puzzle(first, p);
        gopt_country_free(p);
    }
    gopt_country_free(first);
    gopt_country_puzzle *e = read_one("https://puzz.link/p?country/e/5/5/vvuebrvb1q1j", NULL);
    assert_true(e->empty_rooms);
    assert_int_equal(e->nrooms, 17);
    assert_int_equal(e->number[0], 1);
    assert_int_equal(e->number[12], 1);
    char *url = gopt_country_write(e, NULL, "url", NULL);
    assert_string_equal(url, "https://puzz.link/p?country/e/5/5/vvuebrvb1q1j\n");
    free(url);
    gopt_country_free(e);
}

/* Links as people paste them: every form reads as the same puzzle. */
static void pasted_link_forms(void **state) {
    (void)state;
    const char *forms[] = {
        "https://puzz.link/p?country/5/5/amda0uf02h12h/",
        "https://puzz.link/p?country/5/5/amda0uf02h12h&type=play",
        "https://puzz.link/p?country/5/5/amda0uf02h12h#anchor",
        "https://puzz.link/p?country_edit/5/5/amda0uf02h12h",
        "https://puzz.link/p?country_play/5/5/amda0uf02h12h//",
        "\"https://puzz.link/p?country/5/5/amda0uf02h12h\"",
        "'https://puzz.link/p?country/5/5/amda0uf02h12h'",
        "<https://puzz.link/p?country/5/5/amda0uf02h12h>",
        "https://puzz.link/p?country/5/5/amda0uf02h12h\r",
        "https://puzz.link/p?pzprv3/country/5/5/7/0%200%201%201%202%20/0%200%201%201%202%20/3%204%204%204%202%20/"
        "3%205%205%206%206%20/3%205%205%206%206%20/2%20.%20.%20.%20.%20/.%20.%20.%20.%20.%20/1%202%20.%20.%20.%20/"
        ".%20.%20.%20.%20.%20/.%20.%20.%20.%20.%20/",
    };
    gopt_country_puzzle *first = read_one("https://puzz.link/p?country/5/5/amda0uf02h12h", NULL);
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
        gopt_country_puzzle *p = read_one(forms[i], NULL);
        assert_same_puzzle(first, p);
        gopt_country_free(p);
    }
    /* penpa-edit, our writer and reader: borders, numbers and the loop come back. */
    gopt_country_puzzle *q = read_one("name trip\nAAB\nACB\nDDD\nA=? B=2 D=17\nsolution\nse ew sw\nns - ns\nne ew nw\n", "text");
    char *link = gopt_country_write(q, q->given, "penpa", NULL);
    assert_non_null(strstr(link, "penpa-edit/#m=edit&p="));
    gopt_country_puzzle *back = read_one(link, NULL);
    assert_same_puzzle(q, back);
    assert_non_null(back->given);
    assert_memory_equal(q->given, back->given, 9);
    free(link);
    gopt_country_free(back);
    gopt_country_free(q);
    gopt_country_free(first);
    /* One room: no border inside, so the writer draws the frame (fuzz regression). */
    q = read_one("AAA\nAAA\nA=4\n", "text");
    link = gopt_country_write(q, NULL, "penpa", NULL);
    back = read_one(link, NULL);
    assert_same_puzzle(q, back);
    free(link);
    gopt_country_free(back);
    gopt_country_free(q);
}

static const char seed_text[] =
    "# the seed's 10x10\n"
    "name seed\n"
    "1122334445\n1126633477\n8996ABBC77\n8DD6AECCFF\n8GD66EHHIF\n"
    "JGDDKLLHIM\nJJNNKOLHHM\nPPNQQOLRRM\nPPSTTLLUVV\nWSSSTTUUVV\n"
    "1=4 4=3 6=2 7=4 D=3 F=2 J=2 L=4\nM=2 N=1 P=2 S=3 U=3 V=1\n";

static void seed_text_is_the_seed_url(void **state) {
    (void)state;
    gopt_country_puzzle *p = read_one(seed_text, NULL);
    assert_string_equal(p->name, "seed");
    char *url = gopt_country_write(p, NULL, "url", NULL);
    assert_string_equal(url, "https://puzz.link/p?country/10/10/"
                             "aiqqtlterrenlnbb9a3btscr9ejpeir67nqo4h3g24k3g2i2g421g2h3g31g\n");
    free(url);
    gopt_country_free(p);
}

/* url -> text -> pzprv3 -> block -> url, with '?' numbers, a big number and a loop. */
static void round_trips(void **state) {
    (void)state;
    const char *text = "name trip\nvariant empty\nAAB\nACB\nDDD\nA=? B=2 D=17\nsolution\nse ew sw\nns - ns\nne ew nw\n";
    gopt_country_puzzle *p = read_one(text, "text");
    assert_true(p->empty_rooms);
    assert_int_equal(p->number[0], GOPT_COUNTRY_UNKNOWN);
    assert_int_equal(p->number[3], 17);
    assert_non_null(p->given);
    const char *formats[] = {"text", "pzprv3", "block"};
    for (int i = 0; i < 3; i++) {
        char *written = gopt_country_write(p, p->given, formats[i], NULL);
        gopt_country_puzzle *q = read_one(written, NULL);
        assert_same_puzzle(p, q);
        assert_non_null(q->given);
        assert_memory_equal(p->given, q->given, 9);
        gopt_country_free(q);
        free(written);
    }
    char *url = gopt_country_write(p, NULL, "url", NULL);
    assert_string_equal(url, "https://puzz.link/p?country/e/3/3/e0bg.2g-11\n");
    gopt_country_puzzle *q = read_one(url, NULL);
    assert_same_puzzle(p, q);
    gopt_country_free(q);
    free(url);
    gopt_country_free(p);
}

static void holes(void **state) {
    (void)state;
    gopt_country_puzzle *p = read_one("A.B\nAAB\n", "text");
    assert_int_equal(p->room[1], GOPT_COUNTRY_HOLE);
    assert_int_equal(p->nrooms, 2);
    const char *why = NULL;
    assert_null(gopt_country_write(p, NULL, "url", &why));
    assert_string_equal(why, "a puzz.link URL cannot hold cells outside the puzzle");
    char *pz = gopt_country_write(p, NULL, "pzprv3", NULL);
    assert_non_null(strstr(pz, "\n0 . 1 \n"));
    gopt_country_puzzle *q = read_one(pz, NULL);
    assert_same_puzzle(p, q);
    gopt_country_free(q);
    free(pz);
    char *block = gopt_country_write(p, NULL, "block", NULL);
    q = read_one(block, NULL);
    assert_same_puzzle(p, q);
    gopt_country_free(q);
    free(block);
    gopt_country_free(p);
}

static void pzprv3_with_a_loop_and_history(void **state) {
    (void)state;
    const char *file = "pzprv3\ncountry\n2\n2\n1\n0 0 \n0 0 \n4 . \n. . \n1 \n1 \n1 1 \n0 0 \n0 0 \n"
                       "history:{\"type\":\"pzpr\"}\n";
    gopt_country_puzzle *p = read_one(file, NULL);
    assert_int_equal(p->nrooms, 1);
    assert_int_equal(p->number[0], 4);
    static const uint8_t loop[4] = {GOPT_DIR_BIT(GOPT_E) | GOPT_DIR_BIT(GOPT_S), GOPT_DIR_BIT(GOPT_W) | GOPT_DIR_BIT(GOPT_S),
                                    GOPT_DIR_BIT(GOPT_E) | GOPT_DIR_BIT(GOPT_N), GOPT_DIR_BIT(GOPT_W) | GOPT_DIR_BIT(GOPT_N)};
    assert_non_null(p->given);
    assert_memory_equal(p->given, loop, 4);
    gopt_country_free(p);
}

static void block_format(void **state) {
    (void)state;
    const char *block = "puzzle tiny 2 3\nsource here\nurl -\nvariant standard\nunique yes\nregions\n0 0 1\n"
                        "0 0 1\nclues 0:4 1:-2\nsolution\nse sw -\nne nw -\nend\n"
                        "puzzle second 1 2\nregions\n0 1\nclues \nend\n";
    gopt_text t;
    gopt_text_from_string(&t, "test", block);
    gopt_country_puzzle *p = NULL, *q = NULL;
    gopt_error err = {0};
    assert_int_equal(gopt_country_read(&t, NULL, &p, &err), 1);
    assert_int_equal(gopt_country_read(&t, NULL, &q, &err), 1);
    assert_int_equal(gopt_country_read(&t, NULL, &q, &err), 0);
    gopt_text_free(&t);
    assert_string_equal(p->name, "tiny");
    assert_int_equal(p->given_unique, 1);
    assert_int_equal(p->number[0], 4);
    assert_int_equal(p->number[1], GOPT_COUNTRY_UNKNOWN);
    char tok[5];
    assert_string_equal(gopt_country_token(p->given[0], tok), "se");
    assert_string_equal(gopt_country_token(p->given[4], tok), "nw");
    assert_string_equal(q->name, "second");
    assert_int_equal(q->nrooms, 2);
    gopt_country_free(p);
    gopt_country_free(q);
}

/* A border between two cells of one room (they connect around it): kept as a wall. */
static void stray_borders(void **state) {
    (void)state;
    gopt_country_puzzle *p = read_one("country/3/2/g0", NULL);
    assert_int_equal(p->nrooms, 1);
    assert_non_null(p->wall);
    assert_int_equal(p->wall[0], GOPT_DIR_BIT(GOPT_E));
    assert_true(gopt_country_border(p, 0, GOPT_E));
    assert_true(gopt_country_border(p, 1, GOPT_W));
    assert_false(gopt_country_border(p, 1, GOPT_E));
    char *url = gopt_country_write(p, NULL, "url", NULL);
    assert_string_equal(url, "https://puzz.link/p?country/3/2/g0g\n");
    free(url);
    const char *why = NULL;
    assert_null(gopt_country_write(p, NULL, "pzprv3", &why));
    assert_string_equal(why, "its borders inside a room cannot be written as pzprv3 room ids (use url)");
    assert_null(gopt_country_write(p, NULL, "text", &why));
    gopt_country_free(p);
}

static void tokens(void **state) {
    (void)state;
    const char *all[] = {"-", "ns", "ew", "ne", "nw", "se", "sw"};
    for (int i = 0; i < 7; i++) {
        uint8_t d;
        char tok[5];
        assert_true(gopt_country_parse_token(all[i], strlen(all[i]), &d));
        assert_string_equal(gopt_country_token(d, tok), all[i]);
    }
    uint8_t d;
    assert_false(gopt_country_parse_token("nn", 2, &d));
    assert_false(gopt_country_parse_token("x", 1, &d));
    assert_false(gopt_country_parse_token("", 0, &d));
}

static void errors_name_the_place(void **state) {
    (void)state;
    struct {
        const char *text, *format, *error;
    } cases[] = {
        {"https://puzz.link/p?country/5/5/amda0uf", NULL, "test:1:40: expected a border character (0-9, a-v), found end of input"},
        {"https://puzz.link/p?country/5/5/amdaxuf02h12h", NULL, "test:1:37: expected a border character (0-9, a-v), found 'x'"},
        {"https://puzz.link/p?country/5/5/amda0uf02hz", NULL, "test:1:43: 'z' skips 20 rooms but only 4 are left"},
        {"https://puzz.link/p?country/5/5/amda0uf02h12h7", NULL, "test:1:46: unexpected '7' after the number of the last room"},
        {"https://puzz.link/p?country/0/5/", NULL, "test:1:29: number out of range (expected 1..100)"},
        {"https://puzz.link/p?sudoku/5/5/", NULL,
         "test:1:21: a URL for the puzzle type 'sudoku', not Country Road: expected ?country/..., ?pzprv3/country/... or a "
         "penpa-edit link (m=edit&p=...)"},
        {"AB\nBA\n", NULL, "test:2:1: room 'B' makes two separate areas; give each its own letter"},
        {"AB\nAB\nC=1\n", NULL, "test:3:1: no room 'C' in the grid"},
        {"AB\nAB\nA=1 A=2\n", NULL, "test:3:5: room 'A' has two numbers"},
        {"AB\nABC\n", NULL, "test:2:4: row 2 has 3 cells, the first row has 2"},
        {"A B\n", NULL, "test:1:2: a space cannot name a room (use letters, digits, '.' for a hole)"},
        {"AB\nAB\nsolution\nse sw\nne\n", NULL, "test:5:3: row 2 of the loop has 1 tokens, expected 2"},
        {"AB\nAB\nsolution\nse sx\nne nw\n", NULL, "test:4:4: expected a loop token (-, ns, ew, ne, nw, se, sw; ?, + or s? in a partial answer)"},
        {"pzprv3\nsudoku\n", NULL, "test:2:1: expected the puzzle type 'country', found 'sudoku'"},
        {"pzprv3\ncountry\n2\n2\n1\n0 0 \n0 \n", NULL, "test:7:3: the rooms row 2 has 1 items, expected 2"},
        {"pzprv3\ncountry\n2\n2\n1\n0 0 \n0 0 \n1 2 \n", NULL, "test:8:3: a second number in one room"},
        {"puzzle x 1 2\nregions\n0 1\nclues 5:1\nend\n", NULL, "test:4:7: no region 5 in this puzzle"},
        {"puzzle x 1 2\nregions\n0 1\nfoo\nend\n", NULL, "test:4:1: expected source, url, variant, unique, regions, clues, solution or end"},
        {"puzzle x 1 2\nregions\n0 1\n", NULL, "test:4:1: the puzzle block ends without 'end'"},
        {"puzzle x 1 3\nregions\n0 1 0\nend\n", NULL, "test:3:1: region 0 makes two separate areas (see row 1 col 3)"},
    };
    int bad = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *got = read_error(cases[i].text, cases[i].format);
        if (strcmp(got, cases[i].error) != 0) print_error("case %zu: got '%s', expected '%s'\n", i, got, cases[i].error), bad++;
        free(got);
    }
    assert_int_equal(bad, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pzprjs_worked_example),
        cmocka_unit_test(url_forms_and_variant),
        cmocka_unit_test(pasted_link_forms),
        cmocka_unit_test(seed_text_is_the_seed_url),
        cmocka_unit_test(round_trips),
        cmocka_unit_test(holes),
        cmocka_unit_test(pzprv3_with_a_loop_and_history),
        cmocka_unit_test(block_format),
        cmocka_unit_test(stray_borders),
        cmocka_unit_test(tokens),
        cmocka_unit_test(errors_name_the_place),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
