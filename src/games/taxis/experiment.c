/* Experiments over many settings (the paper's §5): every player on settings [begin, end) of a
 * seed's sequence, and the two-player tournament. Work is cut into chunks that threads take
 * in any order; setting i and its random stream depend only on (seed, i), and the tallies
 * are integer sums, so the results are the same for every thread count. */
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/stop.h"
#include "games/taxis/internal.h"
#include "gameopt/progress.h"
#include "gameopt/timer.h"

/* Settings per chunk: large enough that timing a chunk costs nothing measurable. */
#define CHUNK 128

static int play_heuristic(const void *ctx, void *work, const gopt_taxis_graph *g, const gopt_taxis_setting *s,
                          gopt_rng *rng, int *path) {
    (void)work;
    gopt_taxis_heuristic h = *(const gopt_taxis_heuristic *)ctx;
    if (!path) return gopt_taxis_play(g, s, h, rng, NULL);
    gopt_taxis_move moves[GOPT_TAXIS_MAX_NODES];
    int len = gopt_taxis_play(g, s, h, rng, moves);
    gopt_taxis_path_of_moves(moves, len, path);
    return len;
}

gopt_taxis_player gopt_taxis_heuristic_player(const gopt_taxis_heuristic *h, char *name_buf, size_t size) {
    const char *name = gopt_taxis_heuristic_name(*h, name_buf, size);
    if (h->mc) /* mc with a CPU budget per move may play a setting differently the next time */
        return (gopt_taxis_player){name, NULL, NULL, play_heuristic, h, NULL, NULL, h->mc->budget > 0, h->reading};
    return (gopt_taxis_player){name, gopt_taxis_start_name(h->start), gopt_taxis_extension_name(h->extension),
                               play_heuristic, h, NULL, NULL, false, h->reading};
}

double gopt_taxis_tally_mean(const gopt_taxis_tally *t) { return t->games ? (double)t->sum / (double)t->games : 0; }

double gopt_taxis_tally_stderr(const gopt_taxis_tally *t) {
    if (t->games < 2) return 0;
    double n = (double)t->games, mean = (double)t->sum / n;
    double var = ((double)t->sum_sq - n * mean * mean) / (n - 1);
    return var > 0 ? sqrt(var / n) : 0;
}

double gopt_taxis_tally_diff_mean(const gopt_taxis_tally *t) {
    return t->games ? (double)t->dsum / (double)t->games : 0;
}

double gopt_taxis_tally_diff_stderr(const gopt_taxis_tally *t) {
    if (t->games < 2) return 0;
    double n = (double)t->games, mean = (double)t->dsum / n;
    double var = ((double)t->dsum_sq - n * mean * mean) / (n - 1);
    return var > 0 ? sqrt(var / n) : 0;
}

double gopt_taxis_tally_us_per_game(const gopt_taxis_tally *t) {
    return t->games ? 1e6 * t->cpu_seconds / (double)t->games : 0;
}

/* A thread's chunk of dealt settings with the streams that continue after each deal, and room
 * for checking: the lengths played, a path, a duel's moves. */
typedef struct chunk {
    int count;
    gopt_taxis_setting *settings[CHUNK];
    gopt_rng rng[CHUNK];
    int length[CHUNK];
    int first[CHUNK]; /* the first player's lengths, for the paired differences */
    int *path;
    gopt_taxis_duel_move *moves;
} chunk;

static chunk *chunk_new(const gopt_taxis_graph *g, const gopt_taxis_run *run) {
    chunk *c = gopt_calloc(1, sizeof *c);
    for (int k = 0; k < CHUNK; k++) c->settings[k] = gopt_taxis_setting_new(g->n, run->c, run->dups);
    c->path = gopt_malloc((size_t)g->n * sizeof *c->path);
    c->moves = gopt_malloc((size_t)(2 * g->n + 2) * sizeof *c->moves);
    return c;
}

static void chunk_free(chunk *c) {
    for (int k = 0; k < CHUNK; k++) gopt_taxis_setting_free(c->settings[k]);
    free(c->path);
    free(c->moves);
    free(c);
}

/* Deals chunk number `index` of the run; returns the index of its first setting. */
static int64_t chunk_deal(chunk *c, const gopt_taxis_run *run, int64_t index) {
    int64_t first = run->begin + index * CHUNK;
    c->count = (int)(run->end - first < CHUNK ? run->end - first : CHUNK);
    for (int k = 0; k < c->count; k++)
        gopt_taxis_deal_indexed(c->settings[k], run->seed, (uint64_t)(first + k), &c->rng[k]);
    return first;
}

