/* The table of client connections: what each is doing and since when, so that no client
 * can hold the server by holding connections, taking its time, or holding memory.
 *   - limits: at most max_connections open, max_per_ip of them from one address. A new
 *     connection over a limit is not refused and does not wait: the connection of that
 *     address (or of all) that has waited longest without a request in the workers gives
 *     way. Slow clients (slowloris, idle keep-alive) push out each other, never a client that
 *     sends its request at once;
 *   - deadlines: a request's headers (or the next request on a kept-alive connection) within
 *     client_timeout seconds, its body and the sending of its answer within 3 x that;
 *   - body memory: every request body reserves its size before a byte of it is read; when
 *     the budget is spent the oldest unfinished bodies give way, and a body that still does
 *     not fit is refused (the caller answers 503);
 *   - memory back: free memory goes back to the system (malloc_trim) when traffic calms.
 * A connection gives way by having its socket shut down: libmicrohttpd sees the end and closes
 * it, telling us first (serve_conns_close, under the same lock), so a socket number is never
 * shut down after it was reused. */
#include <arpa/inet.h>
#include <malloc.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "serve/serve.h"

struct serve_conn {
    serve_conn *prev, *next; /* the table's list: the oldest `since` first */
    int fd;
    unsigned char addr[16]; /* the peer's address (IPv4 in its first 4 bytes) */
    int family;
    serve_conn_phase phase;
    double since;    /* when the current phase began */
    size_t reserved; /* body bytes reserved */
    bool dropped;    /* shut down by us, waiting for libmicrohttpd to close it */
};

struct serve_conns {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    serve_conn *head, *tail;
    int live; /* open and not dropped */
    size_t reserved;
    int max_connections, max_per_ip;
    double timeout;
    size_t budget;
    serve_conns_counts counts;
    long activity; /* phase changes and closes, for the memory trim */
    pthread_t reaper;
    bool stopping;
};

static void unlink_conn(serve_conns *t, serve_conn *c) {
    if (c->prev) c->prev->next = c->next;
    else t->head = c->next;
    if (c->next) c->next->prev = c->prev;
    else t->tail = c->prev;
    c->prev = c->next = NULL;
}

