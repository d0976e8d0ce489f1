/* The text reader: positions (lines, UTF-8 columns), numbers, errors, blocks. */
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "test_support.h"

static void positions_follow_lines_and_utf8_columns(void **state) {
    (void)state;
    gopt_text t;
    gopt_text_from_string(&t, "x.txt", "ab\r\n\xc3\xa9z\n");
    assert_int_equal(t.len, 7); /* the \r is gone */
    assert_int_equal(gopt_text_next(&t), 'a');
    assert_int_equal(gopt_text_next(&t), 'b');
    assert_int_equal(t.col, 3);
    assert_int_equal(gopt_text_next(&t), '\n');
    assert_int_equal(t.line, 2);
    assert_int_equal(t.col, 1);
    gopt_text_next(&t); /* two bytes of é: one column */
    gopt_text_next(&t);
    assert_int_equal(t.col, 2);
    assert_int_equal(gopt_text_peek(&t), 'z');
    gopt_text_free(&t);
}

/* A lone carriage return (what a paste from a browser can leave at the end) is a line end. */
static void lone_carriage_return_ends_a_line(void **state) {
    (void)state;
    gopt_text t;
    gopt_text_from_string(&t, "x.txt", "ab\rc\r");
    assert_string_equal(t.data, "ab\nc\n");
    gopt_text_free(&t);
}

/* A URL given where a file name goes is read as the text itself; names of files are not. */
static void arguments_that_are_urls(void **state) {
    (void)state;
    gopt_text t;
    gopt_error err = {0};
    assert_true(gopt_text_arg_is_url("https://puzz.link/p?country/5/5/x"));
    assert_true(gopt_text_arg_is_url("<https://puzz.link/p?country/5/5/x>"));
    assert_true(gopt_text_arg_is_url("?country/5/5/x"));
    assert_false(gopt_text_arg_is_url("puzzles.txt"));
    /* issue 35: links pasted without their scheme */
    assert_true(gopt_text_arg_is_url("puzz.link/p?country/5/5/x"));
    assert_true(gopt_text_arg_is_url("'pzv.jp/p.html?country/5/5/x'"));
    assert_true(gopt_text_arg_is_url("swaroopg92.github.io/penpa-edit/#m=edit&p=abc"));
    assert_false(gopt_text_arg_is_url("data/country/seed.txt"));
    assert_false(gopt_text_arg_is_url("out.d/x.txt"));
    assert_false(gopt_text_arg_is_url("v1.2/notes?")); /* a host ends in letters */
    assert_false(gopt_text_arg_is_url("-"));
    assert_true(gopt_text_load_arg(&t, "https://example.com/p?x", &err));
    assert_string_equal(t.name, "url");
    assert_string_equal(t.data, "https://example.com/p?x");
    gopt_text_free(&t);
    assert_false(gopt_text_load_arg(&t, "/no/such/file", &err));
}

static void integers_and_their_errors(void **state) {
    (void)state;
    gopt_text t;
    gopt_error err = {0};
    long v;
    gopt_text_from_string(&t, "n.txt", "  -42 7 99999999999999999999 x");
    gopt_text_skip_spaces(&t);
    assert_true(gopt_text_int(&t, -100, 100, &v, &err));
    assert_int_equal(v, -42);
    gopt_text_skip_spaces(&t);
    assert_false(gopt_text_int(&t, 8, 10, &v, &err)); /* out of range */
    assert_true(err.set);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.col, 7);
    gopt_error_clear(&err);
    gopt_text_skip_spaces(&t);
    assert_false(gopt_text_int(&t, 0, 1000000, &v, &err)); /* overflow */
    assert_int_equal(err.col, 9);
    gopt_error_clear(&err);
    gopt_text_skip_spaces(&t);
    assert_false(gopt_text_int(&t, 0, 10, &v, &err));
    char buf[256];
    assert_string_equal(gopt_error_text(&err, buf, sizeof buf), "n.txt:1:30: expected a number, found 'x'");
    gopt_text_free(&t);
}

