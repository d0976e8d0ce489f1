/* The ideal path of a setting (paper §4.1): the public entry points, which pick the exact
 * search built for the graph's mask width or the integer program. */
#include <string.h>

#include "games/taxis/internal.h"
#include "gameopt/timer.h"

/* The search remembers up to 4 * 2^MEMO_BITS states per setting (16 bytes each on graphs
 * of at most 64 nodes). */
#define MEMO_BITS 14
#define MEMO_BITS_WIDE 12

struct gopt_taxis_solver {
    const gopt_taxis_graph *g;
    void *search;
};

static const char *const method_names[] = {"search", "mip"};
static const char *const mip_start_names[] = {"search", "heuristics"};

const char *gopt_taxis_mip_start_name(gopt_taxis_mip_start s) { return mip_start_names[s]; }

bool gopt_taxis_mip_start_parse(const char *text, gopt_taxis_mip_start *s) {
    for (int k = 0; k < 2; k++)
        if (strcmp(text, mip_start_names[k]) == 0) return *s = (gopt_taxis_mip_start)k, true;
    return false;
}

const char *gopt_taxis_method_name(gopt_taxis_method m) { return method_names[m]; }

bool gopt_taxis_method_parse(const char *text, gopt_taxis_method *m) {
    for (int k = 0; k < 2; k++)
        if (strcmp(text, method_names[k]) == 0) return *m = (gopt_taxis_method)k, true;
    return false;
}

gopt_taxis_solver *gopt_taxis_solver_new(const gopt_taxis_graph *g) {
    gopt_taxis_solver *w = gopt_malloc(sizeof *w);
    w->g = g;
    w->search = g->words == 1 ? taxis_search_new_64(g, MEMO_BITS) : taxis_search_new_wide(g, MEMO_BITS_WIDE);
    return w;
}

void gopt_taxis_solver_free(gopt_taxis_solver *w) {
    if (!w) return;
    if (w->g->words == 1) taxis_search_free_64(w->search);
    else taxis_search_free_wide(w->search);
    free(w);
}

/* The integer program, started from the search's path unless told otherwise. The search gets
 * the same time limit (it needs microseconds to milliseconds); its work is not counted. */
static gopt_status mip_run(gopt_taxis_solver *w, const gopt_taxis_setting *s, const gopt_taxis_ideal_options *o,
                           gopt_taxis_move *moves, gopt_taxis_ideal *result) {
    gopt_taxis_move known[GOPT_TAXIS_MAX_NODES];
    int known_len = 0;
    if (o->mip_start == GOPT_TAXIS_MIP_START_SEARCH) {
        gopt_taxis_ideal found;
        memset(&found, 0, sizeof found);
        gopt_status st = w->g->words == 1 ? taxis_search_run_64(w->search, s, o->time_limit, known, &found)
                                          : taxis_search_run_wide(w->search, s, o->time_limit, known, &found);
        known_len = st == GOPT_SOLVED || st == GOPT_LIMIT ? found.length : 0;
    }
    return taxis_mip_run(w->g, s, o, known, known_len, moves, result);
}

gopt_status gopt_taxis_ideal_solve(gopt_taxis_solver *w, const gopt_taxis_setting *s, const gopt_taxis_ideal_options *o,
                                   gopt_taxis_move *moves, gopt_taxis_ideal *result) {
    memset(result, 0, sizeof *result);
    gopt_stopwatch watch = gopt_stopwatch_start();
    const gopt_taxis_graph *g = w->g;
    if (o->method == GOPT_TAXIS_MIP) result->status = mip_run(w, s, o, moves, result);
    else if (g->words == 1) result->status = taxis_search_run_64(w->search, s, o->time_limit, moves, result);
    else result->status = taxis_search_run_wide(w->search, s, o->time_limit, moves, result);
    result->seconds = gopt_stopwatch_read(&watch, &result->cpu_seconds);
    return result->status;
}

/* One thread's share of gopt_taxis_ideal_many (the loop is shared out when a team runs it). */
static void ideal_share(const gopt_taxis_graph *g, gopt_taxis_setting *const *settings, int count,
                        const gopt_taxis_ideal_options *o, gopt_taxis_move *moves, gopt_taxis_ideal *results) {
    gopt_taxis_solver *w = gopt_taxis_solver_new(g);
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < count; i++)
        gopt_taxis_ideal_solve(w, settings[i], o, moves + (size_t)i * (size_t)g->n, &results[i]);
    gopt_taxis_solver_free(w);
}

void gopt_taxis_ideal_many(const gopt_taxis_graph *g, gopt_taxis_setting *const *settings, int count,
                           const gopt_taxis_ideal_options *o, int threads, gopt_taxis_move *moves,
                           gopt_taxis_ideal *results) {
    /* a parallel region only for several threads: a server worker that never entered one
     * owns no OpenMP state when it ends */
    if (threads > 1 && count > 1) {
#pragma omp parallel num_threads(threads)
        ideal_share(g, settings, count, o, moves, results);
    } else {
        ideal_share(g, settings, count, o, moves, results);
    }
}

/* ---------------------------------------------------------------- the experiments' player */

static void *ideal_work_new(const void *ctx, const gopt_taxis_graph *g) {
    (void)ctx;
    return gopt_taxis_solver_new(g);
}

static void ideal_work_free(void *work) { gopt_taxis_solver_free(work); }

static int play_ideal(const void *ctx, void *work, const gopt_taxis_graph *g, const gopt_taxis_setting *s, gopt_rng *rng,
                      int *path) {
    (void)ctx, (void)rng;
    gopt_taxis_move moves[GOPT_TAXIS_MAX_NODES];
    gopt_taxis_ideal result;
    gopt_taxis_ideal_options o = {GOPT_TAXIS_SEARCH, 0, 1, GOPT_TAXIS_MIP_START_SEARCH};
    gopt_taxis_ideal_solve(work, s, &o, moves, &result); /* no limit: always solved */
    if (path) gopt_taxis_path_of_moves(moves, result.length, path);
    (void)g;
    return result.length;
}

gopt_taxis_player gopt_taxis_ideal_player(void) {
    return (gopt_taxis_player){"ideal", NULL, NULL, play_ideal, NULL, ideal_work_new, ideal_work_free, false, NULL};
}
