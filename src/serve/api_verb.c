/* Every other verb a game declares (flood `hint`, tokens `upgrade`, taxis `play`, ...), run
 * through its run function exactly as the command line runs it, with its output captured in
 * memory. The request's input, when the verb reads one, is written to a file the server
 * chooses in a private temporary folder, named `stdin` so answers name it as the command line
 * names standard input; messages that mention that path say `-`, as the command line's do.
 * A picture, when asked, is drawn to a file of that folder too (the verb's --output) and
 * returned as "svg". */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "serve/api_internal.h"

typedef struct scratch {
    char dir[256];
    char input[300];
    char answer[300];
    char picture[300];
} scratch;

static bool make_scratch(scratch *s) {
    const char *tmp = getenv("TMPDIR");
    snprintf(s->dir, sizeof s->dir, "%s/gameopt-serve-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(s->dir)) return false;
    snprintf(s->input, sizeof s->input, "%s/stdin", s->dir);
    snprintf(s->answer, sizeof s->answer, "%s/answer", s->dir);
    snprintf(s->picture, sizeof s->picture, "%s/picture.svg", s->dir);
    return true;
}

static void remove_scratch(scratch *s) {
    unlink(s->input);
    unlink(s->answer);
    unlink(s->picture);
    rmdir(s->dir);
}

static bool write_file(const char *path, const char *data, size_t len) {
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fwrite(data, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

/* text with every occurrence of `path` replaced by `shown` (a fresh string). */
static char *replace_path(const char *text, const char *path, const char *shown) {
    gopt_buf b = {0};
    size_t n = strlen(path);
    for (const char *at; (at = strstr(text, path));) {
        gopt_buf_append(&b, text, (size_t)(at - text));
        gopt_buf_puts(&b, shown);
        text = at + n;
    }
    gopt_buf_puts(&b, text);
    return gopt_buf_take(&b);
}

/* The scratch folder's paths as the person knows them: the input "-" (standard input, as on
 * the command line), the answer "answer". */
static char *hide_path(const char *text, const scratch *s) {
    char *a = replace_path(text, s->answer, "answer");
    char *b = replace_path(a, s->input, "-");
    free(a);
    return b;
}

/* The verb's JSON lines as one value (an array for several), or NULL when the output is not
 * JSON lines. */
static json_t *json_lines(const char *out) {
    json_t *all = json_array();
    const char *line = out;
    while (*line) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        if (n > 0) {
            json_error_t je;
            json_t *j = json_loadb(line, n, JSON_DECODE_ANY, &je);
            /* a Flood-It board's row of digits is a JSON number, but not a JSON line */
            if (j && !json_is_object(j) && !json_is_array(j)) json_decref(j), j = NULL;
            if (!j) {
                json_decref(all);
                return NULL;
            }
            json_array_append_new(all, j);
        }
        line += n + (end ? 1 : 0);
    }
    if (json_array_size(all) == 1) {
        json_t *one = json_incref(json_array_get(all, 0));
        json_decref(all);
        return one;
    }
    return all;
}

static void attach_picture(json_t *answer, const char *path) {
    gopt_text t;
    gopt_error ignored = {0};
    if (!json_is_object(answer) || access(path, R_OK) != 0 || !gopt_text_load(&t, path, &ignored)) return;
    json_object_set_new(answer, "svg", json_stringn(t.data, t.len));
    gopt_text_free(&t);
}

static void reply_from(const api_request *q, const scratch *s, int code, gopt_call *call, const char *out,
                       const char *diag, serve_reply *r) {
    if (code == 2 || call->err.set) {
        char buf[1024];
        char *msg = hide_path(call->err.set ? gopt_error_text(&call->err, buf, sizeof buf) : diag, s);
        serve_reply_error(r, 400, 2, "%s", msg);
        free(msg);
        return;
    }
    if (code == 4 && !out[0]) {
        char *msg = hide_path(diag[0] ? diag : "internal error", s);
        size_t n = strlen(msg);
        while (n && msg[n - 1] == '\n') msg[--n] = 0;
        serve_reply_error(r, 500, 4, "%s", strncmp(msg, "gameopt: ", 9) == 0 ? msg + 9 : msg);
        free(msg);
        return;
    }
    char *shown = hide_path(out, s);
    json_t *j = json_lines(shown);
    if (!j) { /* a verb without JSON output: its text */
        j = json_object();
        json_object_set_new(j, "text", json_string(shown));
    }
    free(shown);
    if (q->svg) attach_picture(j, s->picture);
    serve_reply_json(r, serve_http_status(code), code, j);
}

void api_run_verb(const api_request *q, serve_reply *r) {
    scratch s;
    if (!make_scratch(&s)) return serve_reply_error(r, 500, 4, "cannot create a temporary folder");
    char *args[API_MAX_TEXTS + 1];
    gopt_call call = {.game = q->game, .verb = q->verb, .opts = q->opts, .args = args};
    if (q->input) {
        if (!write_file(s.input, q->input, q->input_len)) {
            remove_scratch(&s);
            return serve_reply_error(r, 500, 4, "cannot write a temporary file");
        }
        args[call.nargs++] = s.input;
    }
    if (q->answer) {
        if (!write_file(s.answer, q->answer, q->answer_len)) {
            remove_scratch(&s);
            return serve_reply_error(r, 500, 4, "cannot write a temporary file");
        }
        args[call.nargs++] = s.answer;
    }
    for (int i = 0; i < q->nargs; i++) args[call.nargs++] = q->args[i];
    if (q->svg && (q->verb->common & GOPT_COMMON_OUTPUT)) call.opts.output = s.picture;
    char *out = NULL, *diag = NULL;
    size_t out_len = 0, diag_len = 0;
    call.out = open_memstream(&out, &out_len);
    call.diag = open_memstream(&diag, &diag_len);
    int code = 4;
    /* The request's limits around the whole verb: loops that poll gopt_stop_check() (the mc
     * player, experiments) stop when the client hangs up or the server's time limit passes,
     * also in verbs that set up no solve of their own. */
    gopt_solve_ctx limits;
    gopt_ctx_init(&limits, call.opts.time_limit, call.opts.cancel, NULL);
    gopt_solve_ctx *outer = gopt_ctx_enter(&limits);
    if (call.out && call.diag) code = gopt_call_check(&call) ? q->verb->run(&call) : 2;
    gopt_ctx_enter(outer);
    if (call.out) fclose(call.out);
    if (call.diag) fclose(call.diag);
    reply_from(q, &s, code, &call, out ? out : "", diag ? diag : "", r);
    free(out);
    free(diag);
    remove_scratch(&s);
}
