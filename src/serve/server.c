/* HTTP over libmicrohttpd. One internal thread polls every socket; a POST to the API is
 * suspended while a worker of the pool answers it, then resumed to send the answer. The
 * limits: body size (413, told from the headers before a byte of the body is read), a
 * bounded queue (503), per-request time and memory (passed to the solve, and the pool's
 * watcher for calls that do not stop), clients that hang up are cancelled; connections in
 * all and per address, the time of each phase of a request and the memory of bodies (the
 * table of connections, conns.c). The page's files come from memory. Bound to loopback,
 * requests must also name the server as localhost (the Host header), so a web page elsewhere
 * cannot reach it through DNS rebinding. SIGINT/SIGTERM stop it cleanly: no new connections,
 * waiting requests answered 503, running ones finished or cancelled. */
#include <arpa/inet.h>
#include <fcntl.h>
#include <malloc.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <pthread.h>

#include "serve/mhd_dl.h"
#include "serve/serve.h"

typedef struct server {
    serve_config config; /* with the limits the process can hold (open files) */
    serve_api api;
    serve_www www;
    serve_pool *pool;
    serve_conns *conns;
    char *games_json; /* GET /api/games, built once */
    size_t games_len;
    bool loopback;
} server;

/* One request on a connection (libmicrohttpd's per-request state). */
typedef struct request {
    server *srv;
    serve_conn *conn_rec; /* the connection's entry in the table (conns.c) */
    struct MHD_Connection *conn;
    gopt_buf body;
    char *game, *verb; /* POST /api/GAME/VERB */
    bool too_big;      /* a chunked body that grew past --max-body */
    bool refused;      /* `reply` is an error, sent once the body (discarded) is read */
    bool get;          /* a GET of the page or of the API's lists */
    bool queued;       /* handed to the pool; `reply` is set when the connection resumes */
    char progress_id[SERVE_PROGRESS_ID_MAX + 1]; /* X-Gameopt-Progress: the client's name for it, or "" */
    serve_reply reply;
} request;

/* On a worker (or the pool's watcher): the answer moves to the request, which the
 * connection, resumed, sends. The job is the pool's again after this. */
static void job_done(serve_job *job) {
    request *rq = job->ctx;
    rq->reply = job->reply;
    job->reply = (serve_reply){0};
    MHD_resume_connection(rq->conn);
}

#define PAGE_CSP "default-src 'self'; img-src 'self' blob: data:; object-src 'none'; style-src 'self'"

static enum MHD_Result send_file(struct MHD_Connection *c, int http, const char *type, const char *data, size_t len,
                                 enum MHD_ResponseMemoryMode mode, int exit_code, const char *csp);

static enum MHD_Result send_buffer(struct MHD_Connection *c, int http, const char *type, const char *data, size_t len,
                                   enum MHD_ResponseMemoryMode mode, int exit_code) {
    return send_file(c, http, type, data, len, mode, exit_code, PAGE_CSP);
}

static enum MHD_Result send_file(struct MHD_Connection *c, int http, const char *type, const char *data, size_t len,
                                 enum MHD_ResponseMemoryMode mode, int exit_code, const char *csp) {
    struct MHD_Response *resp = MHD_create_response_from_buffer(len, (void *)data, mode);
    if (!resp) return MHD_NO;
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(resp, "Referrer-Policy", "no-referrer");
    if (exit_code >= 0) {
        char code[16];
        snprintf(code, sizeof code, "%d", exit_code);
        MHD_add_response_header(resp, "X-Gameopt-Exit", code);
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    } else {
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
        MHD_add_response_header(resp, "Content-Security-Policy", csp);
    }
    enum MHD_Result r = MHD_queue_response(c, (unsigned)http, resp);
    MHD_destroy_response(resp);
    return r;
}

static enum MHD_Result send_reply(struct MHD_Connection *c, serve_reply *r) {
    char *body = r->body;
    r->body = NULL; /* MHD frees it */
    return send_buffer(c, r->http, r->type, body, r->len, MHD_RESPMEM_MUST_FREE, r->exit_code);
}

