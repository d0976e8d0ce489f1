/* The assist verbs of Flow against brute force on random small boards: every way to draw each
 * colour's path (a depth-first search over simple paths), judged by the independent checker
 * under the board's convention, is the list of all solutions. Then:
 *  - decided cells and links are exactly what every solution shares;
 *  - `unique`: one solution iff the brute force finds one; else two different solutions, the
 *    second as near the first as any solution is;
 *  - a mistake is reported exactly when no solution extends the filled cells; cells reported
 *    wrong alone fit no solution (with `all`, all of them); cells reported together fit none
 *    together and each is needed;
 *  - a hint (from filled cells) holds in every solution extending them, and the deductions
 *    followed one after another from the puzzle (links and colours) hold in every solution
 *    extending the steps before them;
 *  - `explain` ends with a solution, and every step but a guess holds in every solution that
 *    agrees with the guesses before it;
 *  - a setter's repair counts exactly one solution. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/budget.h"
#include "games/flow/assist.h"
#include "test_support.h"

#define SEED 31031
#define MAX_SOLUTIONS 2000
#define MAX_NODES 24

typedef struct brute {
    const gopt_flow_puzzle *p;
    int owner[MAX_NODES];
    uint8_t used[64];
    long steps;
    bool gave_up;
    int n;
    uint8_t (*sol)[64];          /* links of each solution */
    int (*colour)[MAX_NODES];     /* colours of each (-1 empty) */
} brute;

static void record(brute *b) {
    const gopt_flow_puzzle *p = b->p;
    gopt_flow_solution *s = gopt_flow_solution_new(p);
    memcpy(s->used, b->used, (size_t)p->nedges);
    gopt_flow_solution_paint(p, s);
    char why[256];
    if (gopt_flow_check(p, s, why, sizeof why)) {
        if (b->n >= MAX_SOLUTIONS) b->gave_up = true;
        else {
            memcpy(b->sol[b->n], b->used, 64);
            for (int v = 0; v < p->nnodes; v++) b->colour[b->n][v] = s->colour[v];
            b->n++;
        }
    }
    gopt_flow_solution_free(s);
}

static void path(brute *b, int k, int u);

static void colour_from(brute *b, int k) {
    if (b->gave_up) return;
    if (k == b->p->ncolours) {
        record(b);
        return;
    }
    path(b, k, b->p->ends[k][0]);
}

/* Extends colour k's path at u. */
static void path(brute *b, int k, int u) {
    const gopt_flow_puzzle *p = b->p;
    if (++b->steps > 3000000) b->gave_up = true;
    if (b->gave_up) return;
    for (const gopt_flow_link *l = flow_links(p, u), *end = l + flow_degree(p, u); l < end; l++) {
        int w = l->node;
        if (w == p->ends[k][1]) {
            b->used[l->edge] = 1;
            colour_from(b, k + 1);
            b->used[l->edge] = 0;
        } else if (b->owner[w] < 0) {
            b->owner[w] = k;
            b->used[l->edge] = 1;
            path(b, k, w);
            b->used[l->edge] = 0;
            b->owner[w] = -1;
        }
    }
}

static bool all_solutions(const gopt_flow_puzzle *p, brute *b) {
    if (!b->sol) b->sol = gopt_malloc(MAX_SOLUTIONS * sizeof *b->sol), b->colour = gopt_malloc(MAX_SOLUTIONS * sizeof *b->colour);
    b->p = p;
    b->n = 0;
    b->steps = 0;
    b->gave_up = false;
    memset(b->used, 0, sizeof b->used);
    for (int v = 0; v < p->nnodes; v++) b->owner[v] = p->colour[v];
    colour_from(b, 0);
    return !b->gave_up;
}

static gopt_flow_puzzle *random_board(gopt_rng *r) {
    int w = 2 + (int)gopt_rng_below(r, 4), h = 2 + (int)gopt_rng_below(r, 3), cells = w * h;
    int colours = 1 + (int)gopt_rng_below(r, (uint32_t)(cells / 2 < 3 ? cells / 2 : 3));
    char grid[MAX_NODES];
    memset(grid, '.', sizeof grid);
    for (int k = 0; k < colours; k++)
        for (int side = 0; side < 2; side++) {
            int v;
            do v = (int)gopt_rng_below(r, (uint32_t)cells);
            while (grid[v] != '.');
            grid[v] = (char)('A' + k);
        }
    gopt_buf b = {0};
    for (int y = 0; y < h; y++) {
        gopt_buf_append(&b, grid + y * w, (size_t)w);
        gopt_buf_putc(&b, '\n');
    }
    gopt_text t;
    gopt_text_from_string(&t, "random", b.data);
    gopt_error err = {0};
    gopt_flow_puzzle *p = NULL;
    int partial = gopt_rng_below(r, 3) == 0;
    assert_int_equal(gopt_flow_read(&t, GOPT_FLOW_FLOW_SOLVER, partial, &p, &err), 1);
    p->untouching = gopt_rng_below(r, 2) == 0;
    gopt_text_free(&t);
    gopt_buf_free(&b);
    return p;
}

