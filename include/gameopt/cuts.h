/* The lazy-constraint loop shared by the SAT and MIP engines. Some rules (one loop, no stray
 * cycles, connectivity) have exponentially many constraints; we leave them out, solve, and
 * ask a separator whether the answer breaks one. If it does, the separator adds constraints
 * that the answer violates and the engine solves again, until an answer breaks none (it then
 * satisfies the full model) or the relaxed model has no answer (then neither has the full one).
 *
 * Variables are named the SAT way for both engines: variable v > 0, literal -v its negation.
 * For a MIP, variable v is column v - 1 (a binary column). A clause is the row
 * sum(x for positive literals) + sum(1 - x for negative ones) >= 1 there. */
#ifndef GAMEOPT_CUTS_H
#define GAMEOPT_CUTS_H

#include <stdbool.h>
#include <stdint.h>
#include "gameopt/mip.h"
#include "gameopt/sat.h"

/* What a separator sees: the current answer, and where to put the cuts. */
typedef struct gopt_cut_sink gopt_cut_sink;

/* The value of variable v (> 0) in the current answer. */
bool gopt_cut_value(const gopt_cut_sink *k, int v);
/* Adds a clause over literals (both engines). */
void gopt_cut_clause(gopt_cut_sink *k, const int *lits, int n);
/* Adds a general row over MIP columns (0-based), sense '<', '>' or '='. MIP only: returns false
 * (adding nothing) on a SAT engine, so separators can offer a stronger row and fall back. */
bool gopt_cut_row(gopt_cut_sink *k, int n, const int *cols, const double *coef, char sense, double rhs);

/* Looks at the answer; adds cuts it violates and returns how many (0 accepts the answer). */
typedef int (*gopt_separator)(void *user, gopt_cut_sink *sink);

typedef struct gopt_cuts {
    gopt_separator separate;
    void *user;
    const int *assume; /* SAT: literals assumed on every round (may be NULL) */
    int nassume;
    int max_rounds;    /* 0: no limit */
    /* results, accumulated over calls */
    int64_t rounds;    /* solves */
    int64_t cuts;      /* constraints added by the separator */
} gopt_cuts;

typedef enum gopt_cuts_result {
    GOPT_CUTS_FOUND,      /* an answer that the separator accepts (MIP: optimal) */
    GOPT_CUTS_NONE,       /* proven: no answer */
    GOPT_CUTS_LIMIT,      /* a solver limit or max_rounds stopped the loop */
    GOPT_CUTS_FEASIBLE,   /* MIP only: accepted answer, optimality not proven (time limit) */
} gopt_cuts_result;

gopt_cuts_result gopt_cuts_sat(gopt_sat *s, gopt_cuts *loop);
gopt_cuts_result gopt_cuts_mip(gopt_mip *m, gopt_cuts *loop);

/* Adds "rounds" and "cuts" to the counters. */
void gopt_cuts_add_counters(const gopt_cuts *loop, gopt_counters *c);

#endif
