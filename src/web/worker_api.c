/* What the page's Web Worker (src/web/worker.js) calls in the WebAssembly module: the JSON
 * entry point (gameopt/api.h), the same one `gameopt serve` answers POST /api/GAME/VERB with,
 * and the games' list the server answers GET /api/games with (serve/api.c, built into the
 * module), so the page reads the same replies from both back ends. No solver glue here.
 *
 * The worker runs one request at a time on its one thread; Stop terminates the worker (the
 * page starts a fresh one), so no cancel flag is polled. Progress is posted to the page as it
 * comes (at most ten reports a second, progress.c), while the call is still running. */
#include <emscripten.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/api.h"
#include "serve/serve.h"

EM_JS(void, web_post_progress, (const char *label, double done, double total, const char *status, int final), {
    postMessage({ progress: { label: UTF8ToString(label), done: done, total: total, status: UTF8ToString(status),
                              final: !!final } });
});

/* An allocation the browser refused: the module's memory cannot grow further. The call cannot
 * go on (the allocation was needed) and cannot unwind in C, so the worker is told by a JS
 * exception that leaves the call; it answers with the message and the page starts a fresh
 * module (the heap of this one is left as it was). */
EM_JS(void, web_out_of_memory, (double bytes), {
    throw { gameoptOutOfMemory: true, bytes: bytes, heap: HEAP8.length };
});

static void report(void *ctx, const char *label, int64_t done, int64_t total, const char *status, bool final) {
    (void)ctx;
    web_post_progress(label ? label : "", (double)done, (double)total, status ? status : "", final);
}

static void out_of_memory(size_t bytes) { web_out_of_memory((double)bytes); }

/* The reply to one request (JSON text); free with web_free. memory_limit_mb bounds what the
 * request's structures may take (0: only the module's own limit, 4 GB). */
EMSCRIPTEN_KEEPALIVE char *web_call(const char *request, double memory_limit_mb) {
    gopt_progress_sink sink = {report, NULL};
    gopt_api_env env = {0, memory_limit_mb, 1, NULL, &sink};
    gopt_set_oom_handler(out_of_memory);
    return gopt_api_call(request, strlen(request), &env);
}

/* GET /api/games as the server answers it without limits of its own. */
EMSCRIPTEN_KEEPALIVE char *web_games(void) {
    serve_api api = {NULL};
    serve_reply r;
    serve_api_games(&api, &r);
    return r.body;
}

EMSCRIPTEN_KEEPALIVE void web_free(char *p) { free(p); }
