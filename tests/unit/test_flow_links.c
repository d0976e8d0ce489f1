/* Flow: puzz.link Numberlink links (parse_url.c): real links read and written back the same,
 * the forms people paste, numbers of every width, and errors at their place. The real links
 * come from public pages and code: pzprjs's own test (test/script/numlin.js), puzzle pages
 * and solvers' tests listing puzz.link and pzv.jp Numberlink links (docs/formats.md). */
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

static const char *const real_links[] = {
    "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3",
    "https://puzz.link/p?numlin/7/7/4h2j1i5h4q3h3h52s1",
    "https://puzz.link/p?numlin/8/8/h13i2i4i3g4g5i1r2l6g6i5t",
    "https://puzz.link/p?numlin/10/10/1h2j65s5h3h1zk4y6k2i3m4l",
    "https://puzz.link/p?numlin/14/14/u3p2u1o5k4k6u4k7h2zi9p7i6h8gahazh3n95m1w8",
    "https://puzz.link/p?numlin/6/6/j4h14m2n2h133k",
    "https://puzz.link/p?numlin/9/9/h1j32j4l5v67o2g4l7r3j165i",
    "https://puzz.link/p?numlin/11/11/h8h65s4h6g8p9t2zl4i7l1h5n9h2i1g7i3h3i",
    "https://puzz.link/p?numlin/11/11/i5am3nak6g74g2h9v7j8l8j694x2k53zi",
    "https://puzz.link/p?numlin/26/26/zz-15gdx-12nfs-16j8x4v-11zxes9kfs8zg4lbm6k5ubv2r-14n1q-10z5v7zeq3n3r1v-13u9k-11mdl6zgas2k-"
    "10sczxav-16x7jcs-15n-13x-14g-12zz",
    "https://puzz.link/p?numlin/42/25/zzi1zx5j3ve-1cv-13n6zp-2br2zl-2cvep8-1dp-29z-10x7zj-14t-1dzn-16j-1abj-20zr-19l-21zv-1bh-"
    "1fzg2h6hbh-11hch-17l-22h-24h-27h-2ah-24h-1cj3h7hch-12h-16h-1al-14h-21h-23h-29h-26h-2cj4h8hdh9h-17h-12l-1fh-25h-28h-2bh-"
    "27h-10zgah-20zv-1bl-23zr-18j-18fj-22zn-15t-26zj-13x-25zfp-15-19p-11vazl4r9zp-2an5vd-1ev-1ej1zx-28zzi",
};

static gopt_flow_puzzle *read_one(const char *text) {
    gopt_text t;
    gopt_text_from_string(&t, "t", text);
    gopt_error err = {0};
    gopt_flow_puzzle *p = NULL;
    int r = gopt_flow_read(&t, -1, -1, &p, &err);
    if (r != 1) {
        char buf[600];
        fail_msg("reading %s failed: %s", text, gopt_error_text(&err, buf, sizeof buf));
    }
    gopt_text_free(&t);
    return p;
}

static char *read_error(const char *text) {
    gopt_text t;
    gopt_text_from_string(&t, "t", text);
    gopt_error err = {0};
    gopt_flow_puzzle *p = NULL;
    int r;
    while ((r = gopt_flow_read(&t, -1, -1, &p, &err)) == 1) gopt_flow_free(p);
    gopt_text_free(&t);
    assert_int_equal(r, -1);
    char buf[600];
    return gopt_strdup(gopt_error_text(&err, buf, sizeof buf));
}

static void expect_error(const char *text, const char *want) {
    char *got = read_error(text);
    if (strcmp(got, want) != 0) fail_msg("reading %s: error '%s', expected '%s'", text, got, want);
    free(got);
}

/* Read -> write -> read: the same link, the same board, under Numberlink's rules. */
static void real_links_write_back_the_same(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof real_links / sizeof *real_links; i++) {
        gopt_text t;
        gopt_text_from_string(&t, "t", real_links[i]);
        assert_int_equal(gopt_flow_guess_format(&t), GOPT_FLOW_PUZZLINK);
        gopt_text_free(&t);
        gopt_flow_puzzle *p = read_one(real_links[i]);
        int w, h;
        assert_int_equal(sscanf(real_links[i], "https://puzz.link/p?numlin/%d/%d/", &w, &h), 2);
        assert_int_equal(p->cols, w);
        assert_int_equal(p->rows, h);
        assert_true(p->partial);
        assert_true(p->untouching);
        char *text = gopt_flow_write(p, NULL);
        char want[1200];
        snprintf(want, sizeof want, "%s\n", real_links[i]);
        assert_string_equal(text, want);
        gopt_flow_puzzle *q = read_one(text);
        assert_int_equal(q->ncolours, p->ncolours);
        for (int v = 0; v < p->nnodes; v++) {
            assert_int_equal(q->colour[v] >= 0, p->colour[v] >= 0);
            if (p->colour[v] >= 0) assert_string_equal(q->label[q->colour[v]], p->label[p->colour[v]]);
        }
        free(text);
        gopt_flow_free(q);
        gopt_flow_free(p);
    }
}

