/* Flood-It model: every input format, errors with positions, writing boards back, moves as
 * text, the start cell, the checker, and the optima of the hand cases. */
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

/* Parses the first board of `text` in `format` (NULL: guess) with options o (may be NULL). */
static gopt_flood_puzzle *parse_one(const char *text, const char *format, const gopt_options *o, gopt_error *err) {
    gopt_text t;
    gopt_text_from_string(&t, "in", text);
    gopt_flood_puzzle *p = NULL;
    int r = gopt_flood_read(&t, format, o, &p, err);
    gopt_text_free(&t);
    return r == 1 ? p : NULL;
}

/* The error text for bad input, e.g. "in:2:3: ...". */
static const char *parse_error(const char *text, const char *format, char *buf, size_t size) {
    gopt_error err = {0};
    gopt_flood_puzzle *p = parse_one(text, format, NULL, &err);
    assert_null(p);
    assert_true(err.set);
    return gopt_error_text(&err, buf, size);
}

static int count_boards(const char *text, const char *format) {
    gopt_text t;
    gopt_error err = {0};
    gopt_text_from_string(&t, "in", text);
    int n = 0;
    gopt_flood_puzzle *p;
    while (gopt_flood_read(&t, format, NULL, &p, &err) == 1) {
        gopt_flood_free(p);
        n++;
    }
    assert_false(err.set);
    gopt_text_free(&t);
    return n;
}

static void grid_and_blocks(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_flood_puzzle *p = parse_one("# a comment\nabc\ncab\n", NULL, NULL, &err);
    assert_non_null(p);
    assert_int_equal(p->w, 3);
    assert_int_equal(p->h, 2);
    assert_int_equal(p->ncolours, 3);
    assert_string_equal(p->names[0], "a");
    assert_int_equal(p->cells[3], 2); /* 'c' is the third colour */
    assert_int_equal(p->start, 0);
    gopt_flood_free(p);
    assert_string_equal(gopt_flood_guess_format("12\n21\n\n11\n22\n", 12), "blocks");
    assert_int_equal(count_boards("12\n21\n\n11\n22\n\n# end\n", NULL), 2);
}

static void compact_lines(void **state) {
    (void)state;
    char line[200];
    for (int i = 0; i < 196; i++) line[i] = (char)('1' + i % 6);
    line[196] = 0;
    char text[500];
    snprintf(text, sizeof text, "%s\n%s\n", line, line);
    assert_string_equal(gopt_flood_guess_format(text, strlen(text)), "compact");
    assert_int_equal(count_boards(text, NULL), 2);
    gopt_error err = {0};
    gopt_flood_puzzle *p = parse_one(text, NULL, NULL, &err);
    assert_int_equal(p->w, 14);
    assert_int_equal(p->h, 14);
    gopt_flood_free(p);
    char buf[300];
    assert_string_equal(parse_error("12345\n", "compact", buf, sizeof buf),
                        "in:1:1: a compact board is one line of n*n colours; this line has 5");
}

/* n rows of w characters (colours 1..6 in turn), after an optional first line. */
static char *rows_text(const char *first, int w, int h) {
    gopt_buf b = {0};
    gopt_buf_puts(&b, first ? first : "");
    for (int r = 0; r < h; r++) {
        for (int c = 0; c < w; c++) gopt_buf_putc(&b, (char)('1' + (r * 7 + c * 3) % 6));
        gopt_buf_putc(&b, '\n');
    }
    return gopt_buf_take(&b);
}

static const char *guess_of(const char *first, int w, int h) {
    char *text = rows_text(first, w, h);
    const char *f = gopt_flood_guess_format(text, strlen(text));
    free(text);
    return f;
}

/* Issue 37 item 3 and issue 35 item 1: a guess fits the whole text; a declared or evident
 * shape decides between grid and compact; when nothing does, the text is refused. */
