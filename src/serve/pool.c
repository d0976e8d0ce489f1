/* The workers: a bounded queue of requests and `threads` threads that answer them, one at
 * a time each, so at most threads + queue requests are held and the rest get 503 at once.
 * A watcher thread looks at the waiting and running requests every 20 ms:
 *   - a client that hung up gets its job's cancel token set: a waiting job is skipped, a
 *     running one stops at the game's next check;
 *   - a request past the server's time limit (plus 10 % and a second: the solver's own limit
 *     should have ended it) gets its cancel token set too;
 *   - a cancelled request's worker is sent a signal every 100 ms whose handler does nothing
 *     and is installed without SA_RESTART, so a blocking open() or read() (a FIFO, a pipe, a
 *     socket) returns EINTR instead of waiting for good;
 *   - a cancelled request whose worker still has not returned 2 s later is answered 503 by
 *     the watcher, and the worker is abandoned: a fresh thread takes its place, and the old one
 *     ends whenever its call returns (its answer is dropped). So nothing a request does can
 *     take a worker for ever: two, or twenty, stuck requests never stall other clients.
 * Jobs are shared by their worker and their answer (refs), and freed when both let go. */
#define _GNU_SOURCE /* POLLRDHUP */
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "serve/serve.h"

#define POOL_GRACE 2.0      /* seconds a cancelled request has to return before it is abandoned */
#define POOL_MAX_STUCK 64   /* abandoned workers replaced at most; beyond, the slot stays empty */

typedef struct worker worker;
typedef struct slot {
    worker *w;      /* the slot's thread, or NULL when it was abandoned and not replaced */
    serve_job *job; /* running, or NULL */
    double started;
    double cancelled_at; /* when its cancel was first seen (0: not yet) */
    double signalled_at;
    bool overtime;
} slot;

struct worker {
    pthread_t thread;
    serve_pool *pool;
    int slot;
    bool abandoned; /* its request was answered by the watcher; the thread ends when it returns */
};

struct serve_pool {
    pthread_mutex_t lock;
    pthread_cond_t ready; /* a job is waiting, or stopping */
    pthread_cond_t idle;  /* a running job ended */
    serve_job **ring;     /* the waiting jobs, oldest at head */
    int cap, head, count;
    slot *slots;
    int nthreads;
    double time_limit;
    pthread_t watcher;
    bool stopping, watcher_done;
    bool orphaned; /* stopped with abandoned threads running: the last of them frees the pool */
    int stuck;
    long served, cancelled, out_of_memory, overtime, abandoned;
};

static int interrupt_signal(void) { return SIGRTMIN + 3; }

static void on_interrupt(int sig) { (void)sig; }

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void serve_job_free(serve_job *job) {
    if (!job) return;
    free(job->game);
    free(job->verb);
    free(job->body);
    serve_progress_free(job->progress);
    serve_reply_free(&job->reply);
    free(job);
}

/* Called with the lock held: the job is freed when neither its worker nor its answer needs it. */
static void let_go(serve_job *job, int refs) {
    job->refs -= refs;
    if (job->refs <= 0) serve_job_free(job);
}

/* A request that runs out of memory on a worker comes back here (gopt_set_oom_handler) and is
 * answered 503 instead of ending the server; what it had allocated is lost. */
static _Thread_local jmp_buf *oom_exit;

static void leave_request(size_t size) {
    (void)size;
    longjmp(*oom_exit, 1);
}

static void answer(serve_pool *p, serve_job *job, serve_reply *out) {
    jmp_buf here;
    /* volatile: read after the longjmp */
    serve_reply *volatile reply = out;
    if (setjmp(here) == 0) {
        oom_exit = &here;
        gopt_oom_handler previous = gopt_set_oom_handler(leave_request);
        serve_api_call(job->api, job->game, job->verb, job->body, job->len, &job->cancel,
                       serve_progress_sink(job->progress), reply);
        gopt_set_oom_handler(previous);
    } else {
        gopt_set_oom_handler(NULL);
        gopt_ctx_enter(NULL); /* the solve context left was on the abandoned stack */
        serve_reply_free(reply);
        *reply = (serve_reply){0};
        serve_reply_error(reply, 503, 3, "the request ran out of memory on the server (try a smaller one)");
        pthread_mutex_lock(&p->lock);
        p->out_of_memory++;
        pthread_mutex_unlock(&p->lock);
    }
}

static void *work(void *arg);

static void free_pool(serve_pool *p) {
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->ready);
    pthread_cond_destroy(&p->idle);
    free(p->ring);
    free(p->slots);
    free(p);
}

/* Called with the lock held. */
static void start_worker(serve_pool *p, int i) {
    worker *w = gopt_calloc(1, sizeof *w);
    w->pool = p;
    w->slot = i;
    p->slots[i].w = w;
    if (pthread_create(&w->thread, NULL, work, w) != 0) {
        p->slots[i].w = NULL;
        free(w);
    }
}

