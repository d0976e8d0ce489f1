/* taxis games on random graphs and settings: every heuristic's path passes the independent
 * checker, both engines (64-bit and wide masks) play identical games, the checker agrees with
 * a brute-force enumeration of the online procedure, duels follow the rules, tentacles obey
 * Lemma 1, and experiments give the same results for every thread count and shard. */
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

static void games_pass_the_checker_on_both_engines(void **state) {
    (void)state;
    int cases = test_cases(150);
    gopt_rng rng = gopt_rng_stream(20240501, 0);
    for (int c = 0; c < cases; c++) {
        int n = 2 + (int)gopt_rng_below(&rng, c % 10 == 9 ? 60 : 12);
        gopt_taxis_graph *g = random_graph(&rng, n, c % 4 == 0 ? -1 : 0.1 + 0.5 * gopt_rng_double(&rng)), *w = widened(g);
        gopt_taxis_setting *s = random_setting(&rng, n);
        for (int h = 0; h < GOPT_TAXIS_NSTARTS * GOPT_TAXIS_NEXTENSIONS; h++) {
            gopt_taxis_heuristic heuristic = {(gopt_taxis_start)(h / 5), (gopt_taxis_extension)(h % 5), NULL, NULL};
            gopt_rng a = gopt_rng_stream((uint64_t)c, (uint64_t)h), b = a;
            gopt_taxis_move ma[64], mb[64];
            int la = gopt_taxis_play(g, s, heuristic, &a, ma), lb = gopt_taxis_play(w, s, heuristic, &b, mb);
            assert_int_equal(la, lb);
            assert_memory_equal(ma, mb, (size_t)la * sizeof *ma);
            assert_memory_equal(&a, &b, sizeof a); /* the same draws, too */
            int path[64];
            gopt_taxis_path_of_moves(ma, la, path);
            char why[300];
            if (!gopt_taxis_check_path(g, s, path, la, true, why, sizeof why))
                fail_msg("case %d heuristic %d: %s", c, h, why);
            assert_true(la >= 1 && la <= n);
        }
        gopt_taxis_setting_free(s);
        gopt_taxis_graph_free(g);
        gopt_taxis_graph_free(w);
    }
}

static void wide_graphs_play(void **state) {
    (void)state;
    gopt_rng rng = gopt_rng_stream(77, 0);
    for (int c = 0; c < test_cases(8); c++) {
        int n = 65 + (int)gopt_rng_below(&rng, 80);
        gopt_taxis_graph *g = random_graph(&rng, n, 0.06);
        assert_int_equal(g->words, GOPT_TAXIS_WIDE_WORDS);
        gopt_taxis_setting *s = gopt_taxis_setting_new(n, 8, 2);
        gopt_taxis_deal(s, &rng);
        for (int k = 0; k < GOPT_TAXIS_NAMED; k++) {
            gopt_taxis_move moves[160];
            int path[160];
            int len = gopt_taxis_play(g, s, gopt_taxis_named_pairs[k], &rng, moves);
            gopt_taxis_path_of_moves(moves, len, path);
            char why[300];
            if (!gopt_taxis_check_path(g, s, path, len, true, why, sizeof why)) fail_msg("wide case %d: %s", c, why);
        }
        gopt_taxis_setting_free(s);
        gopt_taxis_graph_free(g);
    }
}

/* ---------------------------------------------------------------- the checker by brute force */

#define MAXN 8

/* A path as a number: digits node + 1 in base 9, p_1 lowest. */
static uint64_t path_key(const int *path, int len, bool reversed) {
    uint64_t key = 0;
    for (int k = len - 1; k >= 0; k--) key = key * 9 + (uint64_t)(reversed ? path[len - 1 - k] : path[k]) + 1;
    return key;
}

typedef struct brute {
    const gopt_taxis_graph *g;
    const gopt_taxis_setting *s;
    uint64_t *found, *ended; /* keys of TT-paths (both directions), and of those that ended */
    size_t nfound, nended, cap_found, cap_ended;
    int order[MAXN];
} brute;

static void remember(uint64_t **keys, size_t *n, size_t *cap, const int *path, int len) {
    gopt_grow(keys, cap, *n + 2, sizeof **keys);
    (*keys)[(*n)++] = path_key(path, len, false);
    (*keys)[(*n)++] = path_key(path, len, true);
}

