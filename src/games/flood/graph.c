/* The region graph of a Flood-It board and the moves on it. A state is the set of flooded
 * regions F (always connected, always containing the root); a move of colour c adds every
 * region of colour c on the border of F. Two neighbouring regions never share a colour, so
 * one move adds exactly one layer, and the colour of F itself never matters: no border
 * region has it. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "open_list.h" /* FLOOD_MAX_G: no sequence known */
#include "gameopt/alloc.h"
#include "gameopt/budget.h"
#include "gameopt/progress.h"

/* For a board past FLOOD_MAX_REGIONS (the graph's adjacency is a bit matrix), so that giving
 * up still states what is proven: a move adds one layer of regions, so no sequence is shorter
 * than the farthest region's distance in layers from the start (a breadth-first search over
 * cells, layer by layer: a neighbour of the same colour is in the same layer); and every colour
 * outside the start region is played at least once (a cell joins only on a move of its colour).
 * Its arrays (12 bytes a cell) count against --memory-limit; refused, the colours alone. */
int flood_cell_lower_bound(const gopt_flood_puzzle *p) {
    int w = p->w, h = p->h, n = w * h, colours = 0, far = 0;
    bool seen[256] = {false};
    size_t bytes = (size_t)n * 3 * sizeof(int32_t);
    int32_t *dist = gopt_budget_charge(NULL, bytes) ? gopt_malloc(bytes) : NULL;
    if (dist) {
        int32_t *cur = dist + n, *next = dist + 2 * (size_t)n;
        for (int i = 0; i < n; i++) dist[i] = -1; /* -1 unseen, -2 waiting in the next layer */
        int ncur = 0;
        cur[ncur++] = p->start;
        dist[p->start] = 0;
        for (int d = 0; ncur > 0; d++) {
            int nnext = 0;
            far = d;
            for (int i = 0; i < ncur; i++) {
                int cell = cur[i], r = cell / w, c = cell % w;
                int nb[4] = {r > 0 ? cell - w : -1, r + 1 < h ? cell + w : -1, c > 0 ? cell - 1 : -1,
                             c + 1 < w ? cell + 1 : -1};
                for (int k = 0; k < 4; k++) {
                    int x = nb[k];
                    if (x < 0 || dist[x] >= 0) continue;
                    if (p->cells[x] == p->cells[cell]) { /* same region: this layer */
                        dist[x] = d;
                        cur[ncur++] = x;
                    } else if (dist[x] == -1) {
                        dist[x] = -2;
                        next[nnext++] = x;
                    }
                }
            }
            ncur = 0;
            for (int i = 0; i < nnext; i++)
                if (dist[next[i]] == -2) {
                    dist[next[i]] = d + 1;
                    cur[ncur++] = next[i];
                }
        }
    }
    /* the start region: cells at distance 0 (all of them when the search could not run) */
    for (int i = 0; i < n; i++)
        if (dist ? dist[i] > 0 : p->cells[i] != p->cells[p->start]) seen[p->cells[i]] = true;
    for (int c = 0; c < 256; c++) colours += seen[c];
    if (dist) {
        free(dist);
        gopt_budget_release(NULL, bytes);
    }
    return far > colours ? far : colours;
}

