/* Flood-It against the published optima in ../shared/data/flood: every board of pc19 (the
 * sum 20,086, each proven), a sample of b10c15, b18c6 and b24c4 and of the 99problems files
 * against their solution files, aaronpuchert's test outputs, the hand cases, and Tatham
 * IDs. GOPT_FULL=1 runs the whole of every set (minutes). Under AddressSanitizer pc19 is
 * sampled too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

static bool full(void) { return getenv("GOPT_FULL") && strcmp(getenv("GOPT_FULL"), "0") != 0; }

static char *shared(const char *rel) {
    char buf[1024];
    test_require_shared(rel);
    return strdup(test_shared_path(rel, buf, sizeof buf));
}

typedef struct boards {
    gopt_flood_puzzle **p;
    size_t n, cap;
} boards;

static boards load(const char *path, const char *format) {
    boards b = {0};
    gopt_text t;
    gopt_error err = {0};
    assert_true(gopt_text_load(&t, path, &err));
    gopt_flood_puzzle *p;
    int r;
    while ((r = gopt_flood_read(&t, format, NULL, &p, &err)) == 1) {
        gopt_grow(&b.p, &b.cap, b.n + 1, sizeof *b.p);
        b.p[b.n++] = p;
    }
    if (r < 0) gopt_error_print(stderr, &err);
    assert_int_equal(r, 0);
    gopt_text_free(&t);
    return b;
}

static void boards_free(boards *b) {
    for (size_t i = 0; i < b->n; i++) gopt_flood_free(b->p[i]);
    free(b->p);
}

/* The lengths of a solution file's lines (one sequence per line). */
static int *line_lengths(const char *path, size_t *n) {
    size_t len;
    char *text = test_read_file(path, &len);
    int *out = NULL;
    size_t cap = 0;
    *n = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        gopt_grow(&out, &cap, *n + 1, sizeof *out);
        out[(*n)++] = (int)strlen(line);
    }
    free(text);
    return out;
}

/* Solves with A*; returns the length, asserting a proven optimum. */
static int solve_optimal(const gopt_flood_puzzle *p, const char *method) {
    gopt_options o;
    gopt_options_init(&o);
    o.method = method;
    gopt_answer a = {.name = "board"};
    assert_int_equal(gopt_game_solve_checked(&gopt_game_flood, p, &o, &a), GOPT_SOLVED);
    const gopt_flood_result *r = a.extra;
    assert_true(r->optimal);
    int n = ((const gopt_flood_solution *)a.solution)->length;
    gopt_answer_free(&gopt_game_flood, &a);
    return n;
}

/* Every `step`-th board of a set (all with GOPT_FULL) against its optimal solutions. */
static void set_against_solutions(const char *set, const char *solutions, size_t step, long full_sum) {
    char *bp = shared(set), *sp = shared(solutions);
    boards b = load(bp, NULL);
    size_t nsol;
    int *want = line_lengths(sp, &nsol);
    assert_int_equal(nsol, b.n);
    if (full()) step = 1;
    long sum = 0, want_sum = 0;
    for (size_t i = 0; i < b.n; i += step) {
        int got = solve_optimal(b.p[i], "astar");
        if (got != want[i]) fail_msg("%s board %zu: %d moves, the solution file has %d", set, i + 1, got, want[i]);
        sum += got;
        want_sum += want[i];
    }
    assert_int_equal(sum, want_sum);
    if (step == 1) assert_int_equal(sum, full_sum);
    free(want);
    boards_free(&b);
    free(bp);
    free(sp);
}

static void pc19_all_proven(void **state) {
    (void)state;
    set_against_solutions("flood/sets/dataset_pc19.txt", "flood/sets/solutions_optimal_pc19.txt", SANITIZED ? 25 : 1,
                          20086);
}

static void b10c15_sample(void **state) {
    (void)state;
    set_against_solutions("flood/sets/dataset_b10c15n1000.txt", "flood/sets/solutions_optimal_b10c15n1000.txt",
                          SANITIZED ? 200 : 50, 26717);
}

static void b18c6_sample(void **state) {
    (void)state;
    set_against_solutions("flood/sets/dataset_b18c6n1000.txt", "flood/sets/solutions_optimal_b18c6n1000.txt",
                          SANITIZED ? 500 : 100, 24837);
}

