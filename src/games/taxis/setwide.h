/* Node sets as GOPT_TAXIS_WIDE_WORDS 64-bit words (graphs of 65..GOPT_TAXIS_MAX_NODES
 * nodes): the same operations as set64.h on a small value type. */
#ifndef GAMEOPT_TAXIS_SETWIDE_H
#define GAMEOPT_TAXIS_SETWIDE_H

#include <stdbool.h>
#include <stdint.h>

#include "gameopt/bitset.h"
#include "gameopt/taxis.h"

#define TSET_WORDS GOPT_TAXIS_WIDE_WORDS
#define TSET_CAPACITY GOPT_TAXIS_MAX_NODES

typedef struct tset {
    uint64_t w[TSET_WORDS];
} tset;

static inline tset ts_empty(void) { return (tset){{0}}; }
static inline tset ts_single(int v) {
    tset s = {{0}};
    s.w[v >> 6] = (uint64_t)1 << (v & 63);
    return s;
}
static inline bool ts_has(tset s, int v) { return (s.w[v >> 6] >> (v & 63)) & 1; }
static inline tset ts_add(tset s, int v) {
    s.w[v >> 6] |= (uint64_t)1 << (v & 63);
    return s;
}
static inline tset ts_or(tset a, tset b) {
    for (int k = 0; k < TSET_WORDS; k++) a.w[k] |= b.w[k];
    return a;
}
static inline tset ts_and(tset a, tset b) {
    for (int k = 0; k < TSET_WORDS; k++) a.w[k] &= b.w[k];
    return a;
}
static inline tset ts_minus(tset a, tset b) {
    for (int k = 0; k < TSET_WORDS; k++) a.w[k] &= ~b.w[k];
    return a;
}
static inline bool ts_any(tset s) {
    for (int k = 0; k < TSET_WORDS; k++)
        if (s.w[k]) return true;
    return false;
}
static inline bool ts_meets(tset a, tset b) {
    for (int k = 0; k < TSET_WORDS; k++)
        if (a.w[k] & b.w[k]) return true;
    return false;
}
static inline int ts_count(tset s) {
    int c = 0;
    for (int k = 0; k < TSET_WORDS; k++) c += gopt_popcount(s.w[k]);
    return c;
}
/* The smallest element; s must not be empty. */
static inline int ts_first(tset s) {
    int k = 0;
    while (!s.w[k]) k++;
    return k * 64 + gopt_lowest(s.w[k]);
}
static inline int ts_nth(tset s, int k) {
    for (int w = 0;; w++) {
        int c = gopt_popcount(s.w[w]);
        if (k < c) {
            uint64_t x = s.w[w];
            while (k-- > 0) x &= x - 1;
            return w * 64 + gopt_lowest(x);
        }
        k -= c;
    }
}
/* TS_FOR(v, s) { ... } visits the elements in increasing order. `continue` works; `break`
 * would only end the current element, so the engine never breaks out of a TS_FOR. */
#define TS_FOR(v, s)                                                                               \
    TS_FOR_(v, s, GOPT_CAT_(ts_once_, __LINE__), GOPT_CAT_(ts_copy_, __LINE__), GOPT_CAT_(ts_word_, __LINE__), \
            GOPT_CAT_(ts_bits_, __LINE__))
#define TS_FOR_(v, s, once, copy, word, bits)                                                      \
    for (int once = 1; once; once = 0)                                                             \
        for (tset copy = (s); once; once = 0)                                                      \
            for (int word = 0; word < TSET_WORDS; word++)                                          \
                for (uint64_t bits = copy.w[word]; bits;)                                          \
                    for (int v = word * 64 + __builtin_ctzll(bits), v##_go = (bits &= bits - 1, 1); v##_go; v##_go = 0)

#endif