/* Every run of the procedure from the path order[0..len) (p_1 first), after len cards taken. */
static void explore(brute *b, int len, unsigned mask) {
    remember(&b->found, &b->nfound, &b->cap_found, b->order, len);
    int first = b->order[0], last = b->order[len - 1];
    int revealed = b->s->c + len < b->s->ncards ? b->s->c + len : b->s->ncards;
    bool grew = false;
    for (int k = 0; k < revealed; k++) {
        int v = b->s->cards[k];
        if (mask >> v & 1) continue;
        for (int end = 0; end < 2; end++) {
            if (!gopt_taxis_adjacent(b->g, end ? last : first, v)) continue;
            grew = true;
            int saved[MAXN];
            memcpy(saved, b->order, sizeof saved);
            if (end) b->order[len] = v;
            else {
                memmove(b->order + 1, b->order, (size_t)len * sizeof *b->order);
                b->order[0] = v;
            }
            explore(b, len + 1, mask | 1u << v);
            memcpy(b->order, saved, sizeof saved);
        }
    }
    if (!grew) remember(&b->ended, &b->nended, &b->cap_ended, b->order, len);
}

static int compare_keys(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static bool known(const uint64_t *keys, size_t n, const int *path, int len) {
    uint64_t key = path_key(path, len, false);
    return bsearch(&key, keys, n, sizeof key, compare_keys) != NULL;
}

/* All simple paths of the graph, each checked against the enumeration. */
static void all_paths(const brute *b, int *path, int len, unsigned mask, int *checked) {
    const gopt_taxis_graph *g = b->g;
    char why[300];
    bool tt = known(b->found, b->nfound, path, len), ended = known(b->ended, b->nended, path, len);
    assert_int_equal(gopt_taxis_check_path(g, b->s, path, len, false, why, sizeof why), tt);
    assert_int_equal(gopt_taxis_check_path(g, b->s, path, len, true, why, sizeof why), tt && ended);
    ++*checked;
    for (int v = 0; v < g->n; v++)
        if (!(mask >> v & 1) && gopt_taxis_adjacent(g, path[len - 1], v)) {
            path[len] = v;
            all_paths(b, path, len + 1, mask | 1u << v, checked);
        }
}

static void checker_matches_brute_force(void **state) {
    (void)state;
    gopt_rng rng = gopt_rng_stream(4242, 0);
    int checked = 0, accepted = 0;
    for (int c = 0; c < test_cases(120); c++) {
        int n = 2 + (int)gopt_rng_below(&rng, MAXN - 2);
        gopt_taxis_graph *g = random_graph(&rng, n, 0.2 + 0.6 * gopt_rng_double(&rng));
        gopt_taxis_setting *s = random_setting(&rng, n);
        brute b = {.g = g, .s = s};
        for (int k = 0; k < s->c; k++) {
            b.order[0] = s->cards[k];
            explore(&b, 1, 1u << s->cards[k]);
        }
        qsort(b.found, b.nfound, sizeof *b.found, compare_keys);
        qsort(b.ended, b.nended, sizeof *b.ended, compare_keys);
        accepted += (int)b.nfound;
        int path[MAXN];
        for (int v = 0; v < n; v++) {
            path[0] = v;
            all_paths(&b, path, 1, 1u << v, &checked);
        }
        free(b.found);
        free(b.ended);
        gopt_taxis_setting_free(s);
        gopt_taxis_graph_free(g);
    }
    assert_true(checked > 1000 && accepted > 100);
}

static void checker_rejects_broken_paths(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, "thurn-taxis", NULL, &err);
    assert_non_null(g);
    gopt_taxis_setting *s = gopt_taxis_setting_new(g->n, 6, 2);
    gopt_rng rng;
    gopt_taxis_deal_indexed(s, 3, 0, &rng);
    int path[3] = {gopt_taxis_node(g, "Ulm"), gopt_taxis_node(g, "Lodz"), gopt_taxis_node(g, "Ulm")};
    char why[300];
    assert_false(gopt_taxis_check_path(g, s, path, 2, false, why, sizeof why));
    assert_string_equal(why, "no road joins 'Ulm' and 'Lodz' (nodes 1 and 2 of the path)");
    path[1] = gopt_taxis_node(g, "Augsburg");
    assert_false(gopt_taxis_check_path(g, s, path, 3, false, why, sizeof why));
    assert_string_equal(why, "'Ulm' is on the path twice");
    assert_false(gopt_taxis_check_path(g, s, path, 0, false, why, sizeof why));
    /* A path of the setting's first face-up card alone is a TT-path; it has ended only when
     * nothing face up extends it. */
    path[0] = s->cards[0];
    assert_true(gopt_taxis_check_path(g, s, path, 1, false, why, sizeof why));
    gopt_taxis_setting_free(s);
    gopt_taxis_graph_free(g);
}

