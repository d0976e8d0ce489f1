/* taxis heuristics: each start and extension rule of the paper's §4.2 decides as specified on
 * small hand-made graphs (including Figure 3's and Figure 4's situations), random ties are
 * uniform, and Figure 7's worst case defeats every start but Random. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/taxis/internal.h"
#include "test_support.h"

/* A graph from "a-b b-c ..." (nodes in order of appearance). */
static gopt_taxis_graph *graph_of(const char *edges) {
    char names[64][16];
    int n = 0;
    gopt_buf nodes = {0}, lines = {0};
    char *copy = gopt_strdup(edges), *save = NULL;
    for (char *e = strtok_r(copy, " ", &save); e; e = strtok_r(NULL, " ", &save)) {
        char *dash = strchr(e, '-');
        *dash = 0;
        const char *ends[2] = {e, dash + 1};
        for (int k = 0; k < 2; k++) {
            bool known = false;
            for (int v = 0; v < n; v++) known |= strcmp(names[v], ends[k]) == 0;
            if (!known) {
                snprintf(names[n++], sizeof names[0], "%s", ends[k]);
                gopt_buf_printf(&nodes, "node %s\n", ends[k]);
            }
        }
        gopt_buf_printf(&lines, "edge %s %s\n", ends[0], ends[1]);
    }
    gopt_buf_puts(&nodes, lines.data);
    gopt_text t;
    gopt_text_from_string(&t, "hand.board", nodes.data);
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_parse(&t, "hand", &err);
    if (!g) gopt_error_print(stderr, &err);
    assert_non_null(g);
    gopt_text_free(&t);
    gopt_buf_free(&nodes);
    gopt_buf_free(&lines);
    free(copy);
    return g;
}

/* Node indices of the names in "a b c" into out; returns the count. */
static int nodes_of(const gopt_taxis_graph *g, const char *list, int *out) {
    int n = 0;
    char *copy = gopt_strdup(list), *save = NULL;
    for (char *name = strtok_r(copy, " ", &save); name; name = strtok_r(NULL, " ", &save)) {
        out[n] = gopt_taxis_node(g, name);
        assert_true(out[n] >= 0);
        n++;
    }
    free(copy);
    return n;
}

/* The decision of heuristic `h` for the path (p_1 first) and face-up cards, as "name@end"
 * ("name" for a start, "stop" when the path cannot grow). */
static const char *decide(const gopt_taxis_graph *g, const char *h, const char *path, const char *display, uint64_t seed) {
    static char answer[64];
    gopt_taxis_heuristic heuristic;
    assert_true(gopt_taxis_heuristic_parse(h, &heuristic));
    int p[64], d[64];
    int len = path[0] ? nodes_of(g, path, p) : 0, nd = nodes_of(g, display, d);
    gopt_rng rng = gopt_rng_stream(seed, 0);
    int node;
    gopt_taxis_end end;
    if (!taxis_decide(g, heuristic, p, len, d, nd, &rng, &node, &end)) return "stop";
    static const char *const where[] = {"", "@front", "@back"};
    snprintf(answer, sizeof answer, "%s%s", gopt_taxis_name(g, node), where[end]);
    return answer;
}

/* How often each answer comes up over `runs` seeds; returns the number of distinct answers
 * and checks that every answer is among `allowed` (space-separated). */
static int answers(const gopt_taxis_graph *g, const char *h, const char *path, const char *display, int runs,
                   const char *allowed, int *counts) {
    char seen[8][64];
    int distinct = 0;
    for (int r = 0; r < runs; r++) {
        const char *a = decide(g, h, path, display, (uint64_t)r);
        char pattern[70];
        snprintf(pattern, sizeof pattern, " %s ", a);
        char padded[256];
        snprintf(padded, sizeof padded, " %s ", allowed);
        if (!strstr(padded, pattern)) fail_msg("%s chose %s, expected one of %s", h, a, allowed);
        int k = 0;
        while (k < distinct && strcmp(seen[k], a) != 0) k++;
        if (k == distinct) {
            snprintf(seen[distinct], sizeof seen[0], "%s", a);
            counts[distinct++] = 0;
        }
        counts[k]++;
    }
    return distinct;
}

