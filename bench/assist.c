/* Help short of the answer (issue 31): CPU seconds of the assist functions, medians of several
 * runs, against the targets:
 *   decided cells, 20x20 Country Road and 15x15 Flow      < 1 s
 *   a hint on the same                                      < 0.2 s
 *   redundant clues of a 15x15 Country Road                 < 5 s
 * Country: generated 20x20 puzzles (unique, minimal numbers), the same with every other number
 * dropped (several solutions: the harder backbone), hints on the states after 0%, 10%, ... 90% of
 * each puzzle's explanation, and the setter on the 24 janko.at 15x15 puzzles of the shared data
 * (their published numbers) and on generated 15x15 puzzles with every number.
 * Flow: generated unique 15x15 boards (simple and untouching paths), the Janko 14x14 and 17x17
 * boards of the shared data (untouching), random 15x15 boards with many solutions; hints on the
 * cells coloured after 0%, 10%, ... 90% of each board's explanation.
 *   build/bench/assist [--runs N] [--seeds N] [--country-only] [--flow-only] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/gameopt.h"
#include "games/country/internal.h"
#include "games/flow/assist.h"

static int runs = 3, seeds = 6;

static int by_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, by_double);
    return n ? v[n / 2] : 0;
}

typedef struct series {
    const char *what;
    double target;
    double v[4096];
    int n;
} series;

static void report(const series *s) {
    double sorted[4096];
    memcpy(sorted, s->v, (size_t)s->n * sizeof *sorted);
    double med = median(sorted, s->n), max = s->n ? sorted[s->n - 1] : 0;
    printf("%-58s %5d  median %8.4f  max %8.4f  target %5.2f  %s\n", s->what, s->n, med, max, s->target,
           med < s->target ? "ok" : "MISSED");
}

/* CPU seconds of one call, median of `runs`. */
#define TIMED(series, call)                                                                                             \
    do {                                                                                                                \
        double t_[64];                                                                                                  \
        for (int r_ = 0; r_ < runs; r_++) {                                                                             \
            double c0_ = gopt_thread_cpu_seconds();                                                                     \
            call;                                                                                                       \
            t_[r_] = gopt_thread_cpu_seconds() - c0_;                                                                   \
        }                                                                                                               \
        (series)->v[(series)->n++] = median(t_, runs);                                                                  \
    } while (0)

/* ---------------------------------------------------------------- country */

static gopt_country_puzzle *generate(int w, int h, int clues, uint64_t seed) {
    gopt_rng rng = gopt_rng_stream(seed, 0);
    gopt_error err = {0};
    gopt_country_generate_options o = {.w = w, .h = h, .clues = clues};
    gopt_country_puzzle *p = gopt_country_generate_with(&o, &rng, &err);
    if (!p) fprintf(stderr, "generate %dx%d seed %llu: %s\n", w, h, (unsigned long long)seed, err.msg);
    return p;
}

/* The state after `upto` steps of an explanation, as a partial answer of p. */
static void state_as_answer(gopt_country_puzzle *p, const gopt_country_explanation *x, int upto) {
    int n = gopt_grid_cells(p->size);
    uint8_t *dirs = gopt_calloc((size_t)n, 1), *cut = gopt_calloc((size_t)n, 1), *known = gopt_calloc((size_t)n, 1);
    int8_t *cells = gopt_malloc((size_t)n);
    country_explain_state(x, upto, dirs, cells, cut);
    for (int c = 0; c < n; c++) {
        known[c] |= dirs[c];
        for (int d = GOPT_E; d <= GOPT_S; d++) {
            if (!(cut[c] & GOPT_DIR_BIT(d))) continue;
            known[c] |= (uint8_t)GOPT_DIR_BIT(d);
            known[gopt_grid_step(p->size, c, (gopt_dir)d)] |= (uint8_t)GOPT_DIR_BIT(gopt_dir_opposite((gopt_dir)d));
        }
        if (cells[c] == 1) known[c] |= GOPT_COUNTRY_KNOWN_USED;
        if (cells[c] == 0) known[c] |= GOPT_COUNTRY_KNOWN_UNUSED;
    }
    free(p->given);
    free(p->given_known);
    p->given = dirs;
    p->given_known = known;
    free(cut);
    free(cells);
}

