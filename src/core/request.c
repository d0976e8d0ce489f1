/* The JSON entry point (include/gameopt/api.h): a request read into a gopt_call, run by the
 * driver, and the call's sinks written out as the reply. Nothing here knows a game. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/api.h"
#include "gameopt/game.h"
#include "gameopt/gameopt.h"
#include "gameopt/json.h"

#define MAX_TEXTS 64 /* inputs and args of one request */

typedef struct request {
    gopt_call call;
    bool have_call;
    gopt_input inputs[MAX_TEXTS];
    gopt_source source;
    char *args[MAX_TEXTS + 1];
    gopt_error err;
} request;

static bool fail(request *q, const char *fmt, const char *a, const char *b) {
    char msg[400];
    snprintf(msg, sizeof msg, fmt, a, b ? b : "");
    return gopt_fail(&q->err, "request", 0, 0, "%s", msg);
}

static const char *keep(void *ctx, const char *text) { return gopt_call_keep(ctx, text); }

/* ---- the request's parts ---- */

static bool read_texts(request *q, const json_t *req) {
    const json_t *input = json_object_get(req, "input"), *inputs = json_object_get(req, "inputs");
    int n = 0;
    if (input && !json_is_null(input)) {
        if (!json_is_string(input)) return fail(q, "\"input\" must be a text", "", NULL);
        q->inputs[n++] = (gopt_input){"-", json_string_value(input), json_string_length(input)};
    }
    if (inputs && !json_is_null(inputs)) {
        if (!json_is_array(inputs) || json_array_size(inputs) + (size_t)n > MAX_TEXTS)
            return fail(q, "\"inputs\" must be a list of at most 64 {\"name\", \"text\"}", "", NULL);
        size_t i;
        const json_t *it;
        json_array_foreach(inputs, i, it) {
            const json_t *name = json_object_get(it, "name"), *text = json_object_get(it, "text");
            if (!json_is_object(it) || !json_is_string(name) || !json_string_length(name) || !json_is_string(text))
                return fail(q, "\"inputs\": each must be {\"name\": NAME, \"text\": TEXT}", "", NULL);
            for (int k = 0; k < n; k++)
                if (strcmp(q->inputs[k].name, json_string_value(name)) == 0)
                    return fail(q, "\"inputs\": the name '%s' is given twice", json_string_value(name), NULL);
            q->inputs[n++] = (gopt_input){json_string_value(name), json_string_value(text), json_string_length(text)};
        }
    }
    q->source = (gopt_source){q->inputs, n, NULL};
    return true;
}

/* The words after the verb: "-" for "input", then "args". */
static bool read_args(request *q, const json_t *req) {
    const json_t *args = json_object_get(req, "args");
    int n = 0;
    if (json_object_get(req, "input") && !json_is_null(json_object_get(req, "input"))) q->args[n++] = "-";
    if (args && !json_is_null(args)) {
        if (!json_is_array(args) || json_array_size(args) + (size_t)n > MAX_TEXTS)
            return fail(q, "\"args\" must be a list of at most 64 words", "", NULL);
        size_t i;
        const json_t *a;
        json_array_foreach(args, i, a) {
            if (!json_is_string(a) || !json_string_length(a)) return fail(q, "\"args\": each must be a word", "", NULL);
            q->args[n++] = (char *)json_string_value(a);
        }
    }
    q->call.args = q->args;
    q->call.nargs = n;
    return true;
}

/* One option from JSON: flags take true (false leaves them unset), values take text or a
 * number, as a form would send them. */
static bool read_option(request *q, const char *name, const json_t *v) {
    gopt_call *c = &q->call;
    unsigned common = c->verb->common | GOPT_COMMON_ALWAYS;
    const gopt_opt *spec = gopt_opt_lookup(c->verb->options, common, name);
    if (json_is_null(v)) return true; /* a form's empty field: the default */
    if (spec && (spec->type == GOPT_OPT_PATH || spec->type == GOPT_OPT_STATE)) return fail(q, "option '%s' names a file of this machine: not available here", name, NULL);
    if (spec && spec->type == GOPT_OPT_OUTPUT && !(json_is_string(v) && strcmp(json_string_value(v), "-") == 0))
        return fail(q, "option '%s' names a file of this machine: not available here (\"-\" puts that output in the reply)",
                    name, NULL);
    char number[64];
    const char *value;
    if (json_is_boolean(v)) {
        if (spec && spec->type != GOPT_OPT_FLAG) return fail(q, "option '%s': expected a value, not true or false", name, NULL);
        if (json_is_false(v)) return true;
        value = NULL;
    } else if (json_is_string(v)) {
        value = json_string_value(v);
        if (spec && spec->type == GOPT_OPT_FLAG) return fail(q, "option '%s': expected true or false", name, NULL);
    } else if (json_is_integer(v)) {
        snprintf(number, sizeof number, "%lld", (long long)json_integer_value(v));
        value = number;
    } else if (json_is_real(v) && isfinite(json_real_value(v))) {
        snprintf(number, sizeof number, "%.17g", json_real_value(v));
        value = number;
    } else {
        return fail(q, "option '%s': expected a text, a number, true or false", name, NULL);
    }
    gopt_error err = {0};
    if (!gopt_opt_set(&c->opts, c->verb->options, common, name, value, keep, c, &err)) {
        q->err = err;
        return false;
    }
    return true;
}

