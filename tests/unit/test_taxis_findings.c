/* taxis tournament statistics (findings.c): the paired estimates from the joint counts agree
 * with the same statistics computed setting by setting, the engine's joint counts do not
 * depend on the thread count and agree with the matrix, and the findings' verdicts follow
 * their intervals. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "games/taxis/findings.h"
#include "games/taxis/internal.h"
#include "test_support.h"

#define NH 4
#define CELLS (NH * NH)
#define N 400

static const char *const names[NH] = {"rs", "md", "mt", "pp"};

/* A synthetic tournament: outcome[s][cell] in {tie, first wins, second wins}, with the
 * matrix and joint counts built from it as the engine does. */
typedef struct synthetic {
    uint8_t outcome[N][CELLS];
    gopt_taxis_match matches[CELLS];
    int64_t joint[CELLS * CELLS * 4];
} synthetic;

static void build(synthetic *t) {
    memset(t->matches, 0, sizeof t->matches);
    memset(t->joint, 0, sizeof t->joint);
    for (int s = 0; s < N; s++)
        for (int a = 0; a < CELLS; a++) {
            uint8_t oa = t->outcome[s][a];
            t->matches[a].games++;
            t->matches[a].first_wins += oa == GOPT_TAXIS_FIRST_WINS;
            t->matches[a].second_wins += oa == GOPT_TAXIS_SECOND_WINS;
            t->matches[a].ties += oa == GOPT_TAXIS_TIE;
            for (int b = 0; b < CELLS && oa != GOPT_TAXIS_TIE; b++) {
                uint8_t ob = t->outcome[s][b];
                if (ob != GOPT_TAXIS_TIE)
                    t->joint[GOPT_TAXIS_JOINT(CELLS, a, oa == GOPT_TAXIS_SECOND_WINS, b, ob == GOPT_TAXIS_SECOND_WINS)]++;
            }
        }
}

static void fill_random(synthetic *t, uint64_t seed) {
    for (int s = 0; s < N; s++)
        for (int a = 0; a < CELLS; a++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            t->outcome[s][a] = (uint8_t)((seed >> 33) % 3);
        }
}

static double ind(uint8_t o, int x) { return o == (x ? GOPT_TAXIS_SECOND_WINS : GOPT_TAXIS_FIRST_WINS); }

static void pair_comparison_matches_setting_by_setting(void **state) {
    (void)state;
    synthetic *t = gopt_calloc(1, sizeof *t);
    fill_random(t, 7);
    build(t);
    taxis_tourney tt = {NH, names, t->matches, t->joint};
    for (int i = 0; i < NH; i++)
        for (int j = i + 1; j < NH; j++) {
            double sum = 0, sq = 0;
            for (int s = 0; s < N; s++) {
                uint8_t ij = t->outcome[s][i * NH + j], ji = t->outcome[s][j * NH + i];
                double v = 0.5 * (ind(ij, 0) - ind(ij, 1) + ind(ji, 1) - ind(ji, 0));
                sum += v;
                sq += v * v;
            }
            double mean = sum / N, se = sqrt((sq - N * mean * mean) / (N - 1) / N);
            taxis_estimate e = taxis_pair_comparison(&tt, i, j);
            assert_true(fabs(e.mean - mean) < 1e-12);
            assert_true(fabs(e.stderr_ - se) < 1e-12);
            assert_true(fabs(e.low - (mean - 1.959963984540054 * se)) < 1e-12);
        }
    free(t);
}

static void wilson_interval(void **state) {
    (void)state;
    double lo, hi;
    taxis_rate_interval(50, 100, &lo, &hi);
    assert_true(fabs(lo - 0.40383) < 1e-4 && fabs(hi - 0.59617) < 1e-4);
    taxis_rate_interval(0, 10, &lo, &hi);
    assert_true(lo == 0 && fabs(hi - 0.27753) < 1e-4);
}