static void guesses_fit_the_whole_text(void **state) {
    (void)state;
    assert_null(guess_of(NULL, 36, 20));   /* one 36x20 grid, or 20 compact 6x6 boards */
    assert_null(guess_of(NULL, 49, 10));
    assert_null(guess_of(NULL, 100, 99));
    assert_string_equal(guess_of("# size 36x20\n", 36, 20), "grid");
    assert_string_equal(guess_of("# Size 6X6\n", 36, 20), "compact");
    assert_string_equal(guess_of(NULL, 121, 121), "grid");   /* a square grid */
    assert_string_equal(guess_of(NULL, 25, 1), "compact");   /* one line: a square board */
    assert_string_equal(guess_of(NULL, 196, 999), "compact"); /* a published set */
    assert_string_equal(guess_of(NULL, 784, 10), "compact"); /* b28c6: 10 boards of 28x28 */
    assert_string_equal(guess_of(NULL, 4, 3), "grid");       /* rows too short for compact */
    assert_string_equal(guess_of(NULL, 35, 20), "grid");     /* not n*n: only a grid */
    assert_string_equal(gopt_flood_guess_format("12\n21\n\n11\n22\n", 12), "blocks");
    /* rows of different lengths that are each n*n: compact only */
    assert_string_equal(gopt_flood_guess_format("1234\n123412341\n", 15), "compact");
    /* not Flood-It at all: a Flow Free board, a JSON level */
    assert_null(gopt_flood_guess_format("B.R.Y\n..G..\n.....\n.R.G.\n.B.Y.\n", 30));
    assert_null(gopt_flood_guess_format("{\"grid\":[[\"red\",\"\"]]}\n", 21));

    char buf[600];
    char *text = rows_text(NULL, 36, 20);
    assert_string_equal(parse_error(text, NULL, buf, sizeof buf),
                        "in:1:1: 20 rows of 36 colours read as one 36x20 grid or as 20 compact 6x6 boards (one per "
                        "line); say which: --format grid or --format compact, or a line '# size 36x20' (grid) or "
                        "'# size 6x6' (compact) before the board");
    free(text);
    text = rows_text("# size 36x21\n", 36, 20);
    assert_string_equal(parse_error(text, NULL, buf, sizeof buf),
                        "in:2:1: the board after '# size 36x21' (line 1) is not of that size: 20 rows of 36 colours");
    free(text);
    /* one line of n*n is the nxn board, and lines all of one n*n length a compact set: both
     * evident, no warning on every ordinary file */
    gopt_text t;
    gopt_text_from_string(&t, "in", "1234512345123451234512345\n");
    gopt_flood_puzzle *p = NULL;
    gopt_error err = {0};
    assert_int_equal(gopt_flood_read(&t, NULL, NULL, &p, &err), 1);
    assert_int_equal(p->w, 5);
    assert_int_equal(p->h, 5);
    assert_string_equal(t.warning, "");
    gopt_flood_free(p);
    gopt_text_free(&t);
    /* a grid 16 wide and 4 tall (rows that also read as four 4x4 boards): a grid, said so */
    gopt_text_from_string(&t, "in", "0120120120120120\n1201201201201201\n2012012012012012\n0000111122220000\n");
    assert_int_equal(gopt_flood_read(&t, NULL, NULL, &p, &err), 1);
    assert_int_equal(p->w, 16);
    assert_int_equal(p->h, 4);
    assert_string_equal(t.warning, "in:1:1: read as a 16x4 grid; its rows also read as 4 compact 4x4 boards "
                                   "(--format compact)");
    gopt_flood_free(p);
    gopt_text_free(&t);
    /* our writer declares the shape where a reader could doubt */
    p = gopt_flood_new(36, 2, 3);
    char *w = gopt_flood_write(p, NULL, "grid");
    assert_memory_equal(w, "# size 36x2\n", 12);
    free(w);
    gopt_flood_free(p);
}

/* Issue 35 item 2: a declared size the rest of the input cannot hold is refused before a board
 * of that size is made; the size message does not contradict itself (issue 37 item 6). */
