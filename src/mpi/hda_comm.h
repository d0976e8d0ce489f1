/* The messages of HDA*: successors travel to their owners in batches (one MPI message per
 * batch, never waited on: a rank that waited for a send while its peer waited for its own
 * would deadlock), and the ranks agree on the incumbent, on stopping and on termination in
 * rounds of non-blocking all-reductions (docs/methods.md, "flood across machines"). */
#ifndef GOPT_MPI_HDA_COMM_H
#define GOPT_MPI_HDA_COMM_H

#include <mpi.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct hda_flight {
    MPI_Request req;
    uint64_t *buf;
} hda_flight;

typedef struct hda_comm {
    MPI_Comm comm;
    int rank, size;
    int rec_words;        /* words per successor record */
    int batch;            /* records per message */
    uint64_t **out;       /* per destination: the batch being filled */
    int *nout;
    hda_flight *flight;   /* sends not yet complete */
    size_t nflight, flight_cap;
    uint64_t **pool;      /* batches free for reuse */
    size_t npool, pool_cap;
    uint64_t *in;         /* the receive buffer */
    size_t in_cap;
    int64_t sent, received, records_sent;
    size_t buffers;       /* batches allocated, for the memory account */
} hda_comm;

void hda_comm_init(hda_comm *c, MPI_Comm comm, int rec_words);
/* Waits for the sends still in flight (every rank drains its incoming messages before this,
 * so they complete), then frees everything. */
void hda_comm_free(hda_comm *c);
double hda_comm_bytes(const hda_comm *c);
/* Room for one record to `dest` (a full batch is sent first). */
uint64_t *hda_comm_slot(hda_comm *c, int dest);
void hda_comm_flush_all(hda_comm *c);
bool hda_comm_pending(const hda_comm *c); /* records waiting in unsent batches */
/* Frees the batches whose sends completed. */
void hda_comm_progress(hda_comm *c);
/* Receives every message that has arrived; calls take(ctx, record) for each record.
 * Returns the messages received. */
int hda_comm_poll(hda_comm *c, void (*take)(void *ctx, const uint64_t *rec), void *ctx);

/* ---- rounds ---- */
/* Each round all-reduces, with MAX, what every rank contributes: the incumbent (negated, so
 * MAX gives the minimum), the stop reason (a gopt_stop_reason, 0 to go on) and whether the
 * rank was not quiet; and with SUM the messages sent and received. */
enum { HDA_MAX_UB, HDA_MAX_STOP, HDA_MAX_BUSY, HDA_MAX_MINF, HDA_MAX_N };
enum { HDA_SUM_SENT, HDA_SUM_RECEIVED, HDA_SUM_N };

typedef struct hda_round {
    MPI_Request req[2];
    bool active;
    int64_t max_in[HDA_MAX_N], max_out[HDA_MAX_N];
    int64_t sum_in[HDA_SUM_N], sum_out[HDA_SUM_N];
    /* this rank at its previous contribution */
    bool was_idle;
    int64_t was_sent, was_received;
    int64_t rounds;
} hda_round;

/* The result of a completed round. */
typedef struct hda_agreed {
    int ub;     /* the smallest incumbent of any rank */
    int min_f;  /* the smallest f in any open list */
    int stop;   /* the largest stop reason (0: none) */
    bool done;  /* every rank quiet and every message received: nothing left to do */
} hda_agreed;

/* Starts a round with this rank's values: `idle` means it has no node below its incumbent and
 * no unsent batch. A rank is quiet when it is idle now, was idle at its previous
 * contribution, and has neither sent nor received a message since. */
void hda_round_start(hda_round *r, const hda_comm *c, int ub, int stop, bool idle, int min_f);
/* Whether the round in progress completed (then *a holds its result). */
bool hda_round_test(hda_round *r, hda_agreed *a);

#endif