static enum MHD_Result send_error(struct MHD_Connection *c, int http, const char *fmt, const char *arg) {
    serve_reply r;
    serve_reply_error(&r, http, 2, fmt, arg);
    return send_reply(c, &r);
}

/* "localhost:8080", "127.0.0.1", "[::1]:80" and the like. */
static bool local_host(const char *host) {
    if (!host) return true; /* HTTP/1.0 clients send none */
    size_t n = strlen(host);
    const char *colon = host[0] == '[' ? strchr(host, ']') : strchr(host, ':');
    if (host[0] == '[' && colon) n = (size_t)(colon - host) + 1;
    else if (colon) n = (size_t)(colon - host);
    return (n == 9 && strncasecmp(host, "localhost", 9) == 0) || (n == 9 && strncmp(host, "127.0.0.1", 9) == 0) ||
           (n == 5 && strncmp(host, "[::1]", 5) == 0);
}

/* "application/json", alone or with parameters ("; charset=utf-8"), in any case. */
static bool json_content_type(const char *type) {
    if (!type || strncasecmp(type, "application/json", 16) != 0) return false;
    const char *rest = type + 16;
    while (*rest == ' ' || *rest == '\t') rest++;
    return *rest == '\0' || *rest == ';';
}

/* A request refused from its headers. `now`: answered at once, so no byte of the body is
 * read (libmicrohttpd 0.9.75 then closes the connection): for a body too large for the
 * server, or whose length cannot be told for sure. Otherwise the answer waits until the body
 * was read and dropped, so the connection can carry the client's next request, and the client
 * is never reset while it still sends. The answer is sent on the last call of the request. */
static enum MHD_Result refuse(request *rq, struct MHD_Connection *c, bool now, int http, int exit_code, const char *fmt,
                              const char *arg) {
    serve_reply_error(&rq->reply, http, exit_code, fmt, arg);
    if (!now) {
        rq->refused = true;
        serve_conns_phase(rq->srv->conns, rq->conn_rec, SERVE_CONN_BODY);
        return MHD_YES;
    }
    serve_conns_phase(rq->srv->conns, rq->conn_rec, SERVE_CONN_REPLY);
    return send_reply(c, &rq->reply);
}

/* POST /api/<game>/<verb>, its headers read: everything that can be refused without the body
 * is refused now; otherwise the body's memory is reserved (conns.c) and reading begins. */
static enum MHD_Result accept_post(request *rq, struct MHD_Connection *c, const char *url) {
    server *s = rq->srv;
    const char *rest = url + strlen("/api/");
    const char *slash = strchr(rest, '/');
    if (!slash || strchr(slash + 1, '/') || slash == rest || !slash[1])
        return refuse(rq, c, false, 404, 2, "no such API path '%s' (POST /api/GAME/VERB)", url);
    if (!json_content_type(MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE)))
        return refuse(rq, c, false, 415, 2, "request: send the body as %s", "Content-Type: application/json");
    /* A body with both lengths could be read two ways (request smuggling): refused. */
    const char *te = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING);
    const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (te && cl)
        return refuse(rq, c, true, 400, 2, "request: a body sent both %s and with a Content-Length is refused",
                      "chunked (Transfer-Encoding)");
    if (te && strcasecmp(te, "chunked") != 0)
        return refuse(rq, c, true, 501, 2, "request: Transfer-Encoding '%s' is not supported (send a Content-Length)", te);
    /* The client's name for the request, to ask what it has proven while it runs. */
    const char *progress = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Gameopt-Progress");
    if (progress && !serve_progress_id_ok(progress))
        return refuse(rq, c, false, 400, 2, "request: X-Gameopt-Progress must be %s",
                      "16 to 64 letters, digits, '-' or '_' (a random word of the client's)");
    if (progress) snprintf(rq->progress_id, sizeof rq->progress_id, "%s", progress);
    unsigned long long declared = cl ? strtoull(cl, NULL, 10) : 0;
    size_t max = s->config.max_body;
    if (declared > max) {
        char kb[32];
        snprintf(kb, sizeof kb, "%zu", max / 1024);
        return refuse(rq, c, true, 413, 2, "request: the body is larger than the server's --max-body %s KB", kb);
    }
    /* A chunked body may grow up to --max-body: that much is reserved. */
    size_t reserve = te ? max : (size_t)declared;
    if (!serve_conns_reserve(s->conns, rq->conn_rec, reserve))
        return refuse(rq, c, true, 503, 3, "the server is busy (%s); try again",
                      "it holds as many request bodies as its --body-memory allows");
    if (!te && declared) gopt_grow(&rq->body.data, &rq->body.cap, (size_t)declared + 1, 1);
    rq->game = gopt_strndup(rest, (size_t)(slash - rest));
    rq->verb = gopt_strdup(slash + 1);
    serve_conns_phase(s->conns, rq->conn_rec, SERVE_CONN_BODY);
    return MHD_YES;
}

