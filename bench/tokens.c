/* Benchmark of token placement by max flow: microseconds per rotation (deciding, one
 * placement and uniqueness) over the README's twelve cases and over random tiles (the
 * property test's generator: up to 4 cities of up to 4 slots, up to 6 tokens), under both
 * rule sets, and with every placement listed (--all). Each time is the median of several
 * runs over the same questions, in thread CPU time; flows counts max-flow runs.
 *   build/bench/tokens [RANDOM_TILES] [RUNS] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/gameopt.h"

/* The README's cases as (from, rotation, tokens, to), catalogue tiles as GAME:NAME. */
typedef struct readme_case {
    const char *from;
    int rotation;
    const char *tokens, *to;
} readme_case;

static const readme_case cases[] = {
    {"1867:L12", 0, "0:LPS,1:QLS", "1867:X2"},          {"1867:X2", 0, "0:QLS,1:LPS", "1867:X7"},
    {"1867:L12", 0, "0:LPS,1:QLS", "1867:637"},         {"1867:L12", 0, "0:LPS,1:QLS", "1867:X1"},
    {"1867:L12", 0, "0:LPS,1:QLS", "1867:X3"},          {"1867:L12", 0, "0:LPS,1:QLS", "1867:X4"},
    {"1867:637", 0, "0:A,1:B,2:C", "1867:X6"},          {"1867:X1", 0, "0:A,1:B,2:C", "1867:X5"},
    {"1867:X2", 0, "0:A,1:B,2:C", "1867:X7"},           {"1867:X3", 0, "0:A,1:B,2:C", "1867:X7"},
    {"1867:X4", 0, "0:A,1:B,2:C", "1867:X6"},           {"1867:L12", 0, "1:QLS", "1867:X2"},
    {"1867:L12", 0, "2:CPR", "1867:X2"},                {"1867:L12", 0, "0:A,1:B,2:C", "1867:X2"},
    {"1861:H8", 3, "0:A,1:B,2:C", "1861:637"},          {"18Chesapeake:J4", 0, "0:C&A", "18Chesapeake:X4"},
    {"18Chesapeake:X3", 2, "1:B&O,0:PRR", "18Chesapeake:X7"}, {"18Chesapeake:X7", 3, "0:B&O,0:PRR", "18Chesapeake:X9"},
    {"1822CA:W1", 0, "0:CNoR,0:GTP,1:CPR,2:21", "1822CA:W2"}, {"1822CA:W1", 0, "0:CNoR,0:GTP,1:CPR,2:21", "1822CA:W3"},
    {"1867:F16", 0, "0:CV,1:GT", "1867:120"},           {"1867:120", 1, "0:CV,1:GT", "1867:122"},
    {"1867:X5", 0, "0:A,0:B,1:C", "1867:639"},          {"1867:X7", 0, "0:A,0:B,1:C", "1867:639"},
};
#define NCASES (sizeof cases / sizeof cases[0])

typedef struct workload {
    int n;
    gopt_tokens_question *q;
    const gopt_tokens_tile **to;
} workload;

static const gopt_tokens_tile *lookup(gopt_tokens_library *lib, const char *spec) {
    gopt_error err = {0};
    const gopt_tokens_tile *t = gopt_tokens_lookup(lib, spec, "bench", NULL, GOPT_TOKENS_UNKNOWN_COLOUR, NULL, NULL, &err);
    if (!t) {
        gopt_error_print(stderr, &err);
        exit(4);
    }
    return t;
}

static workload readme_workload(gopt_tokens_library *lib) {
    workload w = {(int)NCASES, calloc(NCASES, sizeof(gopt_tokens_question)), calloc(NCASES, sizeof(gopt_tokens_tile *))};
    for (size_t k = 0; k < NCASES; k++) {
        gopt_error err = {0};
        w.q[k].from = lookup(lib, cases[k].from);
        w.q[k].from_rotation = cases[k].rotation;
        if (!gopt_tokens_parse_stations(&w.q[k], cases[k].tokens, "bench", &err)) exit(4);
        w.to[k] = lookup(lib, cases[k].to);
    }
    return w;
}

static void random_tile(gopt_rng *rng, gopt_tokens_tile *t, double p) {
    int ncities = 1 + (int)gopt_rng_below(rng, 4);
    char code[1024];
    size_t n = 0;
    for (int c = 0; c < ncities; c++)
        n += (size_t)snprintf(code + n, sizeof code - n, "%scity=slots:%d", c ? ";" : "", 1 + (int)gopt_rng_below(rng, 4));
    for (int c = 0; c < ncities; c++)
        for (int e = 0; e < 6; e++)
            if (gopt_rng_double(rng) < p) n += (size_t)snprintf(code + n, sizeof code - n, ";path=a:%d,b:_%d", e, c);
    gopt_error err = {0};
    if (!gopt_tokens_tile_parse(t, code, "random", &err)) exit(4);
}

