/* Flood-It benchmark: solves the shared sets with known optima and prints one row per set
 * (boards, proven, sum of lengths against the published sum, time, nodes, memory) beside
 * the targets. Reads ../shared/data/flood (or $GOPT_SHARED_DATA/flood).
 *
 *   build/bench/flood                     every set (b24c6, 99problems and tail take a while)
 *   build/bench/flood --sets tail         b24c6 boards 1-5 in 100 MB: the depth-first tail
 *   build/bench/flood --quick             pc19, b10c15, b18c6, b24c4 and the beam row
 *   build/bench/flood --sets pc19,beam    the named rows only
 *   build/bench/flood --sets colorfill    only the side-by-side table with ColorFill (below)
 *   options: --runs N (timing runs of the fast sets; the median is shown), --memory-limit MB
 *            and --time-limit S (per board, for the hard sets), --first N (only the first N
 *            boards of each set: a quick representative sample while tuning)
 *
 * Times are CPU seconds of the solving thread (wall seconds beside them): the machine may
 * be shared, and CPU time moves much less with the load.
 *
 * The "colorfill" table puts us beside ColorFill (the fastest public exact solver) on the
 * board subsets it was measured on here: flood/colorfill-times-here.tsv gives its CPU seconds
 * and peak memory per subset (pc19, the first 200 b18c6 boards, b24c6 boards 1-5, hard
 * 99problems boards). Java is never run here: its times come from that file, so the ratio
 * (ColorFill / ours) is only as fair as the two machines' loads were alike. --quick leaves out
 * the hard subsets (b24c6, 99problems); --first N caps every subset. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/gameopt.h"

typedef struct row {
    const char *name;     /* --sets name */
    const char *boards;   /* under flood/ */
    const char *solutions;/* lengths to compare with, or NULL (99problems: in the files) */
    const char *method;
    int first;            /* only the first N boards (0: all) */
    int beam_width;
    bool hard;            /* apply the per-board limits; skipped by --quick */
    const char *target;   /* the target, as text */
    double target_seconds;/* 0: none */
    double target_gap;    /* heuristic rows: allowed excess over the optimum sum (0.02 = 2 %) */
    double memory_mb;     /* this row's --memory-limit (0: the hard sets' one) */
} row;

static const row rows[] = {
    {"pc19", "sets/dataset_pc19.txt", "sets/solutions_optimal_pc19.txt", "astar", 0, 0, false, "all proven, <= 1 s", 1, 0, 0},
    {"b10c15", "sets/dataset_b10c15n1000.txt", "sets/solutions_optimal_b10c15n1000.txt", "astar", 0, 0, false,
     "all proven", 0, 0, 0},
    {"b18c6", "sets/dataset_b18c6n1000.txt", "sets/solutions_optimal_b18c6n1000.txt", "astar", 0, 0, false,
     "all proven, <= 30 s", 30, 0, 0},
    {"b24c4", "sets/dataset_b24c4n1000.txt", "sets/solutions_optimal_b24c4n1000.txt", "astar", 0, 0, false,
     "all proven", 0, 0, 0},
    {"beam", "sets/dataset_b18c6n1000.txt", "sets/solutions_optimal_b18c6n1000.txt", "beam", 0, 400, false,
     "b18c6 within 2 %, <= 50 ms/board", 50, 0.02, 0},
    {"99problems", "99problems", NULL, "astar", 0, 0, true, "all proven, <= 600 s, <= 8 GB", 600, 0, 0}, /* issue 20 */
    {"b24c6", "sets/dataset_b24c6n1000.txt", "sets/solutions_potentially_optimal_b24c6n1000.txt", "astar", 10, 0, true,
     "first 10 proven", 0, 0, 0},
    /* A* whose store fills goes on depth-first (docs/methods.md, "When the store is full"):
     * boards whose unlimited search needs up to 2.2 GB, proven in 100 MB */
    {"tail", "sets/dataset_b24c6n1000.txt", "sets/solutions_potentially_optimal_b24c6n1000.txt", "astar", 5, 0, true,
     "first 5 proven in 100 MB", 0, 0, 100},
};
#define NROWS (sizeof rows / sizeof rows[0])

typedef struct result {
    int boards, proven;
    long sum, want;
    double cpu, wall, peak_mb;
    long long nodes;
    bool match;           /* every proven length equals the published one */
} result;

static char data_dir[900];

