/* Runs a method and turns what it found into an answer: how many loops, whether the count
 * is exact, and the status that honestly says which question was answered. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

gopt_status gopt_country_solve(const gopt_country_puzzle *p, const gopt_country_solve_options *o, gopt_answer *a) {
    const char *method = o->method ? o->method : "sat";
    if (strcmp(method, "sat") != 0 && strcmp(method, "mip") != 0) {
        /* a wrong name is the caller's error, never a quiet switch to another method */
        snprintf(a->note, sizeof a->note, "country: unknown method '%s' (sat, mip)", method);
        return a->status = GOPT_BAD_INPUT;
    }
    int n = gopt_grid_cells(p->size);
    country_run run = {.p = p, .count = o->count > 0 ? o->count : 1, .time_limit = o->time_limit};
    run.first = gopt_calloc((size_t)n + 1, 1);
    if (strcmp(method, "mip") == 0) {
        a->method = "mip";
        country_solve_mip(&run);
    } else {
        a->method = "sat";
        country_solve_sat(&run);
    }
    a->solutions = run.found;
    a->complete = run.complete;
    gopt_counters_merge(&a->counters, &run.counters);
    gopt_counter_add(&a->counters, "rounds", run.rounds);
    gopt_counter_add(&a->counters, "cuts", run.cuts);
    gopt_counter_add(&a->counters, "room_cuts", run.room_cuts);
    gopt_country_stats *stats = gopt_calloc(1, sizeof *stats);
    *stats = (gopt_country_stats){run.rounds, run.cuts, run.room_cuts};
    a->extra = stats;
    if (run.found > 0) {
        gopt_country_solution *loop = gopt_country_solution_new(n);
        memcpy(loop->dirs, run.first, (size_t)n);
        loop->length = country_loop_length(loop->dirs, n);
        a->solution = loop;
    }
    free(run.first);
    if (run.found > 0 && (run.found >= run.count || run.complete)) return a->status = GOPT_SOLVED;
    if (run.found == 0 && run.complete) {
        snprintf(a->note, sizeof a->note, "no loop satisfies the rules");
        return a->status = GOPT_INFEASIBLE;
    }
    if (run.found > 0)
        snprintf(a->note, sizeof a->note, "%ld loop%s found; a limit stopped the search for more", run.found,
                 run.found == 1 ? "" : "s");
    else
        snprintf(a->note, sizeof a->note, "a limit stopped the search before any loop was found");
    return a->status = GOPT_LIMIT;
}
