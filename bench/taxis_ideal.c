/* Benchmark of the ideal path (paper §4.1) on G_T, one core unless said otherwise:
 *   1. the exact search: mean time per setting for N_D = 3 and N_D = 1 with c = 6 (targets
 *      <= 50 us and <= 500 us; the paper's CPLEX: 0.6 s and 80 s), the median of RUNS runs
 *      over the same pre-dealt settings (thread CPU time, so the shared machine's load counts
 *      less), with the search's states per setting;
 *   2. CBC (--method mip) on the first MIP settings of each, side by side, each length
 *      compared with the search's, at N_D = 3, 2 and 1 (the paper's 200-setting runs are
 *      --mip 200); --mip-limit S stops CBC after S seconds a setting (counted as unproven),
 *      and the slowest setting is reported with its index;
 *   3. with --sweep GAMES: the whole sweep (c 4..8, N_D 1..3, GAMES settings per point, the five
 *      named heuristics and the ideal path) on 2 threads, wall-clock time;
 *   4. with --agree N: search against MIP on N settings (c = 4 + i mod 5, N_D = 1 + i / 5 mod 3
 *      of seed 7, index i), printing any disagreement (there must be none) and a summary.
 *   build/bench/taxis_ideal [--games N] [--runs R] [--mip M] [--mip-limit S] [--sweep GAMES] [--agree N] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/gameopt.h"
#include "gameopt/taxis.h"

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static gopt_taxis_setting **deal(const gopt_taxis_graph *g, int games, int c, int dups) {
    gopt_taxis_setting **s = malloc((size_t)games * sizeof *s);
    for (int i = 0; i < games; i++) {
        s[i] = gopt_taxis_setting_new(g->n, c, dups);
        gopt_taxis_deal_indexed(s[i], 1, (uint64_t)i, NULL);
    }
    return s;
}

static void settings_free(gopt_taxis_setting **s, int games) {
    for (int i = 0; i < games; i++) gopt_taxis_setting_free(s[i]);
    free(s);
}

/* CBC's time limit per setting (seconds; 0: none). */
static double mip_limit = 0;

/* Solves s with method m; checks the path; returns the length (-1 on any failure, -2 when a
 * time limit stopped the method). */
static int solve_checked(gopt_taxis_solver *w, const gopt_taxis_graph *g, const gopt_taxis_setting *s,
                         gopt_taxis_method m, gopt_taxis_ideal *r) {
    gopt_taxis_move moves[GOPT_TAXIS_MAX_NODES];
    int path[GOPT_TAXIS_MAX_NODES];
    gopt_taxis_ideal_options o = {m, m == GOPT_TAXIS_MIP ? mip_limit : 0, 1};
    gopt_status st = gopt_taxis_ideal_solve(w, s, &o, moves, r);
    if (st == GOPT_LIMIT) return -2;
    if (st != GOPT_SOLVED) return -1;
    gopt_taxis_path_of_moves(moves, r->length, path);
    char why[256];
    return gopt_taxis_check_path(g, s, path, r->length, true, why, sizeof why) ? r->length : -1;
}

static void search_and_mip(const gopt_taxis_graph *g, int dups, int games, int runs, int mip) {
    gopt_taxis_setting **s = deal(g, games, 6, dups);
    gopt_taxis_solver *w = gopt_taxis_solver_new(g);
    int *length = malloc((size_t)games * sizeof *length);
    double *times = malloc((size_t)runs * sizeof *times), states = 0, slowest = 0;
    for (int run = 0; run < runs; run++) {
        double started = gopt_thread_cpu_seconds();
        gopt_taxis_move moves[GOPT_TAXIS_MAX_NODES];
        gopt_taxis_ideal_options o = {GOPT_TAXIS_SEARCH, 0, 1};
        for (int i = 0; i < games; i++) {
            gopt_taxis_ideal r;
            gopt_taxis_ideal_solve(w, s[i], &o, moves, &r);
            length[i] = r.length;
            if (run == 0) {
                states += (double)gopt_counter_get(&r.counters, "states");
                slowest = r.seconds > slowest ? r.seconds : slowest;
            }
        }
        times[run] = (gopt_thread_cpu_seconds() - started) / games;
    }
    qsort(times, (size_t)runs, sizeof *times, compare);
    int bad = 0;
    double mean_len = 0;
    for (int i = 0; i < games; i++) {
        gopt_taxis_ideal r;
        bad += solve_checked(w, g, s[i], GOPT_TAXIS_SEARCH, &r) != length[i];
        mean_len += length[i];
    }
    printf("%3d %3d %8d %9.2f %9.2f %9.1f %10.0f %8.3f %6d", dups, 6, games, 1e6 * times[runs / 2], 1e6 * times[0],
           states / games, 1e6 * slowest, mean_len / games, bad);
    double cbc = 0, cbc_max = 0;
    int disagree = 0, open = 0, slowest_at = -1, solved = mip < games ? mip : games;
    for (int i = 0; i < solved; i++) {
        gopt_taxis_ideal r;
        int len = solve_checked(w, g, s[i], GOPT_TAXIS_MIP, &r);
        if (len == -2) open++;
        else disagree += len != length[i];
        cbc += r.seconds;
        if (r.seconds > cbc_max) cbc_max = r.seconds, slowest_at = i;
        if ((i + 1) % 10 == 0) fprintf(stderr, "N_D %d: %d settings, CBC %.1f s so far\n", dups, i + 1, cbc);
    }
    if (solved) printf(" | %4d %9.3f %9.3f %7d %5d %5d", solved, cbc / solved, cbc_max, slowest_at, open, disagree);
    putchar('\n');
    fflush(stdout);
    free(times);
    free(length);
    gopt_taxis_solver_free(w);
    settings_free(s, games);
}

