/* bench/flow: the puzzle sets of ../shared/data/flow against the targets (one core,
 * one process; solving and checking timed, reading not). Times are the thread's CPU seconds,
 * which a shared, loaded machine disturbs far less than the wall clock (shown too). Fast sets
 * are run several times and the median total is shown.
 *     build/bench/flow [--runs N] [SET...]     sets: flow_solver janko inputs10 inputs6 adc adc3d variants generated
 *     build/bench/flow --peers [--runs N]     the side-by-side table against the peers
 * Each row: puzzles, solved / unsolvable (proven) / unknown, seconds, the target, search nodes
 * and SAT conflicts. The side-by-side table compares whole processes, as the peers were
 * measured (../shared/data/flow/peer-times-here.tsv): `gameopt flow solve` on the set's files,
 * user + sys CPU of the child (median of runs), against each peer's row, with the ratio
 * peer / gameopt (above 1: gameopt is faster) and our search nodes per CPU second (the
 * nodes of one --json --stats run over the median CPU); then the generated set (flow
 * generate --any boards, both conventions), which no peer has times for. */
#include <libgen.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/gameopt.h"

typedef struct set {
    const char *name;
    const char *files; /* space-separated, under the shared data folder */
    double target;     /* seconds (0: none) */
    const char *target_text;
    int runs;          /* medians of this many runs (fast sets) */
    double time_limit; /* per puzzle */
} set;

static const set sets[] = {
    {"flow_solver", "flow_solver-puzzles/*.txt", 0.007, "<= 7 ms", 5, 60},
    {"janko", "thomasahle/janko.txt", 0.1, "<= 0.1 s", 5, 60},
    {"inputs10", "thomasahle/inputs10.txt", 15, "<= 15 s", 1, 120},
    {"inputs6", "thomasahle/inputs6.txt", 5, "<= 5 s each (solvable)", 1, 60},
    {"adc", "adc/adc2015/Q/*.txt", 0, "solved", 1, 30},
    {"adc3d", "adc/q2018/Questions/*.txt adc/s2017/sample_Q.txt", 0, "", 1, 30},
    {"variants", "variants/samgoldman/*/*.txt variants/houston/*.txt", 0, "", 1, 60},
};

typedef struct result {
    int puzzles, solved, unsolvable, unknown, errors;
    double seconds, slowest, wall; /* CPU seconds (total, slowest puzzle), wall seconds */
    int64_t nodes, conflicts;
} result;

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Reads every puzzle of one file; appends them. */
static void read_file(const char *path, gopt_flow_puzzle ***list, size_t *n, size_t *cap) {
    gopt_text t;
    gopt_error err = {0};
    if (!gopt_text_load(&t, path, &err)) return;
    for (;;) {
        gopt_flow_puzzle *p;
        int r = gopt_flow_read(&t, -1, -1, &p, &err);
        if (r <= 0) break; /* (bad files, like a template without endpoints, are not puzzles) */
        gopt_grow(list, cap, *n + 1, sizeof **list);
        (*list)[(*n)++] = p;
    }
    gopt_text_free(&t);
}

static result run_once(gopt_flow_puzzle **list, size_t n, double time_limit, bool verbose) {
    result r = {0};
    for (size_t i = 0; i < n; i++) {
        gopt_flow_settings s = {.method = GOPT_FLOW_AUTO, .count = 1, .time_limit = time_limit};
        gopt_answer a = {0};
        double start = gopt_thread_cpu_seconds(), wall = gopt_now();
        gopt_status st = gopt_flow_solve(list[i], &s, &a);
        char why[256];
        if (st == GOPT_SOLVED && !gopt_flow_check(list[i], a.solution, why, sizeof why)) st = GOPT_ERROR;
        double took = gopt_thread_cpu_seconds() - start;
        r.wall += gopt_now() - wall;
        r.seconds += took;
        if (took > r.slowest) r.slowest = took;
        r.puzzles++;
        r.solved += st == GOPT_SOLVED;
        r.unsolvable += st == GOPT_INFEASIBLE;
        r.unknown += st == GOPT_LIMIT;
        r.errors += st == GOPT_ERROR;
        r.nodes += gopt_counter_get(&a.counters, "nodes");
        r.conflicts += gopt_counter_get(&a.counters, "conflicts");
        if (verbose)
            printf("    %-4zu %dx%d %-10s %-6s %9.4f cpu s  nodes %lld  conflicts %lld\n", i + 1, list[i]->cols, list[i]->rows,
                   st == GOPT_SOLVED ? "solved" : st == GOPT_INFEASIBLE ? "unsolvable" : st == GOPT_LIMIT ? "unknown" : "ERROR",
                   a.method ? a.method : "-", took, (long long)gopt_counter_get(&a.counters, "nodes"),
                   (long long)gopt_counter_get(&a.counters, "conflicts"));
        gopt_flow_solution_free(a.solution);
    }
    return r;
}