/* ---------------------------------------------------------------- starts */

static void start_rules(void **state) {
    (void)state;
    /* {a, b, c} and {d, e} are face-up components; d has the largest degree. */
    gopt_taxis_graph *g = graph_of("a-b b-c b-h1 b-h2 c-h3 d-e d-h4 d-h5 d-h6 d-h3");
    const char *display = "a b c d e";
    assert_string_equal(decide(g, "degree+random", "", display, 1), "d");
    assert_string_equal(decide(g, "connected+random", "", display, 1), "a");  /* least degree in {a, b, c} */
    assert_string_equal(decide(g, "longestpath+random", "", display, 1), "a"); /* on the path a-b-c */
    /* Only single components: Algorithm 3 decides. */
    assert_string_equal(decide(g, "connected+random", "", "a c e", 1), "c");
    assert_string_equal(decide(g, "longestpath+random", "", "a c e", 1), "c");
    gopt_taxis_graph_free(g);
}

static void start_random_weighs_cards(void **state) {
    (void)state;
    gopt_taxis_graph *g = graph_of("a-b b-c");
    int counts[8];
    /* a lies face up twice: Algorithm 1 draws a card, so a is twice as likely as b. */
    assert_int_equal(answers(g, "rs", "", "a a b", 3000, "a b", counts), 2);
    int a = strcmp(decide(g, "rs", "", "a a b", 0), "a") == 0 ? counts[0] : counts[1];
    assert_in_range(a, 1880, 2120);
    gopt_taxis_graph_free(g);
}

static void start_longest_path_beats_largest_component(void **state) {
    (void)state;
    /* Figure 3: the star has five nodes but its longest path has three; the path p1..p4 has
     * four. Connected takes a leaf of the star, LongestPath the end p1 of the path. */
    gopt_taxis_graph *g = graph_of("s-l1 s-l2 s-l3 s-l4 p1-p2 p2-p3 p3-p4 p4-x");
    const char *display = "s l1 l2 l3 l4 p1 p2 p3 p4";
    assert_string_equal(decide(g, "longestpath+random", "", display, 3), "p1");
    int counts[8];
    assert_int_equal(answers(g, "connected+random", "", display, 400, "l1 l2 l3 l4", counts), 4);
    /* Equal lengths: more tentacles win. u1-u2-u3 has three, w1-w2-w3 one; u2 and u3 share
     * the least degree on it. */
    gopt_taxis_graph *h = graph_of("u1-u2 u2-u3 u1-o1 u1-o2 u3-o3 w1-w2 w2-w3 w1-o4");
    assert_int_equal(answers(h, "pp", "", "u1 u2 u3 w1 w2 w3", 400, "u2 u3", counts), 2);
    gopt_taxis_graph_free(g);
    gopt_taxis_graph_free(h);
}

/* ---------------------------------------------------------------- extensions */

static void extension_random_and_degree(void **state) {
    (void)state;
    gopt_taxis_graph *g = graph_of("x-y x-a x-b y-c a-a1 a-a2 a-a3 b-b1 c-c1 c-c2 z-c2");
    int counts[8];
    /* P = (x, y): a and b join the front x, c the back y; z is no tentacle. */
    assert_int_equal(answers(g, "random+random", "x y", "a b c z", 3000, "a@front b@front c@back", counts), 3);
    for (int k = 0; k < 3; k++) assert_in_range(counts[k], 880, 1120);
    assert_string_equal(decide(g, "random+degree", "x y", "a b c z", 5), "a@front");
    assert_string_equal(decide(g, "random+degree", "x y", "z a1", 5), "stop");
    gopt_taxis_graph_free(g);
}

