/* Random numbers that experiments can reproduce. Instance i of an experiment with seed s
 * draws from gopt_rng_stream(s, i), a stream that depends on nothing else, so results are
 * identical whatever the thread count, order or sharding. The generator is xoshiro256**,
 * seeded through splitmix64. */
#ifndef GAMEOPT_RNG_H
#define GAMEOPT_RNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct gopt_rng {
    uint64_t s[4];
} gopt_rng;

void gopt_rng_seed(gopt_rng *r, uint64_t seed);
/* The independent stream for instance `index` of an experiment seeded with `seed`. */
gopt_rng gopt_rng_stream(uint64_t seed, uint64_t index);

static inline uint64_t gopt_rng_rotl_(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
static inline uint64_t gopt_rng_next(gopt_rng *r) {
    uint64_t *s = r->s;
    uint64_t result = gopt_rng_rotl_(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = gopt_rng_rotl_(s[3], 45);
    return result;
}
/* Uniform in [0, n), without modulo bias (Lemire's multiply-and-reject); n > 0. */
static inline uint32_t gopt_rng_below(gopt_rng *r, uint32_t n) {
    uint64_t m = (uint64_t)(uint32_t)(gopt_rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(gopt_rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}
/* Uniform in [0, 1) with 53 random bits. */
static inline double gopt_rng_double(gopt_rng *r) { return (double)(gopt_rng_next(r) >> 11) * 0x1.0p-53; }

/* Fisher-Yates shuffle. */
void gopt_rng_shuffle_int(gopt_rng *r, int *a, size_t n);

#endif
