/* The mc player on random graphs and settings: every move it plays is legal (its paths pass
 * the independent checker as finished TT-paths, its duels pass the duel checker), it is
 * deterministic for a seed (the same stream gives the same game, on both mask widths, with
 * every evaluation and tie rule), it never beats the ideal path, and experiments and
 * tournaments with it give the same results for every thread count. */
#include <stdlib.h>
#include <string.h>

#include "games/taxis/internal.h"
#include "test_support.h"
#include "taxis_random.h"

static gopt_taxis_setting *random_setting(gopt_rng *rng, int n) {
    int dups = 1 + (int)gopt_rng_below(rng, 3);
    int most = n * dups < 9 ? n * dups : 9;
    gopt_taxis_setting *s = gopt_taxis_setting_new(n, 1 + (int)gopt_rng_below(rng, (uint32_t)most), dups);
    gopt_taxis_deal(s, rng);
    return s;
}

static gopt_taxis_mc random_options(gopt_rng *rng) {
    gopt_taxis_mc o = gopt_taxis_mc_default;
    o.samples = 1 + (int)gopt_rng_below(rng, 12);
    o.ties = (gopt_taxis_mc_ties)gopt_rng_below(rng, GOPT_TAXIS_NTIES);
    o.eval = (gopt_taxis_mc_eval)gopt_rng_below(rng, GOPT_TAXIS_NEVALS);
    return o;
}

static void mc_plays_legal_deterministic_games(void **state) {
    (void)state;
    gopt_rng rng = gopt_rng_stream(20261124, 0);
    for (int c = 0; c < test_cases(200); c++) {
        int n = 2 + (int)gopt_rng_below(&rng, 11);
        gopt_taxis_graph *g = random_graph(&rng, n, c % 4 == 0 ? -1 : 0.1 + 0.5 * gopt_rng_double(&rng)), *w = widened(g);
        gopt_taxis_setting *s = random_setting(&rng, n);
        gopt_taxis_mc o = random_options(&rng);
        gopt_taxis_heuristic h = {GOPT_TAXIS_START_LONGEST, GOPT_TAXIS_EXT_LONGEST, &o, NULL};
        gopt_rng a = gopt_rng_stream((uint64_t)c, 1), b = a, again = a;
        gopt_taxis_move ma[16], mb[16], mc[16];
        int la = gopt_taxis_play(g, s, h, &a, ma), lb = gopt_taxis_play(w, s, h, &b, mb);
        int lc = gopt_taxis_play(g, s, h, &again, mc);
        /* the same stream: the same game, the same draws, on both engines */
        assert_int_equal(la, lb);
        assert_int_equal(la, lc);
        assert_memory_equal(ma, mb, (size_t)la * sizeof *ma);
        assert_memory_equal(ma, mc, (size_t)la * sizeof *ma);
        assert_memory_equal(&a, &b, sizeof a);
        assert_memory_equal(&a, &again, sizeof a);
        int path[16];
        gopt_taxis_path_of_moves(ma, la, path);
        char why[300];
        if (!gopt_taxis_check_path(g, s, path, la, true, why, sizeof why)) fail_msg("case %d: %s", c, why);
        /* never longer than the ideal path */
        gopt_taxis_solver *solver = gopt_taxis_solver_new(g);
        gopt_taxis_ideal r;
        gopt_taxis_ideal_options io = {GOPT_TAXIS_SEARCH, 0, 1, GOPT_TAXIS_MIP_START_SEARCH};
        gopt_taxis_move im[16];
        assert_int_equal(gopt_taxis_ideal_solve(solver, s, &io, im, &r), GOPT_SOLVED);
        assert_true(la <= r.length);
        gopt_taxis_solver_free(solver);
        /* a duel against a paper heuristic, from a random seat */
        gopt_taxis_heuristic pair[2] = {h, gopt_taxis_named_pairs[gopt_rng_below(&rng, 5)]};
        if (gopt_rng_below(&rng, 2)) pair[0] = pair[1], pair[1] = h;
        gopt_taxis_duel_move moves[2 * 16 + 2];
        int nmoves, length[2];
        gopt_taxis_outcome out = gopt_taxis_duel(g, s, pair, &a, moves, &nmoves, length);
        if (!gopt_taxis_check_duel(g, s, moves, nmoves, out, length, why, sizeof why))
            fail_msg("duel case %d: %s", c, why);
        gopt_taxis_setting_free(s);
        gopt_taxis_graph_free(g);
        gopt_taxis_graph_free(w);
    }
}