static int64_t chunk_count(const gopt_taxis_run *run) { return (run->end - run->begin + CHUNK - 1) / CHUNK; }

static void tally_add(gopt_taxis_tally *dst, const gopt_taxis_tally *src, int n) {
    dst->games += src->games;
    dst->sum += src->sum;
    dst->sum_sq += src->sum_sq;
    dst->cpu_seconds += src->cpu_seconds;
    dst->failed += src->failed;
    dst->dsum += src->dsum;
    dst->dsum_sq += src->dsum_sq;
    if (dst->hist)
        for (int l = 0; l <= n; l++) dst->hist[l] += src->hist[l];
}

/* Plays every game of the chunk again, untimed, with its path, and checks it. */
static void chunk_verify(chunk *c, const gopt_taxis_graph *g, const gopt_taxis_player *player, void *work,
                         gopt_taxis_tally *tally, gopt_taxis_reading reading) {
    char why[256];
    for (int k = 0; k < c->count; k++) {
        gopt_rng rng = c->rng[k];
        int len = player->play(player->ctx, work, g, c->settings[k], &rng, c->path);
        if (len != c->length[k] || !gopt_taxis_check_path_read(g, c->settings[k], reading, c->path, len, true, why, sizeof why))
            tally->failed++;
    }
}

/* Copies tallies (and their histograms) from src to dst, so a chunk can be taken back. */
static void tallies_save(gopt_taxis_tally *dst, const gopt_taxis_tally *src, int nplayers, int n) {
    for (int p = 0; p < nplayers; p++) {
        int64_t *hist = dst[p].hist;
        if (src[p].hist && !hist) hist = gopt_calloc((size_t)n + 1, sizeof *hist);
        dst[p] = src[p];
        dst[p].hist = hist;
        if (src[p].hist) memcpy(hist, src[p].hist, ((size_t)n + 1) * sizeof *hist);
    }
}

/* Plays one chunk with one player, adding into its tally. A player that cannot repeat a game
 * records its paths in the timed run, and those are checked. */
static void chunk_play(chunk *c, const gopt_taxis_graph *g, const gopt_taxis_player *player, bool first_player,
                       void *work, gopt_taxis_tally *tally, int *lengths, int stride, bool verify,
                       gopt_taxis_reading reading) {
    bool inline_check = verify && player->unrepeatable;
    char why[256];
    double started = gopt_thread_cpu_seconds();
    for (int k = 0; k < c->count; k++) {
        if (gopt_stop_check() != GOPT_GO) return; /* the caller drops a chunk a stop cut short */
        gopt_rng rng = c->rng[k];
        int len = c->length[k] = player->play(player->ctx, work, g, c->settings[k], &rng, inline_check ? c->path : NULL);
        if (inline_check && !gopt_taxis_check_path_read(g, c->settings[k], reading, c->path, len, true, why, sizeof why))
            tally->failed++;
        tally->games++;
        tally->sum += len;
        tally->sum_sq += (int64_t)len * len;
        if (first_player) c->first[k] = len;
        int64_t diff = len - c->first[k];
        tally->dsum += diff;
        tally->dsum_sq += diff * diff;
        if (tally->hist) tally->hist[len]++;
        if (lengths) lengths[(size_t)k * (size_t)stride] = len;
    }
    tally->cpu_seconds += gopt_thread_cpu_seconds() - started;
    if (verify && !inline_check) chunk_verify(c, g, player, work, tally, reading);
}

