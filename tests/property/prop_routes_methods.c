/* Routes: the exact methods cross-checked on random small maps (gopt_routes_generate: random
 * track with switches and junctions, towns, cities, OO cities, blocked cities, off-boards,
 * one to three trains of every kind, rule options, groups and bonuses). For every state:
 *   - brute force (every route of every train, every combination) gives the optimum;
 *   - the branch and bound and the integer program find the same total, proven;
 *   - every answer passes the independent checker;
 *   - the state written out and read back gives the same optimum;
 *   - an answer stopped by a tiny time limit passes the checker and its bound is never
 *     below the optimum. Reproducible: the seed of state i is i. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

static int solve(const gopt_routes_state *s, gopt_routes_method m, double limit, gopt_routes_result *r, uint64_t seed) {
    gopt_routes_settings how = {.method = m, .time_limit = limit};
    int status = gopt_routes_solve(s, &how, r);
    if (status == GOPT_SOLVED || (status == GOPT_LIMIT && r->found)) {
        char why[256];
        if (!gopt_routes_check(s, &r->solution, why, sizeof why)) {
            char *text = gopt_routes_format(s);
            fail_msg("seed %llu, method %d: the answer fails the checker: %s\n%s", (unsigned long long)seed, (int)m, why, text);
        }
    }
    return status;
}

static void one(uint64_t seed, int width, int height) {
    gopt_routes_random p = {.width = width, .height = height, .max_trains = 3, .rules = true};
    gopt_routes_state *s = gopt_routes_generate(&p, seed);
    gopt_routes_result brute, search, mip;
    int sb = solve(s, GOPT_ROUTES_BRUTE, 0, &brute, seed);
    if (sb != GOPT_SOLVED) { /* too many routes to enumerate: skip this one */
        gopt_routes_free(s);
        return;
    }
    int ss = solve(s, GOPT_ROUTES_SEARCH, 0, &search, seed);
    int sm = solve(s, GOPT_ROUTES_MIP, 0, &mip, seed);
    if (ss != GOPT_SOLVED || sm != GOPT_SOLVED || search.solution.total != brute.solution.total ||
        mip.solution.total != brute.solution.total) {
        char *text = gopt_routes_format(s);
        fail_msg("seed %llu: brute %d, search %d (status %d), mip %d (status %d: %s)\n%s", (unsigned long long)seed,
                 brute.solution.total, search.solution.total, ss, mip.solution.total, sm, mip.note, text);
    }
    /* written out and read back */
    char *text = gopt_routes_format(s);
    gopt_error err = {0};
    gopt_routes_state *back = gopt_routes_parse("back", text, &err);
    if (!back) fail_msg("seed %llu: the written state does not read back: %s\n%s", (unsigned long long)seed, err.msg, text);
    gopt_routes_result again;
    solve(back, GOPT_ROUTES_SEARCH, 0, &again, seed);
    if (again.solution.total != brute.solution.total)
        fail_msg("seed %llu: read back, the optimum is %d, not %d\n%s", (unsigned long long)seed, again.solution.total,
                 brute.solution.total, text);
    free(text);
    gopt_routes_free(back);
    /* a time limit: whatever is found is legal, and the bound holds */
    for (int m = 0; m < 2; m++) {
        gopt_routes_result lim;
        int st = solve(s, m ? GOPT_ROUTES_MIP : GOPT_ROUTES_SEARCH, 1e-5, &lim, seed);
        if (st == GOPT_LIMIT && lim.bound < brute.solution.total)
            fail_msg("seed %llu: method %d stopped with bound %d below the optimum %d", (unsigned long long)seed, m, lim.bound,
                     brute.solution.total);
        if (st == GOPT_SOLVED && lim.solution.total != brute.solution.total)
            fail_msg("seed %llu: method %d under a limit claims %d, optimum %d", (unsigned long long)seed, m, lim.solution.total,
                     brute.solution.total);
    }
    gopt_routes_free(s);
}

static void random_small_maps(void **state) {
    (void)state;
    int n = test_cases(300);
    for (int i = 1; i <= n; i++) one((uint64_t)i, 3 + i % 3, 3);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(random_small_maps)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
