/* The sweep's memory of dead ends (solve_grid.c): frontier states whose every completion was
 * searched and failed. The sweep's future depends only on its frontier (see solve_grid.c),
 * so a state met again is refused at once, which turns the tree search into a dynamic
 * program over frontier states wherever the same frontier is reached by different pasts.
 *
 * Keys are kept whole (never just a hash): a wrong hit would be a wrong "unsolvable". The
 * table lives in a fixed number of bytes charged to the solve's memory budget; when it is
 * full it is emptied and filled afresh (recent dead ends are the likeliest to recur), which
 * only costs pruning, never correctness. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/budget.h"
#include "internal.h"

typedef struct slot {
    uint64_t hash;  /* 0: empty */
    uint32_t at;    /* the key's first word in the arena */
    uint32_t len;
} slot;

struct flow_memo {
    slot *slots;
    size_t nslots, used;
    uint32_t *arena;
    size_t arena_cap, arena_used;
    size_t charged;
    int64_t hits, stored, cleared;
};

static uint64_t hash_key(const uint32_t *key, int len) {
    uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t)len;
    for (int i = 0; i < len; i++) {
        h ^= key[i];
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    h ^= h >> 29;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 32;
    return h ? h : 1;
}

flow_memo *flow_memo_new(size_t bytes) {
    /* a third of the bytes for slots (16 each), the rest for keys (at 4 bytes a word) */
    size_t nslots = 1024;
    while (nslots * 2 * sizeof(slot) * 3 <= bytes) nslots *= 2;
    size_t arena = (bytes - nslots * sizeof(slot)) / sizeof(uint32_t);
    if (bytes < 4096 || arena < 1024 || arena > UINT32_MAX) return NULL;
    if (!gopt_budget_charge(NULL, nslots * sizeof(slot) + arena * sizeof(uint32_t))) {
        gopt_stop_recovered(GOPT_STOP_MEMORY); /* no memory for it: search without it */
        return NULL;
    }
    flow_memo *m = gopt_calloc(1, sizeof *m);
    m->nslots = nslots;
    m->slots = gopt_calloc(nslots, sizeof *m->slots);
    m->arena_cap = arena;
    m->arena = gopt_malloc(arena * sizeof *m->arena);
    m->charged = nslots * sizeof(slot) + arena * sizeof(uint32_t);
    return m;
}

void flow_memo_free(flow_memo *m) {
    if (!m) return;
    gopt_budget_release(NULL, m->charged);
    free(m->slots);
    free(m->arena);
    free(m);
}

/* The slot holding the key, or the empty slot where it would go. */
static slot *find(const flow_memo *m, const uint32_t *key, int len, uint64_t h) {
    size_t mask = m->nslots - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        slot *s = &m->slots[i];
        if (s->hash == 0) return s;
        if (s->hash == h && s->len == (uint32_t)len && memcmp(m->arena + s->at, key, (size_t)len * sizeof *key) == 0)
            return s;
    }
}

bool flow_memo_has(flow_memo *m, const uint32_t *key, int len) {
    slot *s = find(m, key, len, hash_key(key, len));
    if (s->hash == 0) return false;
    m->hits++;
    return true;
}

void flow_memo_add(flow_memo *m, const uint32_t *key, int len) {
    /* full (a slot table at most 3/4 used, or no room for the key): start afresh */
    if ((m->used + 1) * 4 > m->nslots * 3 || m->arena_used + (size_t)len > m->arena_cap) {
        if ((size_t)len > m->arena_cap) return;
        memset(m->slots, 0, m->nslots * sizeof *m->slots);
        m->used = m->arena_used = 0;
        m->cleared++;
    }
    uint64_t h = hash_key(key, len);
    slot *s = find(m, key, len, h);
    if (s->hash) return;
    memcpy(m->arena + m->arena_used, key, (size_t)len * sizeof *key);
    *s = (slot){h, (uint32_t)m->arena_used, (uint32_t)len};
    m->arena_used += (size_t)len;
    m->used++;
    m->stored++;
}

void flow_memo_counters(const flow_memo *m, gopt_counters *c) {
    if (!m) return;
    gopt_counter_add(c, "frontier_hits", m->hits);
    gopt_counter_add(c, "frontier_stored", m->stored);
}
