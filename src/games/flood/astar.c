/* Exact A* over region-graph states. Each stored node is its bitset of flooded regions
 * followed by one word of bookkeeping (parent, g, h, the free move that led here, flags),
 * in fixed-size chunks, so nothing is allocated per node and nothing moves. The closed set
 * is an open-addressing table of node numbers; the open list is a bucket queue by f, then
 * deepest g first. A heuristic sequence gives the first upper bound: only nodes with
 * f < UB are ever stored, and the search ends when the smallest f reaches UB, which
 * proves UB optimal. Goals are recognised when generated. The first cut is tentative: UB - 1
 * while the heuristic's sequence may be one too long (raise_cut), which keeps the layer
 * f = UB - 1 out of memory when it is.
 *
 * With several threads one board's search is shared: the threads take a whole bucket
 * (f, g) at a time and expand its nodes in parallel, each with its own expander (the
 * bounds, most of the work, need no lock); the closed set, the node store and the open
 * list are shared under one lock. Every child of a node in bucket (f, g) goes to a deeper g
 * or a larger f, so a bucket never grows while it is expanded, and since every node with
 * f < UB is expanded whatever the order within a layer, the optimum (and the proof) is the
 * one thread's; docs/methods.md has the argument. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/budget.h"
#include "gameopt/stop.h"
#include "checkpoint.h"
#include "closed_table.h"
#include "internal.h"
#include "open_list.h"
#include "tail_cache.h"
#include "gameopt/alloc.h"
#include "gameopt/timer.h"

#define CHUNK_SHIFT FLOOD_CHUNK_SHIFT
#define CHUNK_NODES FLOOD_CHUNK_NODES
#define NO_PARENT 0xffffffffu

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
     * by replaying their free moves from it (state_of). */
    int light, meta_at;
    uint64_t **states;
    size_t nstates_chunks, states_cap;
    uint32_t nstates;
    uint64_t *table;     /* tag << 32 | node + 1, 0 empty (see entry) */
    size_t table_cap;    /* power of two */
    bool table_final;    /* a growth did not fit: the table fills on to 7/8 (table_limit) */
    uint64_t *probing;   /* threaded: per thread (a cache line each), odd while it looks up
                          * the table without the lock (astar_filter); see table_grow */
    int nthreads;
    flood_open open;     /* its bytes also count `deferred` */
    double bytes, peak;
    /* the search's shared state (under `lock` when threaded) */
    bool threaded;
    pthread_mutex_t lock;
    int UB;
    int cut;             /* successors are stored when f < cut (cut <= UB; see raise_cut) */
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

#define NO_SLOT 0xffffffffu
#define MAX_WORDS ((FLOOD_MAX_REGIONS + 63) / 64)

/* Node i's state into out (nw words): with light nodes, the nearest stored state up its
 * parents, then their free moves replayed, each with the completions it forces, exactly as
 * the expander played them (only the colours a move exposes can become completable). A
 * shorter path may replace a node's parent meanwhile; any parent chain gives the same state,
 * and each bookkeeping word is read whole. */
static void state_of(astar *s, uint32_t i, uint64_t *out) {
    size_t nw = (size_t)s->nw;
    if (!s->light) {
        memcpy(out, node(s, i), nw * sizeof *out);
        return;
    }
    static _Thread_local uint64_t buf[4 * MAX_WORDS];
    static _Thread_local uint8_t moves[FLOOD_MAX_G + 2];
    uint64_t *border = buf, *scratch = buf + nw;
    int n = 0;
    uint32_t k = i, slot;
    while ((slot = (uint32_t)node(s, k)[1]) == NO_SLOT) {
        meta m = node_meta(s, k);
        moves[n++] = (uint8_t)m.colour;
        k = m.parent;
    }
    memcpy(out, flood_chunk_node(s->states, s->nw, slot), nw * sizeof *out);
    if (!n) return;
    flood_border(s->g, out, border);
    while (n--) {
        uint64_t exposed;
        flood_play(s->g, out, border, moves[n], scratch, &exposed);
        flood_play_forced(s->g, out, border, scratch, NULL, exposed);
    }
}

/* Whether node i holds `state`. */
static bool node_is(astar *s, uint32_t i, const uint64_t *state) {
    static _Thread_local uint64_t other[MAX_WORDS];
    const uint64_t *o = node(s, i);
    if (s->light) {
        state_of(s, i, other);
        o = other;
    }
    uint64_t diff = 0;
    for (int j = 0; j < s->nw; j++) diff |= o[j] ^ state[j];
    return !diff;
}

/* Also charges the growth to the solve's account, so the process budget sees the store
 * (a refused charge stops the search as the limit would). */
static void account(astar *s) {
    s->bytes = (double)s->nchunks * CHUNK_NODES * (double)s->stride * 8 + (double)s->table_cap * 8 +
               (double)s->open.bytes + (double)s->nstates_chunks * CHUNK_NODES * (double)s->nw * 8;
    if (s->bytes > s->peak) s->peak = s->bytes;
    if (s->budget && s->bytes > s->charged) {
        if (gopt_budget_charge(s->budget, (size_t)(s->bytes - s->charged))) s->charged = s->bytes;
        else set_stopped(s, "memory limit");
    }
}

static uint32_t node_add(astar *s, const uint64_t *state, meta m) {
    uint32_t i = s->nnodes;
    if ((i >> CHUNK_SHIFT) >= s->nchunks) {
        /* threaded: the array was made full size at the start (workers read it unlocked) */
        if (!s->threaded) gopt_grow(&s->chunks, &s->chunks_cap, s->nchunks + 1, sizeof *s->chunks);
        s->chunks[s->nchunks++] = gopt_malloc((size_t)CHUNK_NODES * (size_t)s->stride * sizeof(uint64_t));
        account(s);
    }
    uint64_t *n = node(s, i);
    if (!s->light) {
        memcpy(n, state, (size_t)s->nw * sizeof *n);
    } else {
        uint32_t dist = m.parent == NO_PARENT ? (uint32_t)s->light : (uint32_t)(node(s, m.parent)[1] >> 32) + 1;
        uint32_t slot = NO_SLOT;
        if (dist >= (uint32_t)s->light) {
            slot = s->nstates;
            if ((slot >> CHUNK_SHIFT) >= s->nstates_chunks) {
                if (!s->threaded) gopt_grow(&s->states, &s->states_cap, s->nstates_chunks + 1, sizeof *s->states);
                s->states[s->nstates_chunks++] = gopt_malloc((size_t)CHUNK_NODES * (size_t)s->nw * sizeof(uint64_t));
                account(s);
            }
            memcpy(flood_chunk_node(s->states, s->nw, slot), state, (size_t)s->nw * sizeof(uint64_t));
            s->nstates++;
            dist = 0;
        }
        n[1] = (uint64_t)dist << 32 | slot;
    }
    n[s->meta_at] = meta_pack(m);
    s->nnodes++;
    return i;
}

