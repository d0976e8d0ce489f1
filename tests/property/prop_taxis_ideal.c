/* taxis ideal path: the exact search (both mask widths) and the integer program against a brute
 * force that plays every sequence of the online procedure on the real display (cards turned up
 * one by one, duplicates and all) on small random graphs; and search against the integer
 * program on random settings of G_T over c in 4..8 and N_D in 1..3. Every ideal path must pass
 * the independent checker as a finished TT-path, and no heuristic may beat it. */
#include <stdlib.h>
#include <string.h>

#include "games/taxis/internal.h"
#include "test_support.h"
#include "taxis_random.h"

#define MAXN 9

/* ---------------------------------------------------------------- brute force */

/* The procedure written out on the cards: display[] holds the face-up cards, deck[next..] the
 * rest; a move takes a face-up card off the path next to an end and turns up the next card. */
typedef struct brute {
    const gopt_taxis_graph *g;
    const gopt_taxis_setting *s;
    int best;
} brute;

static void play_all(brute *b, int *display, int ndisplay, int next, int *path, int len, bool *on) {
    if (len > b->best) b->best = len;
    for (int k = 0; k < ndisplay; k++) {
        int v = display[k];
        if (on[v]) continue;
        for (int end = 0; end < (len == 0 ? 1 : 2); end++) {
            if (len > 0 && !gopt_taxis_adjacent(b->g, end == 0 ? path[len - 1] : path[0], v)) continue;
            int saved = display[k], nd = ndisplay;
            if (next < b->s->ncards) display[k] = b->s->cards[next];
            else display[k] = display[--nd];
            if (end == 0) path[len] = v;
            else memmove(path + 1, path, (size_t)len * sizeof *path), path[0] = v;
            on[v] = true;
            play_all(b, display, nd, next < b->s->ncards ? next + 1 : next, path, len + 1, on);
            on[v] = false;
            if (end == 1) memmove(path, path + 1, (size_t)len * sizeof *path);
            if (nd != ndisplay) display[nd] = display[k];
            display[k] = saved;
        }
    }
}

static int brute_force(const gopt_taxis_graph *g, const gopt_taxis_setting *s) {
    int display[MAXN * 3], path[MAXN];
    bool on[MAXN] = {false};
    memcpy(display, s->cards, (size_t)s->c * sizeof *display);
    brute b = {g, s, 0};
    play_all(&b, display, s->c, s->c, path, 0, on);
    return b.best;
}

/* ---------------------------------------------------------------- helpers */

/* Solves s with method m (the MIP started from `start`), checks the path (finished, a TT-path)
 * and returns its length. */
static int ideal_started(gopt_taxis_solver *w, const gopt_taxis_graph *g, const gopt_taxis_setting *s,
                         gopt_taxis_method m, gopt_taxis_mip_start start) {
    gopt_taxis_move moves[GOPT_TAXIS_MAX_NODES];
    int path[GOPT_TAXIS_MAX_NODES];
    gopt_taxis_ideal r;
    gopt_taxis_ideal_options o = {m, 0, 1, start};
    assert_int_equal(gopt_taxis_ideal_solve(w, s, &o, moves, &r), GOPT_SOLVED);
    assert_int_equal(r.bound, r.length);
    gopt_taxis_path_of_moves(moves, r.length, path);
    char why[256] = "";
    if (!gopt_taxis_check_path(g, s, path, r.length, true, why, sizeof why)) fail_msg("%s: %s", gopt_taxis_method_name(m), why);
    for (int h = 0; h < GOPT_TAXIS_NAMED; h++) { /* no heuristic beats the ideal */
        gopt_rng rng = gopt_rng_stream(5, (uint64_t)h);
        assert_true(gopt_taxis_play(g, s, gopt_taxis_named_pairs[h], &rng, NULL) <= r.length);
    }
    return r.length;
}

static int ideal_checked(gopt_taxis_solver *w, const gopt_taxis_graph *g, const gopt_taxis_setting *s,
                         gopt_taxis_method m) {
    return ideal_started(w, g, s, m, GOPT_TAXIS_MIP_START_SEARCH);
}

/* The MIP in its proof mode handed a TT-path one node shorter than the ideal (the ideal's
 * first moves: any prefix of a procedure is one): CBC must find the longer path itself. */
static void mip_corrects_a_short_incumbent(const gopt_taxis_graph *g, const gopt_taxis_setting *s, gopt_taxis_solver *w,
                                           int expected) {
    if (expected < 2) return;
    gopt_taxis_move known[GOPT_TAXIS_MAX_NODES], moves[GOPT_TAXIS_MAX_NODES];
    gopt_taxis_ideal r;
    memset(&r, 0, sizeof r);
    gopt_taxis_ideal_options o = {GOPT_TAXIS_SEARCH, 0, 1, GOPT_TAXIS_MIP_START_SEARCH};
    assert_int_equal(gopt_taxis_ideal_solve(w, s, &o, known, &r), GOPT_SOLVED);
    memset(&r, 0, sizeof r);
    o.method = GOPT_TAXIS_MIP;
    assert_int_equal(taxis_mip_run(g, s, &o, known, expected - 1, moves, &r), GOPT_SOLVED);
    assert_int_equal(r.length, expected);
    int path[GOPT_TAXIS_MAX_NODES];
    gopt_taxis_path_of_moves(moves, r.length, path);
    char why[256] = "";
    if (!gopt_taxis_check_path(g, s, path, r.length, true, why, sizeof why)) fail_msg("mip from a short start: %s", why);
}

