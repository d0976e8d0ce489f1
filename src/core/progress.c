/* Progress reports (progress.h): counted from any thread, passed to the sink at most ten
 * times a second by whichever thread first notices a report is due; the others never wait. */
#include "gameopt/progress.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/timer.h"

struct gopt_progress {
    const gopt_progress_sink *sink;
    char label[64];
    int64_t total;
    _Atomic int64_t done;
    _Atomic double next_report;
    atomic_flag reporting;
    char status[160];
    atomic_flag status_lock;
};

static _Thread_local gopt_progress *current;

gopt_progress *gopt_progress_start(const gopt_progress_sink *sink, const char *label, int64_t total) {
    if (!sink || !sink->report) return NULL;
    gopt_progress *p = gopt_calloc(1, sizeof *p);
    p->sink = sink;
    snprintf(p->label, sizeof p->label, "%s", label);
    p->total = total > 0 ? total : 0;
    atomic_init(&p->done, 0);
    atomic_init(&p->next_report, 0.0);
    atomic_flag_clear(&p->reporting);
    atomic_flag_clear(&p->status_lock);
    return p;
}

static void report(gopt_progress *p, bool final) {
    char status[sizeof p->status];
    while (atomic_flag_test_and_set(&p->status_lock)) {
    }
    memcpy(status, p->status, sizeof status);
    atomic_flag_clear(&p->status_lock);
    p->sink->report(p->sink->ctx, p->label, atomic_load(&p->done), p->total, status, final);
}

static void maybe_report(gopt_progress *p) {
    double now = gopt_now();
    if (now < atomic_load(&p->next_report)) return;
    if (atomic_flag_test_and_set(&p->reporting)) return;
    atomic_store(&p->next_report, now + 0.1);
    report(p, false);
    atomic_flag_clear(&p->reporting);
}

void gopt_progress_add(gopt_progress *p, int64_t done) {
    if (!p) return;
    atomic_fetch_add(&p->done, done);
    maybe_report(p);
}

void gopt_progress_status(gopt_progress *p, const char *fmt, ...) {
    if (!p) return;
    char line[sizeof p->status];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    while (atomic_flag_test_and_set(&p->status_lock)) {
    }
    memcpy(p->status, line, sizeof line);
    atomic_flag_clear(&p->status_lock);
    maybe_report(p);
}

void gopt_progress_finish(gopt_progress *p) {
    if (!p) return;
    p->status[0] = 0;
    report(p, true);
    free(p);
}

gopt_progress *gopt_progress_current(void) { return current; }

gopt_progress *gopt_progress_enter(gopt_progress *p) {
    gopt_progress *previous = current;
    current = p;
    return previous;
}
