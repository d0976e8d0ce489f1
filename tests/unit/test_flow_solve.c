/* Flow: every method on known boards (the seed's 5x5, adjacent endpoints, the unsolvable
 * cross, a parity proof, bridges), the checker's reasons, answers read back, pictures and LP
 * files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_support.h"

/* The seed's 5x5 (R-bloggers, "Using R and Integer Programming to find solutions to FlowFree
 * game boards"): X is the column and Y the row of its terminal table. */
static const char seed_5x5[] = "B.R..\nG..Y.\n.....\n.BYRG\n.....\n";

static gopt_flow_puzzle *board(const char *text, int partial) {
    gopt_text t;
    gopt_text_from_string(&t, "t", text);
    gopt_error err = {0};
    gopt_flow_puzzle *p = NULL;
    assert_int_equal(gopt_flow_read(&t, -1, partial, &p, &err), 1);
    gopt_text_free(&t);
    return p;
}

/* Solves, checks a solved answer with the independent checker, returns the status. */
static gopt_status solve(const gopt_flow_puzzle *p, gopt_flow_method m, long count, bool complete, gopt_answer *a) {
    gopt_flow_settings s = {.method = m, .count = count, .complete = complete};
    *a = (gopt_answer){0};
    gopt_status st = gopt_flow_solve(p, &s, a);
    if (st == GOPT_SOLVED) {
        char why[256];
        if (!gopt_flow_check(p, a->solution, why, sizeof why)) fail_msg("checker: %s", why);
    }
    return st;
}

static int used_edges(const gopt_flow_puzzle *p, const gopt_flow_solution *s) {
    int n = 0;
    for (int e = 0; e < p->nedges; e++) n += s->used[e];
    return n;
}

static void seed_board_by_every_method(void **state) {
    (void)state;
    gopt_flow_puzzle *p = board(seed_5x5, -1);
    const gopt_flow_method methods[] = {GOPT_FLOW_AUTO, GOPT_FLOW_SEARCH, GOPT_FLOW_SAT, GOPT_FLOW_MIP};
    char *first = NULL;
    for (int i = 0; i < 4; i++) {
        gopt_answer a;
        assert_int_equal(solve(p, methods[i], 1, false, &a), GOPT_SOLVED);
        assert_int_equal(2 * used_edges(p, a.solution), 42); /* the seed's 42 cell-edges */
        char *text = gopt_flow_write(p, a.solution);
        if (!first) first = text;
        else {
            assert_string_equal(text, first); /* the solution is unique, so all agree */
            free(text);
        }
        gopt_flow_solution_free(a.solution);
    }
    assert_string_equal(first, "BBRRR\nGBYYR\nGBYRR\nGBYRG\nGGGGG\n");
    free(first);
    /* one solution, and both counting methods prove there is no other */
    for (int i = 0; i < 2; i++) {
        gopt_answer a;
        assert_int_equal(solve(p, i ? GOPT_FLOW_SAT : GOPT_FLOW_SEARCH, 5, false, &a), GOPT_SOLVED);
        assert_int_equal(a.solutions, 1);
        assert_true(a.complete);
        gopt_flow_solution_free(a.solution);
    }
    gopt_flow_free(p);
}

static void adjacent_endpoints_are_joined(void **state) {
    (void)state;
    gopt_flow_puzzle *p = board("AAB\nCD.\nCDB\n", -1);
    for (int m = GOPT_FLOW_AUTO; m <= GOPT_FLOW_MIP; m++) {
        gopt_answer a;
        assert_int_equal(solve(p, (gopt_flow_method)m, 1, false, &a), GOPT_SOLVED);
        char *text = gopt_flow_write(p, a.solution);
        assert_string_equal(text, "AAB\nCDB\nCDB\n");
        free(text);
        gopt_flow_solution_free(a.solution);
    }
    gopt_flow_free(p);
}