static void *work(void *arg) {
    worker *w = arg;
    serve_pool *p = w->pool;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->count && !p->stopping) pthread_cond_wait(&p->ready, &p->lock);
        if (!p->count) break; /* stopping and nothing left */
        serve_job *job = p->ring[p->head];
        p->head = (p->head + 1) % p->cap;
        p->count--;
        slot *s = &p->slots[w->slot];
        *s = (slot){.w = w, .job = job, .started = now()};
        job->refs = 2;
        pthread_mutex_unlock(&p->lock);

        serve_reply reply = {0};
        if (atomic_load(&job->cancel)) serve_reply_error(&reply, 503, 3, "cancelled before it started");
        else answer(p, job, &reply);

        pthread_mutex_lock(&p->lock);
        if (w->abandoned) { /* the watcher answered it; a new thread has the slot */
            serve_reply_free(&reply);
            let_go(job, 1);
            p->stuck--;
            bool last = p->orphaned && p->stuck == 0;
            pthread_mutex_unlock(&p->lock);
            free(w);
            if (last) free_pool(p);
            return NULL;
        }
        s->job = NULL;
        p->served++;
        if (atomic_load(&job->cancel)) p->cancelled++;
        pthread_cond_broadcast(&p->idle);
        pthread_mutex_unlock(&p->lock);
        job->reply = reply;
        job->done(job);
        pthread_mutex_lock(&p->lock);
        let_go(job, 2);
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

/* Called with the lock held, which it leaves and takes again: answers the slot's request 503
 * and hands the slot to a fresh thread. */
static void abandon(serve_pool *p, int i) {
    slot *s = &p->slots[i];
    serve_job *job = s->job;
    worker *w = s->w;
    w->abandoned = true;
    pthread_detach(w->thread);
    bool overtime = s->overtime;
    *s = (slot){0};
    p->served++;
    p->abandoned++;
    if (atomic_load(&job->cancel) && !overtime) p->cancelled++;
    p->stuck++;
    if (!p->stopping && p->stuck <= POOL_MAX_STUCK) start_worker(p, i);
    pthread_cond_broadcast(&p->idle);
    pthread_mutex_unlock(&p->lock);
    if (overtime)
        serve_reply_error(&job->reply, 503, 3, "the request did not stop at the server's time limit; it was abandoned");
    else
        serve_reply_error(&job->reply, 503, 3, "the request did not stop when cancelled; it was abandoned");
    job->done(job);
    pthread_mutex_lock(&p->lock);
    let_go(job, 1);
}

/* Called with the lock held: when every slot lost its thread (more stuck requests than
 * POOL_MAX_STUCK), waiting requests would wait for ever; they are answered 503 instead. */
static void answer_orphans(serve_pool *p) {
    for (int i = 0; i < p->nthreads; i++)
        if (p->slots[i].w) return;
    while (p->count) {
        serve_job *job = p->ring[p->head];
        p->head = (p->head + 1) % p->cap;
        p->count--;
        pthread_mutex_unlock(&p->lock);
        serve_reply_error(&job->reply, 503, 3, "every worker of the server is stuck; restart it");
        job->done(job);
        serve_job_free(job);
        pthread_mutex_lock(&p->lock);
    }
}