/* ---------------------------------------------------------------- duels */

/* Replays a duel's moves with the rules written out again: each taken node was face up and
 * joins its player's path at the named end. */
static void replay_duel(const gopt_taxis_graph *g, const gopt_taxis_setting *s, const gopt_taxis_duel_move *moves,
                        int nmoves, const int length[2]) {
    int count[64] = {0}, next = s->c;
    for (int k = 0; k < s->c; k++) count[s->cards[k]]++;
    int path[2][130], len[2] = {0, 0}, lo[2] = {65, 65};
    for (int k = 0; k < nmoves; k++) {
        const gopt_taxis_duel_move *m = &moves[k];
        if (m->node < 0) continue;
        int p = m->player, v = m->node;
        assert_true(count[v] > 0);
        for (int i = lo[p]; i < lo[p] + len[p]; i++) assert_int_not_equal(path[p][i], v);
        if (len[p] == 0) {
            assert_int_equal(m->end, GOPT_TAXIS_AT_START);
            path[p][lo[p]] = v;
        } else if (m->end == GOPT_TAXIS_AT_FRONT) {
            assert_true(gopt_taxis_adjacent(g, path[p][lo[p]], v));
            path[p][--lo[p]] = v;
        } else {
            assert_true(gopt_taxis_adjacent(g, path[p][lo[p] + len[p] - 1], v));
            path[p][lo[p] + len[p]] = v;
        }
        len[p]++;
        count[v]--;
        if (next < s->ncards) count[s->cards[next++]]++;
    }
    assert_int_equal(len[0], length[0]);
    assert_int_equal(len[1], length[1]);
}

static void duels_follow_the_rules(void **state) {
    (void)state;
    gopt_rng rng = gopt_rng_stream(99, 0);
    for (int c = 0; c < test_cases(150); c++) {
        int n = 2 + (int)gopt_rng_below(&rng, 20);
        gopt_taxis_graph *g = random_graph(&rng, n, 0.15 + 0.4 * gopt_rng_double(&rng));
        gopt_taxis_setting *s = random_setting(&rng, n);
        gopt_taxis_heuristic pair[2] = {gopt_taxis_named_pairs[gopt_rng_below(&rng, 5)],
                                        gopt_taxis_named_pairs[gopt_rng_below(&rng, 5)]};
        gopt_taxis_duel_move moves[2 * 64 + 2];
        int nmoves, length[2];
        gopt_taxis_outcome o = gopt_taxis_duel(g, s, pair, &rng, moves, &nmoves, length);
        replay_duel(g, s, moves, nmoves, length);
        char why[300];
        if (!gopt_taxis_check_duel(g, s, moves, nmoves, o, length, why, sizeof why)) fail_msg("case %d: %s", c, why);
        /* The checker notices a wrong outcome, a cut-off duel, and a move that was not allowed. */
        assert_false(gopt_taxis_check_duel(g, s, moves, nmoves, (gopt_taxis_outcome)((o + 1) % 3), length, why, sizeof why));
        assert_false(gopt_taxis_check_duel(g, s, moves, nmoves - 1, o, length, why, sizeof why));
        gopt_taxis_duel_move saved = moves[0];
        moves[0].end = GOPT_TAXIS_AT_BACK;
        assert_false(gopt_taxis_check_duel(g, s, moves, nmoves, o, length, why, sizeof why));
        moves[0] = saved;
        /* How the duel ended: the second failed (first wins); the first failed and the second
         * then grew (second wins) or failed too (tie). */
        const gopt_taxis_duel_move *last = &moves[nmoves - 1], *before = &moves[nmoves - 2];
        assert_int_equal(last->player, 1);
        if (o == GOPT_TAXIS_FIRST_WINS) {
            assert_int_equal(length[0], length[1] + 1);
            assert_int_equal(last->node, -1);
            assert_true(before->player == 0 && before->node >= 0);
        } else {
            assert_true(before->player == 0 && before->node == -1);
            assert_int_equal(last->node >= 0, o == GOPT_TAXIS_SECOND_WINS);
            assert_int_equal(length[1], length[0] + (o == GOPT_TAXIS_SECOND_WINS));
        }
        gopt_taxis_setting_free(s);
        gopt_taxis_graph_free(g);
    }
}

