/* Flow: the methods cross-checked on thousands of random small boards (reproducible: case i
 * draws from gopt_rng_stream(SEED, i)). Endpoints are placed at random, so boards are
 * solvable or not, with one solution or many, under full and partial coverage.
 *   - SAT and the complete search count the same solutions (up to a cap);
 *   - the portfolio, the path search (partial coverage) and the MIP agree on solvability;
 *   - the search that assumes paths never touch themselves never claims a solution that
 *     does not exist, and never claims "unsolvable";
 *   - boards drawn with holes, walls, warps, bridges and diagonal links go through the graph
 *     search, which must count like SAT too;
 *   - every solution passes the independent checker. */
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

#define SEED 20240917
#define CAP 40 /* solutions counted at most */

static gopt_flow_puzzle *parse(const char *text, int partial) {
    gopt_text t;
    gopt_text_from_string(&t, "random", text);
    gopt_error err = {0};
    gopt_flow_puzzle *p = NULL;
    int r = gopt_flow_read(&t, -1, partial, &p, &err);
    gopt_text_free(&t);
    if (r != 1) {
        char buf[600];
        fail_msg("%s\n%s", text, gopt_error_text(&err, buf, sizeof buf));
    }
    return p;
}

static gopt_status run(const gopt_flow_puzzle *p, gopt_flow_method m, long count, bool complete, const char *text,
                       long *solutions, bool *all) {
    gopt_flow_settings s = {.method = m, .count = count, .complete = complete, .node_budget = 2000000};
    gopt_answer a = {0};
    gopt_status st = gopt_flow_solve(p, &s, &a);
    if (st == GOPT_SOLVED) {
        char why[256];
        if (!gopt_flow_check(p, a.solution, why, sizeof why)) fail_msg("method %d: %s\n%s", m, why, text);
    }
    if (st == GOPT_ERROR) fail_msg("method %d failed\n%s", m, text);
    if (solutions) *solutions = a.solutions;
    if (all) *all = a.complete;
    gopt_flow_solution_free(a.solution);
    return st;
}

/* Counts with SAT and with the complete search; returns the count (capped). */
static long cross_count(const gopt_flow_puzzle *p, const char *text) {
    long n_sat, n_search;
    bool all_sat, all_search;
    gopt_status a = run(p, GOPT_FLOW_SAT, CAP, false, text, &n_sat, &all_sat);
    gopt_status b = run(p, GOPT_FLOW_SEARCH, CAP, true, text, &n_search, &all_search);
    if (a != b || n_sat != n_search || (n_sat < CAP && (!all_sat || !all_search)))
        fail_msg("SAT %d (%ld%s) vs search %d (%ld%s)\n%s", a, n_sat, all_sat ? ", all" : "", b, n_search,
                 all_search ? ", all" : "", text);
    return n_sat;
}

static char *random_grid(gopt_rng *r, int *w, int *h) {
    *w = 2 + (int)gopt_rng_below(r, 5);
    *h = 1 + (int)gopt_rng_below(r, 6);
    int cells = *w * *h, most = cells / 2 < 5 ? cells / 2 : 5;
    int colours = 1 + (int)gopt_rng_below(r, (uint32_t)most);
    char *grid = malloc((size_t)cells);
    memset(grid, '.', (size_t)cells);
    for (int k = 0; k < colours; k++)
        for (int side = 0; side < 2; side++) {
            int v;
            do v = (int)gopt_rng_below(r, (uint32_t)cells);
            while (grid[v] != '.');
            grid[v] = (char)('A' + k);
        }
    gopt_buf b = {0};
    for (int y = 0; y < *h; y++) {
        gopt_buf_append(&b, grid + y * *w, (size_t)*w);
        gopt_buf_putc(&b, '\n');
    }
    free(grid);
    return gopt_buf_take(&b);
}