static void the_cross_is_proven_unsolvable(void **state) {
    (void)state;
    gopt_flow_puzzle *p = board("R...G\n.....\n.....\n.....\nG...R\n", -1);
    gopt_answer a;
    assert_int_equal(solve(p, GOPT_FLOW_SAT, 1, false, &a), GOPT_INFEASIBLE);
    assert_string_equal(a.note, "proven unsolvable by SAT");
    assert_int_equal(solve(p, GOPT_FLOW_MIP, 1, false, &a), GOPT_INFEASIBLE);
    assert_string_equal(a.note, "proven unsolvable by the integer program");
    /* the search (and so the portfolio) sees it at once: the two colours alternate around the
     * border (topology; parity would see it too: both paths join cells of one colour) */
    assert_int_equal(solve(p, GOPT_FLOW_AUTO, 1, false, &a), GOPT_INFEASIBLE);
    assert_string_equal(a.note, "proven unsolvable by topology: colours G and R both run from border to border and their "
                                "endpoints alternate around it, so their paths would cross");
    gopt_flow_free(p);
    /* the same crossing with the parity balanced: topology still proves it */
    p = board("R..G\n....\n....\nG..R\n", -1);
    assert_int_equal(solve(p, GOPT_FLOW_SEARCH, 1, true, &a), GOPT_INFEASIBLE);
    assert_non_null(strstr(a.note, "proven unsolvable by topology"));
    assert_int_equal(solve(p, GOPT_FLOW_SAT, 1, false, &a), GOPT_INFEASIBLE);
    gopt_flow_free(p);
}

/* A board whose only solution has a path touching itself (a snake): the search that assumes
 * otherwise fails without proving anything; the portfolio goes on to route and fill, which
 * builds it (and the complete search finds it too). */
static void self_touching_solutions_are_built(void **state) {
    (void)state;
    gopt_flow_puzzle *p = board("A..\n..A\n", -1);
    gopt_answer a;
    assert_int_equal(solve(p, GOPT_FLOW_SEARCH, 1, false, &a), GOPT_LIMIT);
    assert_non_null(strstr(a.note, "not a proof"));
    assert_int_equal(solve(p, GOPT_FLOW_AUTO, 1, false, &a), GOPT_SOLVED);
    assert_string_equal(a.method, "search");
    assert_int_equal(gopt_counter_get(&a.counters, "fill_windows"), 1);
    gopt_flow_solution_free(a.solution);
    assert_int_equal(solve(p, GOPT_FLOW_SEARCH, 1, true, &a), GOPT_SOLVED);
    gopt_flow_solution_free(a.solution);
    gopt_flow_free(p);
}

static void parity_proves_unsolvable(void **state) {
    (void)state;
    /* A joins two cells of one chessboard colour: one more of it, but the board is even. */
    gopt_flow_puzzle *p = board("A.\n.A\n", -1);
    gopt_answer a;
    assert_int_equal(solve(p, GOPT_FLOW_AUTO, 1, false, &a), GOPT_INFEASIBLE);
    assert_non_null(strstr(a.note, "parity"));
    assert_int_equal(solve(p, GOPT_FLOW_MIP, 1, false, &a), GOPT_INFEASIBLE); /* MIP agrees on its own */
    gopt_flow_free(p);
    /* the same board under partial coverage has an answer */
    p = board("A.\n.A\n", 1);
    assert_int_equal(solve(p, GOPT_FLOW_AUTO, 1, false, &a), GOPT_SOLVED);
    gopt_flow_solution_free(a.solution);
    gopt_flow_free(p);
}

static void bridges_warps_and_hexes_by_the_graph_search(void **state) {
    (void)state;
    static const char *const boards[] = {
        "BRIDGES\nA-.-B-.-.\n| | | | |\n.-.-.-.-.\n| | | | |\n.-.-*-.-C\n| | | | |\nB-.-.-.-.\n| | | | |\n.-.-A-.-C\n",
        "WARPS\n.-.-.-D-.-.-\n| | | | | |\nC-.-A-.-.-.-\n| | | | | |\n.-C-.-B-A-D-\n| | | | | |\nB-.-.-.-.-.-\n| | | | | |\n.-.-.-.-.-.-\n| | | | | |\n",
        "HEX\n  .   B\n /|\\ /|\\\nA-.-.-.-B\n|/|\\|/|\\|\nD-.-.-D-.\n|/|\\|/|\\|\n.-C-.-C-.\n|/|\\|/|\\|\n.-A-.-.-.\n",
    };
    for (int i = 0; i < 3; i++) {
        gopt_flow_puzzle *p = board(boards[i], -1);
        assert_false(p->plain);
        gopt_answer s, t;
        assert_int_equal(solve(p, GOPT_FLOW_SEARCH, 10, false, &s), GOPT_SOLVED);
        assert_int_equal(solve(p, GOPT_FLOW_SAT, 10, false, &t), GOPT_SOLVED);
        assert_int_equal(s.solutions, 1);
        assert_int_equal(t.solutions, 1);
        assert_true(s.complete && t.complete);
        char *a = gopt_flow_write(p, s.solution), *b = gopt_flow_write(p, t.solution);
        assert_string_equal(a, b);
        free(a);
        free(b);
        gopt_flow_solution_free(s.solution);
        gopt_flow_solution_free(t.solution);
        gopt_flow_free(p);
    }
}