/* One thread's share of an experiment (the chunks are shared out when a team runs it). */
static void experiment_share(const gopt_taxis_graph *g, const gopt_taxis_run *run, const gopt_taxis_player *players,
                             int nplayers, gopt_taxis_tally *tallies, int64_t chunks, gopt_progress *bar,
                             gopt_solve_ctx *limits) {
    gopt_solve_ctx *outer = gopt_ctx_enter(limits); /* the engines look too */
    chunk *c = chunk_new(g, run);
    gopt_taxis_tally *local = gopt_calloc((size_t)nplayers, sizeof *local);
    gopt_taxis_tally *saved = gopt_calloc((size_t)nplayers, sizeof *saved);
    void **work = gopt_calloc((size_t)nplayers, sizeof *work);
    for (int p = 0; p < nplayers; p++) {
        if (tallies[p].hist) local[p].hist = gopt_calloc((size_t)g->n + 1, sizeof *local[p].hist);
        if (players[p].work_new) work[p] = players[p].work_new(players[p].ctx, g);
    }
#pragma omp for schedule(dynamic, 1)
    for (int64_t index = 0; index < chunks; index++) {
        if (gopt_stop_check_ctx(limits) != GOPT_GO) continue; /* Ctrl-C or the time limit: the tallies so far stand */
        int64_t first = chunk_deal(c, run, index);
        /* A stop inside a chunk may cut a game short: such a chunk is not counted at all. */
        tallies_save(saved, local, nplayers, g->n);
        for (int p = 0; p < nplayers && gopt_stop_check_ctx(limits) == GOPT_GO; p++) { /* a stop drops the chunk */
            int *lengths = run->lengths ? run->lengths + (size_t)(first - run->begin) * (size_t)nplayers + p : NULL;
            chunk_play(c, g, &players[p], p == 0, work[p], &local[p], lengths, nplayers, run->verify,
                       players[p].reading ? *players[p].reading : (gopt_taxis_reading){0});
        }
        if (gopt_stop_check_ctx(limits) != GOPT_GO) tallies_save(local, saved, nplayers, g->n);
        gopt_progress_add(bar, c->count);
    }
#pragma omp critical(taxis_experiment)
    for (int p = 0; p < nplayers; p++) tally_add(&tallies[p], &local[p], g->n);
    for (int p = 0; p < nplayers; p++) {
        free(local[p].hist);
        if (players[p].work_free) players[p].work_free(work[p]);
    }
    for (int p = 0; p < nplayers; p++) free(saved[p].hist);
    free(saved);
    free(work);
    free(local);
    chunk_free(c);
    gopt_ctx_enter(outer);
}

void gopt_taxis_experiment(const gopt_taxis_graph *g, const gopt_taxis_run *run, const gopt_taxis_player *players,
                           int nplayers, gopt_taxis_tally *tallies) {
    int64_t chunks = chunk_count(run);
    gopt_progress *bar = gopt_progress_start(run->progress, run->label ? run->label : "taxis", run->end - run->begin);
    gopt_solve_ctx *limits = gopt_ctx_current(); /* the caller's time limit, for every thread */
    /* a parallel region only for several threads: a server worker that never entered one
     * owns no OpenMP state when it ends */
    if (run->threads > 1) {
#pragma omp parallel num_threads(run->threads)
        experiment_share(g, run, players, nplayers, tallies, chunks, bar, limits);
    } else {
        experiment_share(g, run, players, nplayers, tallies, chunks, bar, limits);
    }
    gopt_progress_finish(bar);
}

/* One duel of the tournament, checked with verify. */
static gopt_taxis_outcome duel(chunk *c, int k, const gopt_taxis_graph *g, const gopt_taxis_heuristic pair[2],
                                gopt_taxis_reading r, bool verify, gopt_taxis_match *m) {
    gopt_rng rng = c->rng[k];
    int length[2], nmoves;
    gopt_taxis_duel_move *moves = verify ? c->moves : NULL;
    gopt_taxis_outcome o = gopt_taxis_duel_read(g, c->settings[k], pair, r, &rng, moves, &nmoves, length);
    char why[256];
    if (verify && !gopt_taxis_check_duel_read(g, c->settings[k], r, moves, nmoves, o, length, why, sizeof why))
        m->failed++;
    m->games++;
    m->first_wins += o == GOPT_TAXIS_FIRST_WINS;
    m->second_wins += o == GOPT_TAXIS_SECOND_WINS;
    m->ties += o == GOPT_TAXIS_TIE;
    return o;
}

/* Adds a finished chunk's outcomes (outcome[cell * CHUNK + k]) into the joint counts of every
 * two cells: the same setting k is played in every cell, so the cells pair up setting by setting. */
static void joint_add(int64_t *joint, const uint8_t *outcome, size_t cells, int count) {
    for (int k = 0; k < count; k++)
        for (size_t a = 0; a < cells; a++) {
            uint8_t oa = outcome[a * CHUNK + (size_t)k];
            if (oa == GOPT_TAXIS_TIE) continue;
            for (size_t b = 0; b < cells; b++) {
                uint8_t ob = outcome[b * CHUNK + (size_t)k];
                if (ob != GOPT_TAXIS_TIE)
                    joint[GOPT_TAXIS_JOINT(cells, a, oa == GOPT_TAXIS_SECOND_WINS, b, ob == GOPT_TAXIS_SECOND_WINS)]++;
            }
        }
}

