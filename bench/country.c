/* Country Road benchmark: the 270 janko.at puzzles of the shared data, each solved and
 * proven unique (--count 2) on one core, by the SAT method (median of several runs per
 * puzzle) and the MIP method (one run each). Prints mean and max milliseconds per puzzle
 * by board size, work counters, and the published anchors.
 *
 * Then (first) the generator: seconds per puzzle by size, numbers left.
 *   build/bench/country [--runs N] [--mip-every K] [--no-mip] [--generator-only] [--no-generator] [FILE]
 * FILE defaults to ../shared/data/country/country_puzzles.txt ($GOPT_SHARED_DATA). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/gameopt.h"

#define MAX_PUZZLES 400

typedef struct result {
    double ms;          /* median over the runs */
    int64_t rounds, conflicts, cuts;
    bool ok;            /* unique, as expected */
} result;

static int by_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static result run(const gopt_country_puzzle *p, const char *method, int runs) {
    double times[64];
    result r = {0};
    for (int i = 0; i < runs; i++) {
        gopt_country_solve_options o = {.method = method, .count = 2};
        gopt_answer a = {0};
        double start = gopt_now();
        gopt_country_solve(p, &o, &a);
        times[i] = 1000 * (gopt_now() - start);
        char why[256];
        r.ok = a.status == GOPT_SOLVED && a.solutions == 1 && a.complete &&
               gopt_country_check(p, ((gopt_country_solution *)a.solution)->dirs, why, sizeof why);
        r.rounds = gopt_counter_get(&a.counters, "rounds");
        r.conflicts = gopt_counter_get(&a.counters, "conflicts");
        r.cuts = gopt_counter_get(&a.counters, "cuts");
        gopt_country_solution_free(a.solution);
        free(a.extra);
    }
    qsort(times, (size_t)runs, sizeof *times, by_double);
    r.ms = times[runs / 2];
    return r;
}

typedef struct row {
    const char *label;
    int n, failed;
    double sum, max, mip_sum, mip_max;
    int mip_n;
    int64_t rounds, conflicts, cuts;
} row;

static void add(row *w, const result *sat, const result *mip) {
    w->n++;
    w->failed += !sat->ok || (mip && !mip->ok);
    w->sum += sat->ms;
    if (sat->ms > w->max) w->max = sat->ms;
    w->rounds += sat->rounds;
    w->conflicts += sat->conflicts;
    w->cuts += sat->cuts;
    if (mip) {
        w->mip_n++;
        w->mip_sum += mip->ms;
        if (mip->ms > w->mip_max) w->mip_max = mip->ms;
    }
}

static void print_row(const row *w) {
    if (!w->n) return;
    printf("| %-9s | %4d | %7.3f | %7.3f | %6.1f | %9.1f | %5.1f |", w->label, w->n, w->sum / w->n, w->max,
           (double)w->rounds / w->n, (double)w->conflicts / w->n, (double)w->cuts / w->n);
    if (w->mip_n) printf(" %4d | %8.1f | %8.1f |", w->mip_n, w->mip_sum / w->mip_n, w->mip_max);
    else printf("    - |        - |        - |");
    printf(" %s\n", w->failed ? "FAILED" : "ok");
}

/* The generator: CPU seconds per puzzle (median and max over seeds), numbers left
 * (median), every puzzle re-proven unique by the solver. Targets: 10x10 < 0.2 s, 30x30 < 3 s,
 * unique puzzles up to 45x45. */
static int by_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void bench_generator(int seeds) {
    static const struct {
        int side, seeds;
        bool variant;
    } sizes[] = {{10, 20, false}, {10, 10, true}, {20, 10, false}, {30, 10, false}, {45, 3, false}};
    printf("Generator (gameopt country generate, --clues minimal), CPU seconds per puzzle, one core\n\n");
    printf("| size | variant | puzzles | median s | max s | median numbers | median rooms | undecided drops | unique |\n");
    printf("|---|---|---|---|---|---|---|---|---|\n");
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        int n = sizes[k].seeds * seeds / 10 > 0 ? sizes[k].seeds * seeds / 10 : 1, unique = 0, undecided_total = 0;
        double secs[64];
        int clues[64], rooms[64];
        for (int i = 0; i < n && i < 64; i++) {
            gopt_rng rng = gopt_rng_stream(2026, (uint64_t)(1000 * k + (size_t)i));
            gopt_error err = {0};
            int undecided = 0;
            gopt_country_generate_options o = {.w = sizes[k].side, .h = sizes[k].side, .empty_rooms = sizes[k].variant,
                                               .clues = GOPT_COUNTRY_CLUES_MINIMAL, .undecided = &undecided};
            double start = gopt_thread_cpu_seconds();
            gopt_country_puzzle *p = gopt_country_generate_with(&o, &rng, &err);
            secs[i] = gopt_thread_cpu_seconds() - start;
            clues[i] = rooms[i] = 0;
            if (!p) {
                gopt_error_print(stderr, &err);
                continue;
            }
            undecided_total += undecided;
            rooms[i] = p->nrooms;
            for (int r = 0; r < p->nrooms; r++) clues[i] += p->number[r] != GOPT_COUNTRY_NO_NUMBER;
            result check = run(p, "sat", 1);
            unique += check.ok;
            gopt_country_free(p);
        }
        if (n > 64) n = 64;
        qsort(secs, (size_t)n, sizeof *secs, by_double);
        qsort(clues, (size_t)n, sizeof *clues, by_int);
        qsort(rooms, (size_t)n, sizeof *rooms, by_int);
        printf("| %dx%d | %s | %d | %.3f | %.3f | %d | %d | %d | %d/%d |\n", sizes[k].side, sizes[k].side,
               sizes[k].variant ? "e" : "standard", n, secs[n / 2], secs[n - 1], clues[n / 2], rooms[n / 2],
               undecided_total, unique, n);
        fflush(stdout);
    }
}