static void append(serve_conns *t, serve_conn *c) {
    c->prev = t->tail;
    c->next = NULL;
    if (t->tail) t->tail->next = c;
    else t->head = c;
    t->tail = c;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Its socket shut down: libmicrohttpd closes it at its next look. Its body reservation is
 * given back now, as that memory goes within the same moment. */
static void drop(serve_conns *t, serve_conn *c) {
    shutdown(c->fd, SHUT_RDWR);
    c->dropped = true;
    t->live--;
    t->reserved -= c->reserved;
    c->reserved = 0;
}

static bool same_addr(const serve_conn *a, const serve_conn *b) {
    return a->family == b->family && memcmp(a->addr, b->addr, sizeof a->addr) == 0;
}

/* Drops the connection that has waited longest and is not in the workers (of the same
 * address as `like` when given; with a body reservation when `holding`), but never `self`. */
static bool give_way(serve_conns *t, const serve_conn *like, const serve_conn *self, bool holding) {
    for (serve_conn *c = t->head; c; c = c->next) {
        if (c == self || c->dropped || c->phase == SERVE_CONN_JOB) continue;
        if (like && !same_addr(c, like)) continue;
        if (holding && !c->reserved) continue;
        drop(t, c);
        t->counts.evicted++;
        return true;
    }
    return false;
}

static int count_addr(const serve_conns *t, const serve_conn *like) {
    int n = 0;
    for (const serve_conn *c = t->head; c; c = c->next) n += !c->dropped && same_addr(c, like);
    return n;
}

serve_conn *serve_conns_open(serve_conns *t, int fd, const struct sockaddr *peer) {
    serve_conn *c = gopt_calloc(1, sizeof *c);
    c->fd = fd;
    c->phase = SERVE_CONN_WAITING;
    if (peer && peer->sa_family == AF_INET) {
        memcpy(c->addr, &((const struct sockaddr_in *)peer)->sin_addr, 4);
        c->family = AF_INET;
    } else if (peer && peer->sa_family == AF_INET6) {
        memcpy(c->addr, &((const struct sockaddr_in6 *)peer)->sin6_addr, 16);
        c->family = AF_INET6;
    }
    pthread_mutex_lock(&t->lock);
    c->since = now();
    append(t, c);
    t->live++;
    t->counts.opened++;
    t->activity++;
    /* Over a limit: the longest waiting gives way; when none can (every other connection has
     * a request in the workers), this one is refused. Counting one address is a walk of the
     * table, done only when the table holds more than one address may. */
    bool over_all = t->live > t->max_connections;
    bool over_ip = !over_all && t->live > t->max_per_ip && count_addr(t, c) > t->max_per_ip;
    if ((over_all || over_ip) && !give_way(t, over_ip ? c : NULL, c, false)) {
        drop(t, c);
        t->counts.refused++;
    }
    pthread_mutex_unlock(&t->lock);
    return c;
}

void serve_conns_close(serve_conns *t, serve_conn *c) {
    if (!c) return;
    pthread_mutex_lock(&t->lock);
    unlink_conn(t, c);
    if (!c->dropped) t->live--;
    t->reserved -= c->reserved;
    t->activity++;
    pthread_mutex_unlock(&t->lock);
    free(c);
}

void serve_conns_phase(serve_conns *t, serve_conn *c, serve_conn_phase phase) {
    if (!c) return;
    pthread_mutex_lock(&t->lock);
    if (phase == SERVE_CONN_WAITING) { /* the request is over: its body memory is free */
        t->reserved -= c->reserved;
        c->reserved = 0;
    }
    c->phase = phase;
    c->since = now();
    unlink_conn(t, c);
    append(t, c);
    t->activity++;
    pthread_mutex_unlock(&t->lock);
}

bool serve_conns_reserve(serve_conns *t, serve_conn *c, size_t bytes) {
    if (!c) return true;
    pthread_mutex_lock(&t->lock);
    bool ok = !c->dropped && bytes <= t->budget;
    while (ok && t->reserved + bytes > t->budget)
        if (!give_way(t, NULL, c, true)) ok = false;
    if (ok) {
        c->reserved += bytes;
        t->reserved += bytes;
    } else {
        t->counts.bodies_refused++;
    }
    pthread_mutex_unlock(&t->lock);
    return ok;
}

void serve_conns_status(serve_conns *t, serve_conns_counts *out) {
    pthread_mutex_lock(&t->lock);
    *out = t->counts;
    out->open = t->live;
    out->body_bytes = t->reserved;
    pthread_mutex_unlock(&t->lock);
}

/* Every quarter second: connections past their phase's deadline are dropped; once traffic
 * calmed (nothing happened for a tick, or every 10 s of steady traffic), memory freed since
 * the last time goes back to the system. glibc keeps freed memory in its arenas (one per
 * thread that allocated), so after a burst of bodies and answers the process would stay
 * large. */
static void *reap(void *arg) {
    serve_conns *t = arg;
    long seen = 0, trimmed = 0;
    double last_trim = now();
    pthread_mutex_lock(&t->lock);
    while (!t->stopping) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 250 * 1000 * 1000;
        if (until.tv_nsec >= 1000000000) until.tv_sec++, until.tv_nsec -= 1000000000;
        pthread_cond_timedwait(&t->wake, &t->lock, &until);
        double at = now();
        for (serve_conn *c = t->head; c; c = c->next) {
            if (c->dropped || c->phase == SERVE_CONN_JOB) continue;
            double limit = c->phase == SERVE_CONN_WAITING ? t->timeout : 3 * t->timeout;
            if (t->timeout > 0 && at - c->since > limit) {
                drop(t, c);
                t->counts.timed_out++;
            }
        }
        bool calm = t->activity == seen, busy_long = at - last_trim >= 10;
        seen = t->activity;
        if (t->activity != trimmed && (calm || busy_long)) {
            trimmed = t->activity;
            pthread_mutex_unlock(&t->lock);
            malloc_trim(0);
            pthread_mutex_lock(&t->lock);
            last_trim = at;
            t->counts.trims++;
        }
    }
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

serve_conns *serve_conns_start(int max_connections, int max_per_ip, double client_timeout, size_t body_memory) {
    serve_conns *t = gopt_calloc(1, sizeof *t);
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->wake, NULL);
    t->max_connections = max_connections > 0 ? max_connections : 1;
    t->max_per_ip = max_per_ip > 0 ? max_per_ip : t->max_connections;
    t->timeout = client_timeout;
    t->budget = body_memory;
    pthread_create(&t->reaper, NULL, reap, t);
    return t;
}

void serve_conns_stop(serve_conns *t) {
    pthread_mutex_lock(&t->lock);
    t->stopping = true;
    pthread_cond_signal(&t->wake);
    pthread_mutex_unlock(&t->lock);
    pthread_join(t->reaper, NULL);
    for (serve_conn *c = t->head, *next; c; c = next) { /* none left once the daemon stopped */
        next = c->next;
        free(c);
    }
    pthread_mutex_destroy(&t->lock);
    pthread_cond_destroy(&t->wake);
    free(t);
}
