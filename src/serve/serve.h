/* `gameopt serve`: a local web page and a JSON API over the same game tables the command
 * line uses (design §2). Four parts, one concern each:
 *   api.c     the request handler: body -> the JSON entry point (gameopt/api.h) -> reply
 *   pool.c    the bounded queue and the worker threads that run the handler, and the
 *             watcher that cancels the work of clients that went away
 *   www.c     the page's files (data/www), read into memory once at start
 *   server.c  HTTP over libmicrohttpd: routing, limits, suspend/resume, clean stop
 *   progress.c what a running request has proven so far (GET /api/progress/ID)
 * No request names a file: the page is served from memory, inputs travel in the body, and
 * every answer, text and picture comes back from the call in memory. */
#ifndef GAMEOPT_SERVE_H
#define GAMEOPT_SERVE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

#include "gameopt/gameopt.h"

typedef struct serve_config {
    const char *bind;       /* address to listen on (default 127.0.0.1) */
    int port;               /* 0: an ephemeral port */
    int threads;            /* workers solving at once */
    int queue;              /* requests waiting beyond the workers before 503 */
    double time_limit;      /* seconds per request (0: none) */
    double memory_limit_mb; /* per request (0: none) */
    size_t max_body;        /* bytes */
    int max_connections;    /* open at once, in all (conns.c) */
    int max_per_ip;         /* open at once from one address */
    double client_timeout;  /* seconds for a request's headers; 3x for its body and answer */
    size_t body_memory;     /* bytes of request bodies held at once */
    bool quiet;             /* no access log on stderr */
    const char *port_file;  /* write the bound port here once listening (tests), or NULL */
} serve_config;

/* What the handler answers. */
typedef struct serve_reply {
    int http;         /* HTTP status */
    int exit_code;    /* the command line's exit code for the same request (X-Gameopt-Exit) */
    const char *type; /* content type (a literal) */
    char *body;       /* malloc'ed */
    size_t len;
} serve_reply;

/* The API offers every game of the registry (gopt_games) with its declared verbs. */
typedef struct serve_api {
    const serve_config *config;
} serve_api;

/* ---- api.c ---- */
/* GET /api/games: the families, their verbs, formats, methods and options (from the option
 * tables: types, defaults, ranges, choices). */
void serve_api_games(const serve_api *api, serve_reply *r);
/* POST /api/<game>/<verb> with a JSON body: one call of the JSON entry point, bounded by
 * the server's limits. `cancel` (may be NULL) becomes non-zero when the client went away:
 * the call stops at its next check. `progress` (may be NULL) is told what the work proves as
 * it runs. */
void serve_api_call(const serve_api *api, const char *game, const char *verb, const char *body, size_t len,
                    const atomic_int *cancel, const gopt_progress_sink *progress, serve_reply *r);