static void *watch(void *arg) {
    serve_pool *p = arg;
    const struct timespec pause = {0, 20 * 1000 * 1000};
    pthread_mutex_lock(&p->lock);
    while (!p->watcher_done) {
        double at = now();
        for (int i = 0; i < p->count; i++) {
            serve_job *job = p->ring[(p->head + i) % p->cap];
            if (hung_up(job->fd)) atomic_store(&job->cancel, 1);
        }
        for (int i = 0; i < p->nthreads; i++) {
            slot *s = &p->slots[i];
            if (!s->job) continue;
            if (hung_up(s->job->fd)) atomic_store(&s->job->cancel, 1);
            if (p->time_limit > 0 && !s->overtime && at - s->started > p->time_limit * 1.1 + 1) {
                s->overtime = true;
                p->overtime++;
                atomic_store(&s->job->cancel, 1);
            }
            if (!atomic_load(&s->job->cancel)) continue;
            if (!s->cancelled_at) s->cancelled_at = at;
            if (at - s->cancelled_at > POOL_GRACE) {
                abandon(p, i);
            } else if (at - s->signalled_at >= 0.1) {
                s->signalled_at = at;
                pthread_kill(s->w->thread, interrupt_signal());
            }
        }
        answer_orphans(p);
        pthread_mutex_unlock(&p->lock);
        nanosleep(&pause, NULL);
        pthread_mutex_lock(&p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

serve_pool *serve_pool_start(int threads, int queue, double time_limit) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt; /* no SA_RESTART: a blocked call returns EINTR */
    sigemptyset(&sa.sa_mask);
    sigaction(interrupt_signal(), &sa, NULL);

    serve_pool *p = gopt_calloc(1, sizeof *p);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->ready, NULL);
    pthread_cond_init(&p->idle, NULL);
    p->cap = queue > 0 ? queue : 1;
    p->ring = gopt_calloc((size_t)p->cap, sizeof *p->ring);
    p->nthreads = threads > 0 ? threads : 1;
    p->slots = gopt_calloc((size_t)p->nthreads, sizeof *p->slots);
    p->time_limit = time_limit;
    pthread_mutex_lock(&p->lock);
    for (int i = 0; i < p->nthreads; i++) start_worker(p, i);
    pthread_create(&p->watcher, NULL, watch, p);
    pthread_mutex_unlock(&p->lock);
    return p;
}

bool serve_pool_push(serve_pool *p, serve_job *job) {
    pthread_mutex_lock(&p->lock);
    bool any = false;
    for (int i = 0; i < p->nthreads; i++) any |= p->slots[i].w != NULL;
    bool ok = !p->stopping && any && p->count < p->cap;
    if (ok) {
        p->ring[(p->head + p->count) % p->cap] = job;
        p->count++;
        pthread_cond_signal(&p->ready);
    }
    pthread_mutex_unlock(&p->lock);
    return ok;
}

/* Under the lock, a job in the queue or a slot is alive (the pool holds it). */
json_t *serve_pool_progress(serve_pool *p, const char *id) {
    json_t *j = NULL;
    pthread_mutex_lock(&p->lock);
    for (int i = 0; i < p->count && !j; i++)
        if (serve_progress_is(p->ring[(p->head + i) % p->cap]->progress, id))
            j = json_pack("{s:s, s:i}", "state", "waiting", "ahead", i);
    for (int i = 0; i < p->nthreads && !j; i++) {
        slot *s = &p->slots[i];
        if (s->job && serve_progress_is(s->job->progress, id)) j = serve_progress_json(s->job->progress, now() - s->started);
    }
    pthread_mutex_unlock(&p->lock);
    return j;
}

int serve_pool_busy(serve_pool *p) {
    pthread_mutex_lock(&p->lock);
    int n = p->count;
    for (int i = 0; i < p->nthreads; i++) n += p->slots[i].job != NULL;
    pthread_mutex_unlock(&p->lock);
    return n;
}

void serve_pool_status(serve_pool *p, serve_pool_counts *out) {
    pthread_mutex_lock(&p->lock);
    *out = (serve_pool_counts){.threads = p->nthreads, .waiting = p->count, .stuck = p->stuck,
                               .served = p->served, .cancelled = p->cancelled,
                               .out_of_memory = p->out_of_memory, .overtime = p->overtime,
                               .abandoned = p->abandoned};
    for (int i = 0; i < p->nthreads; i++) out->running += p->slots[i].job != NULL;
    pthread_mutex_unlock(&p->lock);
}

void serve_pool_stop(serve_pool *p) {
    pthread_mutex_lock(&p->lock);
    p->stopping = true;
    /* Waiting jobs are answered now; running ones are cancelled, and the watcher abandons
     * those that do not stop within the grace. */
    serve_job **waiting = gopt_calloc((size_t)p->count + 1, sizeof *waiting);
    int nwaiting = p->count;
    for (int i = 0; i < nwaiting; i++) waiting[i] = p->ring[(p->head + i) % p->cap];
    p->count = 0;
    for (int i = 0; i < p->nthreads; i++)
        if (p->slots[i].job) atomic_store(&p->slots[i].job->cancel, 1);
    pthread_cond_broadcast(&p->ready);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < nwaiting; i++) {
        serve_reply_error(&waiting[i]->reply, 503, 3, "the server is stopping");
        waiting[i]->done(waiting[i]);
        serve_job_free(waiting[i]);
    }
    free(waiting);

    pthread_mutex_lock(&p->lock);
    for (;;) {
        bool running = false;
        for (int i = 0; i < p->nthreads; i++) running |= p->slots[i].job != NULL;
        if (!running) break;
        pthread_cond_wait(&p->idle, &p->lock);
    }
    p->watcher_done = true;
    pthread_mutex_unlock(&p->lock);
    pthread_join(p->watcher, NULL);
    for (int i = 0; i < p->nthreads; i++)
        if (p->slots[i].w) {
            pthread_join(p->slots[i].w->thread, NULL);
            free(p->slots[i].w);
        }
    /* Abandoned threads still running use the pool when they return: the last one frees it
     * (or the process's exit ends them). */
    pthread_mutex_lock(&p->lock);
    bool stuck = p->stuck > 0;
    p->orphaned = stuck;
    pthread_mutex_unlock(&p->lock);
    if (!stuck) free_pool(p);
}
