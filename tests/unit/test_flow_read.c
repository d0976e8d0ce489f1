/* Flow: the five readers (models built, formats guessed), the writers (round trips), and
 * errors that name the right place. */
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

/* Reads the first puzzle of `text` (format < 0 guesses); fails the test on an error. */
static gopt_flow_puzzle *read_one(const char *text, int format, int partial) {
    gopt_text t;
    gopt_text_from_string(&t, "t", text);
    gopt_error err = {0};
    gopt_flow_puzzle *p = NULL;
    int r = gopt_flow_read(&t, format, partial, &p, &err);
    if (r != 1) {
        char buf[600];
        fail_msg("read failed: %s", gopt_error_text(&err, buf, sizeof buf));
    }
    gopt_text_free(&t);
    return p;
}

/* The error text for reading `text`, e.g. "t:2:3: ..." */
static char *read_error(const char *text, int format) {
    gopt_text t;
    gopt_text_from_string(&t, "t", text);
    gopt_error err = {0};
    gopt_flow_puzzle *p = NULL;
    int r;
    while ((r = gopt_flow_read(&t, format, -1, &p, &err)) == 1) gopt_flow_free(p);
    gopt_text_free(&t);
    assert_int_equal(r, -1);
    assert_true(err.set);
    char buf[600];
    return gopt_strdup(gopt_error_text(&err, buf, sizeof buf));
}

/* (A guessed format's hint, " (read as ..."), is checked in its own test.) */
static void expect_error(const char *text, int format, const char *want) {
    char *got = read_error(text, format);
    char *hint = strstr(got, " (read as ");
    if (hint && format < 0) *hint = 0;
    if (strcmp(got, want) != 0) fail_msg("error '%s', expected '%s'", got, want);
    free(got);
}

/* A format guessed from the board's shape names itself in an error, and says how to force
 * another; a forced format does not. */
static void misguessed_format_says_so(void **state) {
    (void)state;
    char *got = read_error("3 3\nab.\n..\nba.\n", -1);
    assert_string_equal(got, "t:3:1: row 2 has 2 cells, expected 3 (read as thomasahle, guessed from the first lines; --format "
                             "flow_solver|thomasahle|intgrid|houston|json|adc|samgoldman reads another)");
    free(got);
    got = read_error("3 3\nab.\n..\nba.\n", GOPT_FLOW_FLOW_SOLVER);
    assert_string_equal(got, "t:3:1: row 3 has 2 cells, the rows above have 3");
    free(got);
}

/* The new formats: digits as colours, the integer grid, JSON levels (many per file). */
static void reads_intgrid_json_and_digits(void **state) {
    (void)state;
    gopt_text t;
    gopt_error err = {0};
    gopt_flow_puzzle *p = NULL;
    gopt_text_from_string(&t, "t", "3 2\n1 0 1\n2 0 2\n0 0\n");
    assert_int_equal(gopt_flow_guess_format(&t), GOPT_FLOW_INTGRID);
    assert_int_equal(gopt_flow_read(&t, -1, -1, &p, &err), 1);
    assert_true(p->partial && p->untouching);
    assert_int_equal(p->ncolours, 2);
    assert_string_equal(p->label[1], "2");
    char *text = gopt_flow_write(p, NULL);
    assert_string_equal(text, "3 2\n1 0 1\n2 0 2\n");
    free(text);
    gopt_flow_free(p);
    assert_int_equal(gopt_flow_read(&t, -1, -1, &p, &err), 0);
    gopt_text_free(&t);

    gopt_text_from_string(&t, "t", "{\"levels\": [{\"grid\": [[\"red\", \"\", \"red\"]]}, [[\"darkblue\", null], [\"darkblue\", \"\"]]]}");
    assert_int_equal(gopt_flow_read(&t, -1, -1, &p, &err), 1);
    assert_false(p->partial || p->untouching);
    assert_string_equal(p->label[0], "red");
    gopt_flow_free(p);
    assert_int_equal(gopt_flow_read(&t, -1, -1, &p, &err), 1);
    assert_int_equal(p->rows, 2);
    assert_string_equal(p->label[0], "darkblue");
    text = gopt_flow_write(p, NULL);
    assert_string_equal(text, "{\"grid\":[[\"darkblue\",\"\"],[\"darkblue\",\"\"]]}\n");
    free(text);
    gopt_flow_free(p);
    assert_int_equal(gopt_flow_read(&t, -1, -1, &p, &err), 0);
    gopt_text_free(&t);

    gopt_text_from_string(&t, "t", "1.2\n1.2\n");
    assert_int_equal(gopt_flow_read(&t, -1, -1, &p, &err), 1);
    assert_int_equal(p->format, GOPT_FLOW_FLOW_SOLVER);
    assert_int_equal(p->ncolours, 2);
    gopt_flow_free(p);
    gopt_text_free(&t);

    char *e = read_error("[[\"a\", \"\"], [\"a\"]]", -1);
    assert_string_equal(e, "t:1:1: row 2 of the JSON grid has 1 cells, the rows above have 2");
    free(e);
    e = read_error("[[\"a\", \"a\"]", -1);
    assert_non_null(strstr(e, "JSON: "));
    free(e);
    e = read_error("2 1\n1 x\n", GOPT_FLOW_INTGRID);
    assert_non_null(strstr(e, "t:2:3: "));
    free(e);
}

