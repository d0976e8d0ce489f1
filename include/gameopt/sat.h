/* The SAT engine: CaDiCaL through its C interface (ccadical.h). Literals are non-zero ints,
 * -v is the negation of v (DIMACS convention). The solver is incremental: clauses may be
 * added between solves, and assumptions hold for the next solve only. */
#ifndef GAMEOPT_SAT_H
#define GAMEOPT_SAT_H

#include <stdbool.h>
#include <stdint.h>
#include "gameopt/timer.h"

typedef struct gopt_sat gopt_sat;

typedef enum gopt_sat_result {
    GOPT_SAT_UNKNOWN = 0, /* a limit stopped the solver */
    GOPT_SAT_SAT = 10,
    GOPT_SAT_UNSAT = 20,
} gopt_sat_result;

typedef struct gopt_sat_stats {
    int64_t vars;
    int64_t clauses;   /* clauses added by us (cardinality encodings included) */
    int64_t solves;
    int64_t conflicts; /* learned clauses, one per conflict CaDiCaL analyses */
    double seconds;    /* time inside solve calls */
} gopt_sat_stats;

gopt_sat *gopt_sat_new(void);
void gopt_sat_free(gopt_sat *s);

/* A fresh variable (its positive literal). */
int gopt_sat_var(gopt_sat *s);
/* n fresh variables numbered consecutively; returns the first. */
int gopt_sat_vars(gopt_sat *s, int n);

void gopt_sat_clause(gopt_sat *s, const int *lits, int n);
void gopt_sat_unit(gopt_sat *s, int a);
void gopt_sat_clause2(gopt_sat *s, int a, int b);
void gopt_sat_clause3(gopt_sat *s, int a, int b, int c);
/* a -> b */
static inline void gopt_sat_implies(gopt_sat *s, int a, int b) { gopt_sat_clause2(s, -a, b); }

/* ---- cardinality constraints over literals ---- */
/* Pairwise for a few literals, a sequential counter (Sinz 2005) beyond. */
void gopt_sat_at_most_one(gopt_sat *s, const int *lits, int n);
void gopt_sat_exactly_one(gopt_sat *s, const int *lits, int n);
/* Through a totalizer (Bailleux & Boufkhad 2003) cut off at k + 1. */
void gopt_sat_at_most(gopt_sat *s, const int *lits, int n, int k);
void gopt_sat_at_least(gopt_sat *s, const int *lits, int n, int k);
void gopt_sat_exactly(gopt_sat *s, const int *lits, int n, int k);
/* When `when` holds, exactly k of the literals hold (when = 0: always). */
void gopt_sat_exactly_if(gopt_sat *s, int when, const int *lits, int n, int k);

/* A totalizer whose outputs stay available, for bounds that change between solves (assume
 * -out[k] for "at most k", out[k-1] for "at least k"). out[i] <-> at least i+1 inputs hold,
 * for i < cap. */
typedef struct gopt_sat_card {
    int cap;
    int *out;
} gopt_sat_card;

gopt_sat_card gopt_sat_totalizer(gopt_sat *s, const int *lits, int n, int cap);
void gopt_sat_card_free(gopt_sat_card *c);

/* ---- solving ---- */
/* Assumes lit for the next solve only. */
void gopt_sat_assume(gopt_sat *s, int lit);
gopt_sat_result gopt_sat_solve(gopt_sat *s);
/* The value of a literal in the model of the last SAT answer; it stays readable after
 * clauses are added. False when the last answer was not SAT. */
bool gopt_sat_val(gopt_sat *s, int lit);
/* After UNSAT under assumptions: was this assumption part of the reason? */
bool gopt_sat_failed(gopt_sat *s, int lit);

/* A wall-clock deadline from now for all later solves (seconds <= 0: none). */
void gopt_sat_set_time_limit(gopt_sat *s, double seconds);
/* Sets one of CaDiCaL's options by its command-line name (before adding clauses), e.g.
 * "stabilizeonly" 1 and "elimreleff" 10 for its `--sat` configuration, which suits
 * satisfiable instances. False when CaDiCaL does not take the value (an unknown name, one
 * out of range, or clauses added already). */
bool gopt_sat_set_option(gopt_sat *s, const char *name, int value);
/* The current value of an option (0 for an unknown name). */
int gopt_sat_get_option(gopt_sat *s, const char *name);
/* A conflict budget for the next solve only (< 0: none). */
void gopt_sat_set_conflict_limit(gopt_sat *s, int conflicts);

/* Enumerates models that differ on the projection `vars` (positive variables), blocking each
 * found model with a clause over them. Calls on_model (when non-NULL) for each; it returns
 * false to stop early. Returns the number found; *complete tells whether the search ended by
 * proving there are no more (false after `max` models, a stop, or a limit). The blocking
 * clauses stay in the solver. */
long gopt_sat_enumerate(gopt_sat *s, const int *vars, int n, long max,
                        bool (*on_model)(void *user, gopt_sat *s), void *user, bool *complete);

gopt_sat_stats gopt_sat_get_stats(const gopt_sat *s);
/* Adds vars, clauses, solves and conflicts to the counters. */
void gopt_sat_add_counters(const gopt_sat *s, gopt_counters *c);

#endif
