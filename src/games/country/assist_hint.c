/* The next deduction a person can make from a partial answer (a hint), with its rule.
 *
 * The state is what the marks say (model variables: edges, then cells). First the rules of
 * `country explain` in its order (rules.h), simplest first; then a trial: a value whose
 * opposite, propagated by the rules, breaks one (only the opposite of a solution's value can:
 * the rules never contradict a solution); then a case split on one variable: both values
 * propagated, a variable that ends with the same value either way is deduced. Of the splits
 * that deduce something, the smallest is shown: the one whose two cases set the fewest
 * variables, the shortest reasoning to follow. When none deduces anything, a guess is
 * needed, and the hint names the split that decides most. Every rule, trial and split is sound
 * (a rule is a family of the model's constraints, a trial or split a proof by cases), so a
 * hint holds in every solution that extends the marks; the property test checks it by SAT.
 * Marks that no solution extends get no hint but the advice to look for mistakes. */
#include <stdlib.h>
#include <string.h>

#include "assist.h"
#include "gameopt/stop.h"
#include "gameopt/timer.h"
#include "rules.h"

/* Time to stop (the time limit, Ctrl-C): polled once per trial or split, each a whole propagation. */
static bool must_stop(double deadline) { return (deadline > 0 && gopt_now() > deadline) || gopt_stop_check() != GOPT_GO; }

static void var_cells(const country_graph *g, int var, int cells[2]) {
    if (var < g->nedges) cells[0] = g->eu[var], cells[1] = g->ev[var];
    else cells[0] = var - g->nedges, cells[1] = -1;
}

static void var_name(const gopt_country_puzzle *p, const country_graph *g, int var, gopt_buf *b) {
    int cells[2];
    var_cells(g, var, cells);
    for (int i = 0; i < 2 && cells[i] >= 0; i++)
        gopt_buf_printf(b, "%sr%dc%d", i ? "-" : "", cells[i] / p->size.w + 1, cells[i] % p->size.w + 1);
}

static void set_step(gopt_country_hint *h, const country_model *m, const gopt_country_step *st) {
    gopt_buf b = {0};
    h->rule = st->rule;
    h->value = st->value;
    var_cells(&m->g, st->var, h->cells);
    country_step_text(m->p, &m->g, st, &b);
    snprintf(h->text, sizeof h->text, "%s", b.data ? b.data : "");
    gopt_buf_free(&b);
}

/* Both values of `var` propagated from s: a variable open in s with one value in both
 * (returned, with *value), or -1. *work counts the variables the two cases set. */
static int split_on(const country_state *s, int var, int *scratch, int8_t *a, int8_t *b, int *value, int *work) {
    int n = s->g->nedges + s->g->ncells;
    country_state x = {s->g, a}, y = {s->g, b};
    gopt_country_rule broke;
    memcpy(a, s->val, (size_t)n);
    memcpy(b, s->val, (size_t)n);
    a[var] = 0;
    b[var] = 1;
    if (!country_propagate(&x, scratch, &broke) || !country_propagate(&y, scratch, &broke)) return -1;
    int common = -1;
    *work = 0;
    for (int v = 0; v < n; v++) {
        if (s->val[v] >= 0 || v == var) continue;
        *work += (a[v] >= 0) + (b[v] >= 0);
        if (common < 0 && a[v] >= 0 && a[v] == b[v]) common = v, *value = a[v];
    }
    return common;
}

/* No rule and no trial: the smallest case split that deduces something, or a guess. */
static void split_or_guess(gopt_country_hint *h, const country_model *m, const country_state *s, int *scratch, double deadline) {
    int n = country_model_nvars(m);
    int8_t *a = gopt_malloc((size_t)n), *b = gopt_malloc((size_t)n);
    int best = -1, best_work = 0, best_var = -1, best_value = 0, most = -1, most_work = -1;
    for (int v = 0; v < n && !must_stop(deadline); v++) {
        if (s->val[v] >= 0) continue;
        int value, work = 0, w = split_on(s, v, scratch, a, b, &value, &work);
        if (w >= 0 && (best < 0 || work < best_work)) best = v, best_work = work, best_var = w, best_value = value;
        if (work > most_work) most = v, most_work = work;
    }
    free(a);
    free(b);
    gopt_buf t = {0};
    if (best >= 0) {
        h->kind = GOPT_HINT_SPLIT;
        var_cells(&m->g, best, h->split);
        h->rule = GOPT_COUNTRY_RULE_TRIAL;
        h->value = best_value != 0;
        var_cells(&m->g, best_var, h->cells);
        gopt_buf_puts(&t, "case split on ");
        var_name(m->p, &m->g, best, &t);
        gopt_buf_puts(&t, ": either way, ");
        var_name(m->p, &m->g, best_var, &t);
        gopt_buf_printf(&t, " %s", best_var < m->g.nedges ? (best_value ? "on the loop" : "not on the loop")
                                                           : (best_value ? "used" : "unused"));
    } else {
        h->kind = GOPT_HINT_GUESS;
        var_cells(&m->g, most, h->split);
        h->cells[0] = h->cells[1] = -1;
        gopt_buf_puts(&t, "no rule, trial or case split on one cell or edge decides anything here: a guess is needed; "
                          "the split that decides most is on ");
        var_name(m->p, &m->g, most, &t);
    }
    snprintf(h->text, sizeof h->text, "%s", t.data);
    gopt_buf_free(&t);
}