static void expect_rejected(const gopt_flow_puzzle *p, const gopt_flow_solution *s, const char *want) {
    char why[256];
    assert_false(gopt_flow_check(p, s, why, sizeof why));
    if (!strstr(why, want)) fail_msg("checker said '%s', expected '%s'", why, want);
}

static void checker_says_why(void **state) {
    (void)state;
    gopt_flow_puzzle *p = board(seed_5x5, -1);
    gopt_answer a;
    assert_int_equal(solve(p, GOPT_FLOW_SAT, 1, false, &a), GOPT_SOLVED);
    gopt_flow_solution *s = a.solution;
    int e = p->links[p->link_start[0]].edge; /* the blue endpoint's only link (east) */
    s->used[e] = 0;
    expect_rejected(p, s, "the endpoint at row 1, column 1 has 0 path links (it needs 1)");
    s->used[e] = 1;
    s->colour[12] = 0;
    expect_rejected(p, s, "row 3, column 3 is marked B but its path is Y");
    gopt_flow_solution_paint(p, s);
    char why[256];
    assert_true(gopt_flow_check(p, s, why, sizeof why));
    gopt_flow_solution_free(s);
    /* a stray cycle and an empty cell, on a 2x4 board */
    gopt_flow_puzzle *q = board("A..A\n....\n", 1);
    gopt_flow_solution *t = gopt_flow_solution_new(q);
    for (int i = 0; i < q->nedges; i++) {
        int u = q->edge_u[i], v = q->edge_v[i];
        bool top = u < 4 && v < 4, square = (u == 1 || u == 2 || u == 5) && (v == 2 || v == 5 || v == 6);
        t->used[i] = top || square;
    }
    gopt_flow_solution_paint(q, t);
    expect_rejected(q, t, "the cell at row 1, column 2 has 3 path links (it needs 0 or 2)");
    gopt_flow_solution_free(t);
    gopt_flow_free(q);
    q = board("A..A\n....\n", 0);
    t = gopt_flow_solution_new(q);
    for (int i = 0; i < q->nedges; i++) t->used[i] = q->edge_u[i] < 4 && q->edge_v[i] < 4;
    gopt_flow_solution_paint(q, t);
    expect_rejected(q, t, "the cell at row 2, column 1 has 0 path links (it needs 2)");
    gopt_flow_solution_free(t);
    gopt_flow_free(q);
    gopt_flow_free(p);
}

static gopt_flow_solution *answer(const gopt_flow_puzzle *p, const char *text) {
    gopt_text t;
    gopt_text_from_string(&t, "answer", text);
    gopt_error err = {0};
    gopt_flow_solution *s = gopt_flow_read_answer(&t, p, &err);
    gopt_text_free(&t);
    return s;
}

static void answers_are_traced_and_checked(void **state) {
    (void)state;
    gopt_flow_puzzle *p = board(seed_5x5, -1);
    char why[256];
    gopt_flow_solution *s = answer(p, "BBRRR\nGBYYR\nGBYRR\nGBYRG\nGGGGG\n");
    assert_non_null(s);
    assert_true(gopt_flow_check(p, s, why, sizeof why));
    gopt_flow_solution_free(s);
    s = answer(p, "BBRRR\nGBYYR\nGBYRR\nGBYRG\nGGGG.\n");
    assert_non_null(s);
    expect_rejected(p, s, "the endpoint at row 4, column 5 has 0 path links (it needs 1)");
    gopt_flow_solution_free(s);
    gopt_text t;
    gopt_text_from_string(&t, "answer", "BBRRR\nGBYYR\nGBYRR\nGBXRG\nGGGGG\n");
    gopt_error err = {0};
    assert_null(gopt_flow_read_answer(&t, p, &err));
    char buf[600];
    assert_string_equal(gopt_error_text(&err, buf, sizeof buf), "answer:4:3: no colour of the puzzle is written like this");
    gopt_text_free(&t);
    gopt_flow_free(p);
    /* a contest answer file: numbers, 00 empty */
    p = board("SIZE 4X3\nLINE_NUM 2\nLINE#1 (0,0)-(3,0)\nLINE#2 (0,2)-(3,2)\n", -1);
    s = answer(p, "SIZE 4X3\n01,01,01,01\n00,00,00,00\n02,02,02,02\n");
    assert_true(gopt_flow_check(p, s, why, sizeof why));
    gopt_flow_solution_free(s);
    gopt_flow_free(p);
}

