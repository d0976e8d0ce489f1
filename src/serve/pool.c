/* The workers: a bounded queue of requests and `threads` threads that answer them, one at
 * a time each, so at most threads + queue requests are held and the rest get 503 at once.
 * A watcher thread looks at the sockets of waiting and running requests every few
 * milliseconds; when a client hung up, its job's cancel flag is set: a waiting job is then
 * skipped, and a running one stops at the game's next check (the seam for the per-solve
 * cancel token of the reliability work). */
#define _GNU_SOURCE /* POLLRDHUP */
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "serve/api_internal.h"

struct serve_pool {
    pthread_mutex_t lock;
    pthread_cond_t ready;
    serve_job **ring; /* the waiting jobs, oldest at head */
    int cap, head, count;
    serve_job **running; /* one slot per worker */
    int nthreads;
    pthread_t *threads;
    pthread_t watcher;
    bool stopping;
    long served, cancelled, out_of_memory; /* answered so far; of those, hung up; ran out of memory */
};

/* A request that runs out of memory on a worker comes back here (gopt_set_oom_handler) and is
 * answered 503 instead of ending the server; what it had allocated is lost. */
static _Thread_local jmp_buf *oom_exit;

static void leave_request(size_t size) {
    (void)size;
    longjmp(*oom_exit, 1);
}

static void answer(serve_pool *p, serve_job *job) {
    jmp_buf here;
    if (setjmp(here) == 0) {
        oom_exit = &here;
        gopt_oom_handler previous = gopt_set_oom_handler(leave_request);
        serve_api_call(job->api, job->game, job->verb, job->body, job->len, &job->cancel, &job->reply);
        gopt_set_oom_handler(previous);
    } else {
        gopt_set_oom_handler(NULL);
        gopt_ctx_enter(NULL); /* the solve context left was on the abandoned stack */
        serve_reply_free(&job->reply);
        job->reply = (serve_reply){0};
        serve_reply_error(&job->reply, 503, 3, "the request ran out of memory on the server (try a smaller one)");
        pthread_mutex_lock(&p->lock);
        p->out_of_memory++;
        pthread_mutex_unlock(&p->lock);
    }
}

static void finish(serve_job *job) {
    if (job->done) job->done(job);
}

static void *worker(void *arg) {
    serve_pool *p = arg;
    pthread_mutex_lock(&p->lock);
    int slot = -1;
    for (int i = 0; i < p->nthreads && slot < 0; i++)
        if (pthread_equal(p->threads[i], pthread_self())) slot = i;
    for (;;) {
        while (!p->count && !p->stopping) pthread_cond_wait(&p->ready, &p->lock);
        if (!p->count) break; /* stopping and nothing left */
        serve_job *job = p->ring[p->head];
        p->head = (p->head + 1) % p->cap;
        p->count--;
        if (slot >= 0) p->running[slot] = job;
        pthread_mutex_unlock(&p->lock);
        if (atomic_load(&job->cancel)) serve_reply_error(&job->reply, 503, 3, "cancelled before it started");
        else answer(p, job);
        pthread_mutex_lock(&p->lock);
        if (slot >= 0) p->running[slot] = NULL;
        p->served++;
        if (atomic_load(&job->cancel)) p->cancelled++;
        pthread_mutex_unlock(&p->lock);
        finish(job);
        pthread_mutex_lock(&p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* True when the peer closed its end (a request already read, so any hang-up is final). */
static bool hung_up(int fd) {
    if (fd < 0) return false;
    struct pollfd pfd = {.fd = fd, .events = POLLRDHUP};
    return poll(&pfd, 1, 0) > 0 && (pfd.revents & (POLLRDHUP | POLLHUP | POLLERR));
}

static void *watch(void *arg) {
    serve_pool *p = arg;
    const struct timespec pause = {0, 20 * 1000 * 1000};
    pthread_mutex_lock(&p->lock);
    while (!p->stopping) {
        for (int i = 0; i < p->count; i++) {
            serve_job *job = p->ring[(p->head + i) % p->cap];
            if (hung_up(job->fd)) atomic_store(&job->cancel, 1);
        }
        for (int i = 0; i < p->nthreads; i++)
            if (p->running[i] && hung_up(p->running[i]->fd)) atomic_store(&p->running[i]->cancel, 1);
        pthread_mutex_unlock(&p->lock);
        nanosleep(&pause, NULL);
        pthread_mutex_lock(&p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

serve_pool *serve_pool_start(int threads, int queue) {
    serve_pool *p = gopt_calloc(1, sizeof *p);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->ready, NULL);
    p->cap = queue > 0 ? queue : 1;
    p->ring = gopt_calloc((size_t)p->cap, sizeof *p->ring);
    p->nthreads = threads > 0 ? threads : 1;
    p->running = gopt_calloc((size_t)p->nthreads, sizeof *p->running);
    p->threads = gopt_calloc((size_t)p->nthreads, sizeof *p->threads);
    pthread_mutex_lock(&p->lock); /* workers find their slot once every thread id is stored */
    for (int i = 0; i < p->nthreads; i++) pthread_create(&p->threads[i], NULL, worker, p);
    pthread_create(&p->watcher, NULL, watch, p);
    pthread_mutex_unlock(&p->lock);
    return p;
}

bool serve_pool_push(serve_pool *p, serve_job *job) {
    pthread_mutex_lock(&p->lock);
    bool ok = !p->stopping && p->count < p->cap;
    if (ok) {
        p->ring[(p->head + p->count) % p->cap] = job;
        p->count++;
        pthread_cond_signal(&p->ready);
    }
    pthread_mutex_unlock(&p->lock);
    return ok;
}

int serve_pool_busy(serve_pool *p) {
    pthread_mutex_lock(&p->lock);
    int n = p->count;
    for (int i = 0; i < p->nthreads; i++) n += p->running[i] != NULL;
    pthread_mutex_unlock(&p->lock);
    return n;
}

void serve_pool_status(serve_pool *p, serve_pool_counts *out) {
    pthread_mutex_lock(&p->lock);
    *out = (serve_pool_counts){.threads = p->nthreads, .waiting = p->count, .served = p->served,
                               .cancelled = p->cancelled, .out_of_memory = p->out_of_memory};
    for (int i = 0; i < p->nthreads; i++) out->running += p->running[i] != NULL;
    pthread_mutex_unlock(&p->lock);
}

void serve_pool_stop(serve_pool *p) {
    pthread_mutex_lock(&p->lock);
    p->stopping = true;
    /* Waiting jobs are answered now; running ones are asked to stop. */
    serve_job **waiting = gopt_calloc((size_t)p->count + 1, sizeof *waiting);
    int nwaiting = p->count;
    for (int i = 0; i < nwaiting; i++) waiting[i] = p->ring[(p->head + i) % p->cap];
    p->count = 0;
    for (int i = 0; i < p->nthreads; i++)
        if (p->running[i]) atomic_store(&p->running[i]->cancel, 1);
    pthread_cond_broadcast(&p->ready);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < nwaiting; i++) {
        serve_reply_error(&waiting[i]->reply, 503, 3, "the server is stopping");
        finish(waiting[i]);
    }
    free(waiting);
    for (int i = 0; i < p->nthreads; i++) pthread_join(p->threads[i], NULL);
    pthread_join(p->watcher, NULL);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->ready);
    free(p->ring);
    free(p->running);
    free(p->threads);
    free(p);
}
