/* Memory budgets: --memory-limit as users read it, a bound on the whole process, kept by
 * accounting for every large allocation (closed sets, models, paths) instead of by watching
 * the process's resident size, which threads share and which never shrinks.
 *
 * How the process and the puzzles relate:
 *   - One process budget P (--memory-limit MB; none without it), set once by the command line.
 *   - Each solve has its own account with a limit of its own. The batch drivers give each of
 *     the N puzzles that run at once (--threads N) an equal share, P / N, so the accounts sum
 *     to at most P and no puzzle's model can stop another: every puzzle's outcome is the same
 *     whatever runs beside it (and however the batch is sharded). With one thread a puzzle
 *     may use all of P.
 *   - A charge fails when it would take the puzzle's account beyond its limit, or the
 *     process's total beyond P (the process counts charges made outside any solve too, e.g.
 *     an experiment's tables). A failed charge takes nothing; the caller stops that solve
 *     with what it knows (exit 3, the bounds found), and gopt_stop_check() then reports
 *     GOPT_STOP_MEMORY for the solve.
 * Charges are in bytes and are estimates of what the structure holds (element size x
 * capacity); the libraries' own memory (CaDiCaL's learned clauses, CBC) is not seen here:
 * engines estimate it from their model and check again as it grows. */
#ifndef GAMEOPT_BUDGET_H
#define GAMEOPT_BUDGET_H

#include <stdbool.h>
#include <stddef.h>

#include "gameopt/stop.h"

/* The process budget in MB (0: none). Call once, before any solve. */
void gopt_budget_set_process(double mb);
double gopt_budget_process_mb(void);
/* Bytes charged in the whole process now, and at most so far. */
size_t gopt_budget_process_used(void);

/* One solve's account, limited to mb (0: only the process budget applies). */
gopt_budget *gopt_budget_new(double mb);
/* Returns to the process whatever the account still holds, and frees it. */
void gopt_budget_free(gopt_budget *b);
/* Takes bytes from b (NULL: the current solve's account, or the process alone when no solve
 * is current). False, taking nothing, when b's limit or the process's would be exceeded; the
 * current solve is then marked stopped for memory. Thread-safe. */
bool gopt_budget_charge(gopt_budget *b, size_t bytes);
/* Gives back bytes charged earlier. */
void gopt_budget_release(gopt_budget *b, size_t bytes);
/* An account's limit in bytes (0: none), its use now, and its peak. */
size_t gopt_budget_used(const gopt_budget *b);
size_t gopt_budget_peak(const gopt_budget *b);
/* The bytes the current solve may still charge (SIZE_MAX without any limit): for methods
 * that size a structure once (a closed set, a hash table) instead of growing it. */
size_t gopt_budget_available(void);

/* The share of the process budget for one of `threads` puzzles running at once, in MB
 * (0 when there is no process budget): what batch drivers put in each solve's options. */
double gopt_budget_share_mb(int threads);

#endif
