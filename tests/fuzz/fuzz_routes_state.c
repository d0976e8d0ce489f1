/* Fuzz target for routes map states (docs/formats.md#routes): any bytes either read or fail
 * with a position; a state read writes out and reads back to the same text; a small one is
 * solved (branch and bound, with a time limit) and its answer passes the checker. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/gameopt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    gopt_text t;
    gopt_text_from(&t, "fuzz", (const char *)data, size);
    for (int k = 0; k < 4; k++) {
        gopt_error err = {0};
        gopt_routes_state *s = NULL;
        int r = gopt_routes_read(&t, &s, &err);
        if (r < 0) {
            assert(err.set && err.line >= 1);
            break;
        }
        if (r == 0) break;
        char *text = gopt_routes_format(s);
        gopt_error e2 = {0};
        gopt_routes_state *back = gopt_routes_parse("back", text, &e2);
        assert(back);
        char *again = gopt_routes_format(back);
        assert(strcmp(text, again) == 0);
        free(text), free(again);
        gopt_routes_free(back);
        if (s->nhexes <= 16 && s->ntrains <= 2) {
            gopt_routes_settings how = {.method = GOPT_ROUTES_SEARCH, .time_limit = 0.05};
            gopt_routes_result res;
            int st = gopt_routes_solve(s, &how, &res);
            if (st == GOPT_SOLVED || (st == GOPT_LIMIT && res.found)) {
                char why[256];
                assert(gopt_routes_check(s, &res.solution, why, sizeof why));
            }
        }
        gopt_routes_free(s);
    }
    gopt_text_free(&t);
    return 0;
}