/* Every form a link is pasted in is the same puzzle (pzprjs's own test link). */
static void pasted_forms_read_the_same(void **state) {
    (void)state;
    static const char *const forms[] = {
        "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3",
        "http://puzz.link/p?numlin/5/5/1j2h3m1h2j3",
        "puzz.link/p?numlin/5/5/1j2h3m1h2j3",
        "http://pzv.jp/p.html?numlin/5/5/1j2h3m1h2j3",
        "https://pzprxs.vercel.app/p?numlin/5/5/1j2h3m1h2j3",
        "?numlin/5/5/1j2h3m1h2j3",
        "numlin/5/5/1j2h3m1h2j3",
        "https://puzz.link/p?numlin_edit/5/5/1j2h3m1h2j3",
        "https://puzz.link/p?numlin_play/5/5/1j2h3m1h2j3",
        "https://puzz.link/p?numberlink/5/5/1j2h3m1h2j3",
        "https://puzz.link/p?type=player&numlin/5/5/1j2h3m1h2j3",
        "https://puzz.link/p?numlin/v:plain/5/5/1j2h3m1h2j3",
        "https://puzz.link/p?v:plain/numlin/5/5/1j2h3m1h2j3",
        "https://puzz.link/p?numlin/e/5/5/1j2h3m1h2j3",
        "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3/",
        "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3&from=list#top",
        "  \"<https://puzz.link/p?numlin/5/5/1j2h3m1h2j3>\"  \r",
    };
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
        gopt_flow_puzzle *p = read_one(forms[i]);
        char *text = gopt_flow_write(p, NULL);
        if (strcmp(text, "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3\n") != 0) fail_msg("%s wrote %s", forms[i], text);
        free(text);
        gopt_flow_free(p);
    }
    /* many links, one a line, blank lines between them or not */
    gopt_text t;
    gopt_text_from_string(&t, "t", "puzz.link/p?numlin/5/5/1j2h3m1h2j3\n\nhttps://puzz.link/p?numlin/6/6/j4h14m2n2h133k\n"
                                   "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3\n");
    gopt_error err = {0};
    gopt_flow_puzzle *p;
    int n = 0;
    while (gopt_flow_read(&t, -1, -1, &p, &err) == 1) n++, gopt_flow_free(p);
    assert_false(err.set);
    assert_int_equal(n, 3);
    gopt_text_free(&t);
}

/* Number16 of every width: 0-f, -xx, +xxx, =xxx (4096+), @xxx and %xxx (8192+), *xxxx (12240+),
 * $xxxxx (77776+); '%' is written as '@'. */
static void numbers_of_every_width(void **state) {
    (void)state;
    gopt_flow_puzzle *p = read_one("puzz.link/p?numlin/4/4/1-1c-1c1h+123+123=123=123@123%123*1234*1234$12345$12345");
    static const char *const labels[] = {"1", "28", "291", "4387", "8483", "16900", "152341"};
    assert_int_equal(p->ncolours, 7);
    for (int k = 0; k < 7; k++) assert_string_equal(p->label[k], labels[k]);
    char *text = gopt_flow_write(p, NULL);
    assert_string_equal(text, "https://puzz.link/p?numlin/4/4/1-1c-1c1h+123+123=123=123@123@123*1234*1234$12345$12345\n");
    free(text);
    gopt_flow_free(p);
}

/* A flow_solver board whose blanks happen to be '/' or '?' is not a link. */
static void letter_rows_are_not_links(void **state) {
    (void)state;
    gopt_text t;
    gopt_text_from_string(&t, "t", "A/B?\n.A/B\n");
    assert_int_equal(gopt_flow_guess_format(&t), GOPT_FLOW_FLOW_SOLVER);
    gopt_text_free(&t);
}

