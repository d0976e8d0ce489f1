/* Pictures of the assist verbs, read back from their SVG: what a person must see is there.
 *  - decided: every open cell greyed (one grey square per open cell), decided cells not;
 *  - unique: two panels ("solution 1", "solution 2") with each differing cell shaded in both;
 *  - mistakes: the wrong marks in red; hint: the step in green. */
#include <stdlib.h>
#include <string.h>

#include "games/country/assist.h"
#include "games/flow/assist.h"
#include "test_support.h"

static char *svg(gopt_canvas *cv) {
    gopt_buf b = {0};
    gopt_error err = {0};
    assert_true(gopt_canvas_encode(cv, GOPT_PIC_SVG, "test.svg", &b, &err));
    gopt_canvas_free(cv);
    gopt_buf_putc(&b, 0);
    return gopt_buf_take(&b);
}

static int count(const char *text, const char *what) {
    int n = 0;
    for (const char *at = text; (at = strstr(at, what)); at += strlen(what)) n++;
    return n;
}

static gopt_country_puzzle *country(const char *text) {
    gopt_text t;
    gopt_error err = {0};
    gopt_text_from_string(&t, "test", text);
    gopt_country_puzzle *p = NULL;
    if (gopt_country_read(&t, NULL, &p, &err) != 1) fail_msg("%s", err.msg);
    gopt_text_free(&t);
    return p;
}

/* tests/golden/country/files/two-6x5.txt: two loops that differ in 4 cells, 6 cells open */
static const char two[] = "variant standard\nAAABCC\nDDEEFF\nDDGGHH\nDDIIJJ\nDDDIIJ\nA=3 C=1 D=4\n";

static void country_decided_greys_open_cells(void **state) {
    (void)state;
    gopt_country_puzzle *p = country(two);
    gopt_country_decided *d = gopt_country_decided_of(p, NULL);
    assert_int_equal(d->open, 6);
    char *s = svg(country_decided_render(p, d));
    assert_int_equal(count(s, "fill=\"#dbdbdb\""), 6); /* open_fill (0.86 grey) */
    assert_true(count(s, "stroke=\"#1a73d9\"") > 0);  /* decided loop in blue */
    assert_true(count(s, "stroke=\"#adadad\"") > 0);  /* a solution's open parts in grey */
    free(s);
    gopt_country_decided_free(d);
    gopt_country_free(p);
}

static void country_pair_side_by_side(void **state) {
    (void)state;
    gopt_country_puzzle *p = country(two);
    gopt_country_pair *x = gopt_country_pair_of(p, NULL);
    assert_int_equal(x->ndiffer, 4);
    char *s = svg(country_pair_render(p, x));
    assert_int_equal(count(s, "fill=\"#ffd1d1\""), 2 * 4); /* each differing cell, in both panels */
    assert_non_null(strstr(s, ">solution 1"));
    assert_non_null(strstr(s, ">solution 2"));
    free(s);
    gopt_country_pair_free(x);
    gopt_country_free(p);
}

static void country_marks_wrong_red_hint_green(void **state) {
    (void)state;
    gopt_country_puzzle *p = country("https://puzz.link/p?country/5/5/amda0uf02h12h");
    gopt_country_statement bad = {0, -1, true}; /* r1c1 used: wrong */
    char *s = svg(country_marks_render(p, &bad, 1, NULL, false));
    assert_true(count(s, "#d91a1a") > 0);
    assert_int_equal(count(s, "#1a9933"), 0);
    free(s);
    int step[2] = {3, -1};
    s = svg(country_marks_render(p, NULL, 0, step, true));
    assert_true(count(s, "#1a9933") > 0);
    free(s);
    gopt_country_free(p);
}

