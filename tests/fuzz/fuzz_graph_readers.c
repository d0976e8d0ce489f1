/* Fuzz target for the graph readers through the public API (issue 16): the first byte picks
 * the format (.board, GraphML, GML, NCOL, edge list), the rest is the file, read as users'
 * files are, by gopt_taxis_graph_load (igraph for the four graph formats). Every input either
 * fails with an error that says something, or gives a graph within the game's limits; igraph
 * must never abort (its fatal handler) nor allocate beyond the node limit. Errors name a line
 * and column. The bytes are the call's own text under a file's name (as the server and the
 * bindings hand texts in): since the mid-end, a reader given no source reads no file. */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gameopt/game.h"
#include "gameopt/taxis.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const formats[] = {"board", "graphml", "gml", "ncol", "edgelist"};
static const char *const extensions[] = {".board", ".graphml", ".gml", ".ncol", ".txt"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    int f = data[0] % 5;
    char path[64];
    snprintf(path, sizeof path, "fuzz/graph%s", extensions[f]);
    gopt_input input = {path, (const char *)data + 1, size - 1};
    gopt_source source = {&input, 1, NULL};
    const gopt_source *before = gopt_source_enter(&source);
    gopt_error err = {0};
    /* the format by name, and (for the first three) by the file's extension too */
    for (int by_name = 1; by_name >= (f < 3 ? 0 : 1); by_name--) {
        gopt_error_clear(&err);
        gopt_taxis_graph *g = gopt_taxis_graph_load(NULL, path, by_name ? formats[f] : NULL, &err);
        if (!g) {
            /* every error names a line and column (issue 35), the file's own */
            assert(err.set && err.msg[0] && strcmp(err.file, path) == 0 && err.line >= 1 && err.col >= 1);
            continue;
        }
        assert(g->n >= 1 && g->n <= GOPT_TAXIS_MAX_NODES);
        for (int v = 0; v < g->n; v++) assert(gopt_taxis_name(g, v)[0]);
        gopt_taxis_graph_free(g);
    }
    gopt_source_enter(before);
    return 0;
}
