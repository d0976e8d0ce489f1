/* The API's request handler: POST /api/<game>/<verb> with {"input", "options", "picture"},
 * answered with the same JSON as `gameopt <game> <verb> --json` on the same input read
 * from stdin (an array when the input holds several puzzles). Only the game's table is
 * called; nothing here knows a game. Exit codes map to HTTP statuses (serve_http_status). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "serve/api_internal.h"

int serve_http_status(int exit_code) {
    switch (exit_code) {
    case 0: return 200;   /* solved */
    case 1: return 422;   /* proven: no solution (the answers are in the body) */
    case 2: return 400;   /* bad input or options */
    case 3: return 200;   /* a limit stopped the method: status "unknown" in the body */
    default: return 500;  /* internal error */
    }
}

void serve_reply_json(serve_reply *r, int http, int exit_code, json_t *value) {
    r->http = http;
    r->exit_code = exit_code;
    r->type = "application/json";
    r->body = gopt_json_string(value);
    r->len = strlen(r->body);
    json_decref(value);
}

void serve_reply_error(serve_reply *r, int http, int exit_code, const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    json_t *j = json_object();
    char *line = gopt_format("gameopt: %s", msg);
    json_object_set_new(j, "error", json_string(line)); /* invalid UTF-8 in msg: jansson returns NULL */
    if (!json_object_get(j, "error")) json_object_set_new(j, "error", json_string("gameopt: (unprintable message)"));
    free(line);
    json_object_set_new(j, "exit", json_integer(exit_code));
    serve_reply_json(r, http, exit_code, j);
}

void serve_reply_free(serve_reply *r) {
    free(r->body);
    *r = (serve_reply){0};
}

void api_input_error(serve_reply *r, const gopt_error *err) {
    char buf[1024];
    serve_reply_error(r, 400, 2, "%s", gopt_error_text(err, buf, sizeof buf));
}

static bool in_list(const char *const *list, const char *s) {
    for (; list && *list; list++)
        if (strcmp(*list, s) == 0) return true;
    return false;
}

/* ---- the puzzles of one input ---- */

typedef struct api_batch {
    void **puzzles;
    char **names;
    size_t n, cap;
} api_batch;

static void free_batch(const gopt_game *g, api_batch *b) {
    for (size_t i = 0; i < b->n; i++) {
        g->free_puzzle(b->puzzles[i]);
        free(b->names[i]);
    }
    free(b->puzzles);
    free(b->names);
}

/* Parses every puzzle of the input and names them as the command line names the puzzles
 * of stdin: the puzzle's own name, else "stdin", or "stdin:K" for several. */
static bool parse_all(const api_request *q, api_batch *b, gopt_error *err) {
    const gopt_game *g = q->game;
    gopt_text t;
    gopt_text_from(&t, "-", q->input, q->input_len);
    size_t cap2 = 0;
    int r;
    void *p;
    while ((r = g->parse(&t, &q->opts, &p, err)) == 1) {
        gopt_grow(&b->puzzles, &b->cap, b->n + 1, sizeof *b->puzzles);
        gopt_grow(&b->names, &cap2, b->cap, sizeof *b->names);
        b->puzzles[b->n] = p;
        b->names[b->n++] = NULL;
    }
    gopt_text_free(&t);
    if (r < 0) return false;
    if (b->n == 0) return gopt_fail(err, "-", 0, 0, "no %s puzzle found", g->name);
    for (size_t i = 0; i < b->n; i++) {
        const char *own = g->puzzle_name ? g->puzzle_name(b->puzzles[i]) : NULL;
        b->names[i] = own ? gopt_strdup(own) : b->n == 1 ? gopt_strdup("stdin") : gopt_format("stdin:%zu", i + 1);
    }
    return true;
}

/* One answer as `--json` prints it (the game's object, or the generic one), with the
 * picture when asked. */
static json_t *answer_json(const api_request *q, const void *puzzle, const gopt_answer *a) {
    const gopt_game *g = q->game;
    json_t *j = g->to_json ? g->to_json(puzzle, a, &q->opts) : NULL;
    if (!j) {
        j = json_object();
        json_object_set_new(j, "name", json_string(a->name));
        json_object_set_new(j, "status", json_string(gopt_status_name(a->status)));
        gopt_json_set_times(j, a->seconds, a->cpu_seconds);
    }
    if (q->opts.stats && !json_object_get(j, "stats")) json_object_set_new(j, "stats", gopt_counters_json(&a->counters));
    if (q->svg) {
        gopt_error err = {0};
        char *svg = api_render_svg(g, puzzle, a->status == GOPT_SOLVED ? a->solution : NULL, &err);
        if (svg) json_object_set_new(j, "svg", json_string(svg));
        free(svg);
    }
    return j;
}