/* ---------------------------------------------------------------- checks */

static void check_decided(const gopt_flow_puzzle *p, const brute *b) {
    gopt_flow_decided *d = gopt_flow_decided_of(p, NULL);
    if (b->n == 0) {
        assert_int_equal(d->status, GOPT_INFEASIBLE);
        gopt_flow_decided_free(d);
        return;
    }
    assert_int_equal(d->status, GOPT_SOLVED);
    assert_int_equal(d->solutions, b->n > 1 ? 2 : 1);
    for (int v = 0; v < p->nnodes; v++) {
        int c = b->colour[0][v];
        for (int i = 1; i < b->n; i++)
            if (b->colour[i][v] != c) c = -9;
        int want = c == -9 ? GOPT_FLOW_OPEN : c < 0 ? GOPT_FLOW_EMPTY : c;
        if (d->known.colour[v] != want) fail_msg("node %d: decided %d, brute force %d", v, d->known.colour[v], want);
    }
    for (int e = 0; e < p->nedges; e++) {
        int on = 0;
        for (int i = 0; i < b->n; i++) on += b->sol[i][e];
        int want = on == b->n ? 1 : on == 0 ? 0 : -1;
        assert_int_equal(d->known.edge[e], want);
    }
    gopt_flow_decided_free(d);
}

static int link_difference(const gopt_flow_puzzle *p, const uint8_t *a, const uint8_t *b) {
    int k = 0;
    for (int e = 0; e < p->nedges; e++) k += a[e] != b[e];
    return k;
}

static void check_pair(const gopt_flow_puzzle *p, const brute *b) {
    gopt_flow_pair *x = gopt_flow_pair_of(p, NULL);
    assert_int_equal(x->status, b->n ? GOPT_SOLVED : GOPT_INFEASIBLE);
    assert_int_equal(x->solutions, b->n > 1 ? 2 : b->n);
    if (b->n >= 2) {
        int near = 1000;
        for (int i = 0; i < b->n; i++) {
            int d = link_difference(p, x->first->used, b->sol[i]);
            if (d > 0 && d < near) near = d;
        }
        assert_int_equal(link_difference(p, x->first->used, x->second->used), near);
    }
    gopt_flow_pair_free(x);
}

/* Cells of one solution filled (some), a few changed to other colours. */
static void random_marks(const gopt_flow_puzzle *p, gopt_rng *r, const int *from, bool corrupt, gopt_flow_marks *m) {
    m->nnodes = p->nnodes;
    m->colour = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *m->colour);
    for (int v = 0; v < p->nnodes; v++) {
        int c = GOPT_FLOW_OPEN;
        if (p->colour[v] >= 0) c = p->colour[v];
        else if (gopt_rng_below(r, 3) == 0) c = from[v] >= 0 ? from[v] : p->partial ? GOPT_FLOW_EMPTY : GOPT_FLOW_OPEN;
        if (corrupt && p->colour[v] < 0 && gopt_rng_below(r, 6) == 0) c = (int)gopt_rng_below(r, (uint32_t)p->ncolours);
        m->colour[v] = c;
    }
}

static bool mark_holds(const gopt_flow_puzzle *p, const int *colour, int v, int mark) {
    if (mark == GOPT_FLOW_OPEN || p->colour[v] >= 0) return true;
    return mark == GOPT_FLOW_EMPTY ? colour[v] < 0 : colour[v] == mark;
}

static bool fits(const gopt_flow_puzzle *p, const int *colour, const gopt_flow_marks *m) {
    for (int v = 0; v < p->nnodes; v++)
        if (!mark_holds(p, colour, v, m->colour[v])) return false;
    return true;
}