/* mc must prefer the start that the unseen cards are likelier to extend: on a - b and
 * c - d - e with N_D = 1 and a, d face up, a start on a grows only if b is the next of the
 * three unseen cards (expected ideal length 4/3), one on d grows with c or e (expected 2),
 * so with K = 128 common samples d wins whatever the seed, and whatever the deck's order. */
static void mc_prefers_the_start_the_unseen_cards_extend(void **state) {
    (void)state;
    int from[] = {0, 2, 3}, to[] = {1, 3, 4};
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_from(gopt_graph_new(5, 3, from, to, false), "two", "two", &err);
    assert_non_null(g);
    gopt_taxis_setting *s = gopt_taxis_setting_new(5, 2, 1);
    int deck[5] = {0, 3, 2, 1, 4}; /* a d | c b e */
    memcpy(s->cards, deck, sizeof deck);
    gopt_taxis_mc o = gopt_taxis_mc_default;
    gopt_taxis_heuristic h = {GOPT_TAXIS_START_LONGEST, GOPT_TAXIS_EXT_LONGEST, &o, NULL};
    for (int seed = 0; seed < 20; seed++) {
        gopt_rng rng = gopt_rng_stream((uint64_t)seed, 0);
        gopt_taxis_move moves[5];
        int len = gopt_taxis_play(g, s, h, &rng, moves);
        assert_int_equal(moves[0].node, 3);
        /* d, c (turned up first) at the back; then b turns up, and nothing extends d - c. */
        assert_int_equal(moves[1].node, 2);
        assert_int_equal(len, 2);
    }
    gopt_taxis_setting_free(s);
    gopt_taxis_graph_free(g);
}

static void mc_experiments_do_not_depend_on_threads(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, "thurn-taxis", NULL, &err);
    assert_non_null(g);
    gopt_taxis_mc o = gopt_taxis_mc_default;
    o.samples = 8;
    gopt_taxis_heuristic hs[2] = {gopt_taxis_named_pairs[4], {GOPT_TAXIS_START_LONGEST, GOPT_TAXIS_EXT_LONGEST, &o, NULL}};
    gopt_taxis_player players[2];
    char names[2][48];
    for (int p = 0; p < 2; p++) players[p] = gopt_taxis_heuristic_player(&hs[p], names[p], sizeof names[p]);
    assert_string_equal(players[1].name, "mc");
    enum { GAMES = 300 };
    int lengths[2][GAMES * 2];
    gopt_taxis_tally tallies[2][2];
    memset(tallies, 0, sizeof tallies);
    for (int run = 0; run < 2; run++) {
        gopt_taxis_run r = {6, 2, 3, 0, GAMES, run + 1, false, NULL, lengths[run], true};
        gopt_taxis_experiment(g, &r, players, 2, tallies[run]);
        for (int p = 0; p < 2; p++) assert_int_equal(tallies[run][p].failed, 0);
    }
    assert_memory_equal(lengths[0], lengths[1], sizeof lengths[0]);
    gopt_taxis_match m1[4] = {0}, m2[4] = {0};
    gopt_taxis_run r = {6, 2, 5, 0, 100, 1, false, NULL, NULL, true};
    gopt_taxis_tournament(g, &r, hs, 2, m1);
    r.threads = 2;
    gopt_taxis_tournament(g, &r, hs, 2, m2);
    assert_memory_equal(m1, m2, sizeof m1);
    for (int k = 0; k < 4; k++) assert_int_equal(m1[k].failed, 0);
    gopt_taxis_graph_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mc_plays_legal_deterministic_games),
        cmocka_unit_test(mc_prefers_the_start_the_unseen_cards_extend),
        cmocka_unit_test(mc_experiments_do_not_depend_on_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
