/* `flow explain`: the chain of deductions from the puzzle to its solution, and the search for
 * the next deduction shared with `flow hint`.
 *
 * From a state, the next step is the first deduction of the rules (rules.h, simplest first);
 * else a trial: a link whose other value, propagated by the rules, breaks one (only the value a
 * solution does not take can; every link first by the local rules alone, which is much cheaper,
 * then by all of them), or a cell every other colour of which breaks one; else (hints
 * only) a case split on one link: both values propagated, a variable decided the same way in
 * both; else a guess, which takes the solution's value. Trials look first at links next to the
 * paths drawn so far, where a person looks.
 *
 * Checked step by step: before an explanation is returned, every step is tested against every
 * solution: the steps between two guesses must lie in the backbone of the puzzle with the
 * earlier guesses assumed (gameopt/backbone.h, one chunked SAT test for a unique puzzle), and
 * the last state must be a solution that passes the checker. A step that fails makes the whole
 * explanation an internal error: it is never printed as sound. */
#include <stdlib.h>
#include <string.h>

#include "assist.h"
#include "gameopt/stop.h"
#include "gameopt/timer.h"

/* ---------------------------------------------------------------- the next step */

void flow_deducer_init(flow_deducer *d, const gopt_flow_puzzle *p) {
    memset(d, 0, sizeof *d);
    d->p = p;
    d->e = flow_engine_new(p);
    flow_state_init(&d->a, p);
    flow_state_init(&d->b, p);
    d->order = gopt_malloc(((size_t)p->nedges + 1) * sizeof *d->order);
    d->open = gopt_malloc((size_t)p->nnodes + 1);
    d->reach = flow_engine_reach(d->e) ? gopt_malloc((size_t)p->ncolours * p->nnodes + 1) : NULL;
}

void flow_deducer_free(flow_deducer *d) {
    flow_engine_free(d->e);
    flow_state_free(&d->a);
    flow_state_free(&d->b);
    free(d->order);
    free(d->open);
    free(d->reach);
}

static gopt_flow_step to_step(const gopt_flow_puzzle *p, const flow_found *f) {
    gopt_flow_step st = {.edge = f->edge, .node = f->node, .rule = f->rule, .because = f->rule, .at = f->at};
    if (f->edge >= 0) st.value = f->value != 0, st.node = -1;
    else st.colour = f->value == flow_empty(p) ? GOPT_FLOW_EMPTY : f->value;
    return st;
}

/* Edges not decided, those next to a drawn path (or an endpoint) first. */
static int trial_order(flow_deducer *d, const flow_state *s) {
    const gopt_flow_puzzle *p = d->p;
    int n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < p->nedges; i++) {
            if (s->edge[i] >= 0) continue;
            bool near = false;
            for (int end = 0; end < 2 && !near; end++) {
                int v = end ? p->edge_v[i] : p->edge_u[i];
                near = p->colour[v] >= 0;
                for (const gopt_flow_link *l = flow_links(p, v), *x = l + flow_degree(p, v); l < x && !near; l++)
                    near = s->edge[l->edge] == 1;
            }
            if (near == (pass == 0)) d->order[n++] = i;
        }
    return n;
}

/* A trial on edge i against the solution's value: true (with *step) when the other value breaks a
 * rule; with `local`, by the local rules alone (a first, cheap pass over every link). */
static bool trial_edge(flow_deducer *d, const flow_state *s, int i, bool local, gopt_flow_step *step) {
    flow_state_copy(&d->a, s);
    d->a.edge[i] = (int8_t)!d->answer->used[i];
    gopt_flow_rule broke;
    if (local ? flow_propagate_local(d->e, &d->a, &broke) : flow_propagate(d->e, &d->a, &broke)) return false;
    flow_found f = {i, -1, d->answer->used[i], GOPT_FLOW_RULE_TRIAL, d->p->edge_u[i]};
    *step = to_step(d->p, &f);
    step->because = broke;
    return true;
}