/* The whole body read: hands it to the pool and suspends the connection. */
static enum MHD_Result start_job(request *rq, struct MHD_Connection *c) {
    server *s = rq->srv;
    if (rq->too_big) {
        char kb[32];
        snprintf(kb, sizeof kb, "%zu", s->config.max_body / 1024);
        serve_reply_error(&rq->reply, 413, 2, "request: the body is larger than the server's --max-body %s KB", kb);
        serve_conns_phase(s->conns, rq->conn_rec, SERVE_CONN_REPLY);
        return send_reply(c, &rq->reply);
    }
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    size_t len = rq->body.len;
    char *body = rq->body.data ? gopt_buf_take(&rq->body) : gopt_strdup("");
    serve_job *job = gopt_calloc(1, sizeof *job);
    *job = (serve_job){
        .api = &s->api,
        .game = rq->game,
        .verb = rq->verb,
        .body = body,
        .len = len,
        .fd = info ? info->connect_fd : -1,
        .done = job_done,
        .ctx = rq,
        .progress = rq->progress_id[0] ? serve_progress_new(rq->progress_id) : NULL,
    };
    rq->game = rq->verb = NULL;
    rq->queued = true;
    serve_conns_phase(s->conns, rq->conn_rec, SERVE_CONN_JOB);
    MHD_suspend_connection(c);
    if (!serve_pool_push(s->pool, job)) {
        serve_job_free(job);
        serve_reply_error(&rq->reply, 503, 3, "the server is busy (%d requests running and waiting); try again",
                          serve_pool_busy(s->pool));
        MHD_resume_connection(c);
    }
    return MHD_YES;
}

static enum MHD_Result send_status(server *s, struct MHD_Connection *c) {
    serve_pool_counts n;
    serve_conns_counts k;
    serve_pool_status(s->pool, &n);
    serve_conns_status(s->conns, &k);
    char *text = gopt_format("{\"threads\":%d,\"running\":%d,\"waiting\":%d,\"served\":%ld,\"cancelled\":%ld,"
                             "\"out_of_memory\":%ld,\"overtime\":%ld,\"abandoned\":%ld,\"stuck\":%d,"
                             "\"connections\":{\"open\":%d,\"opened\":%ld,\"evicted\":%ld,\"timed_out\":%ld,"
                             "\"refused\":%ld,\"body_bytes\":%zu,\"bodies_refused\":%ld}}\n",
                             n.threads, n.running, n.waiting, n.served, n.cancelled, n.out_of_memory, n.overtime,
                             n.abandoned, n.stuck, k.open, k.opened, k.evicted, k.timed_out, k.refused, k.body_bytes,
                             k.bodies_refused);
    return send_buffer(c, 200, "application/json", text, strlen(text), MHD_RESPMEM_MUST_FREE, 0);
}

#define PROGRESS_PATH "/api/progress/"

/* GET /api/progress/ID: what the request the client named ID has proven so far (pool.c). */
static enum MHD_Result send_progress(server *s, struct MHD_Connection *c, const char *id) {
    json_t *j = serve_progress_id_ok(id) ? serve_pool_progress(s->pool, id) : NULL;
    serve_reply r;
    if (j) serve_reply_json(&r, 200, 0, j);
    else serve_reply_error(&r, 404, 2, "no request named '%s' is waiting or running (answered, or never sent)",
                           serve_progress_id_ok(id) ? id : "?");
    return send_reply(c, &r);
}

