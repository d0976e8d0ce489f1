/* Benchmark of the engines on fixed textbook instances: SAT (pigeonhole, 8-queens
 * enumeration, cardinality), MIP (knapsack), max flow (small token-like networks), and the
 * lazy-cut loop (Hamiltonian cycles). Prints the median of several runs and work counters. */
#include <stdio.h>
#include <stdlib.h>

#include "gameopt/gameopt.h"

#define RUNS 7

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef double (*bench_fn)(gopt_counters *c);

static void row(const char *name, bench_fn fn) {
    double t[RUNS];
    gopt_counters c = {0};
    for (int i = 0; i < RUNS; i++) {
        gopt_counters one = {0};
        double start = gopt_now();
        fn(&one);
        t[i] = gopt_now() - start;
        if (i == 0) c = one;
    }
    qsort(t, RUNS, sizeof *t, compare);
    printf("| %-34s | %12.3f | ", name, t[RUNS / 2] * 1e3);
    gopt_counters_print(stdout, &c);
    printf(" |\n");
}

static double pigeonhole(gopt_counters *c) {
    const int pigeons = 9, holes = 8;
    gopt_sat *s = gopt_sat_new();
    int first = gopt_sat_vars(s, pigeons * holes), lits[16];
    for (int p = 0; p < pigeons; p++) {
        for (int h = 0; h < holes; h++) lits[h] = first + p * holes + h;
        gopt_sat_clause(s, lits, holes);
    }
    for (int h = 0; h < holes; h++) {
        for (int p = 0; p < pigeons; p++) lits[p] = first + p * holes + h;
        gopt_sat_at_most_one(s, lits, pigeons);
    }
    if (gopt_sat_solve(s) != GOPT_SAT_UNSAT) abort();
    gopt_sat_add_counters(s, c);
    gopt_sat_free(s);
    return 0;
}

static double queens(gopt_counters *c) {
    const int n = 8;
    gopt_sat *s = gopt_sat_new();
    int q = gopt_sat_vars(s, n * n), line[16], anti[16];
    for (int r = 0; r < n; r++) {
        for (int k = 0; k < n; k++) line[k] = q + r * n + k;
        gopt_sat_exactly_one(s, line, n);
        for (int k = 0; k < n; k++) line[k] = q + k * n + r;
        gopt_sat_exactly_one(s, line, n);
    }
    for (int d = -(n - 1); d <= n - 1; d++) {
        int k = 0, k2 = 0;
        for (int r = 0; r < n; r++) {
            if (r - d >= 0 && r - d < n) line[k++] = q + r * n + r - d;
            if (d + n - 1 - r >= 0 && d + n - 1 - r < n) anti[k2++] = q + r * n + d + n - 1 - r;
        }
        gopt_sat_at_most_one(s, line, k);
        gopt_sat_at_most_one(s, anti, k2);
    }
    int vars[64];
    for (int i = 0; i < n * n; i++) vars[i] = q + i;
    if (gopt_sat_enumerate(s, vars, n * n, 1000, NULL, NULL, NULL) != 92) abort();
    gopt_sat_add_counters(s, c);
    gopt_sat_free(s);
    return 0;
}

static double cardinality(gopt_counters *c) {
    /* exactly 50 of 100, then 20 solves with a moving bound under assumptions */
    gopt_sat *s = gopt_sat_new();
    int x = gopt_sat_vars(s, 100), lits[100];
    for (int i = 0; i < 100; i++) lits[i] = x + i;
    gopt_sat_card card = gopt_sat_totalizer(s, lits, 100, 100);
    for (int k = 30; k < 50; k++) {
        gopt_sat_assume(s, card.out[k - 1]);
        gopt_sat_assume(s, -card.out[k]);
        if (gopt_sat_solve(s) != GOPT_SAT_SAT) abort();
    }
    gopt_sat_add_counters(s, c);
    gopt_sat_card_free(&card);
    gopt_sat_free(s);
    return 0;
}

static double knapsack(gopt_counters *c) {
    gopt_rng r = gopt_rng_stream(1, 0);
    gopt_mip *m = gopt_mip_new("knapsack");
    int cols[60];
    double w[60];
    for (int i = 0; i < 60; i++) {
        cols[i] = gopt_mip_col(m, NULL, GOPT_MIP_BINARY, 0, 1, 10 + gopt_rng_below(&r, 90));
        w[i] = 10 + gopt_rng_below(&r, 90);
    }
    gopt_mip_row(m, "cap", 60, cols, w, '<', 1000);
    gopt_mip_maximize(m, true);
    if (gopt_mip_solve(m) != GOPT_MIP_OPTIMAL) abort();
    gopt_mip_add_counters(m, c);
    gopt_mip_free(m);
    return 0;
}