static void guesses_formats(void **state) {
    (void)state;
    static const struct {
        const char *text;
        gopt_flow_format want;
    } cases[] = {
        {"A.B\n.AB\n", GOPT_FLOW_FLOW_SOLVER},
        {"# comment\n3 2\nA.B\n.AB\n", GOPT_FLOW_THOMASAHLE},
        {"\n\n2 3 3\n(0, 0) (1, 1)\n", GOPT_FLOW_HOUSTON},
        {"SIZE 3X3\nLINE_NUM 1\n", GOPT_FLOW_ADC},
        {"WARPS\n.-.\n", GOPT_FLOW_SAMGOLDMAN},
        {"#A.\n.A.\n", GOPT_FLOW_FLOW_SOLVER}, /* '#' is a blank cell here */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gopt_text t;
        gopt_text_from_string(&t, "t", cases[i].text);
        assert_int_equal(gopt_flow_guess_format(&t), cases[i].want);
        gopt_text_free(&t);
    }
}

static void reads_flow_solver_boards(void **state) {
    (void)state;
    gopt_flow_puzzle *p = read_one("R.G.Y\n..B.O\n.....\n.G.Y.\n.RBO.\n", -1, -1);
    assert_int_equal(p->format, GOPT_FLOW_FLOW_SOLVER);
    assert_int_equal(p->rows, 5);
    assert_int_equal(p->cols, 5);
    assert_int_equal(p->nnodes, 25);
    assert_int_equal(p->nedges, 40);
    assert_int_equal(p->ncolours, 5);
    assert_true(p->plain);
    assert_false(p->partial);
    assert_string_equal(p->label[0], "R");
    assert_int_equal(p->ends[0][0], 0);
    assert_int_equal(p->ends[0][1], 4 * 5 + 1);
    char *text = gopt_flow_write(p, NULL);
    assert_string_equal(text, "R.G.Y\n..B.O\n.....\n.G.Y.\n.RBO.\n");
    free(text);
    gopt_flow_free(p);
}

static void reads_thomasahle_files(void **state) {
    (void)state;
    const char *text = "# two puzzles\n3 2\na.b\na.b\n\n2 1\n11\n0 0\nthis is not read\n";
    gopt_text t;
    gopt_text_from_string(&t, "t", text);
    gopt_error err = {0};
    gopt_flow_puzzle *p;
    assert_int_equal(gopt_flow_read(&t, -1, -1, &p, &err), 1);
    assert_int_equal(p->cols, 3);
    assert_int_equal(p->rows, 2);
    char *out = gopt_flow_write(p, NULL);
    assert_string_equal(out, "3 2\na.b\na.b\n");
    free(out);
    gopt_flow_free(p);
    assert_int_equal(gopt_flow_read(&t, -1, -1, &p, &err), 1);
    assert_int_equal(p->ncolours, 1);
    assert_string_equal(p->label[0], "1");
    gopt_flow_free(p);
    assert_int_equal(gopt_flow_read(&t, -1, -1, &p, &err), 0); /* "0 0" ends the file */
    gopt_text_free(&t);
}

