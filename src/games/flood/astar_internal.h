/* The exact A*'s shared pieces (astar.c has the search and its argument): the node store
 * and its bookkeeping word, the closed table, the search's state, and what its parts call
 * across files. Only astar*.c include this. */
#ifndef GOPT_FLOOD_ASTAR_INTERNAL_H
#define GOPT_FLOOD_ASTAR_INTERNAL_H

#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "gameopt/budget.h"
#include "checkpoint.h"
#include "closed_table.h"
#include "internal.h"
#include "open_list.h"

#define CHUNK_SHIFT FLOOD_CHUNK_SHIFT
#define CHUNK_NODES FLOOD_CHUNK_NODES
#define NO_PARENT 0xffffffffu
#define NO_SLOT 0xffffffffu
#define MAX_WORDS ((FLOOD_MAX_REGIONS + 63) / 64)

/* Bookkeeping word: parent (32) | g (10) | h (10) | colour (6) | flags. */
enum { EXPANDED = 1, NO_COMMUTE = 2, CHAINED = 4, REEXPAND = 8, DEFERRED = 16 };

typedef struct meta {
    uint32_t parent;
    int g, h, colour, flags;
} meta;

static inline uint64_t meta_pack(meta m) {
    return (uint64_t)m.parent | (uint64_t)m.g << 32 | (uint64_t)m.h << 42 | (uint64_t)m.colour << 52 |
           (uint64_t)m.flags << 58;
}
static inline meta meta_unpack(uint64_t w) {
    return (meta){(uint32_t)w, (int)(w >> 32 & 1023), (int)(w >> 42 & 1023), (int)(w >> 52 & 63), (int)(w >> 58)};
}

typedef struct astar {
    const flood_graph *g;
    int nw, stride;
    uint64_t **chunks;
    size_t nchunks, chunks_cap;
    uint32_t nnodes;
    /* Light nodes (light > 0): a node is its bookkeeping word and a word holding the slot of
     * its state in `states` (or NO_SLOT) and its distance to the nearest ancestor with one;
     * a node `light` moves below such an ancestor keeps its state, the others are rebuilt
     * by replaying their free moves from it (astar_state_of). */
    int light, meta_at;
    uint64_t **states;
    size_t nstates_chunks, states_cap;
    uint32_t nstates;
    uint64_t *table;     /* tag << 32 | node + 1, 0 empty (see entry) */
    size_t table_cap;    /* power of two */
    bool table_final;    /* a growth did not fit: the table fills on to 7/8 (table_limit) */
    uint64_t *probing;   /* threaded: per thread (a cache line each), odd while it looks up
                          * the table without the lock (astar_filter); see astar_table_grow */
    int nthreads;
    flood_open open;     /* its bytes also count `deferred` */
    double bytes, peak;
    /* the search's shared state (under `lock` when threaded) */
    bool threaded;
    pthread_mutex_t lock;
    int UB;
    int cut;             /* successors are stored when f < cut (cut <= UB; see astar_raise_cut) */
    flood_u32s deferred;  /* expanded nodes with successors cut at f in [cut, UB) */
    bool have_goal;
    uint32_t goal_parent;
    int goal_colour;
    const char *stopped;
    double extra_bytes;  /* the workers' expanders */
    double store_limit;  /* for the store and the above: the limit less tail_reserve; 0: none */
    double tail_reserve; /* left for the tail's caches (astar_tail) */
    int64_t cache_drops; /* successors the tail found in its caches */
    const flood_limits *lim;
    gopt_budget *budget; /* the solve's account (budget.h), charged as the store grows */
    double charged;
} astar;

/* A spin-wait's pause (lets the other hyperthread run, saves power); nothing elsewhere. */
static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* `stopped` is read without the lock by the threads sharing out a bucket. */
static inline void set_stopped(astar *s, const char *why) { __atomic_store_n(&s->stopped, why, __ATOMIC_RELAXED); }
static inline const char *get_stopped(astar *s) { return __atomic_load_n(&s->stopped, __ATOMIC_RELAXED); }

static inline void lock(astar *s) {
    if (s->threaded) pthread_mutex_lock(&s->lock);
}
static inline void unlock(astar *s) {
    if (s->threaded) pthread_mutex_unlock(&s->lock);
}

