/* taxis ideal path: the bundled extended graph (size, G_T inside it, a planar straight-line
 * drawing at its board positions), the exact search and the integer program on hand-made
 * settings with known answers, time limits, method names and the LP export. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/taxis/internal.h"
#include "test_support.h"

static gopt_taxis_graph *load(const char *name) {
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, name, NULL, &err);
    if (!g) gopt_error_print(stderr, &err);
    assert_non_null(g);
    return g;
}

/* ---------------------------------------------------------------- the extended graph */

/* The sign of the turn a -> b -> c (exact: positions are whole millimetres). */
static int orientation(const gopt_graph *g, int a, int b, int c) {
    double cross = (g->x[b] - g->x[a]) * (g->y[c] - g->y[a]) - (g->y[b] - g->y[a]) * (g->x[c] - g->x[a]);
    return (cross > 0) - (cross < 0);
}

static bool on_segment(const gopt_graph *g, int a, int b, int p) {
    return orientation(g, a, b, p) == 0 && g->x[p] >= (g->x[a] < g->x[b] ? g->x[a] : g->x[b]) &&
           g->x[p] <= (g->x[a] > g->x[b] ? g->x[a] : g->x[b]) &&
           g->y[p] >= (g->y[a] < g->y[b] ? g->y[a] : g->y[b]) && g->y[p] <= (g->y[a] > g->y[b] ? g->y[a] : g->y[b]);
}

/* Whether roads ab and cd meet anywhere but at a shared end town. */
static bool roads_cross(const gopt_graph *g, int a, int b, int c, int d) {
    bool shared = a == c || a == d || b == c || b == d;
    if (shared) { /* they may only overlap when collinear */
        int o = a == c || b == c ? d : c, far = a == c || a == d ? b : a;
        return on_segment(g, a, b, o) || on_segment(g, c, d, far);
    }
    int o1 = orientation(g, a, b, c), o2 = orientation(g, a, b, d), o3 = orientation(g, c, d, a),
        o4 = orientation(g, c, d, b);
    if (o1 != o2 && o3 != o4) return true;
    return on_segment(g, a, b, c) || on_segment(g, a, b, d) || on_segment(g, c, d, a) || on_segment(g, c, d, b);
}

static void extended_graph_is_planar_with_32_nodes_and_66_edges(void **state) {
    (void)state;
    gopt_taxis_graph *g = load("thurn-taxis-extended");
    assert_string_equal(g->name, "thurn-taxis-extended");
    assert_int_equal(g->n, 32);
    assert_int_equal(g->m, 66);
    const gopt_graph *gr = g->graph;
    assert_non_null(gr->x);
    for (int u = 0; u < g->n; u++) /* distinct positions */
        for (int v = u + 1; v < g->n; v++) assert_false(gr->x[u] == gr->x[v] && gr->y[u] == gr->y[v]);
    int crossings = 0;
    for (int e = 0; e < g->m; e++)
        for (int f = e + 1; f < g->m; f++)
            if (roads_cross(gr, gr->from[e], gr->to[e], gr->from[f], gr->to[f])) {
                fprintf(stderr, "roads %s-%s and %s-%s cross\n", gopt_taxis_name(g, gr->from[e]),
                        gopt_taxis_name(g, gr->to[e]), gopt_taxis_name(g, gr->from[f]), gopt_taxis_name(g, gr->to[f]));
                crossings++;
            }
    assert_int_equal(crossings, 0);
    int comp[32];
    assert_int_equal(gopt_graph_components(gr, comp), 1);
    gopt_taxis_graph_free(g);
}

/* The crossing test itself finds crossings: two diagonals of a square, and a road through a
 * town. */
static void crossing_test_sees_crossings(void **state) {
    (void)state;
    int from[] = {0, 1}, to[] = {2, 3};
    gopt_graph *gr = gopt_graph_new(5, 2, from, to, false);
    double x[] = {0, 10, 10, 0, 5}, y[] = {0, 0, 10, 10, 5};
    gopt_graph_set_positions(gr, x, y);
    assert_true(roads_cross(gr, 0, 2, 1, 3));
    assert_false(roads_cross(gr, 0, 1, 2, 3));
    assert_true(roads_cross(gr, 0, 2, 4, 1)); /* town 4 lies on road 0-2 */
    assert_false(roads_cross(gr, 0, 1, 1, 2));
    gopt_graph_free(gr);
}

/* G_T is the extended graph's subgraph on G_T's cities, road for road, at the same places. */
static void extended_graph_contains_gt(void **state) {
    (void)state;
    gopt_taxis_graph *gt = load("thurn-taxis"), *ext = load("thurn-taxis-extended");
    int at[22];
    for (int v = 0; v < gt->n; v++) {
        at[v] = gopt_taxis_node(ext, gopt_taxis_name(gt, v));
        assert_true(at[v] >= 0);
        assert_true(ext->graph->x[at[v]] == gt->graph->x[v] && ext->graph->y[at[v]] == gt->graph->y[v]);
    }
    for (int u = 0; u < gt->n; u++)
        for (int v = 0; v < gt->n; v++) assert_int_equal(gopt_taxis_adjacent(gt, u, v), gopt_taxis_adjacent(ext, at[u], at[v]));
    gopt_taxis_graph_free(gt);
    gopt_taxis_graph_free(ext);
}

/* ---------------------------------------------------------------- known answers */