static void verdicts_follow_the_intervals(void **state) {
    (void)state;
    synthetic *t = gopt_calloc(1, sizeof *t);
    fill_random(t, 11);
    int rs = 0, md = 1, mt = 2, pp = 3;
    for (int s = 0; s < N; s++) {
        t->outcome[s][pp * NH + rs] = GOPT_TAXIS_FIRST_WINS;        /* (3a) holds by far */
        t->outcome[s][rs * NH + rs] = s % 3 ? GOPT_TAXIS_TIE : GOPT_TAXIS_SECOND_WINS; /* (1) fails on rs's mirror */
        t->outcome[s][rs * NH + pp] = s % 2 ? GOPT_TAXIS_SECOND_WINS : GOPT_TAXIS_TIE;
        t->outcome[s][rs * NH + mt] = s % 2 ? GOPT_TAXIS_SECOND_WINS : GOPT_TAXIS_FIRST_WINS; /* (3b): a dead heat */
    }
    (void)md;
    build(t);
    taxis_tourney tt = {NH, names, t->matches, t->joint};
    taxis_finding *fs = gopt_calloc(TAXIS_NFINDINGS, sizeof *fs);
    assert_int_equal(taxis_findings(&tt, fs), 5);
    assert_string_equal(fs[0].id, "1");
    assert_int_equal(fs[0].verdict, TAXIS_NOT_REPRODUCED);
    assert_int_equal(fs[0].comparisons[fs[0].deciding].a, rs * NH + rs);
    assert_string_equal(fs[2].id, "3a");
    assert_int_equal(fs[2].verdict, TAXIS_REPRODUCED);
    assert_int_equal(fs[2].ncomparisons, CELLS - 1);
    assert_string_equal(fs[3].id, "3b");
    assert_int_equal(fs[3].verdict, TAXIS_UNDECIDED);
    assert_int_equal(fs[3].comparisons[fs[3].deciding].b, rs * NH + mt);
    for (int k = 0; k < 5; k++)
        for (int c = 0; c < fs[k].ncomparisons; c++) {
            const taxis_estimate *e = &fs[k].comparisons[c].estimate;
            assert_int_equal(e->verdict, e->low > 0 ? TAXIS_REPRODUCED : e->high < 0 ? TAXIS_NOT_REPRODUCED : TAXIS_UNDECIDED);
        }
    /* without rs, md, mt and pp only the mirror finding can be judged */
    const char *other[NH] = {"a", "b", "c", "d"};
    tt.names = other;
    assert_int_equal(taxis_findings(&tt, fs), 1);
    free(fs);
    free(t);
}

static void engine_joint_counts(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, "thurn-taxis", NULL, &err);
    assert_non_null(g);
    gopt_taxis_heuristic hs[2] = {gopt_taxis_named_pairs[0], gopt_taxis_named_pairs[4]};
    size_t cells = 4;
    gopt_taxis_match m[2][4] = {{{0}}}, plain[4] = {{0}};
    int64_t *joint[2] = {gopt_calloc(cells * cells * 4, sizeof(int64_t)), gopt_calloc(cells * cells * 4, sizeof(int64_t))};
    for (int threads = 1; threads <= 2; threads++) {
        gopt_taxis_run run = {6, 2, 3, 0, 300, threads, NULL, NULL, NULL, false};
        gopt_taxis_tournament_joint(g, &run, (gopt_taxis_reading){0}, hs, 2, m[threads - 1], joint[threads - 1]);
        if (threads == 1) gopt_taxis_tournament(g, &run, hs, 2, plain);
    }
    assert_memory_equal(joint[0], joint[1], cells * cells * 4 * sizeof(int64_t));
    assert_memory_equal(m[0], plain, sizeof plain);
    for (size_t a = 0; a < cells; a++) {
        assert_int_equal(joint[0][GOPT_TAXIS_JOINT(cells, a, 0, a, 0)], plain[a].first_wins);
        assert_int_equal(joint[0][GOPT_TAXIS_JOINT(cells, a, 1, a, 1)], plain[a].second_wins);
        assert_int_equal(joint[0][GOPT_TAXIS_JOINT(cells, a, 0, a, 1)], 0);
        for (size_t b = 0; b < cells; b++)
            for (int x = 0; x < 2; x++)
                for (int y = 0; y < 2; y++)
                    assert_int_equal(joint[0][GOPT_TAXIS_JOINT(cells, a, x, b, y)], joint[0][GOPT_TAXIS_JOINT(cells, b, y, a, x)]);
    }
    free(joint[0]);
    free(joint[1]);
    gopt_taxis_graph_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pair_comparison_matches_setting_by_setting),
        cmocka_unit_test(wilson_interval),
        cmocka_unit_test(verdicts_follow_the_intervals),
        cmocka_unit_test(engine_joint_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
