/* Admissible lower bounds on the moves still needed from a state F (docs/methods.md, "flood"
 * has the proofs). All start from the breadth-first layers of the unflooded regions: layer d
 * holds the regions at distance d from F in the region graph, and one move adds at most one
 * layer.
 *   furthest-colour: the e layers must all be crossed, and every colour of the last layer
 *                    needs its own move at time >= e: e - 1 + |colours(layer e)|.
 *   Puchert layered: after d moves nothing beyond layer d is flooded, and each colour still
 *                    present beyond it needs a move of its own: max_d d + |colours(> d)|.
 *   colour-clearing: a colour whose furthest regions (layer D) can only all be reached by
 *                    time D along shortest paths whose colours agree at every step; when no
 *                    common colour exists at some step the colour cannot be cleared before
 *                    move D + 1, which can lift the layered bound by one. */
#include <stdlib.h>
#include <string.h>

#include "flood_internal.h"
#include "gameopt/alloc.h"

void flood_bounder_init(flood_bounder *b, const flood_graph *g) {
    memset(b, 0, sizeof *b);
    b->g = g;
    b->cap = 64;
    size_t nw = (size_t)g->nwords;
    b->layers = gopt_malloc((size_t)b->cap * nw * sizeof *b->layers);
    b->tmp = gopt_malloc(3 * nw * sizeof *b->tmp);
    size_t levels = (size_t)g->nregions + 3;
    b->cm = gopt_malloc(levels * sizeof *b->cm);
    b->sc = gopt_malloc(levels * sizeof *b->sc);
    b->common = gopt_malloc(levels * sizeof *b->common);
    b->bytes = ((size_t)b->cap * nw + 3 * nw + 3 * levels) * sizeof(uint64_t);
}

void flood_bounder_free(flood_bounder *b) {
    free(b->layers);
    free(b->tmp);
    free(b->cm);
    free(b->sc);
    free(b->common);
    memset(b, 0, sizeof *b);
}

static inline uint64_t *layer(flood_bounder *b, int d) { return b->layers + (size_t)(d - 1) * (size_t)b->g->nwords; }

/* Colours per layer: cm[1..D]; returns D (0 when F floods everything). Layers are kept. */
static int scan_layers(flood_bounder *b, const uint64_t *F, const uint64_t *border, uint64_t *cm) {
    const flood_graph *g = b->g;
    int nw = g->nwords;
    uint64_t *visited = b->tmp;
    bool any = false;
    for (int k = 0; k < nw; k++) {
        visited[k] = F[k] | border[k];
        layer(b, 1)[k] = border[k];
        any = any || border[k];
    }
    if (!any) return 0;
    int d = 1;
    for (;;) {
        if (d + 1 > b->cap) {
            b->cap *= 2;
            b->layers = gopt_realloc(b->layers, (size_t)b->cap * (size_t)nw * sizeof *b->layers);
            b->bytes += (size_t)(b->cap / 2) * (size_t)nw * sizeof(uint64_t);
        }
        const uint64_t *cur = layer(b, d);
        uint64_t *next = layer(b, d + 1);
        uint64_t cols = 0;
        gopt_bits_zero(next, (size_t)nw);
        for (int k = 0; k < nw; k++) {
            uint64_t x = cur[k];
            while (x) {
                int r = k * 64 + __builtin_ctzll(x);
                x &= x - 1;
                cols |= gopt_bit(g->colour[r]);
                const uint64_t *a = flood_adj(g, r);
                for (int j = 0; j < nw; j++) next[j] |= a[j];
            }
        }
        cm[d] = cols;
        bool more = false;
        for (int k = 0; k < nw; k++) {
            next[k] &= ~visited[k];
            visited[k] |= next[k];
            more = more || next[k];
        }
        if (!more) return d;
        d++;
    }
}

/* Can every furthest region of colour c (layer D) be flooded by move D? Only along
 * shortest paths, with move t flooding the path's region of layer t; so for each t the
 * colours available at layer t on the paths to every furthest region must share one. */
static bool clears_late(flood_bounder *b, int c, int D) {
    const flood_graph *g = b->g;
    int nw = g->nwords;
    const uint64_t *cs = flood_colour_set(g, c);
    const uint64_t *last = layer(b, D);
    int nfar = 0;
    for (int k = 0; k < nw; k++) nfar += __builtin_popcountll(last[k] & cs[k]);
    if (nfar < 2 || D < 2) return false; /* one path always agrees with itself */
    uint64_t *common = b->common;
    for (int t = 1; t < D; t++) common[t] = ~(uint64_t)0;
    uint64_t *paths = b->tmp + nw, *prev = b->tmp + 2 * nw;
    for (int k = 0; k < nw; k++) {
        uint64_t x = last[k] & cs[k];
        while (x) {
            int r = k * 64 + __builtin_ctzll(x);
            x &= x - 1;
            gopt_bits_zero(paths, (size_t)nw);
            gopt_bits_set(paths, (size_t)r);
            for (int t = D - 1; t >= 1; t--) {
                gopt_bits_zero(prev, (size_t)nw);
                flood_neighbours_or(g, paths, prev);
                const uint64_t *lt = layer(b, t);
                for (int j = 0; j < nw; j++) prev[j] &= lt[j];
                common[t] &= flood_colours_of(g, prev);
                if (!common[t]) return true;
                memcpy(paths, prev, (size_t)nw * sizeof *paths);
            }
        }
    }
    return false;
}

/* cm[1..D] colours per layer; sc[d] = colours beyond layer d-1 (sc[D+1] = 0). */
static int puchert(int D, const uint64_t *cm, uint64_t *sc) {
    sc[D + 1] = 0;
    for (int d = D; d >= 1; d--) sc[d] = sc[d + 1] | cm[d];
    int best = 0;
    for (int d = 0; d <= D; d++) {
        int v = d + __builtin_popcountll(sc[d + 1]);
        if (v > best) best = v;
    }
    return best;
}

/* The layered bound P is max over t of (t - 1) + n_t, n_t = |colours whose last region lies
 * in layer >= t|. A sequence of exactly P moves is tight at every level t attaining P: its
 * moves from time t on are exactly one move of each of those n_t colours, and each such
 * move clears its colour (at a time >= its last layer). The move at time t must then clear
 * a colour whose last layer is t; when every such colour must clear late, level t (and so
 * any sequence of P moves) is impossible. Lateness is decided once per colour. */
static int refine(flood_bounder *b, int D, const uint64_t *sc, int P) {
    for (int t = D; t >= 1; t--) {
        if (t - 1 + __builtin_popcountll(sc[t]) != P) continue;
        uint64_t ending = sc[t] & ~sc[t + 1];
        bool all = ending != 0;
        GOPT_FOR_BITS(c, ending) {
            if (!clears_late(b, c, t)) {
                all = false;
                break;
            }
        }
        if (all) return P + 1;
    }
    return P;
}

int flood_bound(flood_bounder *b, const uint64_t *F, const uint64_t *border) {
    int D = scan_layers(b, F, border, b->cm);
    if (D == 0) return 0;
    return refine(b, D, b->sc, puchert(D, b->cm, b->sc));
}

void flood_bounds_each(flood_bounder *b, const uint64_t *F, const uint64_t *border, int out[3]) {
    uint64_t *cm = b->cm, *sc = b->sc;
    int D = scan_layers(b, F, border, cm);
    out[0] = out[1] = out[2] = 0;
    if (D > 0) {
        out[0] = D - 1 + __builtin_popcountll(cm[D]);
        out[1] = puchert(D, cm, sc);
        out[2] = refine(b, D, sc, out[1]);
    }
}
