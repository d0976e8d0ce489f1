/* The beginning and the end of an HDA* search, where the ranks act together: agreeing on
 * the board and the incumbent, then summing the work, agreeing on the bound, and walking the
 * best sequence back from its goal through the ranks that hold its nodes. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi/hda_search.h"
#include "gameopt/alloc.h"
#include "gameopt/require.h"
#include "gameopt/stop.h"
#include "gameopt/timer.h"

/* A digest of the region graph: ranks that read different files (a path that differs
 * between machines) would otherwise search different spaces and answer nonsense. */
static uint64_t board_digest(const flood_graph *g) {
    uint64_t d = flood_hash(g->adj, g->nregions * g->nwords);
    d ^= (uint64_t)g->nregions << 32 | (uint64_t)g->root;
    for (int r = 0; r < g->nregions; r++) d = (d ^ g->colour[r]) * 0x100000001b3ull;
    return d;
}

typedef struct int_rank {
    int value, rank;
} int_rank;

bool hda_agree_start(hda *h, int ub_len, int *ub_rank) {
    MPI_Comm comm = h->comm.comm;
    uint64_t d = board_digest(h->g), in[2] = {d, ~d}, got[2];
    MPI_Allreduce(in, got, 2, MPI_UINT64_T, MPI_MAX, comm);
    bool same = got[0] == ~got[1]; /* the largest digest is also the smallest */
    int_rank mine = {ub_len >= 0 ? ub_len : FLOOD_MAX_G + 1, h->comm.rank}, best;
    MPI_Allreduce(&mine, &best, 1, MPI_2INT, MPI_MINLOC, comm);
    h->ub = best.value;
    *ub_rank = best.rank;
    if (!same && h->comm.rank == 0)
        fprintf(stderr, "gameopt-mpi: the ranks read different boards (is the input the same file on every machine?)\n");
    return same;
}

/* The sequence to the goal found on rank `holder`: each step asks the rank holding the
 * current node for its move and its parent (a broadcast from that rank). */
static int walk_back(hda *h, int holder, uint8_t **moves) {
    MPI_Comm comm = h->comm.comm;
    int me = h->comm.rank;
    int64_t msg[3] = {h->goal_colour, holder, h->goal_parent};
    MPI_Bcast(msg, 3, MPI_INT64_T, holder, comm);
    int last = (int)msg[0], at_rank = (int)msg[1];
    uint32_t at = (uint32_t)msg[2];
    uint8_t *rev = gopt_malloc(FLOOD_MAX_G + 2);
    int n = 0;
    for (;;) {
        if (me == at_rank) {
            hda_node m = hda_get(&h->st, at);
            msg[0] = m.colour;
            msg[1] = m.parent_rank;
            msg[2] = m.parent;
        }
        MPI_Bcast(msg, 3, MPI_INT64_T, at_rank, comm);
        if (msg[1] < 0) break; /* the root: no move led there */
        GOPT_REQUIRE(n <= FLOOD_MAX_G, "parent links end at the root (depths fall along them)");
        rev[n++] = (uint8_t)msg[0];
        at_rank = (int)msg[1];
        at = (uint32_t)msg[2];
    }
    uint8_t *free_moves = gopt_malloc((size_t)n + 2);
    for (int k = 0; k < n; k++) free_moves[k] = rev[n - 1 - k];
    free_moves[n] = (uint8_t)last;
    *moves = gopt_malloc((size_t)h->g->nregions + 1);
    int len = flood_replay(h->g, free_moves, n + 1, *moves);
    free(free_moves);
    free(rev);
    return len;
}

