/* The exact A* on several threads: a bucket (f, g) at a time, its nodes shared out between
 * the calling thread and helpers that sleep between buckets (astar.c has why the optimum
 * and the proof stay the one thread's). */
#include <pthread.h>
#include <stdlib.h>

#include "astar_internal.h"
#include "gameopt/alloc.h"

/* The threads sharing one search: the calling thread and threads - 1 helpers, which sleep
 * between buckets (OpenMP's runtime would spin for milliseconds after every bucket, which on
 * a shared machine costs more than the bucket). */
typedef struct crew {
    astar *s;
    worker *w;
    int threads;
    pthread_t *helpers;
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    uint64_t round;      /* one per bucket */
    int busy;            /* helpers still on this round */
    bool quit;
    const uint32_t *items; /* the bucket */
    int64_t count;
    int f, g;
    int64_t next;        /* the next item to take (atomic) */
} crew;

typedef struct helper_arg {
    crew *c;
    int index;
} helper_arg;

/* Takes items of the bucket, a few at a time, until none is left; the calling thread
 * (index 0) also polls the deadline and Ctrl-C, which are its solve's. */
static void crew_work(crew *c, int index) {
    astar *s = c->s;
    int64_t polls = 0;
    for (;;) {
        int64_t k = __atomic_fetch_add(&c->next, 4, __ATOMIC_RELAXED);
        if (k >= c->count) return;
        for (int64_t j = k; j < k + 4 && j < c->count; j++) {
            if (get_stopped(s)) return;
            if (index == 0 && (++polls & 255) == 0) {
                const char *why = astar_stop_reason(s->lim);
                if (why) {
                    set_stopped(s, why);
                    return;
                }
            }
            astar_expand_one(s, &c->w[index], c->items[j], c->f, c->g);
        }
    }
}

static void *crew_helper(void *arg) {
    helper_arg *h = arg;
    crew *c = h->c;
    uint64_t seen = 0;
    pthread_mutex_lock(&c->mu);
    for (;;) {
        while (c->round == seen && !c->quit) pthread_cond_wait(&c->go, &c->mu);
        if (c->quit) break;
        seen = c->round;
        pthread_mutex_unlock(&c->mu);
        crew_work(c, h->index);
        pthread_mutex_lock(&c->mu);
        if (--c->busy == 0) pthread_cond_signal(&c->done);
    }
    pthread_mutex_unlock(&c->mu);
    return NULL;
}

/* Expands a bucket on every thread; returns when all are done with it. */
static void crew_run(crew *c, const uint32_t *items, int64_t count, int f, int g) {
    pthread_mutex_lock(&c->mu);
    c->items = items;
    c->count = count;
    c->f = f;
    c->g = g;
    c->next = 0;
    c->busy = c->threads - 1;
    c->round++;
    pthread_cond_broadcast(&c->go);
    pthread_mutex_unlock(&c->mu);
    crew_work(c, 0);
    pthread_mutex_lock(&c->mu);
    while (c->busy > 0) pthread_cond_wait(&c->done, &c->mu);
    pthread_mutex_unlock(&c->mu);
}

/* Several threads: a bucket at a time, its nodes shared out (small buckets, where waking
 * the helpers costs more than it gains, on the calling thread alone). False when a helper
 * could not be started (the caller then searches on one thread). */
bool astar_search_threaded(astar *s, worker *w, int threads, int *LB) {
    crew c = {.s = s, .w = w, .threads = threads};
    pthread_mutex_init(&c.mu, NULL);
    pthread_cond_init(&c.go, NULL);
    pthread_cond_init(&c.done, NULL);
    c.helpers = gopt_malloc((size_t)threads * sizeof *c.helpers);
    helper_arg *args = gopt_malloc((size_t)threads * sizeof *args);
    int started = 0;
    for (int t = 1; t < threads; t++) {
        args[t] = (helper_arg){&c, t};
        if (pthread_create(&c.helpers[t], NULL, crew_helper, &args[t]) != 0) break;
        started++;
    }
    c.threads = started + 1;
    int f, gpop;
    flood_u32s bucket = {0};
    while (started > 0 && !get_stopped(s)) {
        if (!flood_open_pop_bucket(&s->open, &f, &gpop, &bucket)) {
            if (astar_raise_cut(s, LB)) continue;
            break;
        }
        if (f >= s->cut) {
            for (size_t k = 0; k < bucket.n; k++) flood_open_push(&s->open, f, gpop, bucket.v[k]);
            free(bucket.v);
            bucket = (flood_u32s){0};
            if (astar_raise_cut(s, LB)) continue;
            break;
        }
        *LB = f;
        const char *why = astar_stop_reason(s->lim);
        if (why) set_stopped(s, why);
        int64_t nodes = 0; /* the helpers wait between buckets: their counts hold still */
        for (int t = 0; t < threads; t++) nodes += w[t].expanded;
        flood_progress_bounds(*LB, s->UB, nodes);
        if (bucket.n >= 64) {
            crew_run(&c, bucket.v, (int64_t)bucket.n, f, gpop);
        } else {
            for (size_t k = 0; k < bucket.n && !get_stopped(s); k++) astar_expand_one(s, &w[0], bucket.v[k], f, gpop);
        }
        free(bucket.v);
        bucket = (flood_u32s){0};
    }
    pthread_mutex_lock(&c.mu);
    c.quit = true;
    pthread_cond_broadcast(&c.go);
    pthread_mutex_unlock(&c.mu);
    for (int t = 1; t <= started; t++) pthread_join(c.helpers[t], NULL);
    free(c.helpers);
    free(args);
    pthread_mutex_destroy(&c.mu);
    pthread_cond_destroy(&c.go);
    pthread_cond_destroy(&c.done);
    return started > 0;
}