/* A trial on node v: every colour but the solution's (and emptiness) breaks a rule. Colours the
 * region rule's graph already keeps from v (reach, when known) break it at once: not tried. */
static bool trial_node(flow_deducer *d, const flow_state *s, int v, const uint8_t *reach, gopt_flow_step *step) {
    const gopt_flow_puzzle *p = d->p;
    int want = d->answer->colour[v] >= 0 ? d->answer->colour[v] : flow_empty(p);
    gopt_flow_rule first = GOPT_FLOW_RULE_TRIAL;
    for (int c = 0; c <= p->ncolours; c++) {
        if (c == want || (c == flow_empty(p) && !p->partial)) continue;
        if (reach && c < p->ncolours && !reach[(size_t)c * p->nnodes + v]) {
            if (first == GOPT_FLOW_RULE_TRIAL) first = GOPT_FLOW_RULE_REGION;
            continue;
        }
        flow_state_copy(&d->a, s);
        d->a.colour[v] = c;
            gopt_flow_rule broke;
        if (flow_propagate(d->e, &d->a, &broke)) return false;
        if (first == GOPT_FLOW_RULE_TRIAL) first = broke;
    }
    flow_found f = {-1, v, want, GOPT_FLOW_RULE_TRIAL, v};
    *step = to_step(p, &f);
    step->because = first;
    return true;
}

/* Both values of edge i propagated: the first variable open in s that both decide alike. */
static bool split_edge(flow_deducer *d, const flow_state *s, int i, gopt_flow_step *step, int *work) {
    const gopt_flow_puzzle *p = d->p;
    gopt_flow_rule broke;
    flow_state_copy(&d->a, s);
    flow_state_copy(&d->b, s);
    d->a.edge[i] = 0;
    d->b.edge[i] = 1;
    if (!flow_propagate(d->e, &d->a, &broke) || !flow_propagate(d->e, &d->b, &broke)) return false;
    *work = 0;
    int found = -1, node = -1, value = 0;
    for (int j = 0; j < p->nedges; j++) {
        if (s->edge[j] >= 0 || j == i) continue;
        *work += (d->a.edge[j] >= 0) + (d->b.edge[j] >= 0);
        if (found < 0 && d->a.edge[j] >= 0 && d->a.edge[j] == d->b.edge[j]) found = j, value = d->a.edge[j];
    }
    /* colours: compare what each case sets on nodes (spread colours need a scan each) */
    for (int v = 0; v < p->nnodes && found < 0 && node < 0; v++)
        if (s->colour[v] < 0 && d->a.colour[v] >= 0 && d->a.colour[v] == d->b.colour[v]) node = v, value = d->a.colour[v];
    if (found < 0 && node < 0) return false;
    flow_found f = {found, found >= 0 ? -1 : node, value, GOPT_FLOW_RULE_TRIAL, p->edge_u[i]};
    *step = to_step(p, &f);
    return true;
}

/* Time to stop (the deadline, Ctrl-C): polled once per trial, each a whole propagation. */
static bool must_stop(flow_deducer *d) {
    if (!d->stopped) d->stopped = (d->deadline > 0 && gopt_now() > d->deadline) || gopt_stop_check() != GOPT_GO;
    return d->stopped;
}