static void doubles(void **state) {
    (void)state;
    gopt_text t;
    gopt_error err = {0};
    double d;
    gopt_text_from_string(&t, "d", "1.5e2 -0.25 inf");
    assert_true(gopt_text_double(&t, &d, &err));
    assert_float_equal(d, 150.0, 1e-12);
    gopt_text_skip_spaces(&t);
    assert_true(gopt_text_double(&t, &d, &err));
    assert_float_equal(d, -0.25, 1e-12);
    gopt_text_skip_spaces(&t);
    assert_false(gopt_text_double(&t, &d, &err)); /* words are not numbers */
    assert_int_equal(err.col, 13);
    gopt_text_free(&t);
}

static void lines_comments_and_words(void **state) {
    (void)state;
    gopt_text t;
    size_t n;
    gopt_text_from_string(&t, "c", "# comment\n\n  word rest\nlast");
    gopt_text_skip_ws_comments(&t, '#');
    assert_true(gopt_text_accept_word(&t, "word"));
    assert_false(gopt_text_accept_word(&t, "rest"));
    const char *line = gopt_text_line(&t, &n);
    assert_int_equal(n, 5);
    assert_memory_equal(line, " rest", 5);
    line = gopt_text_line(&t, &n);
    assert_int_equal(n, 4);
    assert_true(gopt_text_eof(&t));
    gopt_text_free(&t);
}

static void expect_describes_what_it_found(void **state) {
    (void)state;
    gopt_text t;
    gopt_error err = {0};
    gopt_text_from_string(&t, "e", "a\n");
    assert_true(gopt_text_expect(&t, 'a', &err));
    assert_false(gopt_text_expect(&t, ':', &err));
    assert_string_equal(err.msg, "expected ':', found end of line");
    gopt_text_free(&t);
}

static void blocks_are_rectangles(void **state) {
    (void)state;
    gopt_text t;
    gopt_error err = {0};
    gopt_char_block b;
    gopt_text_from_string(&t, "b", "abc\ndef  \n\nxy\nxyz\n");
    assert_true(gopt_char_block_read(&t, &b, &err));
    assert_int_equal(b.size.w, 3);
    assert_int_equal(b.size.h, 2);
    assert_memory_equal(b.cells, "abcdef", 6);
    gopt_char_block_free(&b);
    gopt_text_skip_ws(&t);
    assert_false(gopt_char_block_read(&t, &b, &err));
    assert_int_equal(err.line, 5);
    assert_string_equal(err.msg, "row 2 has 3 cells, the rows above have 2");
    gopt_text_free(&t);
}

static void load_reports_missing_files(void **state) {
    (void)state;
    gopt_text t;
    gopt_error err = {0};
    assert_false(gopt_text_load(&t, "/no/such/file", &err));
    char buf[256];
    assert_string_equal(gopt_error_text(&err, buf, sizeof buf), "/no/such/file: cannot open: No such file or directory");
}

static void first_error_wins(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_fail(&err, "f", 2, 3, "inner %d", 1);
    gopt_fail(&err, "g", 9, 9, "outer");
    char buf[64];
    assert_string_equal(gopt_error_text(&err, buf, sizeof buf), "f:2:3: inner 1");
    gopt_error_clear(&err);
    gopt_fail(&err, "--from", 0, 4, "bad\nline");
    assert_string_equal(gopt_error_text(&err, buf, sizeof buf), "--from: bad line");
}

static void reasons_fill_a_buffer_and_return_false(void **state) {
    (void)state;
    char why[8] = "";
    assert_false(gopt_reason(why, sizeof why, "cell %d is empty", 12));
    assert_string_equal(why, "cell 12"); /* cut to the buffer */
    assert_false(gopt_reason(NULL, 0, "ignored"));
}

/* Issue 16 items 8 and 12: a byte-order mark is skipped; other encodings are refused where
 * they start. */
