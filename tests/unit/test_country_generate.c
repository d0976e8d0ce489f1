/* The Country Road generator: puzzles of several sizes (and the variant) have exactly one
 * solution by both methods, the same seed gives the same puzzle, and bad sizes are refused. */
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

static long count(const gopt_country_puzzle *p, const char *method) {
    gopt_country_solve_options o = {.method = method, .count = 2};
    gopt_answer a = {0};
    gopt_country_solve(p, &o, &a);
    long found = a.complete ? a.solutions : -1;
    if (a.solution) {
        char why[256];
        if (!gopt_country_check(p, ((gopt_country_solution *)a.solution)->dirs, why, sizeof why)) fail_msg("%s", why);
    }
    gopt_country_solution_free(a.solution);
    free(a.extra);
    return found;
}

static void generated_puzzles_are_unique(void **state) {
    (void)state;
    struct {
        int w, h;
        bool empty;
    } sizes[] = {{5, 5, false}, {6, 4, true}, {8, 8, false}, {10, 10, false}, {7, 7, true}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        for (uint64_t k = 0; k < 3; k++) {
            gopt_rng rng = gopt_rng_stream(11, k + 10 * i);
            gopt_error err = {0};
            gopt_country_puzzle *p = gopt_country_generate(sizes[i].w, sizes[i].h, sizes[i].empty, &rng, &err);
            assert_non_null(p);
            assert_int_equal(p->size.w, sizes[i].w);
            assert_int_equal(p->size.h, sizes[i].h);
            assert_int_equal(p->empty_rooms, sizes[i].empty);
            assert_true(p->nrooms >= 2);
            assert_int_equal(count(p, "sat"), 1);
            if (sizes[i].w * sizes[i].h <= 36) assert_int_equal(count(p, "mip"), 1);
            gopt_country_free(p);
        }
    }
}

static void same_seed_same_puzzle(void **state) {
    (void)state;
    char *text[2];
    for (int i = 0; i < 2; i++) {
        gopt_rng rng = gopt_rng_stream(3, 1);
        gopt_error err = {0};
        gopt_country_puzzle *p = gopt_country_generate(9, 7, false, &rng, &err);
        text[i] = gopt_country_write(p, NULL, "url", NULL);
        gopt_country_free(p);
    }
    assert_string_equal(text[0], text[1]);
    assert_non_null(strstr(text[0], "country/9/7/"));
    free(text[0]);
    free(text[1]);
}

static void bad_sizes(void **state) {
    (void)state;
    gopt_rng rng = gopt_rng_stream(1, 0);
    gopt_error err = {0};
    assert_null(gopt_country_generate(1, 5, false, &rng, &err));
    char buf[600];
    assert_string_equal(gopt_error_text(&err, buf, sizeof buf), "--size: sizes from 2x2 to 60x60");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(generated_puzzles_are_unique),
        cmocka_unit_test(same_seed_same_puzzle),
        cmocka_unit_test(bad_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