static void declared_sizes_the_input_cannot_hold(void **state) {
    (void)state;
    char buf[600];
    assert_string_equal(parse_error("2048 2048 6\n1 2 3\n", "99problems", buf, sizeof buf),
                        "in:1:1: a 2048x2048 board needs 4194304 cells, and the rest of the input (7 bytes) cannot "
                        "hold them");
    assert_string_equal(parse_error("2048 2048\n0 0\na b\n", "puchert", buf, sizeof buf),
                        "in:1:1: a 2048x2048 board needs 4194304 cells, and the rest of the input (5 bytes) cannot "
                        "hold them");
    assert_string_equal(parse_error("2048x2048c6:0123,5\n", "tatham", buf, sizeof buf),
                        "in:1:17: the ID has 4 cells, a 2048x2048 board needs 4194304");
    assert_string_equal(parse_error("4096 4096 6\n1\n", "99problems", buf, sizeof buf),
                        "in:1:1: a 4096x4096 board has 16777216 cells; at most 4194304 (2048x2048) are read");
}

static void problems99_with_optimum(void **state) {
    (void)state;
    const char *text = "3 2 3\n1 2 3 3 2 1 \n4\n";
    assert_string_equal(gopt_flood_guess_format(text, strlen(text)), "99problems");
    gopt_error err = {0};
    gopt_flood_puzzle *p = parse_one(text, NULL, NULL, &err);
    assert_non_null(p);
    assert_int_equal(p->w, 3);
    assert_int_equal(p->h, 2);
    assert_int_equal(p->expected, 4);
    assert_int_equal(p->cells[2], 2);
    gopt_flood_free(p);
    char buf[300];
    assert_string_equal(parse_error("2 2 3\n1 2 4 1\n", "99problems", buf, sizeof buf),
                        "in:2:5: number out of range (expected 1..3)");
    assert_string_equal(parse_error("2 2 3\n1 2 3\n", "99problems", buf, sizeof buf),
                        "in:3:1: unexpected end of input: 3 of 4 cells read");
}

static void puchert_names_and_origin(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_flood_puzzle *p = parse_one("2 3\n1 2\nred blue red\nblue red green\n", NULL, NULL, &err);
    assert_non_null(p);
    assert_int_equal(p->w, 3);
    assert_int_equal(p->h, 2);
    assert_int_equal(p->start, 5);
    assert_true(p->tokens);
    assert_string_equal(p->names[0], "blue"); /* sorted names */
    uint8_t *moves;
    char why[100];
    int n = gopt_flood_moves_parse(p, "red green blue", &moves, why, sizeof why, NULL);
    assert_int_equal(n, 3);
    char *text = gopt_flood_moves_text(p, moves, n);
    assert_string_equal(text, "red green blue");
    free(text);
    free(moves);
    size_t bad = 0;
    assert_int_equal(gopt_flood_moves_parse(p, "red mauve", &moves, why, sizeof why, &bad), -1);
    assert_string_equal(why, "'mauve' is not a colour of this board");
    assert_int_equal(bad, 4);
    gopt_flood_free(p);
    char buf[300];
    assert_string_equal(parse_error("2 2\n0 2\na b\nc d\n", "puchert", buf, sizeof buf),
                        "in:2:3: number out of range (expected 0..1)");
}

static void tatham_ids(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_flood_puzzle *p = parse_one("3x2c4m2:012321,7\tignored columns\n", NULL, NULL, &err);
    assert_non_null(p);
    assert_int_equal(p->ncolours, 4);
    assert_int_equal(p->limit, 7);
    assert_int_equal(p->leniency, 2);
    assert_int_equal(p->cells[3], 3);
    char *back = gopt_flood_write(p, NULL, "tatham");
    assert_string_equal(back, "3x2c4m2:012321,7\n");
    free(back);
    gopt_flood_free(p);
    p = parse_one("2x2:0110,3\n", "tatham", NULL, &err); /* no c: the digits say */
    assert_int_equal(p->ncolours, 2);
    gopt_flood_free(p);
    char buf[300];
    assert_string_equal(parse_error("3x2c3:012321,7\n", "tatham", buf, sizeof buf),
                        "in:1:10: colour 3 is not below the ID's 3 colours");
    assert_string_equal(parse_error("3x2c6#12345\n", "tatham", buf, sizeof buf),
                        "in:1:6: a random-seed ID (WxH#seed) needs Tatham's generator; use the game ID "
                        "(Game > Specific...) instead");
    assert_string_equal(parse_error("3x2:0123,7\n", "tatham", buf, sizeof buf),
                        "in:1:9: the ID has 4 cells, a 3x2 board needs 6");
}

