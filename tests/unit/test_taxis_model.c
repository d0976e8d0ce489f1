/* taxis model: the board format, graphs through igraph, settings (dealing, files), names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/taxis/internal.h"
#include "test_support.h"

static gopt_taxis_graph *parse_board(const char *text, gopt_error *err) {
    gopt_text t;
    gopt_text_from_string(&t, "b.board", text);
    gopt_taxis_graph *g = gopt_taxis_graph_parse(&t, "b", err);
    gopt_text_free(&t);
    return g;
}

static void board_is_read(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_taxis_graph *g = parse_board("# a small board\n"
                                      "node A 0 0\n"
                                      "node \"Bad Tolz\" 10 0   # a name with a space\n"
                                      "\n"
                                      "node C 10 5.5\n"
                                      "edge A \"Bad Tolz\"\n"
                                      "edge C \"Bad Tolz\"\n",
                                      &err);
    assert_non_null(g);
    assert_int_equal(g->n, 3);
    assert_int_equal(g->m, 2);
    assert_int_equal(g->words, 1);
    assert_int_equal(gopt_taxis_node(g, "Bad Tolz"), 1);
    assert_true(gopt_taxis_adjacent(g, 0, 1) && gopt_taxis_adjacent(g, 1, 2) && !gopt_taxis_adjacent(g, 0, 2));
    assert_int_equal(g->adj[1], 0x5);
    assert_int_equal(g->degree[1], 2);
    assert_int_equal(g->max_degree, 2);
    assert_int_equal(g->by_degree[1], 0x5);
    assert_int_equal(g->by_degree[2], 0x2);
    assert_float_equal(g->graph->y[2], 5.5, 1e-12);
    /* Writing and reading again gives the same graph. */
    char *text = gopt_taxis_graph_format(g);
    gopt_taxis_graph *again = parse_board(text, &err);
    assert_non_null(again);
    assert_int_equal(again->m, 2);
    assert_string_equal(gopt_taxis_name(again, 1), "Bad Tolz");
    assert_memory_equal(again->adj, g->adj, 3 * sizeof *g->adj);
    free(text);
    gopt_taxis_graph_free(again);
    gopt_taxis_graph_free(g);
}

static void expect_board_error(const char *text, const char *message) {
    gopt_error err = {0};
    assert_null(parse_board(text, &err));
    char buf[600];
    assert_string_equal(gopt_error_text(&err, buf, sizeof buf), message);
}

static void board_errors_say_where(void **state) {
    (void)state;
    expect_board_error("node A\nroad A B\n", "b.board:2:1: unknown statement 'road' (expected node or edge)");
    expect_board_error("node A\nnode A\n", "b.board:2:6: node 'A' is already declared on line 1");
    expect_board_error("node A\nedge A B\n", "b.board:2:8: unknown node 'B' (declare it with a node line first)");
    expect_board_error("node A\nedge A A\n", "b.board:2:6: a road from 'A' to itself; the graph must be simple");
    expect_board_error("node A\nnode B\nedge A B\nedge B A\n", "b.board:4:6: the road B - A is already on line 3");
    expect_board_error("node A 1 2\nnode B\n", "b.board:2:6: node 'B' has no position but the nodes before it have");
    expect_board_error("node A 1 x\n", "b.board:1:10: expected a number, found 'x'");
    expect_board_error("node A\nedge A\n", "b.board:2:7: an edge needs two nodes");
    expect_board_error("node A 1 2 3\n", "b.board:1:12: unexpected text after the node statement");
    expect_board_error("node \"A\n", "b.board:1:6: unterminated quoted name");
    expect_board_error("node \"A\tB\"\n", "b.board:1:8: a control character in a quoted name");
    expect_board_error("node \"A\\x\"\n", "b.board:1:9: unknown escape in a quoted name (use \\\" or \\\\)");
    expect_board_error("# nothing\n", "b.board:2:1: no nodes (a board has `node NAME X Y` and `edge NAME NAME` lines)");
}

