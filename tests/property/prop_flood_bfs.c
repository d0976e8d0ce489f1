/* Flood-It methods against brute force: on thousands of random boards up to 6x6 in 3 to 5
 * colours (some with another start cell; every fifth is up to 5x5 in 6 to 8 colours), a
 * breadth-first search over flooded-cell masks, written here from the rules alone, gives
 * the optimum. A*, IDA* and DFBnB must find it and
 * prove it; greedy, lookahead and beam must never go below it; every lower bound (the
 * named ones, the combined one, and the cells-only one of boards past the region graph's
 * size) must stay at or below it. Seeds are fixed. */
#include <stdlib.h>
#include <string.h>

#include "games/flood/internal.h"
#include "test_support.h"

typedef struct board {
    int w, h, k, start;
    uint8_t c[36];
} board;

/* The flooded area after recolouring `mask` with colour c: everything of colour c
 * connected to it joins. */
static uint64_t grow(const board *b, uint64_t mask, int c) {
    uint64_t done = mask;
    int stack[36], top = 0;
    for (int i = 0; i < b->w * b->h; i++)
        if (mask >> i & 1) stack[top++] = i;
    while (top) {
        int cell = stack[--top], r = cell / b->w, col = cell % b->w;
        int next[4] = {r > 0 ? cell - b->w : -1, r + 1 < b->h ? cell + b->w : -1, col > 0 ? cell - 1 : -1,
                       col + 1 < b->w ? cell + 1 : -1};
        for (int d = 0; d < 4; d++) {
            int x = next[d];
            if (x >= 0 && !(done >> x & 1) && b->c[x] == c) {
                done |= (uint64_t)1 << x;
                stack[top++] = x;
            }
        }
    }
    return done;
}

/* A set of masks (open addressing, doubling when half full). */
typedef struct mask_set {
    uint64_t *slot;
    size_t cap, used;
} mask_set;

static bool mask_set_add(mask_set *s, uint64_t m) { /* m != 0; false when present */
    if (s->used * 2 >= s->cap) {
        mask_set old = *s;
        s->cap = old.cap ? old.cap * 2 : 1024;
        s->slot = calloc(s->cap, sizeof *s->slot);
        s->used = 0;
        for (size_t i = 0; i < old.cap; i++)
            if (old.slot[i]) mask_set_add(s, old.slot[i]);
        free(old.slot);
    }
    size_t k = (m * 0x9e3779b97f4a7c15ull) >> 20 & (s->cap - 1);
    while (s->slot[k]) {
        if (s->slot[k] == m) return false;
        k = (k + 1) & (s->cap - 1);
    }
    s->slot[k] = m;
    s->used++;
    return true;
}

/* Breadth-first search over masks; the optimum number of moves. */
static int brute_force(const board *b) {
    int n = b->w * b->h;
    uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    uint64_t start = grow(b, (uint64_t)1 << b->start, b->c[b->start]);
    mask_set seen = {0};
    uint64_t *queue = NULL;
    int *depth = NULL;
    size_t head = 0, tail = 0, cap = 0;
    gopt_grow(&queue, &cap, 1, sizeof *queue);
    depth = realloc(depth, cap * sizeof *depth);
    queue[tail] = start;
    depth[tail++] = 0;
    mask_set_add(&seen, start);
    int answer = -1;
    while (head < tail) {
        uint64_t m = queue[head];
        int d = depth[head++];
        if (m == all) {
            answer = d;
            break;
        }
        for (int c = 0; c < b->k; c++) {
            uint64_t m2 = grow(b, m, c);
            if (m2 == m || !mask_set_add(&seen, m2)) continue;
            if (tail == cap) {
                gopt_grow(&queue, &cap, tail + 1, sizeof *queue);
                depth = realloc(depth, cap * sizeof *depth);
            }
            queue[tail] = m2;
            depth[tail++] = d + 1;
        }
    }
    free(seen.slot);
    free(queue);
    free(depth);
    return answer;
}

static gopt_flood_puzzle *puzzle_of(const board *b) {
    gopt_flood_puzzle *p = gopt_flood_new(b->w, b->h, b->k);
    memcpy(p->cells, b->c, (size_t)(b->w * b->h));
    p->start = b->start;
    return p;
}

static int solve_length(const gopt_flood_puzzle *p, const char *method, bool *optimal) {
    gopt_options o;
    gopt_options_init(&o);
    o.method = method;
    gopt_answer a = {.name = "random"};
    assert_int_equal(gopt_game_solve_checked(&gopt_game_flood, p, &o, &a), GOPT_SOLVED); /* checked */
    const gopt_flood_solution *s = a.solution;
    const gopt_flood_result *r = a.extra;
    int n = s->length;
    *optimal = r->optimal;
    assert_true(r->lower_bound <= n);
    gopt_answer_free(&gopt_game_flood, &a);
    return n;
}

