/* Flow's SAT model (solve_sat.c) seen from outside, for the assist verbs (issue 31): the model
 * whose answers under its lazy loop are exactly the solutions under the puzzle's path convention
 * (the counting model: no tidy rules, which keep one solution and drop the others), its
 * variables and its loop. The assist files only ask questions of it (assumptions, added
 * clauses); how it is built stays solve_sat.c's business. */
#ifndef GAMEOPT_FLOW_SAT_MODEL_H
#define GAMEOPT_FLOW_SAT_MODEL_H

#include "gameopt/cuts.h"
#include "internal.h"

typedef struct flow_sat flow_sat;

flow_sat *flow_sat_new(const gopt_flow_puzzle *p);
void flow_sat_free(flow_sat *m);
gopt_sat *flow_sat_solver(flow_sat *m);
gopt_cuts *flow_sat_loop(flow_sat *m);
/* The variable of edge e (a path runs along it). */
int flow_sat_edge(const flow_sat *m, int e);
/* "Node v has colour k": a literal, or 0 when colour k cannot reach v (an endpoint's own colour is
 * a literal that is always true). */
int flow_sat_colour(const flow_sat *m, int v, int k);
/* Partial coverage: "node v is on a path" (0 for endpoints and under full coverage). */
int flow_sat_on(const flow_sat *m, int v);
/* The solver's current answer as a painted solution. */
gopt_flow_solution *flow_sat_solution(flow_sat *m);

#endif
