/* Clocks, peak memory and named work counters. */
#include "gameopt/timer.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "gameopt/counters.h"
#include "gameopt/require.h"

double gopt_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double gopt_thread_cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static _Thread_local double child_cpu; /* this thread's children's CPU seconds, so far */

void gopt_thread_child_cpu_add(double seconds) { child_cpu += seconds; }

/* The thread's own CPU time plus its children's. */
static double work_cpu_seconds(void) { return gopt_thread_cpu_seconds() + child_cpu; }

static double process_cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9 + child_cpu;
}

gopt_stopwatch gopt_stopwatch_start(void) { return (gopt_stopwatch){gopt_now(), work_cpu_seconds(), false}; }

gopt_stopwatch gopt_stopwatch_start_process(void) {
    return (gopt_stopwatch){gopt_now(), process_cpu_seconds(), true};
}

double gopt_stopwatch_read(const gopt_stopwatch *w, double *cpu_seconds) {
    if (cpu_seconds) *cpu_seconds = (w->process ? process_cpu_seconds() : work_cpu_seconds()) - w->cpu;
    return gopt_now() - w->wall;
}

double gopt_peak_rss_mb(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_maxrss / 1024.0; /* Linux reports kilobytes */
}

double gopt_rss_mb(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return 0;
    long pages_total = 0, pages_resident = 0;
    int n = fscanf(f, "%ld %ld", &pages_total, &pages_resident);
    fclose(f);
    return n == 2 ? (double)pages_resident * (double)sysconf(_SC_PAGESIZE) / 1048576.0 : 0;
}

#define GOPT_COUNTER_NAME(name, meaning) name,
static const char *const counter_names[] = {GOPT_COUNTER_NAMES(GOPT_COUNTER_NAME) NULL};

bool gopt_counter_known(const char *name) {
    for (int i = 0; counter_names[i]; i++)
        if (strcmp(counter_names[i], name) == 0) return true;
    return false;
}

static int slot(gopt_counters *c, const char *name) {
    for (int i = 0; i < c->n; i++)
        if (c->name[i] == name || strcmp(c->name[i], name) == 0) return i;
    GOPT_REQUIRE(gopt_counter_known(name), "counter '%s' is not listed in include/gameopt/counters.h", name);
    GOPT_REQUIRE(c->n < GOPT_MAX_COUNTERS, "more than %d counters", GOPT_MAX_COUNTERS);
    c->name[c->n] = name;
    c->value[c->n] = 0;
    return c->n++;
}

void gopt_counter_add(gopt_counters *c, const char *name, int64_t delta) { c->value[slot(c, name)] += delta; }
void gopt_counter_set(gopt_counters *c, const char *name, int64_t value) { c->value[slot(c, name)] = value; }

int64_t gopt_counter_get(const gopt_counters *c, const char *name) {
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->name[i], name) == 0) return c->value[i];
    return 0;
}

void gopt_counters_merge(gopt_counters *dst, const gopt_counters *src) {
    for (int i = 0; i < src->n; i++) gopt_counter_add(dst, src->name[i], src->value[i]);
}

json_t *gopt_counters_json(const gopt_counters *c) {
    json_t *o = json_object();
    for (int i = 0; i < c->n; i++) json_object_set_new(o, c->name[i], json_integer(c->value[i]));
    return o;
}

void gopt_counters_print(FILE *out, const gopt_counters *c) {
    for (int i = 0; i < c->n; i++) fprintf(out, "%s%s %lld", i ? ", " : "", c->name[i], (long long)c->value[i]);
}
