/* Hash-distributed A* (HDA*, Kishimoto, Fukunaga and Botea 2009) for Flood-It over MPI: the
 * search behind `gameopt-mpi flood solve`. Every rank owns the states whose hash maps to it
 * (hda_owner); a rank expands its own open nodes with flood_expand and sends each successor,
 * in batches, to its owner, which looks it up in its closed set, bounds it and queues it.
 * docs/methods.md ("flood across machines") gives the termination test and why the answer
 * is optimal. Internal to src/mpi:
 *   hda_store.c  a rank's nodes, closed-set table and open list (no MPI)
 *   hda_comm.c   batches of successors between ranks, and the rounds of MPI_Iallreduce
 *   hda.c        the search loop and the answer (the path is walked back across ranks)
 *   main.c       gameopt-mpi: MPI around the ordinary command line */
#ifndef GOPT_MPI_HDA_H
#define GOPT_MPI_HDA_H

#include <mpi.h>
#include <stdbool.h>
#include <stdint.h>

#include "games/flood/closed_table.h"
#include "games/flood/internal.h"
#include "games/flood/open_list.h"

/* ---- the configuration main.c sets before the first solve ---- */
typedef struct hda_config {
    MPI_Comm comm; /* a duplicate of MPI_COMM_WORLD: the search's messages meet nothing else */
    int rank, size;
    bool report;   /* --stats: rank 0 prints each rank's figures to stderr after each board */
} hda_config;
extern hda_config hda_cfg;

/* The search (flood_astar's contract); every rank calls it for the same board. */
void flood_hda(const flood_graph *g, const uint8_t *ub_moves, int ub_len, const flood_limits *lim,
               flood_outcome *out);

/* The rank that owns a state: from the low half of its hash (the table uses the high half,
 * so a rank's share of states still spreads over its whole table). */
static inline int hda_owner(uint64_t hash, int size) { return (int)((uint32_t)hash % (uint32_t)size); }

/* ---- a rank's nodes (hda_store.c) ---- */
#define HDA_NONE 0xffffffffu
enum { HDA_EXPANDED = 1, HDA_NO_COMMUTE = 2, HDA_CHAINED = 4, HDA_REEXPAND = 8 };

/* What a node records beside its state: its best depth, bound and flags, the parent it was
 * reached from (rank and index there; rank -1 at the root), and the free move from that
 * parent with what it absorbed and exposed (the commuting rule's context, which A* instead
 * recomputes from the parent's state: here the parent usually lives on another rank). */
typedef struct hda_node {
    int g, h, colour, flags;
    int parent_rank;
    uint32_t parent;
    int absorbed;
    uint64_t exposed;
} hda_node;

typedef struct hda_store {
    int nw;            /* words per state */
    int stride;        /* words per node: the state, then 2 (or 3 with more than 32 colours) */
    bool wide;
    uint64_t **chunks;
    size_t nchunks, chunks_cap;
    uint32_t nnodes;
    uint64_t *table;   /* tag << 32 | node + 1; 0 empty */
    size_t table_cap;
    flood_open open;   /* the open list, as the single-process A*'s */
    double bytes, peak;
} hda_store;

void hda_store_init(hda_store *s, const flood_graph *g);
void hda_store_free(hda_store *s);
uint64_t *hda_state(const hda_store *s, uint32_t i);
hda_node hda_get(const hda_store *s, uint32_t i);
void hda_set(hda_store *s, uint32_t i, const hda_node *n);
/* Appends a node (HDA_NONE when the 32-bit numbering is full). */
uint32_t hda_add(hda_store *s, const uint64_t *state, const hda_node *n);
/* The slot of state in the table: its node (table[slot] != 0) or where it goes. */
size_t hda_find(hda_store *s, const uint64_t *state, uint64_t hash);
static inline uint32_t hda_slot_node(const hda_store *s, size_t slot) { return flood_entry_node(s->table[slot]); }
void hda_slot_set(hda_store *s, size_t slot, uint64_t hash, uint32_t i);
/* Keeps the table at most half full for one more node. */
void hda_reserve(hda_store *s);
/* Recounts s->bytes (and the peak). */
void hda_account(hda_store *s);

#endif
