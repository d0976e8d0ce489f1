/* The independent checker. It shares nothing with the solvers but the model: it counts each
 * node's used links, walks every path from its first endpoint, and accepts only when every
 * walk ends at the partner endpoint, no used link is left over (a stray cycle), and the
 * colours agree with the walks. Under full coverage every node needs two links (one at an
 * endpoint), so with no stray cycle every node lies on a walk. */
#include <stdlib.h>

#include "internal.h"

static void where(const gopt_flow_puzzle *p, int v, char *buf, size_t size) {
    const char *channel = p->kind[v] == GOPT_FLOW_BRIDGE_H ? " (horizontal channel)"
                          : p->kind[v] == GOPT_FLOW_BRIDGE_V ? " (vertical channel)" : "";
    if (p->layers > 1)
        snprintf(buf, size, "row %d, column %d, layer %d%s", p->row[v] + 1, p->col[v] + 1, p->layer[v] + 1, channel);
    else
        snprintf(buf, size, "row %d, column %d%s", p->row[v] + 1, p->col[v] + 1, channel);
}

/* Walks colour k's path; records the colour of every node on it in `walked`. */
static bool walk(const gopt_flow_puzzle *p, const gopt_flow_solution *s, int k, int *walked, char *why, size_t size) {
    char at[96];
    int cur = p->ends[k][0], came_by = -1;
    for (;;) {
        walked[cur] = k;
        if (cur != p->ends[k][0] && p->colour[cur] >= 0) break;
        int next = -1, by = -1;
        for (int i = p->link_start[cur]; i < p->link_start[cur + 1]; i++)
            if (s->used[p->links[i].edge] && p->links[i].edge != came_by) {
                next = p->links[i].node;
                by = p->links[i].edge;
                break;
            }
        if (next < 0) {
            where(p, cur, at, sizeof at);
            return gopt_reason(why, size, "the path of colour %s stops at %s", p->label[k], at);
        }
        if (walked[next] >= 0) {
            where(p, next, at, sizeof at);
            return gopt_reason(why, size, "the path of colour %s runs into itself or another path at %s", p->label[k], at);
        }
        cur = next;
        came_by = by;
    }
    if (cur != p->ends[k][1]) {
        where(p, cur, at, sizeof at);
        return gopt_reason(why, size, "the path of colour %s ends at the endpoint of colour %s (%s)", p->label[k],
                    p->label[p->colour[cur]], at);
    }
    return true;
}

bool gopt_flow_check(const gopt_flow_puzzle *p, const gopt_flow_solution *s, char *why, size_t size) {
    if (s->nnodes != p->nnodes || s->nedges != p->nedges) return gopt_reason(why, size, "the solution is for another board");
    char at[96];
    int *degree = calloc((size_t)p->nnodes + 1, sizeof *degree);
    int *walked = malloc(((size_t)p->nnodes + 1) * sizeof *walked);
    if (!degree || !walked) {
        free(degree);
        free(walked);
        return gopt_reason(why, size, "out of memory");
    }
    bool ok = true;
    for (int e = 0; e < p->nedges; e++)
        if (s->used[e]) degree[p->edge_u[e]]++, degree[p->edge_v[e]]++;
    for (int v = 0; v < p->nnodes && ok; v++) {
        walked[v] = -1;
        bool endpoint = p->colour[v] >= 0;
        if ((endpoint && degree[v] != 1) || (!endpoint && degree[v] != 2 && !(p->partial && degree[v] == 0))) {
            where(p, v, at, sizeof at);
            ok = gopt_reason(why, size, "%s at %s has %d path links (it needs %s)", endpoint ? "the endpoint" : "the cell", at,
                      degree[v], endpoint ? "1" : p->partial ? "0 or 2" : "2");
        }
    }
    for (int k = 0; k < p->ncolours && ok; k++) ok = walk(p, s, k, walked, why, size);
    for (int v = 0; v < p->nnodes && ok; v++) {
        /* (an uncovered cell under full coverage failed the degree test already) */
        bool stray = degree[v] > 0 && walked[v] < 0;
        if (!stray && s->colour[v] == walked[v]) continue;
        where(p, v, at, sizeof at);
        if (stray) ok = gopt_reason(why, size, "a stray cycle runs through %s", at);
        else
            ok = gopt_reason(why, size, "%s is marked %s but its path is %s", at, s->colour[v] >= 0 ? p->label[s->colour[v]] : "empty",
                      walked[v] >= 0 ? p->label[walked[v]] : "none");
    }
    /* Untouching: two linked nodes of one path are consecutive on it (the walks above
     * proved every coloured node lies on its colour's single path). */
    for (int e = 0; e < p->nedges && ok && p->untouching; e++) {
        int u = p->edge_u[e], v = p->edge_v[e];
        if (s->used[e] || walked[u] < 0 || walked[u] != walked[v]) continue;
        char at2[96];
        where(p, u, at, sizeof at);
        where(p, v, at2, sizeof at2);
        ok = gopt_reason(why, size, "the path of colour %s touches itself: %s and %s are neighbours but not consecutive on it",
                         p->label[walked[u]], at, at2);
    }
    free(degree);
    free(walked);
    return ok;
}