/* The path graph a - b - c - d - e with the deck laid out by hand. */
static gopt_taxis_graph *path5(void) {
    gopt_text t;
    const char *text = "node a\nnode b\nnode c\nnode d\nnode e\nedge a b\nedge b c\nedge c d\nedge d e\n";
    gopt_text_from_string(&t, "path5", text);
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_parse(&t, "path5", &err);
    gopt_text_free(&t);
    assert_non_null(g);
    return g;
}

static gopt_taxis_setting *deck(const gopt_taxis_graph *g, int c, const char *const *cards, int ncards) {
    gopt_taxis_setting *s = gopt_taxis_setting_new(g->n, c, ncards / g->n);
    for (int k = 0; k < ncards; k++) s->cards[k] = gopt_taxis_node(g, cards[k]);
    char why[128];
    assert_true(gopt_taxis_setting_valid(g, s, why, sizeof why));
    return s;
}

static int solve(const gopt_taxis_graph *g, const gopt_taxis_setting *s, gopt_taxis_method m, int *path) {
    gopt_taxis_solver *w = gopt_taxis_solver_new(g);
    gopt_taxis_move moves[8];
    gopt_taxis_ideal r;
    gopt_taxis_ideal_options o = {m, 0, 1, GOPT_TAXIS_MIP_START_SEARCH};
    assert_int_equal(gopt_taxis_ideal_solve(w, s, &o, moves, &r), GOPT_SOLVED);
    gopt_taxis_path_of_moves(moves, r.length, path);
    gopt_taxis_solver_free(w);
    return r.length;
}

static void known_ideal_paths(void **state) {
    (void)state;
    gopt_taxis_graph *g = path5();
    int path[8];
    /* c = 1, deck a b c d e: start a, then b, c, d, e each turned up just in time. */
    const char *in_order[] = {"a", "b", "c", "d", "e"};
    /* c = 1, deck c e d b a: start c; turn 2 shows e (useless), turn 3 d, turn 4 b, turn 5 a. */
    const char *late[] = {"c", "e", "d", "b", "a"};
    /* c = 2, deck a e c b d: turn 1 shows a, e; turn 2 adds c, next to neither: every game
     * stops after its start. */
    const char *stuck[] = {"a", "e", "c", "b", "d"};
    for (int m = 0; m < 2; m++) {
        gopt_taxis_setting *s = deck(g, 1, in_order, 5);
        assert_int_equal(solve(g, s, (gopt_taxis_method)m, path), 5);
        gopt_taxis_setting_free(s);
        s = deck(g, 1, late, 5);
        /* c, then turn 2 offers only e: the path c can never grow past turn 2 (no move). */
        assert_int_equal(solve(g, s, (gopt_taxis_method)m, path), 1);
        gopt_taxis_setting_free(s);
        s = deck(g, 2, stuck, 5);
        assert_int_equal(solve(g, s, (gopt_taxis_method)m, path), 1);
        gopt_taxis_setting_free(s);
    }
    gopt_taxis_graph_free(g);
}

/* Two copies of each node: the second copy of a taken node is dead weight on the display. */
static void duplicates_block_the_display(void **state) {
    (void)state;
    gopt_taxis_graph *g = path5();
    int path[8];
    /* c = 2, deck c c b d a e ...: turn 1 shows c c; take c, turn 2 shows c b: take b;
     * turn 3 shows c d: take d; turn 4 shows c a: take a; turn 5 shows c e: take e. */
    const char *cards[] = {"c", "c", "b", "d", "a", "e", "a", "b", "d", "e"};
    for (int m = 0; m < 2; m++) {
        gopt_taxis_setting *s = deck(g, 2, cards, 10);
        assert_int_equal(solve(g, s, (gopt_taxis_method)m, path), 5);
        gopt_taxis_setting_free(s);
    }
    gopt_taxis_graph_free(g);
}

static void method_names(void **state) {
    (void)state;
    gopt_taxis_method m;
    assert_true(gopt_taxis_method_parse("search", &m) && m == GOPT_TAXIS_SEARCH);
    assert_true(gopt_taxis_method_parse("mip", &m) && m == GOPT_TAXIS_MIP);
    assert_false(gopt_taxis_method_parse("cplex", &m));
    assert_string_equal(gopt_taxis_method_name(GOPT_TAXIS_MIP), "mip");
}

/* The LP file names its rows after the paper's constraints. */
static void lp_export_names_the_paper_rows(void **state) {
    (void)state;
    gopt_taxis_graph *g = load("thurn-taxis");
    gopt_taxis_setting *s = gopt_taxis_setting_new(g->n, 6, 3);
    gopt_taxis_deal_indexed(s, 1, 0, NULL);
    char *text = gopt_taxis_mip_lp_text(g, s);
    const char *rows[] = {"Maximize", "c1c(", "c1d", "c1e(", "c1f(", "c1g(", "c1h(", "c1i(", "c1j(", "c1k(",
                          "c1n(", "c1o_in(", "Binaries", "x(1,"};
    for (size_t k = 0; k < sizeof rows / sizeof *rows; k++)
        if (!strstr(text, rows[k])) fail_msg("the LP file has no %s", rows[k]);
    assert_null(strstr(text, "c1r(")); /* the exported model is the whole maximisation */
    free(text);
    gopt_taxis_setting_free(s);
    gopt_taxis_graph_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(extended_graph_is_planar_with_32_nodes_and_66_edges),
        cmocka_unit_test(crossing_test_sees_crossings),
        cmocka_unit_test(extended_graph_contains_gt),
        cmocka_unit_test(known_ideal_paths),
        cmocka_unit_test(duplicates_block_the_display),
        cmocka_unit_test(method_names),
        cmocka_unit_test(lp_export_names_the_paper_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
