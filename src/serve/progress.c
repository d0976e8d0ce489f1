/* What a request has proven so far, for the page that polls GET /api/progress/ID while its
 * POST runs (issue 29 item 4, issue 30 item 6). The client names its request with a header
 * `X-Gameopt-Progress: ID` (a random word of its own); the solve's progress reports (core's
 * progress.c: at most ten a second) land in the job's serve_progress, and the watcher's pool
 * (pool.c) finds a waiting or running job by its ID. Nothing is kept once the job is freed:
 * the table is the pool's own queue and slots, so it is bounded by --threads + --queue and
 * a client cannot make the server hold more by asking. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve/serve.h"

struct serve_progress {
    gopt_progress_sink sink; /* first: the sink's ctx is the progress itself */
    pthread_mutex_t lock;    /* the solve's thread writes, the server's polling thread reads */
    char id[SERVE_PROGRESS_ID_MAX + 1];
    char label[64];
    int64_t done, total;
    char status[160];
    long reports;
};

bool serve_progress_id_ok(const char *id) {
    size_t n = id ? strlen(id) : 0;
    if (n < SERVE_PROGRESS_ID_MIN || n > SERVE_PROGRESS_ID_MAX) return false;
    for (size_t i = 0; i < n; i++) {
        char c = id[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
            return false;
    }
    return true;
}

static void report(void *ctx, const char *label, int64_t done, int64_t total, const char *status, bool final) {
    serve_progress *p = ctx;
    pthread_mutex_lock(&p->lock);
    snprintf(p->label, sizeof p->label, "%s", label ? label : "");
    p->done = done;
    p->total = total;
    /* the last status of the work stays shown until the answer comes (a final report clears it) */
    if (!final || (status && status[0])) snprintf(p->status, sizeof p->status, "%s", status ? status : "");
    p->reports++;
    pthread_mutex_unlock(&p->lock);
}

serve_progress *serve_progress_new(const char *id) {
    if (!serve_progress_id_ok(id)) return NULL;
    serve_progress *p = gopt_calloc(1, sizeof *p);
    p->sink = (gopt_progress_sink){report, p};
    pthread_mutex_init(&p->lock, NULL);
    snprintf(p->id, sizeof p->id, "%s", id);
    return p;
}

void serve_progress_free(serve_progress *p) {
    if (!p) return;
    pthread_mutex_destroy(&p->lock);
    free(p);
}

bool serve_progress_is(const serve_progress *p, const char *id) { return p && strcmp(p->id, id) == 0; }

const gopt_progress_sink *serve_progress_sink(serve_progress *p) { return p ? &p->sink : NULL; }

/* A string the engines wrote (ASCII in practice); jansson refuses invalid UTF-8: then "". */
static json_t *text(const char *s) {
    json_t *j = json_string(s);
    return j ? j : json_string("");
}

json_t *serve_progress_json(serve_progress *p, double seconds) {
    pthread_mutex_lock(&p->lock);
    json_t *j = json_pack("{s:s, s:f, s:o, s:I, s:I, s:o, s:i}", "state", "running", "seconds", seconds, "label",
                          text(p->label), "done", (json_int_t)p->done, "total", (json_int_t)p->total, "status",
                          text(p->status), "reports", (int)(p->reports > 1000000000 ? 1000000000 : p->reports));
    pthread_mutex_unlock(&p->lock);
    return j;
}
