/* Stopping work early, and why: Ctrl-C or SIGTERM (one flag for the process), a per-solve
 * cancel token (the web server cancels one request when its client hangs up), the time limit
 * and the memory budget. Long loops poll gopt_stop_check() every few thousand steps (it costs
 * a clock read); when it says stop they return what they know (bounds, the partial table)
 * and the caller reports GOPT_LIMIT (exit 3) with gopt_stop_text() in the answer's note.
 *
 * The limits of the solve running on a thread live in a gopt_solve_ctx that
 * gopt_game_solve_checked sets up from the options (time limit, cancel token, memory budget)
 * and makes current on its thread; code that spreads one solve over worker threads calls
 * gopt_ctx_enter(parent) on each worker so they see the same limits. */
#ifndef GAMEOPT_STOP_H
#define GAMEOPT_STOP_H

#include <stdatomic.h>
#include <stdbool.h>

typedef enum gopt_stop_reason {
    GOPT_GO = 0,         /* keep going */
    GOPT_STOP_SIGNAL,    /* Ctrl-C (SIGINT) or SIGTERM */
    GOPT_STOP_CANCEL,    /* this solve's cancel token was set */
    GOPT_STOP_TIME,      /* the time limit was reached */
    GOPT_STOP_MEMORY,    /* the memory budget would be exceeded */
} gopt_stop_reason;

/* "interrupted", "cancelled", "time limit reached", "memory limit reached", "" for GOPT_GO. */
const char *gopt_stop_text(gopt_stop_reason r);

/* The same as a short noun for notes such as "(time limit)": "time limit", "memory limit",
 * "interrupted", "cancelled". */
const char *gopt_stop_word(gopt_stop_reason r);

/* ---- the process: signals ---- */
/* SIGINT and SIGTERM set the stop flag (and nothing else: the handler is async-signal-safe).
 * A second signal of either kind ends the process at once with exit 3 (for a user whose
 * first Ctrl-C did not stop something fast enough). */
void gopt_stop_install_signals(void);
/* Whether a stop signal came (the number of the signal, or 0). */
int gopt_stop_signalled(void);
/* Sets or clears the flag as a signal would (tests; a server that shuts down). */
void gopt_stop_raise(int signal_number);
void gopt_stop_reset(void);

typedef struct gopt_budget gopt_budget;

/* ---- one solve: its limits ---- */
typedef struct gopt_solve_ctx {
    double deadline;          /* gopt_now() when time runs out; 0: no limit */
    const atomic_int *cancel; /* non-zero: stop; NULL: no token */
    gopt_budget *budget;      /* the solve's memory account; NULL: none */
    _Atomic int stopped;      /* the first reason seen (sticky), a gopt_stop_reason */
} gopt_solve_ctx;

/* Fills c: deadline = now + seconds (0: none), the token and the budget (both may be NULL). */
void gopt_ctx_init(gopt_solve_ctx *c, double seconds, const atomic_int *cancel, gopt_budget *budget);
/* Makes c the calling thread's current solve (NULL: none); returns the previous one, to be
 * restored with gopt_ctx_enter(previous) when the solve ends. */
gopt_solve_ctx *gopt_ctx_enter(gopt_solve_ctx *c);
gopt_solve_ctx *gopt_ctx_current(void);

/* Why the current solve (or, without one, the process) must stop now; GOPT_GO to go on.
 * Once it said stop it keeps saying so for that solve. */
gopt_stop_reason gopt_stop_check(void);
gopt_stop_reason gopt_stop_check_ctx(gopt_solve_ctx *c);
/* Records a reason found elsewhere (e.g. a failed memory charge, a solver's own time-out) on
 * the current solve; the first one wins. Returns the recorded reason. */
gopt_stop_reason gopt_stop_note(gopt_stop_reason r);
/* Clears the current solve's recorded reason when it is r (and only then): for a method that
 * recovers from it, as flood's A* goes on depth-first after a refused memory charge; a later
 * Ctrl-C or deadline is then seen again. */
void gopt_stop_recovered(gopt_stop_reason r);
/* Seconds left before the current solve's deadline (a large number without one): for
 * engines that take a time limit of their own (CaDiCaL, CBC). */
double gopt_stop_seconds_left(void);

#endif
