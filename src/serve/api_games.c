/* GET /api/games: what the page (or any client) can ask, read from the game tables: each
 * family's verbs, input formats, methods (the first is the default) and options, the
 * common options with their types and ranges, and the server's limits. */
#include <string.h>

#include "serve/api_internal.h"

static json_t *strings(const char *const *list) {
    json_t *a = json_array();
    for (; list && *list; list++) json_array_append_new(a, json_string(*list));
    return a;
}

static json_t *option(const char *name, const char *type, const char *arg, const char *help) {
    json_t *o = json_object();
    json_object_set_new(o, "name", json_string(name));
    json_object_set_new(o, "type", json_string(type));
    if (arg) json_object_set_new(o, "arg", json_string(arg));
    json_object_set_new(o, "help", json_string(help));
    return o;
}

static json_t *ranged(json_t *o, double min, double max) {
    json_object_set_new(o, "min", json_real(min));
    json_object_set_new(o, "max", json_real(max));
    return o;
}

/* The options every verb shares; the ranges are those api_options.c enforces. */
static json_t *common_options(void) {
    json_t *a = json_array();
    json_array_append_new(a, option("format", "choice", "FMT", "input format (guessed when omitted)"));
    json_array_append_new(a, option("method", "choice", "M", "solution method (the first listed is the default)"));
    json_array_append_new(a, ranged(option("time-limit", "number", "S", "give up after S seconds (status unknown)"), 0, 1e9));
    json_array_append_new(a, ranged(option("memory-limit", "number", "MB", "give up beyond MB megabytes"), 1, 1e9));
    json_array_append_new(a, ranged(option("count", "integer", "N", "look for up to N solutions (2 proves uniqueness)"), 1, 1e9));
    json_array_append_new(a, ranged(option("seed", "integer", "N", "random seed (default 1)"), 0, 9007199254740992.0));
    json_array_append_new(a, option("stats", "flag", NULL, "add the work counters (nodes, conflicts, cuts, ...)"));
    json_array_append_new(a, option("verify", "flag", NULL, "check every answer before answering (default true)"));
    json_array_append_new(a, option("quiet", "flag", NULL, "less detail"));
    return a;
}

static json_t *own_options(const serve_option *list) {
    json_t *a = json_array();
    for (; list && list->name; list++)
        json_array_append_new(a, option(list->name, list->arg ? "string" : "flag", list->arg, list->help));
    return a;
}

static json_t *verb(const char *name, const char *summary, json_t *options) {
    json_t *v = json_object();
    json_object_set_new(v, "name", json_string(name));
    json_object_set_new(v, "summary", json_string(summary));
    json_object_set_new(v, "options", options);
    return v;
}

static json_t *game(const serve_game *sg) {
    const gopt_game *g = sg->game;
    json_t *j = json_object();
    json_object_set_new(j, "name", json_string(g->name));
    json_object_set_new(j, "summary", json_string(sg->summary ? sg->summary : g->summary ? g->summary : ""));
    json_object_set_new(j, "formats", strings(g->formats));
    json_object_set_new(j, "methods", strings(g->methods));
    json_t *verbs = json_array();
    if (g->solve) json_array_append_new(verbs, verb("solve", "solve the puzzles of the input", own_options(sg->solve_options)));
    if (g->render) json_array_append_new(verbs, verb("draw", "the puzzles of the input drawn as SVG", json_array()));
    json_object_set_new(j, "verbs", verbs);
    json_object_set_new(j, "pictures", json_boolean(g->render != NULL));
    return j;
}

void serve_api_games(const serve_api *api, serve_reply *r) {
    json_t *j = json_object();
    json_object_set_new(j, "version", json_string(gopt_version()));
    json_t *games = json_array();
    for (size_t i = 0; i < api->ngames; i++) json_array_append_new(games, game(&api->games[i]));
    json_object_set_new(j, "games", games);
    json_object_set_new(j, "common_options", common_options());
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
