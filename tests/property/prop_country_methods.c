/* Country Road methods cross-checked on random small puzzles: the number of solutions found
 * by brute force (every simple cycle of the grid, each judged by the independent checker)
 * equals the SAT method's count and the MIP method's, and each method's first loop passes
 * the checker. Random rooms, numbers (half of them read off a random cycle so that many
 * puzzles have solutions), holes, stray borders and the variant; reproducible seeds. */
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

#define MAX_CELLS 25
#define CAP 40 /* solutions counted per method */

typedef struct cycles {
    const gopt_country_puzzle *p;
    int count;        /* valid loops, up to CAP + 1 */
    int all;          /* simple cycles of the grid */
    uint8_t pick[MAX_CELLS]; /* the pick-th cycle seen, for numbers */
    int pick_index;
    int path[MAX_CELLS], len;
    bool on_path[MAX_CELLS];
} cycles;

static bool open_side(const gopt_country_puzzle *p, int u, gopt_dir d) {
    int v = gopt_grid_step(p->size, u, d);
    return v >= 0 && p->room[v] != GOPT_COUNTRY_HOLE && p->room[u] != GOPT_COUNTRY_HOLE &&
           !(p->room[u] == p->room[v] && gopt_country_border(p, u, d));
}

static void found_cycle(cycles *k) {
    uint8_t dirs[MAX_CELLS] = {0};
    gopt_grid g = k->p->size;
    for (int i = 0; i < k->len; i++) {
        int u = k->path[i], v = k->path[(i + 1) % k->len];
        for (int d = 0; d < 4; d++)
            if (gopt_grid_step(g, u, (gopt_dir)d) == v) {
                dirs[u] |= (uint8_t)GOPT_DIR_BIT(d);
                dirs[v] |= (uint8_t)GOPT_DIR_BIT(gopt_dir_opposite((gopt_dir)d));
            }
    }
    if (k->all++ == k->pick_index) memcpy(k->pick, dirs, sizeof dirs);
    char why[128];
    if (k->count <= CAP && gopt_country_check(k->p, dirs, why, sizeof why)) k->count++;
}

/* Paths from path[0] through larger cells; a cycle closes back at path[0]. Each cycle is
 * found twice (two directions); we keep the one whose second cell is below its last. */
static void extend(cycles *k) {
    int u = k->path[k->len - 1], start = k->path[0];
    for (int d = 0; d < 4; d++) {
        if (!open_side(k->p, u, (gopt_dir)d)) continue;
        int v = gopt_grid_step(k->p->size, u, (gopt_dir)d);
        if (v == start && k->len >= 4 && k->path[1] < u) found_cycle(k);
        if (v <= start || k->on_path[v]) continue;
        k->path[k->len++] = v;
        k->on_path[v] = true;
        extend(k);
        k->on_path[v] = false;
        k->len--;
    }
}

static void brute_force(cycles *k) {
    int n = gopt_grid_cells(k->p->size);
    for (int s = 0; s < n; s++) {
        if (k->p->room[s] == GOPT_COUNTRY_HOLE) continue;
        k->path[0] = s;
        k->len = 1;
        k->on_path[s] = true;
        extend(k);
        k->on_path[s] = false;
    }
}