static void flow_pictures(void **state) {
    (void)state;
    gopt_text t;
    gopt_error err = {0};
    /* tests/golden/flow/files/several_5x5.txt: open cells, two solutions differing in 6 cells */
    gopt_text_from_string(&t, "test", ".....\n...A.\n.AB..\nB....\nC...C\n");
    gopt_flow_puzzle *p = NULL;
    assert_int_equal(gopt_flow_read(&t, -1, -1, &p, &err), 1);
    gopt_text_free(&t);
    gopt_flow_decided *d = gopt_flow_decided_of(p, NULL);
    char *s = svg(flow_decided_render(p, d));
    assert_int_equal(count(s, "fill=\"#d1d1d1\""), d->open);
    free(s);
    gopt_flow_pair *x = gopt_flow_pair_of(p, NULL);
    s = svg(flow_pair_render(p, x));
    assert_int_equal(count(s, "fill=\"#ffcccc\""), 2 * x->ndiffer);
    assert_non_null(strstr(s, ">solution 2"));
    free(s);
    int bad = 6;
    gopt_flow_step step = {.edge = 0, .value = true, .node = -1};
    s = svg(flow_marks_render(p, NULL, &bad, 1, &step));
    assert_true(count(s, "#d91a1a") > 0 && count(s, "#1a9933") > 0);
    free(s);
    gopt_flow_pair_free(x);
    gopt_flow_decided_free(d);
    gopt_flow_free(p);
}

/* The same pictures through the JSON entry point (what the server and the page call): the
 * request's "picture" draws each assist verb, and the reply carries it as an output. */
static char *api_picture(const char *game, const char *verb, const char *input, const char *answer) {
    json_t *req = json_pack("{s:s, s:s, s:s, s:s}", "game", game, "verb", verb, "input", input, "picture", "svg");
    if (answer) {
        json_object_set_new(req, "inputs", json_pack("[{s:s, s:s}]", "name", "answer", "text", answer));
        json_object_set_new(req, "args", json_pack("[s]", "answer") /* after "-", the input */);
    }
    json_t *reply = gopt_api_run(req, NULL);
    json_t *out = json_array_get(json_object_get(reply, "outputs"), 0);
    if (!out) fail_msg("%s %s: no picture in the reply: %s", game, verb, json_dumps(reply, JSON_COMPACT));
    assert_string_equal(json_string_value(json_object_get(out, "role")), "picture");
    assert_string_equal(json_string_value(json_object_get(out, "ext")), "svg");
    char *s = gopt_strdup(json_string_value(json_object_get(out, "text")));
    json_decref(reply);
    json_decref(req);
    return s;
}

static void pictures_through_the_entry_point(void **state) {
    (void)state;
    static const char url[] = "https://puzz.link/p?country/5/5/amda0uf02h12h";
    static const char several[] = ".....\n...A.\n.AB..\nB....\nC...C\n";
    struct {
        const char *game, *verb, *input, *answer, *colour;
        int times; /* how often the colour is drawn; 0: at least once */
    } cases[] = {
        {"country", "decided", two, NULL, "fill=\"#dbdbdb\"", 6},
        {"country", "unique", two, NULL, "fill=\"#ffd1d1\"", 8},
        {"country", "mistakes", url, "se ? ? ? ?\n? ? ? ? ?\n? ? ? ? -\n? ? ? ? ?\n? ? ? ? ?\n", "#d91a1a", 0},
        {"country", "hint", url, NULL, "#1a9933", 0},
        {"flow", "decided", several, NULL, "fill=\"#d1d1d1\"", 14},
        {"flow", "unique", several, NULL, "fill=\"#ffcccc\"", 12},
        {"flow", "mistakes", "B.R..\nG..Y.\n.....\n.BYRG\n.....\n", "BBRRR\nGBYYR\nGBRYR\n?????\n?????\n", "#d91a1a", 0},
        {"flow", "hint", "B.R..\nG..Y.\n.....\n.BYRG\n.....\n", NULL, "#1a9933", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *s = api_picture(cases[i].game, cases[i].verb, cases[i].input, cases[i].answer);
        int n = count(s, cases[i].colour);
        if (cases[i].times ? n != cases[i].times : n == 0)
            fail_msg("%s %s: %s drawn %d times", cases[i].game, cases[i].verb, cases[i].colour, n);
        free(s);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(country_decided_greys_open_cells),
        cmocka_unit_test(country_pair_side_by_side),
        cmocka_unit_test(country_marks_wrong_red_hint_green),
        cmocka_unit_test(flow_pictures),
        cmocka_unit_test(pictures_through_the_entry_point),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