static void methods_agree_on_rectangles(void **state) {
    (void)state;
    int cases = test_cases(1500);
    long solvable = 0, unique = 0, lemma_found = 0;
    for (int i = 0; i < cases; i++) {
        gopt_rng r = gopt_rng_stream(SEED, (uint64_t)i);
        int w, h;
        char *text = random_grid(&r, &w, &h);
        bool partial = gopt_rng_below(&r, 3) == 0;
        gopt_flow_puzzle *p = parse(text, partial);
        long n = cross_count(p, text);
        solvable += n > 0;
        unique += n == 1;
        gopt_status want = n > 0 ? GOPT_SOLVED : GOPT_INFEASIBLE;
        if (run(p, GOPT_FLOW_AUTO, 1, false, text, NULL, NULL) != want) fail_msg("auto disagrees (%ld)\n%s", n, text);
        gopt_status lemma = run(p, GOPT_FLOW_SEARCH, 1, false, text, NULL, NULL);
        if (partial) {
            if (lemma != want) fail_msg("path search disagrees (%ld)\n%s", n, text);
        } else {
            if (lemma == GOPT_SOLVED && n == 0) fail_msg("search found a solution that SAT denies\n%s", text);
            if (lemma == GOPT_INFEASIBLE && n > 0) fail_msg("search proved unsolvable a solvable board\n%s", text);
            lemma_found += lemma == GOPT_SOLVED;
        }
        if (i % 10 == 0 && w * h <= 16 && run(p, GOPT_FLOW_MIP, 1, false, text, NULL, NULL) != want)
            fail_msg("MIP disagrees (%ld)\n%s", n, text);
        gopt_flow_free(p);
        free(text);
    }
    print_message("%d boards: %ld solvable, %ld with one solution, %ld found assuming no self-touch\n", cases, solvable,
                  unique, lemma_found);
    /* the random boards cover the interesting kinds */
    assert_true(solvable > cases / 5 && solvable < cases * 4 / 5);
    assert_true(unique > cases / 20);
    assert_true(lemma_found > 0);
}

/* Partial coverage on open rectangles (few colours, much empty space): SAT with the tidiest
 * solution's rules (sat_tidy.c) must find a solution exactly when the complete path search
 * does, and when SAT counting does on the smaller boards; so must the portfolio, whose
 * router (solve_route.c) answers many of them. */
static void tidy_sat_agrees_on_open_rectangles(void **state) {
    (void)state;
    int cases = test_cases(600);
    long solvable = 0, routed = 0;
    for (int i = 0; i < cases; i++) {
        gopt_rng r = gopt_rng_stream(SEED + 1, (uint64_t)i);
        int w = 3 + (int)gopt_rng_below(&r, 5), h = 3 + (int)gopt_rng_below(&r, 5), cells = w * h;
        int colours = 1 + (int)gopt_rng_below(&r, 4);
        char *grid = malloc((size_t)cells);
        memset(grid, '.', (size_t)cells);
        for (int k = 0; k < colours; k++)
            for (int side = 0; side < 2; side++) {
                int v;
                do v = (int)gopt_rng_below(&r, (uint32_t)cells);
                while (grid[v] != '.');
                grid[v] = (char)('A' + k);
            }
        gopt_buf b = {0};
        for (int y = 0; y < h; y++) {
            gopt_buf_append(&b, grid + y * w, (size_t)w);
            gopt_buf_putc(&b, '\n');
        }
        free(grid);
        char *text = gopt_buf_take(&b);
        gopt_flow_puzzle *p = parse(text, 1);
        gopt_status want = run(p, GOPT_FLOW_SEARCH, 1, false, text, NULL, NULL);
        if (cells <= 20) {
            long n = cross_count(p, text);
            if ((n > 0) != (want == GOPT_SOLVED)) fail_msg("path search disagrees with counting (%ld)\n%s", n, text);
        }
        if (run(p, GOPT_FLOW_SAT, 1, false, text, NULL, NULL) != want) fail_msg("tidy SAT disagrees (%d)\n%s", want, text);
        solvable += want == GOPT_SOLVED;
        /* the portfolio: its router (which proves nothing) answers many, always checked */
        gopt_flow_settings set = {.method = GOPT_FLOW_AUTO, .count = 1};
        gopt_answer a = {0};
        gopt_status st = gopt_flow_solve(p, &set, &a);
        char why[256];
        if (st != want) fail_msg("auto disagrees (%d)\n%s", want, text);
        if (st == GOPT_SOLVED && !gopt_flow_check(p, a.solution, why, sizeof why)) fail_msg("auto: %s\n%s", why, text);
        routed += st == GOPT_SOLVED && gopt_counter_get(&a.counters, "route rounds") > 0 &&
                  gopt_counter_get(&a.counters, "conflicts") == 0;
        gopt_flow_solution_free(a.solution);
        gopt_flow_free(p);
        free(text);
    }
    print_message("%d open boards: %ld solvable, %ld routed\n", cases, solvable, routed);
    assert_true(solvable > cases / 5 && solvable < cases * 4 / 5);
    assert_true(routed > solvable / 10);
}

