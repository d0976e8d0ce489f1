/* Memory accounts for the process and for each solve (see budget.h for how they relate). */
#include "gameopt/budget.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "gameopt/alloc.h"

struct gopt_budget {
    size_t limit; /* bytes; 0: none */
    _Atomic size_t used;
    _Atomic size_t peak;
};

static size_t process_limit; /* bytes; 0: none */
static _Atomic size_t process_used, process_peak;

static size_t bytes_of_mb(double mb) { return mb > 0 ? (size_t)(mb * 1048576.0) : 0; }

void gopt_budget_set_process(double mb) { process_limit = bytes_of_mb(mb); }
double gopt_budget_process_mb(void) { return (double)process_limit / 1048576.0; }
size_t gopt_budget_process_used(void) { return atomic_load(&process_used); }

gopt_budget *gopt_budget_new(double mb) {
    gopt_budget *b = gopt_calloc(1, sizeof *b);
    b->limit = bytes_of_mb(mb);
    atomic_init(&b->used, 0);
    atomic_init(&b->peak, 0);
    return b;
}

void gopt_budget_free(gopt_budget *b) {
    if (!b) return;
    atomic_fetch_sub(&process_used, atomic_load(&b->used));
    free(b);
}

static void raise_peak(_Atomic size_t *peak, size_t now) {
    size_t seen = atomic_load(peak);
    while (now > seen && !atomic_compare_exchange_weak(peak, &seen, now)) {}
}

/* Adds bytes to a counter unless that passes limit (0: none); false, unchanged, if it would. */
static bool take(_Atomic size_t *used, _Atomic size_t *peak, size_t limit, size_t bytes) {
    size_t seen = atomic_load(used);
    for (;;) {
        if (bytes > SIZE_MAX - seen || (limit && seen + bytes > limit)) return false;
        if (atomic_compare_exchange_weak(used, &seen, seen + bytes)) break;
    }
    raise_peak(peak, seen + bytes);
    return true;
}

static gopt_budget *account_of(gopt_budget *b) {
    if (b) return b;
    gopt_solve_ctx *c = gopt_ctx_current();
    return c ? c->budget : NULL;
}

bool gopt_budget_charge(gopt_budget *b, size_t bytes) {
    b = account_of(b);
    if (b && !take(&b->used, &b->peak, b->limit, bytes)) {
        gopt_stop_note(GOPT_STOP_MEMORY);
        return false;
    }
    if (!take(&process_used, &process_peak, process_limit, bytes)) {
        if (b) atomic_fetch_sub(&b->used, bytes);
        gopt_stop_note(GOPT_STOP_MEMORY);
        return false;
    }
    return true;
}

void gopt_budget_release(gopt_budget *b, size_t bytes) {
    b = account_of(b);
    if (b) atomic_fetch_sub(&b->used, bytes);
    atomic_fetch_sub(&process_used, bytes);
}

size_t gopt_budget_used(const gopt_budget *b) { return b ? atomic_load(&((gopt_budget *)b)->used) : 0; }
size_t gopt_budget_peak(const gopt_budget *b) { return b ? atomic_load(&((gopt_budget *)b)->peak) : 0; }

size_t gopt_budget_available(void) {
    size_t left = SIZE_MAX;
    gopt_budget *b = account_of(NULL);
    if (b && b->limit) {
        size_t used = atomic_load(&b->used);
        left = used < b->limit ? b->limit - used : 0;
    }
    if (process_limit) {
        size_t used = atomic_load(&process_used);
        size_t p = used < process_limit ? process_limit - used : 0;
        if (p < left) left = p;
    }
    return left;
}

double gopt_budget_share_mb(int threads) {
    double p = gopt_budget_process_mb();
    return p > 0 ? p / (threads > 1 ? threads : 1) : 0;
}
