/* The deduction rules of explain.c (degree two, border rule, room count, room entered once, no
 * second loop), shared with the hints of assist_hint.c: the same rules, the same order and the
 * same sentences, so a hint reads like a step of `country explain`. */
#ifndef GAMEOPT_COUNTRY_RULES_H
#define GAMEOPT_COUNTRY_RULES_H

#include "internal.h"

/* What is known: per variable (edges, then cells) -1 unknown, 0, 1. */
typedef struct country_state {
    const country_graph *g;
    int8_t *val;
} country_state;

/* A deduction: variable var takes value by rule, looking at cell or room `at`. */
typedef struct country_found {
    int var, value;
    gopt_country_rule rule;
    int at;
    int why; /* degree two: which case */
} country_found;

/* The first deduction the rules give, in explain's order: 1 found, 0 none, -1 a contradiction
 * (f->rule then names the rule that broke). scratch: 2 * ncells + 1 ints. */
int country_next_step(const country_state *s, int *scratch, country_found *f);
/* Propagates to the end; false with *broke set on a contradiction. */
bool country_propagate(country_state *s, int *scratch, gopt_country_rule *broke);
/* A step in the words of `country explain` ("r2c3-r2c4 on the loop (...)"). */
void country_step_text(const gopt_country_puzzle *p, const country_graph *g, const gopt_country_step *st, gopt_buf *b);

#endif