static char *write_temp(const char *suffix, const char *text) {
    char *path = gopt_format("/tmp/gameopt-taxis-%d%s", (int)getpid(), suffix);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

static void igraph_formats_are_checked(void **state) {
    (void)state;
    gopt_error err = {0};
    char *path = write_temp(".gml", "graph [ directed 0\n node [ id 0 label \"Ulm\" ]\n node [ id 1 label \"Kempten\" ]\n"
                                    " node [ id 2 label \"Augsburg\" ]\n edge [ source 0 target 1 ]\n"
                                    " edge [ source 2 target 1 ] ]\n");
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, path, NULL, &err);
    assert_non_null(g);
    assert_int_equal(g->m, 2);
    assert_int_equal(gopt_taxis_node(g, "Augsburg"), 2);
    assert_int_equal(g->degree[1], 2);
    gopt_taxis_graph_free(g);
    unlink(path);
    free(path);

    path = write_temp(".txt", "0 1\n1 2\n2 2\n");
    assert_null(gopt_taxis_graph_load(NULL, path, NULL, &err));
    assert_non_null(strstr(err.msg, "is a loop at '2'"));
    assert_int_equal(err.line, 3);
    assert_int_equal(err.col, 1);
    unlink(path);
    free(path);

    gopt_error_clear(&err);
    path = write_temp(".edges", "0 1\n1 2\n2 1\n");
    assert_null(gopt_taxis_graph_load(NULL, path, "edgelist", &err));
    assert_string_equal(err.msg, "a second road joins '1' and '2'; the graph must be simple");
    assert_int_equal(err.line, 3); /* the second road's place (issue 35: every error names one) */
    assert_int_equal(err.col, 1);
    unlink(path);
    free(path);

    gopt_error_clear(&err);
    assert_null(gopt_taxis_graph_load(NULL, "no-such-board", NULL, &err));
    assert_non_null(strstr(err.msg, "no bundled graph of that name"));
    gopt_error_clear(&err);
    assert_null(gopt_taxis_graph_load(NULL, "x.board", "dot", &err));
    assert_non_null(strstr(err.msg, "unknown graph format 'dot'"));
}

static void bundled_graph_loads(void **state) {
    (void)state;
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, "thurn-taxis", NULL, &err);
    if (!g) gopt_error_print(stderr, &err);
    assert_non_null(g);
    assert_string_equal(g->name, "thurn-taxis");
    assert_int_equal(g->n, 22);
    assert_int_equal(g->m, 45);
    assert_non_null(g->graph->x);
    assert_int_equal(g->degree[gopt_taxis_node(g, "Stuttgart")], 7);
    assert_int_equal(g->degree[gopt_taxis_node(g, "Lodz")], 1);
    gopt_taxis_graph_free(g);
}

static gopt_taxis_graph *triangle_and_tail(void) {
    gopt_error err = {0};
    gopt_taxis_graph *g = parse_board("node A\nnode B\nnode C\nnode D\nedge A B\nedge B C\nedge C A\nedge C D\n", &err);
    assert_non_null(g);
    return g;
}

static void dealing_is_reproducible(void **state) {
    (void)state;
    gopt_taxis_graph *g = triangle_and_tail();
    gopt_taxis_setting *a = gopt_taxis_setting_new(4, 3, 2), *b = gopt_taxis_setting_new(4, 3, 2);
    gopt_rng rest;
    gopt_taxis_deal_indexed(a, 9, 5, &rest);
    gopt_taxis_deal_indexed(b, 9, 5, NULL);
    assert_memory_equal(a->cards, b->cards, 8 * sizeof *a->cards);
    char why[200];
    assert_true(gopt_taxis_setting_valid(g, a, why, sizeof why));
    gopt_rng stream = gopt_taxis_game_stream(4, 2, 9, 5);
    assert_memory_equal(&stream, &rest, sizeof rest);
    gopt_taxis_deal_indexed(b, 9, 6, NULL);
    assert_memory_not_equal(a->cards, b->cards, 8 * sizeof *a->cards);
    /* Every card position sees every node about equally often over many deals. */
    int seen[4] = {0};
    for (int i = 0; i < 4000; i++) {
        gopt_taxis_deal_indexed(b, 1, (uint64_t)i, NULL);
        seen[b->cards[0]]++;
    }
    for (int v = 0; v < 4; v++) assert_in_range(seen[v], 880, 1120);
    b->cards[0] = b->cards[1] == 0 ? 1 : 0;
    b->cards[1] = b->cards[0];
    assert_false(gopt_taxis_setting_valid(g, b, why, sizeof why));
    assert_non_null(strstr(why, "more than 2 times"));
    assert_false(gopt_taxis_params_valid(4, 9, 2, why, sizeof why));
    assert_string_equal(why, "c must be in 1..8 (the deck's size)");
    gopt_taxis_setting_free(a);
    gopt_taxis_setting_free(b);
    gopt_taxis_graph_free(g);
}