/* The named bounds (furthest colour, layered, lifted layered, recursive) and the combined
 * one at the start, after its forced moves. */
static void root_bounds(const gopt_flood_puzzle *p, int out[5]) {
    flood_graph g;
    char why[100];
    assert_true(flood_graph_build(&g, p, why, sizeof why));
    size_t nw = (size_t)g.nwords;
    uint64_t *F = calloc(4 * nw, sizeof *F), *border = F + nw;
    int forced = flood_start(&g, F, border, F + 2 * nw, NULL);
    flood_bounder b;
    flood_bounder_init(&b, &g);
    flood_bounds_each(&b, F, border, out);
    out[4] = gopt_bits_any(border, nw) ? flood_bound(&b, F, border) : 0;
    for (int i = 0; i < 5; i++) out[i] += forced;
    flood_bounder_free(&b);
    free(F);
    flood_graph_free(&g);
}

static void methods_match_brute_force(void **state) {
    (void)state;
    int cases = test_cases(5000);
    const char *exact[] = {"astar", "ida", "dfbnb"};
    const char *heuristic[] = {"greedy", "lookahead", "beam"};
    long total = 0, lifted = 0, recursive = 0, cell_tight = 0;
    for (int i = 0; i < cases; i++) {
        gopt_rng r = gopt_rng_stream(7, (uint64_t)i);
        board b;
        /* 3 to 5 colours up to 6x6, and every fifth board 6 to 8 colours up to 5x5 (where
         * the recursive bound joins in) */
        bool many = i % 5 == 4;
        b.w = 2 + (int)gopt_rng_below(&r, many ? 4 : 5);
        b.h = 2 + (int)gopt_rng_below(&r, many ? 4 : 5);
        b.k = many ? 6 + (int)gopt_rng_below(&r, 3) : 3 + (int)gopt_rng_below(&r, 3);
        for (int c = 0; c < b.w * b.h; c++) b.c[c] = (uint8_t)gopt_rng_below(&r, (uint32_t)b.k);
        b.start = i % 4 == 3 ? (int)gopt_rng_below(&r, (uint32_t)(b.w * b.h)) : 0;
        int want = brute_force(&b);
        gopt_flood_puzzle *p = puzzle_of(&b);
        for (size_t m = 0; m < 3; m++) {
            bool optimal;
            int got = solve_length(p, exact[m], &optimal);
            if (got != want) fail_msg("case %d (%dx%d, %d colours): %s found %d, brute force %d", i, b.w, b.h, b.k, exact[m], got, want);
            assert_true(optimal);
        }
        for (size_t m = 0; m < 3; m++) {
            bool optimal;
            int got = solve_length(p, heuristic[m], &optimal);
            if (got < want) fail_msg("case %d: %s found %d, below the optimum %d", i, heuristic[m], got, want);
        }
        int bounds[5];
        root_bounds(p, bounds);
        for (int k = 0; k < 5; k++)
            if (bounds[k] > want) fail_msg("case %d: bound %d is %d, above the optimum %d", i, k, bounds[k], want);
        /* the bound from the cells alone, what a board past the region graph's size gets */
        int cells = flood_cell_lower_bound(p);
        if (cells > want) fail_msg("case %d: the cell bound is %d, above the optimum %d", i, cells, want);
        cell_tight += cells == want;
        assert_true(bounds[1] >= bounds[0]); /* Puchert contains the furthest-colour bound */
        assert_true(bounds[2] >= bounds[1] && bounds[4] >= bounds[2]);
        uint64_t present = 0;
        for (int c = 0; c < b.w * b.h; c++) present |= (uint64_t)1 << b.c[c];
        if (__builtin_popcountll(present) >= 8 && bounds[4] < bounds[3])
            fail_msg("case %d: the combined bound misses the recursive one", i);
        total += want;
        lifted += bounds[2] > bounds[1];
        recursive += bounds[3] > bounds[2];
        gopt_flood_free(p);
    }
    assert_true(total > cases); /* the boards were not trivial */
    assert_true(lifted > 0);    /* the lifting tests did something, */
    assert_true(recursive > 0); /* and so did the recursive bound */
    assert_true(cell_tight > cases / 10); /* the cell bound is often the optimum itself */
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(methods_match_brute_force)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
