/* One CBC solve in a child process, so that a limit can stop it at any moment.
 *
 * Why: CBC looks at its time limit between the steps of branch and bound, but not inside the
 * root LP (Clp's dual simplex and its factorisations), which took 1.5 s of a 0.5 s limit in
 * the taxis ideal MIP (issue 16), and the C interface has no way to abort a solve from outside
 * (no cancel callback; its message callback cannot stop it). A child process can be killed:
 * the parent waits with a deadline, looking at the solve's stop check (Ctrl-C, the web
 * server's per-request cancel token, the solve context's deadline) and at the child's memory
 * (charged to the solve's budget as it grows), kills the child when one of them says stop,
 * and reports a limit with no solution. Killing it also frees everything CBC held: nothing
 * leaks, in the CLI or in `gameopt serve`'s threads.
 *
 * CBC still gets its own limit (a little shorter than ours), so that it normally stops by
 * itself and hands back the solution it has; the kill is for when it overruns. */
#ifndef GAMEOPT_ENGINES_CBC_CHILD_H
#define GAMEOPT_ENGINES_CBC_CHILD_H

#include <stddef.h>
#include <stdint.h>

#include "gameopt/mip.h"

typedef struct cbc_outcome {
    gopt_mip_result result;
    double objective;
    int64_t nodes;
    double *values; /* ncols values (malloc'd) with a solution, else NULL */
    double bound;   /* CBC's best possible objective (a proven bound); NAN when unknown */
} cbc_outcome;

/* Solves the model with CBC in this process; cbc_seconds is CBC's own time limit (0: none). */
typedef void cbc_solve_fn(const void *model, double cbc_seconds, cbc_outcome *out);

/* Runs solve(model, ...) in a child process and fills out. seconds: the time allowed from now
 * (<= 0: none beyond the solve context's). A stop (time, signal, cancel, memory) before the
 * child answers gives GOPT_MIP_LIMIT with no values, and the reason is noted on the current
 * solve (gopt_stop_note). When no child can be made (fork fails), solves in this process. */
void gopt_cbc_run(cbc_solve_fn *solve, const void *model, size_t ncols, double seconds, cbc_outcome *out);

#endif
