/* A rank's share of the HDA* search space: nodes in fixed-size chunks (a state's bitset, then
 * two words of bookkeeping, three with more than 32 colours), an open-addressing table of
 * node numbers keyed by the state's hash, and an open list bucketed by f, then g. The same
 * layout as the single-process A* (src/games/flood/astar.c), with the parent's rank and the
 * commuting rule's context kept in the node, since the parent is usually elsewhere. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mpi/hda.h"
#include "gameopt/alloc.h"

#define CHUNK_SHIFT FLOOD_CHUNK_SHIFT
#define CHUNK_NODES FLOOD_CHUNK_NODES

void hda_store_init(hda_store *s, const flood_graph *g) {
    memset(s, 0, sizeof *s);
    s->nw = g->nwords;
    s->wide = g->ncolours > 32;
    s->stride = s->nw + 2 + s->wide;
    hda_reserve(s);
}

void hda_store_free(hda_store *s) {
    for (size_t c = 0; c < s->nchunks; c++) free(s->chunks[c]);
    free(s->chunks);
    free(s->table);
    flood_open_free(&s->open);
    memset(s, 0, sizeof *s);
}

void hda_account(hda_store *s) {
    s->bytes = (double)s->nchunks * CHUNK_NODES * (double)s->stride * 8 + (double)s->table_cap * 8 +
               (double)s->open.bytes + (double)s->open.fmax * (FLOOD_MAX_G + 1) * sizeof(flood_u32s);
    if (s->bytes > s->peak) s->peak = s->bytes;
}

uint64_t *hda_state(const hda_store *s, uint32_t i) {
    return flood_chunk_node(s->chunks, s->stride, i);
}

/* Word 0: parent (32) | g (10) | h (10) | colour (6) | flags (6), as in astar.c.
 * Word 1: parent rank + 1 (16) | absorbed (16) | exposed colours (32; word 2 holds them all
 * when there are more than 32 colours). Regions are fewer than 2^15 (FLOOD_MAX_REGIONS), and
 * main.c refuses more than 65535 ranks, so nothing is cut. */
hda_node hda_get(const hda_store *s, uint32_t i) {
    const uint64_t *w = hda_state(s, i) + s->nw;
    hda_node n = {
        .parent = (uint32_t)w[0],
        .g = (int)(w[0] >> 32 & 1023),
        .h = (int)(w[0] >> 42 & 1023),
        .colour = (int)(w[0] >> 52 & 63),
        .flags = (int)(w[0] >> 58),
        .parent_rank = (int)(w[1] & 0xffff) - 1,
        .absorbed = (int)(w[1] >> 16 & 0xffff),
        .exposed = s->wide ? w[2] : w[1] >> 32,
    };
    return n;
}

void hda_set(hda_store *s, uint32_t i, const hda_node *n) {
    uint64_t *w = hda_state(s, i) + s->nw;
    w[0] = (uint64_t)n->parent | (uint64_t)n->g << 32 | (uint64_t)n->h << 42 | (uint64_t)n->colour << 52 |
           (uint64_t)n->flags << 58;
    w[1] = (uint64_t)(n->parent_rank + 1) | (uint64_t)n->absorbed << 16;
    if (s->wide) w[2] = n->exposed;
    else w[1] |= n->exposed << 32;
}

uint32_t hda_add(hda_store *s, const uint64_t *state, const hda_node *n) {
    uint32_t i = s->nnodes;
    if (i == HDA_NONE) return HDA_NONE;
    if ((i >> CHUNK_SHIFT) >= s->nchunks) {
        gopt_grow(&s->chunks, &s->chunks_cap, s->nchunks + 1, sizeof *s->chunks);
        s->chunks[s->nchunks++] = gopt_malloc((size_t)CHUNK_NODES * (size_t)s->stride * sizeof(uint64_t));
        hda_account(s);
    }
    memcpy(hda_state(s, i), state, (size_t)s->nw * sizeof *state);
    hda_set(s, i, n);
    s->nnodes++;
    return i;
}

/* The table is closed_table.h's, as in the single-process A*. */
void hda_reserve(hda_store *s) {
    if (s->table_cap && s->nnodes + 1 < s->table_cap / 2) return;
    size_t cap = s->table_cap ? s->table_cap * 2 : 1 << 12;
    uint64_t *t = gopt_calloc(cap, sizeof *t);
    flood_table_rehash(s->table, s->table_cap, t, cap);
    free(s->table);
    s->table = t;
    s->table_cap = cap;
    hda_account(s);
}

size_t hda_find(hda_store *s, const uint64_t *state, uint64_t hash) {
    return flood_table_find(s->table, s->table_cap, s->chunks, s->stride, s->nw, state, hash);
}

void hda_slot_set(hda_store *s, size_t slot, uint64_t hash, uint32_t i) {
    s->table[slot] = flood_table_entry(hash, i);
}
