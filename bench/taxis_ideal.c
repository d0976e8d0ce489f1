/* Benchmark of the ideal path (paper §4.1) on G_T, one core unless said otherwise:
 *   1. the exact search: mean time per setting for N_D = 3 and N_D = 1 with c = 6 (targets
 *      <= 50 us and <= 500 us; the paper's CPLEX: 0.6 s and 80 s), the median of RUNS runs
 *      over the same pre-dealt settings (thread CPU time, so the shared machine's load counts
 *      less), with the search's states per setting;
 *   2. CBC (--method mip) on MIP settings from --from F (default 0) of each, side by side, each
 *      length compared with the search's, at N_D = 3, 2 and 1 (--dups D: only that one; the
 *      paper's 200-setting runs are --mip 200): mean, median and largest thread CPU seconds
 *      per setting, the slowest setting's index, and one line per setting on stderr (so shards
 *      merge); --mip-limit S stops CBC after S seconds (wall) a setting (counted as open);
 *      --mip-start search|heuristics: CBC's incumbent (default the search's path);
 *   3. with --sweep GAMES: the whole sweep (c 4..8, N_D 1..3, GAMES settings per point, the five
 *      named heuristics and the ideal path) on 2 threads, wall-clock time;
 *   4. with --agree N: search against MIP on N settings (c = 4 + i mod 5, N_D = 1 + i / 5 mod 3
 *      of seed 7, index i), printing any disagreement (there must be none) and a summary.
 *   build/bench/taxis_ideal [--games N] [--runs R] [--mip M] [--from F] [--dups D] [--mip-limit S]
 *                           [--mip-start search|heuristics] [--sweep GAMES] [--agree N] */
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

/* CBC's time limit per setting (seconds; 0: none) and where its incumbent comes from. */
static double mip_limit = 0;
static gopt_taxis_mip_start mip_start = GOPT_TAXIS_MIP_START_SEARCH;
/* CBC runs on settings from .. from + mip - 1 (shards of a long run). */
static int from = 0;

/* Solves s with method m; checks the path; returns the length (-1 on any failure, -2 when a
 * time limit stopped the method). r->cpu_seconds already counts CBC's child process (timer.h). */
static int solve_checked(gopt_taxis_solver *w, const gopt_taxis_graph *g, const gopt_taxis_setting *s,
                         gopt_taxis_method m, gopt_taxis_ideal *r) {
    gopt_taxis_move moves[GOPT_TAXIS_MAX_NODES];
    int path[GOPT_TAXIS_MAX_NODES];
    gopt_taxis_ideal_options o = {m, m == GOPT_TAXIS_MIP ? mip_limit : 0, 1, mip_start};
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
        gopt_taxis_ideal_options o = {GOPT_TAXIS_SEARCH, 0, 1, GOPT_TAXIS_MIP_START_SEARCH};
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
    int disagree = 0, open = 0, slowest_at = -1, solved = from + mip <= games ? mip : games - from;
    if (solved < 0) solved = 0;
    double *cbc_time = malloc((size_t)(solved > 0 ? solved : 1) * sizeof *cbc_time);
    for (int k = 0; k < solved; k++) {
        int i = from + k;
        gopt_taxis_ideal r;
        int len = solve_checked(w, g, s[i], GOPT_TAXIS_MIP, &r);
        if (len == -2) open++;
        else disagree += len != length[i];
        cbc_time[k] = r.cpu_seconds;
        cbc += r.cpu_seconds;
        if (r.cpu_seconds > cbc_max) cbc_max = r.cpu_seconds, slowest_at = i;
        /* one line per setting, so that shards of a long run can be merged */
        fprintf(stderr, "N_D %d setting %d: CBC %.3f s CPU (%.1f s wall), length %d, search %d, %s\n", dups, i,
                r.cpu_seconds, r.seconds, len, length[i], len == -2 ? "open" : len == length[i] ? "proven" : "DIFFERENT");
    }
    qsort(cbc_time, (size_t)solved, sizeof *cbc_time, compare);
    if (solved)
        printf(" | %4d %9.3f %9.3f %9.3f %7d %5d %5d", solved, cbc / solved, cbc_time[solved / 2], cbc_max, slowest_at,
               open, disagree);
    free(cbc_time);
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
    int games = 20000, runs = 5, mip = 10, sweep_games = 0, agree_count = 0, only_dups = 0;
    for (int k = 1; k + 1 < argc; k += 2) {
        int v = atoi(argv[k + 1]);
        if (strcmp(argv[k], "--games") == 0) games = v;
        else if (strcmp(argv[k], "--runs") == 0) runs = v;
        else if (strcmp(argv[k], "--mip") == 0) mip = v;
        else if (strcmp(argv[k], "--mip-limit") == 0) mip_limit = atof(argv[k + 1]);
        else if (strcmp(argv[k], "--mip-start") == 0) {
            if (!gopt_taxis_mip_start_parse(argv[k + 1], &mip_start)) return fprintf(stderr, "bad --mip-start\n"), 2;
        }
        else if (strcmp(argv[k], "--dups") == 0) only_dups = v;
        else if (strcmp(argv[k], "--from") == 0) from = v;
        else if (strcmp(argv[k], "--sweep") == 0) sweep_games = v;
        else if (strcmp(argv[k], "--agree") == 0) agree_count = v;
        else return fprintf(stderr, "unknown option %s\n", argv[k]), 2;
    }
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, "thurn-taxis", NULL, &err);
    if (!g) return gopt_error_print(stderr, &err), 2;
    printf("ideal path on G_T, c = 6: search time per setting (median of %d runs, CPU), CBC on the first %d\n", runs, mip);
    printf("CBC: settings %d..%d, started from the %s's path; thread CPU seconds per setting\n", from, from + mip - 1,
           gopt_taxis_mip_start_name(mip_start));
    if (mip_limit > 0) printf("CBC stops after %.0f s (wall) a setting (counted as open)\n", mip_limit);
    printf("%3s %3s %8s %9s %9s %9s %10s %8s %6s | %4s %9s %9s %9s %7s %5s %5s\n", "N_D", "c", "settings", "median us",
           "best us", "states", "slowest us", "mean len", "bad", "mip", "CBC mean", "median", "max", "slowest", "open",
           "diff");
    for (int dups = 3; dups >= 1; dups--)
        if (!only_dups || dups == only_dups) search_and_mip(g, dups, games, runs, mip);
    if (sweep_games > 0) sweep(g, sweep_games);
    if (agree_count > 0) agree(g, agree_count);
    gopt_taxis_graph_free(g);
    return 0;
}
