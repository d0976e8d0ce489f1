/* The assist verbs of Country Road against brute force on random small puzzles (every simple
 * cycle of the grid, judged by the independent checker, is the list of all solutions):
 *  - decided cells are exactly what every solution shares (cells and sides);
 *  - `unique`: one solution iff the brute force finds one; else two different solutions, the
 *    second as near the first as any solution is;
 *  - a mistake is reported exactly when no solution extends the marks; a mark reported wrong
 *    alone fits no solution (and with `all` every such mark is reported); marks reported
 *    together fit no solution, and each one is needed;
 *  - a hint's step holds in every solution that extends the marks, and was not known;
 *  - the setter: a redundant number's removal keeps exactly one solution, any other number's
 *    removal leaves more; the numbers said to go together do; a repair makes the count 1. */
#include <stdlib.h>
#include <string.h>

#include "country_brute.h"
#include "games/country/internal.h"
#include "test_support.h"

#define MAX_LOOPS 4096

typedef struct loops {
    const gopt_country_puzzle *p;
    int n, all;
    uint8_t (*dirs)[BRUTE_MAX_CELLS];
    int pick;              /* the pick-th cycle of the grid goes to `chosen` */
    uint8_t chosen[BRUTE_MAX_CELLS];
} loops;

static void keep_valid(void *user, const uint8_t *dirs) {
    loops *k = user;
    if (k->all++ == k->pick) memcpy(k->chosen, dirs, BRUTE_MAX_CELLS);
    char why[128];
    if (k->n < MAX_LOOPS && gopt_country_check(k->p, dirs, why, sizeof why)) memcpy(k->dirs[k->n++], dirs, BRUTE_MAX_CELLS);
}

static void all_loops(const gopt_country_puzzle *p, loops *k) {
    if (!k->dirs) k->dirs = gopt_malloc(MAX_LOOPS * sizeof *k->dirs);
    k->p = p;
    k->n = k->all = 0;
    brute_cycles_of(p, keep_valid, k);
    assert_true(k->n < MAX_LOOPS);
}

static int count_of(const gopt_country_puzzle *p) {
    loops k = {.pick = -1};
    all_loops(p, &k);
    free(k.dirs);
    return k.n;
}

/* A random puzzle whose numbers are, half of the time, read off a random cycle (so that many
 * have solutions, some several); some numbers left out. */
static gopt_country_puzzle *random_case(gopt_rng *r, loops *k) {
    gopt_country_puzzle *p = brute_random_puzzle(r);
    k->pick = -1;
    all_loops(p, k);
    k->pick = k->all ? (int)gopt_rng_below(r, (uint32_t)k->all) : -1;
    all_loops(p, k);
    bool from_cycle = k->all > 0 && gopt_rng_below(r, 4) != 0;
    for (int room = 0; room < p->nrooms; room++) {
        if (gopt_rng_below(r, 2) != 0) continue;
        int v = (int)gopt_rng_below(r, (uint32_t)p->room_size[room] + 1);
        if (from_cycle) {
            v = 0;
            for (int c = 0; c < gopt_grid_cells(p->size); c++) v += p->room[c] == room && k->chosen[c];
        }
        p->number[room] = v;
    }
    all_loops(p, k);
    return p;
}

/* ---------------------------------------------------------------- decided, unique */

static void check_decided(const gopt_country_puzzle *p, const loops *k) {
    gopt_country_decided *d = gopt_country_decided_of(p, NULL);
    int n = gopt_grid_cells(p->size);
    if (k->n == 0) {
        assert_int_equal(d->status, GOPT_INFEASIBLE);
        gopt_country_decided_free(d);
        return;
    }
    assert_int_equal(d->status, GOPT_SOLVED);
    assert_int_equal(d->solutions, k->n > 1 ? 2 : 1);
    for (int c = 0; c < n; c++) {
        uint8_t all_on = 0xf, any_on = 0;
        int used = 0;
        for (int i = 0; i < k->n; i++) all_on &= k->dirs[i][c], any_on |= k->dirs[i][c], used += k->dirs[i][c] != 0;
        int8_t want = used == k->n ? 1 : used == 0 ? 0 : -1;
        if (d->known.used[c] != want) fail_msg("cell %d: decided says %d, the %d solutions %d", c, d->known.used[c], k->n, want);
        assert_int_equal(d->known.on[c], all_on);
        assert_int_equal(d->known.off[c] & 0xf, (uint8_t)~any_on & 0xf);
    }
    gopt_country_decided_free(d);
}