static void run_set(const set *s, const char *root, int runs_override) {
    gopt_flow_puzzle **list = NULL;
    size_t n = 0, cap = 0;
    char *files = gopt_strdup(s->files);
    for (char *tok = strtok(files, " "); tok; tok = strtok(NULL, " ")) {
        char pattern[1024];
        snprintf(pattern, sizeof pattern, "ls %s/%s 2>/dev/null", root, tok);
        FILE *ls = popen(pattern, "r");
        char line[1024];
        while (ls && fgets(line, sizeof line, ls)) {
            line[strcspn(line, "\n")] = 0;
            read_file(line, &list, &n, &cap);
        }
        if (ls) pclose(ls);
    }
    free(files);
    if (n == 0) {
        printf("%-12s (no data)\n", s->name);
        return;
    }
    int runs = runs_override > 0 ? runs_override : s->runs;
    double *totals = gopt_malloc((size_t)runs * sizeof *totals);
    result r = {0};
    bool per_puzzle = strcmp(s->name, "inputs6") == 0 || strcmp(s->name, "adc") == 0 || strcmp(s->name, "inputs10") == 0 ||
                      strcmp(s->name, "adc3d") == 0;
    for (int k = 0; k < runs; k++) {
        r = run_once(list, n, s->time_limit, per_puzzle && k == 0);
        totals[k] = r.seconds;
    }
    qsort(totals, (size_t)runs, sizeof *totals, cmp_double);
    double median = totals[runs / 2];
    printf("%-12s %7d %7d %10d %8d %11.4f %9.4f %9.3f  %-24s %12lld %10lld%s\n", s->name, r.puzzles, r.solved,
           r.unsolvable, r.unknown, median, r.slowest, r.wall, s->target_text, (long long)r.nodes, (long long)r.conflicts,
           r.errors ? "  CHECKER FAILED" : "");
    fflush(stdout);
    free(totals);
    for (size_t i = 0; i < n; i++) gopt_flow_free(list[i]);
    free(list);
}

/* ---------------------------------------------------------------- generated boards */

/* Boards `flow generate --any` makes (issue 34): a random filling cut into pieces, so their paths
 * touch themselves. Sizes 15x15 to 100x100, the command line's default colours (one per
 * eight cells, at most the flow_solver format's 52 letters) and few colours (a quarter of the
 * side), seeds 1-3 (stream index 0, as `--seed S` makes them), solved under both path
 * conventions: simple (the format's: a solution exists by construction) and untouching
 * (usually proven unsolvable). */
static void run_generated(int runs_override) {
    static const int sides[] = {15, 30, 50, 100};
    printf("generated boards (flow generate --any --size NxN --seed 1..3): cpu s = solve + check, median of runs\n");
    printf("%-10s %-8s %-11s %6s %7s %10s %8s %9s %9s %12s\n", "size", "colours", "paths", "boards", "solved", "unsolvable",
           "unknown", "cpu s", "slowest", "nodes/s");
    for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++)
        for (int few = 0; few < 2; few++)
            for (int untouching = 0; untouching < 2; untouching++) {
                int side = sides[i], colours = few ? side / 4 : side * side / 8 < 52 ? side * side / 8 : 52;
                gopt_flow_puzzle *list[3];
                for (int seed = 1; seed <= 3; seed++) {
                    gopt_rng rng = gopt_rng_stream((uint64_t)seed, 0);
                    list[seed - 1] = gopt_flow_generate(side, side, colours, &rng);
                    list[seed - 1]->untouching = untouching;
                }
                int runs = runs_override > 0 ? runs_override : 3;
                double t[16];
                if (runs > 16) runs = 16;
                result r = {0};
                for (int k = 0; k < runs; k++) {
                    r = run_once(list, 3, 30, false);
                    t[k] = r.seconds;
                }
                qsort(t, (size_t)runs, sizeof *t, cmp_double);
                char size[16];
                snprintf(size, sizeof size, "%dx%d", side, side);
                printf("%-10s %-8d %-11s %6d %7d %10d %8d %9.4f %9.4f %12.3g%s\n", size, colours,
                       untouching ? "untouching" : "simple", r.puzzles, r.solved, r.unsolvable, r.unknown, t[runs / 2],
                       r.slowest, t[runs / 2] > 0 ? (double)r.nodes / t[runs / 2] : 0, r.errors ? "  CHECKER FAILED" : "");
                fflush(stdout);
                for (int k = 0; k < 3; k++) gopt_flow_free(list[k]);
            }
}

