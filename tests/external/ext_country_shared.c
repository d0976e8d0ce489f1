/* All 283 shared Country Road puzzles (../shared/data/country/country_puzzles.txt): each
 * given solution passes the checker; SAT with --count 2 finds the 281 unique ones unique
 * and equal to the given solution, and two loops for the other two; every puzz.link URL in
 * the file decodes to the same puzzle as its block and encodes back to the same URL; the
 * MIP method agrees on a sample. */
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

typedef struct shared {
    gopt_country_puzzle *p[400];
    char *url[400]; /* the block's url line, or NULL */
    int n;
} shared;

static shared data;

/* The url lines, in block order (the block reader skips them). */
static void read_urls(const char *text) {
    int k = -1;
    for (const char *line = text; *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : line + strlen(line)) {
        if (strncmp(line, "puzzle ", 7) == 0) k++;
        if (strncmp(line, "url http", 8) == 0 && k >= 0 && k < 400) {
            size_t len = strcspn(line + 4, "\n");
            data.url[k] = gopt_strndup(line + 4, len);
        }
    }
}

static int load(void **state) {
    (void)state;
    char path[1024];
    test_shared_path("country/country_puzzles.txt", path, sizeof path);
    size_t len;
    char *text = test_read_file(path, &len);
    read_urls(text);
    gopt_text t;
    gopt_text_from(&t, path, text, len);
    gopt_error err = {0};
    int r;
    while (data.n < 400 && (r = gopt_country_read(&t, "block", &data.p[data.n], &err)) == 1) data.n++;
    gopt_text_free(&t);
    free(text);
    return 0;
}

static int unload(void **state) {
    (void)state;
    for (int i = 0; i < data.n; i++) {
        gopt_country_free(data.p[i]);
        free(data.url[i]);
    }
    return 0;
}

static void all_puzzles_read(void **state) {
    (void)state;
    assert_int_equal(data.n, 283);
    int unique = 0, with_solution = 0, holes = 0, variant = 0;
    for (int i = 0; i < data.n; i++) {
        const gopt_country_puzzle *p = data.p[i];
        unique += p->given_unique == 1;
        with_solution += p->given != NULL;
        variant += p->empty_rooms;
        for (int c = 0; c < gopt_grid_cells(p->size); c++)
            if (p->room[c] == GOPT_COUNTRY_HOLE) {
                holes++;
                break;
            }
    }
    assert_int_equal(unique, 281);
    assert_int_equal(holes, 4);
    assert_true(variant >= 1);
    assert_true(with_solution >= 270);
}

static void given_solutions_pass_the_checker(void **state) {
    (void)state;
    for (int i = 0; i < data.n; i++) {
        if (!data.p[i]->given) continue;
        char why[256] = "";
        if (!gopt_country_check(data.p[i], data.p[i]->given, why, sizeof why))
            fail_msg("%s: the given solution fails: %s", data.p[i]->name, why);
    }
}

static void urls_match_blocks(void **state) {
    (void)state;
    int urls = 0;
    for (int i = 0; i < data.n; i++) {
        if (!data.url[i]) continue;
        urls++;
        gopt_text t;
        gopt_text_from_string(&t, data.p[i]->name, data.url[i]);
        gopt_country_puzzle *q = NULL;
        gopt_error err = {0};
        if (gopt_country_read(&t, "url", &q, &err) != 1) fail_msg("%s: %s", data.p[i]->name, err.msg);
        gopt_text_free(&t);
        const gopt_country_puzzle *p = data.p[i];
        assert_int_equal(q->nrooms, p->nrooms);
        assert_int_equal(q->empty_rooms, p->empty_rooms);
        assert_memory_equal(q->room, p->room, (size_t)gopt_grid_cells(p->size) * sizeof *p->room);
        assert_memory_equal(q->number, p->number, (size_t)p->nrooms * sizeof *p->number);
        char *back = gopt_country_write(q, NULL, "url", NULL);
        back[strcspn(back, "\n")] = 0;
        assert_string_equal(back, data.url[i]);
        free(back);
        gopt_country_free(q);
    }
    assert_int_equal(urls, 279); /* all but the four janko boards with holes */
}