/* A random drawing: holes, walls, warps, bridges, diagonal links. */
static char *random_drawing(gopt_rng *r) {
    int w = 2 + (int)gopt_rng_below(r, 3), h = 2 + (int)gopt_rng_below(r, 3);
    char cell[4][4];
    int free_cells = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t roll = gopt_rng_below(r, 20);
            cell[y][x] = roll < 2 ? ' ' : roll < 3 && x > 0 && y > 0 && x < w - 1 && y < h - 1 ? '*' : '.';
            free_cells += cell[y][x] == '.';
        }
    int colours = 1 + (int)gopt_rng_below(r, 3);
    if (2 * colours > free_cells) colours = free_cells / 2;
    for (int k = 0; k < colours; k++)
        for (int side = 0; side < 2; side++) {
            int x, y;
            do x = (int)gopt_rng_below(r, (uint32_t)w), y = (int)gopt_rng_below(r, (uint32_t)h);
            while (cell[y][x] != '.');
            cell[y][x] = (char)('A' + k);
        }
    gopt_buf b = {0};
    gopt_buf_puts(&b, "WARPS\n");
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            gopt_buf_putc(&b, cell[y][x]);
            bool both = x + 1 < w && cell[y][x] != ' ' && cell[y][x + 1] != ' ';
            if (x + 1 < w) gopt_buf_putc(&b, both && gopt_rng_below(r, 10) ? '-' : ' ');
            else if (cell[y][x] != ' ' && cell[y][0] != ' ' && gopt_rng_below(r, 4) == 0) gopt_buf_putc(&b, '-');
        }
        gopt_buf_putc(&b, '\n');
        if (y + 1 == h && gopt_rng_below(r, 3)) break;
        for (int x = 0; x < w; x++) {
            int below = y + 1 < h ? y + 1 : 0;
            bool both = cell[y][x] != ' ' && cell[below][x] != ' ';
            gopt_buf_putc(&b, both && gopt_rng_below(r, 10) ? '|' : ' ');
            if (x + 1 < w && y + 1 < h) { /* a diagonal between four plain cells, now and then */
                bool plain = cell[y][x] != '*' && cell[y][x + 1] != '*' && cell[y + 1][x] != '*' && cell[y + 1][x + 1] != '*';
                uint32_t roll = gopt_rng_below(r, 8);
                char d = roll == 0 && cell[y][x + 1] != ' ' && cell[y + 1][x] != ' ' ? '/'
                         : roll == 1 && cell[y][x] != ' ' && cell[y + 1][x + 1] != ' ' ? '\\' : ' ';
                gopt_buf_putc(&b, plain ? d : ' ');
            }
        }
        gopt_buf_putc(&b, '\n');
    }
    return gopt_buf_take(&b);
}