static void b24c4_sample(void **state) {
    (void)state;
    set_against_solutions("flood/sets/dataset_b24c4n1000.txt", "flood/sets/solutions_optimal_b24c4n1000.txt",
                          SANITIZED ? 500 : 100, 21952);
}

/* The published solution files themselves pass the checker (all four optimal sets). */
static void solution_files_replay(void **state) {
    (void)state;
    const char *sets[][2] = {
        {"flood/sets/dataset_pc19.txt", "flood/sets/solutions_optimal_pc19.txt"},
        {"flood/sets/dataset_b24c6n1000.txt", "flood/sets/solutions_potentially_optimal_b24c6n1000.txt"},
    };
    for (size_t s = 0; s < 2; s++) {
        char *bp = shared(sets[s][0]), *sp = shared(sets[s][1]);
        boards b = load(bp, NULL);
        size_t len;
        char *text = test_read_file(sp, &len);
        size_t i = 0;
        long total = 0;
        for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"), i++) {
            uint8_t *moves;
            char why[200];
            int n = gopt_flood_moves_parse(b.p[i], line, &moves, why, sizeof why, NULL);
            assert_true(n > 0);
            if (!gopt_flood_check(b.p[i], moves, n, why, sizeof why)) fail_msg("%s %zu: %s", sets[s][1], i + 1, why);
            total += n;
            free(moves);
        }
        assert_int_equal(i, b.n);
        assert_int_equal(total, s == 0 ? 20086 : 31804);
        free(text);
        boards_free(&b);
        free(bp);
        free(sp);
    }
}

/* 99problems: the files ColorFill solves in under 50 ms (all with GOPT_FULL). */
static void problems99(void **state) {
    (void)state;
    const char *quick[] = {"12_12_06_001", "12_12_08_004", "12_12_10_042", "14_14_06_003", "14_14_08_002",
                           "16_16_06_012", "18_18_06_057", "20_20_06_005", "20_20_06_063"};
    char *times = shared("flood/99problems-colorfill-times.txt");
    size_t len;
    char *text = test_read_file(times, &len);
    int checked = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        const char *slash = strstr(line, "99problems/");
        if (!slash) continue;
        char name[32];
        if (sscanf(slash + 11, "%31s", name) != 1) continue;
        bool take = full();
        for (size_t q = 0; q < sizeof quick / sizeof *quick && !take; q++) take = strcmp(quick[q], name) == 0;
        if (!take || (SANITIZED && checked >= 3)) continue;
        char rel[128];
        snprintf(rel, sizeof rel, "flood/99problems/%s", name);
        char *path = shared(rel);
        boards b = load(path, NULL);
        assert_int_equal(b.n, 1);
        int got = solve_optimal(b.p[0], "astar");
        if (got != b.p[0]->expected) fail_msg("%s: %d moves, the file says %d", name, got, b.p[0]->expected);
        checked++;
        boards_free(&b);
        free(path);
    }
    assert_true(checked >= (SANITIZED ? 3 : 9));
    free(text);
    free(times);
}

/* aaronpuchert's tests: the optimum of each .in is the N of its .out, whose sequence checks. */
static void puchert_tests(void **state) {
    (void)state;
    const char *names[] = {"names", "rand", "reduced", "reduction"};
    for (size_t i = 0; i < 4; i++) {
        char rel[128];
        snprintf(rel, sizeof rel, "flood/puchert-tests/%s.in", names[i]);
        char *in = shared(rel);
        snprintf(rel, sizeof rel, "flood/puchert-tests/%s.out", names[i]);
        char *out = shared(rel);
        boards b = load(in, NULL);
        size_t len;
        char *text = test_read_file(out, &len);
        int want;
        assert_int_equal(sscanf(text, "A shortest sequence of %d moves", &want), 1);
        assert_int_equal(solve_optimal(b.p[0], "astar"), want);
        assert_int_equal(solve_optimal(b.p[0], "dfbnb"), want);
        char *bracket = strchr(text, ']');
        assert_non_null(bracket);
        uint8_t *moves;
        char why[200];
        int n = gopt_flood_moves_parse(b.p[0], bracket + 1, &moves, why, sizeof why, NULL);
        assert_int_equal(n, want);
        assert_true(gopt_flood_check(b.p[0], moves, n, why, sizeof why));
        free(moves);
        free(text);
        boards_free(&b);
        free(in);
        free(out);
    }
}