/* Every reading of the two-player rules: duels pass the checker under their reading; under
 * `closed` no player takes a node of the other's path; `play-out` ends as the lengths say and
 * (failure being final) gives the default rule's outcome, on the same draws. */
static void duels_follow_every_reading(void **state) {
    (void)state;
    gopt_rng rng = gopt_rng_stream(101, 0);
    for (int c = 0; c < test_cases(150); c++) {
        int n = 2 + (int)gopt_rng_below(&rng, 20);
        gopt_taxis_graph *g = random_graph(&rng, n, 0.15 + 0.4 * gopt_rng_double(&rng));
        gopt_taxis_setting *s = random_setting(&rng, n);
        gopt_taxis_heuristic pair[2] = {gopt_taxis_named_pairs[gopt_rng_below(&rng, 5)],
                                        gopt_taxis_named_pairs[gopt_rng_below(&rng, 5)]};
        gopt_taxis_outcome seen[12];
        for (int k = 0; k < 12; k++) { /* closed x play-out x display (keep, refill, clear) */
            gopt_taxis_reading r = {.closed = k & 1, .play_out = (k >> 1) & 1, .refill = k >> 2 == 1, .clear = k >> 2 == 2,
                                    .start_all = c % 2, .ties_first = c % 3 == 0};
            gopt_rng draws = gopt_rng_stream((uint64_t)c, 5);
            gopt_taxis_duel_move moves[2 * 64 + 2];
            int nmoves, length[2];
            gopt_taxis_outcome o = seen[k] = gopt_taxis_duel_read(g, s, pair, r, &draws, moves, &nmoves, length);
            char why[300];
            if (!gopt_taxis_check_duel_read(g, s, r, moves, nmoves, o, length, why, sizeof why))
                fail_msg("case %d reading %s: %s", c, gopt_taxis_reading_name(r), why);
            if (r.play_out)
                assert_int_equal(o, length[0] > length[1] ? GOPT_TAXIS_FIRST_WINS
                                    : length[1] > length[0] ? GOPT_TAXIS_SECOND_WINS : GOPT_TAXIS_TIE);
            if (r.closed) { /* no node on both paths */
                bool on[64] = {false};
                for (int m = 0; m < nmoves; m++)
                    if (moves[m].node >= 0 && moves[m].player == 0) on[moves[m].node] = true;
                for (int m = 0; m < nmoves; m++)
                    if (moves[m].node >= 0 && moves[m].player == 1) assert_false(on[moves[m].node]);
            }
        }
        for (int d = 0; d < 12; d += 4) { /* play-out changes no outcome, whatever the display */
            assert_int_equal(seen[d], seen[d + 2]);
            assert_int_equal(seen[d + 1], seen[d + 3]);
        }
        gopt_taxis_setting_free(s);
        gopt_taxis_graph_free(g);
    }
}

/* Every one-player reading: each of the 20 pairs plays legal games by its rules (the checker
 * replays the path under the same display rule, finished), on both mask widths alike; the
 * keep-display readings agree with the default checker. */
static void games_follow_every_reading(void **state) {
    (void)state;
    gopt_rng rng = gopt_rng_stream(103, 0);
    for (int c = 0; c < test_cases(150); c++) {
        int n = 2 + (int)gopt_rng_below(&rng, 20);
        gopt_taxis_graph *g = random_graph(&rng, n, 0.15 + 0.4 * gopt_rng_double(&rng));
        gopt_taxis_graph *w = widened(g);
        gopt_taxis_setting *s = random_setting(&rng, n);
        for (int k = 0; k < 12; k++) {
            gopt_taxis_reading r = {.refill = k % 3 == 1, .clear = k % 3 == 2, .start_all = (k / 3) & 1,
                                    .ties_first = (k / 6) & 1};
            gopt_taxis_heuristic h = {(gopt_taxis_start)(c % 4), (gopt_taxis_extension)((c + k) % 5), NULL, &r};
            gopt_taxis_move moves[64], wide_moves[64];
            gopt_rng draws = gopt_rng_stream((uint64_t)c, (uint64_t)k), again = draws;
            int len = gopt_taxis_play(g, s, h, &draws, moves);
            assert_int_equal(gopt_taxis_play(w, s, h, &again, wide_moves), len);
            assert_memory_equal(moves, wide_moves, (size_t)len * sizeof *moves);
            int path[64];
            gopt_taxis_path_of_moves(moves, len, path);
            char why[300];
            if (!gopt_taxis_check_path_read(g, s, r, path, len, true, why, sizeof why))
                fail_msg("case %d reading %s: %s", c, gopt_taxis_reading_name(r), why);
            if (!r.refill && !r.clear) assert_true(gopt_taxis_check_path(g, s, path, len, true, why, sizeof why));
        }
        gopt_taxis_setting_free(s);
        gopt_taxis_graph_free(w);
        gopt_taxis_graph_free(g);
    }
}