static inline uint64_t *node(astar *s, uint32_t i) {
    return flood_chunk_node(s->chunks, s->stride, i);
}
/* The bookkeeping word is read without the lock by the threads' duplicate filter
 * (astar_filter), so it is loaded and stored whole (plain moves on x86-64). */
static inline meta node_meta(astar *s, uint32_t i) {
    return meta_unpack(__atomic_load_n(&node(s, i)[s->meta_at], __ATOMIC_RELAXED));
}
static inline void node_set_meta(astar *s, uint32_t i, meta m) {
    __atomic_store_n(&node(s, i)[s->meta_at], meta_pack(m), __ATOMIC_RELAXED);
}

/* The successors' filter: a state already stored at the same or a smaller depth needs no
 * bound. A second parent at the same depth disables the commuting rule there (and asks for
 * the moves it skipped); a shorter path goes on to be reopened. */
typedef struct filter_ctx {
    astar *s;
    uint32_t parent;
    int g;
    flood_outcome *out;
    uint64_t *probing; /* this thread's lookup counter (threaded) */
} filter_ctx;

/* One thread's tools: its expander, a state buffer and its share of the counters. */
typedef struct worker {
    flood_expander ex;
    uint64_t *F;         /* 8 x nw: state, border, scratch */
    int64_t expanded;
    flood_outcome counts; /* duplicates, merged, reopened */
    uint64_t *probing;    /* its lookup counter in astar.probing (threaded) */
} worker;

/* astar_store.c: the node store and the closed table */
void astar_state_of(astar *s, uint32_t i, uint64_t *out);
bool astar_node_is(astar *s, uint32_t i, const uint64_t *state);
void astar_account(astar *s);
uint32_t astar_node_add(astar *s, const uint64_t *state, meta m);
bool astar_room_for_node(const astar *s);
void astar_table_grow(astar *s);
uint64_t astar_shared_entry(astar *s, const uint64_t *state, uint64_t hash);
void astar_free(astar *s);
flood_context astar_context_of(astar *s, uint32_t i, meta m, uint64_t *scratch);
int astar_free_moves_to(astar *s, uint32_t i, uint8_t *buf);
int astar_reconstruct(astar *s, uint32_t i, const uint8_t *more, int nmore, uint8_t **moves);
/* astar.c: the search */
uint64_t astar_note(void *ctx, const uint64_t *state);
bool astar_expand_one(astar *s, worker *w, uint32_t i, int f, int gpop);
const char *astar_stop_reason(const flood_limits *lim);
bool astar_raise_cut(astar *s, int *LB);
/* astar_threads.c */
bool astar_search_threaded(astar *s, worker *w, int threads, int *LB);
/* astar_tail.c */
bool astar_tail(astar *s, worker *w, int threads, int *LB, bool resumed, uint32_t done_before,
                uint8_t **found_free, int *found_nfree);
/* astar_resume.c */
bool astar_resume(astar *s, flood_ckpt *got, int *LB);

/* The number of nodes at which the table grows: half its slots, or 7/8 once a growth did not
 * fit. A doubling needs the old and the new table at once, so near the memory limit it fails
 * while there is still room for a third more nodes beside the old table; filling that table
 * on (linear probing only reads a node when the tag matches, so long probe runs stay cheap)
 * let boards finish that used to stop at the doubling. */
static inline size_t table_limit(const astar *s) {
    return s->table_final ? s->table_cap / 8 * 7 : s->table_cap / 2;
}

/* The slot holding the state, or the empty slot where it belongs (closed_table.h's probe,
 * with astar_node_is to compare: a light node's state is rebuilt). */
static inline size_t table_find(astar *s, const uint64_t *state, uint64_t hash) {
    size_t mask = s->table_cap - 1, k = (size_t)flood_hash_tag(hash) & mask;
    uint64_t want = (uint64_t)flood_hash_tag(hash) << 32;
    for (uint64_t e; (e = s->table[k]); k = (k + 1) & mask)
        if ((e & 0xffffffff00000000ull) == want && astar_node_is(s, flood_entry_node(e), state)) return k;
    return k;
}
static inline uint32_t slot_node(const astar *s, size_t slot) { return flood_entry_node(s->table[slot]); }

#endif