/* ---------------------------------------------------------------- side by side */

/* The peers' sets and the files gameopt solves for each (one process, as thomasahle ran them;
 * inputs10's peer time is the sum of one process per board, a few ms of start-up each). */
static const struct {
    const char *peer_set, *files;
    int runs;
} peer_sets[] = {
    {"flow_solver-puzzles (29)", "flow_solver-puzzles/*.txt", 5},
    {"thomasahle/janko.txt", "thomasahle/janko.txt", 5},
    {"thomasahle/inputs10.txt", "thomasahle/inputs10.txt", 1},
    {"thomasahle/inputs6.txt", "thomasahle/inputs6.txt", 1},
};

/* CPU seconds (user + sys) of one `gameopt flow solve` process over the files (`extra`:
 * more options, e.g. the path convention). */
static double process_cpu(const char *gameopt, const char *root, const char *files, const char *extra) {
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "exec %s flow solve --quiet --time-limit 120 %s %s/%s >/dev/null 2>&1", gameopt, extra, root,
             files);
    pid_t pid = fork();
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (pid < 0 || wait4(pid, &status, 0, &ru) < 0) return -1;
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

/* The search nodes of one `--json --stats` run over the files (the sum of every answer's
 * "nodes"; deterministic on one thread, so one run gives the count the timed runs made). */
static long long process_nodes(const char *gameopt, const char *root, const char *files, const char *extra) {
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s flow solve --json --stats --time-limit 120 %s %s/%s 2>/dev/null", gameopt, extra, root, files);
    FILE *f = popen(cmd, "r");
    if (!f) return -1;
    long long nodes = 0;
    char line[65536];
    while (fgets(line, sizeof line, f)) {
        const char *at = strstr(line, "\"nodes\":");
        if (at) nodes += atoll(at + 8);
    }
    pclose(f);
    return nodes;
}

/* One set measured as the peers were: median whole-process CPU over runs, and nodes. */
static void measure_process(const char *gameopt, const char *root, const char *files, const char *extra, int runs,
                            double *cpu, long long *nodes) {
    double t[16];
    if (runs > 16) runs = 16;
    if (runs < 1) runs = 1;
    for (int k = 0; k < runs; k++) t[k] = process_cpu(gameopt, root, files, extra);
    qsort(t, (size_t)runs, sizeof *t, cmp_double);
    *cpu = t[runs / 2];
    *nodes = process_nodes(gameopt, root, files, extra);
}

/* The generated set beside the peers' sets: `flow generate --any` boards (run_generated's 24
 * boards, written to a temporary file in the houston format, which names any number of
 * colours), solved by one process under each convention. No peer has times for them here:
 * thomasahle/numberlink needs a Go toolchain this machine lacks, and flow_solver takes at
 * most 16 colours (these have up to 52). */
static void generated_side_by_side(const char *gameopt, int runs_override) {
    char path[] = "/tmp/gopt-bench-flow-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return;
    FILE *f = fdopen(fd, "w");
    int boards = 0;
    static const int sides[] = {15, 30, 50, 100};
    for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++)
        for (int few = 0; few < 2; few++)
            for (int seed = 1; seed <= 3; seed++) {
                int side = sides[i], colours = few ? side / 4 : side * side / 8 < 52 ? side * side / 8 : 52;
                gopt_rng rng = gopt_rng_stream((uint64_t)seed, 0);
                gopt_flow_puzzle *p = gopt_flow_generate(side, side, colours, &rng);
                p->format = GOPT_FLOW_HOUSTON;
                char *text = gopt_flow_write(p, NULL);
                fputs(text, f);
                free(text);
                gopt_flow_free(p);
                boards++;
            }
    fclose(f);
    for (int untouching = 0; untouching < 2; untouching++) {
        double cpu;
        long long nodes;
        measure_process(gameopt, "", path + 1, untouching ? "--format houston --paths untouching" : "--format houston --paths simple",
                        runs_override > 0 ? runs_override : 3, &cpu, &nodes);
        char name[64];
        snprintf(name, sizeof name, "generated (%s)", untouching ? "untouching" : "simple");
        printf("%-26s %-12s %7d %10s %12.4f %7s %12.3g  %s\n", name, "-", boards, "-", cpu, "-", cpu > 0 ? nodes / cpu : 0,
               "no peer time: thomasahle needs Go (absent here), flow_solver takes <= 16 colours");
        fflush(stdout);
    }
    remove(path);
}

