/* Routes: the branch and bound with its train-set sub-problems (the default search: each set
 * of trains' optimum bounds what those trains earn next to the others, routes kept across
 * sets and rounds, identical trains capped by the route before them) against the plain one
 * (each train's best alone as the bound) and, where it can, brute force, on random maps with
 * up to five trains, often identical ones (gopt_routes_generate; trains copied at random).
 * For every state both searches prove the same total, every answer passes the checker, and
 * an answer stopped by a tiny time limit has a bound no lower than the optimum.
 * Reproducible: the seed of state i is i. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

static int solve(const gopt_routes_state *s, gopt_routes_method m, bool plain, double limit, gopt_routes_result *r,
                 uint64_t seed) {
    gopt_routes_settings how = {.method = m, .time_limit = limit, .plain = plain};
    int status = gopt_routes_solve(s, &how, r);
    if (status == GOPT_SOLVED || (status == GOPT_LIMIT && r->found)) {
        char why[256];
        if (!gopt_routes_check(s, &r->solution, why, sizeof why)) {
            char *text = gopt_routes_format(s);
            fail_msg("seed %llu, method %d%s: the answer fails the checker: %s\n%s", (unsigned long long)seed, (int)m,
                     plain ? " plain" : "", why, text);
        }
    }
    return status;
}

static void one(uint64_t seed) {
    gopt_routes_random p = {.width = 4 + (int)(seed % 3), .height = 3 + (int)(seed / 3 % 2), .max_trains = 5, .rules = true};
    gopt_routes_state *s = gopt_routes_generate(&p, seed);
    /* identical trains: the sets and the list order they share */
    for (int t = 1; t < s->ntrains; t++)
        if ((seed >> t) % 3 == 0) s->trains[t] = s->trains[t - 1];
    gopt_routes_result plain, fast, brute;
    int sp = solve(s, GOPT_ROUTES_SEARCH, true, 0, &plain, seed);
    int sf = solve(s, GOPT_ROUTES_SEARCH, false, 0, &fast, seed);
    if (sp != GOPT_SOLVED || sf != GOPT_SOLVED || plain.solution.total != fast.solution.total) {
        char *text = gopt_routes_format(s);
        fail_msg("seed %llu: plain search %d (status %d), search %d (status %d)\n%s", (unsigned long long)seed,
                 plain.solution.total, sp, fast.solution.total, sf, text);
    }
    if (s->ntrains <= 3 && solve(s, GOPT_ROUTES_BRUTE, false, 0, &brute, seed) == GOPT_SOLVED &&
        brute.solution.total != fast.solution.total) {
        char *text = gopt_routes_format(s);
        fail_msg("seed %llu: brute %d, search %d\n%s", (unsigned long long)seed, brute.solution.total, fast.solution.total,
                 text);
    }
    gopt_routes_result lim;
    int st = solve(s, GOPT_ROUTES_SEARCH, false, 1e-5, &lim, seed);
    if ((st == GOPT_LIMIT && lim.bound < fast.solution.total) || (st == GOPT_SOLVED && lim.solution.total != fast.solution.total))
        fail_msg("seed %llu: under a limit status %d, total %d, bound %d; optimum %d", (unsigned long long)seed, st,
                 lim.solution.total, lim.bound, fast.solution.total);
    gopt_routes_free(s);
}

static void search_agrees_with_plain(void **state) {
    (void)state;
    int n = test_cases(200);
    for (int i = 1; i <= n; i++) one((uint64_t)i);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(search_agrees_with_plain)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
