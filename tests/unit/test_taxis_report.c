/* taxis output: pictures of games, and gnuplot figures (drawn when gnuplot is installed,
 * skipped with a clear result when it is not). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "games/taxis/internal.h"
#include "games/taxis/report.h"
#include "test_support.h"


static void pictures_of_games(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, "thurn-taxis", NULL, &err);
    assert_non_null(g);
    gopt_taxis_setting *s = gopt_taxis_setting_new(g->n, 6, 2);
    gopt_rng rng;
    gopt_taxis_deal_indexed(s, 7, 0, &rng);
    gopt_taxis_move moves[22];
    int path[22], len = gopt_taxis_play(g, s, gopt_taxis_named_pairs[4], &rng, moves);
    gopt_taxis_path_of_moves(moves, len, path);
    int other[2] = {path[0], path[0]};
    gopt_taxis_overlay overlays[2] = {{path, len, "pp"}, {other, 1, NULL}};
    gopt_canvas *c[2] = {gopt_taxis_render(g, s, overlays, 2), gopt_taxis_render(g, NULL, overlays, 1)};
    gopt_buf svg = {0}, png = {0};
    assert_true(gopt_canvas_encode(c[0], GOPT_PIC_SVG, "svg", &svg, &err));
    assert_true(gopt_canvas_encode(c[1], GOPT_PIC_PNG, "png", &png, &err));
    assert_true(svg.len > 1000 && png.len > 1000);
    assert_non_null(strstr(svg.data, "<svg"));
    gopt_buf_free(&svg);
    gopt_buf_free(&png);
    gopt_canvas_free(c[0]);
    gopt_canvas_free(c[1]);
    gopt_taxis_setting_free(s);
    gopt_taxis_graph_free(g);
}

static void figures_through_gnuplot(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, "thurn-taxis", NULL, &err);
    assert_non_null(g);
    gopt_taxis_heuristic h = gopt_taxis_named_pairs[0];
    char name[48];
    gopt_taxis_player player = gopt_taxis_heuristic_player(&h, name, sizeof name);
    int64_t hist[23] = {0};
    gopt_taxis_tally tally = {.hist = hist};
    gopt_taxis_run run = {6, 2, 1, 0, 50, 1, NULL, NULL, NULL, true};
    gopt_taxis_experiment(g, &run, &player, 1, &tally);
    assert_int_equal(tally.failed, 0);
    taxis_point point = {6, 2, &tally};
    taxis_study study = {g, 1, 0, 50, 1, &player, 1, &point, true};
    gopt_buf figure = {0};
    assert_int_equal(taxis_plot(&study, false, "/tmp/figure.pdf", &figure, &err), -1);
    assert_non_null(strstr(err.msg, "plots are .svg or .png files"));
    /* Without gnuplot on the PATH nothing is drawn and nothing fails. */
    char *path = gopt_strdup(getenv("PATH") ? getenv("PATH") : "");
    setenv("PATH", "/nonexistent", 1);
    assert_int_equal(taxis_plot(&study, false, "figure.svg", &figure, &err), 0);
    assert_int_equal(figure.len, 0);
    setenv("PATH", path, 1);
    if (system("command -v gnuplot >/dev/null 2>&1") == 0) {
        assert_int_equal(taxis_plot(&study, false, "figure.svg", &figure, &err), 1);
        assert_true(figure.len > 1000);
        assert_non_null(strstr(figure.data, "<svg"));
    }
    gopt_buf_free(&figure);
    free(path);
    gopt_taxis_graph_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pictures_of_games),
        cmocka_unit_test(figures_through_gnuplot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