gopt_hint_kind flow_deduce(flow_deducer *d, const flow_state *s, bool splits, gopt_flow_step *step, gopt_flow_step *split) {
    const gopt_flow_puzzle *p = d->p;
    flow_found f;
    gopt_flow_rule broke;
    int r = flow_next_step(d->e, s, &f, &broke);
    if (r < 0) return GOPT_HINT_MISTAKE; /* the state breaks a rule: cannot happen from sound steps */
    if (r > 0) {
        *step = to_step(p, &f);
        return GOPT_HINT_RULE;
    }
    /* nodes without a colour and where each colour can reach, read before trials make the engine
     * look at other states */
    for (int v = 0; v < p->nnodes; v++) d->open[v] = flow_engine_colour(d->e, v) < 0;
    const uint8_t *reach = flow_engine_reach(d->e);
    if (reach) memcpy(d->reach, reach, (size_t)p->ncolours * p->nnodes);
    if (flow_state_done(d->e, s)) return GOPT_HINT_DONE;
    int n = trial_order(d, s);
    for (int pass = 0; pass < 2; pass++)
        for (int j = 0; j < n && !must_stop(d); j++)
            if (trial_edge(d, s, d->order[j], pass == 0, step)) return GOPT_HINT_TRIAL;
    for (int v = 0; v < p->nnodes && !must_stop(d); v++)
        if (d->open[v] && trial_node(d, s, v, reach ? d->reach : NULL, step)) return GOPT_HINT_TRIAL;
    int best = -1, best_work = 0;
    for (int j = 0; j < n && splits && !must_stop(d); j++) {
        gopt_flow_step st;
        int work;
        if (split_edge(d, s, d->order[j], &st, &work) && (best < 0 || work < best_work))
            best = d->order[j], best_work = work, *step = st;
    }
    int guess = best >= 0 ? best : n > 0 ? d->order[0] : -1;
    if (guess >= 0) {
        flow_found g = {guess, -1, d->answer->used[guess], GOPT_FLOW_RULE_GUESS, p->edge_u[guess]};
        *split = to_step(p, &g);
    } else { /* every link decided, a colour left open: the solution's */
        for (int v = 0; v < p->nnodes && guess < 0; v++)
            if (d->open[v]) guess = v;
        flow_found g = {-1, guess, d->answer->colour[guess] >= 0 ? d->answer->colour[guess] : flow_empty(p), GOPT_FLOW_RULE_GUESS, guess};
        *split = to_step(p, &g);
    }
    if (best >= 0) return GOPT_HINT_SPLIT;
    *step = *split;
    return GOPT_HINT_GUESS;
}

/* ---------------------------------------------------------------- text */

static void node_name(const gopt_flow_puzzle *p, int v, gopt_buf *b) { flow_node_name(p, v, b); }

void gopt_flow_step_text(const gopt_flow_puzzle *p, const gopt_flow_step *st, gopt_buf *b) {
    if (st->edge >= 0) {
        node_name(p, p->edge_u[st->edge], b);
        gopt_buf_putc(b, '-');
        node_name(p, p->edge_v[st->edge], b);
        gopt_buf_puts(b, st->value ? " linked" : " not linked");
    } else {
        node_name(p, st->node, b);
        if (st->colour == GOPT_FLOW_EMPTY) gopt_buf_puts(b, " stays empty");
        else gopt_buf_printf(b, " is %s", p->label[st->colour]);
    }
    gopt_buf_puts(b, " (");
    int at = st->at;
    switch (st->rule) {
    case GOPT_FLOW_RULE_LINKS:
        if (p->colour[at] >= 0) gopt_buf_puts(b, "the endpoint "), node_name(p, at, b), gopt_buf_puts(b, " has its link");
        else node_name(p, at, b), gopt_buf_puts(b, " has all the links it needs");
        break;
    case GOPT_FLOW_RULE_FORCED: gopt_buf_puts(b, "the path end at "), node_name(p, at, b), gopt_buf_puts(b, " has no other way"); break;
    case GOPT_FLOW_RULE_DEAD_END:
        node_name(p, at, b);
        gopt_buf_puts(b, st->edge >= 0 ? " has only two ways left; without both it is a dead end" : " has fewer than two ways: no path can pass it");
        break;
    case GOPT_FLOW_RULE_COLOURS: gopt_buf_puts(b, "it would join two colours"); break;
    case GOPT_FLOW_RULE_LOOP: gopt_buf_puts(b, "it would close a loop"); break;
    case GOPT_FLOW_RULE_TOUCH: gopt_buf_puts(b, "two cells of one path side by side are consecutive on it"); break;
    case GOPT_FLOW_RULE_CORNER:
        gopt_buf_puts(b, "the corner rule: the cell inside the turn at "), node_name(p, at, b);
        gopt_buf_puts(b, " would make that path touch itself");
        break;
    case GOPT_FLOW_RULE_REGION:
        if (st->colour == GOPT_FLOW_EMPTY) gopt_buf_puts(b, "no colour can reach it");
        else gopt_buf_printf(b, "no other colour can reach it");
        break;
    case GOPT_FLOW_RULE_BOTTLENECK:
        gopt_buf_puts(b, st->edge >= 0 ? "every way between the two ends of its path runs along it"
                                       : "every way between the two ends of that colour passes it");
        break;
    case GOPT_FLOW_RULE_TRIAL:
        gopt_buf_printf(b, "%s the %s rule breaks a few steps later", st->edge >= 0 ? "the other way" : "with any other colour",
                        gopt_flow_rule_name(st->because));
        break;
    case GOPT_FLOW_RULE_GUESS: gopt_buf_puts(b, "no rule decides here: a guess is needed; we take the solution's value"); break;
    }
    gopt_buf_putc(b, ')');
}

