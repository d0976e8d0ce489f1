/* The portfolio on two threads (`--threads 2` with one puzzle): the search side (sweeps,
 * route and fill, the router and the path search) on the calling thread, SAT on a second
 * one, side by side; the first to decide (a solution, or a proof that there is none) wins
 * and the other is stopped. Boards SAT proves by propagation are answered in milliseconds
 * whatever the search would have spent, and boards the search solves lose nothing to SAT's
 * model but the second core.
 *
 * The SAT thread runs under a solve context of its own (stop.h) whose cancel token is the
 * race's flag, with the solve's deadline and memory budget: a won race, the time limit and
 * Ctrl-C stop it like any solve. The search side polls the flag where it polls the clock;
 * when the caller's own token stops the search side, it raises the flag for SAT too. */
#include <pthread.h>
#include <string.h>

#include "gameopt/stop.h"
#include "internal.h"

typedef struct sat_side {
    flow_run run;
    gopt_answer answer;
    gopt_status status;
    gopt_solve_ctx ctx;
    atomic_int *flag, *winner;
} sat_side;

static bool decided(gopt_status st) { return st == GOPT_SOLVED || st == GOPT_INFEASIBLE || st == GOPT_ERROR; }

static void *sat_thread(void *arg) {
    sat_side *t = arg;
    gopt_solve_ctx *previous = gopt_ctx_enter(&t->ctx);
    t->status = flow_solve_sat(&t->run);
    int none = 0;
    if (decided(t->status) && atomic_compare_exchange_strong(t->winner, &none, 2)) atomic_store(t->flag, 1);
    gopt_ctx_enter(previous);
    return NULL;
}

/* Moves the winner's answer into a; the loser's solution is dropped, its work counted. */
static void take(gopt_answer *a, gopt_answer *from, gopt_answer *other) {
    a->solution = from->solution;
    a->solutions = from->solutions;
    a->complete = from->complete;
    a->method = from->method;
    memcpy(a->note, from->note, sizeof a->note);
    gopt_counters_merge(&a->counters, &from->counters);
    gopt_counters_merge(&a->counters, &other->counters);
    gopt_flow_solution_free(other->solution);
    other->solution = NULL;
}

gopt_status flow_race(flow_run *r, gopt_status (*search)(flow_run *r, void *user), void *user) {
    atomic_int flag = 0, winner = 0;
    sat_side t = {.run = *r, .flag = &flag, .winner = &winner};
    t.run.a = &t.answer;
    gopt_solve_ctx *parent = gopt_ctx_current();
    gopt_ctx_init(&t.ctx, 0, &flag, parent ? parent->budget : NULL);
    t.ctx.deadline = r->deadline > 0 ? r->deadline : parent ? parent->deadline : 0;
    pthread_t thread;
    bool two = pthread_create(&thread, NULL, sat_thread, &t) == 0;
    if (!two) return search(r, user); /* no second thread: the search side alone */

    flow_run mine = *r;
    gopt_answer ours = {0};
    mine.a = &ours;
    mine.race = &flag;
    gopt_status st = search(&mine, user);
    int none = 0;
    if (decided(st) && atomic_compare_exchange_strong(&winner, &none, 1)) atomic_store(&flag, 1);
    /* Stopped from outside (time, Ctrl-C, a cancelled request): SAT stops too. Otherwise
     * the search side has spent its budget without deciding, and SAT goes on alone. */
    if (gopt_stop_check() != GOPT_GO || (r->deadline > 0 && gopt_now() > r->deadline)) atomic_store(&flag, 1);
    pthread_join(thread, NULL);

    if (atomic_load(&winner) == 2) {
        take(r->a, &t.answer, &ours);
        return t.status;
    }
    if (atomic_load(&winner) == 1 || !decided(t.status)) { /* ours, or nobody's: the search side's note */
        take(r->a, &ours, &t.answer);
        if (!decided(st) && t.answer.note[0] && !ours.note[0]) memcpy(r->a->note, t.answer.note, sizeof r->a->note);
        return st;
    }
    take(r->a, &t.answer, &ours);
    return t.status;
}
