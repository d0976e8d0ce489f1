/* Whole-process cost of a one-puzzle call (issue 18): CPU (user + system) and peak resident
 * memory of `gameopt` as the kernel accounts them for the finished child, median of RUNS
 * runs after one warm-up, for --version, one small puzzle of each family, and the same with
 * a picture (--output x.svg). Start-up dominates these numbers: see docs/methods.md
 * ("Start-up") for what each library costs and the targets. Set GAMEOPT to time another
 * binary (an installed one, say). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define RUNS 20
#define MAX_ARGS 16

typedef struct bench_case {
    const char *name;
    double target_ms; /* the CPU target, 0 if none */
    const char *args[MAX_ARGS];
} bench_case;

static char tmpdir[] = "/tmp/gameopt-bench-startup-XXXXXX";
static char flood14[128], svg[128];

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Runs the binary once with stdout into `out` (NULL: /dev/null); returns its rusage. */
static int run(const char *bin, const char *const *args, const char *out, struct rusage *ru) {
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        int fd = open(out ? out : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int null = open("/dev/null", O_WRONLY);
        if (fd < 0 || null < 0 || chdir(GOPT_SOURCE_DIR) != 0) _exit(127);
        dup2(fd, 1);
        dup2(null, 2);
        const char *argv[MAX_ARGS + 2] = {bin};
        for (int k = 0; k < MAX_ARGS && args[k]; k++) argv[k + 1] = args[k];
        execv(bin, (char *const *)argv);
        _exit(127);
    }
    int status = 0;
    if (wait4(pid, &status, 0, ru) != pid) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void row(const char *bin, const bench_case *c) {
    double cpu[RUNS], rss[RUNS];
    struct rusage ru;
    int code = run(bin, c->args, NULL, &ru); /* warm-up: page cache, dynamic loader caches */
    for (int i = 0; i < RUNS; i++) {
        int rc = run(bin, c->args, NULL, &ru);
        if (rc != code) code = -1;
        cpu[i] = 1e3 * ((double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec) +
                 1e-3 * ((double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_usec);
        rss[i] = (double)ru.ru_maxrss / 1024.0;
    }
    qsort(cpu, RUNS, sizeof *cpu, compare);
    qsort(rss, RUNS, sizeof *rss, compare);
    char target[32] = "";
    if (c->target_ms > 0) snprintf(target, sizeof target, "%.1f", c->target_ms);
    printf("| %-30s | %7.2f | %5.2f-%-6.2f | %6s | %7.1f | %4d |\n", c->name, (cpu[RUNS / 2 - 1] + cpu[RUNS / 2]) / 2,
           cpu[0], cpu[RUNS - 1], target, (rss[RUNS / 2 - 1] + rss[RUNS / 2]) / 2, code);
}

int main(void) {
    const char *bin = getenv("GAMEOPT") ? getenv("GAMEOPT") : GOPT_GAMEOPT_BINARY;
    if (!mkdtemp(tmpdir)) return perror("mkdtemp"), 1;
    snprintf(flood14, sizeof flood14, "%s/flood-14x14.txt", tmpdir);
    snprintf(svg, sizeof svg, "%s/x.svg", tmpdir);
    struct rusage ru;
    /* A 14x14 Flood-It board in 6 colours; the generator is seeded, so it is the same board
     * every time. */
    const char *gen[] = {"flood", "generate", "--size", "14x14", "--seed", "1", NULL};
    if (run(bin, gen, flood14, &ru) != 0) return fprintf(stderr, "%s: cannot generate the flood board\n", bin), 1;

    const bench_case cases[] = {
        {"--version", 1.5, {"--version"}},
        {"flow 5x5", 2.5, {"flow", "solve", "data/flow/seed_5x5.txt"}},
        {"country 10x10", 2.5, {"country", "solve", "data/country/seed-10x10.txt"}},
        {"flood 14x14", 2.5, {"flood", "solve", flood14}},
        {"tokens Montreal", 2.5, {"tokens", "upgrade", "--from", "1867:L12", "--tokens", "0:LPS,1:QLS", "--to", "1867:X2"}},
        {"taxis one game", 0, {"taxis", "play", "--heuristic", "pp", "--seed", "7"}},
        {"flow 5x5 --output x.svg", 0, {"flow", "solve", "--output", svg, "data/flow/seed_5x5.txt"}},
        {"country 10x10 --output x.svg", 0, {"country", "solve", "--output", svg, "data/country/seed-10x10.txt"}},
        {"flood 14x14 --output x.svg", 0, {"flood", "solve", "--output", svg, flood14}},
        {"tokens Montreal --output x.svg", 0,
         {"tokens", "upgrade", "--from", "1867:L12", "--tokens", "0:LPS,1:QLS", "--to", "1867:X2", "--output", svg}},
        {"taxis one game --output x.svg", 0, {"taxis", "play", "--heuristic", "pp", "--seed", "7", "--output", svg}},
        {"country 10x10 --method mip", 0, {"country", "solve", "--method", "mip", "data/country/seed-10x10.txt"}},
    };
    printf("%s: whole process, median of %d runs (min-max), CPU = user + system\n\n", bin, RUNS);
    printf("| %-30s | %7s | %12s | %6s | %7s | %4s |\n", "call", "CPU ms", "min-max", "target", "RSS MB", "exit");
    printf("|%s|%s|%s|%s|%s|%s|\n", "--------------------------------", "---------", "--------------", "--------",
           "---------", "------");
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) row(bin, &cases[k]);
    unlink(flood14);
    unlink(svg);
    rmdir(tmpdir);
    return 0;
}