/* noqx_10x12's URL draws a border between two cells of one room. Its block (regions read as
 * areas, the border dropped) has over a thousand loops; with the border kept as puzz.link
 * checks it (not crossed, not between two unused cells) the puzzle is unique. */
static void stray_border_makes_noqx_unique(void **state) {
    (void)state;
    int i = 0;
    while (i < data.n && strcmp(data.p[i]->name, "noqx_10x12") != 0) i++;
    assert_true(i < data.n && data.url[i]);
    gopt_text t;
    gopt_text_from_string(&t, "noqx", data.url[i]);
    gopt_country_puzzle *p = NULL;
    gopt_error err = {0};
    assert_int_equal(gopt_country_read(&t, "url", &p, &err), 1);
    gopt_text_free(&t);
    assert_non_null(p->wall);
    gopt_country_solve_options o = {.count = 2};
    gopt_answer a = {0};
    gopt_country_solve(p, &o, &a);
    assert_int_equal(a.status, GOPT_SOLVED);
    assert_int_equal(a.solutions, 1);
    assert_true(a.complete);
    char why[256];
    assert_true(gopt_country_check(p, ((gopt_country_solution *)a.solution)->dirs, why, sizeof why));
    gopt_country_solution_free(a.solution);
    free(a.extra);
    gopt_country_free(p);
}

static void check_answer(const gopt_country_puzzle *p, const gopt_answer *a) {
    if (p->given_unique == 1) {
        if (a->status != GOPT_SOLVED || a->solutions != 1 || !a->complete)
            fail_msg("%s: expected unique, got status %d with %ld loops", p->name, a->status, a->solutions);
        const gopt_country_solution *loop = a->solution;
        if (p->given && memcmp(loop->dirs, p->given, (size_t)loop->ncells) != 0)
            fail_msg("%s: the loop differs from the given solution", p->name);
    } else {
        if (a->status != GOPT_SOLVED || a->solutions != 2 || a->complete)
            fail_msg("%s: expected two loops, got status %d with %ld", p->name, a->status, a->solutions);
    }
    char why[256] = "";
    if (!gopt_country_check(p, ((const gopt_country_solution *)a->solution)->dirs, why, sizeof why))
        fail_msg("%s: the answer fails the checker: %s", p->name, why);
}

static void solve_all(const char *method, int every) {
    gopt_country_solve_options o = {.method = method, .count = 2};
    int solved = 0;
    for (int i = 0; i < data.n; i += every) {
        const gopt_country_puzzle *p = data.p[i];
        if (every > 1 && gopt_grid_cells(p->size) > 100) continue; /* the MIP sample: small boards */
        gopt_answer a = {0};
        gopt_country_solve(p, &o, &a);
        check_answer(p, &a);
        gopt_country_solution_free(a.solution);
        free(a.extra);
        solved++;
    }
    assert_true(solved >= (every == 1 ? 283 : 5));
}

static void sat_solves_all_with_uniqueness(void **state) {
    (void)state;
    solve_all("sat", 1);
}

static void mip_agrees_on_a_sample(void **state) {
    (void)state;
    solve_all("mip", 29);
}

int main(void) {
    test_require_shared("country/country_puzzles.txt");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(all_puzzles_read),
        cmocka_unit_test(given_solutions_pass_the_checker),
        cmocka_unit_test(urls_match_blocks),
        cmocka_unit_test(sat_solves_all_with_uniqueness),
        cmocka_unit_test(stray_border_makes_noqx_unique),
        cmocka_unit_test(mip_agrees_on_a_sample),
    };
    return cmocka_run_group_tests(tests, load, unload);
}