static void extension_tentacles(void **state) {
    (void)state;
    /* P = (y, x). d (degree 4) touches both ends and its neighbours s1, s2 are tentacles of y
     * already: taking it leaves 2 (back) or 3 (front) tentacles; a (degree 3) leaves 5. */
    gopt_taxis_graph *g = graph_of("y-x x-a x-d y-d y-s1 y-s2 d-s1 d-s2 a-t1 a-t2");
    int counts[8];
    assert_int_equal(answers(g, "random+degree", "y x", "a d", 100, "d@front d@back", counts), 2);
    assert_int_equal(answers(g, "random+tentacles", "y x", "a d", 100, "a@back", counts), 1);
    /* Every extension leaves no tentacle: the printed delta_max = 0 would choose nothing. */
    gopt_taxis_graph *path = graph_of("a-b b-c");
    assert_string_equal(decide(path, "random+tentacles", "a b", "c", 1), "c@back");
    assert_string_equal(decide(path, "random+connected", "a b", "c", 1), "c@back");
    assert_string_equal(decide(path, "pp", "a b", "c", 1), "c@back");
    gopt_taxis_graph_free(g);
    gopt_taxis_graph_free(path);
}

static void extension_connected(void **state) {
    (void)state;
    /* P = (x). a alone offers most tentacles; u and w lead into the component {u, v, w}; u
     * has the smaller degree. */
    gopt_taxis_graph *g = graph_of("x-a a-k1 a-k2 a-k3 x-u u-v v-w x-w w-m");
    assert_string_equal(decide(g, "random+tentacles", "x", "a u v w", 1), "a@back");
    assert_string_equal(decide(g, "random+degree", "x", "a u v w", 1), "a@back");
    assert_string_equal(decide(g, "random+connected", "x", "a u v w", 1), "u@back");
    gopt_taxis_graph_free(g);
}

/* Plays decisions on a fixed display (no new cards) until the path stops; returns its length. */
static int play_out(const gopt_taxis_graph *g, const char *h, const char *path, const char *display, uint64_t seed) {
    gopt_taxis_heuristic heuristic;
    assert_true(gopt_taxis_heuristic_parse(h, &heuristic));
    int p[64], d[64], q[64];
    int len = nodes_of(g, path, p), nd = nodes_of(g, display, d);
    gopt_rng rng = gopt_rng_stream(seed, 0);
    int node;
    gopt_taxis_end end;
    while (taxis_decide(g, heuristic, p, len, d, nd, &rng, &node, &end)) {
        if (end == GOPT_TAXIS_AT_FRONT) {
            q[0] = node;
            memcpy(q + 1, p, (size_t)len * sizeof *p);
            memcpy(p, q, (size_t)++len * sizeof *p);
        } else {
            p[len++] = node;
        }
        for (int k = 0; k < nd; k++)
            if (d[k] == node) d[k] = d[--nd];
    }
    return len;
}

static void extension_longest_path(void **state) {
    (void)state;
    /* Figure 4: the component {a, b, c, e} touches both ends of P = (y, x); only growing both
     * ends takes all of it (b before y, a-c-e after x, or b-c-e before y and a after x). */
    gopt_taxis_graph *g = graph_of("y-x x-a y-b a-c b-c c-e");
    for (uint64_t seed = 0; seed < 50; seed++) assert_int_equal(play_out(g, "pp", "y x", "a b c e", seed), 6);
    int counts[8];
    assert_true(answers(g, "pp", "y x", "a b c e", 200, "a@back b@front", counts) >= 1);
    /* Figure 3 again, while extending: the star's five nodes give a path of three, the four
     * nodes q1..q4 a path of four. */
    gopt_taxis_graph *h = graph_of("x-l1 s-l1 s-l2 s-l3 s-l4 x-q1 q1-q2 q2-q3 q3-q4");
    const char *display = "s l1 l2 l3 l4 q1 q2 q3 q4";
    assert_string_equal(decide(h, "random+connected", "x", display, 2), "l1@back");
    assert_string_equal(decide(h, "random+longestpath", "x", display, 2), "q1@back");
    /* ... then the front: x-l1-s and one leaf. */
    assert_int_equal(play_out(h, "random+longestpath", "x", display, 2), 8);
    gopt_taxis_graph_free(g);
    gopt_taxis_graph_free(h);
}

