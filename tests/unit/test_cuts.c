/* The lazy-constraint loop on both engines: Hamiltonian cycles, where "one cycle" is the
 * rule left out and added back as cuts (the same shape as the loop puzzles' models). */
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

/* A complete graph on n nodes; edge e joins eu[e] and ev[e]; variable of edge e is e + 1. */
typedef struct tour {
    int n, m;
    int eu[64], ev[64];
    int64_t cuts_by_row; /* how many MIP cuts were rows (not clauses) */
} tour;

static void complete_graph(tour *t, int n) {
    memset(t, 0, sizeof *t);
    t->n = n;
    for (int u = 0; u < n; u++)
        for (int v = u + 1; v < n; v++) t->eu[t->m] = u, t->ev[t->m++] = v;
}

static int find(int *parent, int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
}

/* Subtour elimination: for each component S of the chosen edges other than a full tour,
 * some edge must leave S. MIP gets the stronger row sum(delta(S)) >= 2. */
static int separate_subtours(void *user, gopt_cut_sink *k) {
    tour *t = user;
    int parent[16];
    for (int v = 0; v < t->n; v++) parent[v] = v;
    for (int e = 0; e < t->m; e++)
        if (gopt_cut_value(k, e + 1)) parent[find(parent, t->eu[e])] = find(parent, t->ev[e]);
    int cuts = 0;
    for (int root = 0; root < t->n; root++) {
        if (find(parent, root) != root) continue;
        int lits[64], cols[64], n = 0;
        double coef[64];
        for (int e = 0; e < t->m; e++)
            if ((find(parent, t->eu[e]) == root) != (find(parent, t->ev[e]) == root)) {
                lits[n] = e + 1, cols[n] = e, coef[n] = 1;
                n++;
            }
        if (n == 0) continue; /* the component is everything: a full tour */
        if (gopt_cut_row(k, n, cols, coef, '>', 2)) t->cuts_by_row++;
        else gopt_cut_clause(k, lits, n);
        cuts++;
    }
    return cuts;
}

static void sat_enumerates_hamiltonian_cycles(void **state) {
    (void)state;
    const long expected[] = {0, 0, 0, 1, 3, 12, 60}; /* (n-1)!/2 */
    for (int n = 4; n <= 6; n++) {
        tour t;
        complete_graph(&t, n);
        gopt_sat *s = gopt_sat_new();
        gopt_sat_vars(s, t.m);
        for (int v = 0; v < n; v++) {
            int lits[16], k = 0;
            for (int e = 0; e < t.m; e++)
                if (t.eu[e] == v || t.ev[e] == v) lits[k++] = e + 1;
            gopt_sat_exactly(s, lits, k, 2);
        }
        gopt_cuts loop = {.separate = separate_subtours, .user = &t};
        long found = 0;
        while (gopt_cuts_sat(s, &loop) == GOPT_CUTS_FOUND) {
            found++;
            int block[64];
            for (int e = 0; e < t.m; e++) block[e] = gopt_sat_val(s, e + 1) ? -(e + 1) : e + 1;
            gopt_sat_clause(s, block, t.m);
        }
        assert_int_equal(found, expected[n]);
        if (n == 6) assert_true(loop.cuts > 0); /* two triangles satisfy the degrees */
        gopt_counters c = {0};
        gopt_cuts_add_counters(&loop, &c);
        assert_int_equal(gopt_counter_get(&c, "rounds"), loop.rounds);
        gopt_sat_free(s);
    }
}

/* The shortest tour by brute force over permutations fixing node 0. */
static double brute_force_tour(int n, double w[8][8]) {
    int perm[8];
    for (int i = 0; i < n; i++) perm[i] = i;
    double best = 1e300;
    for (;;) {
        double len = w[perm[n - 1]][0];
        for (int i = 0; i + 1 < n; i++) len += w[perm[i]][perm[i + 1]];
        if (len < best) best = len;
        int i = n - 2; /* next permutation of perm[1..n-1] */
        while (i >= 1 && perm[i] > perm[i + 1]) i--;
        if (i < 1) break;
        int j = n - 1;
        while (perm[j] < perm[i]) j--;
        int x = perm[i]; perm[i] = perm[j]; perm[j] = x;
        for (int a = i + 1, b = n - 1; a < b; a++, b--) x = perm[a], perm[a] = perm[b], perm[b] = x;
    }
    return best;
}

static void mip_finds_shortest_tours(void **state) {
    (void)state;
    for (int trial = 0; trial < 5; trial++) {
        gopt_rng r = gopt_rng_stream(5, (uint64_t)trial);
        int n = 7;
        double w[8][8];
        /* Two clusters make the LP's favourite answer two subtours, so cuts are needed. */
        for (int u = 0; u < n; u++)
            for (int v = u + 1; v < n; v++)
                w[u][v] = w[v][u] = ((u < 3) == (v < 3) ? 1 : 20) + gopt_rng_below(&r, 5);
        tour t;
        complete_graph(&t, n);
        gopt_mip *m = gopt_mip_new("tsp");
        for (int e = 0; e < t.m; e++) gopt_mip_col(m, NULL, GOPT_MIP_BINARY, 0, 1, w[t.eu[e]][t.ev[e]]);
        for (int v = 0; v < n; v++) {
            int cols[16], k = 0;
            double one[16];
            for (int e = 0; e < t.m; e++)
                if (t.eu[e] == v || t.ev[e] == v) cols[k] = e, one[k++] = 1;
            gopt_mip_row(m, NULL, k, cols, one, '=', 2);
        }
        gopt_cuts loop = {.separate = separate_subtours, .user = &t};
        assert_int_equal(gopt_cuts_mip(m, &loop), GOPT_CUTS_FOUND);
        assert_float_equal(gopt_mip_objective(m), brute_force_tour(n, w), 1e-6);
        assert_int_equal(t.cuts_by_row, loop.cuts);
        gopt_mip_free(m);
    }
}

static void round_limit_and_infeasible_relaxations(void **state) {
    (void)state;
    tour t;
    complete_graph(&t, 6);
    gopt_sat *s = gopt_sat_new();
    gopt_sat_vars(s, t.m);
    /* Force the two triangles 012 and 345: degrees 2, but never one cycle. */
    for (int e = 0; e < t.m; e++) {
        bool inside = (t.eu[e] < 3) == (t.ev[e] < 3);
        gopt_sat_unit(s, inside ? e + 1 : -(e + 1));
    }
    gopt_cuts loop = {.separate = separate_subtours, .user = &t, .max_rounds = 1};
    assert_int_equal(gopt_cuts_sat(s, &loop), GOPT_CUTS_LIMIT);
    loop.max_rounds = 0;
    assert_int_equal(gopt_cuts_sat(s, &loop), GOPT_CUTS_NONE);
    gopt_sat_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sat_enumerates_hamiltonian_cycles),
        cmocka_unit_test(mip_finds_shortest_tours),
        cmocka_unit_test(round_limit_and_infeasible_relaxations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