static void bad_grids_say_where(void **state) {
    (void)state;
    char buf[300];
    assert_string_equal(parse_error("ab\nabc\n", "grid", buf, sizeof buf), "in:2:1: row 2 has 3 cells, the rows above have 2");
    assert_string_equal(parse_error("abc\na b\n", "grid", buf, sizeof buf),
                        "in:2:2: unexpected space in a board row (colours are single characters; use --format "
                        "puchert for words)");
    assert_string_equal(parse_error("a#\n", "grid", buf, sizeof buf), "in:1:2: '#' cannot be a colour (it starts a comment)");
    /* 65 distinct colours */
    char row[80];
    for (int i = 0; i < 65; i++) row[i] = (char)('!' + i + (i >= 2)); /* skip '#' */
    row[65] = 0;
    assert_string_equal(parse_error(row, "grid", buf, sizeof buf), "in:1:65: more than 64 colours");
}

static void start_cells(void **state) {
    (void)state;
    char why[100];
    assert_int_equal(gopt_flood_start_cell("ul", 4, 3, why, sizeof why), 0);
    assert_int_equal(gopt_flood_start_cell("lr", 4, 3, why, sizeof why), 11);
    assert_int_equal(gopt_flood_start_cell("m", 4, 3, why, sizeof why), 6);
    assert_int_equal(gopt_flood_start_cell("2,3", 4, 3, why, sizeof why), 6);
    assert_int_equal(gopt_flood_start_cell("4,1", 4, 3, why, sizeof why), -1);
    assert_string_equal(why, "--start 4,1 is outside the 4x3 board");
    assert_true(gopt_flood_start_valid("10,2"));
    assert_false(gopt_flood_start_valid("10;2"));
    gopt_options o;
    gopt_options_init(&o);
    gopt_error err = {0};
    assert_true(gopt_options_set(&o, &gopt_game_flood, "solve", "start", "lr", &err));
    gopt_flood_puzzle *p = parse_one("12\n34\n", NULL, &o, &err);
    assert_int_equal(p->start, 3);
    gopt_flood_free(p);
}

static void writers_round_trip(void **state) {
    (void)state;
    const char *formats[] = {"grid", "99problems", "puchert", "tatham"};
    gopt_error err = {0};
    gopt_flood_puzzle *p = parse_one("0120\n2201\n1002\n", NULL, NULL, &err);
    for (size_t f = 0; f < sizeof formats / sizeof *formats; f++) {
        char *text = gopt_flood_write(p, NULL, formats[f]);
        gopt_flood_puzzle *q = parse_one(text, formats[f], NULL, &err);
        assert_non_null(q);
        assert_int_equal(q->w, p->w);
        assert_int_equal(q->h, p->h);
        assert_memory_equal(q->cells, p->cells, (size_t)(p->w * p->h));
        gopt_flood_free(q);
        free(text);
    }
    gopt_flood_free(p);
}

static void checker_replays_cells(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_flood_puzzle *p = parse_one("123\n132\n223\n", NULL, NULL, &err);
    uint8_t good[] = {1, 2, 1}, short_[] = {1, 2}, bad[] = {1, 7};
    char why[200];
    assert_true(gopt_flood_check(p, good, 3, why, sizeof why));
    assert_false(gopt_flood_check(p, short_, 2, why, sizeof why));
    assert_string_equal(why, "after 2 moves 1 of 9 cells are not flooded");
    assert_false(gopt_flood_check(p, bad, 2, why, sizeof why));
    assert_string_equal(why, "move 2 is colour number 7; the board has 3 colours");
    gopt_flood_free(p);
}

