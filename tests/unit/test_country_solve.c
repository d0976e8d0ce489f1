/* Country Road solving and checking: the seed's 10x10 (unique, and its loop is the one the
 * seed printed), the seed's own model admitting two-loop answers, counts, infeasibility,
 * the variant, holes, and the checker catching each broken rule. */
#include <stdlib.h>
#include <string.h>

#include "games/country/internal.h"
#include "test_support.h"

static gopt_country_puzzle *read_one(const char *text) {
    gopt_text t;
    gopt_text_from_string(&t, "test", text);
    gopt_country_puzzle *p = NULL;
    gopt_error err = {0};
    if (gopt_country_read(&t, NULL, &p, &err) != 1) fail_msg("read failed: %d:%d: %s", err.line, err.col, err.msg);
    gopt_text_free(&t);
    return p;
}

static gopt_country_puzzle *seed_puzzle(void) {
    char path[1024];
    size_t len;
    char *text = test_read_file(test_source_path("data/country/seed-10x10.txt", path, sizeof path), &len);
    gopt_country_puzzle *p = read_one(text);
    free(text);
    return p;
}

/* The loop the seed article printed, with its own glyphs ('-' across, 'o' unused). */
static const char *const seed_printout[10] = {
    "┌┐┌--┐o┌-┐", "│││oo└┐│┌┘", "│└┘o┌-┘│└┐", "│oo┌┘┌-┘o│", "└┐┌┘o│oo┌┘",
    "o│└-┐└┐┌┘o", "┌┘oo└┐│└-┐", "│o┌┐o└┘o┌┘", "│o│└┐oo┌┘o", "└-┘o└--┘oo",
};

static void glyphs_to_dirs(const char *const *rows, int w, int h, uint8_t *dirs) {
    static const struct {
        const char *glyph;
        unsigned dirs;
    } table[] = {
        {"┌", 2 | 4}, {"┐", 8 | 4}, {"└", 1 | 2}, {"┘", 1 | 8}, {"│", 1 | 4}, {"-", 2 | 8}, {"o", 0},
    };
    for (int r = 0; r < h; r++) {
        const char *s = rows[r];
        for (int c = 0; c < w; c++) {
            size_t k = 0;
            while (k < 7 && strncmp(s, table[k].glyph, strlen(table[k].glyph)) != 0) k++;
            assert_true(k < 7);
            dirs[r * w + c] = (uint8_t)table[k].dirs;
            s += strlen(table[k].glyph);
        }
        assert_int_equal(*s, 0);
    }
}

static const char *checker_says(const gopt_country_puzzle *p, const char *rows) {
    static char why[256];
    gopt_text t;
    gopt_text_from_string(&t, "rows", rows);
    gopt_country_puzzle *q = gopt_country_copy(p);
    gopt_error err = {0};
    assert_true(country_read_loop_rows(&t, q, &err));
    gopt_text_free(&t);
    why[0] = 0;
    bool ok = gopt_country_check(q, q->given, why, sizeof why);
    gopt_country_free(q);
    return ok ? "ok" : why;
}

static gopt_answer solve(const gopt_country_puzzle *p, const char *method, long count) {
    gopt_country_solve_options o = {.method = method, .count = count};
    gopt_answer a = {0};
    gopt_country_solve(p, &o, &a);
    return a;
}

static void release(gopt_answer *a) {
    gopt_country_solution_free(a->solution);
    free(a->extra);
}

static void seed_is_unique_and_its_loop_is_the_seeds(void **state) {
    (void)state;
    gopt_country_puzzle *p = seed_puzzle();
    uint8_t printed[100];
    glyphs_to_dirs(seed_printout, 10, 10, printed);
    const char *methods[] = {"sat", "mip"};
    for (int m = 0; m < 2; m++) {
        gopt_answer a = solve(p, methods[m], 2);
        assert_int_equal(a.status, GOPT_SOLVED);
        assert_int_equal(a.solutions, 1);
        assert_true(a.complete);
        const gopt_country_solution *loop = a.solution;
        assert_int_equal(loop->length, 76);
        assert_memory_equal(loop->dirs, printed, 100);
        char why[256];
        assert_true(gopt_country_check(p, loop->dirs, why, sizeof why));
        assert_true(gopt_counter_get(&a.counters, "cuts") >= 1); /* the relaxation had two loops */
        release(&a);
    }
    gopt_country_free(p);
}