/* GET (or HEAD) of the API's lists and the page: answered at once. */
static enum MHD_Result send_get(server *s, struct MHD_Connection *c, const char *url) {
    if (strncmp(url, PROGRESS_PATH, strlen(PROGRESS_PATH)) == 0) return send_progress(s, c, url + strlen(PROGRESS_PATH));
    if (strcmp(url, "/api/games") == 0)
        return send_buffer(c, 200, "application/json", s->games_json, s->games_len, MHD_RESPMEM_PERSISTENT, 0);
    if (strcmp(url, "/api/status") == 0) return send_status(s, c);
    if (strcmp(url, "/") == 0 || strcmp(url, "/index.html") == 0) {
        /* the page with its stylesheet inline, allowed by a nonce fresh for each answer */
        unsigned char bytes[16];
        char nonce[33], csp[sizeof PAGE_CSP + 48];
        size_t len = 0;
        if (getrandom(bytes, sizeof bytes, 0) == (ssize_t)sizeof bytes) {
            for (int i = 0; i < 16; i++) snprintf(nonce + 2 * i, 3, "%02x", bytes[i]);
            char *page = serve_www_page(&s->www, nonce, &len);
            snprintf(csp, sizeof csp, "%s 'nonce-%s'", PAGE_CSP, nonce);
            if (page) return send_file(c, 200, "text/html; charset=utf-8", page, len, MHD_RESPMEM_MUST_FREE, -1, csp);
        }
    }
    const serve_file *f = serve_www_find(&s->www, url);
    if (f) return send_buffer(c, 200, f->type, f->data, f->len, MHD_RESPMEM_PERSISTENT, -1);
    return send_error(c, 404, "no page '%s' here", url);
}

/* The first call, the request's headers read. libmicrohttpd 0.9.75 closes a connection that
 * is answered on this call, so only refusals are answered here (see refuse); a GET is
 * answered on the next call, and a POST once its body is read. */
static enum MHD_Result on_headers(request *rq, struct MHD_Connection *c, const char *url, const char *method) {
    server *s = rq->srv;
    if (s->loopback && !local_host(MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST)))
        return refuse(rq, c, false, 403, 2, "request: the server answers %s only", "localhost");
    bool get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
    bool api_get = strcmp(url, "/api/games") == 0 || strcmp(url, "/api/status") == 0 ||
                   strncmp(url, PROGRESS_PATH, strlen(PROGRESS_PATH)) == 0;
    if (api_get && !get) return refuse(rq, c, false, 405, 2, "%s: use GET", url);
    if (!api_get && strncmp(url, "/api/", 5) == 0) {
        if (strcmp(method, "POST") != 0) return refuse(rq, c, false, 405, 2, "%s: use POST", url);
        return accept_post(rq, c, url);
    }
    if (!get) return refuse(rq, c, false, 405, 2, "no page '%s' here", url);
    rq->get = true;
    serve_conns_phase(s->conns, rq->conn_rec, SERVE_CONN_REPLY);
    return MHD_YES;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload, size_t *upload_size, void **state) {
    (void)version;
    server *s = cls;
    request *rq = *state;
    if (!rq) {
        rq = *state = gopt_calloc(1, sizeof *rq);
        rq->srv = s;
        rq->conn = c;
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
        rq->conn_rec = info ? info->socket_context : NULL;
        return on_headers(rq, c, url, method);
    }
    if (*upload_size) {
        if (!rq->too_big && !rq->refused && !rq->get && rq->body.len + *upload_size > s->config.max_body) {
            rq->too_big = true; /* chunked */
            gopt_buf_free(&rq->body);
        }
        if (!rq->too_big && !rq->refused && !rq->get) gopt_buf_append(&rq->body, upload, *upload_size);
        *upload_size = 0;
        return MHD_YES;
    }
    if (rq->queued || rq->refused) { /* the worker's answer (the connection resumed), or a refusal */
        serve_conns_phase(s->conns, rq->conn_rec, SERVE_CONN_REPLY);
        return send_reply(c, &rq->reply);
    }
    if (rq->get) return send_get(s, c, url);
    return start_job(rq, c);
}

/* The request is over (answered, or its connection ended): the connection waits for the
 * next request, and its body memory is given back. */