static void side_by_side(const char *gameopt, const char *root, int runs_override) {
    char path[1100];
    snprintf(path, sizeof path, "%s/peer-times-here.tsv", root);
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("(no %s)\n", path);
        return;
    }
    printf("side by side: whole process CPU s (user + sys), gameopt median of runs; ratio = peer / gameopt\n");
    printf("%-26s %-12s %7s %10s %12s %7s %12s  %s\n", "set", "peer", "boards", "peer cpu s", "gameopt cpu s", "ratio",
           "our nodes/s", "peer's result");
    char line[1024];
    double ours[sizeof peer_sets / sizeof peer_sets[0]];
    long long our_nodes[sizeof peer_sets / sizeof peer_sets[0]];
    for (size_t i = 0; i < sizeof peer_sets / sizeof peer_sets[0]; i++) ours[i] = -2;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strncmp(line, "set\t", 4) == 0) continue;
        line[strcspn(line, "\n")] = 0;
        char *field[6] = {0};
        int nf = 0;
        for (char *p = line; nf < 6; nf++) {
            field[nf] = p;
            char *tab = strchr(p, '\t');
            if (!tab) {
                nf++;
                break;
            }
            *tab = 0;
            p = tab + 1;
        }
        if (nf < 4) continue;
        for (size_t i = 0; i < sizeof peer_sets / sizeof peer_sets[0]; i++) {
            if (strcmp(field[0], peer_sets[i].peer_set) != 0) continue;
            if (ours[i] == -2) /* measured once per set, shared by its peers' rows */
                measure_process(gameopt, root, peer_sets[i].files, "", runs_override > 0 ? runs_override : peer_sets[i].runs,
                                &ours[i], &our_nodes[i]);
            double peer = atof(field[3]);
            printf("%-26s %-12s %7s %10.4f %12.4f %7.2f %12.3g  %s\n", field[0], field[2], field[1], peer, ours[i],
                   ours[i] > 0 ? peer / ours[i] : 0, ours[i] > 0 ? our_nodes[i] / ours[i] : 0, nf > 5 ? field[5] : "");
            fflush(stdout);
        }
    }
    fclose(f);
    generated_side_by_side(gameopt, runs_override);
}

int main(int argc, char **argv) {
    const char *root = getenv("GOPT_SHARED_DATA");
    char buf[1024];
    snprintf(buf, sizeof buf, "%s/flow", root ? root : GOPT_SOURCE_DIR "/../shared/data");
    int runs = 0, first = 1;
    bool peers = argc > 1 && strcmp(argv[1], "--peers") == 0;
    if (peers) first = 2;
    if (argc > first + 1 && strcmp(argv[first], "--runs") == 0) runs = atoi(argv[first + 1]), first += 2;
    if (peers) { /* gameopt sits next to bench/ in the build tree */
        char *copy = gopt_strdup(argv[0]);
        char gameopt[1100];
        snprintf(gameopt, sizeof gameopt, "%s/../gameopt", dirname(copy));
        free(copy);
        side_by_side(gameopt, buf, runs);
        return 0;
    }
    printf("flow benchmark: one core, auto portfolio; cpu s = solve + check, thread CPU time (median of runs for\n"
           "the fast sets), slowest = the slowest puzzle's CPU time, wall s = the last run's wall clock\n");
    printf("%-12s %7s %7s %10s %8s %11s %9s %9s  %-24s %12s %10s\n", "set", "puzzles", "solved", "unsolvable", "unknown",
           "cpu s", "slowest", "wall s", "target", "nodes", "conflicts");
    bool generated = first >= argc;
    for (int a = first; a < argc; a++) generated |= strcmp(argv[a], "generated") == 0;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        bool wanted = first >= argc;
        for (int a = first; a < argc; a++) wanted |= strcmp(argv[a], sets[i].name) == 0;
        if (wanted) run_set(&sets[i], buf, runs);
    }
    if (generated) run_generated(runs);
    return 0;
}