/* An error reply {"error": "gameopt: MESSAGE", "exit": CODE}. */
void serve_reply_error(serve_reply *r, int http, int exit_code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void serve_reply_json(serve_reply *r, int http, int exit_code, json_t *value); /* steals value */
void serve_reply_free(serve_reply *r);
/* The HTTP status for a command-line exit code (the mapping docs/serve.md documents). */
int serve_http_status(int exit_code);

/* ---- www.c ---- */
typedef struct serve_file {
    char *path; /* URL path, e.g. "/app.js" */
    const char *type;
    char *data;
    size_t len;
} serve_file;

typedef struct serve_www {
    serve_file *files;
    size_t n;
    char dir[1024];
    /* index.html split where its stylesheet link was, so the page can carry style.css inline
     * (one request less before the first paint); NULL when the page has no such link */
    char *head, *tail;
    const serve_file *css;
} serve_www;

/* Reads every file of data/www into memory. False with a message when the folder is missing. */
bool serve_www_load(serve_www *w, gopt_error *err);
/* The file for a URL path ("/" is index.html), or NULL. */
const serve_file *serve_www_find(const serve_www *w, const char *url);
/* index.html with style.css inline in a <style nonce="NONCE"> (caller frees), or NULL when the
 * page links no style.css. */
char *serve_www_page(const serve_www *w, const char *nonce, size_t *len);
void serve_www_free(serve_www *w);

/* ---- progress.c ---- */
/* A request's progress, named by its client (header X-Gameopt-Progress: ID) and asked for
 * with GET /api/progress/ID while the request waits or runs. */
#define SERVE_PROGRESS_ID_MIN 16 /* a random word: others cannot guess it */
#define SERVE_PROGRESS_ID_MAX 64
typedef struct serve_progress serve_progress;
/* 16-64 letters, digits, '-' or '_'. */
bool serve_progress_id_ok(const char *id);
serve_progress *serve_progress_new(const char *id); /* NULL when the id is not ok */
void serve_progress_free(serve_progress *p);
bool serve_progress_is(const serve_progress *p, const char *id);
/* Where the request's solve reports (gopt_api_env.progress); NULL for NULL. */
const gopt_progress_sink *serve_progress_sink(serve_progress *p);
/* {"state": "running", "seconds", "label", "done", "total", "status", "reports"}. */
json_t *serve_progress_json(serve_progress *p, double seconds);

/* ---- pool.c ---- */
/* One request for the workers. The pool owns it from serve_pool_push on and frees it (its
 * game, verb, body and any reply left) once it is answered and its worker let go of it. */
typedef struct serve_job serve_job;
struct serve_job {
    const serve_api *api;
    char *game, *verb;
    char *body;
    size_t len;
    int fd;            /* the client's socket, watched for a hang-up; -1: not watched */
    atomic_int cancel; /* set when the client hung up, the request ran over its time, or the server stops */
    serve_reply reply; /* the answer, when done() is called; done() may move it out */
    /* Called once, with reply set: on the worker, or on the watcher when the worker did not
     * stop in time (it is then abandoned and replaced). The job must not be used after. */
    void (*done)(serve_job *job);
    void *ctx;
    int refs; /* the pool's: the worker and the answer, each while it needs the job */
    serve_progress *progress; /* the client's name for it and what it reported; NULL: none (freed with the job) */
};

typedef struct serve_pool serve_pool;
/* `time_limit` (seconds, 0: none) bounds every request: past it (plus 10 % and a second) its
 * cancel token is set; a request that then does not stop within 2 s is answered 503 and its
 * worker abandoned to a fresh thread (so a worker blocked in a read or an open never stalls
 * the server). The same holds after a hang-up or at the stop. */
serve_pool *serve_pool_start(int threads, int queue, double time_limit);
/* Queues the job; false when the queue is full (the caller answers 503 and frees the job). */
bool serve_pool_push(serve_pool *p, serve_job *job);
void serve_job_free(serve_job *job);
/* Answers every queued job 503 (shutting down), cancels running ones and waits for them (at
 * most the 2 s above), joins the threads. */
void serve_pool_stop(serve_pool *p);
/* GET /api/progress/ID: {"state": "waiting", "ahead": N} or the running job's progress
 * (serve_progress_json); NULL when no job waiting or running has that id. */
json_t *serve_pool_progress(serve_pool *p, const char *id);
/* Requests waiting and running (for the access log and tests). */
int serve_pool_busy(serve_pool *p);
/* GET /api/status: the workers, requests running and waiting, and counts since the start:
 * answered, cancelled (of those), out of memory, over their time, abandoned (a worker that
 * did not stop), and abandoned workers still running (stuck). */
typedef struct serve_pool_counts {
    int threads, running, waiting, stuck;
    long served, cancelled, out_of_memory, overtime, abandoned;
} serve_pool_counts;
void serve_pool_status(serve_pool *p, serve_pool_counts *out);

/* ---- conns.c ---- */
/* The client connections: limits in all and per address, deadlines, the budget of body
 * memory, and memory given back when traffic calms (conns.c says how). server.c tells it of
 * every connection's opening, phases and closing (libmicrohttpd's callbacks). */
typedef enum serve_conn_phase {
    SERVE_CONN_WAITING, /* for a request's headers (new, or kept alive after an answer) */
    SERVE_CONN_BODY,    /* receiving a request's body */
    SERVE_CONN_JOB,     /* the request is with the workers (the pool bounds its time) */
    SERVE_CONN_REPLY,   /* sending the answer */
} serve_conn_phase;
typedef struct serve_conn serve_conn;
typedef struct serve_conns serve_conns;
typedef struct serve_conns_counts {
    int open;
    size_t body_bytes;
    long opened, evicted, timed_out, refused, bodies_refused, trims;
} serve_conns_counts;
serve_conns *serve_conns_start(int max_connections, int max_per_ip, double client_timeout, size_t body_memory);
/* A connection opened (fd, the peer's address). Over a limit, the longest waiting connection
 * gives way, or this one when none can (its socket is then shut down). */
serve_conn *serve_conns_open(serve_conns *t, int fd, const struct sockaddr *peer);
void serve_conns_close(serve_conns *t, serve_conn *c); /* before libmicrohttpd closes the socket */
/* The connection's request moved on; back to SERVE_CONN_WAITING (the request is over) gives
 * its body memory back. */
void serve_conns_phase(serve_conns *t, serve_conn *c, serve_conn_phase phase);
/* Reserves body memory for the connection's request, making the oldest unfinished bodies
 * give way if needed; false: it does not fit (answer 503). */
bool serve_conns_reserve(serve_conns *t, serve_conn *c, size_t bytes);
void serve_conns_status(serve_conns *t, serve_conns_counts *out);
void serve_conns_stop(serve_conns *t);

/* ---- listen.c ---- */
/* The listening socket for addr, or -1 with a one-line reason in why (the port in use, an
 * address not of this machine, ...). No address reuse: a second server on a port in use is
 * refused, not given half the requests. */
int serve_listen(const struct sockaddr *addr, char *why, size_t why_size);

/* ---- server.c ---- */
/* Runs the server until SIGINT or SIGTERM; returns the exit code. */
int serve_run(const serve_config *config);

#endif