void gopt_taxis_tournament(const gopt_taxis_graph *g, const gopt_taxis_run *run, const gopt_taxis_heuristic *hs,
                           int nh, gopt_taxis_match *matches) {
    gopt_taxis_tournament_read(g, run, (gopt_taxis_reading){0}, hs, nh, matches);
}

/* One thread's share of a tournament (the chunks are shared out when a team runs it). */
static void tournament_share(const gopt_taxis_graph *g, const gopt_taxis_run *run, gopt_taxis_reading r,
                             const gopt_taxis_heuristic *hs, int nh, gopt_taxis_match *matches, int64_t *shared_joint,
                             int64_t chunks, size_t cells, gopt_progress *bar, gopt_solve_ctx *limits) {
    gopt_solve_ctx *outer = gopt_ctx_enter(limits);
    chunk *c = chunk_new(g, run);
    gopt_taxis_match *local = gopt_calloc(cells, sizeof *local), *saved = gopt_calloc(cells, sizeof *saved);
    size_t njoint = shared_joint ? cells * cells * 4 : 0;
    int64_t *joint = njoint ? gopt_calloc(njoint, sizeof *joint) : NULL;
    uint8_t *outcome = njoint ? gopt_malloc(cells * CHUNK) : NULL;
#pragma omp for schedule(dynamic, 1)
    for (int64_t index = 0; index < chunks; index++) {
        if (gopt_stop_check_ctx(limits) != GOPT_GO) continue;
        chunk_deal(c, run, index);
        memcpy(saved, local, cells * sizeof *local); /* taken back if a stop cuts the chunk */
        /* A stop drops the chunk, so no duel after it is played: each would still run its
         * searches up to their next look at the stop (--time-limit overran by 0.2 s). */
        for (size_t cell = 0; cell < cells && gopt_stop_check_ctx(limits) == GOPT_GO; cell++) {
            gopt_taxis_heuristic pair[2] = {hs[cell / (size_t)nh], hs[cell % (size_t)nh]};
            for (int k = 0; k < c->count && gopt_stop_check_ctx(limits) == GOPT_GO; k++) {
                gopt_taxis_outcome o = duel(c, k, g, pair, r, run->verify, &local[cell]);
                if (outcome) outcome[cell * CHUNK + (size_t)k] = (uint8_t)o;
            }
        }
        if (gopt_stop_check_ctx(limits) != GOPT_GO) memcpy(local, saved, cells * sizeof *local);
        else if (joint) joint_add(joint, outcome, cells, c->count);
        gopt_progress_add(bar, c->count);
    }
#pragma omp critical(taxis_tournament)
    for (size_t cell = 0; cell < cells; cell++) {
        matches[cell].games += local[cell].games;
        matches[cell].first_wins += local[cell].first_wins;
        matches[cell].second_wins += local[cell].second_wins;
        matches[cell].ties += local[cell].ties;
        matches[cell].failed += local[cell].failed;
    }
#pragma omp critical(taxis_tournament)
    for (size_t k = 0; k < njoint; k++) shared_joint[k] += joint[k];
    free(joint);
    free(outcome);
    free(local);
    free(saved);
    chunk_free(c);
    gopt_ctx_enter(outer);
}

void gopt_taxis_tournament_read(const gopt_taxis_graph *g, const gopt_taxis_run *run, gopt_taxis_reading r,
                                const gopt_taxis_heuristic *hs, int nh, gopt_taxis_match *matches) {
    gopt_taxis_tournament_joint(g, run, r, hs, nh, matches, NULL);
}

void gopt_taxis_tournament_joint(const gopt_taxis_graph *g, const gopt_taxis_run *run, gopt_taxis_reading r,
                                 const gopt_taxis_heuristic *hs, int nh, gopt_taxis_match *matches, int64_t *joint) {
    int64_t chunks = chunk_count(run);
    size_t cells = (size_t)nh * (size_t)nh;
    gopt_progress *bar = gopt_progress_start(run->progress, run->label ? run->label : "taxis", run->end - run->begin);
    gopt_solve_ctx *limits = gopt_ctx_current();
    if (run->threads > 1) { /* as in gopt_taxis_experiment */
#pragma omp parallel num_threads(run->threads)
        tournament_share(g, run, r, hs, nh, matches, joint, chunks, cells, bar, limits);
    } else {
        tournament_share(g, run, r, hs, nh, matches, joint, chunks, cells, bar, limits);
    }
    gopt_progress_finish(bar);
}
