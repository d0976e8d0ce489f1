/* Resuming the A* from a --checkpoint: the store as it was when it filled. */
#include <stdlib.h>
#include <string.h>

#include "astar_internal.h"
#include "checkpoint.h"
#include "gameopt/alloc.h"

/* Loads a --checkpoint of this board and search, if there is one: the store as it was when
 * it filled, and how far the tail had come (*LB: its threshold). */
bool astar_resume(astar *s, flood_ckpt *got, int *LB) {
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
    astar_account(s);
    return true;
}