static bool load(const char *rel, int first, gopt_flood_puzzle ***out, int *n) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", data_dir, rel);
    gopt_text t;
    gopt_error err = {0};
    if (!gopt_text_load(&t, path, &err)) return false;
    gopt_flood_puzzle *p;
    size_t cap = 0;
    int r;
    while ((first == 0 || *n < first) && (r = gopt_flood_read(&t, NULL, NULL, &p, &err)) == 1) {
        gopt_grow(out, &cap, (size_t)*n + 1, sizeof **out);
        (*out)[(*n)++] = p;
    }
    gopt_text_free(&t);
    return !err.set;
}

/* The 99problems folder: every file, in name order. */
static bool load_folder(const char *rel, gopt_flood_puzzle ***out, int *n) {
    char list[1024], cmd[1200];
    snprintf(list, sizeof list, "%s/%s", data_dir, rel);
    snprintf(cmd, sizeof cmd, "ls '%s'", list);
    FILE *ls = popen(cmd, "r");
    if (!ls) return false;
    char name[256];
    bool ok = true;
    while (ok && fscanf(ls, "%255s", name) == 1) {
        char file[600];
        snprintf(file, sizeof file, "%s/%s", rel, name);
        ok = load(file, 0, out, n);
    }
    pclose(ls);
    return ok && *n > 0;
}

static int *lengths(const char *rel, int n) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", data_dir, rel);
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    int *out = calloc((size_t)n, sizeof *out);
    char line[8192];
    for (int i = 0; i < n && fgets(line, sizeof line, f); i++) out[i] = (int)strcspn(line, "\r\n");
    fclose(f);
    return out;
}

static void run_row(const row *r, gopt_flood_puzzle **b, int n, const int *want, const gopt_options *base, result *res) {
    memset(res, 0, sizeof *res);
    res->match = true;
    gopt_options o = *base;
    o.method = r->method;
    char width[16];
    snprintf(width, sizeof width, "%d", r->beam_width);
    if (r->beam_width) {
        gopt_error err = {0};
        if (!gopt_options_set(&o, &gopt_game_flood, "solve", "beam-width", width, &err)) abort();
    }
    if (!r->hard) o.time_limit = 0;
    if (r->memory_mb > 0) o.memory_limit_mb = r->memory_mb;
    for (int i = 0; i < n; i++) {
        gopt_answer a = {.name = "bench", .index = i};
        double c0 = gopt_thread_cpu_seconds();
        gopt_game_solve_checked(&gopt_game_flood, b[i], &o, &a);
        res->cpu += gopt_thread_cpu_seconds() - c0;
        res->wall += a.seconds;
        const gopt_flood_result *fr = a.extra;
        const gopt_flood_solution *s = a.solution;
        res->boards++;
        int w = want ? want[i] : b[i]->expected;
        res->want += w;
        if (a.status == GOPT_ERROR || !fr || !s) {
            fprintf(stderr, "board %d: %s\n", i + 1, a.note);
            res->match = false;
        } else {
            res->sum += s->length;
            res->proven += fr->optimal;
            res->nodes += fr->nodes;
            if (fr->peak_mb > res->peak_mb) res->peak_mb = fr->peak_mb;
            if (fr->optimal && w > 0 && s->length != w && strcmp(r->method, "beam") != 0) res->match = false;
        }
        gopt_answer_free(&gopt_game_flood, &a);
    }
}

/* One line of colorfill-times-here.tsv mapped to our boards: `set` names the subset. */
typedef struct peer {
    char set[128], status[64];
    int boards;
    double cpu, peak_mb;  /* cpu < 0: not given ("-") */
} peer;

/* The subset a tsv `set` names: "pc19", "b18c6 (boards 1-200)", "b24c6 board K",
 * "99problems NAME"; anything else (open_b28c6: no exact run finished) is not ours to compare.
 * Gives the board file under flood/, the 1-based first board and how many. */
static bool peer_boards(const char *set, int boards, char *file, size_t fsize, int *from, int *count) {
    int k;
    char name[128];
    *from = 1;
    *count = boards;
    if (!strcmp(set, "pc19")) snprintf(file, fsize, "sets/dataset_pc19.txt");
    else if (!strncmp(set, "b18c6 (boards 1-", 16)) snprintf(file, fsize, "sets/dataset_b18c6n1000.txt");
    else if (sscanf(set, "b24c6 board %d", &k) == 1 && k >= 1) {
        snprintf(file, fsize, "sets/dataset_b24c6n1000.txt");
        *from = k;
    } else if (sscanf(set, "99problems %127s", name) == 1 && !strchr(name, '/'))
        snprintf(file, fsize, "99problems/%s", name);
    else return false;
    return boards >= 1;
}

