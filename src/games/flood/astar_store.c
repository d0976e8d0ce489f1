/* The A*'s node store (fixed-size chunks, light nodes rebuilt from an ancestor's state) and
 * its closed table (open addressing of node numbers, grown under the memory limit, read
 * without the lock by the threads). */
#include <stdlib.h>
#include <string.h>

#include "astar_internal.h"
#include "gameopt/alloc.h"

#define MAX_WORDS ((FLOOD_MAX_REGIONS + 63) / 64)

/* Node i's state into out (nw words): with light nodes, the nearest stored state up its
 * parents, then their free moves replayed, each with the completions it forces, exactly as
 * the expander played them (only the colours a move exposes can become completable). A
 * shorter path may replace a node's parent meanwhile; any parent chain gives the same state,
 * and each bookkeeping word is read whole. */
void astar_state_of(astar *s, uint32_t i, uint64_t *out) {
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
bool astar_node_is(astar *s, uint32_t i, const uint64_t *state) {
    static _Thread_local uint64_t other[MAX_WORDS];
    const uint64_t *o = node(s, i);
    if (s->light) {
        astar_state_of(s, i, other);
        o = other;
    }
    uint64_t diff = 0;
    for (int j = 0; j < s->nw; j++) diff |= o[j] ^ state[j];
    return !diff;
}

/* Also charges the growth to the solve's account, so the process budget sees the store
 * (a refused charge stops the search as the limit would). */
void astar_account(astar *s) {
    s->bytes = (double)s->nchunks * CHUNK_NODES * (double)s->stride * 8 + (double)s->table_cap * 8 +
               (double)s->open.bytes + (double)s->nstates_chunks * CHUNK_NODES * (double)s->nw * 8;
    if (s->bytes > s->peak) s->peak = s->bytes;
    if (s->budget && s->bytes > s->charged) {
        if (gopt_budget_charge(s->budget, (size_t)(s->bytes - s->charged))) s->charged = s->bytes;
        else set_stopped(s, "memory limit");
    }
}

uint32_t astar_node_add(astar *s, const uint64_t *state, meta m) {
    uint32_t i = s->nnodes;
    if ((i >> CHUNK_SHIFT) >= s->nchunks) {
        /* threaded: the array was made full size at the start (workers read it unlocked) */
        if (!s->threaded) gopt_grow(&s->chunks, &s->chunks_cap, s->nchunks + 1, sizeof *s->chunks);
        s->chunks[s->nchunks++] = gopt_malloc((size_t)CHUNK_NODES * (size_t)s->stride * sizeof(uint64_t));
        astar_account(s);
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
                astar_account(s);
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
bool astar_room_for_node(const astar *s) {
    double chunk = (s->nnodes >> CHUNK_SHIFT) < s->nchunks ? 0 : (double)CHUNK_NODES * (double)s->stride * sizeof(uint64_t);
    if (s->light && (s->nstates >> CHUNK_SHIFT) >= s->nstates_chunks)
        chunk += (double)CHUNK_NODES * (double)s->nw * sizeof(uint64_t); /* a state may need one */
    return chunk == 0 || s->store_limit <= 0 || s->bytes + s->extra_bytes + chunk <= s->store_limit;
}

/* The old table and the new one live together while the entries move, so the new one must
 * fit beside everything else before it is made: checked after the fact, a 100 MB limit let
 * a run reach 123 MB (issue 16 item 5). When it does not fit, the table stays and fills on
 * (table_limit); a full one stops the search for memory (at 7/8: the few insertions left
 * before the stop is seen still find room). */
void astar_table_grow(astar *s) {
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
    if (held) gopt_budget_release(s->budget, new_bytes); /* astar_account() charges the net growth */
    astar_account(s);
}

/* The entry of `state` in the shared table, read without the lock: 0 when absent. Entries
 * are published with release after their node is written (store_successors), and a table
 * replaced meanwhile is freed only when this lookup is over (astar_table_grow), so this sees
 * either a complete entry or none; a miss is only a hint, which the store checks again
 * under the lock. */
uint64_t astar_shared_entry(astar *s, const uint64_t *state, uint64_t hash) {
    size_t cap = __atomic_load_n(&s->table_cap, __ATOMIC_SEQ_CST); /* see astar_table_grow */
    const uint64_t *table = __atomic_load_n(&s->table, __ATOMIC_ACQUIRE);
    size_t mask = cap - 1, k = (size_t)flood_hash_tag(hash) & mask;
    uint64_t want = (uint64_t)flood_hash_tag(hash) << 32;
    for (uint64_t e; (e = __atomic_load_n(&table[k], __ATOMIC_ACQUIRE)); k = (k + 1) & mask) {
        if ((e & 0xffffffff00000000ull) != want) continue;
        if (astar_node_is(s, flood_entry_node(e), state)) return e;
    }
    return 0;
}

void astar_free(astar *s) {
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
flood_context astar_context_of(astar *s, uint32_t i, meta m, uint64_t *scratch) {
    flood_context ctx = {0};
    if (m.parent == NO_PARENT || (m.flags & (CHAINED | NO_COMMUTE))) return ctx;
    const flood_graph *g = s->g;
    int nw = s->nw;
    uint64_t *P = scratch, *border = scratch + nw, *play = scratch + 2 * nw;
    astar_state_of(s, m.parent, P);
    flood_border(g, P, border);
    ctx.n = 1;
    ctx.colour[0] = (uint8_t)m.colour;
    ctx.last_absorbed = flood_play(g, P, border, m.colour, play, &ctx.exposed[0]);
    (void)i;
    return ctx;
}

/* The free moves from the root to node i, into buf (room for nregions); returns how many. */
int astar_free_moves_to(astar *s, uint32_t i, uint8_t *buf) {
    int n = 0;
    for (uint32_t k = i; node_meta(s, k).parent != NO_PARENT; k = node_meta(s, k).parent) n++;
    int at = n;
    for (uint32_t k = i; node_meta(s, k).parent != NO_PARENT; k = node_meta(s, k).parent)
        buf[--at] = (uint8_t)node_meta(s, k).colour;
    return n;
}

/* Free moves from the root to node i, then `more` (nmore of them), replayed with the forced
 * ones into a full sequence. */
int astar_reconstruct(astar *s, uint32_t i, const uint8_t *more, int nmore, uint8_t **moves) {
    uint8_t *free_moves = gopt_malloc((size_t)s->g->nregions + (size_t)nmore + 1);
    int n = astar_free_moves_to(s, i, free_moves);
    memcpy(free_moves + n, more, (size_t)nmore);
    *moves = gopt_malloc((size_t)s->g->nregions + 1);
    int len = flood_replay(s->g, free_moves, n + nmore, *moves);
    free(free_moves);
    return len;
}