static void bench_country(void) {
    series decided = {"country decided, 20x20 generated (unique)", 1.0, {0}, 0};
    series thinned = {"country decided, 20x20, every other number dropped", 1.0, {0}, 0};
    series hint = {"country hint, 20x20, states along the explanation", 0.2, {0}, 0};
    series setter = {"country setter, 15x15 janko.at (published numbers)", 5.0, {0}, 0};
    series setter_all = {"country setter, 15x15 generated, every room numbered", 5.0, {0}, 0};
    gopt_assist_options o = {0};
    for (int s = 1; s <= seeds; s++) {
        gopt_country_puzzle *p = generate(20, 20, GOPT_COUNTRY_CLUES_MINIMAL, (uint64_t)s);
        if (!p) continue;
        TIMED(&decided, gopt_country_decided_free(gopt_country_decided_of(p, &o)));
        gopt_country_explanation *x = gopt_country_explain(p);
        for (int k = 0; k < 10; k++) {
            gopt_country_puzzle *q = gopt_country_copy(p);
            state_as_answer(q, x, x->nsteps * k / 10);
            TIMED(&hint, gopt_country_hint_free(gopt_country_hint_of(q, &o)));
            gopt_country_free(q);
        }
        gopt_country_explanation_free(x);
        int kept = 0;
        for (int r = 0; r < p->nrooms; r++)
            if (p->number[r] >= 0 && kept++ % 2) p->number[r] = GOPT_COUNTRY_NO_NUMBER;
        TIMED(&thinned, gopt_country_decided_free(gopt_country_decided_of(p, &o)));
        gopt_country_free(p);
        p = generate(15, 15, 100, (uint64_t)s);
        if (p) TIMED(&setter_all, gopt_country_setter_free(gopt_country_setter_of(p, &o)));
        gopt_country_free(p);
    }
    char path[512];
    const char *shared = getenv("GOPT_SHARED_DATA");
    snprintf(path, sizeof path, "%s/country/country_puzzles.txt", shared ? shared : GOPT_SOURCE_DIR "/../shared/data");
    gopt_text t;
    gopt_error err = {0};
    if (gopt_text_load(&t, path, &err)) {
        gopt_country_puzzle *p;
        while (gopt_country_read(&t, NULL, &p, &err) == 1) {
            if (p->size.w == 15 && p->size.h == 15 && setter.n < seeds * 4)
                TIMED(&setter, gopt_country_setter_free(gopt_country_setter_of(p, &o)));
            gopt_country_free(p);
        }
        gopt_text_free(&t);
    } else {
        printf("(no shared data: %s)\n", err.msg);
    }
    report(&decided);
    report(&thinned);
    report(&hint);
    report(&setter);
    report(&setter_all);
}

/* ---------------------------------------------------------------- flow */

/* The cells coloured after `upto` steps of an explanation, as a partial answer. */
static void marks_after(const gopt_flow_puzzle *p, const gopt_flow_explanation *x, int upto, gopt_flow_marks *m) {
    flow_state s;
    flow_state_init(&s, p);
    for (int i = 0; i < upto; i++) flow_apply_step(&s, &x->steps[i]);
    flow_engine *e = flow_engine_new(p);
    flow_found f;
    gopt_flow_rule broke;
    flow_next_step(e, &s, &f, &broke); /* (a scan: colours spread along links) */
    m->nnodes = p->nnodes;
    m->colour = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *m->colour);
    for (int v = 0; v < p->nnodes; v++) {
        int c = flow_engine_colour(e, v);
        m->colour[v] = c < 0 ? GOPT_FLOW_OPEN : c == flow_empty(p) ? GOPT_FLOW_EMPTY : c;
    }
    flow_engine_free(e);
    flow_state_free(&s);
}