static void run_solve(const api_request *q, const atomic_int *cancel, serve_reply *r) {
    const gopt_game *g = q->game;
    api_batch b = {0};
    gopt_error err = {0};
    if (!parse_all(q, &b, &err)) {
        free_batch(g, &b);
        return api_input_error(r, &err);
    }
    /* The request's time limit covers the whole batch: each puzzle gets what is left. */
    double limit = q->opts.time_limit, start = gopt_now();
    json_t *out = json_array();
    gopt_status worst = GOPT_SOLVED;
    char failure[600] = "";
    for (size_t i = 0; i < b.n; i++) {
        gopt_answer a = {.name = b.names[i], .index = (long)i};
        gopt_options o = q->opts;
        double left = limit > 0 ? limit - (gopt_now() - start) : 0;
        if ((cancel && atomic_load(cancel)) || (limit > 0 && left <= 0)) {
            a.status = GOPT_LIMIT;
            snprintf(a.note, sizeof a.note, "%s", cancel && atomic_load(cancel) ? "cancelled" : "the request's time limit was spent");
        } else {
            if (limit > 0) o.time_limit = left;
            o.cancel = cancel; /* the games' loops see a hang-up at their next check (stop.h) */
            gopt_game_solve_checked(g, b.puzzles[i], &o, &a);
        }
        worst = gopt_status_worst(worst, a.status);
        if (a.status == GOPT_ERROR) {
            if (!failure[0]) snprintf(failure, sizeof failure, "%s: %s", b.names[i], a.note[0] ? a.note : "internal error");
        } else {
            json_array_append_new(out, answer_json(q, b.puzzles[i], &a));
        }
        gopt_answer_free(g, &a);
    }
    if (failure[0]) {
        json_decref(out);
        serve_reply_error(r, 500, 4, "%s", failure);
    } else if (b.n == 1) {
        json_t *one = json_incref(json_array_get(out, 0));
        json_decref(out);
        serve_reply_json(r, serve_http_status((int)worst), (int)worst, one);
    } else {
        serve_reply_json(r, serve_http_status((int)worst), (int)worst, out);
    }
    free_batch(g, &b);
}

/* The puzzles drawn alone (the page shows a pasted puzzle before it is solved), each with
 * its text in the game's first format (a page can replay moves on it). */
static void run_draw(const api_request *q, serve_reply *r) {
    const gopt_game *g = q->game;
    api_batch b = {0};
    gopt_error err = {0};
    if (!parse_all(q, &b, &err)) {
        free_batch(g, &b);
        return api_input_error(r, &err);
    }
    json_t *out = json_array();
    for (size_t i = 0; i < b.n && !err.set; i++) {
        char *svg = api_render_svg(g, b.puzzles[i], NULL, &err);
        if (!svg) break;
        json_t *j = json_object();
        json_object_set_new(j, "name", json_string(b.names[i]));
        json_object_set_new(j, "svg", json_string(svg));
        if (g->format && g->formats && g->formats[0]) { /* the puzzle in the game's first format, for the page */
            char *text = g->format(b.puzzles[i], NULL, g->formats[0]);
            if (text) json_object_set_new(j, "text", json_string(text));
            free(text);
        }
        json_array_append_new(out, j);
        free(svg);
    }
    if (err.set) {
        char buf[1024];
        json_decref(out);
        serve_reply_error(r, 500, 4, "%s", gopt_error_text(&err, buf, sizeof buf));
    } else {
        if (b.n == 1) {
            json_t *one = json_incref(json_array_get(out, 0));
            json_decref(out);
            out = one;
        }
        serve_reply_json(r, 200, 0, out);
    }
    free_batch(g, &b);
}

/* "args": the words a verb takes after its input on the command line (flood hint's moves,
 * tokens show's tiles). None may be a file of the server: a word with '/', "-", or the name
 * of anything in the server's folder is refused. */
static bool read_args(api_request *q, json_t *args) {
    if (!args || json_is_null(args)) return true;
    if (!json_is_array(args) || json_array_size(args) > API_MAX_TEXTS)
        return snprintf(q->why, sizeof q->why, "\"args\" must be a list of at most %d words", API_MAX_TEXTS), false;
    if (!q->verb || !q->verb->run || (strcmp(q->verb_name, "solve") == 0 && q->game->parse && q->game->solve))
        return snprintf(q->why, sizeof q->why, "%s %s takes no \"args\"", q->game->name, q->verb_name), false;
    size_t i;
    json_t *a;
    json_array_foreach(args, i, a) {
        const char *w = json_string_value(a);
        struct stat st;
        if (!w || !*w || strchr(w, '/') || strcmp(w, "-") == 0 || stat(w, &st) == 0)
            return snprintf(q->why, sizeof q->why, "\"args\": each must be a word that names no file on the server"), false;
        q->args[q->nargs++] = (char *)w;
    }
    return true;
}