/* The cycles of a loop drawing, by length (sorted descending) into len[]; returns how many. */
static int cycle_lengths(const uint8_t *dirs, gopt_grid g, int *len) {
    int n = gopt_grid_cells(g), k = 0;
    uint8_t *seen = gopt_calloc((size_t)n, 1);
    for (int c = 0; c < n; c++) {
        if (!dirs[c] || seen[c]) continue;
        int size = 0, stack[400], top = 0;
        stack[top++] = c;
        seen[c] = 1;
        while (top) {
            int u = stack[--top];
            size++;
            for (int d = 0; d < 4; d++) {
                int v = gopt_grid_step(g, u, (gopt_dir)d);
                if ((dirs[u] & GOPT_DIR_BIT(d)) && !seen[v]) seen[v] = 1, stack[top++] = v;
            }
        }
        int i = k++;
        while (i > 0 && len[i - 1] < size) len[i] = len[i - 1], i--;
        len[i] = size;
    }
    free(seen);
    return k;
}

typedef struct models {
    const country_graph *g;
    int single, double_54_22;
} models;

static bool on_model(void *user, gopt_sat *s) {
    models *m = user;
    bool *on = gopt_malloc((size_t)m->g->nedges * sizeof *on);
    uint8_t dirs[100];
    for (int e = 0; e < m->g->nedges; e++) on[e] = gopt_sat_val(s, country_edge_var(e));
    country_graph_dirs(m->g, on, dirs);
    free(on);
    int len[50];
    int k = cycle_lengths(dirs, m->g->p->size, len);
    if (k == 1 && len[0] == 76) m->single++;
    if (k == 2 && len[0] == 54 && len[1] == 22) m->double_54_22++;
    return true;
}

/* Without the single-loop rule (the seed's model), the seed's puzzle has three answers:
 * the loop, and two made of two separate loops of 54 and 22 cells. */
static void seeds_model_alone_has_three_answers(void **state) {
    (void)state;
    gopt_country_puzzle *p = seed_puzzle();
    country_graph g;
    country_graph_init(&g, p);
    gopt_sat *s = country_sat_model(&g);
    int *vars = gopt_malloc((size_t)g.nedges * sizeof *vars);
    for (int e = 0; e < g.nedges; e++) vars[e] = country_edge_var(e);
    models m = {.g = &g};
    bool complete = false;
    assert_int_equal(gopt_sat_enumerate(s, vars, g.nedges, 10, on_model, &m, &complete), 3);
    assert_true(complete);
    assert_int_equal(m.single, 1);
    assert_int_equal(m.double_54_22, 2);
    free(vars);
    gopt_sat_free(s);
    country_graph_free(&g);
    gopt_country_free(p);
}

static void assert_count(const gopt_country_puzzle *p, const char *method, long count, gopt_status status, long solutions,
                         bool complete) {
    gopt_answer a = solve(p, method, count);
    assert_int_equal(a.status, status);
    assert_int_equal(a.solutions, solutions);
    assert_int_equal(a.complete, complete);
    assert_true((a.solution != NULL) == (solutions > 0));
    release(&a);
}

static void counts_and_infeasible(void **state) {
    (void)state;
    const char *methods[] = {"sat", "mip"};
    for (int m = 0; m < 2; m++) {
        /* One room, no numbers: every cycle of the 3x3 grid graph (13 of them). */
        gopt_country_puzzle *p = read_one("AAA\nAAA\nAAA\n");
        assert_count(p, methods[m], 100, GOPT_SOLVED, 13, true);
        assert_count(p, methods[m], 2, GOPT_SOLVED, 2, false);
        gopt_country_free(p);
        /* Room A has two cells, its number asks for three. */
        p = read_one("AB\nAB\nA=3\n");
        assert_count(p, methods[m], 2, GOPT_INFEASIBLE, 0, true);
        gopt_country_free(p);
    }
}

/* Solves with --count `count`, expecting a unique loop drawn as `rows`. */
static void assert_unique_loop(const gopt_country_puzzle *p, long count, const char *rows) {
    gopt_answer a = solve(p, "sat", count);
    assert_int_equal(a.status, GOPT_SOLVED);
    assert_int_equal(a.solutions, 1);
    assert_true(a.complete);
    gopt_buf b = {0};
    country_write_loop_rows(&b, p, ((gopt_country_solution *)a.solution)->dirs);
    assert_string_equal(b.data, rows);
    gopt_buf_free(&b);
    release(&a);
}