static void utf8_and_byte_order_marks(void **state) {
    (void)state;
    gopt_text t;
    gopt_text_from_string(&t, "x", "\xEF\xBB\xBF" "ab");
    assert_int_equal(gopt_text_peek(&t), 'a');
    assert_int_equal(t.len, 2);
    gopt_text_free(&t);
    assert_int_equal(gopt_utf8_invalid("abc", 3), 3);
    assert_int_equal(gopt_utf8_invalid("K\xC3\xB6ln", 5), 5);      /* Köln */
    assert_int_equal(gopt_utf8_invalid("K\xF6ln", 4), 1);           /* Latin-1 */
    assert_int_equal(gopt_utf8_invalid("\xC0\xAF", 2), 0);         /* overlong '/' */
    assert_int_equal(gopt_utf8_invalid("a\xED\xA0\x80", 4), 1);   /* a surrogate */
    assert_int_equal(gopt_utf8_invalid("\xF4\x90\x80\x80", 4), 0); /* beyond U+10FFFF */
    assert_int_equal(gopt_utf8_invalid("ab\xE2\x82", 4), 2);       /* cut short */
    assert_int_equal(gopt_utf8_invalid("\xF0\x9F\x98\x80", 4), 4); /* an emoji */
    char path[64];
    snprintf(path, sizeof path, "/tmp/gameopt-text-%d.txt", (int)getpid());
    FILE *f = fopen(path, "wb");
    fputs("\xEF\xBB\xBF" "first\nK\xC3\xB6ln M\xFC" "nchen\n", f);
    fclose(f);
    gopt_error err = {0};
    assert_false(gopt_text_load(&t, path, &err));
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 7);
    assert_string_equal(err.msg, "not UTF-8 text (byte 0xfc); save the file as UTF-8");
    f = fopen(path, "wb");
    fputs("\xEF\xBB\xBF" "1 2\n", f);
    fclose(f);
    assert_true(gopt_text_load(&t, path, &err));
    assert_string_equal(t.data, "1 2\n");
    gopt_text_free(&t);
    unlink(path);
}

/* Issue 37 item 5: --memory-limit covers the input and what the readers make of it: a file
 * larger than the limit stops as it is read, a board or a graph that would pass it is refused
 * at its place, and what was charged is given back. */
static void input_counts_against_the_memory_limit(void **state) {
    (void)state;
    char *path = gopt_format("/tmp/gameopt-test-mem-%d.txt", (int)getpid());
    FILE *f = fopen(path, "w");
    for (int i = 0; i < 2000; i++) fprintf(f, "%01000d\n", i);
    fclose(f);
    size_t before = gopt_budget_process_used();
    gopt_budget_set_process(1);
    gopt_text t;
    gopt_error err = {0};
    assert_false(gopt_text_load(&t, path, &err));
    /* the text itself is a real input: a limit reached (exit 3), a larger limit reads it */
    assert_string_equal(err.msg, "memory limit reached while reading the input: it needs more than 1 MB");
    assert_true(err.limit);
    assert_int_equal(gopt_budget_process_used(), before);
    /* a compact board of 1024x1024 cells (1 MB) from a text the limit let in */
    gopt_budget_set_process(1.5);
    char *line = gopt_malloc(1024 * 1024 + 2);
    for (int i = 0; i < 1024 * 1024; i++) line[i] = (char)('1' + i % 5);
    strcpy(line + 1024 * 1024, "\n");
    gopt_text_from_string(&t, "big", line);
    free(line);
    gopt_flood_puzzle *p = NULL;
    gopt_error_clear(&err);
    assert_int_equal(gopt_flood_read(&t, "compact", NULL, &p, &err), 1); /* the text is not charged: fits */
    gopt_flood_free(p);
    assert_int_equal(gopt_budget_process_used(), before);
    gopt_budget_set_process(0.5);
    t.pos = 0, t.line = 1, t.col = 1;
    assert_int_equal(gopt_flood_read(&t, "compact", NULL, &p, &err), -1);
    assert_string_equal(err.msg, "memory limit reached while reading the input: it needs more than 0.5 MB "
                                 "(0.5 MB more than --memory-limit leaves here)");
    assert_true(err.limit); /* a board its text holds cell by cell: a limit, not bad input */
    assert_int_equal(err.line, 1);
    gopt_text_free(&t);
    /* a graph: the file and igraph's structures (32 bytes a byte) */
    f = fopen(path, "w");
    for (int i = 0; i < 20000; i++) fprintf(f, "a%d b%d\n", i % 500, i % 499);
    fclose(f);
    char *ncol = gopt_format("%s.ncol", path);
    rename(path, ncol);
    gopt_error_clear(&err);
    gopt_text gt;
    assert_true(gopt_text_load(&gt, ncol, &err));
    assert_null(gopt_graph_read(&gt, GOPT_GRAPH_AUTO, false, 1 << 20, &err));
    gopt_text_free(&gt);
    assert_int_equal(err.line, 1);
    assert_non_null(strstr(err.msg, "memory limit reached while reading the input: it needs more than 0.5 MB"));
    assert_true(err.limit);
    assert_int_equal(gopt_budget_process_used(), before);
    gopt_budget_set_process(0);
    unlink(ncol);
    free(ncol);
    free(path);
}