static void check_mistakes(const gopt_flow_puzzle *p, const brute *b, const gopt_flow_marks *m) {
    gopt_assist_options o = {.all = true};
    gopt_flow_mistakes *x = gopt_flow_mistakes_of(p, m, &o);
    if (b->n == 0) {
        assert_int_equal(x->status, GOPT_INFEASIBLE);
        gopt_flow_mistakes_free(x);
        return;
    }
    assert_int_equal(x->status, GOPT_SOLVED);
    bool completable = false;
    for (int i = 0; i < b->n && !completable; i++) completable = fits(p, b->colour[i], m);
    assert_int_equal(x->completable, completable);
    if (!x->together) {
        int k = 0;
        for (int v = 0; v < p->nnodes; v++) {
            if (m->colour[v] == GOPT_FLOW_OPEN || p->colour[v] >= 0) continue;
            bool somewhere = false;
            for (int i = 0; i < b->n && !somewhere; i++) somewhere = mark_holds(p, b->colour[i], v, m->colour[v]);
            if (!somewhere) {
                assert_true(k < x->nwrong);
                assert_int_equal(x->wrong[k++], v);
            }
        }
        assert_int_equal(k, x->nwrong);
    } else {
        for (int i = 0; i < b->n; i++) {
            bool all = true;
            for (int w = 0; w < x->nwrong; w++) all &= mark_holds(p, b->colour[i], x->wrong[w], m->colour[x->wrong[w]]);
            assert_false(all);
        }
        for (int drop = 0; drop < x->nwrong; drop++) {
            bool somewhere = false;
            for (int i = 0; i < b->n && !somewhere; i++) {
                bool all = true;
                for (int w = 0; w < x->nwrong; w++)
                    if (w != drop) all &= mark_holds(p, b->colour[i], x->wrong[w], m->colour[x->wrong[w]]);
                somewhere = all;
            }
            assert_true(somewhere);
        }
    }
    gopt_flow_mistakes_free(x);
}

static bool step_holds(const gopt_flow_puzzle *p, const brute *b, int i, const gopt_flow_step *st) {
    if (st->edge >= 0) return b->sol[i][st->edge] == st->value;
    return st->colour == GOPT_FLOW_EMPTY ? b->colour[i][st->node] < 0 : b->colour[i][st->node] == st->colour;
    (void)p;
}

static void check_hint(const gopt_flow_puzzle *p, const brute *b, const gopt_flow_marks *m, int *kinds) {
    gopt_flow_hint *h = gopt_flow_hint_of(p, m, NULL);
    assert_int_equal(h->status, GOPT_SOLVED);
    assert_int_not_equal(h->kind, GOPT_HINT_MISTAKE);
    kinds[h->kind]++;
    if (h->kind == GOPT_HINT_RULE || h->kind == GOPT_HINT_TRIAL || h->kind == GOPT_HINT_SPLIT)
        for (int i = 0; i < b->n; i++)
            if (fits(p, b->colour[i], m) && !step_holds(p, b, i, &h->step)) fail_msg("hint '%s' fails in a solution", h->text);
    gopt_flow_hint_free(h);
}

/* Deductions from the puzzle, one after another, each against the solutions that agree with
 * the steps before it (guesses included): a walk through rules, trials and splits. */
static void follow_deductions(const gopt_flow_puzzle *p, const brute *b, int *kinds) {
    flow_deducer d;
    flow_deducer_init(&d, p);
    gopt_flow_solution *answer = gopt_flow_solution_new(p);
    memcpy(answer->used, b->sol[0], (size_t)p->nedges);
    gopt_flow_solution_paint(p, answer);
    d.answer = answer;
    flow_state s;
    flow_state_init(&s, p);
    gopt_flow_step *steps = gopt_malloc(((size_t)p->nedges + p->nnodes + 2) * sizeof *steps);
    int n = 0;
    for (; n < p->nedges + p->nnodes + 1; n++) {
        gopt_flow_step st, other;
        gopt_hint_kind k = flow_deduce(&d, &s, true, &st, &other);
        kinds[k]++;
        assert_int_not_equal(k, GOPT_HINT_MISTAKE);
        if (k == GOPT_HINT_DONE) break;
        if (k != GOPT_HINT_GUESS)
            for (int i = 0; i < b->n; i++) {
                bool agrees = true;
                for (int j = 0; j < n && agrees; j++) agrees = step_holds(p, b, i, &steps[j]);
                if (agrees && !step_holds(p, b, i, &st)) {
                    gopt_buf t = {0};
                    gopt_flow_step_text(p, &st, &t);
                    fail_msg("step %d '%s' (%s) fails in a solution", n + 1, t.data, gopt_hint_kind_name(k));
                }
            }
        steps[n] = st;
        flow_apply_step(&s, &st);
    }
    assert_true(n <= p->nedges + p->nnodes);
    free(steps);
    flow_state_free(&s);
    gopt_flow_solution_free(answer);
    flow_deducer_free(&d);
}

