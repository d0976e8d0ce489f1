/* Fuzz target for the web API's request handler, in-process (no sockets): the first byte
 * picks a game and a verb (solve, draw and declared verbs of the registry), the rest is the
 * request body. Every answer must be one JSON value with a known HTTP status. (taxis
 * experiment and tournament are left out: whole experiments, not requests to fuzz.) */
#include <stdlib.h>
#include <string.h>

#include "serve/serve.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* Small limits: the target is the handler, not the solvers' patience. */
    static const serve_config config = {.bind = "127.0.0.1", .threads = 1, .queue = 1, .time_limit = 0.2,
                                        .memory_limit_mb = 256, .max_body = 65536};
    static const serve_api api = {&config};
    static const char *const names[] = {"country", "flow", "flood", "tokens", "taxis", "nope", "country", "flood"};
    static const char *const verbs[] = {"solve", "draw", "check", "hint", "upgrade", "show", "convert", "frob"};
    if (size == 0) return 0;
    const char *game = names[data[0] & 7], *verb = verbs[(data[0] >> 3) & 7];
    atomic_int cancel = 0;
    serve_reply r;
    serve_api_call(&api, game, verb, (const char *)data + 1, size - 1, &cancel, NULL, &r);
    json_error_t je;
    json_t *j = json_loadb(r.body, r.len, 0, &je);
    if (!j || (r.http != 200 && r.http != 400 && r.http != 404 && r.http != 422 && r.http != 500)) abort();
    /* the envelope's error: an object {text, file, line, column, message} since the mid-end */
    json_t *e = json_object_get(j, "error");
    if (r.http >= 400 && r.http != 422 && !json_is_string(e) && !json_is_string(json_object_get(e, "text"))) abort();
    json_decref(j);
    serve_reply_free(&r);
    return 0;
}
