/* Help short of the answer for Flow (issue 31), shared by the assist files:
 *   assist_model.c     partial answers (marks) as literals of the SAT model, rows with '?'
 *   assist_decided.c   decided cells (backbone) and two solutions with their differences
 *   assist_mistakes.c  marks no solution extends
 *   rules.c            the deduction rules (rules.h)
 *   explain.c          the chain of deductions to the solution, checked against the backbone
 *   assist_hint.c      the next deduction from a partial answer
 *   setter.c           a repair for a puzzle with several solutions
 *   assist_verbs.c     the verbs: text, JSON, option tables */
#ifndef GAMEOPT_FLOW_ASSIST_H
#define GAMEOPT_FLOW_ASSIST_H

#include "gameopt/assist.h"
#include "gameopt/backbone.h"
#include "internal.h"
#include "rules.h"
#include "sat_model.h"

/* The SAT literal of a node's colour (or, for flow_empty, of staying empty): 0 when no solution
 * can have it (the colour cannot reach the node; empty under full coverage, or an endpoint). */
int flow_colour_literal(const flow_sat *f, const gopt_flow_puzzle *p, int v, int colour);
/* The literal of a deduction (an edge on or off, a node's colour). */
int flow_found_literal(const flow_sat *f, const gopt_flow_puzzle *p, const flow_found *x);
/* The filled rows in the puzzle's own format with '?' where colour[v] < -1 (GOPT_FLOW_OPEN);
 * colour[v] == GOPT_FLOW_EMPTY is '.' (ADC "00"). */
char **flow_known_rows(const gopt_flow_puzzle *p, const int *colour, int *nrows);
void flow_rows_free(char **rows, int n);
/* A solution's colour per node in the public convention (GOPT_FLOW_EMPTY for none). */
int flow_solution_colour(const gopt_flow_solution *s, int v);
/* A solution with the literals lits[0..n) assumed (none: n = 0): FOUND with *out set (it passed
 * the checker; else *out is NULL and the result LIMIT... never trusted unchecked), NONE, LIMIT.
 * With `second`, *solutions then says whether another solution exists (1 or 2; the solver keeps
 * a clause excluding the first). */
gopt_cuts_result flow_first_solution(flow_sat *f, const gopt_flow_puzzle *p, const int *lits, int n, bool second,
                                     gopt_flow_solution **out, long *solutions);

/* The search for the next deduction (explain.c), shared by `flow explain` and `flow hint`. */
typedef struct flow_deducer {
    const gopt_flow_puzzle *p;
    flow_engine *e;
    flow_state a, b;           /* scratch states for trials and splits */
    int *order;                /* scratch: links in the order trials look at them */
    uint8_t *open;             /* scratch: nodes without a colour */
    uint8_t *reach;            /* scratch: the engine's reach (rules.h) for the state being searched */
    const gopt_flow_solution *answer; /* a solution extending the state: guides trials and guesses */
    double deadline;           /* gopt_now() time (0: none): trials stop there, as at Ctrl-C */
    bool stopped;              /* set when they did (the step returned is then no deduction) */
} flow_deducer;
void flow_deducer_init(flow_deducer *d, const gopt_flow_puzzle *p);
void flow_deducer_free(flow_deducer *d);
/* The next step from s: RULE, TRIAL, SPLIT (only with `splits`: *split is the link split on),
 * GUESS (*step and *split: the solution's value of the link or node to try), DONE, or MISTAKE
 * (s breaks a rule). */
gopt_hint_kind flow_deduce(flow_deducer *d, const flow_state *s, bool splits, gopt_flow_step *step, gopt_flow_step *split);
/* Sets what a step says in s. */
void flow_apply_step(flow_state *s, const gopt_flow_step *st);

/* Pictures (assist_render.c): decided links in colour and open cells greyed; two solutions side
 * by side with their differences shaded; the filled cells with the wrong ones crossed in red and
 * a hint's step in green (each may be NULL / 0). */
gopt_canvas *flow_decided_render(const gopt_flow_puzzle *p, const gopt_flow_decided *d);
gopt_canvas *flow_pair_render(const gopt_flow_puzzle *p, const gopt_flow_pair *x);
gopt_canvas *flow_marks_render(const gopt_flow_puzzle *p, const gopt_flow_marks *m, const int *bad, int nbad,
                               const gopt_flow_step *step);

/* A node as "r3c4" (with "l2" for layers, and the channel of a bridge). */
void flow_node_name(const gopt_flow_puzzle *p, int v, gopt_buf *b);

#endif