static void on_completed(void *cls, struct MHD_Connection *c, void **state, enum MHD_RequestTerminationCode why) {
    (void)c, (void)why;
    server *s = cls;
    request *rq = *state;
    if (!rq) return;
    serve_conns_phase(s->conns, rq->conn_rec, SERVE_CONN_WAITING);
    gopt_buf_free(&rq->body);
    free(rq->game);
    free(rq->verb);
    serve_reply_free(&rq->reply);
    free(rq);
    *state = NULL;
}

/* Every connection's opening and closing, for the table of connections (conns.c). */
static void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode code) {
    server *s = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *fd = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        const union MHD_ConnectionInfo *peer = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        *socket_context = fd ? serve_conns_open(s->conns, fd->connect_fd, peer ? peer->client_addr : NULL) : NULL;
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
        serve_conns_close(s->conns, *socket_context);
        *socket_context = NULL;
    }
}

static bool is_loopback(const struct sockaddr *sa) {
    if (sa->sa_family == AF_INET)
        return (ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr) >> 24) == 127;
    return IN6_IS_ADDR_LOOPBACK(&((const struct sockaddr_in6 *)sa)->sin6_addr);
}

/* One internal thread polls every socket with poll(). Not epoll: libmicrohttpd 0.9.75's epoll
 * loop with one thread falls from ~130k to a few hundred requests/s from 128 busy connections
 * on (docs/serve.md, Measured). libmicrohttpd's own limits are the hard stop, twice ours: ours
 * (conns.c) make the longest waiting connection give way before them. Its timeout ends idle
 * connections; conns.c bounds the whole time of each phase, which a client that trickles a
 * byte now and then would otherwise stretch for ever. */
/* Each connection's buffers for headers and I/O. Over 32 KB (the default) libmicrohttpd maps
 * them on their own pages, which go back to the system when the connection closes, instead
 * of taking them from the polling thread's malloc arena, where a slowloris of 700 sockets
 * left 600 KB resident after every socket closed. */
#define SERVE_CONNECTION_MEMORY (40 * 1024)

static struct MHD_Daemon *start_daemon(server *s, int listen_fd, bool ipv6) {
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_ALLOW_SUSPEND_RESUME;
    if (ipv6) flags |= MHD_USE_IPv6;
    const serve_config *k = &s->config;
    return MHD_start_daemon(flags, 0, NULL, NULL, on_request, s,
                            MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
                            MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
                            MHD_OPTION_NOTIFY_CONNECTION, on_connection, s,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)(k->client_timeout > 0 ? k->client_timeout + 0.999 : 0),
                            MHD_OPTION_CONNECTION_LIMIT, (unsigned)(2 * k->max_connections),
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)(2 * k->max_per_ip),
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)SERVE_CONNECTION_MEMORY,
                            MHD_OPTION_END);
}

static bool parse_address(const char *bind, int port, struct sockaddr_storage *addr) {
    memset(addr, 0, sizeof *addr);
    struct sockaddr_in *v4 = (struct sockaddr_in *)addr;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)addr;
    if (inet_pton(AF_INET, bind, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons((uint16_t)port);
        return true;
    }
    if (inet_pton(AF_INET6, bind, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons((uint16_t)port);
        return true;
    }
    return false;
}

/* The open files the connections need: libmicrohttpd's hard limit (twice --max-connections)
 * plus the server's own. The soft limit is raised as far as the hard one allows; when even
 * that is too low, the limit on connections comes down to fit, with a warning. */
static void fit_open_files(serve_config *k) {
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0) return;
    rlim_t need = (rlim_t)k->max_connections * 2 + 256;
    if (rl.rlim_cur < need) {
        rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= need ? need : rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
        getrlimit(RLIMIT_NOFILE, &rl);
    }
    if (rl.rlim_cur < need) {
        int fit = rl.rlim_cur > 512 ? (int)((rl.rlim_cur - 256) / 2) : 128;
        fprintf(stderr, "gameopt: warning: --max-connections %d needs %llu open files, the process may open %llu: "
                        "serving %d connections at most\n",
                k->max_connections, (unsigned long long)need, (unsigned long long)rl.rlim_cur, fit);
        k->max_connections = fit;
    }
    if (k->max_per_ip > k->max_connections) k->max_per_ip = k->max_connections;
}

