/* The mid-end: one call of a verb, held in memory. Every front end (the command line, the
 * server, the JSON entry point, tests) builds a gopt_call and runs it here; the verb writes
 * answers, text, warnings and side outputs into sinks this file owns, and the front end
 * takes them out. The envelope every answer shares is written here, once. */
#include <stdarg.h>
#include <stdlib.h>
#include <pthread.h>
#include <string.h>
#include <strings.h>

#include "core/manifest.h"
#include "core/sha256.h"
#include "gameopt/alloc.h"
#include "gameopt/budget.h"
#include "gameopt/game.h"
#include "gameopt/json.h"
#include "gameopt/require.h"
#include "gameopt/stop.h"
#include "gameopt/timer.h"

/* Strings the call keeps for its options: a list freed with the call. */
typedef struct kept {
    struct kept *next;
    char text[];
} kept;

void gopt_call_init(gopt_call *call, const gopt_game *g, const gopt_verb *v) {
    GOPT_REQUIRE(g && v, "a call needs a game and a verb");
    memset(call, 0, sizeof *call);
    call->game = g;
    call->verb = v;
    gopt_options_init(&call->opts);
    call->answers = json_array();
    call->out = open_memstream(&call->out_text, &call->out_len);
    call->diag = open_memstream(&call->diag_text, &call->diag_len);
    GOPT_REQUIRE(call->out && call->diag, "in-memory streams");
}

const char *gopt_call_keep(gopt_call *call, const char *text) {
    size_t n = strlen(text);
    kept *k = gopt_malloc(sizeof *k + n + 1);
    memcpy(k->text, text, n + 1);
    k->next = call->kept;
    call->kept = k;
    return k->text;
}

static void flush_streams(gopt_call *call) {
    if (call->out) fflush(call->out);
    if (call->diag) fflush(call->diag);
}

const char *gopt_call_text(gopt_call *call, size_t *len) {
    flush_streams(call);
    if (len) *len = call->out_text ? call->out_len : 0;
    return call->out_text ? call->out_text : "";
}

const char *gopt_call_warnings(gopt_call *call, size_t *len) {
    flush_streams(call);
    if (len) *len = call->diag_text ? call->diag_len : 0;
    return call->diag_text ? call->diag_text : "";
}

void gopt_call_free(gopt_call *call) {
    if (call->out) fclose(call->out);
    if (call->diag) fclose(call->diag);
    free(call->out_text);
    free(call->diag_text);
    json_decref(call->answers);
    json_decref(call->inputs);
    for (size_t i = 0; i < call->nsides; i++) {
        gopt_side *s = &call->sides[i];
        free(s->role), free(s->option), free(s->name), free(s->ext), free(s->data);
    }
    free(call->sides);
    kept *k = call->kept;
    while (k) {
        kept *next = k->next;
        free(k);
        k = next;
    }
    memset(call, 0, sizeof *call);
}

/* ---- errors ---- */

int gopt_call_usage(gopt_call *call, const char *fmt, ...) {
    if (call->err.set) return GOPT_BAD_INPUT;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    gopt_fail(&call->err, "", 0, 0, "%s", msg);
    return GOPT_BAD_INPUT;
}

int gopt_call_input(gopt_call *call, const gopt_error *err) {
    if (!call->err.set) call->err = *err;
    return GOPT_BAD_INPUT;
}

static _Thread_local gopt_call *current_call;

gopt_call *gopt_call_enter(gopt_call *call) {
    gopt_call *previous = current_call;
    current_call = call;
    return previous;
}

void gopt_call_note_input(const char *name, const char *data, size_t len) {
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER; /* a batch's threads may read */
    gopt_call *call = current_call;
    if (!call || !call->opts.manifest) return;
    char hex[65];
    gopt_sha256_hex(data, len, hex);
    pthread_mutex_lock(&lock);
    if (!call->inputs) call->inputs = json_array();
    size_t i;
    json_t *seen;
    bool known = false;
    json_array_foreach(call->inputs, i, seen) known |= strcmp(json_string_value(json_object_get(seen, "name")), name) == 0;
    if (!known)
        json_array_append_new(call->inputs, json_pack("{s:s, s:I, s:s}", "name", name, "bytes", (json_int_t)len, "sha256", hex));
    pthread_mutex_unlock(&lock);
}

