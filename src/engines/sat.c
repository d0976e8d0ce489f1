/* The SAT engine over CaDiCaL's C interface, with cardinality encodings and enumeration.
 *
 * Cardinality: the totalizer keeps, for a set of inputs, unary outputs out[x-1] <-> "at
 * least x inputs hold". It is built as a tree; a node merges its children's outputs with
 *   up:   A_i & B_j -> R_{i+j}            (count is at least i + j)
 *   down: -A_{i+1} & -B_{j+1} -> -R_{i+j+1} (count is at most i + j)
 * with A_0 = true and A_{len+1} = false for an exact child. Outputs are cut off at `cap`
 * (the k-simplification): a child cut off at cap only misses A_{cap+1}, which the down
 * clauses never need, because they stop at R_cap. Both directions are encoded, so the same
 * outputs serve "at most" and "at least" bounds under assumptions. */
#include "gameopt/stop.h"
#include "gameopt/sat.h"

#include <ccadical.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/require.h"

struct gopt_sat {
    CCaDiCaL *solver;
    int nvars;
    int max_used;      /* the largest variable the solver has seen */
    double deadline;   /* absolute gopt_now() time, 0 for none */
    gopt_sat_stats stats;
    gopt_sat_result last;
    /* The model of the last SAT answer stays readable after clauses are added (separators
     * and enumeration read and add in turns), but CaDiCaL forgets it on the first add: so
     * the first add after a SAT answer saves it here. */
    int model_vars;    /* variables the last answer covers */
    bool model_saved;
    bool *model;       /* model[v] for v in 1..model_vars, when saved */
};

static int on_terminate(void *state) {
    const gopt_sat *s = state;
    /* also Ctrl-C, a cancelled request, the solve's own deadline (stop.h) */
    return (s->deadline > 0 && gopt_now() > s->deadline) || gopt_stop_check() != GOPT_GO;
}

/* CaDiCaL learns exactly one clause per analysed conflict; counting them through the
 * learner hook is the only conflict count the C interface offers. */
static void on_learn(void *state, int *clause) {
    (void)clause;
    ((gopt_sat *)state)->stats.conflicts++;
}

gopt_sat *gopt_sat_new(void) {
    gopt_sat *s = gopt_calloc(1, sizeof *s);
    s->solver = ccadical_init();
    /* CaDiCaL writes some messages ("c found falsified original clause") to stdout, which
     * belongs to our answers: keep it silent. */
    ccadical_set_option(s->solver, "quiet", 1);
    ccadical_set_terminate(s->solver, s, on_terminate);
    ccadical_set_learn(s->solver, s, INT_MAX, on_learn);
    return s;
}

void gopt_sat_free(gopt_sat *s) {
    if (!s) return;
    free(s->model);
    ccadical_release(s->solver);
    free(s);
}

int gopt_sat_var(gopt_sat *s) { return gopt_sat_vars(s, 1); }

int gopt_sat_vars(gopt_sat *s, int n) {
    GOPT_REQUIRE(s && n >= 0 && n <= INT_MAX - 1 - s->nvars, "n = %d fresh variables after %d", n, s ? s->nvars : 0);
    int first = s->nvars + 1;
    s->nvars += n;
    s->stats.vars = s->nvars;
    return first;
}

/* The contract of every literal handed in: a literal 0 would end the clause early (and a
 * clause cut short is stronger, so a model may be lost: a wrong UNSAT), and a variable never
 * made by gopt_sat_vars would collide with one made later. */
static inline void require_lit(const gopt_sat *s, int lit, const char *func) {
    if (lit == 0 || lit == INT_MIN || abs(lit) > s->nvars)
        gopt_require_failed(func, "lit != 0 && abs(lit) <= nvars", "literal %d with variables 1..%d", lit, s->nvars);
}

static void add_lit(gopt_sat *s, int lit) {
    int v = abs(lit);
    if (v > s->max_used) s->max_used = v;
    ccadical_add(s->solver, lit);
}

static void save_model(gopt_sat *s) {
    s->model = gopt_realloc(s->model, (size_t)(s->model_vars + 1) * sizeof *s->model);
    for (int v = 1; v <= s->model_vars; v++) s->model[v] = ccadical_val(s->solver, v) > 0;
    s->model_saved = true;
}

void gopt_sat_clause(gopt_sat *s, const int *lits, int n) {
    GOPT_REQUIRE(s && n >= 0 && (n == 0 || lits), "a solver and n >= 0 literals (n = %d)", n);
    for (int i = 0; i < n; i++) require_lit(s, lits[i], __func__); /* all before any is added */
    if (s->last == GOPT_SAT_SAT && !s->model_saved) save_model(s);
    for (int i = 0; i < n; i++) add_lit(s, lits[i]);
    ccadical_add(s->solver, 0);
    s->stats.clauses++;
}

void gopt_sat_unit(gopt_sat *s, int a) { gopt_sat_clause(s, &a, 1); }
void gopt_sat_clause2(gopt_sat *s, int a, int b) { gopt_sat_clause(s, (int[]){a, b}, 2); }
void gopt_sat_clause3(gopt_sat *s, int a, int b, int c) { gopt_sat_clause(s, (int[]){a, b, c}, 3); }