static int edge_difference(const gopt_country_puzzle *p, const uint8_t *a, const uint8_t *b) {
    int k = 0;
    for (int c = 0; c < gopt_grid_cells(p->size); c++)
        for (int d = GOPT_E; d <= GOPT_S; d++) k += ((a[c] ^ b[c]) & GOPT_DIR_BIT(d)) != 0;
    return k;
}

static void check_pair(const gopt_country_puzzle *p, const loops *k) {
    gopt_country_pair *x = gopt_country_pair_of(p, NULL);
    char why[128];
    assert_int_equal(x->status, k->n ? GOPT_SOLVED : GOPT_INFEASIBLE);
    assert_int_equal(x->solutions, k->n > 1 ? 2 : k->n);
    if (k->n >= 2) {
        assert_true(gopt_country_check(p, x->first, why, sizeof why) && gopt_country_check(p, x->second, why, sizeof why));
        int near = 1000;
        for (int i = 0; i < k->n; i++) {
            int e = edge_difference(p, x->first, k->dirs[i]);
            if (e > 0 && e < near) near = e;
        }
        assert_int_equal(edge_difference(p, x->first, x->second), near);
        int differ = 0;
        for (int c = 0; c < gopt_grid_cells(p->size); c++) differ += x->first[c] != x->second[c];
        assert_int_equal(x->ndiffer, differ);
    }
    gopt_country_pair_free(x);
}

/* ---------------------------------------------------------------- marks */

/* Random marks: cells of a solution (when there is one, else of a random cycle) revealed in full
 * or in part, some of them replaced by other tokens. */
static void random_marks(gopt_country_puzzle *p, gopt_rng *r, const uint8_t *from, bool corrupt) {
    int n = gopt_grid_cells(p->size);
    free(p->given);
    free(p->given_known);
    p->given = gopt_calloc((size_t)n, 1);
    p->given_known = gopt_calloc((size_t)n, 1);
    static const char *const tokens[] = {"-", "ns", "ew", "ne", "nw", "se", "sw", "+", "n?", "e?", "s?", "w?", "?"};
    for (int c = 0; c < n; c++) {
        int how = (int)gopt_rng_below(r, 5);
        uint8_t d = from[c];
        if (how <= 1) { /* the whole cell */
            p->given[c] = d;
            p->given_known[c] = (uint8_t)(0xf | (d ? GOPT_COUNTRY_KNOWN_USED : GOPT_COUNTRY_KNOWN_UNUSED));
        } else if (how == 2 && d) { /* one exit */
            uint8_t one = d & (uint8_t)-d;
            p->given[c] = one;
            p->given_known[c] = (uint8_t)(one | GOPT_COUNTRY_KNOWN_USED);
        }
        if (corrupt && gopt_rng_below(r, 8) == 0) {
            const char *t = tokens[gopt_rng_below(r, 13)];
            country_read_mark(t, strlen(t), &p->given[c], &p->given_known[c]);
        }
    }
}

/* Does the loop hold statement (cell, side, value)? side -1: the cell's use. */
static bool holds(const uint8_t *dirs, int cell, int side, bool value) {
    if (side < 0) return (dirs[cell] != 0) == value;
    return ((dirs[cell] & GOPT_DIR_BIT(side)) != 0) == value;
}

/* Every statement of the marks (both cells of a side may state it). */
typedef struct statement {
    int cell, side;
    bool value;
} statement;