static void errors_name_the_place(void **state) {
    (void)state;
    expect_error("https://puzz.link/p?numlin/5/5/1j2h3m1h2j", "t:1:42: the link's body ends after 24 of the board's 25 cells");
    expect_error("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3x", "t:1:43: unexpected 'x' after the last cell of the board");
    expect_error("https://puzz.link/p?numlin/5/5/1j2h3m1h2k3", "t:1:42: unexpected '3' after the last cell of the board");
    expect_error("https://puzz.link/p?numlin/5/5/1j2h3m1h2l3", "t:1:41: 'l' skips 6 cells, but only 5 are left");
    expect_error("https://puzz.link/p?numlin/5/5/1j2h/3m1h2j3",
                 "t:1:36: expected a number (0-9 a-f, or - + = % @ * $ and hex digits) or g-z (empty cells), found '/'");
    expect_error("https://puzz.link/p?numlin/5/5/1j2h3m1h2j-3",
                 "t:1:42: expected a number (0-9 a-f, or - + = % @ * $ and hex digits) or g-z (empty cells), found '-'");
    expect_error("https://puzz.link/p?numlin/5/5/1j2h3m1h2j.",
                 "t:1:42: a number left unknown ('.', '?' on the page): the puzzle needs every endpoint's number");
    expect_error("https://puzz.link/p?numlin/5/5/1j2h3m1h2j0", "t:1:42: number 0: Numberlink's numbers start at 1");
    expect_error("https://puzz.link/p?numlin/5/5/1j1h3m1h2j3", "t:1:38: colour '1' has more than two endpoints");
    expect_error("https://puzz.link/p?numlin/5/5/1j2h3m1h4j3", "t:1:34: colour '2' has one endpoint (it needs two)");
    expect_error("https://puzz.link/p?numlin/5/x/1", "t:1:30: expected a number, found 'x'");
    expect_error("https://puzz.link/p?numlin/0/5/1", "t:1:28: number out of range (expected 1..4194304)");
    expect_error("https://puzz.link/p?numlin/100000/100000/1", "t:1:28: board size 100000x100000 is out of range");
    expect_error("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3 and more",
                 "t:1:44: unexpected text after the link (one puzzle link per line)");
    expect_error("https://puzz.link/p?country/5/5/amda0uf02h12h",
                 "t:1:21: a link to the puzzle type 'country', not Numberlink: expected ?numlin/COLS/ROWS/...");
    /* found by the fuzz target: a link ending at the puzzle type read past its end (a crash) */
    expect_error("https://puzz.link/p?numlin/6/6/j4h14m2n2h133k\nhttp://pzv.jp/p.html?numlin/\n",
                 "t:2:28: expected '/' and the board's size after the puzzle type");
    expect_error("https://puzz.link/p?numlin/5/", "t:1:29: expected '/' and the number of rows after the columns");
    expect_error("https://puzz.link/list", "t:1:1: a link without a puzzle in it: expected ?numlin/COLS/ROWS/... (puzz.link's Numberlink)");
}

/* A declared size the body cannot hold (each character covers at most 20 cells) is refused at
 * the size, before a board is made: 2000x2000 would be 4 million cells (760 MB). */
static void a_size_beyond_the_body_is_refused_first(void **state) {
    (void)state;
    expect_error("https://puzz.link/p?numlin/2000/2000/1j2h3m1h2j3",
                 "t:1:28: the link's body (11 characters) cannot hold 4000000 cells (20 at most per character)");
    expect_error("https://puzz.link/p?numlin/5/5",
                 "t:1:28: the link's body (0 characters) cannot hold 25 cells (20 at most per character)");
}

/* pzprv3 files (rows first): a 5-column, 2-row board from pzprjs's own test (its input test
 * "newboard,5,2"), as a file and as a link; written back as the file with no lines. */
static void pzprv3_files_put_rows_first(void **state) {
    (void)state;
    static const char *const forms[] = {
        "pzprv3\nnumlin\n2\n5\n. . . 1 . \n2 1 . . 2 \n1 1 1 0 \n0 1 1 1 \n0 0 1 0 0 \nhistory:{}\n",
        "https://puzz.link/p?pzprv3/numlin/2/5/.%20.%20.%201%20.%20/2%201%20.%20.%202%20/1%201%201%200%20/0%201%201%201%20/"
        "0%200%201%200%200%20/",
    };
    for (int i = 0; i < 2; i++) {
        gopt_flow_puzzle *p = read_one(forms[i]);
        assert_int_equal(p->format, i == 0 ? GOPT_FLOW_PZPRV3 : GOPT_FLOW_PUZZLINK);
        assert_int_equal(p->rows, 2);
        assert_int_equal(p->cols, 5);
        assert_true(p->partial && p->untouching);
        assert_string_equal(p->label[p->colour[3]], "1");
        assert_string_equal(p->label[p->colour[5]], "2");
        char *text = gopt_flow_write(p, NULL);
        assert_string_equal(text, i == 0 ? "pzprv3\nnumlin\n2\n5\n. . . 1 . \n2 1 . . 2 \n0 0 0 0 \n0 0 0 0 \n0 0 0 0 0 \n"
                                         : "https://puzz.link/p?numlin/5/2/i1g21h2\n");
        free(text);
        gopt_flow_free(p);
    }
    expect_error("pzprv3\nnumlin\n2\n5\n. . . 1 . \n2 1 . . 2 \n1 1 1 0 \n0 1 2 1 \n", "t:8:5: expected a line state (1 a line, 0 none, -1 a cross), found '2'");
    expect_error("pzprv3\nnumlin\n2\n5\n. . . 1 . \n2 1 . . 2 \n1 1 1 0 \n", "t:8:1: the file ends before the vertical line row 2");
    expect_error("pzprv3\ncountry\n2\n5\n", "t:2:1: a pzprv3 file of 'country', not Numberlink ('numlin')");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(real_links_write_back_the_same),
        cmocka_unit_test(pasted_forms_read_the_same),
        cmocka_unit_test(numbers_of_every_width),
        cmocka_unit_test(letter_rows_are_not_links),
        cmocka_unit_test(errors_name_the_place),
        cmocka_unit_test(a_size_beyond_the_body_is_refused_first),
        cmocka_unit_test(pzprv3_files_put_rows_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