static void graph_search_counts_like_sat(void **state) {
    (void)state;
    int cases = test_cases(1500) / 3, solvable = 0;
    for (int i = 0; i < cases; i++) {
        gopt_rng r = gopt_rng_stream(SEED + 1, (uint64_t)i);
        char *text = random_drawing(&r);
        gopt_text t;
        gopt_text_from_string(&t, "random", text);
        gopt_error err = {0};
        gopt_flow_puzzle *p = NULL;
        int got = gopt_flow_read(&t, -1, (int)gopt_rng_below(&r, 2), &p, &err);
        gopt_text_free(&t);
        if (got == 1) { /* (a drawing may lack endpoints) */
            long n = cross_count(p, text);
            solvable += n > 0;
            if (run(p, GOPT_FLOW_AUTO, 1, false, text, NULL, NULL) != (n > 0 ? GOPT_SOLVED : GOPT_INFEASIBLE))
                fail_msg("auto disagrees (%ld)\n%s", n, text);
            gopt_flow_free(p);
        }
        free(text);
    }
    print_message("%d drawn boards: %d solvable\n", cases, solvable);
    assert_true(solvable > cases / 20);
}

/* The untouching convention: SAT (its clauses) and the search (the exact corner rule on
 * full rectangles, the leaf test elsewhere) count the same solutions, never more than under
 * simple paths; the portfolio and (now and then) the MIP's rows agree on solvability, on
 * rectangles and on drawn boards. */
static void untouching_counts_agree(void **state) {
    (void)state;
    int cases = test_cases(1500) / 2;
    long fewer = 0, unsolvable_only_untouching = 0;
    for (int i = 0; i < cases; i++) {
        gopt_rng r = gopt_rng_stream(SEED + 2, (uint64_t)i);
        char *text;
        gopt_flow_puzzle *p = NULL;
        if (i % 3 == 2) {
            text = random_drawing(&r);
            gopt_text t;
            gopt_text_from_string(&t, "random", text);
            gopt_error err = {0};
            if (gopt_flow_read(&t, -1, (int)gopt_rng_below(&r, 2), &p, &err) != 1) p = NULL;
            gopt_text_free(&t);
        } else {
            int w, h;
            text = random_grid(&r, &w, &h);
            p = parse(text, gopt_rng_below(&r, 3) == 0);
        }
        /* (under partial coverage the search tests untouching only at its leaves: keep those small) */
        if (p && p->partial && p->nnodes > 16) {
            gopt_flow_free(p);
            p = NULL;
        }
        if (p) {
            long simple = cross_count(p, text);
            p->untouching = true;
            long n = cross_count(p, text);
            if (n > simple) fail_msg("more untouching solutions (%ld) than simple ones (%ld)\n%s", n, simple, text);
            fewer += n < simple;
            unsolvable_only_untouching += n == 0 && simple > 0;
            gopt_status want = n > 0 ? GOPT_SOLVED : GOPT_INFEASIBLE;
            if (run(p, GOPT_FLOW_AUTO, 1, false, text, NULL, NULL) != want) fail_msg("auto disagrees (%ld)\n%s", n, text);
            if (i % 10 == 0 && p->nnodes <= 16 && run(p, GOPT_FLOW_MIP, 1, false, text, NULL, NULL) != want)
                fail_msg("MIP disagrees (%ld)\n%s", n, text);
            gopt_flow_free(p);
        }
        free(text);
    }
    print_message("%d boards: %ld with fewer untouching solutions, %ld solvable only with touching paths\n", cases, fewer,
                  unsolvable_only_untouching);
    assert_true(fewer > cases / 20);
    assert_true(unsolvable_only_untouching > 0);
}

/* Boards made to trip the topological test: a solid block of endpoints (2x2 or 2x3) inside,
 * its colours' partners on the border or anywhere, and more colours at random. Whenever the
 * test (through --method search, whose first step it is) says "unsolvable", SAT must agree;
 * it must also fire now and then. */