int main(int argc, char **argv) {
    int runs = 5, mip_every = 1, gen_seeds = 10;
    bool solve = true;
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = atoi(argv[++i]);
        else if (strcmp(argv[i], "--mip-every") == 0 && i + 1 < argc) mip_every = atoi(argv[++i]);
        else if (strcmp(argv[i], "--no-mip") == 0) mip_every = 0;
        else if (strcmp(argv[i], "--generator-only") == 0) solve = false;
        else if (strcmp(argv[i], "--no-generator") == 0) gen_seeds = 0;
        else if (strcmp(argv[i], "--generator-seeds") == 0 && i + 1 < argc) gen_seeds = atoi(argv[++i]);
        else if (argv[i][0] != '-') file = argv[i];
        else {
            fprintf(stderr, "usage: country [--runs N] [--mip-every K] [--no-mip] [--generator-only] [--no-generator]\n"
                            "               [--generator-seeds N (per 10 of the default)] [FILE]\n");
            return 2;
        }
    }
    if (gen_seeds > 0) bench_generator(gen_seeds);
    if (!solve) return 0;
    if (gen_seeds > 0) printf("\n");
    if (runs < 1 || runs > 64) runs = 5;
    char path[1024];
    if (!file) {
        const char *dir = getenv("GOPT_SHARED_DATA");
        snprintf(path, sizeof path, "%s/country/country_puzzles.txt", dir ? dir : GOPT_SOURCE_DIR "/../shared/data");
        file = path;
    }
    gopt_text t;
    gopt_error err = {0};
    if (!gopt_text_load(&t, file, &err)) {
        gopt_error_print(stderr, &err);
        return 2;
    }
    static gopt_country_puzzle *puzzles[MAX_PUZZLES];
    int n = 0, r;
    while (n < MAX_PUZZLES && (r = gopt_country_read(&t, "block", &puzzles[n], &err)) == 1) {
        if (puzzles[n]->name && strncmp(puzzles[n]->name, "janko_", 6) == 0) n++;
        else gopt_country_free(puzzles[n]);
    }
    gopt_text_free(&t);
    if (err.set) {
        gopt_error_print(stderr, &err);
        return 2;
    }
    printf("Country Road: %d janko.at puzzles from %s, --count 2 (solve + prove unique), one core\n", n, file);
    printf("SAT: median of %d runs per puzzle; MIP: one run%s\n\n", runs,
           mip_every == 0 ? " (skipped)" : mip_every > 1 ? " on every k-th puzzle" : "");
    printf("| size      | n    | sat mean ms | sat max ms | rounds | conflicts | cuts | mip n | mip mean ms | mip max ms | |\n");
    printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
    fflush(stdout); /* the header at once: the rows come after minutes (issue 16 item 21) */
    row rows[4] = {{.label = "<= 8x8"}, {.label = "10x10"}, {.label = ">= 11x11"}, {.label = "all"}};
    for (int i = 0; i < n; i++) {
        if (i % 10 == 0) fprintf(stderr, "bench country: puzzle %d of %d\n", i + 1, n);
        const gopt_country_puzzle *p = puzzles[i];
        result sat = run(p, "sat", runs), mip;
        bool with_mip = mip_every > 0 && i % mip_every == 0;
        if (with_mip) mip = run(p, "mip", 1);
        int cells = gopt_grid_cells(p->size);
        row *w = cells <= 64 ? &rows[0] : cells <= 100 ? &rows[1] : &rows[2];
        add(w, &sat, with_mip ? &mip : NULL);
        add(&rows[3], &sat, with_mip ? &mip : NULL);
        if (!sat.ok) fprintf(stderr, "%s: not solved as unique\n", p->name);
    }
    for (int i = 0; i < 4; i++) print_row(&rows[i]);
    printf("\nanchors (published / measured by the data set): OR-Tools CP-SAT with a circuit constraint,\n"
           "270/270, mean 29 ms, max 128 ms (no uniqueness proof); clingo enumerating 2 models on this\n"
           "machine: 10x10 mean 35 ms, 15x15 mean 107 ms (max 173 ms). Targets: mean <= 3 ms, max <= 30 ms.\n");
    for (int i = 0; i < n; i++) gopt_country_free(puzzles[i]);
    return rows[3].failed ? 1 : 0;
}