static void sweep(const gopt_taxis_graph *g, int games) {
    gopt_taxis_player players[GOPT_TAXIS_NAMED + 1];
    char names[GOPT_TAXIS_NAMED][48];
    for (int h = 0; h < GOPT_TAXIS_NAMED; h++)
        players[h] = gopt_taxis_heuristic_player(&gopt_taxis_named_pairs[h], names[h], sizeof names[h]);
    players[GOPT_TAXIS_NAMED] = gopt_taxis_ideal_player();
    printf("\nthe whole sweep: c 4..8, N_D 1..3, %d settings each, rs md mt lcc pp ideal, 2 threads\n", games);
    printf("%3s %3s %10s %10s %10s\n", "N_D", "c", "wall s", "ideal us", "ideal mean");
    double started = gopt_now();
    for (int dups = 1; dups <= 3; dups++)
        for (int c = 4; c <= 8; c++) {
            gopt_taxis_tally t[GOPT_TAXIS_NAMED + 1];
            memset(t, 0, sizeof t);
            gopt_taxis_run run = {c, dups, 1, 0, games, 2, false, "sweep", NULL, false};
            double t0 = gopt_now();
            gopt_taxis_experiment(g, &run, players, GOPT_TAXIS_NAMED + 1, t);
            printf("%3d %3d %10.2f %10.2f %10.3f\n", dups, c, gopt_now() - t0, gopt_taxis_tally_us_per_game(&t[5]),
                   gopt_taxis_tally_mean(&t[5]));
            fflush(stdout);
        }
    printf("total %.1f s wall\n", gopt_now() - started);
}

static void agree(const gopt_taxis_graph *g, int count) {
    gopt_taxis_solver *w = gopt_taxis_solver_new(g);
    int same = 0;
    double cbc = 0;
    printf("\nsearch against MIP on %d settings (seed 7, c = 4 + i mod 5, N_D = 1 + i / 5 mod 3)\n", count);
    for (int i = 0; i < count; i++) {
        gopt_taxis_setting *s = gopt_taxis_setting_new(g->n, 4 + i % 5, 1 + i / 5 % 3);
        gopt_taxis_deal_indexed(s, 7, (uint64_t)i, NULL);
        gopt_taxis_ideal a, b;
        int x = solve_checked(w, g, s, GOPT_TAXIS_SEARCH, &a), y = solve_checked(w, g, s, GOPT_TAXIS_MIP, &b);
        cbc += b.seconds;
        if (x >= 0 && x == y) same++;
        else printf("setting %d (c %d, N_D %d): search %d, mip %d\n", i, s->c, s->dups, x, y);
        if ((i + 1) % 25 == 0) printf("%d settings: %d agree, CBC %.1f s so far\n", i + 1, same, cbc), fflush(stdout);
        gopt_taxis_setting_free(s);
    }
    printf("agree on %d of %d settings; CBC %.1f s in all\n", same, count, cbc);
    gopt_taxis_solver_free(w);
}

int main(int argc, char **argv) {
    int games = 20000, runs = 5, mip = 10, sweep_games = 0, agree_count = 0;
    for (int k = 1; k + 1 < argc; k += 2) {
        int v = atoi(argv[k + 1]);
        if (strcmp(argv[k], "--games") == 0) games = v;
        else if (strcmp(argv[k], "--runs") == 0) runs = v;
        else if (strcmp(argv[k], "--mip") == 0) mip = v;
        else if (strcmp(argv[k], "--mip-limit") == 0) mip_limit = atof(argv[k + 1]);
        else if (strcmp(argv[k], "--sweep") == 0) sweep_games = v;
        else if (strcmp(argv[k], "--agree") == 0) agree_count = v;
        else return fprintf(stderr, "unknown option %s\n", argv[k]), 2;
    }
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load("thurn-taxis", NULL, &err);
    if (!g) return gopt_error_print(stderr, &err), 2;
    printf("ideal path on G_T, c = 6: search time per setting (median of %d runs, CPU), CBC on the first %d\n", runs, mip);
    if (mip_limit > 0) printf("CBC stops after %.0f s a setting (counted as open)\n", mip_limit);
    printf("%3s %3s %8s %9s %9s %9s %10s %8s %6s | %4s %9s %9s %7s %5s %5s\n", "N_D", "c", "settings", "median us",
           "best us", "states", "slowest us", "mean len", "bad", "mip", "CBC mean s", "CBC max s", "slowest", "open",
           "diff");
    search_and_mip(g, 3, games, runs, mip);
    search_and_mip(g, 2, games, runs, mip);
    search_and_mip(g, 1, games, runs, mip);
    if (sweep_games > 0) sweep(g, sweep_games);
    if (agree_count > 0) agree(g, agree_count);
    gopt_taxis_graph_free(g);
    return 0;
}