static void topology_never_wrong(void **state) {
    (void)state;
    int cases = test_cases(1500) / 3, proofs = 0, unsolvable = 0;
    for (int i = 0; i < cases; i++) {
        gopt_rng r = gopt_rng_stream(SEED + 3, (uint64_t)i);
        int w = 5 + (int)gopt_rng_below(&r, 4), h = 5 + (int)gopt_rng_below(&r, 4), cells = w * h;
        char *grid = malloc((size_t)cells);
        memset(grid, '.', (size_t)cells);
        int bw = 2 + (int)gopt_rng_below(&r, 2), bh = 2;
        int r0 = 1 + (int)gopt_rng_below(&r, (uint32_t)(h - bh - 1)), c0 = 1 + (int)gopt_rng_below(&r, (uint32_t)(w - bw - 1));
        int k = 0;
        for (int y = r0; y < r0 + bh; y++)
            for (int x = c0; x < c0 + bw; x++) grid[y * w + x] = (char)('A' + k++);
        int extra = (int)gopt_rng_below(&r, 3), paired = 0; /* colours below `paired` have both ends */
        if (gopt_rng_below(&r, 2)) { /* half the boards: partners straight out, in the block's order */
            for (int x = c0; x < c0 + bw; x++) grid[x] = grid[r0 * w + x], grid[(h - 1) * w + x] = grid[(r0 + 1) * w + x];
            paired = k;
        }
        for (int colour = paired; colour < k + extra; colour++)
            for (int side = colour < k ? 1 : 0; side < 2; side++) {
                int v, tries = 0;
                do { /* the block's partners mostly on the border */
                    int y = (int)gopt_rng_below(&r, (uint32_t)h), x = (int)gopt_rng_below(&r, (uint32_t)w);
                    if (gopt_rng_below(&r, 4) && tries < 50) {
                        if (gopt_rng_below(&r, 2)) y = gopt_rng_below(&r, 2) ? 0 : h - 1;
                        else x = gopt_rng_below(&r, 2) ? 0 : w - 1;
                    }
                    v = y * w + x;
                    tries++;
                } while (grid[v] != '.');
                grid[v] = (char)('A' + colour);
            }
        gopt_buf b = {0};
        for (int y = 0; y < h; y++) {
            gopt_buf_append(&b, grid + y * w, (size_t)w);
            gopt_buf_putc(&b, '\n');
        }
        free(grid);
        char *text = gopt_buf_take(&b);
        gopt_flow_puzzle *p = parse(text, gopt_rng_below(&r, 4) != 0); /* mostly partial: more are solvable */
        p->untouching = gopt_rng_below(&r, 2);
        gopt_flow_settings s = {.method = GOPT_FLOW_SEARCH, .count = 1, .node_budget = 1};
        gopt_answer a = {0};
        gopt_status st = gopt_flow_solve(p, &s, &a);
        bool topo = st == GOPT_INFEASIBLE && strstr(a.note, "topology");
        gopt_flow_solution_free(a.solution);
        gopt_status sat = run(p, GOPT_FLOW_SAT, 1, false, text, NULL, NULL);
        if (topo && sat != GOPT_INFEASIBLE) fail_msg("topology called a solvable board unsolvable: %s\n%s", a.note, text);
        proofs += topo;
        unsolvable += sat == GOPT_INFEASIBLE;
        gopt_flow_free(p);
        free(text);
    }
    print_message("%d boards with a block: %d unsolvable (SAT), %d proven by topology\n", cases, unsolvable, proofs);
    assert_true(proofs > cases / 50);
}

/* The sweep's crossing test (frontier.c) on boards big enough for two colours to meet the
 * frontier in alternating order: 6x6 to 9x9 with 5 to 12 colours, the endpoints of a
 * random filling (sometimes with two swapped) or at random, under both conventions and both
 * coverage rules. The complete sweep must count like SAT, and the test
 * must fire on some of them, or this proves nothing. */