static void flow_board(gopt_flow_puzzle *p, series *decided, series *hint, series *explain) {
    gopt_assist_options o = {0};
    TIMED(decided, gopt_flow_decided_free(gopt_flow_decided_of(p, &o)));
    if (!hint) return;
    gopt_flow_explanation *x = gopt_flow_explain(p, &o);
    if (explain) TIMED(explain, gopt_flow_explanation_free(gopt_flow_explain(p, &o)));
    for (int k = 0; k < 10 && x->status == GOPT_SOLVED; k++) {
        gopt_flow_marks m;
        marks_after(p, x, x->nsteps * k / 10, &m);
        TIMED(hint, gopt_flow_hint_free(gopt_flow_hint_of(p, &m, &o)));
        gopt_flow_marks_free(&m);
    }
    gopt_flow_explanation_free(x);
}

static void bench_flow(void) {
    series decided = {"flow decided, 15x15 generated unique (simple, untouching)", 1.0, {0}, 0};
    series janko = {"flow decided, janko 14x14 and 17x17 (untouching)", 1.0, {0}, 0};
    series many = {"flow decided, 15x15 random boards (many solutions)", 1.0, {0}, 0};
    series hint = {"flow hint, 15x15 unique, cells along the explanation", 0.2, {0}, 0};
    series hint_janko = {"flow hint, janko 14x14 and 17x17, along the explanation", 0.2, {0}, 0};
    series explain = {"flow explain (checked), 15x15 generated unique", 1.0, {0}, 0};
    for (int s = 1; s <= seeds; s++) {
        for (int untouching = 0; untouching < 2; untouching++) {
            gopt_rng rng = gopt_rng_stream((uint64_t)s, (uint64_t)untouching);
            double work;
            gopt_flow_puzzle *p = gopt_flow_generate_unique(15, 15, 18, untouching, GOPT_FLOW_ANY_GRADE, 0, 52, &rng, &work);
            if (!p) continue;
            p->untouching = untouching;
            flow_board(p, &decided, &hint, &explain);
            gopt_flow_free(p);
        }
        gopt_rng rng = gopt_rng_stream((uint64_t)s, 7);
        gopt_flow_puzzle *p = gopt_flow_generate(15, 15, 28, &rng);
        if (p) flow_board(p, &many, NULL, NULL);
        gopt_flow_free(p);
    }
    char path[512];
    const char *shared = getenv("GOPT_SHARED_DATA");
    snprintf(path, sizeof path, "%s/flow/thomasahle/janko.txt", shared ? shared : GOPT_SOURCE_DIR "/../shared/data");
    gopt_text t;
    gopt_error err = {0};
    if (gopt_text_load(&t, path, &err)) {
        gopt_flow_puzzle *p;
        int taken14 = 0, taken17 = 0;
        while (gopt_flow_read(&t, -1, -1, &p, &err) == 1) {
            bool take = (p->rows == 14 && taken14 < seeds) || (p->rows == 17 && taken17 < seeds);
            if (take) {
                taken14 += p->rows == 14, taken17 += p->rows == 17;
                flow_board(p, &janko, &hint_janko, NULL);
            }
            gopt_flow_free(p);
        }
        gopt_text_free(&t);
    } else {
        printf("(no shared data: %s)\n", err.msg);
    }
    report(&decided);
    report(&janko);
    report(&many);
    report(&hint);
    report(&hint_janko);
    report(&explain);
}

int main(int argc, char **argv) {
    bool country = true, flow = true;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = atoi(argv[++i]);
        else if (strcmp(argv[i], "--seeds") == 0 && i + 1 < argc) seeds = atoi(argv[++i]);
        else if (strcmp(argv[i], "--country-only") == 0) flow = false;
        else if (strcmp(argv[i], "--flow-only") == 0) country = false;
        else {
            fprintf(stderr, "usage: assist [--runs N] [--seeds N] [--country-only] [--flow-only]\n");
            return 2;
        }
    }
    if (runs < 1 || runs > 64) runs = 3;
    printf("CPU seconds per call (median of %d runs each), %d seeds\n", runs, seeds);
    if (country) bench_country();
    if (flow) bench_flow();
    return 0;
}
