/* The open list of flood's A* searches (astar.c, and each rank's share of HDA* in src/mpi): a
 * bucket queue of node numbers by f, then deepest g first. A row of FLOOD_MAX_G + 1 stacks is
 * made per f as it is first needed; fcur and gmax bound where entries can be, so a pop scans
 * little. `bytes` counts the stacks' storage (the rows themselves: fmax * (FLOOD_MAX_G + 1)
 * stacks), for the searches' memory accounting. */
#ifndef GOPT_FLOOD_OPEN_LIST_H
#define GOPT_FLOOD_OPEN_LIST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"

#define FLOOD_MAX_G 1023

typedef struct flood_u32s {
    uint32_t *v;
    size_t n, cap;
} flood_u32s;

/* Appends i, adding the stack's growth to *bytes. */
static inline void flood_u32s_push(flood_u32s *st, uint32_t i, size_t *bytes) {
    if (st->n == st->cap) {
        size_t before = st->cap;
        gopt_grow(&st->v, &st->cap, st->n + 1, sizeof *st->v);
        *bytes += (st->cap - before) * sizeof *st->v;
    }
    st->v[st->n++] = i;
}

typedef struct flood_open {
    flood_u32s *rows; /* [f * (FLOOD_MAX_G + 1) + g], allocated per f row */
    int fmax;         /* rows allocated: f < fmax */
    int fcur;         /* no entry has a smaller f */
    int gmax;         /* no entry has a larger g */
    size_t bytes;
} flood_open;

static inline void flood_open_push(flood_open *o, int f, int g, uint32_t i) {
    if (f < o->fcur) o->fcur = f;
    if (g > o->gmax) o->gmax = g;
    if (f >= o->fmax) {
        int rows = f + 8;
        size_t old = (size_t)o->fmax * (FLOOD_MAX_G + 1), now = (size_t)rows * (FLOOD_MAX_G + 1);
        o->rows = gopt_realloc(o->rows, now * sizeof *o->rows);
        memset(o->rows + old, 0, (now - old) * sizeof *o->rows);
        o->fmax = rows;
    }
    flood_u32s_push(&o->rows[(size_t)f * (FLOOD_MAX_G + 1) + (size_t)g], i, &o->bytes);
}

/* The deepest non-empty stack of the smallest f (moving fcur up to it), or NULL when empty. */
static inline flood_u32s *flood_open_first(flood_open *o, int *f, int *g) {
    for (; o->fcur < o->fmax; o->fcur++) {
        flood_u32s *row = &o->rows[(size_t)o->fcur * (FLOOD_MAX_G + 1)];
        for (int gg = o->gmax; gg >= 0; gg--) {
            if (row[gg].n) {
                *f = o->fcur;
                *g = gg;
                return &row[gg];
            }
        }
    }
    return NULL;
}

/* The smallest f in the list (stale entries included, so never too large), or INT32_MAX. */
static inline int flood_open_min_f(flood_open *o) {
    int f, g;
    return flood_open_first(o, &f, &g) ? f : INT32_MAX;
}

/* Pops an entry of smallest f, deepest g first, if its f is below `limit`. */
static inline bool flood_open_pop(flood_open *o, int limit, int *f, int *g, uint32_t *i) {
    flood_u32s *st = flood_open_first(o, f, g);
    if (!st || *f >= limit) return false;
    *i = st->v[--st->n];
    return true;
}

/* Takes the whole stack of smallest f, deepest g (the caller owns out->v); false when empty. */
static inline bool flood_open_pop_bucket(flood_open *o, int *f, int *g, flood_u32s *out) {
    flood_u32s *st = flood_open_first(o, f, g);
    if (!st) return false;
    *out = *st;
    *st = (flood_u32s){0};
    o->bytes -= out->cap * sizeof *out->v;
    return true;
}

static inline void flood_open_free(flood_open *o) {
    for (size_t k = 0; o->rows && k < (size_t)o->fmax * (FLOOD_MAX_G + 1); k++) free(o->rows[k].v);
    free(o->rows);
    memset(o, 0, sizeof *o);
}

#endif
