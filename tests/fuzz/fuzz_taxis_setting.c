/* Fuzz target for the taxis setting parser, on a small fixed board: every setting read is
 * feasible, writes out and reads back the same, and every named heuristic plays it to a path
 * the independent checker accepts. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "games/taxis/internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char board[] = "node A 0 0\nnode B 1 0\nnode \"C c\" 2 0\nnode D 0 1\nnode E 1 1\nnode F 2 1\n"
                            "edge A B\nedge B \"C c\"\nedge A D\nedge B E\nedge \"C c\" F\nedge D E\nedge E F\nedge A E\n";

static gopt_taxis_graph *graph(void) {
    static gopt_taxis_graph *g;
    if (!g) {
        gopt_text t;
        gopt_text_from_string(&t, "board", board);
        gopt_error err = {0};
        g = gopt_taxis_graph_parse(&t, "fuzz", &err);
        gopt_text_free(&t);
        assert(g);
    }
    return g;
}

static void exercise(const gopt_taxis_graph *g, const gopt_taxis_setting *s) {
    char why[300];
    assert(gopt_taxis_setting_valid(g, s, why, sizeof why));
    char *text = gopt_taxis_setting_format(g, s);
    gopt_text t;
    gopt_text_from_string(&t, "again", text);
    gopt_taxis_setting *again = NULL;
    gopt_error err = {0};
    assert(gopt_taxis_setting_read(&t, g, &again, &err) == 1);
    assert(again->c == s->c && again->ncards == s->ncards);
    assert(memcmp(again->cards, s->cards, (size_t)s->ncards * sizeof *s->cards) == 0);
    gopt_text_free(&t);
    free(text);
    gopt_taxis_setting_free(again);
    for (int k = 0; k < GOPT_TAXIS_NAMED; k++) {
        gopt_rng rng = gopt_rng_stream(1, (uint64_t)k);
        gopt_taxis_move moves[6];
        int path[6];
        int len = gopt_taxis_play(g, s, gopt_taxis_named_pairs[k], &rng, moves);
        gopt_taxis_path_of_moves(moves, len, path);
        assert(gopt_taxis_check_path(g, s, path, len, true, why, sizeof why));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const gopt_taxis_graph *g = graph();
    gopt_text t;
    gopt_text_from(&t, "fuzz.setting", (const char *)data, size);
    gopt_error err = {0};
    gopt_taxis_setting *s;
    int r;
    while ((r = gopt_taxis_setting_read(&t, g, &s, &err)) == 1) {
        exercise(g, s);
        gopt_taxis_setting_free(s);
    }
    assert(r == 0 || (err.set && err.line >= 1 && err.col >= 1));
    gopt_text_free(&t);
    return 0;
}
