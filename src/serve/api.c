/* The API's request handler: POST /api/<game>/<verb> with {"input", "inputs", "args",
 * "options", "picture"} is one call of the JSON entry point (include/gameopt/api.h), the
 * game and verb taken from the path, bounded by the server's limits and cancelled when the
 * client hangs up; the reply is the entry point's. GET /api/games lists what can be asked.
 * Nothing here knows a game, reads a file or runs a verb itself. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/api.h"
#include "serve/serve.h"

int serve_http_status(int exit_code) {
    switch (exit_code) {
    case GOPT_SOLVED: return 200;
    case GOPT_INFEASIBLE: return 422; /* proven: no solution (the answers are in the body) */
    case GOPT_BAD_INPUT: return 400;  /* bad input or options */
    case GOPT_LIMIT: return 200;      /* a limit stopped the method: status "unknown" in the body */
    default: return 500;              /* internal error */
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
    char *line = gopt_format("gameopt: %s", msg);
    json_t *text = json_string(line); /* invalid UTF-8 in msg: jansson gives NULL */
    if (!text) text = json_string("gameopt: (unprintable message)");
    free(line);
    json_t *j = json_pack("{s:i, s:s, s:[], s:s, s:s, s:[], s:{s:o, s:s, s:i, s:i, s:s}}", "exit", exit_code, "status",
                          gopt_status_name((gopt_status)exit_code), "answers", "text", "", "warnings", "", "outputs",
                          "error", "text", text, "file", "", "line", 0, "column", 0, "message", msg);
    if (!j) j = json_pack("{s:i, s:{s:s}}", "exit", exit_code, "error", "text", "gameopt: (unprintable message)");
    serve_reply_json(r, http, exit_code, j);
}

void serve_reply_free(serve_reply *r) {
    free(r->body);
    *r = (serve_reply){0};
}

/* ---- GET /api/games ---- */

/* The options a request may give: not those naming files of the server (types path and
 * state; outputs only as "-"), nor the server's own (threads: one worker a request; shard,
 * progress). */
static bool offered(const json_t *o) {
    const char *type = json_string_value(json_object_get(o, "type"));
    const char *name = json_string_value(json_object_get(o, "name"));
    return strcmp(type, "path") != 0 && strcmp(type, "state") != 0 && strcmp(name, "threads") != 0 && strcmp(name, "shard") != 0 &&
           strcmp(name, "progress") != 0 && strcmp(name, "output") != 0 && strcmp(name, "json") != 0;
}

void serve_api_games(const serve_api *api, serve_reply *r) {
    json_t *j = gopt_games_json();
    json_object_set_new(j, "version", json_string(gopt_version()));
    size_t gi, vi, oi;
    json_t *g, *v, *o;
    json_array_foreach(json_object_get(j, "games"), gi, g) {
        const gopt_game *game = gopt_game_find(json_string_value(json_object_get(g, "name")));
        json_array_foreach(json_object_get(g, "verbs"), vi, v) {
            const gopt_verb *verb = gopt_verb_find(game, json_string_value(json_object_get(v, "name")));
            const char *usage = verb->usage ? verb->usage : "";
            /* "[FILE...]" reads stdin without a file: over the API that is its input, required */
            bool puzzles = strncmp(usage, "[FILE", 5) == 0;
            json_object_set_new(v, "input",
                                json_string(!usage[0] ? "none" : usage[0] == '[' && !puzzles ? "optional" : "required"));
            json_object_set_new(v, "pictures", json_boolean((verb->common & GOPT_COMMON_OUTPUT) != 0));
            json_t *kept = json_array();
            json_array_foreach(json_object_get(v, "options"), oi, o) if (offered(o)) json_array_append(kept, o);
            json_object_set_new(v, "options", kept);
        }
    }
    const serve_config *c = api->config;
    if (c) {
        json_t *limits = json_object();
        json_object_set_new(limits, "time_limit", json_real(c->time_limit));
        json_object_set_new(limits, "memory_limit_mb", json_real(c->memory_limit_mb));
        json_object_set_new(limits, "max_body_bytes", json_integer((json_int_t)c->max_body));
        json_object_set_new(limits, "threads", json_integer(c->threads));
        json_object_set_new(limits, "queue", json_integer(c->queue));
        json_object_set_new(j, "limits", limits);
    }
    serve_reply_json(r, 200, 0, j);
}

/* ---- POST /api/<game>/<verb> ---- */

void serve_api_call(const serve_api *api, const char *game, const char *verb, const char *body, size_t len,
                    const atomic_int *cancel, const gopt_progress_sink *progress, serve_reply *r) {
    *r = (serve_reply){0};
    const gopt_game *g = gopt_game_find(game);
    if (!g) return serve_reply_error(r, 404, 2, "unknown game '%s' (GET /api/games lists them)", game);
    if (!gopt_verb_find(g, verb))
        return serve_reply_error(r, 404, 2, "%s: unknown verb '%s' (GET /api/games lists them)", g->name, verb);
    gopt_error err = {0};
    json_t *req = gopt_json_parse("request", body ? body : "", len, &err);
    if (!req) {
        char buf[1024];
        return serve_reply_error(r, 400, 2, "%s", gopt_error_text(&err, buf, sizeof buf));
    }
    if (!json_is_object(req) || json_object_get(req, "game") || json_object_get(req, "verb")) {
        json_decref(req);
        return serve_reply_error(r, 400, 2, "expected an object {\"input\", \"options\", ...} (the path names the game and verb)");
    }
    json_object_set_new(req, "game", json_string(g->name));
    json_object_set_new(req, "verb", json_string(verb));
    const serve_config *c = api->config;
    /* one worker a request: the server's --threads runs requests side by side */
    gopt_api_env env = {c ? c->time_limit : 0, c ? c->memory_limit_mb : 0, 1, cancel, progress};
    json_t *reply = gopt_api_run(req, &env);
    json_decref(req);
    int code = (int)json_integer_value(json_object_get(reply, "exit"));
    serve_reply_json(r, serve_http_status(code), code, reply);
}