static void variant_and_holes(void **state) {
    (void)state;
    gopt_country_puzzle *p = read_one("https://puzz.link/p?country/e/5/5/vvuebrvb1q1j");
    assert_unique_loop(p, 2, "- se sw se sw\nse nw ns ns ns\nns - ne nw ns\nne sw se ew nw\n- ne nw - -\n");
    /* The same rooms under the standard rules: every room visited is impossible here. */
    p->empty_rooms = false;
    gopt_answer a = solve(p, "sat", 2);
    assert_int_equal(a.status, GOPT_INFEASIBLE);
    release(&a);
    gopt_country_free(p);
    /* A stray border inside the one room of a 3x2 board: only the loop avoiding it. */
    p = read_one("country/3/2/g0");
    assert_unique_loop(p, 5, "- se sw\n- ne nw\n");
    assert_string_equal(checker_says(p, "se ew sw\nne ew nw\n"), "row 1 col 1: the loop crosses a border inside a room");
    gopt_country_free(p);
    /* A ring around a hole. */
    p = read_one("AAA\nA.B\nBBB\n");
    assert_unique_loop(p, 2, "se ew sw\nns - ns\nne ew nw\n");
    gopt_country_free(p);
}

static void checker_catches_each_rule(void **state) {
    (void)state;
    gopt_country_puzzle *p = read_one("https://puzz.link/p?country/5/5/amda0uf02h12h");
    const char *good = "- - se sw -\nse ew nw ne sw\nne ew sw - ns\n- se nw se nw\n- ne ew nw -\n";
    assert_string_equal(checker_says(p, good), "ok");
    assert_string_equal(checker_says(p, "- - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n"), "there is no loop");
    assert_string_equal(checker_says(p, "- - se sw -\nse ew nw ne sw\nne ew sw - ns\n- se nw se nw\n- ne ew nw s\n"),
                        "row 5 col 5: the loop leaves the board");
    assert_string_equal(checker_says(p, "- - se sw -\nse ew nw ne sw\nne ew sw - ns\n- se nw se nw\n- ne ew nw w\n"),
                        "row 5 col 5: the line towards w is not continued");
    assert_string_equal(checker_says(p, "- - se sw -\nse ew nw ne sw\nne ew sw - ns\n- se nw sew nw\n- ne ew nw -\n"),
                        "row 4 col 4: the line towards w is not continued");
    p->number[0] = 3;
    assert_string_equal(checker_says(p, good), "the room at row 1 col 1 has 2 loop cells, its number is 3");
    gopt_country_free(p);

    p = read_one("AAA\nBAC\nAAA\n");
    assert_string_equal(checker_says(p, "se ew sw\nns - ns\nne ew nw\n"), "the room at row 1 col 1 is entered more than once");
    gopt_country_free(p);
    p = read_one("AAA\nABA\nAAA\n");
    assert_string_equal(checker_says(p, "se ew sw\nns - ns\nne ew nw\n"), "the loop never leaves the room at row 1 col 1");
    gopt_country_free(p);
    p = read_one("ABC\nAAA\n");
    assert_string_equal(checker_says(p, "se sw -\nne nw -\n"),
                        "row 1 col 3 and row 2 col 3: unused cells on both sides of a border");
    gopt_country_free(p);
    p = read_one("AABB\nAABB\n");
    assert_string_equal(checker_says(p, "se sw se sw\nne nw ne nw\n"),
                        "the lines make more than one loop (4 of 8 cells on the first)");
    gopt_country_free(p);
    p = read_one("AAA\nAAA\n");
    assert_string_equal(checker_says(p, "se sew sw\nne new nw\n"), "row 1 col 2: the loop branches");
    assert_string_equal(checker_says(p, "se w -\nn - -\n"), "row 1 col 2: the loop ends here");
    gopt_country_free(p);
    p = read_one("A.\nAA\n");
    assert_string_equal(checker_says(p, "se sw\nne nw\n"), "row 1 col 2: the loop enters a hole");
    gopt_country_free(p);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seed_is_unique_and_its_loop_is_the_seeds),
        cmocka_unit_test(seeds_model_alone_has_three_answers),
        cmocka_unit_test(counts_and_infeasible),
        cmocka_unit_test(variant_and_holes),
        cmocka_unit_test(checker_catches_each_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
