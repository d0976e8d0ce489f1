/* Country Road methods cross-checked on random small puzzles: the number of solutions found
 * by brute force (every simple cycle of the grid, each judged by the independent checker)
 * equals the SAT method's count and the MIP method's, and each method's first loop passes
 * the checker. Random rooms, numbers (half of them read off a random cycle so that many
 * puzzles have solutions), holes, stray borders and the variant; reproducible seeds. */
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

#include "country_brute.h"

#define MAX_CELLS BRUTE_MAX_CELLS
#define CAP 40 /* solutions counted per method */

typedef struct cycles {
    const gopt_country_puzzle *p;
    int count;        /* valid loops, up to CAP + 1 */
    int all;          /* simple cycles of the grid */
    uint8_t pick[MAX_CELLS]; /* the pick-th cycle seen, for numbers */
    int pick_index;
} cycles;

static void found_cycle(void *user, const uint8_t *dirs) {
    cycles *k = user;
    if (k->all++ == k->pick_index) memcpy(k->pick, dirs, MAX_CELLS);
    char why[128];
    if (k->count <= CAP && gopt_country_check(k->p, dirs, why, sizeof why)) k->count++;
}

static void brute_force(cycles *k) { brute_cycles_of(k->p, found_cycle, k); }

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
        gopt_country_puzzle *p = brute_random_puzzle(&r);
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
