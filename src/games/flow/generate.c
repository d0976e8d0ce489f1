/* Random puzzles with a known solution: a random Hamiltonian path of the board, drawn by
 * backbite moves (Mansfield, "Efficient Monte Carlo sampling of Hamiltonian paths", 2006)
 * from a snake, is cut into `colours` pieces of at least two cells; each piece's ends are a
 * colour's endpoints. Every such board has a full-coverage solution (the pieces); it may have
 * others. Unique puzzles: count to 2; while a second solution exists, split a piece where it
 * differs (the pieces stay a solution, the other one usually does not), so every step adds
 * a constraint and the loop ends. */
#include <string.h>

#include "internal.h"
#include "gameopt/stop.h"

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

/* A random Hamiltonian path of the w x h board (backbite moves from a snake). */
static int *random_path(int w, int h, gopt_rng *rng) {
    int n = w * h;
    int *path = gopt_malloc((size_t)n * sizeof *path), *where = gopt_malloc((size_t)n * sizeof *where);
    for (int r = 0, i = 0; r < h; r++)
        for (int c = 0; c < w; c++, i++) path[i] = r * w + (r % 2 ? w - 1 - c : c);
    for (int i = 0; i < n; i++) where[path[i]] = i;
    /* 20n steps of O(n) each: minutes on 500x500, so the walk looks at the limits (stop.h);
     * cut short it is still a Hamiltonian path, which the caller discards (generate is then
     * stopped: gopt_run_generate prints only the boards finished before). */
    for (int step = 0; step < 20 * n; step++) {
        if ((step & 15) == 0 && gopt_stop_check() != GOPT_GO) break; /* a step reverses up to n cells */
        backbite(path, where, n, w, h, rng);
    }
    free(where);
    return path;
}

/* Marks where `colours` pieces of at least two cells end (cut[i]: a piece ends at path[i]). */
static void random_cuts(int n, int colours, uint8_t *cut, gopt_rng *rng) {
    memset(cut, 0, (size_t)n);
    int spare = n - 2 * colours, at = 0;
    for (int k = 0; k < colours; k++) {
        int extra = k == colours - 1 ? spare : (int)gopt_rng_below(rng, (uint32_t)(2 * spare / (colours - k) + 1));
        if (extra > spare) extra = spare;
        spare -= extra;
        at += 2 + extra;
        cut[at - 1] = 1;
    }
}

/* The puzzle whose colours are the pieces of the path (in order: A, B, ...). */
static gopt_flow_puzzle *build_pieces(int w, int h, const int *path, const uint8_t *cut) {
    flow_builder b;
    flow_build_start(&b, GOPT_FLOW_FLOW_SOLVER, 1, h, w);
    flow_build_box(&b, 1, h, w);
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    for (int i = 0, k = 0, first = 0; i < w * h; i++) {
        if (!cut[i]) continue;
        char label[8];
        if (k < 52) snprintf(label, sizeof label, "%c", alphabet[k]);
        else snprintf(label, sizeof label, "%d", k + 1);
        int c = flow_build_colour(&b, label);
        flow_build_endpoint(&b, path[first], c);
        flow_build_endpoint(&b, path[i], c);
        first = i + 1;
        k++;
    }
    return flow_build_finish(&b, false);
}

gopt_flow_puzzle *gopt_flow_generate(int w, int h, int colours, gopt_rng *rng) {
    int n = w * h;
    if (colours < 1) colours = 1;
    if (colours > n / 2) colours = n / 2;
    int *path = random_path(w, h, rng);
    if (gopt_stop_check() != GOPT_GO) { /* the walk was cut short: no board (building one is slow too) */
        free(path);
        return NULL;
    }
    uint8_t *cut = gopt_malloc((size_t)n);
    random_cuts(n, colours, cut, rng);
    gopt_flow_puzzle *p = build_pieces(w, h, path, cut);
    free(path);
    free(cut);
    return p;
}

/* ---------------------------------------------------------------- unique puzzles */

/* Splits the piece holding path index i near i, both parts keeping three cells where the
 * piece is long enough (two-cell paths make dull puzzles), else two; false when the piece
 * is shorter than four cells. */
static bool split_near(int n, uint8_t *cut, int i) {
    int a = i, b = i;
    while (a > 0 && !cut[a - 1]) a--;
    while (b < n - 1 && !cut[b]) b++;
    if (b - a + 1 < 4) return false;
    int keep = b - a + 1 >= 6 ? 3 : 2;
    int m = i < a + keep - 1 ? a + keep - 1 : i > b - keep ? b - keep : i; /* the first part ends at m */
    cut[m] = 1;
    return true;
}

/* Under the untouching convention the intended solution must not touch itself: split each
 * piece between two of its cells that are neighbours without being consecutive. */
