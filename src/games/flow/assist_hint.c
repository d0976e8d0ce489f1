/* `flow hint`: the next deduction a person can make from a partial answer (or from the puzzle
 * alone), with the rule that forces it (explain.c's search: rules, trials, then the smallest case
 * split on one link: the one whose two cases set the fewest variables). The marks are first
 * checked by SAT: when no solution extends them there is no hint but the advice to look for
 * mistakes; otherwise a solution extending them guides the trials. Every rule, trial and split
 * is sound, so the hint holds in every solution extending the marks. */
#include <stdlib.h>
#include <string.h>

#include "assist.h"
#include "gameopt/timer.h"

static void describe(gopt_flow_hint *h, const gopt_flow_puzzle *p) {
    gopt_buf b = {0};
    gopt_buf_puts(&b, "");
    switch (h->kind) {
    case GOPT_HINT_RULE:
    case GOPT_HINT_TRIAL: gopt_flow_step_text(p, &h->step, &b); break;
    case GOPT_HINT_SPLIT: {
        gopt_buf_puts(&b, "case split on ");
        flow_node_name(p, p->edge_u[h->split.edge], &b);
        gopt_buf_putc(&b, '-');
        flow_node_name(p, p->edge_v[h->split.edge], &b);
        gopt_buf_puts(&b, " (linked or not): either way, ");
        gopt_flow_step st = h->step;
        size_t at = b.len;
        gopt_flow_step_text(p, &st, &b);
        /* the step's own reason names the trial rule; a split gives its own */
        char *paren = strstr(b.data + at, " (");
        if (paren) b.len = (size_t)(paren - b.data), b.data[b.len] = 0;
        break;
    }
    case GOPT_HINT_GUESS:
        gopt_buf_puts(&b, "no rule, trial or case split on one link decides anything here: a guess is needed; try ");
        if (h->split.edge >= 0) {
            flow_node_name(p, p->edge_u[h->split.edge], &b);
            gopt_buf_putc(&b, '-');
            flow_node_name(p, p->edge_v[h->split.edge], &b);
        } else {
            flow_node_name(p, h->split.node, &b);
        }
        break;
    case GOPT_HINT_DONE: gopt_buf_puts(&b, "nothing is left to deduce: the marks are a whole solution"); break;
    case GOPT_HINT_MISTAKE: gopt_buf_puts(&b, "no solution extends these marks: `flow mistakes` shows which are wrong"); break;
    }
    snprintf(h->text, sizeof h->text, "%s", b.data);
    gopt_buf_free(&b);
}

gopt_flow_hint *gopt_flow_hint_of(const gopt_flow_puzzle *p, const gopt_flow_marks *m, const gopt_assist_options *o) {
    gopt_flow_hint *h = gopt_calloc(1, sizeof *h);
    double start = gopt_now();
    h->step.edge = h->split.edge = -1;
    h->step.node = h->split.node = -1;
    flow_sat *f = flow_sat_new(p);
    gopt_sat *s = flow_sat_solver(f);
    if (o && o->time_limit > 0) gopt_sat_set_time_limit(s, o->time_limit);
    flow_state st;
    flow_state_init(&st, p);
    int *lits = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *lits), n = 0;
    bool possible = true;
    for (int v = 0; v < p->nnodes && m; v++) {
        int c = m->colour[v];
        if (p->colour[v] >= 0 || c == GOPT_FLOW_OPEN) continue;
        st.colour[v] = c == GOPT_FLOW_EMPTY ? flow_empty(p) : c;
        lits[n] = flow_colour_literal(f, p, v, st.colour[v]);
        possible &= lits[n++] != 0;
    }
    gopt_flow_solution *answer = NULL;
    gopt_cuts_result r = possible ? flow_first_solution(f, p, lits, n, false, &answer, NULL) : GOPT_CUTS_NONE;
    h->status = GOPT_SOLVED;
    if (r == GOPT_CUTS_NONE) {
        gopt_cuts_result any = gopt_cuts_sat(s, flow_sat_loop(f));
        h->status = any == GOPT_CUTS_NONE ? GOPT_INFEASIBLE : any == GOPT_CUTS_LIMIT ? GOPT_LIMIT : GOPT_SOLVED;
        h->kind = GOPT_HINT_MISTAKE;
    } else if (r == GOPT_CUTS_LIMIT) {
        h->status = GOPT_LIMIT;
        h->kind = GOPT_HINT_GUESS;
    } else {
        flow_deducer d;
        flow_deducer_init(&d, p);
        d.answer = answer;
        d.deadline = o && o->time_limit > 0 ? start + o->time_limit : 0;
        h->kind = flow_deduce(&d, &st, true, &h->step, &h->split);
        if (h->kind == GOPT_HINT_MISTAKE) h->status = GOPT_ERROR; /* sound rules cannot break where SAT found a solution */
        if (d.stopped) h->status = GOPT_LIMIT;
        flow_deducer_free(&d);
    }
    if (h->status == GOPT_SOLVED || h->status == GOPT_ERROR) describe(h, p);
    else snprintf(h->text, sizeof h->text, "%s", h->status == GOPT_INFEASIBLE ? "the puzzle has no solution" : "a limit stopped the work");
    if (h->status == GOPT_ERROR) snprintf(h->text, sizeof h->text, "internal error: the rules broke where a solution exists");
    gopt_flow_solution_free(answer);
    flow_state_free(&st);
    free(lits);
    flow_sat_free(f);
    return h;
}

void gopt_flow_hint_free(gopt_flow_hint *h) { free(h); }
