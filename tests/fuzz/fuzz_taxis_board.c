/* Fuzz target for the taxis board parser: arbitrary bytes either fail with a positioned error
 * or give a graph that writes out and reads back as the same graph. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "games/taxis/internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static gopt_taxis_graph *parse(const char *bytes, size_t size, gopt_error *err) {
    gopt_text t;
    gopt_text_from(&t, "fuzz.board", bytes, size);
    gopt_taxis_graph *g = gopt_taxis_graph_parse(&t, "fuzz", err);
    gopt_text_free(&t);
    return g;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    gopt_error err = {0};
    gopt_taxis_graph *g = parse((const char *)data, size, &err);
    if (!g) {
        assert(err.set && err.line >= 1 && err.col >= 1);
        return 0;
    }
    assert(g->n >= 1 && g->n <= GOPT_TAXIS_MAX_NODES);
    char *text = gopt_taxis_graph_format(g);
    gopt_taxis_graph *again = parse(text, strlen(text), &err);
    assert(again && again->n == g->n && again->m == g->m);
    assert(memcmp(again->adj, g->adj, (size_t)g->n * (size_t)g->words * sizeof *g->adj) == 0);
    for (int v = 0; v < g->n; v++) assert(strcmp(gopt_taxis_name(g, v), gopt_taxis_name(again, v)) == 0);
    free(text);
    gopt_taxis_graph_free(again);
    gopt_taxis_graph_free(g);
    return 0;
}
