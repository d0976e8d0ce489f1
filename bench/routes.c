/* Benchmark of the routes methods (issue 33's targets), CPU seconds (the solving thread and
 * CBC's child processes), medians:
 *   1. late-game positions on the 1830 board (routes generate --game 1830: late tiles, 85 % of
 *      the plain hexes laid, four of the company's tokens) with three trains of six or more
 *      stops, a Diesel among them: 6+6+D and 6+D+D; and on the 1867 board its own 8, 5+5E and
 *      2+2. Target: proven optimal in under 1 s. Both methods on every position, their totals
 *      compared (they must agree) and every answer checked.
 *   2. every bundled example state (the .txt files of data/routes), RUNS runs of each method. Target:
 *      under 10 s.
 *   build/bench/routes [--positions N] [--runs R] [--seed S] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/gameopt.h"

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, compare);
    return n ? (n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2) : 0;
}

/* Solves, checks; CPU seconds in *cpu, the total returned (-1: not proven or wrong). */
static int timed(const gopt_routes_state *s, gopt_routes_method m, double *cpu) {
    gopt_routes_settings how = {.method = m};
    gopt_routes_result r;
    gopt_stopwatch w = gopt_stopwatch_start();
    int st = gopt_routes_solve(s, &how, &r);
    gopt_stopwatch_read(&w, cpu);
    char why[256];
    if (st != GOPT_SOLVED) return -1;
    if (!gopt_routes_check(s, &r.solution, why, sizeof why)) {
        fprintf(stderr, "%s: the answer fails the checker: %s\n", s->name, why);
        return -1;
    }
    return r.solution.total;
}

static int track_hexes(const gopt_routes_state *s) {
    int n = 0;
    for (int i = 0; i < s->nhexes; i++) n += s->hexes[i].tile.npaths > 0;
    return n;
}

static gopt_routes_state *position(const char *game, const char *company, const char *trains, uint64_t seed) {
    char text[128];
    snprintf(text, sizeof text, "game %s\ncompany %s\n", game, company);
    gopt_error err = {0};
    gopt_routes_state *board = gopt_routes_parse(game, text, &err);
    if (!board) {
        fprintf(stderr, "routes bench: %s\n", err.msg);
        exit(2);
    }
    gopt_routes_fill_params p = {.track = 0.85, .stage = 3, .own_tokens = 4, .others = 0.5};
    snprintf(p.company, sizeof p.company, "%s", company);
    gopt_routes_state *s = gopt_routes_fill(board, &p, seed, &err);
    s->ntrains = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", trains);
    for (char *save = NULL, *w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save))
        gopt_routes_train_parse(board, w, "bench", &s->trains[s->ntrains++], &err);
    snprintf(s->phase, sizeof s->phase, "%s", board->phases[board->nphases - 1].name);
    s->phase_colour = board->phases[board->nphases - 1].colour;
    snprintf(s->name, sizeof s->name, "%s-%s-%llu", game, trains, (unsigned long long)seed);
    gopt_routes_free(board);
    return s;
}

static bool late_row(const char *game, const char *company, const char *trains, int n, uint64_t seed0) {
    double cs[256], cm[256], hx[256];
    double worst_s = 0, worst_m = 0;
    int agree = 0, solved = 0;
    for (int i = 0; i < n; i++) {
        gopt_routes_state *s = position(game, company, trains, seed0 + (uint64_t)i);
        hx[i] = track_hexes(s);
        int ts = timed(s, GOPT_ROUTES_SEARCH, &cs[i]), tm = timed(s, GOPT_ROUTES_MIP, &cm[i]);
        solved += ts >= 0 && tm >= 0;
        agree += ts >= 0 && ts == tm;
        if (ts != tm) fprintf(stderr, "%s: search %d, mip %d\n", s->name, ts, tm);
        if (cs[i] > worst_s) worst_s = cs[i];
        if (cm[i] > worst_m) worst_m = cm[i];
        gopt_routes_free(s);
    }
    double ms = median(cs, n), mm = median(cm, n), mh = median(hx, n);
    printf("| %s %s | %d | %.0f | %.3f (%.2f) | %.3f (%.2f) | %d/%d | %s |\n", game, trains, n, mh, ms, worst_s, mm, worst_m, agree,
           n, (ms < 1.0 || mm < 1.0) ? "yes" : "no");
    return solved == n && agree == n;
}

static bool example_row(const char *file, int runs) {
    char path[1024];
    snprintf(path, sizeof path, "%s/data/routes/%s", GOPT_SOURCE_DIR, file);
    gopt_text t;
    gopt_error err = {0};
    if (!gopt_text_load(&t, path, &err)) {
        fprintf(stderr, "routes bench: %s\n", err.msg);
        return false;
    }
    gopt_routes_state *s = NULL;
    gopt_routes_read(&t, &s, &err);
    gopt_text_free(&t);
    if (!s) {
        fprintf(stderr, "routes bench: %s: %s\n", file, err.msg);
        return false;
    }
    double cs[64], cm[64];
    int ts = 0, tm = 0;
    for (int r = 0; r < runs; r++) {
        ts = timed(s, GOPT_ROUTES_SEARCH, &cs[r]);
        tm = timed(s, GOPT_ROUTES_MIP, &cm[r]);
    }
    double ms = median(cs, runs), mm = median(cm, runs);
    printf("| %s | %d | %d | %.3f | %.3f | %s |\n", file, track_hexes(s), ts, ms, mm, ms < 10 && mm < 10 && ts == tm ? "yes" : "no");
    gopt_routes_free(s);
    return ts >= 0 && ts == tm;
}

int main(int argc, char **argv) {
    int n = 10, runs = 5;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--positions") == 0 && i + 1 < argc) n = atoi(argv[++i]);
        else if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = atoi(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: routes [--positions N] [--runs R] [--seed S]\n");
            return 2;
        }
    }
    if (n < 1 || n > 256 || runs < 1 || runs > 64) return 2;
    bool ok = true;
    printf("Late-game positions (%d each, seeds %llu..): median CPU seconds (largest)\n\n", n, (unsigned long long)seed);
    printf("| position | n | hexes with track | search | mip | agree | median < 1 s |\n|---|---|---|---|---|---|---|\n");
    ok &= late_row("1830", "PRR", "6,6,D", n, seed);
    ok &= late_row("1830", "PRR", "6,D,D", n, seed);
    ok &= late_row("1867", "CPR", "8,5+5E,2+2", n, seed);
    printf("\nBundled example states: median CPU seconds of %d runs\n\n", runs);
    printf("| state | hexes with track | total | search | mip | < 10 s |\n|---|---|---|---|---|---|\n");
    static const char *const examples[] = {"1867-late.txt", "1867-middle.txt", "1889-late.txt", "1830-late.txt"};
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) ok &= example_row(examples[i], runs);
    return ok ? 0 : 1;
}
