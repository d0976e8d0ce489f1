/* A progress bar on stderr: drawn only on a terminal (or when forced), at most ten times a
 * second, by whichever thread first notices the bar is due; the others never wait. */
#include "gameopt/progress.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gameopt/alloc.h"
#include "gameopt/timer.h"

struct gopt_progress {
    char label[64];
    int64_t total;
    double started;
    _Atomic int64_t done;
    _Atomic double next_draw;
    atomic_flag drawing;
};

gopt_progress *gopt_progress_start(const char *label, int64_t total, bool force) {
    if (!force && !isatty(STDERR_FILENO)) return NULL;
    gopt_progress *p = gopt_calloc(1, sizeof *p);
    snprintf(p->label, sizeof p->label, "%s", label);
    p->total = total > 0 ? total : 1;
    p->started = gopt_now();
    atomic_init(&p->done, 0);
    atomic_init(&p->next_draw, 0.0);
    atomic_flag_clear(&p->drawing);
    return p;
}

static void draw(gopt_progress *p, int64_t done, bool final) {
    double elapsed = gopt_now() - p->started;
    double fraction = (double)done / (double)p->total;
    if (fraction > 1) fraction = 1;
    char bar[31];
    int filled = (int)(fraction * 30);
    memset(bar, '#', (size_t)filled);
    memset(bar + filled, '.', (size_t)(30 - filled));
    bar[30] = 0;
    double eta = fraction > 0 ? elapsed / fraction - elapsed : 0;
    fprintf(stderr, "\r%s [%s] %5.1f%% %lld/%lld %.0fs", p->label, bar, 100 * fraction, (long long)done,
            (long long)p->total, final ? elapsed : eta);
    if (!final) fputs(" left ", stderr);
    else fputs(" total\n", stderr);
    fflush(stderr);
}

void gopt_progress_add(gopt_progress *p, int64_t done) {
    if (!p) return;
    int64_t now_done = atomic_fetch_add(&p->done, done) + done;
    double now = gopt_now();
    if (now < atomic_load(&p->next_draw)) return;
    if (atomic_flag_test_and_set(&p->drawing)) return;
    atomic_store(&p->next_draw, now + 0.1);
    draw(p, now_done, false);
    atomic_flag_clear(&p->drawing);
}

void gopt_progress_finish(gopt_progress *p) {
    if (!p) return;
    draw(p, atomic_load(&p->done), true);
    free(p);
}