static void reads_houston_lists(void **state) {
    (void)state;
    gopt_flow_puzzle *p = read_one("2 4 3\n(0, 0) (3, 2)\n(1,0) (0,2)\n", -1, -1);
    assert_int_equal(p->format, GOPT_FLOW_HOUSTON);
    assert_int_equal(p->cols, 4);
    assert_int_equal(p->rows, 3);
    assert_string_equal(p->label[1], "B");
    assert_int_equal(p->ends[0][1], 2 * 4 + 3); /* x is the column, y the row */
    char *out = gopt_flow_write(p, NULL);
    assert_string_equal(out, "2 4 3\n(0, 0) (3, 2)\n(1, 0) (0, 2)\n");
    free(out);
    gopt_flow_free(p);
}

static void reads_contest_questions(void **state) {
    (void)state;
    gopt_flow_puzzle *p = read_one("SIZE 4X3\nLINE_NUM 2\nLINE#1 (0,0)-(3,2)\nLINE#2 (1,0)-(0,2)\n", -1, -1);
    assert_int_equal(p->format, GOPT_FLOW_ADC);
    assert_true(p->partial); /* contest rules */
    assert_string_equal(p->label[1], "2");
    gopt_flow_free(p);
    /* 2016 and 2018 forms: layers, the second point after a space */
    p = read_one("SIZE 3X3X2\r\nLINE_NUM 2\r\n\r\nLINE#1 (0,0,1) (2,2,1)\r\nLINE#2 (0,2,1) (2,0,2)\r\n", -1, 0);
    assert_false(p->partial);
    assert_int_equal(p->layers, 2);
    assert_int_equal(p->nnodes, 18);
    assert_int_equal(p->nedges, 2 * 12 + 9);
    assert_false(p->plain);
    assert_int_equal(p->ends[1][1], 9 + 2);
    char *out = gopt_flow_write(p, NULL);
    assert_string_equal(out, "SIZE 3X3X2\nLINE_NUM 2\nLINE#1 (0,0,1) (2,2,1)\nLINE#2 (0,2,1) (2,0,2)\n");
    free(out);
    gopt_flow_free(p);
}

/* Links per node, in direction order. */
static int degree(const gopt_flow_puzzle *p, int v) { return p->link_start[v + 1] - p->link_start[v]; }

static void reads_drawings_with_bridges_warps_and_hexes(void **state) {
    (void)state;
    gopt_flow_puzzle *p = read_one("BRIDGES\n  A-B\n  | |\nA-*-.\n  | |\n  B-.\n", -1, -1);
    assert_int_equal(p->format, GOPT_FLOW_SAMGOLDMAN);
    assert_int_equal(p->nnodes, 8); /* seven cells, the bridge twice */
    int bridge = p->at[1 * p->cols + 1];
    assert_int_equal(p->kind[bridge], GOPT_FLOW_BRIDGE_H);
    assert_int_equal(p->kind[bridge + 1], GOPT_FLOW_BRIDGE_V);
    assert_int_equal(degree(p, bridge), 2);     /* left and right */
    assert_int_equal(degree(p, bridge + 1), 2); /* up and down */
    assert_int_equal(p->at[0], -1);             /* a hole */
    assert_false(p->plain);
    gopt_flow_free(p);

    p = read_one("WARPS\nA-.-B-\n| |  \n.-.-.-\n|     \nA .-B\n", -1, -1);
    int first = p->at[0], last = p->at[2];
    bool warp = false;
    for (int i = p->link_start[last]; i < p->link_start[last + 1]; i++)
        if (p->links[i].node == first) warp = p->links[i].warp && p->links[i].dir == GOPT_FLOW_E;
    assert_true(warp);
    /* a wall: no link between the last row's first two cells */
    assert_int_equal(degree(p, p->at[2 * p->cols + 0]), 1);
    gopt_flow_free(p);

    p = read_one("HEX\n  A   B\n /|\\ /|\\\nB-.-.-.-A\n", -1, -1);
    int centre = p->at[1 * p->cols + 1];
    assert_int_equal(degree(p, centre), 3); /* left, right, up-right: '\' and '|' from above */
    char *out = gopt_flow_write(p, NULL);
    assert_string_equal(out, "HEX\n  A   B\n /|\\ /|\\\nB-.-.-.-A\n");
    free(out);
    gopt_flow_free(p);
}

