/* Random puzzles with a known solution: a random Hamiltonian path of the board, drawn by
 * backbite moves (Mansfield, "Efficient Monte Carlo sampling of Hamiltonian paths", 2006)
 * from a snake, is cut into `colours` pieces of at least two cells; each piece's ends are a
 * colour's endpoints. Every such board has a full-coverage solution (the pieces); it may have
 * others. */
#include "flow_internal.h"

/* One backbite move: join a path end to a random grid neighbour and reverse the piece in
 * between, so the path stays Hamiltonian. */
static void backbite(int *path, int *where, int n, int w, int h, gopt_rng *rng) {
    bool front = gopt_rng_below(rng, 2);
    if (!front) { /* work on the reversed path, so the moving end is always path[0] */
        for (int a = 0, b = n - 1; a < b; a++, b--) {
            int t = path[a];
            path[a] = path[b];
            path[b] = t;
        }
        for (int i = 0; i < n; i++) where[path[i]] = i;
    }
    int v = path[0], r = v / w, c = v % w;
    int nb[4], k = 0;
    if (r > 0) nb[k++] = v - w;
    if (r + 1 < h) nb[k++] = v + w;
    if (c > 0) nb[k++] = v - 1;
    if (c + 1 < w) nb[k++] = v + 1;
    int u = nb[gopt_rng_below(rng, (uint32_t)k)];
    int i = where[u]; /* path[0..i-1] reversed: path[i-1] becomes the new end */
    if (i <= 1) return;
    for (int a = 0, b = i - 1; a < b; a++, b--) {
        int t = path[a];
        path[a] = path[b];
        path[b] = t;
    }
    for (int j = 0; j < i; j++) where[path[j]] = j;
}

gopt_flow_puzzle *gopt_flow_random(int w, int h, int colours, gopt_rng *rng) {
    int n = w * h;
    if (colours < 1) colours = 1;
    if (colours > n / 2) colours = n / 2;
    int *path = gopt_malloc((size_t)n * sizeof *path), *where = gopt_malloc((size_t)n * sizeof *where);
    for (int r = 0, i = 0; r < h; r++)
        for (int c = 0; c < w; c++, i++) path[i] = r * w + (r % 2 ? w - 1 - c : c);
    for (int i = 0; i < n; i++) where[path[i]] = i;
    for (int step = 0; step < 20 * n; step++) backbite(path, where, n, w, h, rng);
    /* cuts: colours - 1 places among n - 1 gaps, every piece at least two cells */
    int *piece_end = gopt_malloc((size_t)colours * sizeof *piece_end);
    int spare = n - 2 * colours, at = 0;
    for (int k = 0; k < colours; k++) {
        int extra = k == colours - 1 ? spare : (int)gopt_rng_below(rng, (uint32_t)(2 * spare / (colours - k) + 1));
        if (extra > spare) extra = spare;
        spare -= extra;
        at += 2 + extra;
        piece_end[k] = at - 1;
    }
    flow_builder b;
    flow_build_start(&b, GOPT_FLOW_FLOW_SOLVER, 1, h, w);
    flow_build_box(&b, 1, h, w);
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    for (int k = 0, first = 0; k < colours; k++) {
        char label[8];
        if (k < 52) snprintf(label, sizeof label, "%c", alphabet[k]);
        else snprintf(label, sizeof label, "%d", k + 1);
        int c = flow_build_colour(&b, label);
        flow_build_endpoint(&b, path[first], c);
        flow_build_endpoint(&b, path[piece_end[k]], c);
        first = piece_end[k] + 1;
    }
    free(path);
    free(where);
    free(piece_end);
    return flow_build_finish(&b, false);
}