static int statements(const gopt_country_puzzle *p, statement *out) {
    int n = 0;
    for (int c = 0; c < gopt_grid_cells(p->size); c++) {
        uint8_t known = p->given_known[c];
        if (known & GOPT_COUNTRY_KNOWN_USED) out[n++] = (statement){c, -1, true};
        if (known & GOPT_COUNTRY_KNOWN_UNUSED) out[n++] = (statement){c, -1, false};
        for (int d = 0; d < 4; d++)
            if ((known | p->given[c]) & GOPT_DIR_BIT(d)) out[n++] = (statement){c, d, (p->given[c] & GOPT_DIR_BIT(d)) != 0};
    }
    return n;
}

/* One key per variable and value: a side is named from its cell with the lower index. */
static int key(const gopt_country_puzzle *p, int cell, int side, bool value) {
    if (side >= 0) {
        int v = gopt_grid_step(p->size, cell, (gopt_dir)side);
        if (v >= 0 && v < cell) cell = v, side = gopt_dir_opposite((gopt_dir)side);
    }
    return ((cell * 5 + side + 1) << 1) | value;
}

static bool fits(const uint8_t *dirs, const statement *st, int n) {
    for (int i = 0; i < n; i++)
        if (!holds(dirs, st[i].cell, st[i].side, st[i].value)) return false;
    return true;
}

static void check_mistakes(const gopt_country_puzzle *p, const loops *k) {
    statement st[5 * BRUTE_MAX_CELLS];
    int ns = statements(p, st);
    bool completable = false;
    for (int i = 0; i < k->n && !completable; i++) completable = fits(k->dirs[i], st, ns);
    gopt_assist_options o = {.all = true};
    gopt_country_mistakes *x = gopt_country_mistakes_of(p, &o);
    if (k->n == 0) {
        assert_int_equal(x->status, GOPT_INFEASIBLE);
        gopt_country_mistakes_free(x);
        return;
    }
    assert_int_equal(x->status, GOPT_SOLVED);
    if (x->completable != completable) fail_msg("completable: %d, brute force %d", x->completable, completable);
    assert_true(completable == (x->nwrong == 0));
    /* marks wrong alone: those no solution holds */
    int wrong_keys[5 * BRUTE_MAX_CELLS], nwk = 0;
    for (int j = 0; j < ns; j++) {
        bool somewhere = false;
        for (int i = 0; i < k->n && !somewhere; i++) somewhere = holds(k->dirs[i], st[j].cell, st[j].side, st[j].value);
        int kk = key(p, st[j].cell, st[j].side, st[j].value), seen = 0;
        for (int i = 0; i < nwk; i++) seen |= wrong_keys[i] == kk;
        if (!somewhere && !seen) wrong_keys[nwk++] = kk;
    }
    if (!x->together) {
        assert_int_equal(x->nwrong, nwk);
        for (int w = 0; w < x->nwrong; w++) {
            int kk = key(p, x->wrong[w].cell, x->wrong[w].side, x->wrong[w].value), found = 0;
            for (int i = 0; i < nwk; i++) found |= wrong_keys[i] == kk;
            assert_true(found);
        }
    } else {
        assert_int_equal(nwk, 0);
        statement core[5 * BRUTE_MAX_CELLS];
        for (int w = 0; w < x->nwrong; w++) core[w] = (statement){x->wrong[w].cell, x->wrong[w].side, x->wrong[w].value};
        for (int i = 0; i < k->n; i++) assert_false(fits(k->dirs[i], core, x->nwrong));
        for (int drop = 0; drop < x->nwrong; drop++) { /* each one is needed */
            statement rest[5 * BRUTE_MAX_CELLS];
            int m = 0;
            for (int w = 0; w < x->nwrong; w++)
                if (w != drop) rest[m++] = core[w];
            bool somewhere = false;
            for (int i = 0; i < k->n && !somewhere; i++) somewhere = fits(k->dirs[i], rest, m);
            assert_true(somewhere);
        }
    }
    gopt_country_mistakes_free(x);
}