/* ---------------------------------------------------------------- Figure 7 */

/* On G_T, six independent face-up cities; only Basel neighbours the first card turned up
 * (Freiburg), and the deck then reveals a Hamiltonian path from Basel in time: the ideal path
 * has 22 nodes, yet Degree, Connected and LongestPath start in Augsburg (the unique largest
 * degree) and are stuck at once. */
static const char figure7[] =
    "graph thurn-taxis\n"
    "dups 1\n"
    "initial Basel Augsburg Budweis Lodz Mannheim Passau\n"
    "extension Freiburg Carlsruhe Stuttgart Wurzburg Nurnberg Ingolstadt Ulm Sigmaringen Zurich Kempten\n"
    "extension Innsbruck Munchen Regensburg Salzburg Linz Pilsen\n";

static const char *const ideal_path[22] = {"Basel",    "Freiburg",   "Carlsruhe", "Mannheim",  "Stuttgart", "Wurzburg",
                                           "Nurnberg", "Ingolstadt", "Augsburg",  "Ulm",       "Sigmaringen", "Zurich",
                                           "Kempten",  "Innsbruck",  "Munchen",   "Regensburg", "Passau",   "Salzburg",
                                           "Linz",     "Budweis",    "Pilsen",    "Lodz"};

static void figure7_worst_case(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, "thurn-taxis", NULL, &err);
    assert_non_null(g);
    gopt_text t;
    gopt_text_from_string(&t, "figure7", figure7);
    gopt_taxis_setting *s = NULL;
    assert_int_equal(gopt_taxis_setting_read(&t, g, &s, &err), 1);
    gopt_text_free(&t);
    int path[22];
    for (int k = 0; k < 22; k++) path[k] = gopt_taxis_node(g, ideal_path[k]);
    char why[300];
    assert_true(gopt_taxis_check_path(g, s, path, 22, true, why, sizeof why));
    for (int st = GOPT_TAXIS_START_DEGREE; st < GOPT_TAXIS_NSTARTS; st++)
        for (int e = 0; e < GOPT_TAXIS_NEXTENSIONS; e++) {
            gopt_taxis_heuristic h = {(gopt_taxis_start)st, (gopt_taxis_extension)e, NULL, NULL};
            for (uint64_t seed = 0; seed < 20; seed++) {
                gopt_rng rng = gopt_rng_stream(seed, 0);
                gopt_taxis_move moves[22];
                assert_int_equal(gopt_taxis_play(g, s, h, &rng, moves), 1);
                assert_string_equal(gopt_taxis_name(g, moves[0].node), "Augsburg");
            }
        }
    /* Start:Random finds the one good start with probability 1/6. */
    for (int e = 0; e < GOPT_TAXIS_NEXTENSIONS; e++) {
        gopt_taxis_heuristic h = {GOPT_TAXIS_START_RANDOM, (gopt_taxis_extension)e, NULL, NULL};
        int longer = 0;
        for (uint64_t seed = 0; seed < 3000; seed++) {
            gopt_rng rng = gopt_rng_stream(seed, 1);
            gopt_taxis_move moves[22];
            int len = gopt_taxis_play(g, s, h, &rng, moves);
            assert_true(len == 1 || moves[0].node == path[0]);
            longer += len > 1;
        }
        assert_in_range(longer, 420, 580);
    }
    gopt_taxis_setting_free(s);
    gopt_taxis_graph_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(start_rules),
        cmocka_unit_test(start_random_weighs_cards),
        cmocka_unit_test(start_longest_path_beats_largest_component),
        cmocka_unit_test(extension_random_and_degree),
        cmocka_unit_test(extension_tentacles),
        cmocka_unit_test(extension_connected),
        cmocka_unit_test(extension_longest_path),
        cmocka_unit_test(figure7_worst_case),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