/* A path only the refill and clear displays allow: on the path graph a - b - c with the deck
 * a a b b c c and c = 2, keep shows a (dead) and b after the start, then a and b: a - b ends;
 * refill and clear both clear the dead copies, so b b and then c c come up: a - b - c. */
static void displays_differ_as_read(void **state) {
    (void)state;
    int from[] = {0, 1}, to[] = {1, 2};
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_from(gopt_graph_new(3, 2, from, to, false), "abc", "abc", &err);
    assert_non_null(g);
    gopt_taxis_setting *s = gopt_taxis_setting_new(3, 2, 2);
    int deck[] = {0, 0, 1, 1, 2, 2};
    memcpy(s->cards, deck, sizeof deck);
    int abc[] = {0, 1, 2}, ab[] = {0, 1};
    char why[300];
    gopt_taxis_reading keep = {0}, refill = {.refill = true}, clear = {.clear = true};
    assert_false(gopt_taxis_check_path_read(g, s, keep, abc, 3, false, why, sizeof why));
    assert_true(gopt_taxis_check_path_read(g, s, keep, ab, 2, true, why, sizeof why));
    assert_true(gopt_taxis_check_path_read(g, s, refill, abc, 3, true, why, sizeof why));
    assert_true(gopt_taxis_check_path_read(g, s, clear, abc, 3, true, why, sizeof why));
    assert_false(gopt_taxis_check_path_read(g, s, refill, ab, 2, true, why, sizeof why)); /* c shows: not ended */
    gopt_taxis_heuristic h = {GOPT_TAXIS_START_RANDOM, GOPT_TAXIS_EXT_RANDOM, NULL, &refill};
    gopt_rng draws = gopt_rng_stream(1, 1);
    assert_int_equal(gopt_taxis_play(g, s, h, &draws, NULL), 3);
    h.reading = &clear;
    assert_int_equal(gopt_taxis_play(g, s, h, &draws, NULL), 3);
    h.reading = NULL;
    assert_int_equal(gopt_taxis_play(g, s, h, &draws, NULL), 2);
    gopt_taxis_setting_free(s);
    gopt_taxis_graph_free(g);
}

/* ---------------------------------------------------------------- Lemma 1 */

static void tentacles_obey_lemma_1(void **state) {
    (void)state;
    gopt_rng rng = gopt_rng_stream(11, 0);
    for (int c = 0; c < test_cases(400); c++) {
        int n = 2 + (int)gopt_rng_below(&rng, 30);
        bool tree = c % 3 == 0;
        gopt_taxis_graph *g = random_graph(&rng, n, tree ? -1 : 0.05 + 0.5 * gopt_rng_double(&rng));
        /* A random self-avoiding walk grown at both ends. */
        int path[64], len = 1;
        bool on[64] = {false};
        path[0] = (int)gopt_rng_below(&rng, (uint32_t)n);
        on[path[0]] = true;
        int want = 1 + (int)gopt_rng_below(&rng, (uint32_t)n);
        while (len < want) {
            int end = (int)gopt_rng_below(&rng, 2) ? len - 1 : 0, options[64], k = 0;
            for (int v = 0; v < n; v++)
                if (!on[v] && gopt_taxis_adjacent(g, path[end], v)) options[k++] = v;
            if (k == 0) break;
            int v = options[gopt_rng_below(&rng, (uint32_t)k)];
            on[v] = true;
            if (end == 0) memmove(path + 1, path, (size_t)len * sizeof *path), path[0] = v;
            else path[len] = v;
            len++;
        }
        int d = gopt_taxis_tentacles(g, path, len), d1 = g->degree[path[0]], dl = g->degree[path[len - 1]];
        assert_true(d <= n - len);                                            /* (1) */
        if (len == 1) assert_int_equal(d, d1);                                /* (2) */
        else {
            assert_true(d <= d1 + dl - 2);                                    /* (3) */
            if (tree) assert_int_equal(d, d1 + dl - 2);                       /* tight on trees */
            assert_true(d >= (d1 > dl ? d1 : dl) - len);                      /* (4) */
        }
        gopt_taxis_graph_free(g);
    }
}