static int read_setting(const gopt_taxis_graph *g, const char *text, gopt_taxis_setting **s, gopt_error *err) {
    gopt_text t;
    gopt_text_from_string(&t, "s.txt", text);
    int r = gopt_taxis_setting_read(&t, g, s, err);
    gopt_text_free(&t);
    return r;
}

static void settings_round_trip(void **state) {
    (void)state;
    gopt_taxis_graph *g = triangle_and_tail();
    gopt_taxis_setting *s = NULL;
    gopt_error err = {0};
    assert_int_equal(read_setting(g, "# two settings\ngraph b\ndups 2\ninitial A D D\nextension B C\n"
                                      "extension A\nextension B C\n\ndups 1\ninitial C\nextension A B D\n",
                                  &s, &err),
                     1);
    assert_int_equal(s->c, 3);
    assert_int_equal(s->dups, 2);
    assert_int_equal(s->ncards, 8);
    int want[] = {0, 3, 3, 1, 2, 0, 1, 2};
    assert_memory_equal(s->cards, want, sizeof want);
    char *text = gopt_taxis_setting_format(g, s);
    assert_string_equal(text, "# taxis setting: c = 3, N_D = 2, 8 cards\ngraph b\ndups 2\ninitial A D D\n"
                              "extension B C A B C\n");
    gopt_taxis_setting *again = NULL;
    assert_int_equal(read_setting(g, text, &again, &err), 1);
    assert_memory_equal(again->cards, s->cards, sizeof want);
    free(text);
    gopt_taxis_setting_free(again);
    gopt_taxis_setting_free(s);
    gopt_taxis_graph_free(g);
}

static void expect_setting_error(const gopt_taxis_graph *g, const char *text, const char *message) {
    gopt_taxis_setting *s = NULL;
    gopt_error err = {0};
    assert_int_equal(read_setting(g, text, &s, &err), -1);
    assert_null(s);
    char buf[600];
    assert_string_equal(gopt_error_text(&err, buf, sizeof buf), message);
}

static void setting_errors_say_where(void **state) {
    (void)state;
    gopt_taxis_graph *g = triangle_and_tail();
    expect_setting_error(g, "initial A\n", "s.txt:1:1: expected 'dups' (the number of copies of each node) to begin a setting");
    expect_setting_error(g, "dups 0\n", "s.txt:1:6: number out of range (expected 1..64)");
    expect_setting_error(g, "dups 1\ninitial A E\n", "s.txt:2:11: unknown node 'E' in the initial tuple (graph b)");
    expect_setting_error(g, "dups 1\ninitial A\nextension B A\n", "s.txt:3:13: 'A' is in the deck more than dups = 1 times");
    expect_setting_error(g, "dups 1\ninitial A\nextension B\n",
                         "s.txt:4:1: the deck has 2 cards but needs 4 (1 of each node); missing: C, D");
    expect_setting_error(g, "dups 1\ninitial\n", "s.txt:2:8: the initial tuple needs at least one card");
    expect_setting_error(g, "graph thurn-taxis\ndups 1\n",
                         "s.txt:1:7: this setting is for graph 'thurn-taxis', not 'b' (see --graph)");
    expect_setting_error(g, "dups 1\ninitial A B C D\nextensions\n",
                         "s.txt:3:1: unknown statement 'extensions' (expected extension, or dups to begin the next setting)");
    gopt_taxis_graph_free(g);
}