/* The best sequence known to any rank, on every rank. */
static void best_sequence(hda *h, const uint8_t *ub_moves, int ub_len, int ub_rank, flood_outcome *out) {
    MPI_Comm comm = h->comm.comm;
    int_rank mine = {h->have_goal ? h->goal_len : INT_MAX, h->comm.rank}, best;
    MPI_Allreduce(&mine, &best, 1, MPI_2INT, MPI_MINLOC, comm);
    if (best.value < INT_MAX) {
        out->length = walk_back(h, best.rank, &out->moves);
    } else if (h->start_goal) {
        size_t nw = (size_t)h->g->nwords;
        uint64_t *F = gopt_malloc(4 * nw * sizeof *F);
        out->moves = gopt_malloc((size_t)h->g->nregions + 1);
        out->length = flood_start(h->g, F, F + nw, F + 2 * nw, out->moves);
        free(F);
    } else { /* the incumbent the search started with, from the rank that had the best */
        int len = ub_moves ? ub_len : -1; /* NULL: only a bound (--shorter-than), no sequence */
        MPI_Bcast(&len, 1, MPI_INT, ub_rank, comm);
        uint8_t *moves = gopt_malloc(len > 0 ? (size_t)len : 1);
        if (h->comm.rank == ub_rank && len > 0) memcpy(moves, ub_moves, (size_t)len);
        if (len > 0) MPI_Bcast(moves, len, MPI_UINT8_T, ub_rank, comm);
        flood_outcome_take(out, moves, len);
        free(moves);
    }
}

/* --stats: each rank's share of the work, printed by rank 0. */
static void report(hda *h) {
    enum { EXPANDED, STORED, PEAK_MB, CPU, BATCHES, SENT, MERGED, REOPENED, N };
    double mine[N] = {(double)h->expanded, (double)h->st.nnodes, h->peak / 1048576.0,
                      gopt_thread_cpu_seconds() - h->cpu_start, (double)h->comm.sent, (double)h->comm.records_sent,
                      (double)h->merged, (double)h->reopened};
    double *all = h->comm.rank == 0 ? gopt_malloc((size_t)h->comm.size * N * sizeof *all) : NULL;
    MPI_Gather(mine, N, MPI_DOUBLE, all, N, MPI_DOUBLE, 0, h->comm.comm);
    for (int r = 0; all && r < h->comm.size; r++) {
        const double *v = all + (size_t)r * N;
        fprintf(stderr,
                "gameopt-mpi: rank %d: %.0f nodes expanded, %.0f stored, peak %.1f MB, %.2f CPU s, %.0f batches "
                "(%.0f successors) sent, %.0f merged, %.0f reopened\n",
                r, v[EXPANDED], v[STORED], v[PEAK_MB], v[CPU], v[BATCHES], v[SENT], v[MERGED], v[REOPENED]);
    }
    free(all);
}

void hda_answer(hda *h, const uint8_t *ub_moves, int ub_len, int ub_rank, bool searched, flood_outcome *out) {
    MPI_Comm comm = h->comm.comm;
    int64_t mine[7] = {h->expanded, h->ex.generated, h->ex.pruned_leaf, h->ex.pruned_commute,
                       h->merged,   h->reopened,     h->duplicates};
    int64_t sum[7];
    MPI_Allreduce(mine, sum, 7, MPI_INT64_T, MPI_SUM, comm);
    double peak = h->peak > 0 ? h->peak : h->extra_bytes, max_peak;
    MPI_Allreduce(&peak, &max_peak, 1, MPI_DOUBLE, MPI_MAX, comm);
    out->nodes = sum[0];
    out->generated = sum[1];
    out->pruned_leaf = sum[2];
    out->pruned_commute = sum[3];
    out->merged = sum[4];
    out->reopened = sum[5];
    out->duplicates = sum[6];
    out->peak_bytes = max_peak; /* the largest rank: what a per-rank budget is compared with */
    if (h->agreed_stop) {
        /* Every node that could lead to a shorter sequence is in an open list, or was dropped
         * while stopping with its parent's f remembered: the smallest of those bounds all. */
        int local = flood_open_min_f(&h->st.open), lb;
        if (h->lb_drop < local) local = h->lb_drop;
        if (h->ub < local) local = h->ub;
        MPI_Allreduce(&local, &lb, 1, MPI_INT, MPI_MIN, comm);
        out->status = GOPT_LIMIT;
        out->stopped = gopt_stop_word((gopt_stop_reason)h->agreed_stop);
        out->lower_bound = lb;
    } else {
        out->status = GOPT_SOLVED;
        out->optimal = true;
        out->lower_bound = h->ub;
    }
    best_sequence(h, ub_moves, ub_len, ub_rank, out);
    out->optimal = out->optimal && out->length >= 0; /* none: only the bound h->ub is proven */
    if (out->optimal) out->lower_bound = out->length;
    if (hda_cfg.report && searched) report(h);
}