/* A clause with an optional guard: when `when` is non-zero the clause only binds if it holds. */
static void guarded(gopt_sat *s, int when, const int *lits, int n) {
    int buf[4] = {0}; /* zeroed: with when = 0 and n = 0 it is the empty clause, and -O3 can't see no read */
    int k = 0;
    if (when) buf[k++] = -when;
    for (int i = 0; i < n; i++) buf[k++] = lits[i];
    gopt_sat_clause(s, buf, k);
}

/* ---------------------------------------------------------------- at most one */

static void at_most_one_if(gopt_sat *s, int when, const int *lits, int n) {
    if (n <= 6) {
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) guarded(s, when, (int[]){-lits[i], -lits[j]}, 2);
        return;
    }
    /* Sequential counter: prefix[i] <-> one of lits[0..i] holds (the implied direction). */
    int prefix = gopt_sat_vars(s, n - 1);
    for (int i = 0; i < n - 1; i++) {
        guarded(s, when, (int[]){-lits[i], prefix + i}, 2);
        if (i > 0) {
            guarded(s, when, (int[]){-(prefix + i - 1), prefix + i}, 2);
            guarded(s, when, (int[]){-lits[i], -(prefix + i - 1)}, 2);
        }
    }
    guarded(s, when, (int[]){-lits[n - 1], -(prefix + n - 2)}, 2);
}

void gopt_sat_at_most_one(gopt_sat *s, const int *lits, int n) {
    GOPT_REQUIRE(n >= 0 && (n == 0 || lits), "n >= 0 literals (n = %d)", n);
    at_most_one_if(s, 0, lits, n);
}

void gopt_sat_exactly_one(gopt_sat *s, const int *lits, int n) {
    gopt_sat_clause(s, lits, n);
    gopt_sat_at_most_one(s, lits, n);
}

/* ---------------------------------------------------------------- totalizer */

/* Builds the outputs for lits[0..n) into out (at most cap of them); returns how many. */
static int totalize(gopt_sat *s, const int *lits, int n, int cap, int *out) {
    if (n == 1) {
        out[0] = lits[0];
        return 1;
    }
    int na = n / 2, nb = n - na;
    int *a = gopt_malloc((size_t)(na < cap ? na : cap) * sizeof *a);
    int *b = gopt_malloc((size_t)(nb < cap ? nb : cap) * sizeof *b);
    int la = totalize(s, lits, na, cap, a);
    int lb = totalize(s, lits + na, nb, cap, b);
    int lr = la + lb < cap ? la + lb : cap;
    int first = gopt_sat_vars(s, lr);
    for (int x = 0; x < lr; x++) out[x] = first + x;
    /* A(i) = out literal for "at least i" (1-based); i = 0 is true, i > len is false. */
    for (int i = 0; i <= la; i++) {
        for (int j = 0; j <= lb; j++) {
            int up = i + j;
            if (up >= 1) {
                int clause[3], k = 0;
                if (i > 0) clause[k++] = -a[i - 1];
                if (j > 0) clause[k++] = -b[j - 1];
                clause[k++] = out[(up < lr ? up : lr) - 1];
                gopt_sat_clause(s, clause, k);
            }
            int down = i + j + 1;
            if (down <= lr) {
                int clause[3], k = 0;
                if (i + 1 <= la) clause[k++] = a[i];
                if (j + 1 <= lb) clause[k++] = b[j];
                clause[k++] = -out[down - 1];
                gopt_sat_clause(s, clause, k);
            }
        }
    }
    free(a);
    free(b);
    return lr;
}

gopt_sat_card gopt_sat_totalizer(gopt_sat *s, const int *lits, int n, int cap) {
    GOPT_REQUIRE(n >= 0 && (n == 0 || lits), "n >= 0 literals (n = %d)", n);
    gopt_sat_card c = {0, NULL};
    if (cap > n) cap = n;
    if (n == 0 || cap <= 0) return c;
    c.out = gopt_malloc((size_t)cap * sizeof *c.out);
    c.cap = totalize(s, lits, n, cap, c.out);
    return c;
}

void gopt_sat_card_free(gopt_sat_card *c) {
    free(c->out);
    c->out = NULL;
    c->cap = 0;
}

/* lo <= count(lits) <= hi, under `when` (0 for always); hi = INT_MAX for no upper bound. */
static void count_between(gopt_sat *s, int when, const int *lits, int n, int lo, int hi) {
    GOPT_REQUIRE(n >= 0 && (n == 0 || lits) && lo >= 0, "n >= 0 literals and a bound >= 0 (n = %d, lo = %d)", n, lo);
    if (when) require_lit(s, when, "gopt_sat_exactly_if");
    if (hi < lo || lo > n || hi < 0) { /* impossible: the guard must be false */
        guarded(s, when, NULL, 0);
        return;
    }
    if (hi == 0) {
        for (int i = 0; i < n; i++) guarded(s, when, (int[]){-lits[i]}, 1);
        return;
    }
    bool need_hi = hi < n, need_lo = lo > 0;
    if (need_lo && lo == 1 && !need_hi && !when) {
        gopt_sat_clause(s, lits, n); /* at least one: a plain clause */
        return;
    }
    if (!need_hi && !need_lo) return;
    gopt_sat_card c = gopt_sat_totalizer(s, lits, n, need_hi ? hi + 1 : lo);
    if (need_lo) guarded(s, when, (int[]){c.out[lo - 1]}, 1);
    if (need_hi) guarded(s, when, (int[]){-c.out[hi]}, 1);
    gopt_sat_card_free(&c);
}

