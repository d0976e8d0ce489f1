/* gameopt serve: the command line's side of the web server (src/serve): its options. The
 * server offers every game of the registry (gopt_games) with its declared verbs. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "serve/serve.h"

const char cli_serve_help[] =
    "usage: gameopt serve [--bind ADDR] [--port N] [--threads N] [--queue N] [--time-limit S]\n"
    "                     [--memory-limit MB] [--max-body KB] [--max-connections N] [--max-per-ip N]\n"
    "                     [--client-timeout S] [--body-memory MB] [--port-file FILE] [--quiet]\n\n"
    "Serves the page (one tab per game: paste a puzzle, solve it, see it drawn) and the JSON\n"
    "API (GET /api/games, POST /api/GAME/solve, POST /api/GAME/draw; docs/serve.md).\n\n"
    "options:\n"
    "  --bind ADDR        address to listen on (default 127.0.0.1: this machine only)\n"
    "  --port N           port (default 8080; 0 picks a free one, printed at start)\n"
    "  --threads N        requests solved at once (default 2)\n"
    "  --queue N          requests waiting beyond those before the server answers 503 (default 64)\n"
    "  --time-limit S     seconds per request, at most (default 30; 0: none)\n"
    "  --memory-limit MB  megabytes per request, at most (default 1024; 0: none)\n"
    "  --max-body KB      largest request body (default 1024)\n"
    "  --max-connections N  connections open at once (default 1024); over it, the one that has\n"
    "                     waited longest without a request being solved gives way\n"
    "  --max-per-ip N     connections open at once from one address (default 512), the same way\n"
    "  --client-timeout S seconds for a request's headers, 3x that for its body and its answer\n"
    "                     (default 10; 0: none)\n"
    "  --body-memory MB   request bodies held at once (default 64); over it, the oldest\n"
    "                     unfinished body gives way\n"
    "  --port-file FILE   write the port to FILE once listening (for scripts)\n"
    "  --quiet            print only the address\n"
    "Ctrl-C (or SIGTERM) stops: waiting requests are answered 503, running ones finish.\n";

static int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int cli_usage_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("gameopt: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return GOPT_BAD_INPUT;
}

static bool number(const char *name, const char *v, double min, double max, double *out) {
    char *end;
    errno = 0;
    double x = v ? strtod(v, &end) : 0;
    if (!v || !*v || *end || errno || !(x >= min && x <= max)) {
        cli_usage_error("serve: --%s: invalid value '%s' (expected %g..%g)", name, v ? v : "", min, max);
        return false;
    }
    *out = x;
    return true;
}

/* Every option parse() takes (the completion script lists them: a new one goes here too). */
const char cli_serve_options[] = "--bind --port --port-file --threads --queue --time-limit --memory-limit --max-body "
                                 "--max-connections --max-per-ip --client-timeout --body-memory --quiet";

static bool parse(serve_config *c, int argc, char **argv, bool *help) {
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) return *help = true;
        if (strcmp(a, "--quiet") == 0) {
            c->quiet = true;
            continue;
        }
        if (strncmp(a, "--", 2) != 0) return cli_usage_error("serve: unexpected argument '%s'", a), false;
        const char *name = a + 2, *eq = strchr(name, '=');
        char key[32];
        snprintf(key, sizeof key, "%.*s", eq ? (int)(eq - name) : (int)strlen(name), name);
        const char *v = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
        double x;
        if (strcmp(key, "bind") == 0 && v) c->bind = v;
        else if (strcmp(key, "port-file") == 0 && v) c->port_file = v;
        else if (strcmp(key, "port") == 0) {
            if (!number(key, v, 0, 65535, &x)) return false;
            c->port = (int)x;
        } else if (strcmp(key, "threads") == 0) {
            if (!number(key, v, 1, 256, &x)) return false;
            c->threads = (int)x;
        } else if (strcmp(key, "queue") == 0) {
            if (!number(key, v, 1, 100000, &x)) return false;
            c->queue = (int)x;
        } else if (strcmp(key, "time-limit") == 0) {
            if (!number(key, v, 0, 1e9, &c->time_limit)) return false;
        } else if (strcmp(key, "memory-limit") == 0) {
            if (!number(key, v, 0, 1e9, &c->memory_limit_mb)) return false;
        } else if (strcmp(key, "max-body") == 0) {
            if (!number(key, v, 1, 1048576, &x)) return false;
            c->max_body = (size_t)x * 1024;
        } else if (strcmp(key, "max-connections") == 0) {
            if (!number(key, v, 16, 1000000, &x)) return false;
            c->max_connections = (int)x;
        } else if (strcmp(key, "max-per-ip") == 0) {
            if (!number(key, v, 1, 1000000, &x)) return false;
            c->max_per_ip = (int)x;
        } else if (strcmp(key, "client-timeout") == 0) {
            if (!number(key, v, 0, 86400, &c->client_timeout)) return false;
        } else if (strcmp(key, "body-memory") == 0) {
            if (!number(key, v, 1, 1048576, &x)) return false;
            c->body_memory = (size_t)x * 1024 * 1024;
        } else {
            return cli_usage_error("serve: unknown option '%s' (see gameopt serve --help)", a), false;
        }
    }
    return true;
}

int cli_run_serve(int argc, char **argv) {
    serve_config c = {
        .bind = "127.0.0.1", .port = 8080, .threads = 2, .queue = 64,
        .time_limit = 30, .memory_limit_mb = 1024, .max_body = 1024 * 1024,
        .max_connections = 1024, .max_per_ip = 512, .client_timeout = 10, .body_memory = 64 << 20,
    };
    bool help = false;
    if (!parse(&c, argc, argv, &help)) return GOPT_BAD_INPUT;
    if (c.body_memory < c.max_body)
        return cli_usage_error("serve: --body-memory %zu MB cannot hold one body of --max-body %zu KB",
                               c.body_memory >> 20, c.max_body >> 10);
    if (help) {
        fputs(cli_serve_help, stdout);
        return 0;
    }
    return serve_run(&c);
}