static void errors_name_the_place(void **state) {
    (void)state;
    expect_error("A.B\nAB\n", GOPT_FLOW_FLOW_SOLVER, "t:2:1: row 2 has 2 cells, the rows above have 3");
    expect_error("A.A\n.A.\n", -1, "t:2:2: colour 'A' has more than two endpoints");
    expect_error("A..\n.B.\nB..\n", -1, "t:1:1: colour 'A' has one endpoint (it needs two)");
    expect_error("...\n...\n", -1, "t:1:1: the board has no endpoints");
    expect_error("3 2\na.b\nab\n", -1, "t:3:1: row 2 has 2 cells, expected 3");
    expect_error("3 2\na b\na.b\n", -1, "t:2:2: unexpected a space in a board row");
    expect_error("3 3\na.b\na.b\n", -1, "t:4:1: expected 1 more rows of the 3x3 board");
    expect_error("2 3 3\n(0, 0) (1, 1)\n(3, 0) (0, 1)\n", -1, "t:3:2: number out of range (expected 0..2)");
    expect_error("1 3 3\n(0, 0) (0, 0)\n", -1, "t:2:8: (0, 0) is an endpoint already");
    expect_error("SIZE 3X3\nLINE_NUM 1\nLINE#1 (0,0)-(3,0)\n", -1, "t:3:15: number out of range (expected 0..2)");
    expect_error("SIZE 3X3\nLINE_NUM 2\nLINE#1 (0,0)-(2,0)\nLINE#1 (0,1)-(2,1)\n", -1, "t:4:1: LINE#1 appears twice");
    expect_error("SIZE 3X3\nLINE_NUM 1\nLINES (0,0)-(2,0)\n", -1, "t:3:1: expected 'LINE#'");
    expect_error("HEXES\nA-A\n", GOPT_FLOW_SAMGOLDMAN, "t:1:1: expected STANDARD, BRIDGES, HEX or WARPS");
    expect_error("STANDARD\nA-A\n | \nB-B\n", -1, "t:3:2: '|' must sit between two cells");
    expect_error("STANDARD\nA-A  -\n| |\nB-B\n", -1, "t:2:6: '-' joins no cell on its left");
    expect_error("STANDARD\nA-A\n|-|\nB-B\n", -1, "t:3:2: '-' must sit between two cells");
    expect_error("STANDARD\nA-A\nB-B\n", -1, "t:3:1: cells sit at even rows and columns of the drawing (cells and links alternate)");
    expect_error("STANDARD\nA-.\n|  \n.-A\n  x\n", -1, "t:5:3: cells sit at even rows and columns of the drawing (cells and links alternate)");
    expect_error("STANDARD\nA-?\n", -1, "t:2:3: unexpected '?' in the drawing");
    expect_error("BRIDGES\nA-.\n|/|\n*-A\n", -1, "t:3:2: a bridge has no diagonal links");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(misguessed_format_says_so),
        cmocka_unit_test(reads_intgrid_json_and_digits),
        cmocka_unit_test(guesses_formats),
        cmocka_unit_test(reads_flow_solver_boards),
        cmocka_unit_test(reads_thomasahle_files),
        cmocka_unit_test(reads_houston_lists),
        cmocka_unit_test(reads_contest_questions),
        cmocka_unit_test(reads_drawings_with_bridges_warps_and_hexes),
        cmocka_unit_test(errors_name_the_place),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