static int read_peers(peer **out) {
    char path[1024];
    snprintf(path, sizeof path, "%s/colorfill-times-here.tsv", data_dir);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char line[1024];
    int n = 0;
    size_t cap = 0;
    bool header = true;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        if (header) { /* the column names */
            header = false;
            continue;
        }
        peer p = {0};
        char runs[32], cpu[32], mem[32], heap[32];
        if (sscanf(line, "%127[^\t]\t%d\t%31[^\t]\t%31[^\t]\t%31[^\t]\t%31[^\t]\t%63[^\t\n]", p.set, &p.boards, runs, cpu, mem,
                   heap, p.status) != 7)
            continue;
        p.cpu = strcmp(cpu, "-") ? atof(cpu) : -1;
        p.peak_mb = strcmp(mem, "-") ? atof(mem) : -1;
        gopt_grow(out, &cap, (size_t)n + 1, sizeof **out);
        (*out)[n++] = p;
    }
    fclose(f);
    return n;
}

/* Our A* on each subset ColorFill was measured on, beside its CPU seconds and memory. */
static int run_peers(const gopt_options *base, int first_cap, bool quick) {
    peer *peers = NULL;
    int np = read_peers(&peers);
    if (np < 0) {
        printf("colorfill  skipped: %s/colorfill-times-here.tsv is not readable\n", data_dir);
        return 0;
    }
    printf("\nSide by side with ColorFill (its figures from colorfill-times-here.tsv, measured here; ratio = ColorFill / ours, CPU)\n");
    printf("%-32s %6s %6s %9s %9s %8s %12s %8s %9s  %s\n", "subset", "boards", "proven", "cpu s", "CF cpu s", "ratio",
           "nodes", "peak MB", "CF MB", "ColorFill");
    static const row astar = {"colorfill", NULL, NULL, "astar", 0, 0, true, "", 0, 0, 0};
    int failures = 0;
    for (int k = 0; k < np; k++) {
        const peer *p = &peers[k];
        char file[300];
        int from, count;
        if (!peer_boards(p->set, p->boards, file, sizeof file, &from, &count)) {
            printf("%-32s (not compared: %s)\n", p->set, p->status);
            continue;
        }
        bool hard = strncmp(p->set, "pc19", 4) && strncmp(p->set, "b18c6", 5);
        if (quick && hard) continue;
        if (first_cap > 0 && count > first_cap) count = first_cap;
        gopt_flood_puzzle **b = NULL;
        int n = 0;
        if (!load(file, from - 1 + count, &b, &n) || n < from) {
            printf("%-32s skipped: %s/%s is not readable\n", p->set, data_dir, file);
            for (int i = 0; i < n; i++) gopt_flood_free(b[i]);
            free(b);
            continue;
        }
        result res;
        row r = astar;
        r.hard = hard; /* per-board limits only where ColorFill itself took minutes */
        run_row(&r, b + from - 1, n - from + 1, NULL, base, &res);
        failures += res.proven != res.boards;
        /* ColorFill's time covers the whole subset; a capped run compares only to a prorated share */
        double cf = p->cpu < 0 ? -1 : p->cpu * (double)res.boards / (double)p->boards;
        char cfs[32] = "-", ratio[32] = "-", cfm[32] = "-";
        if (cf >= 0) snprintf(cfs, sizeof cfs, "%.2f", cf);
        if (cf >= 0 && res.cpu > 0) snprintf(ratio, sizeof ratio, "%.1fx", cf / res.cpu);
        if (p->peak_mb >= 0) snprintf(cfm, sizeof cfm, "%.0f", p->peak_mb);
        printf("%-32s %6d %6d %9.2f %9s %8s %12lld %8.1f %9s  %s%s\n", p->set, res.boards, res.proven, res.cpu, cfs, ratio,
               res.nodes, res.peak_mb, cfm, p->status, res.boards < p->boards ? " (CF time prorated)" : "");
        fflush(stdout);
        for (int i = 0; i < n; i++) gopt_flood_free(b[i]);
        free(b);
    }
    free(peers);
    return failures;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static bool selected(const char *sets, const char *name) {
    if (!sets) return true;
    size_t len = strlen(name);
    for (const char *s = sets; (s = strstr(s, name)); s += len)
        if ((s == sets || s[-1] == ',') && (s[len] == 0 || s[len] == ',')) return true;
    return false;
}

int main(int argc, char **argv) {
    const char *sets = NULL;
    int runs = 3;
    bool quick = false;
    int first_cap = 0;
    gopt_options base;
    gopt_options_init(&base);
    base.memory_limit_mb = 5000;
    base.time_limit = 900;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--sets") && i + 1 < argc) sets = argv[++i];
        else if (!strcmp(argv[i], "--runs") && i + 1 < argc) runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--memory-limit") && i + 1 < argc) base.memory_limit_mb = atof(argv[++i]);
        else if (!strcmp(argv[i], "--time-limit") && i + 1 < argc) base.time_limit = atof(argv[++i]);
        else if (!strcmp(argv[i], "--first") && i + 1 < argc) first_cap = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--quick")) quick = true;
        else {
            fprintf(stderr, "usage: %s [--quick] [--sets a,b] [--runs N] [--first N] [--memory-limit MB] [--time-limit S]\n", argv[0]);
            return 2;
        }
    }
    const char *env = getenv("GOPT_SHARED_DATA");
    snprintf(data_dir, sizeof data_dir, "%s/flood", env ? env : GOPT_SOURCE_DIR "/../shared/data");
    if (runs < 1) runs = 1;
    printf("Flood-It benchmark (%s; hard sets: --memory-limit %.0f MB, --time-limit %.0f s per board)\n", data_dir,
           base.memory_limit_mb, base.time_limit);
    printf("%-10s %-6s %6s %6s %7s %7s %9s %8s %12s %8s  %-8s %s\n", "set", "method", "boards", "proven", "sum",
           "target", "cpu s", "wall s", "nodes", "peak MB", "verdict", "target");
    int failures = 0;
    for (size_t k = 0; k < NROWS; k++) {
        const row *r = &rows[k];
        if (!selected(sets, r->name) || (quick && r->hard)) continue;
        gopt_flood_puzzle **b = NULL;
        int n = 0, first = r->first;
        if (first_cap > 0 && (first == 0 || first_cap < first)) first = first_cap;
        bool ok = strcmp(r->boards, "99problems") == 0 ? load_folder(r->boards, &b, &n) : load(r->boards, first, &b, &n);
        if (!ok) {
            printf("%-10s skipped: %s/%s is not readable\n", r->name, data_dir, r->boards);
            continue;
        }
        int *want = r->solutions ? lengths(r->solutions, n) : NULL;
        int reps = r->hard ? 1 : runs;
        double cpus[16], walls[16];
        result res;
        for (int t = 0; t < reps && t < 16; t++) {
            run_row(r, b, n, want, &base, &res);
            cpus[t] = res.cpu;
            walls[t] = res.wall;
        }
        qsort(cpus, (size_t)reps, sizeof *cpus, cmp_double);
        qsort(walls, (size_t)reps, sizeof *walls, cmp_double);
        double cpu = cpus[reps / 2], wall = walls[reps / 2];
        bool good;
        if (r->target_gap > 0) {
            double gap = (double)(res.sum - res.want) / (double)res.want;
            good = gap <= r->target_gap && cpu * 1000 / n <= r->target_seconds;
        } else {
            good = res.match && res.proven == res.boards && (r->target_seconds == 0 || cpu <= r->target_seconds);
            if (strcmp(r->name, "99problems") == 0) good = good && res.peak_mb <= 8192;
        }
        failures += !good;
        printf("%-10s %-6s %6d %6d %7ld %7ld %9.2f %8.2f %12lld %8.1f  %-8s %s", r->name, r->method, res.boards, res.proven,
               res.sum, res.want, cpu, wall, res.nodes, res.peak_mb, good ? "met" : "missed", r->target);
        if (r->target_gap > 0)
            printf(" (+%.2f %%, %.1f ms/board)", 100.0 * (double)(res.sum - res.want) / (double)res.want, cpu * 1000 / n);
        if (reps > 1) printf(" [median of %d]", reps);
        printf("\n");
        fflush(stdout);
        free(want);
        for (int i = 0; i < n; i++) gopt_flood_free(b[i]);
        free(b);
    }
    if (selected(sets, "colorfill")) failures += run_peers(&base, first_cap, quick);
    printf("process peak RSS %.0f MB\n", gopt_peak_rss_mb());
    return failures ? 1 : 0;
}