/* ---------------------------------------------------------------- tests */

static void search_and_mip_match_brute_force(void **state) {
    (void)state;
    gopt_rng rng;
    gopt_rng_seed(&rng, 20261122);
    int cases = test_cases(120), longest = 0;
    for (int i = 0; i < cases; i++) {
        int n = 3 + (int)gopt_rng_below(&rng, MAXN - 2), dups = 1 + (int)gopt_rng_below(&rng, 3);
        double p = 0.25 + 0.5 * gopt_rng_double(&rng);
        gopt_taxis_graph *g = random_graph(&rng, n, p), *wide = widened(g);
        int most = n * dups < 8 ? n * dups : 8;
        gopt_taxis_setting *s = gopt_taxis_setting_new(n, 1 + (int)gopt_rng_below(&rng, (uint32_t)most), dups);
        gopt_taxis_deal(s, &rng);
        gopt_taxis_solver *w = gopt_taxis_solver_new(g), *ww = gopt_taxis_solver_new(wide);
        int expected = brute_force(g, s);
        assert_int_equal(ideal_checked(w, g, s, GOPT_TAXIS_SEARCH), expected);
        assert_int_equal(ideal_checked(ww, wide, s, GOPT_TAXIS_SEARCH), expected);
        /* the MIP on its own (the heuristics' start), and in its proof mode (the search's) */
        assert_int_equal(ideal_started(w, g, s, GOPT_TAXIS_MIP, GOPT_TAXIS_MIP_START_HEURISTICS), expected);
        assert_int_equal(ideal_checked(w, g, s, GOPT_TAXIS_MIP), expected);
        mip_corrects_a_short_incumbent(g, s, w, expected);
        longest = expected > longest ? expected : longest;
        gopt_taxis_solver_free(w);
        gopt_taxis_solver_free(ww);
        gopt_taxis_setting_free(s);
        gopt_taxis_graph_free(g);
        gopt_taxis_graph_free(wide);
    }
    assert_true(cases < 20 || longest >= 6); /* the sample reaches long paths */
}

/* The same solver, reused across settings, gives what a fresh one gives (its memo is stamped
 * per run). */
static void solver_reuse_is_clean(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, "thurn-taxis", NULL, &err);
    assert_non_null(g);
    gopt_taxis_solver *kept = gopt_taxis_solver_new(g);
    gopt_taxis_setting *s = gopt_taxis_setting_new(g->n, 6, 2);
    for (int i = 0; i < test_cases(300); i++) {
        gopt_taxis_deal_indexed(s, 99, (uint64_t)i, NULL);
        gopt_taxis_solver *fresh = gopt_taxis_solver_new(g);
        assert_int_equal(ideal_checked(kept, g, s, GOPT_TAXIS_SEARCH), ideal_checked(fresh, g, s, GOPT_TAXIS_SEARCH));
        gopt_taxis_solver_free(fresh);
    }
    gopt_taxis_setting_free(s);
    gopt_taxis_solver_free(kept);
    gopt_taxis_graph_free(g);
}

/* Search against the integer program on G_T. CBC needs seconds to minutes on settings with
 * long ideal paths (N_D = 1, 2), so the CI sample is N_D = 3 with c = 4 + i mod 5 (seed 7,
 * index i); bench/taxis_ideal --agree runs the long ones. */
static void search_matches_mip_on_gt(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, "thurn-taxis", NULL, &err);
    assert_non_null(g);
    gopt_taxis_solver *w = gopt_taxis_solver_new(g);
    for (int i = 0; i < (test_cases(5) < 5 ? test_cases(5) : 5); i++) {
        gopt_taxis_setting *s = gopt_taxis_setting_new(g->n, 4 + i % 5, 3);
        gopt_taxis_deal_indexed(s, 7, (uint64_t)i, NULL);
        int ideal = ideal_checked(w, g, s, GOPT_TAXIS_SEARCH);
        assert_int_equal(ideal_started(w, g, s, GOPT_TAXIS_MIP, GOPT_TAXIS_MIP_START_HEURISTICS), ideal);
        assert_int_equal(ideal_checked(w, g, s, GOPT_TAXIS_MIP), ideal);
        gopt_taxis_setting_free(s);
    }
    gopt_taxis_solver_free(w);
    gopt_taxis_graph_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(search_and_mip_match_brute_force),
        cmocka_unit_test(solver_reuse_is_clean),
        cmocka_unit_test(search_matches_mip_on_gt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