/* ---------------------------------------------------------------- determinism */

static void experiments_do_not_depend_on_threads(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, "thurn-taxis", NULL, &err);
    assert_non_null(g);
    gopt_taxis_heuristic hs[GOPT_TAXIS_NAMED];
    gopt_taxis_player players[GOPT_TAXIS_NAMED];
    char names[GOPT_TAXIS_NAMED][48];
    for (int p = 0; p < GOPT_TAXIS_NAMED; p++) {
        hs[p] = gopt_taxis_named_pairs[p];
        players[p] = gopt_taxis_heuristic_player(&hs[p], names[p], sizeof names[p]);
    }
    enum { GAMES = 700 };
    int lengths[3][GAMES * GOPT_TAXIS_NAMED];
    gopt_taxis_tally tallies[3][GOPT_TAXIS_NAMED];
    int64_t hist[3][GOPT_TAXIS_NAMED][23];
    memset(hist, 0, sizeof hist);
    memset(tallies, 0, sizeof tallies);
    for (int run = 0; run < 3; run++) {
        for (int p = 0; p < GOPT_TAXIS_NAMED; p++) tallies[run][p].hist = hist[run][p];
        /* one thread; two threads; two shards of one thread each */
        int64_t cuts[3] = {0, run == 2 ? 333 : GAMES, GAMES};
        for (int part = 0; part < (run == 2 ? 2 : 1); part++) {
            gopt_taxis_run r = {5, 2, 17, cuts[part], run == 2 ? cuts[part + 1] : GAMES, run == 1 ? 2 : 1, false, NULL,
                                lengths[run] + cuts[part] * GOPT_TAXIS_NAMED, true};
            gopt_taxis_experiment(g, &r, players, GOPT_TAXIS_NAMED, tallies[run]);
        }
    }
    for (int run = 1; run < 3; run++) {
        assert_memory_equal(lengths[0], lengths[run], sizeof lengths[0]);
        assert_memory_equal(hist[0], hist[run], sizeof hist[0]);
        for (int p = 0; p < GOPT_TAXIS_NAMED; p++) {
            assert_int_equal(tallies[0][p].games, GAMES);
            assert_int_equal(tallies[0][p].sum, tallies[run][p].sum);
            assert_int_equal(tallies[0][p].sum_sq, tallies[run][p].sum_sq);
            assert_int_equal(tallies[run][p].failed, 0);
        }
    }
    /* Setting i played alone gives the length the experiment recorded. */
    gopt_taxis_setting *s = gopt_taxis_setting_new(g->n, 5, 2);
    for (int i = 0; i < GAMES; i += 97) {
        gopt_rng rng;
        gopt_taxis_deal_indexed(s, 17, (uint64_t)i, &rng);
        assert_int_equal(gopt_taxis_play(g, s, hs[4], &rng, NULL), lengths[0][i * GOPT_TAXIS_NAMED + 4]);
    }
    gopt_taxis_setting_free(s);
    gopt_taxis_match m1[25] = {0}, m2[25] = {0};
    gopt_taxis_run r = {6, 2, 5, 0, 300, 1, false, NULL, NULL, true};
    gopt_taxis_tournament(g, &r, hs, GOPT_TAXIS_NAMED, m1);
    r.threads = 2;
    gopt_taxis_tournament(g, &r, hs, GOPT_TAXIS_NAMED, m2);
    assert_memory_equal(m1, m2, sizeof m1);
    for (int k = 0; k < 25; k++) {
        assert_int_equal(m1[k].first_wins + m1[k].second_wins + m1[k].ties, 300);
        assert_int_equal(m1[k].failed, 0);
    }
    gopt_taxis_graph_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(games_pass_the_checker_on_both_engines),
        cmocka_unit_test(wide_graphs_play),
        cmocka_unit_test(checker_matches_brute_force),
        cmocka_unit_test(checker_rejects_broken_paths),
        cmocka_unit_test(duels_follow_the_rules),
        cmocka_unit_test(duels_follow_every_reading),
        cmocka_unit_test(games_follow_every_reading),
        cmocka_unit_test(displays_differ_as_read),
        cmocka_unit_test(tentacles_obey_lemma_1),
        cmocka_unit_test(experiments_do_not_depend_on_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
