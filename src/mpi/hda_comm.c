/* Batches of successors between ranks, and the rounds that decide when to stop. */
#include <stdlib.h>
#include <string.h>

#include "mpi/hda_comm.h"
#include "gameopt/alloc.h"

#define HDA_TAG 17
/* About 32 KB per message: large enough that the per-message cost (a few microseconds) is
 * small against the bounds computed for its records, small enough that a rank that has
 * just started does not wait long for its first work. */
#define BATCH_BYTES 32768

void hda_comm_init(hda_comm *c, MPI_Comm comm, int rec_words) {
    memset(c, 0, sizeof *c);
    c->comm = comm;
    MPI_Comm_rank(comm, &c->rank);
    MPI_Comm_size(comm, &c->size);
    c->rec_words = rec_words;
    c->batch = BATCH_BYTES / (rec_words * 8);
    if (c->batch < 16) c->batch = 16;
    c->out = gopt_calloc((size_t)c->size, sizeof *c->out);
    c->nout = gopt_calloc((size_t)c->size, sizeof *c->nout);
}

static uint64_t *take_buffer(hda_comm *c) {
    if (c->npool) return c->pool[--c->npool];
    c->buffers++;
    return gopt_malloc((size_t)c->batch * (size_t)c->rec_words * sizeof(uint64_t));
}

double hda_comm_bytes(const hda_comm *c) {
    return (double)c->buffers * c->batch * c->rec_words * 8 + (double)c->in_cap * 8;
}

static void send_batch(hda_comm *c, int dest) {
    if (!c->nout[dest]) return;
    gopt_grow(&c->flight, &c->flight_cap, c->nflight + 1, sizeof *c->flight);
    hda_flight *f = &c->flight[c->nflight++];
    f->buf = c->out[dest];
    MPI_Isend(f->buf, c->nout[dest] * c->rec_words, MPI_UINT64_T, dest, HDA_TAG, c->comm, &f->req);
    c->sent++;
    c->records_sent += c->nout[dest];
    c->out[dest] = NULL;
    c->nout[dest] = 0;
}

uint64_t *hda_comm_slot(hda_comm *c, int dest) {
    if (c->nout[dest] == c->batch) send_batch(c, dest);
    if (!c->out[dest]) c->out[dest] = take_buffer(c);
    return c->out[dest] + (size_t)c->nout[dest]++ * (size_t)c->rec_words;
}

void hda_comm_flush_all(hda_comm *c) {
    for (int d = 0; d < c->size; d++) send_batch(c, d);
}

bool hda_comm_pending(const hda_comm *c) {
    for (int d = 0; d < c->size; d++)
        if (c->nout[d]) return true;
    return false;
}

void hda_comm_progress(hda_comm *c) {
    for (size_t k = 0; k < c->nflight;) {
        int done = 0;
        MPI_Test(&c->flight[k].req, &done, MPI_STATUS_IGNORE);
        if (!done) {
            k++;
            continue;
        }
        gopt_grow(&c->pool, &c->pool_cap, c->npool + 1, sizeof *c->pool);
        c->pool[c->npool++] = c->flight[k].buf;
        c->flight[k] = c->flight[--c->nflight];
    }
}

int hda_comm_poll(hda_comm *c, void (*take)(void *ctx, const uint64_t *rec), void *ctx) {
    int messages = 0;
    for (;;) {
        int any = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, HDA_TAG, c->comm, &any, &st);
        if (!any) return messages;
        int words = 0;
        MPI_Get_count(&st, MPI_UINT64_T, &words);
        if ((size_t)words > c->in_cap) {
            free(c->in);
            c->in_cap = (size_t)words;
            c->in = gopt_malloc(c->in_cap * sizeof *c->in);
        }
        MPI_Recv(c->in, words, MPI_UINT64_T, st.MPI_SOURCE, HDA_TAG, c->comm, MPI_STATUS_IGNORE);
        c->received++;
        messages++;
        for (int at = 0; at + c->rec_words <= words; at += c->rec_words) take(ctx, c->in + at);
    }
}

void hda_comm_free(hda_comm *c) {
    for (size_t k = 0; k < c->nflight; k++) {
        MPI_Wait(&c->flight[k].req, MPI_STATUS_IGNORE);
        free(c->flight[k].buf);
    }
    for (size_t k = 0; k < c->npool; k++) free(c->pool[k]);
    for (int d = 0; d < c->size; d++) free(c->out[d]);
    free(c->flight);
    free(c->pool);
    free(c->out);
    free(c->nout);
    free(c->in);
    memset(c, 0, sizeof *c);
}

/* ---- rounds ---- */

void hda_round_start(hda_round *r, const hda_comm *c, int ub, int stop, bool idle, int min_f) {
    bool quiet = idle && r->was_idle && c->sent == r->was_sent && c->received == r->was_received;
    r->was_idle = idle;
    r->was_sent = c->sent;
    r->was_received = c->received;
    r->max_in[HDA_MAX_UB] = -(int64_t)ub;
    r->max_in[HDA_MAX_STOP] = stop;
    r->max_in[HDA_MAX_BUSY] = !quiet;
    r->max_in[HDA_MAX_MINF] = -(int64_t)min_f;
    r->sum_in[HDA_SUM_SENT] = c->sent;
    r->sum_in[HDA_SUM_RECEIVED] = c->received;
    MPI_Iallreduce(r->max_in, r->max_out, HDA_MAX_N, MPI_INT64_T, MPI_MAX, c->comm, &r->req[0]);
    MPI_Iallreduce(r->sum_in, r->sum_out, HDA_SUM_N, MPI_INT64_T, MPI_SUM, c->comm, &r->req[1]);
    r->active = true;
}

bool hda_round_test(hda_round *r, hda_agreed *a) {
    int done = 0;
    MPI_Testall(2, r->req, &done, MPI_STATUSES_IGNORE);
    if (!done) return false;
    r->active = false;
    r->rounds++;
    a->ub = (int)-r->max_out[HDA_MAX_UB];
    a->stop = (int)r->max_out[HDA_MAX_STOP];
    a->min_f = (int)-r->max_out[HDA_MAX_MINF];
    /* Every rank quiet over its last two contributions: between them all were idle at once
     * and, with the counts unchanged, sent == received means no batch was on its way. */
    a->done = r->max_out[HDA_MAX_BUSY] == 0 && r->sum_out[HDA_SUM_SENT] == r->sum_out[HDA_SUM_RECEIVED];
    return true;
}
