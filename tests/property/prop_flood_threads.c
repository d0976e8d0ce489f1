/* A* on one board over several threads (they share the closed set and take the open list a
 * bucket at a time) against one thread and against brute force: the optimum must never
 * depend on the thread count, and each answer is proven and passes the checker.
 *   - small boards (up to 6x6, 3 to 6 colours): brute force over flooded-cell masks, with
 *     1, 2 and 3 threads;
 *   - 10x10 to 14x14 boards in 4 to 6 colours, where buckets hold hundreds of nodes so the
 *     threads really race for the table: 2 and 3 threads against one.
 * Seeds are fixed. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/flood.h"
#include "gameopt/rng.h"
#include "test_support.h"

/* The flooded area after recolouring `mask` with colour c (cells of c joining it). */
static uint64_t grow(int w, int h, const uint8_t *cells, uint64_t mask, int c) {
    uint64_t done = mask, todo = mask;
    while (todo) {
        int cell = __builtin_ctzll(todo);
        todo &= todo - 1;
        int r = cell / w, col = cell % w;
        int next[4] = {r > 0 ? cell - w : -1, r + 1 < h ? cell + w : -1, col > 0 ? cell - 1 : -1,
                       col + 1 < w ? cell + 1 : -1};
        for (int d = 0; d < 4; d++) {
            int x = next[d];
            if (x >= 0 && !(done >> x & 1) && cells[x] == c) {
                done |= (uint64_t)1 << x;
                todo |= (uint64_t)1 << x;
            }
        }
    }
    return done;
}

/* Breadth-first over masks, depth by depth (boards of at most 36 cells: a few thousand
 * masks per depth). */
static int brute_force(int w, int h, int k, const uint8_t *cells) {
    int n = w * h;
    uint64_t all = ((uint64_t)1 << n) - 1;
    size_t cap = 1 << 16, now_n = 1;
    uint64_t *now = malloc(cap * sizeof *now), *next = malloc(cap * sizeof *next);
    now[0] = grow(w, h, cells, 1, cells[0]);
    for (int depth = 0;; depth++) {
        size_t next_n = 0;
        for (size_t i = 0; i < now_n; i++) {
            if (now[i] == all) {
                free(now);
                free(next);
                return depth;
            }
            for (int c = 0; c < k; c++) {
                uint64_t m = grow(w, h, cells, now[i], c);
                if (m == now[i]) continue;
                bool seen = false; /* a linear scan is enough at these sizes */
                for (size_t j = 0; j < next_n && !seen; j++) seen = next[j] == m;
                if (seen) continue;
                if (next_n == cap) {
                    cap *= 2;
                    next = realloc(next, cap * sizeof *next);
                    now = realloc(now, cap * sizeof *now);
                }
                next[next_n++] = m;
            }
        }
        uint64_t *t = now;
        now = next;
        next = t;
        now_n = next_n;
    }
}

static int astar_length(const gopt_flood_puzzle *p, int threads, long *nodes) {
    gopt_options o;
    gopt_options_init(&o);
    o.method = "astar";
    o.threads = threads;
    gopt_answer a = {.name = "random"};
    assert_int_equal(gopt_game_solve_checked(&gopt_game_flood, p, &o, &a), GOPT_SOLVED); /* checked */
    const gopt_flood_solution *s = a.solution;
    const gopt_flood_result *r = a.extra;
    assert_true(r->optimal);
    assert_int_equal(r->lower_bound, s->length);
    int n = s->length;
    if (nodes) *nodes = (long)r->nodes;
    gopt_answer_free(&gopt_game_flood, &a);
    return n;
}

static gopt_flood_puzzle *random_board(gopt_rng *r, int w, int h, int k) {
    gopt_flood_puzzle *p = gopt_flood_new(w, h, k);
    for (int c = 0; c < w * h; c++) p->cells[c] = (uint8_t)gopt_rng_below(r, (uint32_t)k);
    return p;
}

static void small_boards_match_brute_force(void **state) {
    (void)state;
    int cases = test_cases(1500);
    for (int i = 0; i < cases; i++) {
        gopt_rng r = gopt_rng_stream(2011, (uint64_t)i);
        int w = 3 + (int)gopt_rng_below(&r, 4), h = 3 + (int)gopt_rng_below(&r, 4);
        int k = 3 + (int)gopt_rng_below(&r, 4);
        gopt_flood_puzzle *p = random_board(&r, w, h, k);
        int want = brute_force(w, h, k, p->cells);
        for (int t = 1; t <= 3; t++) {
            int got = astar_length(p, t, NULL);
            if (got != want) fail_msg("case %d (%dx%d, %d colours), %d threads: %d, brute force %d", i, w, h, k, t, got, want);
        }
        gopt_flood_free(p);
    }
}

static void threads_agree_on_larger_boards(void **state) {
    (void)state;
    int cases = test_cases(60) / 3 + 1;
    long shared = 0;
    for (int i = 0; i < cases; i++) {
        gopt_rng r = gopt_rng_stream(2012, (uint64_t)i);
        int side = 14 + (int)gopt_rng_below(&r, 4), k = 5 + (int)gopt_rng_below(&r, 2);
        gopt_flood_puzzle *p = random_board(&r, side, side, k);
        long nodes;
        int want = astar_length(p, 1, &nodes);
        for (int t = 2; t <= 3; t++) {
            int got = astar_length(p, t, NULL);
            if (got != want) fail_msg("case %d (%dx%d, %d colours): %d threads %d, one thread %d", i, side, side, k, t, got, want);
        }
        shared += nodes;
        gopt_flood_free(p);
    }
    print_message("nodes %ld over %d cases\n", shared, cases);
    assert_true(shared > 1000 * cases); /* searches big enough for the threads to meet */
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(small_boards_match_brute_force),
                                       cmocka_unit_test(threads_agree_on_larger_boards)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
