/* GET /api/games: what the page (or any client) can ask, read from the game tables: each
 * family's verbs, input formats, methods (the first is the default), and every verb's
 * options from the option tables (type, default, range, choices, help), without those the
 * API refuses (files, the server's own); and the server's limits. */
#include <string.h>

#include "serve/api_internal.h"

static json_t *strings(const char *const *list) {
    json_t *a = json_array();
    for (; list && *list; list++) json_array_append_new(a, json_string(*list));
    return a;
}

/* The verb's options as the option tables declare them, without those the API refuses. */
static json_t *offered_options(const gopt_game *g, const gopt_verb *v) {
    json_t *all = gopt_verb_options_json(g, v), *kept = json_array();
    size_t i;
    json_t *o;
    json_array_foreach(all, i, o) {
        const char *name = json_string_value(json_object_get(o, "name"));
        const gopt_opt *spec = gopt_opt_find(v->options, name);
        /* json: every answer is JSON already */
        if (!spec && (api_option_refused(name) || strcmp(name, "json") == 0)) continue;
        if (spec && !api_option_offered(spec)) continue;
        json_array_append(kept, o);
    }
    json_decref(all);
    return kept;
}

static json_t *verb_json(const char *name, const char *summary, const char *usage, json_t *options, bool pictures) {
    json_t *v = json_object();
    json_object_set_new(v, "name", json_string(name));
    json_object_set_new(v, "summary", json_string(summary ? summary : ""));
    json_object_set_new(v, "usage", json_string(usage ? usage : ""));
    json_object_set_new(v, "input", json_string(!usage || !usage[0] ? "none" : usage[0] == '[' ? "optional" : "required"));
    json_object_set_new(v, "pictures", json_boolean(pictures));
    json_object_set_new(v, "options", options);
    return v;
}

static json_t *game(const gopt_game *g) {
    json_t *j = json_object();
    json_object_set_new(j, "name", json_string(g->name));
    json_object_set_new(j, "summary", json_string(g->summary ? g->summary : ""));
    json_object_set_new(j, "formats", strings(g->formats));
    json_object_set_new(j, "methods", strings(g->methods));
    json_t *verbs = json_array();
    for (const gopt_verb *v = g->verbs; v && v->name; v++) {
        if (!v->run) continue;
        bool solve = strcmp(v->name, "solve") == 0 && g->parse && g->solve;
        json_array_append_new(verbs, verb_json(v->name, v->summary, solve ? "FILE" : v->usage, offered_options(g, v),
                                               solve ? g->render != NULL : (v->common & GOPT_COMMON_OUTPUT) != 0));
    }
    if (g->parse && g->render) {
        gopt_verb only_format = {.common = GOPT_COMMON_FORMAT};
        json_t *format = gopt_verb_options_json(g, &only_format);
        json_array_append_new(verbs, verb_json("draw", "the puzzles of the input drawn as SVG", "FILE", format, true));
    }
    json_object_set_new(j, "verbs", verbs);
    return j;
}

void serve_api_games(const serve_api *api, serve_reply *r) {
    json_t *j = json_object();
    json_object_set_new(j, "version", json_string(gopt_version()));
    json_t *games = json_array();
    for (const gopt_game *const *g = gopt_games; *g; g++) json_array_append_new(games, game(*g));
    json_object_set_new(j, "games", games);
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
