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

/* ---------------------------------------------------------------- the clear reading */

/* With the clear reading a card whose node is on the path leaves the display at once and the
 * next card replaces it, so after the nodes of S are taken the cards turned up are the
 * shortest prefix of the deck holding c cards of nodes off S (all of it when none is that
 * long), whatever the order S was taken in: the display refills to the least such prefix after
 * each take, and that prefix only grows with S. S is path[lo .. lo + size), pos[v] the place of
 * v on the path (-1 off it). */
static int cleared_prefix(const gopt_taxis_setting *s, const int *pos, int lo, int size) {
    int live = 0, k = 0;
    for (; k < s->ncards && live < s->c; k++) {
        int at = pos[s->cards[k]];
        live += !(at >= lo && at < lo + size);
    }
    return k;
}

/* buildable() for the clear reading: v may join the piece S when its first card lies in S's
 * prefix (a node off the path never loses a card it showed). */
static bool buildable_clear(const gopt_taxis_setting *s, const int *path, int len, const int *first, const int *pos) {
    bool *built = gopt_malloc((size_t)len * sizeof *built);
    for (int l = 0; l < len; l++) built[l] = first[path[l]] < s->c;
    for (int size = 2; size <= len; size++)
        for (int l = 0; l + size <= len; l++) {
            bool grew_front = built[l + 1] && first[path[l]] < cleared_prefix(s, pos, l + 1, size - 1);
            bool grew_back = built[l] && first[path[l + size - 1]] < cleared_prefix(s, pos, l, size - 1);
            built[l] = grew_front || grew_back;
        }
    bool ok = built[0];
    free(built);
    return ok;
}

/* extendable() for the clear reading. */
static bool extendable_clear(const gopt_taxis_graph *g, const gopt_taxis_setting *s, const int *path, int len,
                             const int *pos, char *why, size_t size) {
    int revealed = cleared_prefix(s, pos, 0, len);
    for (int k = 0; k < revealed; k++) {
        int v = s->cards[k];
        if (pos[v] >= 0) continue;
        if (gopt_graph_has_edge(g->graph, path[0], v) || gopt_graph_has_edge(g->graph, path[len - 1], v)) {
            snprintf(why, size, "the path has not ended: '%s' is face up and extends it", gopt_taxis_name(g, v));
            return true;
        }
    }
    return false;
}

static bool check_clear(const gopt_taxis_graph *g, const gopt_taxis_setting *s, const int *path, int len,
                        bool finished, char *why, size_t why_size) {
    int *first = gopt_malloc((size_t)s->n * sizeof *first), *pos = gopt_malloc((size_t)s->n * sizeof *pos);
    for (int v = 0; v < s->n; v++) first[v] = s->ncards, pos[v] = -1;
    for (int k = s->ncards - 1; k >= 0; k--) first[s->cards[k]] = k;
    for (int k = 0; k < len; k++) pos[path[k]] = k;
    bool ok = buildable_clear(s, path, len, first, pos);
    if (!ok) snprintf(why, why_size, "no order of the online procedure builds this path (paper Definition 5, reading clear)");
    else ok = !(finished && extendable_clear(g, s, path, len, pos, why, why_size));
    free(first);
    free(pos);
    return ok;
}

/* ---------------------------------------------------------------- the refill reading */

/* With the refill reading a taken node's face-up copies all leave with it and the display
 * refills to c; a copy turned up later stays. So the cards turned up are c + removed (at most
 * the deck), where `removed` counts the cards that left, and it depends on the order the nodes
 * were taken in (a copy turned up before its node was taken leaves, one turned up after stays).
 * The interval programme therefore tracks the set of `removed` values each piece reaches:
 * reach[l * width + x] for the piece path[l .. l + size) and removed = x. */
static int copies_before(const gopt_taxis_setting *s, int v, int prefix) {
    int k = 0;
    for (int i = 0; i < prefix; i++) k += s->cards[i] == v;
    return k;
}

static bool check_refill(const gopt_taxis_graph *g, const gopt_taxis_setting *s, const int *path, int len,
                         bool finished, char *why, size_t why_size) {
    int width = s->ncards + 1;
    int *first = gopt_malloc((size_t)s->n * sizeof *first);
    for (int v = 0; v < s->n; v++) first[v] = s->ncards;
    for (int k = s->ncards - 1; k >= 0; k--) first[s->cards[k]] = k;
    bool *reach = gopt_calloc((size_t)len * (size_t)width, sizeof *reach);
    bool *next = gopt_calloc((size_t)len * (size_t)width, sizeof *next);
#define PREFIX(x) ((s)->c + (x) < (s)->ncards ? (s)->c + (x) : (s)->ncards)
    for (int l = 0; l < len; l++)
        if (first[path[l]] < s->c) reach[(size_t)l * width + copies_before(s, path[l], s->c)] = true;
    for (int size = 2; size <= len; size++) {
        memset(next, 0, (size_t)len * (size_t)width * sizeof *next);
        for (int l = 0; l + size <= len; l++)
            for (int x = 0; x < width; x++) {
                /* grow path[l + 1 ..] at the front by path[l], or path[l ..] at the back */
                int sides[2][2] = {{l + 1, path[l]}, {l, path[l + size - 1]}};
                for (int e = 0; e < 2; e++) {
                    if (!reach[(size_t)sides[e][0] * width + x]) continue;
                    int v = sides[e][1], prefix = PREFIX(x);
                    if (first[v] >= prefix) continue;
                    int y = x + copies_before(s, v, prefix);
                    if (y < width) next[(size_t)l * width + y] = true;
                }
            }
        bool *t = reach;
        reach = next;
        next = t;
    }
    bool built = false, ended = !finished;
    for (int x = 0; x < width; x++) {
        if (!reach[x]) continue;
        built = true;
        bool grows = false; /* under this order: a face-up node off the path next to an end */
        for (int k = 0; k < PREFIX(x) && !grows; k++) {
            int v = s->cards[k];
            bool on = false;
            for (int i = 0; i < len && !on; i++) on = path[i] == v;
            grows = !on && (gopt_graph_has_edge(g->graph, path[0], v) || gopt_graph_has_edge(g->graph, path[len - 1], v));
        }
        ended = ended || !grows;
    }
#undef PREFIX
    free(first);
    free(reach);
    free(next);
    if (!built)
        return snprintf(why, why_size, "no order of the online procedure builds this path (paper Definition 5, reading refill)"),
               false;
    if (!ended) return snprintf(why, why_size, "the path has not ended: under every order a face-up node extends it"), false;
    return true;
}

bool gopt_taxis_check_path_read(const gopt_taxis_graph *g, const gopt_taxis_setting *s, gopt_taxis_reading r,
                                const int *path, int len, bool finished, char *why, size_t why_size) {
    if (!r.clear && !r.refill) return gopt_taxis_check_path(g, s, path, len, finished, why, why_size);
    if (!gopt_taxis_setting_valid(g, s, why, why_size)) return false;
    if (!simple_path(g, path, len, why, why_size)) return false;
    return r.clear ? check_clear(g, s, path, len, finished, why, why_size)
                   : check_refill(g, s, path, len, finished, why, why_size);
}

