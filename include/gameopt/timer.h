/* Time, memory and work counters. Every method counts its work (nodes, conflicts, cuts,
 * rounds) into a gopt_counters, which --stats, --json and the benchmarks print. */
#ifndef GAMEOPT_TIMER_H
#define GAMEOPT_TIMER_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Seconds on a monotonic clock (only differences mean anything). */
double gopt_now(void);
/* CPU seconds used by the calling thread. */
double gopt_thread_cpu_seconds(void);
/* Adds CPU seconds that a child process spent working for the calling thread (CBC runs in
 * one, src/engines/cbc_child.c): stopwatches started on this thread count them, so a MIP
 * method's cpu_seconds holds CBC's work and not only the parent's waiting. */
void gopt_thread_child_cpu_add(double seconds);
/* Wall and thread-CPU time of one piece of work. Results report both: "seconds" is wall time
 * (what a caller waits), "cpu_seconds" the CPU time of the thread that did the work plus that of
 * the child processes it waited for (CBC's), which still means something when the machine is
 * shared or loaded. */
typedef struct gopt_stopwatch {
    double wall, cpu;
    bool process; /* counts every thread of the process */
} gopt_stopwatch;
gopt_stopwatch gopt_stopwatch_start(void);
/* A stopwatch whose CPU is the whole process's (every thread, and children waited for): for
 * a solve spread over threads of its own, when nothing else runs in the process. */
gopt_stopwatch gopt_stopwatch_start_process(void);
/* Wall seconds since the start; the calling thread's (and its children's) CPU seconds since then in *cpu_seconds
 * (may be NULL). Read it on the thread that started it. */
double gopt_stopwatch_read(const gopt_stopwatch *w, double *cpu_seconds);
/* Peak resident memory of the process so far, in MB. */
double gopt_peak_rss_mb(void);
/* Resident memory of the process now, in MB (0 when unknown). Unlike the peak it falls when
 * memory is returned, so one finished puzzle's model does not count against the next. */
double gopt_rss_mb(void);

#define GOPT_MAX_COUNTERS 16

/* Named counters, in the order they were first added. Names must be string literals (the
 * pointer is kept). Adding past GOPT_MAX_COUNTERS names is a programming error. */
typedef struct gopt_counters {
    int n;
    const char *name[GOPT_MAX_COUNTERS];
    int64_t value[GOPT_MAX_COUNTERS];
} gopt_counters;

void gopt_counter_add(gopt_counters *c, const char *name, int64_t delta);
void gopt_counter_set(gopt_counters *c, const char *name, int64_t value);
int64_t gopt_counter_get(const gopt_counters *c, const char *name);
void gopt_counters_merge(gopt_counters *dst, const gopt_counters *src);
/* {"nodes":n,...} */
json_t *gopt_counters_json(const gopt_counters *c);
/* "nodes 123, conflicts 45" */
void gopt_counters_print(FILE *out, const gopt_counters *c);

#endif