void gopt_warn(const char *fmt, ...) {
    if (!current_call) return;
    va_list ap;
    va_start(ap, fmt);
    fputs("gameopt: ", current_call->diag); /* stdio locks the stream: threads may share it */
    vfprintf(current_call->diag, fmt, ap);
    fputc('\n', current_call->diag);
    va_end(ap);
}

void gopt_call_warn(gopt_call *call, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("gameopt: ", call->diag);
    vfprintf(call->diag, fmt, ap);
    fputc('\n', call->diag);
    va_end(ap);
}

/* ---- checks ---- */

/* The game's spelling of a name given in any case, or NULL when the list lacks it. */
static const char *listed(const char *const *list, const char *s) {
    for (; list && *list; list++)
        if (strcasecmp(*list, s) == 0) return *list;
    return NULL;
}

static bool check_choice(gopt_call *call, const char *what, const char *const *list, const char **value) {
    if (!*value || !list) return true;
    const char *canon = listed(list, *value);
    if (canon) return *value = canon, true;
    const gopt_game *g = call->game;
    const char *near = gopt_closest(*value, list);
    char hint[80] = "";
    if (near) snprintf(hint, sizeof hint, "did you mean '%s'? ", near);
    gopt_call_usage(call, "%s: unknown %s '%s' (%ssee gameopt %s %s --help)", g->name, what, *value, hint, g->name,
                    call->verb->name);
    return false;
}

bool gopt_call_check(gopt_call *call) {
    const gopt_game *g = call->game;
    gopt_options *o = &call->opts;
    if (!check_choice(call, "method", g->methods, &o->method) || !check_choice(call, "format", g->formats, &o->format))
        return false;
    gopt_error err = {0};
    if (!gopt_options_check(o, call->verb->options, &err)) return gopt_call_input(call, &err), false;
    return true;
}

/* ---- answers ---- */

/* The envelope's fields, in the order every answer shows them. */
static json_t *envelope(gopt_call *call, const gopt_answer *a) {
    json_t *j = json_object();
    json_object_set_new(j, "name", json_string(a && a->name ? a->name : ""));
    json_object_set_new(j, "status", json_string(gopt_status_name(a ? a->status : GOPT_SOLVED)));
    if (a) {
        json_object_set_new(j, "method", a->method ? json_string(a->method) : json_null());
        gopt_json_set_times(j, a->seconds, a->cpu_seconds);
        if (a->note[0]) json_object_set_new(j, "note", json_string(a->note));
        if (call->opts.stats) json_object_set_new(j, "stats", gopt_counters_json(&a->counters));
    }
    return j;
}

void gopt_call_answer(gopt_call *call, const gopt_answer *a, json_t *fields) {
    json_t *j = envelope(call, a);
    if (fields) {
        const char *key;
        json_t *v;
        json_object_foreach(fields, key, v) {
            GOPT_REQUIRE(!json_object_get(j, key), "a family wrote the envelope's field '%s'", key);
            json_object_set(j, key, v);
        }
        json_decref(fields);
    }
    if (call->opts.manifest) json_object_set_new(j, "manifest", gopt_manifest_json(call));
    json_array_append_new(call->answers, j);
    if (a) call->worst = gopt_status_worst(call->worst, a->status);
}

void gopt_call_check_result(gopt_call *call, const char *name, bool ok, const char *reason, json_t *fields,
                            const char *text) {
    gopt_answer a = {.name = name, .status = ok ? GOPT_SOLVED : GOPT_INFEASIBLE, .method = "check"};
    json_t *f = json_object();
    json_object_set_new(f, "ok", json_boolean(ok));
    if (!ok) json_object_set_new(f, "reason", json_string(reason ? reason : ""));
    if (fields) {
        json_object_update(f, fields);
        json_decref(fields);
    }
    gopt_call_answer(call, &a, f);
    if (text) fputs(text, call->out);
    else if (!ok || !call->opts.quiet) fprintf(call->out, "%s: %s%s\n", name, ok ? "ok" : "wrong: ", ok ? "" : reason);
}

/* ---- side outputs ---- */

