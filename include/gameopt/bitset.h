/* Bitsets. Games with at most 64 things use plain uint64_t masks; beyond that they use
 * arrays of words through the gopt_bits_* functions, which take the word count so hot
 * loops can keep words on the stack or in flat arrays without any allocation. */
#ifndef GAMEOPT_BITSET_H
#define GAMEOPT_BITSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define GOPT_WORD_BITS 64
/* Words needed for n bits. */
static inline size_t gopt_words(size_t nbits) { return (nbits + 63) / 64; }

/* ---- one 64-bit mask ---- */
static inline int gopt_popcount(uint64_t x) { return __builtin_popcountll(x); }
/* Index of the lowest set bit; x must be non-zero. */
static inline int gopt_lowest(uint64_t x) { return __builtin_ctzll(x); }
static inline uint64_t gopt_bit(int i) { return (uint64_t)1 << i; }

#define GOPT_CAT2_(a, b) a##b
#define GOPT_CAT_(a, b) GOPT_CAT2_(a, b)
/* GOPT_FOR_BITS(i, mask) { ... } visits each set bit of mask in increasing order with
 * `int i` declared by the macro; `break` leaves the loop. */
#define GOPT_FOR_BITS(i, mask) GOPT_FOR_BITS_(i, mask, GOPT_CAT_(gopt_rest_, __LINE__))
#define GOPT_FOR_BITS_(i, mask, rest)                  \
    for (uint64_t rest = (mask); rest; rest = 0)      \
        for (int i; rest && (i = __builtin_ctzll(rest), rest &= rest - 1, 1);)

/* ---- word arrays of any width ---- */
static inline void gopt_bits_set(uint64_t *w, size_t i) { w[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline void gopt_bits_clear(uint64_t *w, size_t i) { w[i >> 6] &= ~((uint64_t)1 << (i & 63)); }
static inline void gopt_bits_zero(uint64_t *w, size_t n) { memset(w, 0, n * sizeof *w); }

static inline size_t gopt_bits_count(const uint64_t *w, size_t n) {
    size_t c = 0;
    for (size_t k = 0; k < n; k++) c += (size_t)__builtin_popcountll(w[k]);
    return c;
}
static inline bool gopt_bits_any(const uint64_t *w, size_t n) {
    for (size_t k = 0; k < n; k++) if (w[k]) return true;
    return false;
}
static inline bool gopt_bits_equal(const uint64_t *a, const uint64_t *b, size_t n) {
    return memcmp(a, b, n * sizeof *a) == 0;
}
/* a & b != 0 */
static inline bool gopt_bits_intersects(const uint64_t *a, const uint64_t *b, size_t n) {
    for (size_t k = 0; k < n; k++) if (a[k] & b[k]) return true;
    return false;
}
/* a is a subset of b */
static inline bool gopt_bits_subset(const uint64_t *a, const uint64_t *b, size_t n) {
    for (size_t k = 0; k < n; k++) if (a[k] & ~b[k]) return false;
    return true;
}
static inline void gopt_bits_andnot(uint64_t *dst, const uint64_t *a, const uint64_t *b, size_t n) {
    for (size_t k = 0; k < n; k++) dst[k] = a[k] & ~b[k];
}
/* The first set bit at index >= from, or -1. */
static inline long gopt_bits_next(const uint64_t *w, size_t n, size_t from) {
    size_t k = from >> 6;
    if (k >= n) return -1;
    uint64_t x = w[k] & (~(uint64_t)0 << (from & 63));
    while (!x) {
        if (++k >= n) return -1;
        x = w[k];
    }
    return (long)(k * 64 + (size_t)__builtin_ctzll(x));
}
/* A 64-bit hash of the words (for hash tables of states). */
uint64_t gopt_bits_hash(const uint64_t *w, size_t n);

#endif
