/* Pictures in each format start with their magic bytes; terminal glyphs. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_support.h"

static void draw_something(gopt_canvas *c) {
    cairo_t *cr = gopt_canvas_cr(c);
    gopt_rgb red = gopt_palette(0);
    gopt_draw_rect(cr, 10, 10, 80, 40, &gopt_light_grey, &gopt_black, 1);
    gopt_draw_circle(cr, 50, 30, 10, &red, NULL, 0);
    gopt_draw_line(cr, 0, 0, 100, 60, 2, gopt_grey);
    double xs[] = {0, 10, 5}, ys[] = {0, 0, 8};
    gopt_draw_polygon(cr, xs, ys, 3, NULL, &gopt_black, 1);
    gopt_draw_text(cr, 50, 30, "A1", 12, gopt_black);
}

static void each_format_has_its_magic(void **state) {
    (void)state;
    const char *ext[] = {"svg", "png", "pdf"};
    const char *magic[] = {"<?xml", "\x89PNG", "%PDF"};
    for (int i = 0; i < 3; i++) {
        char path[128];
        snprintf(path, sizeof path, "/tmp/gameopt-test-%d.%s", (int)getpid(), ext[i]);
        gopt_error err = {0};
        gopt_canvas *c = gopt_canvas_open(path, 100, 60, &err);
        assert_non_null(c);
        draw_something(c);
        assert_true(gopt_canvas_close(c, &err));
        size_t len;
        char *data = test_read_file(path, &len);
        assert_true(len > 100);
        assert_memory_equal(data, magic[i], strlen(magic[i]));
        if (i == 0) assert_non_null(strstr(data, "<svg"));
        free(data);
        unlink(path);
    }
}

static void bad_picture_paths(void **state) {
    (void)state;
    gopt_error err = {0};
    assert_null(gopt_canvas_open("x.bmp", 10, 10, &err));
    assert_string_equal(err.msg, "unknown picture format (use .svg, .png or .pdf)");
    gopt_error_clear(&err);
    /* an unwritable place fails at once, before any drawing (issue 16 item 9) */
    assert_null(gopt_canvas_open("/no/such/dir/x.png", 10, 10, &err));
    assert_string_equal(err.msg, "cannot write: No such file or directory");
    assert_int_equal(gopt_picture_format_of("A.SVG"), GOPT_PIC_SVG);
    assert_int_equal(gopt_picture_format_of("a.txt"), GOPT_PIC_NONE);
}

static void pipe_glyphs(void **state) {
    (void)state;
    unsigned n = GOPT_DIR_BIT(GOPT_N), e = GOPT_DIR_BIT(GOPT_E), s = GOPT_DIR_BIT(GOPT_S), w = GOPT_DIR_BIT(GOPT_W);
    assert_string_equal(gopt_term_pipe(n | s, true), "│");
    assert_string_equal(gopt_term_pipe(e | s, true), "┌");
    assert_string_equal(gopt_term_pipe(n | w, true), "┘");
    assert_string_equal(gopt_term_pipe(e | w, false), "-");
    assert_string_equal(gopt_term_pipe(0, true), " ");
    assert_string_equal(gopt_term_pipe_heavy(n | e), "┗");
    assert_true(gopt_palette(0).r != gopt_palette(1).r || gopt_palette(0).g != gopt_palette(1).g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_format_has_its_magic),
        cmocka_unit_test(bad_picture_paths),
        cmocka_unit_test(pipe_glyphs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