static void crossing_test_never_wrong(void **state) {
    (void)state;
    int cases = test_cases(1500) / 5, fired = 0;
    for (int i = 0; i < cases; i++) {
        gopt_rng r = gopt_rng_stream(SEED + 5, (uint64_t)i);
        int w = 6 + (int)gopt_rng_below(&r, 4), h = 6 + (int)gopt_rng_below(&r, 4), cells = w * h;
        int colours = 5 + (int)gopt_rng_below(&r, 8);
        char *text;
        if (i % 3) { /* a filled board's endpoints (solvable), two of them swapped now and then */
            gopt_flow_puzzle *g = gopt_flow_generate(w, h, colours, &r);
            assert_non_null(g);
            text = gopt_flow_write(g, NULL);
            gopt_flow_free(g);
            char *body = strchr(text, '\n') + 1; /* after "W H" */
            if (gopt_rng_below(&r, 3) == 0) {
                char *a, *z;
                do a = body + gopt_rng_below(&r, (uint32_t)strlen(body));
                while (*a == '.' || *a == '\n');
                do z = body + gopt_rng_below(&r, (uint32_t)strlen(body));
                while (*z == '.' || *z == '\n');
                char t = *a;
                *a = *z;
                *z = t;
            }
        } else {
            char *grid = malloc((size_t)cells);
            memset(grid, '.', (size_t)cells);
            for (int k = 0; k < colours; k++)
                for (int side = 0; side < 2; side++) {
                    int v;
                    do v = (int)gopt_rng_below(&r, (uint32_t)cells);
                    while (grid[v] != '.');
                    grid[v] = (char)('A' + k);
                }
            gopt_buf b = {0};
            for (int y = 0; y < h; y++) {
                gopt_buf_append(&b, grid + y * w, (size_t)w);
                gopt_buf_putc(&b, '\n');
            }
            free(grid);
            text = gopt_buf_take(&b);
        }
        gopt_flow_puzzle *p = parse(text, gopt_rng_below(&r, 4) == 0);
        p->untouching = gopt_rng_below(&r, 2);
        /* (under partial coverage the search tests untouching only at its leaves: keep those small) */
        if (!(p->partial && p->untouching && cells > 36)) {
            gopt_flow_settings s = {.method = GOPT_FLOW_SEARCH, .count = CAP, .complete = true, .node_budget = 4000000};
            gopt_answer a = {0};
            gopt_status st = gopt_flow_solve(p, &s, &a);
            fired += gopt_counter_get(&a.counters, "crossings") > 0;
            gopt_flow_solution_free(a.solution);
            long n_sat;
            bool all_sat;
            gopt_status sat = run(p, GOPT_FLOW_SAT, CAP, false, text, &n_sat, &all_sat);
            if (st != GOPT_LIMIT && (st != sat || a.solutions != n_sat))
                fail_msg("search %d (%ld) vs SAT %d (%ld)\n%s", st, a.solutions, sat, n_sat, text);
        }
        gopt_flow_free(p);
        free(text);
    }
    print_message("%d boards: the crossing test fired on %d\n", cases, fired);
    assert_true(fired > cases / 25); /* 22 of the 300 boards of the default run */
}

/* The generator's unique boards have exactly one solution, counted by SAT (which the
 * generator uses only for simple paths, after the sweep) and by the complete search, under
 * the convention asked for. */
static void generated_boards_are_unique(void **state) {
    (void)state;
    int cases = test_cases(1500) / 15;
    for (int i = 0; i < cases; i++) {
        gopt_rng r = gopt_rng_stream(SEED + 4, (uint64_t)i);
        int w = 3 + (int)gopt_rng_below(&r, 5), h = 3 + (int)gopt_rng_below(&r, 5);
        bool untouching = gopt_rng_below(&r, 2);
        gopt_flow_puzzle *p = gopt_flow_generate_unique(w, h, 1 + w * h / 12, untouching, GOPT_FLOW_ANY_GRADE, 0, 52, &r, NULL);
        if (!p) fail_msg("no unique %dx%d board", w, h);
        assert_int_equal(p->untouching, untouching);
        char *text = gopt_flow_write(p, NULL);
        assert_int_equal(cross_count(p, text), 1);
        free(text);
        gopt_flow_free(p);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(generated_boards_are_unique),
        cmocka_unit_test(crossing_test_never_wrong),
        cmocka_unit_test(topology_never_wrong),
        cmocka_unit_test(untouching_counts_agree),
        cmocka_unit_test(methods_agree_on_rectangles),
        cmocka_unit_test(tidy_sat_agrees_on_open_rectangles),
        cmocka_unit_test(graph_search_counts_like_sat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