/* Under partial coverage the answer never has a path touching itself (contest files). */
static void partial_answers_are_untangled(void **state) {
    (void)state;
    gopt_flow_puzzle *p = board("SIZE 5X5\nLINE_NUM 2\nLINE#1 (0,0)-(4,0)\nLINE#2 (0,4)-(4,4)\n", -1);
    gopt_answer a;
    assert_int_equal(solve(p, GOPT_FLOW_AUTO, 1, false, &a), GOPT_SOLVED);
    const gopt_flow_solution *s = a.solution;
    for (int e = 0; e < p->nedges; e++) {
        int u = p->edge_u[e], v = p->edge_v[e];
        if (s->colour[u] >= 0 && s->colour[u] == s->colour[v]) assert_true(s->used[e]);
    }
    gopt_flow_solution_free(a.solution);
    gopt_flow_free(p);
}

static void pictures_and_lp_files(void **state) {
    (void)state;
    gopt_flow_puzzle *p = board(seed_5x5, -1);
    gopt_answer a;
    assert_int_equal(solve(p, GOPT_FLOW_AUTO, 1, false, &a), GOPT_SOLVED);
    for (int f = GOPT_PIC_SVG; f <= GOPT_PIC_PNG; f++) {
        gopt_canvas *c = gopt_flow_render(p, a.solution);
        gopt_buf b = {0};
        gopt_error err = {0};
        assert_true(gopt_canvas_encode(c, (gopt_picture_format)f, "board", &b, &err));
        assert_true(b.len > 100);
        if (f == GOPT_PIC_SVG) assert_non_null(strstr(b.data, "<svg"));
        gopt_buf_free(&b);
        gopt_canvas_free(c);
    }
    char *text = gopt_flow_lp_text(p);
    assert_non_null(strstr(text, "cover_r1c2:"));
    assert_non_null(strstr(text, "Binaries"));
    free(text);
    gopt_flow_solution_free(a.solution);
    gopt_flow_free(p);
}

/* Issue 37 item 5: on a board of a million cells a node of the path search walks every free
 * cell (35 ms), so the search reads the clock at every node there. With a time limit that has
 * run out before the search starts, it stops at its first node: exactly one node, whatever
 * the machine's load (1,024 nodes, 36 s, when it read the clock every 1,024 nodes). This was a
 * golden case with --time-limit 1 on the command line, which a loaded machine could fail
 * while still reading the board (the limit counts the reading too). */
static void a_search_of_dear_nodes_reads_the_clock_at_each(void **state) {
    (void)state;
    gopt_text t;
    gopt_text_from_string(&t, "t", "SIZE 1024X1024\nLINE_NUM 1\nLINE#1 (0,0)-(1023,1023)\n");
    gopt_error err = {0};
    gopt_flow_puzzle *p = NULL;
    assert_int_equal(gopt_flow_read(&t, GOPT_FLOW_ADC, -1, &p, &err), 1);
    gopt_text_free(&t);
    assert_true(p->partial);
    gopt_flow_settings s = {.method = GOPT_FLOW_SEARCH, .count = 1, .time_limit = 1e-9};
    gopt_answer a = {0};
    assert_int_equal(gopt_flow_solve(p, &s, &a), GOPT_LIMIT);
    assert_int_equal(gopt_counter_get(&a.counters, "nodes"), 1);
    assert_string_equal(a.note, "the search reached its time limit");
    assert_null(a.solution);
    gopt_flow_free(p);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_board_by_every_method),
        cmocka_unit_test(adjacent_endpoints_are_joined),
        cmocka_unit_test(the_cross_is_proven_unsolvable),
        cmocka_unit_test(self_touching_solutions_are_built),
        cmocka_unit_test(parity_proves_unsolvable),
        cmocka_unit_test(bridges_warps_and_hexes_by_the_graph_search),
        cmocka_unit_test(checker_says_why),
        cmocka_unit_test(answers_are_traced_and_checked),
        cmocka_unit_test(partial_answers_are_untangled),
        cmocka_unit_test(pictures_and_lp_files),
        cmocka_unit_test(a_search_of_dear_nodes_reads_the_clock_at_each),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