static bool read_options(request *q, const json_t *req) {
    const json_t *options = json_object_get(req, "options"), *picture = json_object_get(req, "picture");
    if (options && !json_is_null(options)) {
        if (!json_is_object(options)) return fail(q, "\"options\" must be an object", "", NULL);
        const char *name;
        const json_t *v;
        json_object_foreach((json_t *)options, name, v) if (!read_option(q, name, v)) return false;
    }
    if (picture && !json_is_null(picture)) {
        gopt_picture_format f = json_is_string(picture) ? gopt_picture_format_named(json_string_value(picture)) : GOPT_PIC_NONE;
        if (f == GOPT_PIC_NONE) return fail(q, "\"picture\" must be \"svg\", \"png\" or \"pdf\"", "", NULL);
        q->call.opts.picture = f;
    }
    return true;
}

/* The smaller of two limits, 0 meaning none. */
static double bounded(double asked, double cap) {
    if (cap <= 0) return asked;
    return asked > 0 && asked < cap ? asked : cap;
}

static void apply_env(gopt_options *o, const gopt_api_env *env) {
    if (!env) return;
    o->time_limit = bounded(o->time_limit, env->time_limit);
    o->memory_limit_mb = bounded(o->memory_limit_mb, env->memory_limit_mb);
    if (env->max_threads > 0 && o->threads > env->max_threads) o->threads = env->max_threads;
    o->cancel = env->cancel;
    o->progress_sink = env->progress;
}

static bool read_request(request *q, const json_t *req, const gopt_api_env *env) {
    static const char *const fields[] = {"game", "verb", "input", "inputs", "args", "options", "picture", NULL};
    if (!json_is_object(req)) return fail(q, "expected an object {\"game\", \"verb\", \"input\", \"options\", ...}", "", NULL);
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)req, key, v) {
        bool known = false;
        for (int i = 0; fields[i]; i++) known |= strcmp(fields[i], key) == 0;
        if (!known) return fail(q, "unknown field '%s' (expected game, verb, input, inputs, args, options, picture)", key, NULL);
    }
    const char *game = json_string_value(json_object_get(req, "game"));
    const char *verb = json_string_value(json_object_get(req, "verb"));
    if (!game || !verb) return fail(q, "\"game\" and \"verb\" must be texts", "", NULL);
    const gopt_game *g = gopt_game_find(game);
    if (!g) return fail(q, "unknown game '%s'", game, NULL);
    const gopt_verb *vb = gopt_verb_find(g, verb);
    if (!vb) return fail(q, "%s: unknown verb '%s'", g->name, verb);
    gopt_call_init(&q->call, g, vb);
    q->have_call = true;
    /* a reply is JSON: verbs that print either text or JSON answer as with --json */
    q->call.opts.json = true;
    if (!read_texts(q, req) || !read_args(q, req) || !read_options(q, req)) return false;
    q->call.opts.source = &q->source;
    apply_env(&q->call.opts, env);
    return true;
}

/* ---- the reply ---- */

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static json_t *base64(const char *data, size_t len) {
    gopt_buf b = {0};
    const unsigned char *p = (const unsigned char *)data;
    for (size_t i = 0; i < len; i += 3) {
        unsigned v = (unsigned)p[i] << 16 | (i + 1 < len ? (unsigned)p[i + 1] << 8 : 0) | (i + 2 < len ? p[i + 2] : 0);
        char out[4] = {b64[v >> 18 & 63], b64[v >> 12 & 63], i + 1 < len ? b64[v >> 6 & 63] : '=', i + 2 < len ? b64[v & 63] : '='};
        gopt_buf_append(&b, out, 4);
    }
    json_t *j = json_string(b.data ? b.data : "");
    gopt_buf_free(&b);
    return j;
}

