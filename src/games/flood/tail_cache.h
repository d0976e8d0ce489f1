/* The states A*'s depth-first tail (astar.c, astar_tail) has searched to the end within the
 * current threshold, one cache per thread. Below the stored frontier the tail stores nothing,
 * so without it a state reached along many orders of the same moves is searched once per
 * order; with it the tail drops such a state as A* drops a stored duplicate.
 *
 * An entry is the state's nw words and two words: the depth g at which it was searched and
 * whether that search ran without the commuting rule; and the moves that rule skipped there
 * (a second path at the same depth searches those). Two entries per bucket: the first keeps
 * the shallowest state seen there (the largest subtree), the second the most recent. It is
 * lossy (a new state replaces an old one), which costs only work: a state not found is
 * searched again. Only completed searches are entered, so what an entry says always held. */
#ifndef GOPT_FLOOD_TAIL_CACHE_H
#define GOPT_FLOOD_TAIL_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum { FLOOD_CACHE_VALID = 1 << 12, FLOOD_CACHE_NO_COMMUTE = 1 << 13, FLOOD_CACHE_G = (1 << 12) - 1 };

typedef struct flood_tail_cache {
    uint64_t *slots;  /* nbuckets x 2 x (nw + 2) words */
    size_t nbuckets;  /* a power of two; 0: no cache */
    int nw;
} flood_tail_cache;

/* The bytes of a cache of `nbuckets` buckets for states of nw words. */
static inline size_t flood_tail_cache_bytes(size_t nbuckets, int nw) {
    return nbuckets * 2 * ((size_t)nw + 2) * sizeof(uint64_t);
}

/* The largest power of two of buckets that fits in `bytes` (0 when not even one). */
static inline size_t flood_tail_cache_fit(double bytes, int nw) {
    size_t n = 1;
    while ((double)flood_tail_cache_bytes(n * 2, nw) <= bytes) n *= 2;
    return (double)flood_tail_cache_bytes(n, nw) <= bytes ? n : 0;
}

static inline void flood_tail_cache_clear(flood_tail_cache *c) {
    if (c->nbuckets) memset(c->slots, 0, flood_tail_cache_bytes(c->nbuckets, c->nw));
}

static inline uint64_t *flood_tail_cache_bucket(const flood_tail_cache *c, uint64_t hash) {
    /* the high bits: the closed table's slot comes from the low ones of the tag */
    size_t b = (size_t)((hash * 0x9e3779b97f4a7c15ull) >> 20) & (c->nbuckets - 1);
    return c->slots + b * 2 * ((size_t)c->nw + 2);
}

static inline bool flood_tail_cache_same(const uint64_t *entry, const uint64_t *state, int nw) {
    uint64_t diff = 0;
    for (int j = 0; j < nw; j++) diff |= entry[j] ^ state[j];
    return !diff;
}

/* The bookkeeping word of `state`'s entry (FLOOD_CACHE_VALID set) and the moves skipped
 * there (*skipped), or 0 when not cached. */
static inline uint64_t flood_tail_cache_get(const flood_tail_cache *c, const uint64_t *state, uint64_t hash,
                                            uint64_t *skipped) {
    if (!c->nbuckets) return 0;
    const uint64_t *e = flood_tail_cache_bucket(c, hash);
    for (int k = 0; k < 2; k++, e += c->nw + 2)
        if ((e[c->nw] & FLOOD_CACHE_VALID) && flood_tail_cache_same(e, state, c->nw)) {
            *skipped = e[c->nw + 1];
            return e[c->nw];
        }
    return 0;
}

/* Records that `state`, at depth g, was searched to the end, without the commuting rule when
 * no_commute, else with it skipping the moves `skipped`. An entry of the same state is
 * updated in place. */
static inline void flood_tail_cache_put(flood_tail_cache *c, const uint64_t *state, uint64_t hash, int g,
                                        bool no_commute, uint64_t skipped) {
    if (!c->nbuckets) return;
    int nw = c->nw;
    uint64_t *first = flood_tail_cache_bucket(c, hash), *second = first + nw + 2;
    uint64_t word = FLOOD_CACHE_VALID | (no_commute ? FLOOD_CACHE_NO_COMMUTE : 0) | (uint64_t)(g & FLOOD_CACHE_G);
    uint64_t *at;
    if ((first[nw] & FLOOD_CACHE_VALID) && flood_tail_cache_same(first, state, nw)) {
        at = first;
    } else if ((second[nw] & FLOOD_CACHE_VALID) && flood_tail_cache_same(second, state, nw)) {
        at = second;
    } else if (!(first[nw] & FLOOD_CACHE_VALID) || g <= (int)(first[nw] & FLOOD_CACHE_G)) {
        memcpy(second, first, ((size_t)nw + 2) * sizeof *first); /* the old shallowest moves down */
        at = first;
    } else {
        at = second;
    }
    memcpy(at, state, (size_t)nw * sizeof *at);
    at[nw] = word;
    at[nw + 1] = no_commute ? 0 : skipped;
}

#endif
