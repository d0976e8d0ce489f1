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

/* Issue 35 item 6: a sweep stopped early (--time-limit, Ctrl-C) holds fewer settings than it
 * was asked for; its figure's title and panels say how many, not the count asked for. */
static void stopped_runs_say_what_they_hold(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, "thurn-taxis", NULL, &err);
    assert_non_null(g);
    gopt_taxis_heuristic h = gopt_taxis_named_pairs[4];
    char name[48];
    gopt_taxis_player player = gopt_taxis_heuristic_player(&h, name, sizeof name);
    int64_t hist[2][23] = {{0}};
    gopt_taxis_tally tally[2] = {{.hist = hist[0]}, {.hist = hist[1]}};
    gopt_taxis_run whole = {6, 1, 1, 0, 64, 1, NULL, NULL, NULL, true}, cut = {7, 1, 1, 0, 20, 1, NULL, NULL, NULL, true};
    gopt_taxis_experiment(g, &whole, &player, 1, &tally[0]);
    gopt_taxis_experiment(g, &cut, &player, 1, &tally[1]); /* as if the stop came after 20 */
    taxis_point points[2] = {{6, 1, &tally[0]}, {7, 1, &tally[1]}};
    taxis_study study = {g, 1, 0, 64, 1, &player, 2, points, false};
    char count[128];
    assert_string_equal(taxis_study_count(&study, count, sizeof count), "stopped early: 20 to 64 of 64 settings");
    study.npoints = 1;
    assert_string_equal(taxis_study_count(&study, count, sizeof count), "64 settings");
    study.points = &points[1];
    assert_string_equal(taxis_study_count(&study, count, sizeof count), "stopped early: 20 of 64 settings");
    if (system("command -v gnuplot >/dev/null 2>&1") == 0) {
        /* (table1's title says it the same way; its plot wants all 20 players) */
        const char *want[] = {"stopped early: 20 of 64 settings per point", "stopped early: 20 of 64 settings per panel"};
        for (int k = 0; k < 2; k++) {
            gopt_buf figure = {0};
            study.hist = k == 1;
            assert_int_equal(taxis_plot(&study, false, "figure.svg", &figure, &err), 1);
            if (!strstr(figure.data, want[k])) fail_msg("figure %d lacks \"%s\"", k, want[k]);
            if (k == 1 && !strstr(figure.data, " = 1, c = 7, 20 settings")) fail_msg("the panel lacks its count");
            assert_null(strstr(figure.data, "(64 settings"));
            gopt_buf_free(&figure);
        }
    }
    gopt_taxis_graph_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pictures_of_games),
        cmocka_unit_test(figures_through_gnuplot),
        cmocka_unit_test(stopped_runs_say_what_they_hold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