/* Whether one more node fits: a new chunk is made only when it fits beside everything else
 * (made first and checked after, every chunk could pass the limit by its 5 MB). */
static bool room_for_node(const astar *s) {
    double chunk = (s->nnodes >> CHUNK_SHIFT) < s->nchunks ? 0 : (double)CHUNK_NODES * (double)s->stride * sizeof(uint64_t);
    if (s->light && (s->nstates >> CHUNK_SHIFT) >= s->nstates_chunks)
        chunk += (double)CHUNK_NODES * (double)s->nw * sizeof(uint64_t); /* a state may need one */
    return chunk == 0 || s->store_limit <= 0 || s->bytes + s->extra_bytes + chunk <= s->store_limit;
}

/* The number of nodes at which the table grows: half its slots, or 7/8 once a growth did not
 * fit. A doubling needs the old and the new table at once, so near the memory limit it fails
 * while there is still room for a third more nodes beside the old table; filling that table
 * on (linear probing only reads a node when the tag matches, so long probe runs stay cheap)
 * let boards finish that used to stop at the doubling. */
static inline size_t table_limit(const astar *s) {
    return s->table_final ? s->table_cap / 8 * 7 : s->table_cap / 2;
}

/* The old table and the new one live together while the entries move, so the new one must
 * fit beside everything else before it is made: checked after the fact, a 100 MB limit let
 * a run reach 123 MB (issue 16 item 5). When it does not fit, the table stays and fills on
 * (table_limit); a full one stops the search for memory (at 7/8: the few insertions left
 * before the stop is seen still find room). */
static void table_grow(astar *s) {
    size_t cap = s->table_cap ? s->table_cap * 2 : 1 << 12, new_bytes = cap * sizeof(uint64_t);
    bool held = s->table_cap && s->budget; /* the new table, charged while both live */
    if (s->table_final ||
        (s->table_cap && s->store_limit > 0 && s->bytes + s->extra_bytes + (double)new_bytes > s->store_limit) ||
        (held && !gopt_budget_charge(s->budget, new_bytes))) {
        if (s->table_final) set_stopped(s, "memory limit");
        s->table_final = true;
        return;
    }
    uint64_t *t = gopt_calloc(cap, sizeof *t);
    flood_table_rehash(s->table, s->table_cap, t, cap);
    uint64_t *old = s->table;
    /* The table, then its size: a reader that loads the size first and then the table never
     * pairs a larger size with the smaller old table. The size is stored sequentially
     * consistent: with the readers' counter steps and the loads below, that is the fence of
     * the grace period (ThreadSanitizer does not model a bare fence). */
    __atomic_store_n(&s->table, t, __ATOMIC_RELEASE);
    __atomic_store_n(&s->table_cap, cap, __ATOMIC_SEQ_CST);
    if (s->threaded) {
        /* Other threads may be probing the old table without the lock (astar_filter). A grace
         * period: a thread seen outside a lookup (all of these are sequentially consistent)
         * steps its counter after the new size is stored, so it loads the new table; one seen
         * inside is waited for until its counter moves, which a lookup does within a few
         * probes. */
        for (int k = 0; k < s->nthreads; k++) {
            uint64_t *c = &s->probing[(size_t)k * 8], v = __atomic_load_n(c, __ATOMIC_SEQ_CST);
            if (v & 1)
                while (__atomic_load_n(c, __ATOMIC_ACQUIRE) == v) cpu_relax();
        }
    }
    free(old);
    if (held) gopt_budget_release(s->budget, new_bytes); /* account() charges the net growth */
    account(s);
}

/* The slot holding the state, or the empty slot where it belongs (closed_table.h's probe,
 * with node_is to compare: a light node's state is rebuilt). */
static inline size_t table_find(astar *s, const uint64_t *state, uint64_t hash) {
    size_t mask = s->table_cap - 1, k = (size_t)flood_hash_tag(hash) & mask;
    uint64_t want = (uint64_t)flood_hash_tag(hash) << 32;
    for (uint64_t e; (e = s->table[k]); k = (k + 1) & mask)
        if ((e & 0xffffffff00000000ull) == want && node_is(s, flood_entry_node(e), state)) return k;
    return k;
}
static inline uint32_t slot_node(const astar *s, size_t slot) { return flood_entry_node(s->table[slot]); }

static void astar_free(astar *s) {
    free(s->probing);
    free(s->deferred.v);
    if (s->threaded) pthread_mutex_destroy(&s->lock);
    for (size_t c = 0; c < s->nchunks; c++) free(s->chunks[c]);
    free(s->chunks);
    for (size_t c = 0; c < s->nstates_chunks; c++) free(s->states[c]);
    free(s->states);
    free(s->table);
    flood_open_free(&s->open);
}