static void untouch_pieces(int w, int n, const int *path, uint8_t *cut, int *where) {
    for (int i = 0; i < n; i++) where[path[i]] = i;
    for (bool again = true; again;) {
        again = false;
        for (int i = 0; i < n && !again; i++) {
            int v = path[i], r = v / w, c = v % w;
            int nb[4] = {c + 1 < w ? v + 1 : -1, v + w < n ? v + w : -1, c > 0 ? v - 1 : -1, r > 0 ? v - w : -1};
            for (int d = 0; d < 4 && !again; d++) {
                int j = nb[d] >= 0 ? where[nb[d]] : -1;
                if (j <= i + 1) continue; /* (each pair once, from its earlier cell) */
                bool same = true;
                for (int x = i; x < j && same; x++) same = !cut[x];
                if (!same) continue;
                cut[(i + j) / 2] = 1; /* between them (j >= i + 3, so both parts keep two cells) */
                again = true;
            }
        }
    }
}

gopt_flow_puzzle *gopt_flow_generate_unique(int w, int h, int colours, bool untouching, gopt_flow_grade grade, int attempts,
                                            int max_colours, gopt_rng *rng, double *work) {
    int n = w * h;
    if (n < 4 || w < 2 || h < 2) return NULL;
    if (colours < 1) colours = 1;
    if (colours > n / 2) colours = n / 2;
    if (attempts <= 0) attempts = 200;
    int *where = gopt_malloc((size_t)n * sizeof *where);
    int *piece = gopt_malloc((size_t)n * sizeof *piece);
    uint8_t *cut = gopt_malloc((size_t)n);
    gopt_flow_puzzle *found = NULL;
    for (int attempt = 0; attempt < attempts && !found && gopt_stop_check() == GOPT_GO; attempt++) {
        int *path = random_path(w, h, rng);
        random_cuts(n, colours, cut, rng);
        /* First unique among untouching paths (the exact sweep settles that in milliseconds),
         * then, for simple paths, SAT finds the seconds that touch themselves: far fewer
         * SAT rounds than from the start. */
        untouch_pieces(w, n, path, cut, where);
        for (int i = 0; i < n; i++) where[path[i]] = i;
        for (bool first_stage = true;;) {
            gopt_flow_puzzle *p = build_pieces(w, h, path, cut);
            p->untouching = untouching || first_stage;
            if (p->ncolours > max_colours) { /* more than the output format can name */
                gopt_flow_free(p);
                break;
            }
            gopt_answer a = {0};
            flow_run r = {.p = p, .count = 2, .a = &a, .keep_second = true};
            /* under untouching the corner-rule sweep is exact; simple paths: SAT counts */
            gopt_status st = p->untouching ? flow_solve_search(&r, true, 0) : flow_solve_sat(&r);
            gopt_flow_solution *other = NULL;
            if (st == GOPT_SOLVED && a.solutions >= 2) {
                /* the solution that is not the pieces: a cell whose colour differs */
                for (int k = 0, i = 0; i < n; i++) {
                    piece[path[i]] = k;
                    if (cut[i]) k++;
                }
                gopt_flow_solution *cand[2] = {a.solution, r.second};
                for (int c = 0; c < 2 && !other; c++)
                    for (int v = 0; v < n && !other; v++)
                        if (cand[c] && cand[c]->colour[v] != piece[v]) other = cand[c];
            }
            bool unique = st == GOPT_SOLVED && a.solutions == 1 && a.complete;
            if (unique && first_stage && !untouching) { /* on to simple paths */
                first_stage = false;
                gopt_flow_solution_free(a.solution);
                gopt_flow_solution_free(r.second);
                gopt_flow_free(p);
                continue;
            }
            if (unique) {
                /* the grade: the nodes the portfolio's corner-rule sweep needs to solve it */
                gopt_answer b = {0};
                flow_run s1 = {.p = p, .count = 1, .a = &b};
                flow_solve_search(&s1, true, 0);
                double nodes = (double)gopt_counter_get(&b.counters, "nodes") / n;
                gopt_flow_solution_free(b.solution);
                gopt_flow_grade g = nodes < 1.75 ? GOPT_FLOW_EASY : nodes < 2.5 ? GOPT_FLOW_MEDIUM : GOPT_FLOW_HARD;
                if (grade == GOPT_FLOW_ANY_GRADE || g == grade) {
                    found = p;
                    if (work) *work = nodes;
                    p = NULL;
                }
            }
            bool split = false;
            if (other) /* split a piece where the other solution differs (the earliest such cell) */
                for (int i = 0; i < n && !split; i++)
                    if (other->colour[path[i]] != piece[path[i]]) split = split_near(n, cut, i);
            gopt_flow_solution_free(a.solution);
            gopt_flow_solution_free(r.second);
            if (p) gopt_flow_free(p);
            if (unique || !split) break; /* (a unique board of another grade, or stuck: a new board) */
        }
        free(path);
    }
    free(where);
    free(piece);
    free(cut);
    return found;
}