static workload random_workload(int n, gopt_tokens_tile *tiles) {
    workload w = {n, calloc((size_t)n, sizeof(gopt_tokens_question)), calloc((size_t)n, sizeof(gopt_tokens_tile *))};
    for (int i = 0; i < n; i++) {
        gopt_rng rng = gopt_rng_stream(4, (uint64_t)i);
        random_tile(&rng, &tiles[2 * i], 0.3);
        random_tile(&rng, &tiles[2 * i + 1], 0.6);
        gopt_tokens_question *q = &w.q[i];
        q->from = &tiles[2 * i];
        q->from_rotation = (int)gopt_rng_below(&rng, 6);
        int want = (int)gopt_rng_below(&rng, 7), used[GOPT_TOKENS_MAX_CITIES] = {0};
        for (int k = 0; k < want; k++) {
            int c = (int)gopt_rng_below(&rng, (uint32_t)q->from->ncities);
            if (used[c] == gopt_tokens_city_slots(q->from, c)) continue;
            used[c]++;
            snprintf(q->tokens[q->ntokens].name, sizeof q->tokens[0].name, "T%d", q->ntokens);
            q->tokens[q->ntokens++].city = c;
        }
        w.to[i] = &tiles[2 * i + 1];
    }
    return w;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct result {
    double us_per_rotation, flows_per_rotation, feasible_share, placements_per_feasible;
} result;

static result measure(const workload *w, gopt_tokens_rules rules, long limit, int runs) {
    double times[64];
    long flows = 0, feasible = 0, placements = 0;
    for (int r = 0; r < runs; r++) {
        flows = feasible = placements = 0;
        double start = gopt_thread_cpu_seconds();
        for (int i = 0; i < w->n; i++) {
            gopt_tokens_question q = w->q[i];
            q.rules = rules;
            gopt_tokens_answer a;
            gopt_error err = {0};
            if (!gopt_tokens_solve(&q, w->to[i], limit, &a, &err)) exit(4);
            flows += gopt_counter_get(&a.counters, "flows");
            placements += gopt_counter_get(&a.counters, "placements");
            feasible += a.nfeasible;
            gopt_tokens_answer_free(&a);
        }
        times[r] = (gopt_thread_cpu_seconds() - start) * 1e6 / (6.0 * w->n);
    }
    qsort(times, (size_t)runs, sizeof *times, compare_doubles);
    double rotations = 6.0 * w->n;
    return (result){times[runs / 2], flows / rotations, feasible / rotations, feasible ? (double)placements / feasible : 0};
}

static void row(const char *set, const workload *w, gopt_tokens_rules rules, long limit, const char *mode, int runs) {
    result r = measure(w, rules, limit, runs);
    printf("%-14s %-6s %-7s %9d %9.3f %9.2f %9.1f %9.2f\n", set, gopt_tokens_rules_name(rules), mode, 6 * w->n,
           r.flows_per_rotation, r.us_per_rotation, 100 * r.feasible_share, r.placements_per_feasible);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2000, runs = argc > 2 ? atoi(argv[2]) : 7;
    if (n < 1 || runs < 1 || runs > 64) {
        fprintf(stderr, "usage: tokens [RANDOM_TILES] [RUNS<=64]\n");
        return 2;
    }
    setenv("GAMEOPT_DATA", GOPT_SOURCE_DIR "/data", 0);
    gopt_tokens_library *lib = gopt_tokens_library_new();
    workload readme = readme_workload(lib);
    gopt_tokens_tile *tiles = calloc(2 * (size_t)n, sizeof *tiles);
    workload random = random_workload(n, tiles);
    printf("token placement by max flow (igraph push-relabel); median of %d runs, thread CPU time\n", runs);
    printf("%-14s %-6s %-7s %9s %9s %9s %9s %9s\n", "questions", "rules", "mode", "rotations", "flows/rot", "us/rot",
           "feasible%", "plac/feas");
    for (int rules = GOPT_TOKENS_RULES_TOKENS; rules <= GOPT_TOKENS_RULES_FULL; rules++) {
        row("README cases", &readme, (gopt_tokens_rules)rules, 2, "unique", runs);
        row("random tiles", &random, (gopt_tokens_rules)rules, 2, "unique", runs);
        row("random tiles", &random, (gopt_tokens_rules)rules, 4096, "--all", runs);
    }
    /* The engine alone: one max flow on the seed's Figure 8 network (2 tokens, 3 cities). */
    gopt_maxflow_net *net = gopt_maxflow_net_new(7);
    int arcs[][3] = {{0, 2, 1}, {0, 3, 1}, {2, 5, 1}, {3, 5, 1}, {4, 1, 1}, {5, 1, 1}, {6, 1, 1}};
    for (int e = 0; e < 7; e++) gopt_maxflow_edge(net, arcs[e][0], arcs[e][1], arcs[e][2]);
    double times[64];
    for (int r = 0; r < runs; r++) {
        double start = gopt_thread_cpu_seconds();
        for (int k = 0; k < 20000; k++) {
            gopt_maxflow_result res;
            gopt_error err = {0};
            if (!gopt_maxflow(net, 0, 1, &res, &err)) return 4;
            gopt_maxflow_result_free(&res);
        }
        times[r] = (gopt_thread_cpu_seconds() - start) * 1e6 / 20000;
    }
    qsort(times, (size_t)runs, sizeof *times, compare_doubles);
    printf("one gopt_maxflow on Figure 8's network (7 nodes, 7 edges): %.2f us\n", times[runs / 2]);
    gopt_maxflow_net_free(net);
    gopt_tokens_library_free(lib);
    free(readme.q);
    free(readme.to);
    free(random.q);
    free(random.to);
    free(tiles);
    return 0;
}