static void check_explain(const gopt_flow_puzzle *p, const brute *b) {
    gopt_flow_explanation *x = gopt_flow_explain(p, NULL);
    if (b->n == 0) {
        assert_int_equal(x->status, GOPT_INFEASIBLE);
        gopt_flow_explanation_free(x);
        return;
    }
    if (x->status != GOPT_SOLVED) fail_msg("explain: %s", x->note);
    assert_int_equal(x->solutions, b->n > 1 ? 2 : 1);
    for (int k = 0; k < x->nsteps; k++) {
        if (x->steps[k].rule == GOPT_FLOW_RULE_GUESS) continue;
        for (int i = 0; i < b->n; i++) {
            bool agrees = true;
            for (int j = 0; j < k && agrees; j++)
                if (x->steps[j].rule == GOPT_FLOW_RULE_GUESS) agrees = step_holds(p, b, i, &x->steps[j]);
            if (agrees) assert_true(step_holds(p, b, i, &x->steps[k]));
        }
    }
    gopt_flow_explanation_free(x);
}

static void check_setter(const gopt_flow_puzzle *p, const brute *b, brute *scratch, int *repaired) {
    /* the process's memory account balances: every byte the setter charged is released
     * (its puzzle copies once released bytes they never charged, and a long-running server's
     * account wrapped below zero: every later reading was refused, "needs 0.0 MB more") */
    size_t before = gopt_budget_process_used();
    gopt_flow_setter *x = gopt_flow_setter_of(p, NULL);
    assert_int_equal(x->status, b->n ? GOPT_SOLVED : GOPT_INFEASIBLE);
    if (b->n > 0) assert_int_equal(x->solutions, b->n > 1 ? 2 : 1);
    if (x->repaired) {
        assert_true(b->n > 1 && x->nsplits >= 1);
        if (x->repaired->nnodes <= MAX_NODES && all_solutions(x->repaired, scratch)) assert_int_equal(scratch->n, 1);
        (*repaired)++;
    }
    gopt_flow_setter_free(x);
    assert_int_equal(gopt_budget_process_used(), before);
}

static void assist_agrees_with_brute_force(void **state) {
    (void)state;
    int cases = test_cases(400), solvable = 0, several = 0, repaired = 0, hints[6] = {0}, steps[6] = {0};
    brute b = {0}, scratch = {0};
    for (int i = 0; i < cases; i++) {
        gopt_rng r = gopt_rng_stream(SEED, (uint64_t)i);
        gopt_flow_puzzle *p = random_board(&r);
        if (!all_solutions(p, &b)) {
            gopt_flow_free(p);
            continue;
        }
        solvable += b.n > 0;
        several += b.n > 1;
        check_decided(p, &b);
        check_pair(p, &b);
        check_explain(p, &b);
        check_setter(p, &b, &scratch, &repaired);
        if (b.n > 0) {
            gopt_flow_marks m;
            random_marks(p, &r, b.colour[gopt_rng_below(&r, (uint32_t)b.n)], gopt_rng_below(&r, 2) == 0, &m);
            check_mistakes(p, &b, &m);
            gopt_flow_marks_free(&m);
            random_marks(p, &r, b.colour[gopt_rng_below(&r, (uint32_t)b.n)], false, &m);
            check_hint(p, &b, &m, hints);
            gopt_flow_marks_free(&m);
            follow_deductions(p, &b, steps);
        }
        gopt_flow_free(p);
    }
    free(b.sol), free(b.colour), free(scratch.sol), free(scratch.colour);
    print_message("%d boards: %d solvable, %d with several, %d repaired; hints: %d rule %d trial %d split %d guess %d done; "
                  "steps followed: %d rule %d trial %d split %d guess\n",
                  cases, solvable, several, repaired, hints[0], hints[1], hints[2], hints[3], hints[5], steps[0], steps[1],
                  steps[2], steps[3]);
    assert_true(solvable > cases / 5);
    assert_true(several > cases / 20);
    assert_true(repaired > 0); /* the repair property is not vacuous */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(assist_agrees_with_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