bool flood_graph_build(flood_graph *g, const gopt_flood_puzzle *p, char *why, size_t why_size) {
    memset(g, 0, sizeof *g);
    int w = p->w, h = p->h, n = w * h;
    g->w = w;
    g->h = h;
    g->ncolours = p->ncolours;
    g->cell_region = gopt_malloc((size_t)n * sizeof *g->cell_region);
    for (int i = 0; i < n; i++) g->cell_region[i] = -1;
    int32_t *queue = gopt_malloc((size_t)n * sizeof *queue);
    int nreg = 0;
    for (int s = 0; s < n; s++) {
        if (g->cell_region[s] >= 0) continue;
        int head = 0, tail = 0;
        queue[tail++] = s;
        g->cell_region[s] = nreg;
        while (head < tail) {
            int cell = queue[head++], r = cell / w, c = cell % w;
            int next[4] = {r > 0 ? cell - w : -1, r + 1 < h ? cell + w : -1, c > 0 ? cell - 1 : -1,
                           c + 1 < w ? cell + 1 : -1};
            for (int k = 0; k < 4; k++) {
                int x = next[k];
                if (x >= 0 && g->cell_region[x] < 0 && p->cells[x] == p->cells[cell]) {
                    g->cell_region[x] = nreg;
                    queue[tail++] = x;
                }
            }
        }
        nreg++;
    }
    free(queue);
    if (nreg > FLOOD_MAX_REGIONS) {
        snprintf(why, why_size, "the board has %d regions; the region-graph methods handle up to %d", nreg,
                 FLOOD_MAX_REGIONS);
        free(g->cell_region);
        g->cell_region = NULL;
        return false;
    }
    g->nregions = nreg;
    g->nwords = (int)gopt_words((size_t)nreg);
    size_t nw = (size_t)g->nwords;
    g->colour = gopt_calloc((size_t)nreg, 1);
    g->cells = gopt_calloc((size_t)nreg, sizeof *g->cells);
    g->adj = gopt_calloc((size_t)nreg * nw, sizeof *g->adj);
    g->colour_set = gopt_calloc((size_t)p->ncolours * nw, sizeof *g->colour_set);
    g->all = gopt_calloc(nw, sizeof *g->all);
    for (int i = 0; i < n; i++) {
        int r = g->cell_region[i];
        g->colour[r] = p->cells[i];
        g->cells[r]++;
        int right = (i % w + 1 < w) ? g->cell_region[i + 1] : r;
        int down = (i + w < n) ? g->cell_region[i + w] : r;
        if (right != r) {
            gopt_bits_set(g->adj + (size_t)r * nw, (size_t)right);
            gopt_bits_set(g->adj + (size_t)right * nw, (size_t)r);
        }
        if (down != r) {
            gopt_bits_set(g->adj + (size_t)r * nw, (size_t)down);
            gopt_bits_set(g->adj + (size_t)down * nw, (size_t)r);
        }
    }
    for (int r = 0; r < nreg; r++) {
        gopt_bits_set(g->colour_set + (size_t)g->colour[r] * nw, (size_t)r);
        gopt_bits_set(g->all, (size_t)r);
        g->present |= gopt_bit(g->colour[r]);
    }
    g->root = g->cell_region[p->start];
    return true;
}

void flood_graph_free(flood_graph *g) {
    free(g->colour);
    free(g->cells);
    free(g->cell_region);
    free(g->adj);
    free(g->colour_set);
    free(g->all);
    memset(g, 0, sizeof *g);
}

int64_t flood_cells(const flood_graph *g, const uint64_t *F) {
    int64_t n = 0;
    for (int k = 0; k < g->nwords; k++) {
        uint64_t x = F[k];
        while (x) {
            n += g->cells[k * 64 + __builtin_ctzll(x)];
            x &= x - 1;
        }
    }
    return n;
}

int flood_start(const flood_graph *g, uint64_t *F, uint64_t *border, uint64_t *scratch, uint8_t *moves) {
    gopt_bits_zero(F, (size_t)g->nwords);
    gopt_bits_set(F, (size_t)g->root);
    flood_border(g, F, border);
    return flood_play_forced(g, F, border, scratch, moves, g->present);
}

int flood_replay(const flood_graph *g, const uint8_t *free_moves, int nfree, uint8_t *moves) {
    size_t nw = (size_t)g->nwords;
    uint64_t *buf = gopt_malloc(4 * nw * sizeof *buf);
    uint64_t *F = buf, *border = buf + nw, *scratch = buf + 2 * nw;
    int n = flood_start(g, F, border, scratch, moves);
    for (int i = 0; i < nfree; i++) {
        uint64_t exposed;
        flood_play(g, F, border, free_moves[i], scratch, &exposed);
        moves[n++] = free_moves[i];
        n += flood_play_forced(g, F, border, scratch, moves + n, exposed);
    }
    free(buf);
    return n;
}

void flood_outcome_take(flood_outcome *out, const uint8_t *moves, int length) {
    if (!moves) length = -1; /* only a bound (--shorter-than): no sequence to hand back */
    out->length = length;
    out->moves = gopt_malloc(length > 0 ? (size_t)length : 1);
    if (length > 0) memcpy(out->moves, moves, (size_t)length);
}

/* The bounds of one board's proof as they move, for whoever watches (the command line's
 * --progress, the page's worker: both read these words). The progress throttles the reports;
 * a call costs a formatted line, so the searches call it every few hundred nodes. */
void flood_progress_bounds(int lower, int upper, int64_t nodes) {
    gopt_progress *p = gopt_progress_current();
    if (!p) return;
    if (upper <= FLOOD_MAX_G)
        gopt_progress_status(p, "at least %d moves, at most %d; %lld nodes", lower, upper, (long long)nodes);
    else
        gopt_progress_status(p, "at least %d moves; %lld nodes", lower, (long long)nodes);
}