/* The rule-B context of a stored node: recomputed from its parent, so nodes stay small. */
static flood_context context_of(astar *s, uint32_t i, meta m, uint64_t *scratch) {
    flood_context ctx = {0};
    if (m.parent == NO_PARENT || (m.flags & (CHAINED | NO_COMMUTE))) return ctx;
    const flood_graph *g = s->g;
    int nw = s->nw;
    uint64_t *P = scratch, *border = scratch + nw, *play = scratch + 2 * nw;
    state_of(s, m.parent, P);
    flood_border(g, P, border);
    ctx.n = 1;
    ctx.colour[0] = (uint8_t)m.colour;
    ctx.last_absorbed = flood_play(g, P, border, m.colour, play, &ctx.exposed[0]);
    (void)i;
    return ctx;
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

static uint64_t astar_note(void *ctx, const uint64_t *state) {
    filter_ctx *fc = ctx;
    astar *s = fc->s;
    uint64_t hash = flood_hash(state, s->nw);
    /* Threaded, another thread may be replacing the table: the two loads may then not match,
     * but a prefetch never faults, so the worst is a useless one. */
    uint64_t *table = __atomic_load_n(&s->table, __ATOMIC_RELAXED);
    size_t cap = __atomic_load_n(&s->table_cap, __ATOMIC_RELAXED);
    __builtin_prefetch(&table[(size_t)flood_hash_tag(hash) & (cap - 1)]);
    return hash;
}

static bool filter_locked(filter_ctx *fc, const uint64_t *state, int g_add, uint64_t hash);

/* The entry of `state` in the shared table, read without the lock: 0 when absent. Entries
 * are published with release after their node is written (store_successors), and a table
 * replaced meanwhile is freed only when this lookup is over (table_grow), so this sees
 * either a complete entry or none; a miss is only a hint, which the store checks again
 * under the lock. */
static uint64_t shared_entry(astar *s, const uint64_t *state, uint64_t hash) {
    size_t cap = __atomic_load_n(&s->table_cap, __ATOMIC_SEQ_CST); /* see table_grow */
    const uint64_t *table = __atomic_load_n(&s->table, __ATOMIC_ACQUIRE);
    size_t mask = cap - 1, k = (size_t)flood_hash_tag(hash) & mask;
    uint64_t want = (uint64_t)flood_hash_tag(hash) << 32;
    for (uint64_t e; (e = __atomic_load_n(&table[k], __ATOMIC_ACQUIRE)); k = (k + 1) & mask) {
        if ((e & 0xffffffff00000000ull) != want) continue;
        if (node_is(s, flood_entry_node(e), state)) return e;
    }
    return 0;
}

/* With several threads the lookup runs without the lock (it was most of the time spent
 * waiting for it): only a merge, which changes the stored node, takes the lock and decides
 * again. A node's g only falls and its NO_COMMUTE flag is only set, so a "drop" read here
 * stays right; a "keep" is checked again by store_successors. */
static bool astar_filter(void *ctx, const uint64_t *state, int g_add, uint64_t hash) {
    filter_ctx *fc = ctx;
    astar *s = fc->s;
    if (s->threaded) {
        __atomic_fetch_add(fc->probing, 1, __ATOMIC_SEQ_CST); /* odd: looking up */
        uint64_t e = shared_entry(s, state, hash);
        __atomic_fetch_add(fc->probing, 1, __ATOMIC_RELEASE);
        if (!e) return true;
        meta old = node_meta(s, flood_entry_node(e));
        int g2 = fc->g + g_add;
        if (old.g > g2) {
            fc->out->duplicates++;
            return true;
        }
        if (!(old.g == g2 && old.parent != fc->parent && !(old.flags & NO_COMMUTE))) {
            fc->out->duplicates++;
            return false;
        }
    }
    lock(s);
    bool keep = filter_locked(fc, state, g_add, hash);
    unlock(s);
    return keep;
}

static bool filter_locked(filter_ctx *fc, const uint64_t *state, int g_add, uint64_t hash) {
    astar *s = fc->s;
    size_t slot = table_find(s, state, hash);
    if (!s->table[slot]) return true;
    uint32_t j = slot_node(s, slot);
    meta old = node_meta(s, j);
    int g2 = fc->g + g_add;
    fc->out->duplicates++;
    if (old.g > g2) return true;
    if (old.g == g2 && old.parent != fc->parent && !(old.flags & NO_COMMUTE)) {
        fc->out->merged++;
        old.flags |= NO_COMMUTE;
        if (old.flags & EXPANDED) {
            old.flags |= REEXPAND;
            flood_open_push(&s->open, old.g + old.h, old.g, j);
        }
        node_set_meta(s, j, old);
    }
    return false;
}

/* The free moves from the root to node i, into buf (room for nregions); returns how many. */
static int free_moves_to(astar *s, uint32_t i, uint8_t *buf) {
    int n = 0;
    for (uint32_t k = i; node_meta(s, k).parent != NO_PARENT; k = node_meta(s, k).parent) n++;
    int at = n;
    for (uint32_t k = i; node_meta(s, k).parent != NO_PARENT; k = node_meta(s, k).parent)
        buf[--at] = (uint8_t)node_meta(s, k).colour;
    return n;
}

/* Free moves from the root to node i, then `more` (nmore of them), replayed with the forced
 * ones into a full sequence. */
static int reconstruct(astar *s, uint32_t i, const uint8_t *more, int nmore, uint8_t **moves) {
    uint8_t *free_moves = gopt_malloc((size_t)s->g->nregions + (size_t)nmore + 1);
    int n = free_moves_to(s, i, free_moves);
    memcpy(free_moves + n, more, (size_t)nmore);
    *moves = gopt_malloc((size_t)s->g->nregions + 1);
    int len = flood_replay(s->g, free_moves, n + nmore, *moves);
    free(free_moves);
    return len;
}

/* One thread's tools: its expander, a state buffer and its share of the counters. */
typedef struct worker {
    flood_expander ex;
    uint64_t *F;         /* 8 x nw: state, border, scratch */
    int64_t expanded;
    flood_outcome counts; /* duplicates, merged, reopened */
    uint64_t *probing;    /* its lookup counter in astar.probing (threaded) */
} worker;

static void worker_init(worker *w, const flood_graph *g) {
    memset(w, 0, sizeof *w);
    flood_expander_init(&w->ex, g);
    w->F = gopt_malloc(8 * (size_t)g->nwords * sizeof *w->F);
}

static void worker_free(worker *w) {
    flood_expander_free(&w->ex);
    free(w->F);
}

/* Stores (or reopens) the successors of node i (expanded at depth m.g); under the lock. */
static void store_successors(astar *s, worker *w, uint32_t i, meta m, int n) {
    bool deferred = (node_meta(s, i).flags & DEFERRED) != 0;
    for (int k = 0; k < n; k++) {
        const flood_succ *c = &w->ex.succ[k];
        int g2 = m.g + c->g_add;
        if (c->goal) {
            if (g2 < s->UB) {
                s->UB = g2;
                if (s->cut > g2) s->cut = g2;
                s->goal_parent = i;
                s->goal_colour = c->colour;
                s->have_goal = true;
            }
            continue;
        }
        int h2 = c->h > m.h - c->g_add ? c->h : m.h - c->g_add; /* pathmax */
        int f2 = g2 + h2;
        if (f2 >= s->cut && f2 < s->UB && !deferred) { /* wanted only if the optimum is >= cut */
            deferred = true;
            meta now = node_meta(s, i);
            now.flags |= DEFERRED;
            node_set_meta(s, i, now);
            flood_u32s_push(&s->deferred, i, &s->open.bytes);
        }
        if (f2 >= s->cut || g2 > FLOOD_MAX_G || h2 > FLOOD_MAX_G) continue;
        if (s->nnodes + 1 >= table_limit(s)) table_grow(s);
        size_t slot = table_find(s, c->state, c->key); /* the filter hashed it */
        meta cm = {i, g2, h2, c->colour, c->forced ? CHAINED : 0};
        if (!s->table[slot]) {
            if (s->nnodes == NO_PARENT || !room_for_node(s)) {
                set_stopped(s, "memory limit");
                meta now = node_meta(s, i); /* its successors are not all stored: see astar_tail */
                now.flags |= REEXPAND;
                node_set_meta(s, i, now);
                break;
            }
            uint32_t j = node_add(s, c->state, cm);
            __atomic_store_n(&s->table[slot], flood_table_entry(c->key, j), __ATOMIC_RELEASE);
            flood_open_push(&s->open, f2, g2, j);
            continue;
        }
        uint32_t j = slot_node(s, slot);
        meta old = node_meta(s, j);
        if (old.g <= g2) continue; /* another thread stored it meanwhile, no deeper */
        w->counts.reopened++;
        node_set_meta(s, j, cm); /* a shorter path: reopen */
        flood_open_push(&s->open, f2, g2, j);
    }
    account(s);
}

/* Expands node i, popped from bucket (f, gpop): false when the search must stop. */
static bool expand_one(astar *s, worker *w, uint32_t i, int f, int gpop) {
    size_t nw = (size_t)s->nw;
    lock(s);
    meta m = node_meta(s, i);
    bool skip = f >= s->cut || get_stopped(s) || m.g != gpop; /* stale: reached later by a shorter path */
    bool again = (m.flags & EXPANDED) != 0;
    if (again && !(m.flags & REEXPAND)) skip = true;
    if (!skip && s->store_limit > 0 && s->bytes + s->extra_bytes > s->store_limit)
        set_stopped(s, "memory limit");
    if (skip || get_stopped(s)) {
        bool go = !get_stopped(s);
        unlock(s);
        return go;
    }
    m.flags = (m.flags | EXPANDED) & ~REEXPAND;
    node_set_meta(s, i, m);
    int cut = s->cut;
    unlock(s);
    uint64_t *F = w->F, *scratch = w->F + 2 * nw;
    state_of(s, i, F); /* a stored state never changes */
    w->expanded++;
    /* a second parent of equal depth (NO_COMMUTE): no commuting rule; a deferred node's
     * second expansion keeps it, as its first did */
    flood_context ctx = context_of(s, i, m, scratch);
    filter_ctx fc = {s, i, m.g, &w->counts, w->probing};
    w->ex.filter = astar_filter;
    w->ex.note = astar_note;
    w->ex.filter_ctx = &fc;
    if (!s->threaded && s->nnodes + GOPT_FLOOD_MAX_COLOURS >= table_limit(s)) table_grow(s);
    int n = flood_expand(&w->ex, F, &ctx, cut <= FLOOD_MAX_G ? cut - m.g : 0);
    lock(s);
    store_successors(s, w, i, m, n);
    bool go = !get_stopped(s);
    unlock(s);
    return go;
}

/* Ctrl-C, a cancelled request, the deadline: the reason to stop, or NULL. */
static const char *stop_reason(const flood_limits *lim) {
    if (lim->deadline > 0 && gopt_now() > lim->deadline) return "time limit";
    gopt_stop_reason why = gopt_stop_check();
    return why != GOPT_GO ? gopt_stop_word(why) : NULL;
}

/* The open list holds no node with f < cut: so no sequence is shorter than cut. When cut is
 * still below UB (the first, tentative cut: see flood_astar), raise it to UB and queue again
 * every node that had successors cut in between (its second expansion stores them; those
 * stored already are duplicates and cost no bound). False when the search is over. */
static bool raise_cut(astar *s, int *LB) {
    if (s->cut >= s->UB) return false;
    int layer = s->cut;
    *LB = layer;
    s->cut = s->UB;
    for (size_t k = 0; k < s->deferred.n; k++) {
        uint32_t j = s->deferred.v[k];
        meta m = node_meta(s, j);
        if (!(m.flags & DEFERRED)) continue;
        m.flags = (m.flags & ~DEFERRED) | REEXPAND;
        node_set_meta(s, j, m);
        flood_open_push(&s->open, layer, m.g, j);
    }
    s->open.bytes -= s->deferred.cap * sizeof *s->deferred.v;
    free(s->deferred.v);
    s->deferred = (flood_u32s){0};
    account(s);
    return true;
}

/* One thread: pops one node at a time. */
static int64_t search_serial(astar *s, worker *w, int *LB) {
    int f, gpop;
    uint32_t i;
    int64_t pops = 0;
    for (;;) {
        if (!flood_open_pop(&s->open, INT32_MAX, &f, &gpop, &i)) {
            if (raise_cut(s, LB)) continue;
            break;
        }
        if (f >= s->cut) {
            flood_open_push(&s->open, f, gpop, i);
            if (raise_cut(s, LB)) continue;
            break;
        }
        *LB = f; /* the smallest f in the open list: no shorter sequence remains */
        const char *why;
        if ((++pops & 255) == 0 && (why = stop_reason(s->lim))) {
            set_stopped(s, why);
            break;
        }
        if (!expand_one(s, w, i, f, gpop)) break;
    }
    return pops;
}

/* The threads sharing one search: the calling thread and threads - 1 helpers, which sleep
 * between buckets (OpenMP's runtime would spin for milliseconds after every bucket, which on
 * a shared machine costs more than the bucket). */
typedef struct crew {
    astar *s;
    worker *w;
    int threads;
    pthread_t *helpers;
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    uint64_t round;      /* one per bucket */
    int busy;            /* helpers still on this round */
    bool quit;
    const uint32_t *items; /* the bucket */
    int64_t count;
    int f, g;
    int64_t next;        /* the next item to take (atomic) */
} crew;

typedef struct helper_arg {
    crew *c;
    int index;
} helper_arg;

/* Takes items of the bucket, a few at a time, until none is left; the calling thread
 * (index 0) also polls the deadline and Ctrl-C, which are its solve's. */
static void crew_work(crew *c, int index) {
    astar *s = c->s;
    int64_t polls = 0;
    for (;;) {
        int64_t k = __atomic_fetch_add(&c->next, 4, __ATOMIC_RELAXED);
        if (k >= c->count) return;
        for (int64_t j = k; j < k + 4 && j < c->count; j++) {
            if (get_stopped(s)) return;
            if (index == 0 && (++polls & 255) == 0) {
                const char *why = stop_reason(s->lim);
                if (why) {
                    set_stopped(s, why);
                    return;
                }
            }
            expand_one(s, &c->w[index], c->items[j], c->f, c->g);
        }
    }
}

static void *crew_helper(void *arg) {
    helper_arg *h = arg;
    crew *c = h->c;
    uint64_t seen = 0;
    pthread_mutex_lock(&c->mu);
    for (;;) {
        while (c->round == seen && !c->quit) pthread_cond_wait(&c->go, &c->mu);
        if (c->quit) break;
        seen = c->round;
        pthread_mutex_unlock(&c->mu);
        crew_work(c, h->index);
        pthread_mutex_lock(&c->mu);
        if (--c->busy == 0) pthread_cond_signal(&c->done);
    }
    pthread_mutex_unlock(&c->mu);
    return NULL;
}

/* Expands a bucket on every thread; returns when all are done with it. */
static void crew_run(crew *c, const uint32_t *items, int64_t count, int f, int g) {
    pthread_mutex_lock(&c->mu);
    c->items = items;
    c->count = count;
    c->f = f;
    c->g = g;
    c->next = 0;
    c->busy = c->threads - 1;
    c->round++;
    pthread_cond_broadcast(&c->go);
    pthread_mutex_unlock(&c->mu);
    crew_work(c, 0);
    pthread_mutex_lock(&c->mu);
    while (c->busy > 0) pthread_cond_wait(&c->done, &c->mu);
    pthread_mutex_unlock(&c->mu);
}

/* Several threads: a bucket at a time, its nodes shared out (small buckets, where waking
 * the helpers costs more than it gains, on the calling thread alone). False when a helper
 * could not be started (the caller then searches on one thread). */
static bool search_threaded(astar *s, worker *w, int threads, int *LB) {
    crew c = {.s = s, .w = w, .threads = threads};
    pthread_mutex_init(&c.mu, NULL);
    pthread_cond_init(&c.go, NULL);
    pthread_cond_init(&c.done, NULL);
    c.helpers = gopt_malloc((size_t)threads * sizeof *c.helpers);
    helper_arg *args = gopt_malloc((size_t)threads * sizeof *args);
    int started = 0;
    for (int t = 1; t < threads; t++) {
        args[t] = (helper_arg){&c, t};
        if (pthread_create(&c.helpers[t], NULL, crew_helper, &args[t]) != 0) break;
        started++;
    }
    c.threads = started + 1;
    int f, gpop;
    flood_u32s bucket = {0};
    while (started > 0 && !get_stopped(s)) {
        if (!flood_open_pop_bucket(&s->open, &f, &gpop, &bucket)) {
            if (raise_cut(s, LB)) continue;
            break;
        }
        if (f >= s->cut) {
            for (size_t k = 0; k < bucket.n; k++) flood_open_push(&s->open, f, gpop, bucket.v[k]);
            free(bucket.v);
            bucket = (flood_u32s){0};
            if (raise_cut(s, LB)) continue;
            break;
        }
        *LB = f;
        const char *why = stop_reason(s->lim);
        if (why) set_stopped(s, why);
        if (bucket.n >= 64) {
            crew_run(&c, bucket.v, (int64_t)bucket.n, f, gpop);
        } else {
            for (size_t k = 0; k < bucket.n && !get_stopped(s); k++) expand_one(s, &w[0], bucket.v[k], f, gpop);
        }
        free(bucket.v);
        bucket = (flood_u32s){0};
    }
    pthread_mutex_lock(&c.mu);
    c.quit = true;
    pthread_cond_broadcast(&c.go);
    pthread_mutex_unlock(&c.mu);
    for (int t = 1; t <= started; t++) pthread_join(c.helpers[t], NULL);
    free(c.helpers);
    free(args);
    pthread_mutex_destroy(&c.mu);
    pthread_cond_destroy(&c.go);
    pthread_cond_destroy(&c.done);
    return started > 0;
}

/* ---- When the store is full: depth-first from its frontier ----
 * A full store used to end the search with bounds. Now the search goes on in the memory it
 * has, as IDA* from the stored frontier: for each threshold T from the proven lower bound up
 * to UB - 1, a depth-first search below T (f <= T) from every stored node with f <= T whose
 * successors are not all stored (never expanded, to be expanded again, or cut by the
 * tentative cut when T reaches it). The table is only read: a successor it holds at a smaller
 * depth (or at the same depth under A*'s own conditions) is dropped, since the stored node
 * either is such a root itself or has its successors stored, so whatever continues from the
 * dropped one continues from the stored one within the threshold; the rest is searched
 * without being stored. So every sequence of at most T moves is found, a threshold that
 * finds none is a proven lower bound, and the first that finds one gives the optimum
 * (docs/methods.md). Nothing is written, so the threads share the table without a lock. */

#define TAIL_NO_NODE 0xfffffffeu /* a successor found depth-first, not stored */

typedef struct tail_walk tail_walk;

typedef struct tail {
    astar *s;
    int T;
    uint32_t next;       /* nodes taken so far, from the newest down (under s->lock) */
    tail_walk *walks;    /* every thread's, for the progress a checkpoint keeps */
    int nwalks;
    double saved_at;     /* when the checkpoint's progress was last written (0: no checkpoint) */
    /* the sequence found (under s->lock when threaded) */
    bool found;
    uint8_t *found_free; /* its free moves */
    int found_nfree;
} tail;

/* One thread's walk: per depth, the successors copied out of the expander. */
struct tail_walk {
    tail *t;
    worker *w;
    int index;           /* 0: the calling thread, which polls the limits */
    int k;               /* successors per depth at most */
    flood_succ *succ;    /* (T + 2) x k */
    uint64_t *states;    /* (T + 2) x k x 2nw */
    uint8_t *path;       /* free moves from the root of this walk */
    uint32_t root;
    int64_t polls;
    flood_tail_cache cache;
    int64_t cache_drops;
    uint32_t busy;       /* the `next` of the nodes it is searching from, or NO_PARENT */
};

static bool tail_filter(void *ctx, const uint64_t *state, int g_add, uint64_t hash) {
    filter_ctx *fc = ctx;
    astar *s = fc->s;
    uint64_t e = shared_entry(s, state, hash);
    if (!e) return true;
    meta old = node_meta(s, flood_entry_node(e));
    int g2 = fc->g + g_add;
    if (old.g > g2) return true;
    if (old.g < g2 || old.parent == fc->parent || (old.flags & NO_COMMUTE)) {
        fc->out->duplicates++;
        return false;
    }
    return true; /* equal depth, another parent: searched here under this path's rules */
}

static int tail_order(const void *x, const void *y) {
    const flood_succ *a = x, *b = y;
    int fa = a->g_add + a->h, fb = b->g_add + b->h;
    if (fa != fb) return fa < fb ? -1 : 1;
    return b->absorbed - a->absorbed;
}

static void tail_found(tail_walk *tw, int depth) {
    astar *s = tw->t->s;
    lock(s);
    if (!tw->t->found) {
        uint8_t *buf = gopt_malloc((size_t)s->g->nregions + (size_t)depth + 2);
        int n = free_moves_to(s, tw->root, buf);
        memcpy(buf + n, tw->path, (size_t)depth + 1);
        tw->t->found_free = buf;
        tw->t->found_nfree = n + depth + 1;
        __atomic_store_n(&tw->t->found, true, __ATOMIC_RELAXED);
    }
    unlock(s);
}

/* The nodes searched from so far in this threshold: up to the first that a thread holds. */
static uint32_t tail_done(tail *t) {
    uint32_t done = t->next < t->s->nnodes ? t->next : t->s->nnodes;
    for (int j = 0; j < t->nwalks; j++)
        if (t->walks[j].busy < done) done = t->walks[j].busy;
    return done;
}

static void tail_save_progress(tail *t) {
    lock(t->s);
    uint32_t done = tail_done(t);
    unlock(t->s);
    flood_ckpt_progress(t->s->lim->files, t->s->lim->checkpoint, t->T, done);
    t->saved_at = gopt_now();
}

/* Searches below the threshold from F (g moves, bound h, `depth` moves below the root),
 * only the moves in `only`; true when a sequence was found. *skipped: the moves the
 * commuting rule skipped at F. */
static bool tail_dfs(tail_walk *tw, const uint64_t *F, int g, int h, int depth, uint32_t parent,
                     const flood_context *ctx, uint64_t only, uint64_t *skipped) {
    tail *t = tw->t;
    astar *s = t->s;
    worker *w = tw->w;
    if ((++tw->polls & 255) == 0 && tw->index == 0) {
        const char *why = stop_reason(s->lim);
        if (why) set_stopped(s, why);
        if (t->saved_at > 0 && gopt_now() - t->saved_at >= FLOOD_CKPT_EVERY) tail_save_progress(t);
    }
    if (get_stopped(s) || __atomic_load_n(&t->found, __ATOMIC_RELAXED)) return false;
    size_t nw = (size_t)s->nw;
    filter_ctx fc = {s, parent, g, &w->counts, NULL};
    w->ex.filter = tail_filter;
    w->ex.note = astar_note;
    w->ex.filter_ctx = &fc;
    w->expanded++;
    int n = flood_expand(&w->ex, F, ctx, t->T + 1 - g);
    *skipped = w->ex.commuted;
    flood_succ *succ = tw->succ + (size_t)depth * (size_t)tw->k;
    uint64_t *buf = tw->states + (size_t)depth * (size_t)tw->k * 2 * nw;
    for (int k = 0; k < n; k++) {
        succ[k] = w->ex.succ[k];
        memcpy(buf + (size_t)k * 2 * nw, succ[k].state, 2 * nw * sizeof *buf);
        succ[k].state = buf + (size_t)k * 2 * nw;
        succ[k].border = succ[k].state + nw;
        if (succ[k].h < h - succ[k].g_add) succ[k].h = h - succ[k].g_add; /* pathmax */
    }
    qsort(succ, (size_t)n, sizeof *succ, tail_order);
    for (int k = 0; k < n; k++) {
        const flood_succ *c = &succ[k];
        int g2 = g + c->g_add;
        if (!(only >> c->colour & 1)) continue;
        tw->path[depth] = (uint8_t)c->colour;
        if (c->goal) {
            if (g2 > t->T) continue;
            tail_found(tw, depth);
            return true;
        }
        if (g2 + c->h > t->T || g2 > FLOOD_MAX_G) continue;
        flood_context cctx = flood_context_of(ctx, c, 1); /* A*'s window (context_of) */
        /* searched before (tail_cache.h): dropped as A*'s filter would, or merged as A*
         * does, by searching again without the commuting rule the moves it skipped there */
        uint64_t hash = flood_hash(c->state, s->nw), was_skipped = 0;
        uint64_t seen = flood_tail_cache_get(&tw->cache, c->state, hash, &was_skipped);
        int seen_g = (int)(seen & FLOOD_CACHE_G);
        if (seen && (seen_g < g2 || (seen_g == g2 && (seen & FLOOD_CACHE_NO_COMMUTE)))) {
            tw->cache_drops++;
            continue;
        }
        bool merge = seen && seen_g == g2;
        if (merge) cctx = (flood_context){0};
        uint64_t child_skipped;
        if (tail_dfs(tw, c->state, g2, c->h, depth + 1, TAIL_NO_NODE, &cctx, merge ? was_skipped : ~0ull,
                     &child_skipped))
            return true;
        if (get_stopped(s) || __atomic_load_n(&t->found, __ATOMIC_RELAXED)) return false;
        flood_tail_cache_put(&tw->cache, c->state, hash, g2, cctx.n == 0, child_skipped);
    }
    return false;
}

/* Takes the stored nodes a few hundred at a time, newest first, and searches from those that
 * are roots. */
static void *tail_run(void *arg) {
    tail_walk *tw = arg;
    tail *t = tw->t;
    astar *s = t->s;
    size_t nw = (size_t)s->nw;
    uint64_t *F = tw->w->F, *scratch = F + 2 * nw;
    for (;;) {
        /* newest first: the deepest nodes of the last layer, where a sequence of T moves, if
         * there is one, is nearest */
        lock(s);
        uint32_t taken = t->next;
        t->next += 256;
        tw->busy = taken < s->nnodes ? taken : NO_PARENT;
        unlock(s);
        if (taken >= s->nnodes) return NULL;
        uint32_t top = s->nnodes - taken, from = top > 256 ? top - 256 : 0;
        for (uint32_t i = top; i-- > from;) {
            if (get_stopped(s) || __atomic_load_n(&t->found, __ATOMIC_RELAXED)) return NULL;
            meta m = node_meta(s, i);
            if (m.g + m.h > t->T) continue;
            if ((m.flags & EXPANDED) && !(m.flags & REEXPAND) && !((m.flags & DEFERRED) && t->T >= s->cut)) continue;
            state_of(s, i, F);
            flood_context ctx = context_of(s, i, m, scratch);
            tw->root = i;
            uint64_t skipped;
            tail_dfs(tw, F, m.g, m.h, 0, i, &ctx, ~0ull, &skipped);
        }
    }
}

/* The store, saved for --checkpoint when the tail starts (threshold T, nothing searched);
 * false when there is none (then no progress is written either). Another board's
 * checkpoint is left alone. */
static bool tail_checkpoint(astar *s, int T) {
    flood_ckpt c = {.digest = flood_graph_digest(s->g), .nw = s->nw, .stride = s->stride, .light = s->light,
                    .cut = s->cut, .UB = s->UB, .nnodes = s->nnodes, .nstates = s->nstates,
                    .table_cap = s->table_cap, .T = T, .done = 0, .peak = s->peak};
    char why[300];
    if (flood_ckpt_foreign(s->lim->files, s->lim->checkpoint, c.digest)) {
        gopt_warn("--checkpoint %s holds another board's search: left alone, this one keeps none", s->lim->checkpoint);
        return false;
    }
    if (flood_ckpt_save(s->lim->files, s->lim->checkpoint, &c, s->chunks, s->states, s->table, why, sizeof why)) return true;
    gopt_warn("--checkpoint: %s (the search goes on without)", why);
    return false;
}

/* Called when the store is full: the thresholds from *LB up, on every thread, the first from
 * `done` stored nodes on (a checkpoint's progress: `resumed`). True when it ended them (a
 * sequence found, *found_free set, or UB proven); false at another limit. */
static bool astar_tail(astar *s, worker *w, int threads, int *LB, bool resumed, uint32_t done_before,
                       uint8_t **found_free, int *found_nfree) {
    set_stopped(s, NULL);
    bool keep = s->lim->checkpoint != NULL;
    /* a refused charge also marked the solve stopped for memory (budget.h), which would end
     * the tail at its first poll: it is what the tail recovers from */
    gopt_stop_recovered(GOPT_STOP_MEMORY);
    int k = flood_popcount(s->g->present);
    tail_walk *tw = gopt_calloc((size_t)threads, sizeof *tw);
    pthread_t *th = gopt_malloc((size_t)threads * sizeof *th);
    /* the caches, in what the store left of the limit (at least tail_reserve, unless the
     * open list's last growth took some of it) */
    double room = s->tail_reserve > 0 ? s->lim->memory_bytes - s->peak - s->extra_bytes : 0;
    size_t buckets = flood_tail_cache_fit(room / threads, s->nw);
    size_t cache_bytes = (size_t)threads * flood_tail_cache_bytes(buckets, s->nw);
    if (buckets && s->budget && !gopt_budget_charge(s->budget, cache_bytes)) {
        gopt_stop_recovered(GOPT_STOP_MEMORY);
        buckets = 0;
    }
    flood_tail_cache *caches = gopt_calloc((size_t)threads, sizeof *caches);
    for (int j = 0; j < threads && buckets; j++)
        caches[j] = (flood_tail_cache){gopt_malloc(flood_tail_cache_bytes(buckets, s->nw)), buckets, s->nw};
    if (buckets) s->extra_bytes += (double)cache_bytes;
    bool done = *LB >= s->UB;
    if (keep && !resumed && !done) keep = tail_checkpoint(s, *LB);
    for (int first = *LB, T = first; T < s->UB && !done; T++) {
        tail t = {.s = s, .T = T, .next = T == first ? done_before : 0, .walks = tw, .nwalks = threads,
                  .saved_at = keep ? gopt_now() : 0};
        for (int j = 0; j < threads; j++) {
            flood_tail_cache_clear(&caches[j]); /* an entry holds for its threshold */
            tw[j] = (tail_walk){.t = &t, .w = &w[j], .index = j, .k = k, .cache = caches[j], .busy = NO_PARENT};
            tw[j].succ = gopt_malloc((size_t)(T + 2) * (size_t)k * sizeof *tw[j].succ);
            tw[j].states = gopt_malloc((size_t)(T + 2) * (size_t)k * 2 * (size_t)s->nw * sizeof *tw[j].states);
            tw[j].path = gopt_malloc((size_t)T + 2);
        }
        int started = 1;
        for (int j = 1; j < threads && s->threaded; j++, started++)
            if (pthread_create(&th[j], NULL, tail_run, &tw[j]) != 0) break;
        tail_run(&tw[0]);
        for (int j = 1; j < started; j++) pthread_join(th[j], NULL);
        for (int j = 0; j < threads; j++) {
            free(tw[j].succ), free(tw[j].states), free(tw[j].path);
            s->cache_drops += tw[j].cache_drops;
        }
        if (t.found) {
            *found_free = t.found_free;
            *found_nfree = t.found_nfree;
            *LB = T;
            done = true;
        } else if (get_stopped(s)) {
            if (keep) tail_save_progress(&t); /* the next run goes on from here */
            break;
        } else {
            *LB = T + 1;
            done = *LB >= s->UB;
            if (keep && !done) flood_ckpt_progress(s->lim->files, s->lim->checkpoint, T + 1, 0);
        }
    }
    if (keep && done) s->lim->files->remove(s->lim->files->ctx, s->lim->checkpoint); /* the proof is complete: nothing to resume */
    for (int j = 0; j < threads; j++) free(caches[j].slots);
    free(caches);
    if (buckets && s->budget) gopt_budget_release(s->budget, cache_bytes);
    free(tw);
    free(th);
    return done;
}

/* Loads a --checkpoint of this board and search, if there is one: the store as it was when
 * it filled, and how far the tail had come (*LB: its threshold). */
static bool resume(astar *s, flood_ckpt *got, int *LB) {
    flood_ckpt want = {.digest = flood_graph_digest(s->g), .nw = s->nw, .stride = s->stride, .light = s->light};
    if (!flood_ckpt_header(s->lim->files, s->lim->checkpoint, &want, got) || got->UB != s->UB || got->T < *LB) return false;
    size_t nchunks = ((size_t)got->nnodes + CHUNK_NODES - 1) >> CHUNK_SHIFT;
    size_t nstates = s->light ? ((size_t)got->nstates + CHUNK_NODES - 1) >> CHUNK_SHIFT : 0;
    if (!s->threaded) {
        gopt_grow(&s->chunks, &s->chunks_cap, nchunks, sizeof *s->chunks);
        if (nstates) gopt_grow(&s->states, &s->states_cap, nstates, sizeof *s->states);
    } else if (nchunks > s->chunks_cap || nstates > s->states_cap) {
        return false;
    }
    if (nchunks) memset(s->chunks, 0, nchunks * sizeof *s->chunks);
    if (nstates) memset(s->states, 0, nstates * sizeof *s->states);
    s->nchunks = nchunks;
    s->nstates_chunks = nstates;
    uint64_t *table = gopt_malloc((size_t)got->table_cap * sizeof *table);
    if (!flood_ckpt_load(s->lim->files, s->lim->checkpoint, got, s->chunks, s->states, table)) {
        /* a fresh search follows: it must find no chunk (a short read leaves some unmade) */
        for (size_t c = 0; c < nchunks; c++) free(s->chunks[c]), s->chunks[c] = NULL;
        for (size_t c = 0; c < nstates; c++) free(s->states[c]), s->states[c] = NULL;
        s->nchunks = s->nstates_chunks = 0;
        free(table);
        return false;
    }
    free(s->table);
    s->table = table;
    s->table_cap = (size_t)got->table_cap;
    s->table_final = true;
    s->nnodes = got->nnodes;
    s->nstates = got->nstates;
    s->cut = got->cut;
    *LB = got->T;
    account(s);
    return true;
}

void flood_astar(const flood_graph *g, const uint8_t *ub_moves, int ub_len, const flood_limits *lim,
                 flood_outcome *out) {
    memset(out, 0, sizeof *out);
    int threads = lim->threads > 1 ? lim->threads : 1;
    gopt_solve_ctx *solve = gopt_ctx_current();
    int light = lim->light > 1 ? lim->light : 0;
    astar s = {.g = g, .nw = g->nwords, .stride = light ? 2 : g->nwords + 1, .lim = lim, .threaded = threads > 1,
               .budget = solve ? solve->budget : NULL, .light = light, .meta_at = light ? 0 : g->nwords};
    size_t nw = (size_t)g->nwords;
    worker *w = gopt_malloc((size_t)threads * sizeof *w);
    for (int t = 0; t < threads; t++) worker_init(&w[t], g);
    if (s.threaded) {
        s.nthreads = threads;
        s.probing = gopt_calloc((size_t)threads * 8, sizeof *s.probing);
        for (int t = 0; t < threads; t++) w[t].probing = &s.probing[(size_t)t * 8];
        pthread_mutex_init(&s.lock, NULL);
        s.chunks_cap = ((size_t)NO_PARENT >> CHUNK_SHIFT) + 1;
        s.chunks = gopt_calloc(s.chunks_cap, sizeof *s.chunks);
        if (light) {
            s.states_cap = s.chunks_cap;
            s.states = gopt_calloc(s.states_cap, sizeof *s.states);
        }
    }
    uint64_t *F = w[0].F, *border = F + nw, *scratch = F + 2 * nw;
    int g0 = flood_start(g, F, border, scratch, NULL);
    int h0 = gopt_bits_any(border, nw) ? flood_bound(&w[0].ex.bounder, F, border) : 0;
    s.UB = ub_len >= 0 ? ub_len : FLOOD_MAX_G + 1;
    s.goal_parent = NO_PARENT;
    s.goal_colour = -1;
    int LB = g0 + h0;
    if (h0 == 0) { /* the forced moves alone flood everything */
        s.UB = g0;
        s.have_goal = true;
    }
    /* The tentative cut: a heuristic sequence is often one move too long, and then every
     * successor with f = UB - 1 would be stored (and fully bounded) though only a few are
     * expanded before a goal turns up. So store only f < UB - 1 first; if that layer ends
     * without a goal, raise_cut brings back the ones cut in between. */
    s.cut = ub_len >= 0 && s.UB - 1 > LB ? s.UB - 1 : s.UB;
    table_grow(&s);
    flood_ckpt got = {0};
    bool resumed = lim->checkpoint && LB < s.UB && resume(&s, &got, &LB);
    if (LB < s.UB && !resumed) {
        uint32_t root = node_add(&s, F, (meta){NO_PARENT, g0, h0, 0, 0});
        uint64_t hash = flood_hash(F, (int)nw);
        s.table[table_find(&s, F, hash)] = flood_table_entry(hash, root);
        flood_open_push(&s.open, LB, g0, root);
    }
    s.extra_bytes = threads * ((double)w[0].ex.bounder.bytes + 2.0 * (double)nw * 8 * GOPT_FLOOD_MAX_COLOURS) +
                    (s.threaded ? (double)(s.chunks_cap + s.states_cap) * sizeof *s.chunks : 0);
    s.tail_reserve = lim->memory_bytes > 0 ? lim->memory_bytes * lim->cache_share : 0;
    s.store_limit = lim->memory_bytes > 0 ? lim->memory_bytes - s.tail_reserve : 0;
    if (!resumed && (!s.threaded || !search_threaded(&s, w, threads, &LB))) search_serial(&s, w, &LB);
    uint8_t *tail_free = NULL;
    int tail_nfree = 0;
    if (resumed || (s.stopped && strcmp(s.stopped, "memory limit") == 0)) {
        int64_t before = 0;
        for (int t = 0; t < threads; t++) before += w[t].expanded;
        astar_tail(&s, w, threads, &LB, resumed, got.done, &tail_free, &tail_nfree);
        for (int t = 0; t < threads; t++) out->tail_nodes += w[t].expanded;
        out->tail_nodes -= before;
        out->tail_duplicates = s.cache_drops;
    }
    for (int t = 0; t < threads; t++) {
        out->nodes += w[t].expanded;
        out->generated += w[t].ex.generated;
        out->pruned_leaf += w[t].ex.pruned_leaf;
        out->pruned_commute += w[t].ex.pruned_commute;
        out->duplicates += w[t].counts.duplicates;
        out->merged += w[t].counts.merged;
        out->reopened += w[t].counts.reopened;
    }
    out->stopped = s.stopped;
    out->peak_bytes = s.peak + s.extra_bytes;
    if (out->stopped) {
        out->status = GOPT_LIMIT;
        out->lower_bound = LB;
    } else {
        out->status = GOPT_SOLVED;
        out->lower_bound = s.UB; /* and optimal once a sequence is known, below */
    }
    if (tail_free) {
        out->moves = gopt_malloc((size_t)g->nregions + 1);
        out->length = flood_replay(g, tail_free, tail_nfree, out->moves);
        free(tail_free);
    } else if (s.have_goal && s.goal_parent != NO_PARENT) {
        uint8_t last = (uint8_t)s.goal_colour;
        out->length = reconstruct(&s, s.goal_parent, &last, 1, &out->moves);
    } else if (s.have_goal) { /* the start's forced moves */
        out->moves = gopt_malloc((size_t)g0 + 1);
        out->length = flood_start(g, F, border, scratch, out->moves);
    } else {
        flood_outcome_take(out, ub_moves, ub_len);
        if (ub_len < 0 && !out->stopped) out->status = GOPT_ERROR; /* cannot happen: every board floods */
    }
    /* no sequence: ub_moves was NULL and none is shorter than ub_len (the bound is proven) */
    out->optimal = out->status == GOPT_SOLVED && out->length >= 0;
    if (out->optimal) out->lower_bound = out->length;
    for (int t = 0; t < threads; t++) worker_free(&w[t]);
    free(w);
    if (s.budget) gopt_budget_release(s.budget, (size_t)s.charged);
    astar_free(&s);
}