void gopt_sat_at_most(gopt_sat *s, const int *lits, int n, int k) { count_between(s, 0, lits, n, 0, k); }
void gopt_sat_at_least(gopt_sat *s, const int *lits, int n, int k) { count_between(s, 0, lits, n, k, INT_MAX); }
void gopt_sat_exactly(gopt_sat *s, const int *lits, int n, int k) { count_between(s, 0, lits, n, k, k); }
void gopt_sat_exactly_if(gopt_sat *s, int when, const int *lits, int n, int k) {
    count_between(s, when, lits, n, k, k);
}

/* ---------------------------------------------------------------- solving */

void gopt_sat_assume(gopt_sat *s, int lit) {
    require_lit(s, lit, __func__);
    if (s->last == GOPT_SAT_SAT && !s->model_saved) save_model(s);
    int v = abs(lit);
    if (v > s->max_used) s->max_used = v;
    ccadical_assume(s->solver, lit);
}

gopt_sat_result gopt_sat_solve(gopt_sat *s) {
    double start = gopt_now();
    int r = ccadical_solve(s->solver);
    s->stats.seconds += gopt_now() - start;
    s->stats.solves++;
    s->last = r == 10 ? GOPT_SAT_SAT : r == 20 ? GOPT_SAT_UNSAT : GOPT_SAT_UNKNOWN;
    s->model_saved = false;
    s->model_vars = s->max_used;
    return s->last;
}

bool gopt_sat_val(gopt_sat *s, int lit) {
    require_lit(s, lit, __func__);
    int v = abs(lit);
    /* Without a model (no solve yet, or the last one was not SAT) there is nothing to read, and
     * a variable the solver never saw is free: both read as false. */
    bool positive = false;
    if (s->last == GOPT_SAT_SAT && v <= s->model_vars)
        positive = s->model_saved ? s->model[v] : ccadical_val(s->solver, v) > 0;
    return lit > 0 ? positive : !positive;
}

bool gopt_sat_failed(gopt_sat *s, int lit) {
    require_lit(s, lit, __func__);
    GOPT_REQUIRE(s->last == GOPT_SAT_UNSAT, "the last answer was not UNSAT");
    return ccadical_failed(s->solver, lit) != 0;
}

void gopt_sat_set_time_limit(gopt_sat *s, double seconds) { s->deadline = seconds > 0 ? gopt_now() + seconds : 0; }

bool gopt_sat_set_option(gopt_sat *s, const char *name, int value) {
    /* The C interface does not say whether CaDiCaL knows the name: a known option reads back
     * the value it was set to (CaDiCaL clamps out-of-range values, which reads back too). */
    if (s->max_used > 0) return false; /* CaDiCaL aborts on most options once clauses exist */
    ccadical_set_option(s->solver, name, value);
    return ccadical_get_option(s->solver, name) == value;
}

int gopt_sat_get_option(gopt_sat *s, const char *name) { return ccadical_get_option(s->solver, name); }

void gopt_sat_set_conflict_limit(gopt_sat *s, int conflicts) {
    ccadical_limit(s->solver, "conflicts", conflicts < 0 ? -1 : conflicts);
}

long gopt_sat_enumerate(gopt_sat *s, const int *vars, int n, long max,
                        bool (*on_model)(void *user, gopt_sat *s), void *user, bool *complete) {
    long found = 0;
    bool done = false;
    int *block = gopt_malloc((size_t)(n > 0 ? n : 1) * sizeof *block);
    while (found < max) {
        gopt_sat_result r = gopt_sat_solve(s);
        if (r == GOPT_SAT_UNSAT) done = true;
        if (r != GOPT_SAT_SAT) break;
        found++;
        bool go_on = on_model ? on_model(user, s) : true;
        for (int i = 0; i < n; i++) block[i] = gopt_sat_val(s, vars[i]) ? -vars[i] : vars[i];
        gopt_sat_clause(s, block, n);
        if (!go_on) break;
    }
    free(block);
    if (complete) *complete = done;
    return found;
}

gopt_sat_stats gopt_sat_get_stats(const gopt_sat *s) { return s->stats; }

void gopt_sat_add_counters(const gopt_sat *s, gopt_counters *c) {
    gopt_counter_add(c, "vars", s->stats.vars);
    gopt_counter_add(c, "clauses", s->stats.clauses);
    gopt_counter_add(c, "solves", s->stats.solves);
    gopt_counter_add(c, "conflicts", s->stats.conflicts);
}