/* Checks the hint for p's marks and returns it (the caller frees it). */
static gopt_country_hint *check_hint(const gopt_country_puzzle *p, const loops *k) {
    statement st[5 * BRUTE_MAX_CELLS];
    int ns = statements(p, st);
    gopt_country_hint *h = gopt_country_hint_of(p, NULL);
    assert_int_equal(h->status, GOPT_SOLVED);
    assert_int_not_equal(h->kind, GOPT_HINT_MISTAKE);
    if (h->kind == GOPT_HINT_RULE || h->kind == GOPT_HINT_TRIAL || h->kind == GOPT_HINT_SPLIT) {
        int cell = h->cells[0], side = -1;
        for (int d = 0; d < 4 && h->cells[1] >= 0; d++)
            if (gopt_grid_step(p->size, cell, (gopt_dir)d) == h->cells[1]) side = d;
        int extended = 0;
        for (int i = 0; i < k->n; i++) {
            if (!fits(k->dirs[i], st, ns)) continue;
            extended++;
            if (!holds(k->dirs[i], cell, side, h->value)) {
                const char *why;
                char *text = gopt_country_write(p, NULL, "block", &why);
                gopt_buf b = {0};
                for (int c = 0; c < gopt_grid_cells(p->size); c++) {
                    char tok[5];
                    uint8_t known = p->given_known[c];
                    gopt_buf_printf(&b, "%s/%x%s", gopt_country_token(p->given[c], tok), known, (c + 1) % p->size.w ? " " : "\n");
                }
                for (int c = 0; c < gopt_grid_cells(p->size); c++) {
                    char tok[5];
                    gopt_buf_printf(&b, "%s%s", gopt_country_token(k->dirs[i][c], tok), (c + 1) % p->size.w ? " " : "\n");
                }
                fail_msg("hint '%s' fails in a solution\n%s%s", h->text, text ? text : why, b.data);
            }
        }
        assert_true(extended > 0);
        /* and it was not stated already */
        int kk = key(p, cell, side, h->value);
        for (int j = 0; j < ns; j++) assert_int_not_equal(key(p, st[j].cell, st[j].side, st[j].value), kk);
    }
    return h;
}

/* Hints followed one after another from sparse marks: each step becomes a mark and is checked
 * against every solution extending the marks so far (and so the first ones). Returns steps. */
static int follow_hints(gopt_country_puzzle *p, const loops *k, int *kinds) {
    int steps = 0;
    for (; steps < 200; steps++) {
        gopt_country_hint *h = check_hint(p, k);
        kinds[h->kind]++;
        bool step = h->kind == GOPT_HINT_RULE || h->kind == GOPT_HINT_TRIAL || h->kind == GOPT_HINT_SPLIT;
        if (step && h->cells[1] < 0) {
            p->given_known[h->cells[0]] |= h->value ? GOPT_COUNTRY_KNOWN_USED : GOPT_COUNTRY_KNOWN_UNUSED;
        } else if (step) {
            for (int d = 0; d < 4; d++)
                if (gopt_grid_step(p->size, h->cells[0], (gopt_dir)d) == h->cells[1]) {
                    p->given_known[h->cells[0]] |= (uint8_t)GOPT_DIR_BIT(d);
                    if (h->value) p->given[h->cells[0]] |= (uint8_t)GOPT_DIR_BIT(d);
                }
        }
        gopt_country_hint_free(h);
        if (!step) break;
    }
    return steps;
}

/* ---------------------------------------------------------------- setter */