void gopt_call_side(gopt_call *call, const char *role, const char *option, const char *name, const char *ext,
                    const char *data, size_t len) {
    gopt_grow(&call->sides, &call->sides_cap, call->nsides + 1, sizeof *call->sides);
    long number = 1;
    for (size_t i = 0; i < call->nsides; i++)
        if (strcmp(call->sides[i].option, option ? option : "") == 0) number++;
    gopt_buf with = {0}; /* --manifest: in CSV's first line, in SVG's metadata */
    if (call->opts.manifest && ext && gopt_manifest_decorate(call, ext, data, len, &with)) data = with.data, len = with.len;
    gopt_side *s = &call->sides[call->nsides++];
    *s = (gopt_side){.role = gopt_strdup(role), .option = gopt_strdup(option ? option : ""),
                     .name = gopt_strdup(name ? name : ""), .ext = gopt_strdup(ext ? ext : ""),
                     .data = gopt_malloc(len + 1), .len = len, .number = number};
    if (len) memcpy(s->data, data, len);
    s->data[len] = 0;
    gopt_buf_free(&with);
}

bool gopt_call_picture(gopt_call *call, const char *name, gopt_canvas *canvas) {
    if (!canvas) return true;
    gopt_picture_format f = call->opts.picture;
    bool ok = true;
    if (f != GOPT_PIC_NONE) {
        gopt_buf b = {0};
        gopt_error err = {0};
        ok = gopt_canvas_encode(canvas, f, call->opts.output ? call->opts.output : name, &b, &err);
        if (ok) gopt_call_side(call, "picture", "output", name, gopt_picture_ext(f), b.data ? b.data : "", b.len);
        else gopt_call_input(call, &err);
        gopt_buf_free(&b);
    }
    gopt_canvas_free(canvas);
    return ok;
}

/* ---- running ---- */

/* --manifest with --csv: the manifest (inputs and all, so after the run) becomes the CSV
 * text's first line, a comment. The text so far moves to a new stream behind it. */
static void csv_manifest_first(gopt_call *call) {
    fclose(call->out);
    char *text = call->out_text;
    size_t len = call->out_len;
    call->out = open_memstream(&call->out_text, &call->out_len);
    GOPT_REQUIRE(call->out, "an in-memory stream");
    gopt_manifest_csv_line(call, call->out);
    fwrite(text, 1, len, call->out);
    free(text);
}

int gopt_call_run(gopt_call *call) {
    GOPT_REQUIRE(call && call->game && call->verb && call->verb->run && call->out, "a prepared call (gopt_call_init)");
    call->started = gopt_now();
    call->worst = GOPT_SOLVED;
    if (!gopt_call_check(call)) return GOPT_BAD_INPUT;
    /* The call's limits around the whole verb, reading and checking included: loops that
     * poll gopt_stop_check() outside a solve of their own (parsers, the mc player,
     * experiments, generators) stop at the time limit, the cancel token or Ctrl-C. Each
     * solve sets up its own context inside this one (gopt_game_solve_checked). */
    gopt_solve_ctx limits;
    gopt_ctx_init(&limits, call->opts.time_limit, call->opts.cancel, NULL);
    gopt_solve_ctx *outer = gopt_ctx_enter(&limits);
    const gopt_source *outer_source = gopt_source_enter(call->opts.source);
    gopt_call *outer_call = gopt_call_enter(call);
    int code = call->verb->run(call);
    /* Reading stopped by the time limit, the cancel token or a signal is a limit reached,
     * not bad input: exit 3, as everywhere else (the message says what stopped it). Only a
     * reason recorded while the verb ran counts, not a deadline passed after it failed. A
     * memory limit met while reading counts when the reader said so (err.limit: a real input
     * that needs more; one that declares more than it holds is bad input, text.h). */
    int why = atomic_load(&limits.stopped);
    if (code == GOPT_BAD_INPUT && call->err.set &&
        (call->err.limit || why == GOPT_STOP_TIME || why == GOPT_STOP_CANCEL || why == GOPT_STOP_SIGNAL || gopt_stop_signalled()))
        code = GOPT_LIMIT;
    if (call->opts.manifest && gopt_option_flag(&call->opts, "csv")) csv_manifest_first(call);
    gopt_call_enter(outer_call);
    gopt_source_enter(outer_source);
    gopt_ctx_enter(outer);
    flush_streams(call);
    return code;
}