/* ---------------------------------------------------------------- the chain */

static void push(gopt_flow_explanation *x, size_t *cap, const gopt_flow_step *st) {
    gopt_grow(&x->steps, cap, (size_t)x->nsteps + 1, sizeof *x->steps);
    x->steps[x->nsteps++] = *st;
}

void flow_apply_step(flow_state *s, const gopt_flow_step *st) {
    if (st->edge >= 0) s->edge[st->edge] = (int8_t)st->value;
    else s->colour[st->node] = st->colour == GOPT_FLOW_EMPTY ? flow_empty(s->p) : st->colour;
}

static int step_literal(const flow_sat *f, const gopt_flow_puzzle *p, const gopt_flow_step *st) {
    flow_found x = {st->edge, st->node, st->edge >= 0 ? st->value : st->colour == GOPT_FLOW_EMPTY ? flow_empty(p) : st->colour, st->rule, st->at};
    return flow_found_literal(f, p, &x);
}

/* Every step holds in every solution that the guesses before it allow. */
static gopt_cuts_result check_steps(const gopt_flow_explanation *x, double limit, char *why, size_t size) {
    const gopt_flow_puzzle *p = x->p;
    flow_sat *f = flow_sat_new(p);
    gopt_sat *s = flow_sat_solver(f);
    if (limit > 0) gopt_sat_set_time_limit(s, limit);
    gopt_cuts *loop = flow_sat_loop(f);
    int *guess = gopt_malloc(((size_t)x->nsteps + 1) * sizeof *guess), *vars = gopt_malloc(((size_t)x->nsteps + 1) * sizeof *vars);
    uint8_t *value = gopt_malloc((size_t)x->nsteps + 1);
    gopt_cuts_result r = GOPT_CUTS_FOUND;
    int ng = 0;
    for (int from = 0; from < x->nsteps && r == GOPT_CUTS_FOUND;) {
        int to = from, nv = 0;
        while (to < x->nsteps && x->steps[to].rule != GOPT_FLOW_RULE_GUESS) to++;
        for (int i = from; i < to; i++) vars[nv++] = abs(step_literal(f, p, &x->steps[i]));
        for (int i = 0; i < nv && r == GOPT_CUTS_FOUND; i++)
            if (!vars[i]) r = GOPT_CUTS_NONE, snprintf(why, size, "step %d states what no solution can hold", from + i + 1);
        if (r == GOPT_CUTS_FOUND && nv > 0) {
            loop->assume = guess, loop->nassume = ng;
            r = gopt_backbone(s, loop, vars, nv, value, NULL, NULL, NULL);
            loop->assume = NULL, loop->nassume = 0;
            for (int i = 0; i < nv && r == GOPT_CUTS_FOUND; i++) {
                int lit = step_literal(f, p, &x->steps[from + i]);
                if (value[i] != (lit > 0 ? GOPT_BB_TRUE : GOPT_BB_FALSE)) {
                    snprintf(why, size, "step %d (%s) does not hold in every solution", from + i + 1,
                             gopt_flow_rule_name(x->steps[from + i].rule));
                    r = GOPT_CUTS_NONE;
                }
            }
        }
        if (to < x->nsteps) guess[ng++] = step_literal(f, p, &x->steps[to]);
        from = to + 1;
    }
    free(guess);
    free(vars);
    free(value);
    flow_sat_free(f);
    return r;
}

