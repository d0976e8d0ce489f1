/* Benchmark of the taxis heuristics: time per game of all 20 combinations on G_T with N_D = 2,
 * c = 6 (the paper's Table 2: 1.9-3.3 ms per game), then the five named pairs over c = 4..8
 * and N_D = 1..3 (Figure 9). One thread; each time is the median of several runs over the
 * same pre-dealt settings, so dealing is not timed. Last, the mc player (ours) at the points
 * of the targets, (6, 2), (6, 3) and (7, 1): milliseconds per move (target <= 5 ms).
 *   build/bench/taxis [GAMES] [RUNS] [MC_GAMES] */
#include <stdio.h>
#include <stdlib.h>

#include "gameopt/gameopt.h"
#include "gameopt/taxis.h"

/* The paper's Table 2 (seconds per game), start-major. */
static const double paper[4][5] = {{0.002148, 0.002214, 0.002469, 0.002435, 0.002661},
                                   {0.001945, 0.002079, 0.002347, 0.002291, 0.002530},
                                   {0.001944, 0.002066, 0.002338, 0.002320, 0.002535},
                                   {0.002738, 0.002836, 0.003107, 0.003043, 0.003314}};

typedef struct deck {
    int games;
    gopt_taxis_setting **settings;
    gopt_rng *streams;
} deck;

static deck deal(const gopt_taxis_graph *g, int games, int c, int dups) {
    deck d = {games, malloc((size_t)games * sizeof *d.settings), malloc((size_t)games * sizeof *d.streams)};
    for (int i = 0; i < games; i++) {
        d.settings[i] = gopt_taxis_setting_new(g->n, c, dups);
        gopt_taxis_deal_indexed(d.settings[i], 1, (uint64_t)i, &d.streams[i]);
    }
    return d;
}

static void deck_free(deck *d) {
    for (int i = 0; i < d->games; i++) gopt_taxis_setting_free(d->settings[i]);
    free(d->settings);
    free(d->streams);
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Median microseconds per game over `runs` runs; *mean gets the mean node length. */
static double time_heuristic(const gopt_taxis_graph *g, const deck *d, gopt_taxis_heuristic h, int runs, double *mean) {
    double times[32];
    long sum = 0;
    for (int r = 0; r < runs; r++) {
        sum = 0;
        double start = gopt_thread_cpu_seconds();
        for (int i = 0; i < d->games; i++) {
            gopt_rng rng = d->streams[i];
            sum += gopt_taxis_play(g, d->settings[i], h, &rng, NULL);
        }
        times[r] = (gopt_thread_cpu_seconds() - start) * 1e6 / d->games;
    }
    qsort(times, (size_t)runs, sizeof *times, compare);
    *mean = (double)sum / d->games;
    return times[runs / 2];
}

int main(int argc, char **argv) {
    int games = argc > 1 ? atoi(argv[1]) : 20000, runs = argc > 2 ? atoi(argv[2]) : 5;
    if (games < 1 || runs < 1 || runs > 32) return fprintf(stderr, "usage: taxis [GAMES] [RUNS<=32]\n"), 2;
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, "thurn-taxis", NULL, &err);
    if (!g) return gopt_error_print(stderr, &err), 2;

    deck d = deal(g, games, 6, 2);
    printf("G_T, c = 6, N_D = 2: %d settings, median of %d runs, one thread (CPU time)\n", games, runs);
    printf("%-12s %-12s %8s %10s %12s %10s\n", "start", "extension", "mean", "us/game", "paper us", "speed-up");
    for (int s = 0; s < GOPT_TAXIS_NSTARTS; s++)
        for (int e = 0; e < GOPT_TAXIS_NEXTENSIONS; e++) {
            gopt_taxis_heuristic h = {(gopt_taxis_start)s, (gopt_taxis_extension)e, NULL, NULL};
            double mean, us = time_heuristic(g, &d, h, runs, &mean);
            printf("%-12s %-12s %8.3f %10.3f %12.0f %9.0fx\n", gopt_taxis_start_name(h.start),
                   gopt_taxis_extension_name(h.extension), mean, us, paper[s][e] * 1e6, paper[s][e] * 1e6 / us);
        }
    deck_free(&d);

    int sweep_games = games / 4 > 0 ? games / 4 : 1;
    printf("\nnamed pairs, us per game (median of %d runs over %d settings)\n%3s %3s", runs, sweep_games, "N_D", "c");
    for (int k = 0; k < GOPT_TAXIS_NAMED; k++) printf(" %8s", gopt_taxis_named_names[k]);
    printf("\n");
    for (int dups = 1; dups <= 3; dups++)
        for (int c = 4; c <= 8; c++) {
            deck sd = deal(g, sweep_games, c, dups);
            printf("%3d %3d", dups, c);
            for (int k = 0; k < GOPT_TAXIS_NAMED; k++) {
                double mean;
                printf(" %8.3f", time_heuristic(g, &sd, gopt_taxis_named_pairs[k], runs, &mean));
            }
            printf("\n");
            deck_free(&sd);
        }

    /* mc: a move is a decision of the game, the failing one included (node length + 1). */
    int mc_games = argc > 3 ? atoi(argv[3]) : 200, points[3][2] = {{6, 2}, {6, 3}, {7, 1}};
    gopt_taxis_heuristic mc;
    gopt_taxis_heuristic_parse("mc", &mc);
    printf("\nmc (K = %d, ties pp, eval %s): ms per move, median of %d runs over %d settings\n%3s %3s %8s %8s\n",
           gopt_taxis_mc_default.samples, gopt_taxis_mc_eval_name(gopt_taxis_mc_default.eval), runs, mc_games, "N_D", "c", "mean", "ms/move");
    for (int k = 0; k < 3 && mc_games > 0; k++) {
        deck md = deal(g, mc_games, points[k][0], points[k][1]);
        double mean, us = time_heuristic(g, &md, mc, runs, &mean);
        printf("%3d %3d %8.3f %8.3f\n", points[k][1], points[k][0], mean, us / 1000 / (mean + 1));
        deck_free(&md);
    }
    gopt_taxis_graph_free(g);
    return 0;
}
