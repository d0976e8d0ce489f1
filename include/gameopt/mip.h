/* The MIP engine: CBC through its C interface (coin/Cbc_C_Interface.h). We keep the model
 * ourselves (columns, rows, objective) and hand CBC a fresh copy for each solve, because a
 * Cbc_Model is not meant to be solved twice; this is what lets the lazy-cut loop add rows
 * and re-solve. The same model can be written as a CPLEX-LP file for any other solver. */
#ifndef GAMEOPT_MIP_H
#define GAMEOPT_MIP_H

#include <stdbool.h>
#include <stdint.h>
#include "gameopt/error.h"
#include "gameopt/timer.h"

typedef struct gopt_mip gopt_mip;

typedef enum gopt_mip_kind { GOPT_MIP_BINARY, GOPT_MIP_INTEGER, GOPT_MIP_CONTINUOUS } gopt_mip_kind;

typedef enum gopt_mip_result {
    GOPT_MIP_OPTIMAL,    /* proven optimal (or feasible, for a model without objective) */
    GOPT_MIP_INFEASIBLE, /* proven infeasible */
    GOPT_MIP_FEASIBLE,   /* a limit stopped it with a solution in hand, not proven optimal */
    GOPT_MIP_LIMIT,      /* a limit stopped it with no solution */
    GOPT_MIP_UNBOUNDED,
    GOPT_MIP_ERROR,
} gopt_mip_result;

/* The name appears in LP files; NULL gives "gameopt". */
gopt_mip *gopt_mip_new(const char *name);
void gopt_mip_free(gopt_mip *m);

/* Adds a column; returns its index. name may be NULL ("x<index>"); names are made LP-safe. */
int gopt_mip_col(gopt_mip *m, const char *name, gopt_mip_kind kind, double lb, double ub, double obj);
/* Adds sum coef[i] * x[col[i]] (sense) rhs, sense one of '<' (<=), '>' (>=), '='. Returns the row index. */
int gopt_mip_row(gopt_mip *m, const char *name, int n, const int *col, const double *coef, char sense, double rhs);
void gopt_mip_maximize(gopt_mip *m, bool maximize);
int gopt_mip_num_cols(const gopt_mip *m);
int gopt_mip_num_rows(const gopt_mip *m);

void gopt_mip_set_time_limit(gopt_mip *m, double seconds);
void gopt_mip_set_threads(gopt_mip *m, int threads);
/* Passes one of CBC's parameters on every solve, named as on CBC's command line (for example
 * "cuts" "off", "strong" "0", "heuristics" "off"): models whose LP relaxation is weak can
 * branch much faster without cut generation. LP files are not affected. Up to 16 options
 * (a 17th fails its contract); setting a name again replaces its value. */
void gopt_mip_set_option(gopt_mip *m, const char *name, const char *value);

gopt_mip_result gopt_mip_solve(gopt_mip *m);
double gopt_mip_objective(const gopt_mip *m);
/* CBC's best possible objective in the last solve: a proven bound on the optimum (for a
 * maximisation, an upper bound), also when a limit stopped it; NAN when CBC gave none (it
 * was stopped from outside before answering). */
double gopt_mip_bound(const gopt_mip *m);
/* An initial solution (values of all columns added so far) handed to CBC on every solve,
 * so it starts with that incumbent; NULL removes it. */
void gopt_mip_set_start(gopt_mip *m, const double *values);
/* Column values of the last solution (NULL when there is none). */
const double *gopt_mip_values(const gopt_mip *m);
double gopt_mip_value(const gopt_mip *m, int col);
/* value > 0.5, for binary columns */
bool gopt_mip_bool(const gopt_mip *m, int col);

/* The model in CPLEX-LP format (readable by CBC, GLPK, CPLEX, Gurobi, HiGHS, SCIP); the
 * caller frees the text. */
char *gopt_mip_lp_text(const gopt_mip *m);
/* Why the last solve ended in GOPT_MIP_ERROR ("" when it did not or no reason is known). */
const char *gopt_mip_why(const gopt_mip *m);

/* Adds "mip_solves", "mip_nodes" to the counters. */
void gopt_mip_add_counters(const gopt_mip *m, gopt_counters *c);

#endif