static void heuristic_names(void **state) {
    (void)state;
    gopt_taxis_heuristic h;
    char buf[48];
    assert_true(gopt_taxis_heuristic_parse("mt", &h));
    assert_int_equal(h.start, GOPT_TAXIS_START_DEGREE);
    assert_int_equal(h.extension, GOPT_TAXIS_EXT_TENTACLES);
    assert_true(gopt_taxis_heuristic_parse("longestpath+longestpath", &h));
    assert_string_equal(gopt_taxis_heuristic_name(h, buf, sizeof buf), "pp");
    assert_true(gopt_taxis_heuristic_parse("connected+random", &h));
    assert_string_equal(gopt_taxis_heuristic_name(h, buf, sizeof buf), "connected+random");
    assert_false(gopt_taxis_heuristic_parse("connected+", &h));
    assert_false(gopt_taxis_heuristic_parse("tentacles+degree", &h));
    assert_false(gopt_taxis_heuristic_parse("xx", &h));
}

/* Issue 35 item 2: a graph of 20,000 copies of one road (the check compared every pair of a
 * node's roads: minutes at 100,000) and other graph errors found after reading name the place
 * of the node or road; a board of many roads is read in one pass. */
static void graph_errors_after_reading_name_a_place(void **state) {
    (void)state;
    gopt_buf b = {0};
    for (int i = 0; i < 20000; i++) gopt_buf_puts(&b, "a b\n");
    char *path = write_temp(".ncol", b.data);
    gopt_buf_free(&b);
    gopt_error err = {0};
    assert_null(gopt_taxis_graph_load(NULL, path, NULL, &err));
    assert_string_equal(err.msg, "a second road joins 'a' and 'b'; the graph must be simple");
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 1);
    unlink(path);
    free(path);

    path = write_temp(".gml", "graph [\n node [ id 1 label \"x\" ]\n node [ id 2 label \"x\" ] ]\n");
    gopt_error_clear(&err);
    assert_null(gopt_taxis_graph_load(NULL, path, NULL, &err));
    assert_string_equal(err.msg, "a second node is named 'x'");
    assert_int_equal(err.line, 3);
    assert_int_equal(err.col, 2);
    unlink(path);
    free(path);

    path = write_temp(".gml", "graph [\n directed 1\n node [ id 1 ] ]\n");
    gopt_error_clear(&err);
    assert_null(gopt_taxis_graph_load(NULL, path, NULL, &err));
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 2);

    /* 1024 nodes and every road of each node to the next 60: 60,000 roads, then one twice */
    for (int i = 0; i < 1024; i++) gopt_buf_printf(&b, "node n%d\n", i);
    for (int i = 0; i < 1024; i++)
        for (int k = 1; k <= 60; k++) gopt_buf_printf(&b, "edge n%d n%d\n", i, (i + k) % 1024);
    gopt_buf_puts(&b, "edge n5 n4\n");
    gopt_text t;
    gopt_text_from_string(&t, "many.board", b.data);
    gopt_buf_free(&b);
    gopt_error_clear(&err);
    assert_null(gopt_taxis_graph_parse(&t, "many", &err));
    assert_string_equal(err.msg, "the road n5 - n4 is already on line 1265");
    assert_int_equal(err.line, 1024 + 61441);
    gopt_text_free(&t);
    unlink(path);
    free(path);
}

int main(void) {
    gopt_source_enter(&gopt_local_source); /* the graph files these tests write */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(board_is_read),
        cmocka_unit_test(board_errors_say_where),
        cmocka_unit_test(igraph_formats_are_checked),
        cmocka_unit_test(graph_errors_after_reading_name_a_place),
        cmocka_unit_test(bundled_graph_loads),
        cmocka_unit_test(dealing_is_reproducible),
        cmocka_unit_test(settings_round_trip),
        cmocka_unit_test(setting_errors_say_where),
        cmocka_unit_test(heuristic_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