/* tiny-cases.txt: "123/132/223 -> 2 3 2 | 3 2 3" (or "-> N moves (e.g. ...)"). */
static void tiny_cases(void **state) {
    (void)state;
    char *path = shared("flood/tiny-cases.txt");
    size_t len;
    char *text = test_read_file(path, &len);
    int cases = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *arrow = strstr(line, " -> ");
        if (line[0] == '#' || !arrow) continue;
        *arrow = 0;
        char grid[128];
        size_t k = 0;
        for (char *c = line; *c && k + 2 < sizeof grid; c++) grid[k++] = *c == '/' ? '\n' : *c;
        grid[k++] = '\n';
        grid[k] = 0;
        gopt_text t;
        gopt_error err = {0};
        gopt_text_from_string(&t, "case", grid);
        gopt_flood_puzzle *p;
        assert_int_equal(gopt_flood_read(&t, "grid", NULL, &p, &err), 1);
        gopt_text_free(&t);
        const char *answer = arrow + 4;
        int want;
        if (strncmp(answer, "[]", 2) == 0) {
            want = 0;
        } else if (strstr(answer, "moves")) {
            assert_int_equal(sscanf(answer, "%d", &want), 1);
        } else { /* every listed optimal sequence replays, and all have one length */
            want = -1;
            char *copy = strdup(answer);
            char *save = NULL;
            for (char *alt = strtok_r(copy, "|", &save); alt; alt = strtok_r(NULL, "|", &save)) {
                uint8_t *moves;
                char why[200];
                int n = gopt_flood_moves_parse(p, alt, &moves, why, sizeof why, NULL);
                assert_true(n > 0);
                assert_true(gopt_flood_check(p, moves, n, why, sizeof why));
                if (want < 0) want = n;
                assert_int_equal(n, want);
                free(moves);
            }
            free(copy);
        }
        assert_int_equal(solve_optimal(p, "astar"), want);
        gopt_flood_free(p);
        cases++;
    }
    assert_int_equal(cases, 5);
    free(text);
    free(path);
}

/* Tatham IDs: the optimum column of every 50th line (all with GOPT_FULL), and the third
 * column (a re-implementation of Tatham's depth-3 solver) against our lookahead. */
static void tatham_ids(void **state) {
    (void)state;
    char *path = shared("flood/tatham/pc19_as_tatham_ids.txt");
    boards b = load(path, "tatham");
    size_t len;
    char *text = test_read_file(path, &len);
    size_t i = 0, step = full() ? 1 : 50, checked = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#') continue;
        int opt, limit;
        const char *tab = strchr(line, '\t');
        assert_non_null(tab);
        assert_int_equal(sscanf(tab, "%d %d", &opt, &limit), 2);
        assert_int_equal(b.p[i]->limit, limit);
        if (i % step == 0) {
            assert_int_equal(solve_optimal(b.p[i], "astar"), opt);
            gopt_options o;
            gopt_options_init(&o);
            o.method = "lookahead";
            gopt_answer a = {.name = "id"};
            assert_int_equal(gopt_game_solve_checked(&gopt_game_flood, b.p[i], &o, &a), GOPT_SOLVED);
            assert_int_equal(((const gopt_flood_solution *)a.solution)->length, limit); /* m0: the solver's */
            gopt_answer_free(&gopt_game_flood, &a);
            checked++;
        }
        i++;
    }
    assert_int_equal(i, b.n);
    assert_true(checked >= 20);
    free(text);
    boards_free(&b);
    free(path);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pc19_all_proven), cmocka_unit_test(b10c15_sample),  cmocka_unit_test(b18c6_sample),
        cmocka_unit_test(b24c4_sample),    cmocka_unit_test(solution_files_replay), cmocka_unit_test(problems99),
        cmocka_unit_test(puchert_tests),   cmocka_unit_test(tiny_cases),     cmocka_unit_test(tatham_ids),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
