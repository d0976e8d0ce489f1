/* Node sets as one 64-bit mask (graphs of at most 64 nodes): the engine's fast path. */
#ifndef GAMEOPT_TAXIS_SET64_H
#define GAMEOPT_TAXIS_SET64_H

#include <stdbool.h>
#include <stdint.h>

#include "gameopt/bitset.h"

#define TSET_WORDS 1
#define TSET_CAPACITY 64

typedef uint64_t tset;

static inline tset ts_empty(void) { return 0; }
static inline tset ts_single(int v) { return (uint64_t)1 << v; }
static inline bool ts_has(tset s, int v) { return (s >> v) & 1; }
static inline tset ts_add(tset s, int v) { return s | ts_single(v); }
static inline tset ts_or(tset a, tset b) { return a | b; }
static inline tset ts_and(tset a, tset b) { return a & b; }
static inline tset ts_minus(tset a, tset b) { return a & ~b; }
static inline bool ts_any(tset s) { return s != 0; }
static inline bool ts_meets(tset a, tset b) { return (a & b) != 0; }
static inline int ts_count(tset s) { return gopt_popcount(s); }
static inline int ts_first(tset s) { return gopt_lowest(s); }
/* The k-th element (0-based, increasing order); k < ts_count(s). */
static inline int ts_nth(tset s, int k) {
    while (k-- > 0) s &= s - 1;
    return gopt_lowest(s);
}
/* TS_FOR(v, s) { ... } visits the elements in increasing order. */
#define TS_FOR(v, s) GOPT_FOR_BITS(v, s)

#endif
