/* Pictures in each format start with their magic bytes; terminal glyphs. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_support.h"

static gopt_canvas *something(void) {
    gopt_canvas *c = gopt_canvas_new(100, 60);
    gopt_rgb red = gopt_palette(0);
    gopt_draw_rect(c, 10, 10, 80, 40, &gopt_light_grey, &gopt_black, 1);
    gopt_draw_circle(c, 50, 30, 10, &red, NULL, 0);
    gopt_draw_line(c, 0, 0, 100, 60, 2, gopt_grey);
    double xs[] = {0, 10, 5}, ys[] = {0, 0, 8};
    gopt_draw_polygon(c, xs, ys, 3, NULL, &gopt_black, 1);
    gopt_draw_text(c, 50, 30, "A<1>&", 12, gopt_black);
    return c;
}

static void each_format_has_its_magic(void **state) {
    (void)state;
    const char *magic[] = {"<?xml", "\x89PNG", "%PDF"};
    gopt_canvas *c = something();
    for (int f = GOPT_PIC_SVG; f <= GOPT_PIC_PDF; f++) {
        gopt_buf b = {0};
        gopt_error err = {0};
        assert_true(gopt_canvas_encode(c, (gopt_picture_format)f, "picture", &b, &err));
        assert_true(b.len > 100);
        assert_memory_equal(b.data, magic[f - 1], strlen(magic[f - 1]));
        if (f == GOPT_PIC_SVG) {
            assert_non_null(strstr(b.data, "<svg"));
            assert_non_null(strstr(b.data, ">A&lt;1&gt;&amp;</text>")); /* text escaped for XML */
        }
        gopt_buf_free(&b);
    }
    gopt_canvas_free(c);
}

/* Our SVG writer is exact: the same drawing gives the same bytes, every time. */
static void svg_is_exact(void **state) {
    (void)state;
    gopt_canvas *c = gopt_canvas_new(20, 10);
    gopt_canvas_translate(c, 2, 3);
    gopt_canvas_scale(c, 2, 2);
    gopt_draw_line(c, 0, 0, 4, 1.25, 0.5, gopt_red);
    gopt_canvas_save(c);
    gopt_canvas_rectangle(c, 0, 0, 1, 1);
    gopt_canvas_clip(c);
    gopt_canvas_set_rgba(c, 1, 1, 1, 0.5);
    gopt_canvas_paint(c);
    gopt_canvas_restore(c);
    gopt_buf b = {0};
    gopt_error err = {0};
    assert_true(gopt_canvas_encode(c, GOPT_PIC_SVG, "x", &b, &err));
    assert_string_equal(b.data,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20pt\" height=\"10pt\" viewBox=\"0 0 20 10\">\n"
        "<defs>\n<clipPath id=\"c0\"><path d=\"M2 3 L4 3 L4 5 L2 5 Z\"/></clipPath>\n</defs>\n"
        "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        "<path d=\"M2 3 L10 5.5\" fill=\"none\" stroke=\"#d91a1a\" stroke-width=\"1\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
        "<path d=\"M0 0 L20 0 L20 10 L0 10 Z\" fill=\"#ffffff\" fill-opacity=\"0.5\" clip-path=\"url(#c0)\"/>\n"
        "</svg>\n");
    gopt_buf_free(&b);
    gopt_canvas_free(c);
}

static void picture_formats_by_name(void **state) {
    (void)state;
    assert_int_equal(gopt_picture_format_of("A.SVG"), GOPT_PIC_SVG);
    assert_int_equal(gopt_picture_format_of("a.txt"), GOPT_PIC_NONE);
    assert_int_equal(gopt_picture_format_of("dir.svg/a"), GOPT_PIC_NONE);
    assert_int_equal(gopt_picture_format_named("PNG"), GOPT_PIC_PNG);
    assert_string_equal(gopt_picture_media_type(GOPT_PIC_SVG), "image/svg+xml");
    gopt_canvas *c = gopt_canvas_new(1e9, -5); /* clamped, not a 10 GB picture */
    assert_true(gopt_canvas_width(c) == 100000 && gopt_canvas_height(c) == 1);
    gopt_buf b = {0};
    gopt_error err = {0};
    assert_false(gopt_canvas_encode(c, GOPT_PIC_NONE, "x.bmp", &b, &err));
    assert_string_equal(err.msg, "unknown picture format (use .svg, .png or .pdf)");
    gopt_canvas_free(c);
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
        cmocka_unit_test(svg_is_exact),
        cmocka_unit_test(picture_formats_by_name),
        cmocka_unit_test(pipe_glyphs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
