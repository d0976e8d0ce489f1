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

static long file_size(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

static void pictures_of_games(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load("thurn-taxis", NULL, &err);
    assert_non_null(g);
    gopt_taxis_setting *s = gopt_taxis_setting_new(g->n, 6, 2);
    gopt_rng rng;
    gopt_taxis_deal_indexed(s, 7, 0, &rng);
    gopt_taxis_move moves[22];
    int path[22], len = gopt_taxis_play(g, s, gopt_taxis_named_pairs[4], &rng, moves);
    gopt_taxis_path_of_moves(moves, len, path);
    int other[2] = {path[0], path[0]};
    gopt_taxis_overlay overlays[2] = {{path, len, "pp"}, {other, 1, NULL}};
    char *svg = gopt_format("/tmp/gameopt-taxis-%d.svg", (int)getpid()), *png = gopt_format("/tmp/gameopt-taxis-%d.png", (int)getpid());
    assert_true(gopt_taxis_render(g, s, overlays, 2, svg, &err));
    assert_true(gopt_taxis_render(g, NULL, overlays, 1, png, &err));
    assert_true(file_size(svg) > 1000 && file_size(png) > 1000);
    char *text = test_read_file(svg, &(size_t){0});
    assert_non_null(strstr(text, "<svg"));
    free(text);
    assert_false(gopt_taxis_render(g, s, overlays, 1, "/tmp/picture.bmp", &err));
    assert_non_null(strstr(err.msg, "unknown picture format"));
    unlink(svg);
    unlink(png);
    free(svg);
    free(png);
    gopt_taxis_setting_free(s);
    gopt_taxis_graph_free(g);
}

static void figures_through_gnuplot(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load("thurn-taxis", NULL, &err);
    assert_non_null(g);
    gopt_taxis_heuristic h = gopt_taxis_named_pairs[0];
    char name[48];
    gopt_taxis_player player = gopt_taxis_heuristic_player(&h, name, sizeof name);
    int64_t hist[23] = {0};
    gopt_taxis_tally tally = {.hist = hist};
    gopt_taxis_run run = {6, 2, 1, 0, 50, 1, false, NULL, NULL, true};
    gopt_taxis_experiment(g, &run, &player, 1, &tally);
    assert_int_equal(tally.failed, 0);
    taxis_point point = {6, 2, &tally};
    taxis_study study = {g, 1, 0, 50, 1, &player, 1, &point, true};
    assert_int_equal(taxis_plot(&study, false, "/tmp/figure.pdf", &err), -1);
    assert_non_null(strstr(err.msg, "plots are .svg or .png files"));
    char *file = gopt_format("/tmp/gameopt-taxis-plot-%d.svg", (int)getpid());
    /* Without gnuplot on the PATH nothing is drawn and nothing fails. */
    char *path = gopt_strdup(getenv("PATH") ? getenv("PATH") : "");
    setenv("PATH", "/nonexistent", 1);
    assert_int_equal(taxis_plot(&study, false, file, &err), 0);
    assert_int_equal(file_size(file), -1);
    setenv("PATH", path, 1);
    if (system("command -v gnuplot >/dev/null 2>&1") == 0) {
        assert_int_equal(taxis_plot(&study, false, file, &err), 1);
        assert_true(file_size(file) > 1000);
        unlink(file);
    }
    free(path);
    free(file);
    gopt_taxis_graph_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pictures_of_games),
        cmocka_unit_test(figures_through_gnuplot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