/* The body's fields; false with q->why set when the request is malformed. */
static bool read_request(api_request *q, json_t *req) {
    if (!json_is_object(req))
        return snprintf(q->why, sizeof q->why, "expected an object {\"input\": TEXT, \"options\": {...}}"), false;
    const char *key;
    json_t *v;
    json_object_foreach(req, key, v) {
        if (strcmp(key, "input") != 0 && strcmp(key, "options") != 0 && strcmp(key, "picture") != 0 &&
            strcmp(key, "args") != 0 && strcmp(key, "answer") != 0)
            return snprintf(q->why, sizeof q->why, "unknown field '%s' (input, answer, args, options, picture)", key), false;
    }
    if (!read_args(q, json_object_get(req, "args"))) return false;
    json_t *input = json_object_get(req, "input");
    if (input && !json_is_null(input) && !json_is_string(input))
        return snprintf(q->why, sizeof q->why, "\"input\" must be the puzzle text (a string)"), false;
    if (json_is_string(input)) {
        q->input = json_string_value(input);
        q->input_len = json_string_length(input);
    }
    /* "answer": a second file's text for verbs that read two (flow check PUZZLE ANSWER, flood
     * check BOARDS SOLUTIONS), written beside the input as a file named `answer`. */
    json_t *answer = json_object_get(req, "answer");
    if (answer && !json_is_null(answer) && !json_is_string(answer))
        return snprintf(q->why, sizeof q->why, "\"answer\" must be text (a string)"), false;
    if (json_is_string(answer)) {
        q->answer = json_string_value(answer);
        q->answer_len = json_string_length(answer);
    }
    /* The page's draw and the in-memory solve read the input; a declared verb reads it when
     * its usage names an argument, and needs it unless the argument is optional ("[...]"). */
    const char *usage = q->verb && q->verb->usage ? q->verb->usage : "";
    bool own_reader = !q->verb || (strcmp(q->verb_name, "solve") == 0 && q->game->parse && q->game->solve);
    bool reads = own_reader || usage[0];
    if (!q->input && (own_reader || (usage[0] && usage[0] != '[' && !q->nargs)))
        return snprintf(q->why, sizeof q->why, "\"input\" must be the puzzle text (a string)"), false;
    if (q->input && !reads)
        return snprintf(q->why, sizeof q->why, "%s %s takes no input, only options", q->game->name, q->verb_name), false;
    if (q->answer && (own_reader || !q->input || !strchr(usage, ' ')))
        return snprintf(q->why, sizeof q->why, "%s %s reads no second text (\"answer\")", q->game->name, q->verb_name), false;
    json_t *picture = json_object_get(req, "picture");
    if (picture && !json_is_null(picture)) {
        const char *p = json_is_string(picture) ? json_string_value(picture) : "";
        if (strcmp(p, "svg") != 0 && strcmp(p, "none") != 0)
            return snprintf(q->why, sizeof q->why, "\"picture\": expected \"svg\" or \"none\""), false;
        q->svg = strcmp(p, "svg") == 0;
    }
    return api_read_options(q, json_object_get(req, "options"));
}

/* `solve` and `draw` go through the game's functions on the input in memory (puzzles named
 * as stdin's); other declared verbs through their run functions. */
static bool in_memory_solve(const gopt_game *g, const char *verb) {
    return strcmp(verb, "solve") == 0 && g->parse && g->solve;
}

static bool can_draw(const gopt_game *g, const char *verb) {
    return strcmp(verb, "draw") == 0 && g->parse && g->render;
}

void serve_api_call(const serve_api *api, const char *game, const char *verb, const char *body, size_t len,
                    const atomic_int *cancel, serve_reply *r) {
    *r = (serve_reply){0};
    const gopt_game *g = gopt_game_find(game);
    if (!g) return serve_reply_error(r, 404, 2, "unknown game '%s' (GET /api/games lists them)", game);
    const gopt_verb *v = gopt_verb_find(g, verb);
    if (!can_draw(g, verb) && (!v || !v->run))
        return serve_reply_error(r, 404, 2, "%s: unknown verb '%s' (GET /api/games lists them)", g->name, verb);
    gopt_error err = {0};
    json_t *req = gopt_json_parse("request", body ? body : "", len, &err);
    if (!req) return api_input_error(r, &err);
    api_request q = {.game = g, .verb = can_draw(g, verb) ? NULL : v, .verb_name = verb};
    if (!read_request(&q, req)) serve_reply_error(r, 400, 2, "%s", q.why);
    else if (q.opts.method && gopt_method_index(g, q.opts.method) < 0)
        serve_reply_error(r, 400, 2, "%s: unknown method '%s' (see gameopt %s %s --help)", g->name, q.opts.method, g->name, verb);
    else if (q.opts.format && !in_list(g->formats, q.opts.format))
        serve_reply_error(r, 400, 2, "%s: unknown format '%s' (see gameopt %s %s --help)", g->name, q.opts.format, g->name, verb);
    else {
        api_apply_limits(&q, api->config);
        q.opts.cancel = cancel; /* a hang-up stops the solve at its next check (stop.h) */
        if (can_draw(g, verb)) run_draw(&q, r);
        else if (in_memory_solve(g, verb)) run_solve(&q, cancel, r);
        else api_run_verb(&q, r);
    }
    for (int i = 0; i < q.ntexts; i++) free(q.texts[i]);
    json_decref(req);
}