static void check_setter(const gopt_country_puzzle *p, const loops *k) {
    gopt_country_setter *x = gopt_country_setter_of(p, NULL);
    if (k->n == 0) {
        assert_int_equal(x->status, GOPT_INFEASIBLE);
        gopt_country_setter_free(x);
        return;
    }
    assert_int_equal(x->status, GOPT_SOLVED);
    assert_int_equal(x->solutions, k->n > 1 ? 2 : 1);
    gopt_country_puzzle *q = gopt_country_copy(p);
    if (k->n == 1) {
        for (int r = 0; r < p->nrooms; r++) {
            if (p->number[r] < 0) continue;
            bool said = false;
            for (int i = 0; i < x->nredundant; i++) said |= x->redundant[i] == r;
            q->number[r] = GOPT_COUNTRY_NO_NUMBER;
            int count = count_of(q);
            q->number[r] = p->number[r];
            if (said != (count == 1)) fail_msg("room %d: redundant %d, count without it %d", r, said, count);
        }
        for (int i = 0; i < x->ntogether; i++) q->number[x->together[i]] = GOPT_COUNTRY_NO_NUMBER;
        assert_int_equal(count_of(q), 1);
    } else {
        if (x->nrepair > 0) {
            for (int i = 0; i < x->nrepair; i++) {
                assert_true(p->number[x->repair_room[i]] < 0);
                q->number[x->repair_room[i]] = x->repair_number[i];
            }
            assert_int_equal(count_of(q), 1);
            assert_non_null(x->repaired);
        }
        if (x->nrepair != 1) /* no single number would do: the search for one is exhaustive */
            for (int r = 0; r < p->nrooms; r++) {
                if (p->number[r] >= 0) continue;
                gopt_country_puzzle *t = gopt_country_copy(p);
                for (int v = 0; v <= p->room_size[r]; v++) {
                    t->number[r] = v;
                    if (count_of(t) == 1) fail_msg("room %d = %d makes it unique, the setter found no single number", r, v);
                }
                gopt_country_free(t);
            }
    }
    gopt_country_free(q);
    gopt_country_setter_free(x);
}

static void assist_agrees_with_brute_force(void **state) {
    (void)state;
    int cases = test_cases(300), solvable = 0, multiple = 0, wrong = 0, repaired = 0, hints[6] = {0};
    loops k = {0};
    for (int i = 0; i < cases; i++) {
        gopt_rng r = gopt_rng_stream(31, (uint64_t)i);
        gopt_country_puzzle *p = random_case(&r, &k);
        solvable += k.n > 0;
        multiple += k.n > 1;
        check_decided(p, &k);
        check_pair(p, &k);
        check_setter(p, &k);
        /* marks from a solution (or any cycle), corrupted half of the time */
        uint8_t from[BRUTE_MAX_CELLS];
        memcpy(from, k.n ? k.dirs[gopt_rng_below(&r, (uint32_t)k.n)] : k.chosen, sizeof from);
        random_marks(p, &r, from, gopt_rng_below(&r, 2) == 0);
        check_mistakes(p, &k);
        if (k.n > 0) {
            random_marks(p, &r, k.dirs[gopt_rng_below(&r, (uint32_t)k.n)], false);
            gopt_country_hint_free(check_hint(p, &k));
            /* from nothing (or little), hint after hint */
            int n = gopt_grid_cells(p->size);
            memset(p->given, 0, (size_t)n);
            memset(p->given_known, 0, (size_t)n);
            const uint8_t *some = k.dirs[gopt_rng_below(&r, (uint32_t)k.n)];
            int c = (int)gopt_rng_below(&r, (uint32_t)n);
            if (gopt_rng_below(&r, 2)) p->given_known[c] = some[c] ? GOPT_COUNTRY_KNOWN_USED : GOPT_COUNTRY_KNOWN_UNUSED;
            follow_hints(p, &k, hints);
        }
        gopt_country_mistakes *m = gopt_country_mistakes_of(p, NULL);
        wrong += !m->completable;
        gopt_country_mistakes_free(m);
        gopt_country_setter *s = gopt_country_setter_of(p, NULL);
        repaired += s->nrepair > 0;
        gopt_country_setter_free(s);
        gopt_country_free(p);
    }
    free(k.dirs);
    print_message("%d cases: %d with loops, %d with several, %d repaired; hints: %d rule, %d trial, %d split, %d guess, %d done\n",
                  cases, solvable, multiple, repaired, hints[GOPT_HINT_RULE], hints[GOPT_HINT_TRIAL], hints[GOPT_HINT_SPLIT],
                  hints[GOPT_HINT_GUESS], hints[GOPT_HINT_DONE]);
    (void)wrong;
    assert_true(solvable > cases / 4);
    assert_true(multiple > cases / 10);
    assert_true(repaired > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(assist_agrees_with_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
