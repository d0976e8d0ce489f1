/* HTTP over libmicrohttpd. One internal thread does all the socket work; a POST to the API
 * is suspended while a worker of the pool answers it, then resumed to send the answer. The
 * limits: body size (413), a bounded queue (503), per-request time and memory (passed to
 * the solve), clients that hang up are cancelled. The page's files come from memory. Bound
 * to loopback, requests must also name the server as localhost (the Host header), so a web
 * page elsewhere cannot reach it through DNS rebinding. SIGINT/SIGTERM stop it cleanly:
 * no new connections, waiting requests answered 503, running ones finished or cancelled. */
#include <arpa/inet.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <pthread.h>

#include "serve/mhd_dl.h"
#include "serve/serve.h"

typedef struct server {
    const serve_config *config;
    serve_api api;
    serve_www www;
    serve_pool *pool;
    char *games_json; /* GET /api/games, built once */
    size_t games_len;
    bool loopback;
} server;

typedef struct request {
    server *srv;
    gopt_buf body;
    bool too_big;
    bool queued; /* handed to the pool; the reply is ready when the connection resumes */
    struct MHD_Connection *conn;
    serve_job job;
} request;

static void job_done(serve_job *job) {
    request *rq = job->ctx;
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

/* POST /api/<game>/<verb>: hands the body to the pool and suspends the connection. */
static enum MHD_Result start_job(request *rq, struct MHD_Connection *c, const char *url) {
    server *s = rq->srv;
    const char *rest = url + strlen("/api/");
    const char *slash = strchr(rest, '/');
    if (!slash || strchr(slash + 1, '/') || slash == rest || !slash[1])
        return send_error(c, 404, "no such API path '%s' (POST /api/GAME/VERB)", url);
    if (rq->too_big) {
        char msg[64];
        snprintf(msg, sizeof msg, "%zu", s->config->max_body / 1024);
        return send_error(c, 413, "request: the body is larger than the server's --max-body %s KB", msg);
    }
    const char *type = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
    if (!type || strncasecmp(type, "application/json", 16) != 0)
        return send_error(c, 415, "request: send the body as %s", "Content-Type: application/json");
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    rq->job = (serve_job){
        .api = &s->api,
        .game = gopt_strndup(rest, (size_t)(slash - rest)),
        .verb = gopt_strdup(slash + 1),
        .body = rq->body.data,
        .len = rq->body.len,
        .fd = info ? info->connect_fd : -1,
        .done = job_done,
        .ctx = rq,
    };
    rq->conn = c;
    rq->queued = true;
    MHD_suspend_connection(c);
    if (!serve_pool_push(s->pool, &rq->job)) {
        serve_reply_error(&rq->job.reply, 503, 3, "the server is busy (%d requests running and waiting); try again",
                          serve_pool_busy(s->pool));
        MHD_resume_connection(c);
    }
    return MHD_YES;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload, size_t *upload_size, void **state) {
    server *s = cls;
    request *rq = *state;
    if (!rq) { /* headers only so far */
        rq = *state = gopt_calloc(1, sizeof *rq);
        rq->srv = s;
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (cl && strtoull(cl, NULL, 10) > s->config->max_body) rq->too_big = true;
        return MHD_YES;
    }
    if (*upload_size) {
        if (!rq->too_big && rq->body.len + *upload_size > s->config->max_body) {
            rq->too_big = true;
            gopt_buf_free(&rq->body);
        }
        if (!rq->too_big) gopt_buf_append(&rq->body, upload, *upload_size);
        *upload_size = 0;
        return MHD_YES;
    }
    if (rq->queued) return send_reply(c, &rq->job.reply); /* resumed: the worker answered */
    if (s->loopback && !local_host(MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST)))
        return send_error(c, 403, "request: the server answers %s only", "localhost");
    bool get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
    if (strcmp(url, "/api/games") == 0) {
        if (!get) return send_error(c, 405, "%s: use GET", url);
        return send_buffer(c, 200, "application/json", s->games_json, s->games_len, MHD_RESPMEM_PERSISTENT, 0);
    }
    if (strcmp(url, "/api/status") == 0) {
        if (!get) return send_error(c, 405, "%s: use GET", url);
        serve_pool_counts n;
        serve_pool_status(s->pool, &n);
        char *text = gopt_format("{\"threads\":%d,\"running\":%d,\"waiting\":%d,\"served\":%ld,\"cancelled\":%ld,"
                                 "\"out_of_memory\":%ld}\n",
                                 n.threads, n.running, n.waiting, n.served, n.cancelled, n.out_of_memory);
        return send_buffer(c, 200, "application/json", text, strlen(text), MHD_RESPMEM_MUST_FREE, 0);
    }
    if (strncmp(url, "/api/", 5) == 0) {
        if (strcmp(method, "POST") != 0) return send_error(c, 405, "%s: use POST", url);
        return start_job(rq, c, url);
    }
    if (get && (strcmp(url, "/") == 0 || strcmp(url, "/index.html") == 0)) {
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
    const serve_file *f = get ? serve_www_find(&s->www, url) : NULL;
    if (f) return send_buffer(c, 200, f->type, f->data, f->len, MHD_RESPMEM_PERSISTENT, -1);
    return send_error(c, get ? 404 : 405, "no page '%s' here", url);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **state, enum MHD_RequestTerminationCode why) {
    request *rq = *state;
    if (!rq) return;
    gopt_buf_free(&rq->body);
    free(rq->job.game);
    free(rq->job.verb);
    serve_reply_free(&rq->job.reply);
    free(rq);
    *state = NULL;
}

static bool is_loopback(const struct sockaddr *sa) {
    if (sa->sa_family == AF_INET)
        return (ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr) >> 24) == 127;
    return IN6_IS_ADDR_LOOPBACK(&((const struct sockaddr_in6 *)sa)->sin6_addr);
}

static struct MHD_Daemon *start_daemon(server *s, struct sockaddr_storage *addr) {
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_ALLOW_SUSPEND_RESUME;
    if (addr->ss_family == AF_INET6) flags |= MHD_USE_IPv6;
    return MHD_start_daemon(flags, (uint16_t)s->config->port, NULL, NULL, on_request, s,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)addr,
                            MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)60,
                            MHD_OPTION_CONNECTION_LIMIT, (unsigned)512,
                            MHD_OPTION_LISTENING_ADDRESS_REUSE, (unsigned)1,
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
    server s = {.config = config, .api = {config}};
    struct sockaddr_storage addr;
    if (!parse_address(config->bind, config->port, &addr)) {
        fprintf(stderr, "gameopt: --bind %s: not an IPv4 or IPv6 address\n", config->bind);
        return 2;
    }
    s.loopback = is_loopback((struct sockaddr *)&addr);
    gopt_error err = {0};
    if (!gopt_mhd_load(NULL, &err)) {
        gopt_error_print(stderr, &err);
        return 4;
    }
    if (!serve_www_load(&s.www, &err)) {
        gopt_error_print(stderr, &err);
        return 2;
    }
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

    s.pool = serve_pool_start(config->threads, config->queue);
    struct MHD_Daemon *d = start_daemon(&s, &addr);
    if (!d) {
        fprintf(stderr, "gameopt: cannot listen on %s port %d (in use, or not an address of this machine)\n",
                config->bind, config->port);
        serve_pool_stop(s.pool);
        serve_www_free(&s.www);
        free(s.games_json);
        return 2;
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
    serve_www_free(&s.www);
    free(s.games_json);
    return 0;
}