/* Waits for the connections resumed at the stop to send their answers (at most ~1 s). */
static void drain(struct MHD_Daemon *d) {
    const struct timespec pause = {0, 10 * 1000 * 1000};
    for (int i = 0; i < 100; i++) {
        const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
        if (!info || info->num_connections == 0) return;
        nanosleep(&pause, NULL);
    }
}

int serve_run(const serve_config *config) {
    server s = {.config = *config};
    s.api = (serve_api){&s.config};
    struct sockaddr_storage addr;
    if (!parse_address(config->bind, config->port, &addr)) {
        fprintf(stderr, "gameopt: --bind %s: not an IPv4 or IPv6 address\n", config->bind);
        return GOPT_BAD_INPUT;
    }
    s.loopback = is_loopback((struct sockaddr *)&addr);
    gopt_error err = {0};
    if (!gopt_mhd_load(NULL, &err)) {
        gopt_error_print(stderr, &err);
        return GOPT_ERROR;
    }
    char why[256];
    int listen_fd = serve_listen((struct sockaddr *)&addr, why, sizeof why);
    if (listen_fd < 0) {
        fprintf(stderr, "gameopt: serve: cannot listen on %s port %d: %s\n", config->bind, config->port, why);
        return GOPT_BAD_INPUT;
    }
    if (!serve_www_load(&s.www, &err)) {
        gopt_error_print(stderr, &err);
        close(listen_fd);
        return GOPT_BAD_INPUT;
    }
    fit_open_files(&s.config);
    /* Bodies and answers over 256 KB are mapped on their own and unmapped when freed, instead
     * of the threshold growing with the largest freed block (glibc's default), which kept a
     * burst of 1 MB bodies in the arenas. */
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    serve_reply games_reply;
    serve_api_games(&s.api, &games_reply);
    s.games_json = games_reply.body;
    s.games_len = games_reply.len;

    /* Every thread started from here on inherits the blocked signals; this one waits for them. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    /* Verbs run as on the command line; none may wait on the server's terminal for input. */
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0) {
        dup2(devnull, 0);
        close(devnull);
    }

    s.conns = serve_conns_start(s.config.max_connections, s.config.max_per_ip, s.config.client_timeout,
                                s.config.body_memory);
    s.pool = serve_pool_start(s.config.threads, s.config.queue, s.config.time_limit);
    struct MHD_Daemon *d = start_daemon(&s, listen_fd, addr.ss_family == AF_INET6);
    if (!d) {
        fprintf(stderr, "gameopt: serve: cannot start the web server on %s port %d\n", config->bind, config->port);
        close(listen_fd);
        serve_pool_stop(s.pool);
        serve_conns_stop(s.conns);
        serve_www_free(&s.www);
        free(s.games_json);
        return GOPT_ERROR;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    int port = info ? info->port : config->port;
    const char *host = addr.ss_family == AF_INET6 ? "[%s]" : "%s";
    char shown[300];
    snprintf(shown, sizeof shown, host, config->bind);
    if (!s.loopback)
        fprintf(stderr, "gameopt: warning: serving on %s, reachable from other machines; the server has no "
                        "authentication and runs whatever puzzles it is sent\n", config->bind);
    printf("gameopt: open http://%s:%d/ (Ctrl-C stops)\n", shown, port);
    fflush(stdout);
    if (config->port_file) {
        FILE *f = fopen(config->port_file, "w");
        if (f) {
            fprintf(f, "%d\n", port);
            fclose(f);
        }
    }

    int sig = 0;
    sigwait(&stop, &sig);
    if (!config->quiet) fprintf(stderr, "gameopt: serve: stopping (%s)\n", sig == SIGINT ? "Ctrl-C" : "SIGTERM");
    MHD_socket listen = MHD_quiesce_daemon(d);
    serve_pool_stop(s.pool);
    drain(d);
    MHD_stop_daemon(d);
    if (listen != MHD_INVALID_SOCKET) close(listen);
    serve_conns_stop(s.conns);
    serve_www_free(&s.www);
    free(s.games_json);
    return 0;
}