gopt_flow_explanation *gopt_flow_explain(const gopt_flow_puzzle *p, const gopt_assist_options *o) {
    gopt_flow_explanation *x = gopt_calloc(1, sizeof *x);
    x->p = p;
    double limit = o ? o->time_limit : 0, start = gopt_now();
    /* a solution to guide guesses, and whether there is a second */
    gopt_flow_solution *answer = NULL;
    flow_sat *f = flow_sat_new(p);
    if (limit > 0) gopt_sat_set_time_limit(flow_sat_solver(f), limit);
    gopt_cuts_result r0 = flow_first_solution(f, p, NULL, 0, true, &answer, &x->solutions);
    flow_sat_free(f);
    if (r0 != GOPT_CUTS_FOUND) {
        x->status = r0 == GOPT_CUTS_NONE ? GOPT_INFEASIBLE : GOPT_LIMIT;
        snprintf(x->note, sizeof x->note, "%s", r0 == GOPT_CUTS_NONE ? "the puzzle has no solution" : "a limit stopped the solver");
        gopt_flow_solution_free(answer);
        return x;
    }
    flow_deducer d;
    flow_deducer_init(&d, p);
    d.answer = answer;
    d.deadline = limit > 0 ? start + limit : 0;
    flow_state s;
    flow_state_init(&s, p);
    size_t cap = 0;
    x->status = GOPT_SOLVED;
    for (;;) {
        gopt_flow_step st, other;
        gopt_hint_kind k = flow_deduce(&d, &s, false, &st, &other);
        if (d.stopped || gopt_stop_check() != GOPT_GO) {
            x->status = GOPT_LIMIT;
            snprintf(x->note, sizeof x->note, "stopped (%s) after %d steps", d.stopped && limit > 0 && gopt_now() > d.deadline
                     ? "time limit" : "interrupted", x->nsteps);
            break;
        }
        if (k == GOPT_HINT_DONE) break;
        if (k == GOPT_HINT_MISTAKE) {
            x->status = GOPT_ERROR;
            snprintf(x->note, sizeof x->note, "internal error: the steps broke a rule after step %d", x->nsteps);
            break;
        }
        x->trials += k == GOPT_HINT_TRIAL;
        x->guesses += k == GOPT_HINT_GUESS;
        push(x, &cap, &st);
        flow_apply_step(&s, &st);
    }
    if (x->status == GOPT_SOLVED) {
        x->solution = gopt_flow_solution_new(p);
        for (int e = 0; e < p->nedges; e++) x->solution->used[e] = s.edge[e] == 1;
        gopt_flow_solution_paint(p, x->solution);
        char why[256] = "";
        if (!gopt_flow_check(p, x->solution, why, sizeof why)) {
            x->status = GOPT_ERROR;
            snprintf(x->note, sizeof x->note, "internal error: the steps end without a solution: %s", why);
        } else {
            double left = limit > 0 ? limit - (gopt_now() - start) : 0;
            gopt_cuts_result r = limit > 0 && left <= 0 ? GOPT_CUTS_LIMIT : check_steps(x, left, why, sizeof why);
            if (r == GOPT_CUTS_LIMIT) x->status = GOPT_LIMIT, snprintf(x->note, sizeof x->note, "a limit stopped the check of the steps");
            if (r == GOPT_CUTS_NONE) x->status = GOPT_ERROR, snprintf(x->note, sizeof x->note, "internal error: %s", why);
        }
    }
    flow_state_free(&s);
    flow_deducer_free(&d);
    gopt_flow_solution_free(answer);
    return x;
}

void gopt_flow_explanation_free(gopt_flow_explanation *x) {
    if (!x) return;
    free(x->steps);
    gopt_flow_solution_free(x->solution);
    free(x);
}
