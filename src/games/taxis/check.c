/* The independent checker for TT-paths (paper Definition 5). It shares only the model with the
 * engine: it reads the setting's cards and the graph's adjacency lists, and decides by
 * dynamic programming whether some order of the online procedure builds the path. */
#include <stdlib.h>
#include <string.h>

#include "games/taxis/internal.h"

/* Whether the nodes form a simple path of the graph. */
static bool simple_path(const gopt_taxis_graph *g, const int *path, int len, char *why, size_t size) {
    if (len < 1) return snprintf(why, size, "the path is empty; a TT-path has at least its start"), false;
    for (int k = 0; k < len; k++)
        if (path[k] < 0 || path[k] >= g->n) return snprintf(why, size, "node %d of the path is not in the graph", k + 1), false;
    bool *seen = gopt_calloc((size_t)g->n, sizeof *seen);
    bool ok = true;
    for (int k = 0; k < len && ok; k++) {
        if (seen[path[k]]) ok = false, snprintf(why, size, "'%s' is on the path twice", gopt_taxis_name(g, path[k]));
        seen[path[k]] = true;
        if (ok && k > 0 && !gopt_graph_has_edge(g->graph, path[k - 1], path[k]))
            ok = false, snprintf(why, size, "no road joins '%s' and '%s' (nodes %d and %d of the path)",
                                 gopt_taxis_name(g, path[k - 1]), gopt_taxis_name(g, path[k]), k, k + 1);
    }
    free(seen);
    return ok;
}

/* reveal[v]: the first step t (1 = the start) at which v may be taken: 1 for the initial
 * tuple, m + 1 when its first card is the m-th of the extension tuple. */
static void reveal_steps(const gopt_taxis_setting *s, int *reveal) {
    for (int v = 0; v < s->n; v++) reveal[v] = s->ncards + 2;
    for (int k = s->ncards - 1; k >= 0; k--) reveal[s->cards[k]] = k < s->c ? 1 : k - s->c + 2;
}

/* Interval dynamic programme: built[l] says whether path[l .. l + size - 1] can be the first
 * `size` nodes taken, growing one end per step, each node face up when taken. */
static bool buildable(const int *path, int len, const int *reveal) {
    bool *built = gopt_malloc((size_t)len * sizeof *built);
    for (int l = 0; l < len; l++) built[l] = reveal[path[l]] <= 1;
    for (int size = 2; size <= len; size++)
        for (int l = 0; l + size <= len; l++) {
            bool grew_front = built[l + 1] && reveal[path[l]] <= size;
            bool grew_back = built[l] && reveal[path[l + size - 1]] <= size;
            built[l] = grew_front || grew_back;
        }
    bool ok = built[0];
    free(built);
    return ok;
}

/* Whether the finished path could still grow: a face-up card off the path next to an end. */
static bool extendable(const gopt_taxis_graph *g, const gopt_taxis_setting *s, const int *path, int len, char *why,
                       size_t size) {
    int revealed = s->c + len < s->ncards ? s->c + len : s->ncards;
    for (int k = 0; k < revealed; k++) {
        int v = s->cards[k];
        bool on = false;
        for (int i = 0; i < len && !on; i++) on = path[i] == v;
        if (on) continue;
        if (gopt_graph_has_edge(g->graph, path[0], v) || gopt_graph_has_edge(g->graph, path[len - 1], v)) {
            snprintf(why, size, "the path has not ended: '%s' is face up and extends it", gopt_taxis_name(g, v));
            return true;
        }
    }
    return false;
}

bool gopt_taxis_check_path(const gopt_taxis_graph *g, const gopt_taxis_setting *s, const int *path, int len,
                           bool finished, char *why, size_t why_size) {
    if (!gopt_taxis_setting_valid(g, s, why, why_size)) return false;
    if (!simple_path(g, path, len, why, why_size)) return false;
    int *reveal = gopt_malloc((size_t)s->n * sizeof *reveal);
    reveal_steps(s, reveal);
    bool ok = buildable(path, len, reveal);
    free(reveal);
    if (!ok) {
        snprintf(why, why_size, "no order of the online procedure builds this path (paper Definition 5)");
        return false;
    }
    return !(finished && extendable(g, s, path, len, why, why_size));
}
