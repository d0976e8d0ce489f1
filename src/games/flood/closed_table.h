/* The closed set of flood's A* searches (astar.c, and each rank's share of HDA* in src/mpi):
 * nodes in fixed-size chunks of `stride` words (the state's bitset first, then bookkeeping),
 * so nothing is allocated per node and nothing moves, and an open-addressing table of node
 * numbers keyed by the state's hash.
 *
 * A table entry is node + 1 in the low half (0: empty) and the hash's tag (its high half) in
 * the high half. The slot comes from the tag too, so growing the table reads no node, and a
 * probe reads a node (a likely cache miss) only when its tag matches. The callers keep the
 * table at most half full and do their own memory accounting around a growth. */
#ifndef GOPT_FLOOD_CLOSED_TABLE_H
#define GOPT_FLOOD_CLOSED_TABLE_H

#include <stddef.h>
#include <stdint.h>

#define FLOOD_CHUNK_SHIFT 16
#define FLOOD_CHUNK_NODES (1u << FLOOD_CHUNK_SHIFT)

/* Node i's words in a chunked store. */
static inline uint64_t *flood_chunk_node(uint64_t *const *chunks, int stride, uint32_t i) {
    return chunks[i >> FLOOD_CHUNK_SHIFT] + (size_t)(i & (FLOOD_CHUNK_NODES - 1)) * (size_t)stride;
}

static inline uint32_t flood_hash_tag(uint64_t hash) { return (uint32_t)(hash >> 32); }
static inline uint64_t flood_table_entry(uint64_t hash, uint32_t i) {
    return (uint64_t)flood_hash_tag(hash) << 32 | (uint64_t)(i + 1);
}
static inline uint32_t flood_entry_node(uint64_t e) { return (uint32_t)e - 1; }

/* Moves every entry of `from` (from_cap slots) into the empty table `to` (to_cap slots, a
 * larger power of two), by tag alone. */
static inline void flood_table_rehash(const uint64_t *from, size_t from_cap, uint64_t *to, size_t to_cap) {
    for (size_t k = 0; k < from_cap; k++) {
        if (!from[k]) continue;
        size_t at = (size_t)(from[k] >> 32) & (to_cap - 1);
        while (to[at]) at = (at + 1) & (to_cap - 1);
        to[at] = from[k];
    }
}

/* The slot holding `state` (nw words, hashed to `hash`), or the empty slot where it belongs. */
static inline size_t flood_table_find(const uint64_t *table, size_t cap, uint64_t *const *chunks, int stride,
                                      int nw, const uint64_t *state, uint64_t hash) {
    size_t mask = cap - 1, k = (size_t)flood_hash_tag(hash) & mask;
    uint64_t want = (uint64_t)flood_hash_tag(hash) << 32;
    for (uint64_t e; (e = table[k]); k = (k + 1) & mask) {
        if ((e & 0xffffffff00000000ull) != want) continue;
        const uint64_t *other = flood_chunk_node(chunks, stride, flood_entry_node(e));
        uint64_t diff = 0;
        for (int j = 0; j < nw; j++) diff |= other[j] ^ state[j];
        if (!diff) return k;
    }
    return k;
}

#endif