static const char *media_type(const char *ext) {
    static const char *const types[][2] = {{"svg", "image/svg+xml"}, {"png", "image/png"}, {"pdf", "application/pdf"},
                                           {"json", "application/json"}, {"csv", "text/csv"}, {"dot", "text/vnd.graphviz"},
                                           {"lp", "text/plain"}, {"txt", "text/plain"}};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (strcmp(types[i][0], ext) == 0) return types[i][1];
    return "application/octet-stream";
}

static json_t *outputs_json(const gopt_call *c) {
    json_t *a = json_array();
    for (size_t i = 0; i < c->nsides; i++) {
        const gopt_side *s = &c->sides[i];
        json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s}", "role", s->role, "option", s->option, "name", s->name, "ext",
                              s->ext, "type", media_type(s->ext));
        bool binary = strcmp(s->ext, "png") == 0 || strcmp(s->ext, "pdf") == 0;
        json_t *text = binary ? NULL : json_stringn(s->data, s->len); /* NULL for bytes that are not UTF-8 */
        if (text) json_object_set_new(o, "text", text);
        else json_object_set_new(o, "base64", base64(s->data, s->len));
        json_array_append_new(a, o);
    }
    return a;
}

/* A text as JSON, whatever its bytes (a message may quote input that is not UTF-8). */
static json_t *text_json(const char *s, size_t n) {
    json_t *j = json_stringn(s, n);
    return j ? j : json_string("(text that is not UTF-8)");
}

static json_t *error_json(const gopt_error *err) {
    char buf[1024];
    char *line = gopt_format("gameopt: %s", gopt_error_text(err, buf, sizeof buf));
    json_t *j = json_object();
    json_object_set_new(j, "text", text_json(line, strlen(line)));
    json_object_set_new(j, "file", text_json(err->file, strlen(err->file)));
    json_object_set_new(j, "line", json_integer(err->line));
    json_object_set_new(j, "column", json_integer(err->col));
    json_object_set_new(j, "message", text_json(err->msg, strlen(err->msg)));
    free(line);
    return j;
}

static json_t *reply(request *q, int code) {
    json_t *r = json_object();
    json_object_set_new(r, "exit", json_integer(code));
    json_object_set_new(r, "status", json_string(gopt_status_name((gopt_status)code)));
    gopt_call *c = &q->call;
    size_t n;
    json_object_set_new(r, "answers", q->have_call ? json_incref(c->answers) : json_array());
    const char *text = q->have_call ? gopt_call_text(c, &n) : (n = 0, "");
    json_object_set_new(r, "text", text_json(text, n));
    text = q->have_call ? gopt_call_warnings(c, &n) : (n = 0, "");
    json_object_set_new(r, "warnings", text_json(text, n));
    json_object_set_new(r, "outputs", q->have_call ? outputs_json(c) : json_array());
    const gopt_error *err = q->err.set ? &q->err : q->have_call && c->err.set ? &c->err : NULL;
    if (err) json_object_set_new(r, "error", error_json(err));
    return r;
}

json_t *gopt_api_run(const json_t *req, const gopt_api_env *env) {
    request *q = gopt_calloc(1, sizeof *q);
    int code = read_request(q, req, env) ? gopt_call_run(&q->call) : GOPT_BAD_INPUT;
    if (code == GOPT_ERROR && !q->call.err.set && q->have_call) {
        size_t n;
        const char *w = gopt_call_warnings(&q->call, &n);
        if (n) gopt_fail(&q->call.err, "", 0, 0, "%.*s", (int)(n && w[n - 1] == '\n' ? n - 1 : n), w);
    }
    json_t *r = reply(q, code);
    if (q->have_call) gopt_call_free(&q->call);
    free(q);
    return r;
}

char *gopt_api_call(const char *text, size_t len, const gopt_api_env *env) {
    gopt_error err = {0};
    json_t *req = text ? gopt_json_parse("request", text, len, &err) : NULL;
    json_t *r;
    if (!req) {
        if (!err.set) gopt_fail(&err, "request", 0, 0, "no request");
        request *q = gopt_calloc(1, sizeof *q);
        q->err = err;
        r = reply(q, GOPT_BAD_INPUT);
        free(q);
    } else {
        r = gopt_api_run(req, env);
        json_decref(req);
    }
    char *s = gopt_json_string(r);
    json_decref(r);
    return s;
}

void gopt_api_free(char *reply) { free(reply); }

char *gopt_api_games(void) {
    json_t *j = gopt_games_json();
    json_object_set_new(j, "gameopt", json_string(gopt_version()));
    char *s = gopt_json_string(j);
    json_decref(j);
    return s;
}