/* The hand cases of the shared tiny-cases file, typed in: grid rows and optimum. */
static void hand_cases_optima(void **state) {
    (void)state;
    const struct {
        const char *grid;
        int optimum;
    } cases[] = {
        {"123\n132\n223\n", 3}, {"111\n111\n111\n", 0}, {"123\n231\n312\n", 4},
        {"123\n312\n231\n", 5}, {"00122\n34001\n00024\n13334\n30402\n", 7},
    };
    const char *methods[] = {"astar", "ida", "dfbnb"};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        gopt_error err = {0};
        gopt_flood_puzzle *p = parse_one(cases[i].grid, NULL, NULL, &err);
        for (size_t m = 0; m < 3; m++) {
            gopt_options o;
            gopt_options_init(&o);
            o.method = methods[m];
            gopt_answer a = {.name = "case"};
            assert_int_equal(gopt_game_solve_checked(&gopt_game_flood, p, &o, &a), GOPT_SOLVED);
            const gopt_flood_solution *s = a.solution;
            const gopt_flood_result *r = a.extra;
            assert_int_equal(s->length, cases[i].optimum);
            assert_true(r->optimal);
            gopt_answer_free(&gopt_game_flood, &a);
        }
        assert_true(gopt_flood_lower_bound(p) <= cases[i].optimum);
        gopt_flood_free(p);
    }
}

/* Wide boards take the kernels' any-width path (more than 9 words of regions): a 25x25
 * checkerboard has 625 regions, each move takes one layer, so the optimum is the distance
 * to the far corner, 48; every method agrees and the answers check. */
static void wide_boards_use_any_width(void **state) {
    (void)state;
    gopt_flood_puzzle *p = gopt_flood_new(25, 25, 2);
    for (int r = 0; r < 25; r++)
        for (int c = 0; c < 25; c++) p->cells[r * 25 + c] = (uint8_t)((r + c) % 2);
    assert_int_equal(gopt_flood_regions(p), 625);
    const char *methods[] = {"astar", "ida", "dfbnb", "greedy", "lookahead", "beam"};
    for (size_t m = 0; m < sizeof methods / sizeof *methods; m++) {
        gopt_options o;
        gopt_options_init(&o);
        o.method = methods[m];
        gopt_answer a = {.name = "wide"};
        assert_int_equal(gopt_game_solve_checked(&gopt_game_flood, p, &o, &a), GOPT_SOLVED);
        assert_int_equal(((const gopt_flood_solution *)a.solution)->length, 48);
        gopt_answer_free(&gopt_game_flood, &a);
    }
    /* and a random 40x40 board in 6 colours (about 1000 regions): the heuristics check out */
    gopt_flood_puzzle *q = gopt_flood_new(40, 40, 6);
    gopt_rng r = gopt_rng_stream(3, 0);
    for (int i = 0; i < 1600; i++) q->cells[i] = (uint8_t)gopt_rng_below(&r, 6);
    assert_true(gopt_flood_regions(q) > 576);
    int lb = gopt_flood_lower_bound(q);
    const char *heuristics[] = {"greedy", "lookahead", "beam"};
    for (size_t m = 0; m < 3; m++) {
        gopt_options o;
        gopt_options_init(&o);
        o.method = heuristics[m];
        gopt_answer a = {.name = "wide"};
        assert_int_equal(gopt_game_solve_checked(&gopt_game_flood, q, &o, &a), GOPT_SOLVED);
        assert_true(((const gopt_flood_solution *)a.solution)->length >= lb);
        gopt_answer_free(&gopt_game_flood, &a);
    }
    gopt_flood_free(q);
    gopt_flood_free(p);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grid_and_blocks),     cmocka_unit_test(compact_lines),
        cmocka_unit_test(guesses_fit_the_whole_text), cmocka_unit_test(declared_sizes_the_input_cannot_hold),
        cmocka_unit_test(problems99_with_optimum), cmocka_unit_test(puchert_names_and_origin),
        cmocka_unit_test(tatham_ids),          cmocka_unit_test(bad_grids_say_where),
        cmocka_unit_test(start_cells),         cmocka_unit_test(writers_round_trip),
        cmocka_unit_test(checker_replays_cells), cmocka_unit_test(hand_cases_optima),
        cmocka_unit_test(wide_boards_use_any_width),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