/* Rooms grown from random seeds; some holes and stray borders. */
static gopt_country_puzzle *random_puzzle(gopt_rng *r) {
    int w = 2 + (int)gopt_rng_below(r, 3), h = 2 + (int)gopt_rng_below(r, 4);
    gopt_country_puzzle *p = gopt_country_new(w, h);
    int n = w * h, label[MAX_CELLS];
    for (int c = 0; c < n; c++) label[c] = -2;
    if (gopt_rng_below(r, 6) == 0) label[gopt_rng_below(r, (uint32_t)n)] = -1;
    int seeds = 1 + (int)gopt_rng_below(r, (uint32_t)(n / 2));
    for (int i = 0; i < seeds; i++) {
        int c = (int)gopt_rng_below(r, (uint32_t)n);
        if (label[c] == -2) label[c] = i;
    }
    for (bool grew = true; grew;) {
        grew = false;
        int order[MAX_CELLS];
        for (int c = 0; c < n; c++) order[c] = c;
        gopt_rng_shuffle_int(r, order, (size_t)n);
        for (int i = 0; i < n; i++) {
            int c = order[i], d = (int)gopt_rng_below(r, 4);
            int v = gopt_grid_step(p->size, c, (gopt_dir)d);
            if (label[c] == -2 && v >= 0 && label[v] >= 0) label[c] = label[v], grew = true;
        }
    }
    for (int c = 0; c < n; c++)
        if (label[c] == -2) label[c] = 100 + c; /* cut off by a hole: a room of its own */
    gopt_country_set_rooms(p, label);
    if (gopt_rng_below(r, 6) == 0) {
        int c = (int)gopt_rng_below(r, (uint32_t)n);
        gopt_dir d = gopt_rng_below(r, 2) ? GOPT_E : GOPT_S;
        int v = gopt_grid_step(p->size, c, d);
        if (v >= 0 && p->room[c] >= 0 && p->room[c] == p->room[v]) {
            p->wall = gopt_calloc((size_t)n, 1);
            p->wall[c] = (uint8_t)GOPT_DIR_BIT(d);
        }
    }
    p->empty_rooms = gopt_rng_below(r, 3) == 0;
    return p;
}

/* Numbers: half the time read off a random cycle, else random. */
static void random_numbers(gopt_country_puzzle *p, gopt_rng *r, const cycles *k) {
    bool from_cycle = k->all > 0 && gopt_rng_below(r, 2);
    for (int room = 0; room < p->nrooms; room++) {
        if (gopt_rng_below(r, 3) != 0) continue;
        int v = (int)gopt_rng_below(r, (uint32_t)p->room_size[room] + 1);
        if (from_cycle) {
            v = 0;
            for (int c = 0; c < gopt_grid_cells(p->size); c++) v += p->room[c] == room && k->pick[c];
        }
        p->number[room] = v;
    }
}

static int method_count(const gopt_country_puzzle *p, const char *method) {
    gopt_country_solve_options o = {.method = method, .count = CAP};
    gopt_answer a = {0};
    gopt_country_solve(p, &o, &a);
    if (a.solutions > 0) {
        char why[256];
        if (!gopt_country_check(p, ((gopt_country_solution *)a.solution)->dirs, why, sizeof why))
            fail_msg("%s answer fails the checker: %s", method, why);
        assert_int_equal(a.status, GOPT_SOLVED);
    } else {
        assert_int_equal(a.status, GOPT_INFEASIBLE);
    }
    assert_true(a.complete == (a.solutions < CAP));
    gopt_country_solution_free(a.solution);
    free(a.extra);
    return (int)a.solutions;
}

static void methods_agree_with_brute_force(void **state) {
    (void)state;
    int cases = test_cases(300), solvable = 0, multiple = 0;
    for (int i = 0; i < cases; i++) {
        gopt_rng r = gopt_rng_stream(8, (uint64_t)i);
        gopt_country_puzzle *p = random_puzzle(&r);
        cycles k = {.p = p, .pick_index = -1};
        brute_force(&k); /* every cycle, to pick one for the numbers */
        k.pick_index = k.all ? (int)gopt_rng_below(&r, (uint32_t)k.all) : -1;
        k.all = k.count = 0;
        brute_force(&k);
        random_numbers(p, &r, &k);
        k.all = k.count = 0;
        brute_force(&k);
        int expected = k.count < CAP ? k.count : CAP;
        int sat = method_count(p, "sat");
        if (sat != expected) fail_msg("case %d: brute force %d, sat %d", i, expected, sat);
        if (i % 4 == 0) {
            int mip = method_count(p, "mip");
            if (mip != expected) fail_msg("case %d: brute force %d, mip %d", i, expected, mip);
        }
        solvable += expected > 0;
        multiple += expected > 1;
        gopt_country_free(p);
    }
    print_message("%d cases: %d with loops, %d with several\n", cases, solvable, multiple);
    /* The generator must give both kinds of puzzle, or the comparison proves little. */
    assert_true(solvable > cases / 5);
    assert_true(multiple > cases / 10);
    assert_true(solvable - multiple > cases / 20);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(methods_agree_with_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