/* The lead's line (issue 37 item 5): a charge refused while reading is a limit (exit 3) when
 * the text could hold what it asks for, bad input (exit 2) when it asks for more than
 * GOPT_TEXT_MAX_EXPANSION bytes a byte: a size the text declares and does not hold. */
static void a_size_the_input_does_not_hold_is_bad_input(void **state) {
    (void)state;
    gopt_budget_set_process(1);
    gopt_text t;
    gopt_text_from_string(&t, "tiny", "SIZE 1024X1024\n"); /* 15 bytes asking 2 MB: 139,810 a byte */
    gopt_error err = {0};
    gopt_text_mark at = gopt_text_save(&t);
    assert_false(gopt_text_charge(&t, at, 2u << 20, &err));
    assert_false(err.limit);
    assert_string_equal(err.msg, "reading this needs 2.0 MB for 15 bytes of input, a size no text this short holds, "
                                 "more than --memory-limit (1 MB) leaves");
    gopt_text_free(&t);
    /* 1,000 bytes asking the same 2 MB (2,097 a byte): a real input that needs more */
    char *text = gopt_malloc(1001);
    memset(text, '.', 1000);
    text[1000] = 0;
    gopt_text_from_string(&t, "real", text);
    free(text);
    gopt_error_clear(&err);
    assert_false(gopt_text_charge(&t, gopt_text_save(&t), 2u << 20, &err));
    assert_true(err.limit);
    assert_string_equal(err.msg, "memory limit reached while reading the input: it needs more than 1 MB "
                                 "(1.0 MB more than --memory-limit leaves here)");
    gopt_budget_set_process(0);
    gopt_text_free(&t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(positions_follow_lines_and_utf8_columns),
        cmocka_unit_test(lone_carriage_return_ends_a_line),
        cmocka_unit_test(arguments_that_are_urls),
        cmocka_unit_test(integers_and_their_errors),
        cmocka_unit_test(doubles),
        cmocka_unit_test(lines_comments_and_words),
        cmocka_unit_test(expect_describes_what_it_found),
        cmocka_unit_test(blocks_are_rectangles),
        cmocka_unit_test(load_reports_missing_files),
        cmocka_unit_test(first_error_wins),
        cmocka_unit_test(reasons_fill_a_buffer_and_return_false),
        cmocka_unit_test(utf8_and_byte_order_marks),
        cmocka_unit_test(input_counts_against_the_memory_limit),
        cmocka_unit_test(a_size_the_input_does_not_hold_is_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
