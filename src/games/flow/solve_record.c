/* What every method does with a solution it finds (internal.h, flow_record): the first is the
 * answer (checked by the caller, like every printed answer); each later one, found while
 * counting, is checked here, and the second is kept when asked (to show two solutions). Apart
 * from the portfolio in solve.c so that the methods do not call back into their dispatcher. */
#include <stdio.h>
#include <string.h>

#include "gameopt/require.h"
#include "internal.h"

bool flow_record(flow_run *r, gopt_flow_solution *s) {
    if (!r->a->solution) {
        r->a->solution = s; /* (checked by the caller, like every printed answer) */
        return true;
    }
    /* the methods block each solution before the next: the same one twice would be a wrong count */
    GOPT_ASSERT(memcmp(s->used, ((const gopt_flow_solution *)r->a->solution)->used, (size_t)s->nedges) != 0);
    char why[200];
    bool ok = gopt_flow_check(r->p, s, why, sizeof why);
    if (!ok) snprintf(r->a->note, sizeof r->a->note, "internal error: a counted solution failed the checker: %s", why);
    if (ok && r->keep_second && !r->second) r->second = s;
    else gopt_flow_solution_free(s);
    return ok;
}