static double flows(gopt_counters *c) {
    /* 1000 token-sized networks: 6 tokens, 4 cities */
    gopt_rng r = gopt_rng_stream(2, 0);
    for (int k = 0; k < 1000; k++) {
        gopt_maxflow_net *net = gopt_maxflow_net_new(12);
        for (int t = 0; t < 6; t++) {
            gopt_maxflow_edge(net, 0, 1 + t, 1);
            for (int city = 0; city < 4; city++)
                if (gopt_rng_below(&r, 2)) gopt_maxflow_edge(net, 1 + t, 7 + city, 1);
        }
        for (int city = 0; city < 4; city++) gopt_maxflow_edge(net, 7 + city, 11, 1 + gopt_rng_below(&r, 3));
        gopt_maxflow_result res;
        gopt_error err = {0};
        if (!gopt_maxflow(net, 0, 11, &res, &err)) abort();
        gopt_counter_add(c, "flows", 1);
        gopt_maxflow_result_free(&res);
        gopt_maxflow_net_free(net);
    }
    return 0;
}

typedef struct cycle_graph {
    int n, m, eu[200], ev[200];
} cycle_graph;

static int find(int *p, int x) {
    while (p[x] != x) x = p[x] = p[p[x]];
    return x;
}

static int subtours(void *user, gopt_cut_sink *k) {
    cycle_graph *g = user;
    int parent[32];
    for (int v = 0; v < g->n; v++) parent[v] = v;
    for (int e = 0; e < g->m; e++)
        if (gopt_cut_value(k, e + 1)) parent[find(parent, g->eu[e])] = find(parent, g->ev[e]);
    int cuts = 0;
    for (int root = 0; root < g->n; root++) {
        if (find(parent, root) != root) continue;
        int lits[200], n = 0;
        for (int e = 0; e < g->m; e++)
            if ((find(parent, g->eu[e]) == root) != (find(parent, g->ev[e]) == root)) lits[n++] = e + 1;
        if (n) gopt_cut_clause(k, lits, n), cuts++;
    }
    return cuts;
}

static double hamiltonian(gopt_counters *c) {
    /* all Hamiltonian cycles of K7 (360), one loop enforced lazily */
    cycle_graph g = {.n = 7};
    for (int u = 0; u < g.n; u++)
        for (int v = u + 1; v < g.n; v++) g.eu[g.m] = u, g.ev[g.m++] = v;
    gopt_sat *s = gopt_sat_new();
    gopt_sat_vars(s, g.m);
    for (int v = 0; v < g.n; v++) {
        int lits[16], k = 0;
        for (int e = 0; e < g.m; e++)
            if (g.eu[e] == v || g.ev[e] == v) lits[k++] = e + 1;
        gopt_sat_exactly(s, lits, k, 2);
    }
    gopt_cuts loop = {.separate = subtours, .user = &g};
    long found = 0;
    while (gopt_cuts_sat(s, &loop) == GOPT_CUTS_FOUND) {
        int block[64];
        for (int e = 0; e < g.m; e++) block[e] = gopt_sat_val(s, e + 1) ? -(e + 1) : e + 1;
        gopt_sat_clause(s, block, g.m);
        found++;
    }
    if (found != 360) abort();
    gopt_cuts_add_counters(&loop, c);
    gopt_sat_add_counters(s, c);
    gopt_sat_free(s);
    return 0;
}

int main(void) {
    printf("engines: median of %d runs\n\n", RUNS);
    printf("| %-34s | %12s | %s |\n|---|---:|---|\n", "instance", "ms", "counters (first run)");
    row("SAT pigeonhole 9 into 8 (UNSAT)", pigeonhole);
    row("SAT 8-queens, all 92 solutions", queens);
    row("SAT totalizer 100, 20 bounds", cardinality);
    row("MIP knapsack, 60 items", knapsack);
    row("max flow, 1000 token networks", flows);
    row("SAT + cuts, 360 tours of K7", hamiltonian);
    return 0;
}