/* The state the marks give (holes unused); false when a mark can hold in no solution. */
static bool marks_state(const country_model *m, int8_t *val, int **lits, int *nl) {
    int n = country_model_nvars(m), nm;
    memset(val, -1, (size_t)n);
    for (int c = 0; c < m->g.ncells; c++)
        if (m->p->room[c] == GOPT_COUNTRY_HOLE) val[m->g.nedges + c] = 0;
    country_mark *marks = country_marks_of(m, &nm);
    *lits = gopt_malloc((size_t)(nm + 1) * sizeof **lits);
    *nl = 0;
    bool ok = true;
    for (int i = 0; i < nm; i++) {
        if (!marks[i].lit) ok = false;
        else (*lits)[(*nl)++] = marks[i].lit, val[abs(marks[i].lit) - 1] = marks[i].lit > 0;
    }
    free(marks);
    return ok;
}

gopt_country_hint *gopt_country_hint_of(const gopt_country_puzzle *p, const gopt_assist_options *o) {
    gopt_country_hint *h = gopt_calloc(1, sizeof *h);
    double deadline = o && o->time_limit > 0 ? gopt_now() + o->time_limit : 0;
    h->cells[0] = h->cells[1] = h->split[0] = h->split[1] = -1;
    country_model m;
    country_model_init(&m, p, o ? o->time_limit : 0);
    int n = country_model_nvars(&m), *lits, nl;
    int8_t *val = gopt_malloc((size_t)n), *trial = gopt_malloc((size_t)n), *answer = gopt_malloc((size_t)n);
    int *scratch = gopt_malloc((size_t)(2 * m.g.ncells + 1) * sizeof *scratch);
    bool possible = marks_state(&m, val, &lits, &nl);
    gopt_cuts_result r = possible ? gopt_cuts_sat_assuming(m.s, &m.loop, lits, nl) : GOPT_CUTS_NONE;
    h->status = GOPT_SOLVED;
    if (r == GOPT_CUTS_NONE) {
        /* the puzzle, or only the marks? */
        gopt_cuts_result any = gopt_cuts_sat(m.s, &m.loop);
        h->status = any == GOPT_CUTS_NONE ? GOPT_INFEASIBLE : any == GOPT_CUTS_LIMIT ? GOPT_LIMIT : GOPT_SOLVED;
        h->kind = GOPT_HINT_MISTAKE;
        snprintf(h->text, sizeof h->text, "%s", any == GOPT_CUTS_NONE ? "the puzzle has no solution"
                                                 : "no solution extends these marks: `country mistakes` shows which are wrong");
    } else if (r == GOPT_CUTS_LIMIT) {
        h->status = GOPT_LIMIT;
        snprintf(h->text, sizeof h->text, "a limit stopped the search before a hint was found");
    } else {
        for (int v = 0; v < n; v++) answer[v] = (int8_t)gopt_sat_val(m.s, v + 1);
        country_state s = {&m.g, val};
        country_found f;
        int open = 0;
        for (int v = 0; v < n; v++) open += val[v] < 0;
        if (open == 0) {
            h->kind = GOPT_HINT_DONE;
            snprintf(h->text, sizeof h->text, "nothing is left to deduce: the marks are a whole solution");
        } else if (country_next_step(&s, scratch, &f) == 1) {
            h->kind = GOPT_HINT_RULE;
            set_step(h, &m, &(gopt_country_step){f.var, f.value != 0, f.rule, f.at, f.why});
        } else {
            int found = -1;
            gopt_country_rule broke = GOPT_COUNTRY_RULE_DEGREE;
            country_state t = {&m.g, trial};
            for (int v = 0; v < n && found < 0 && !must_stop(deadline); v++) {
                if (val[v] >= 0) continue;
                memcpy(trial, val, (size_t)n);
                trial[v] = (int8_t)!answer[v];
                if (!country_propagate(&t, scratch, &broke)) found = v;
            }
            if (found >= 0) {
                h->kind = GOPT_HINT_TRIAL;
                int at = found < m.g.nedges ? m.g.eu[found] : found - m.g.nedges;
                set_step(h, &m, &(gopt_country_step){found, answer[found] != 0, GOPT_COUNTRY_RULE_TRIAL, at, (int)broke});
                h->rule = broke;
            } else {
                split_or_guess(h, &m, &s, scratch, deadline);
            }
            if (h->kind == GOPT_HINT_GUESS && must_stop(deadline)) { /* not a guess: the search was cut short */
                h->status = GOPT_LIMIT;
                snprintf(h->text, sizeof h->text, "a limit stopped the search for a hint");
            }
        }
    }
    free(lits);
    free(val);
    free(trial);
    free(answer);
    free(scratch);
    country_model_free(&m);
    return h;
}

void gopt_country_hint_free(gopt_country_hint *h) { free(h); }
