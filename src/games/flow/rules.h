/* The deductions a person makes in Flow (docs/methods.md, "Flow: hints and explain"), as an
 * engine over a partial filling: which links are on or off, which cells have which colour.
 * Every rule is sound (it follows from the rules of the puzzle under its path convention), so
 * propagation never removes a solution; `flow explain` and `flow hint` are built on it. */
#ifndef GAMEOPT_FLOW_RULES_H
#define GAMEOPT_FLOW_RULES_H

#include "gameopt/assist.h"
#include "internal.h"

/* A partial filling. colour[v]: a colour, flow_empty(p) (the node stays empty, partial coverage)
 * or -1; endpoints hold their own colour. Colours also spread along links: the engine reads a
 * node's colour from its fragment (the nodes joined to it by links that are on). */
typedef struct flow_state {
    const gopt_flow_puzzle *p;
    int8_t *edge;   /* per edge: -1 not known, 0 off, 1 on */
    int *colour;    /* per node, as set (not spread) */
} flow_state;

static inline int flow_empty(const gopt_flow_puzzle *p) { return p->ncolours; }

/* The puzzle alone: every link unknown, endpoints coloured. */
void flow_state_init(flow_state *s, const gopt_flow_puzzle *p);
void flow_state_copy(flow_state *to, const flow_state *from);
void flow_state_free(flow_state *s);

/* A deduction: edge >= 0 takes value (0, 1), else node takes colour `value`. */
typedef struct flow_found {
    int edge, node, value;
    gopt_flow_rule rule;
    int at;
} flow_found;

typedef struct flow_engine flow_engine;
flow_engine *flow_engine_new(const gopt_flow_puzzle *p);
void flow_engine_free(flow_engine *e);

/* The first deduction, trying the rules simplest first: 1 found, 0 none, -1 the state breaks a
 * rule (*broke names it). */
int flow_next_step(flow_engine *e, const flow_state *s, flow_found *f, gopt_flow_rule *broke);
/* Applies every rule until nothing changes; false (with *broke) when a rule breaks. */
bool flow_propagate(flow_engine *e, flow_state *s, gopt_flow_rule *broke);
/* The same with the rules that look at one node or link at a time only (not region cut off
 * and bottleneck): much cheaper, and a contradiction it finds is one all the rules find. */
bool flow_propagate_local(flow_engine *e, flow_state *s, gopt_flow_rule *broke);
/* Sets what a deduction says. */
void flow_apply(flow_state *s, const flow_found *f);
/* A node's colour after spreading along links (-1 not known), for the last state the engine
 * looked at (valid after flow_next_step / flow_propagate on that state). */
int flow_engine_colour(flow_engine *e, int v);
/* After a reach pass that ran to its end (flow_next_step finding nothing): reach[k * nnodes + v]
 * is 0 when colour k cannot reach node v (the region rule's graph; colours whose path is closed
 * reach nothing). NULL on boards too big to keep it. */
const uint8_t *flow_engine_reach(const flow_engine *e);
/* Every link decided and every node coloured (or empty). */
bool flow_state_done(flow_engine *e, const flow_state *s);

#endif
