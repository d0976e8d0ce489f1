/* Seeding and shuffling for the xoshiro256** generator (Blackman & Vigna). */
#include "gameopt/rng.h"

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void gopt_rng_seed(gopt_rng *r, uint64_t seed) {
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&x);
}

gopt_rng gopt_rng_stream(uint64_t seed, uint64_t index) {
    /* Two rounds of splitmix64 separate (seed, index) pairs that differ in one bit; the
     * result seeds an independent xoshiro state. */
    uint64_t x = seed;
    uint64_t a = splitmix64(&x);
    uint64_t y = index ^ a;
    uint64_t mixed = splitmix64(&y) ^ (a << 1);
    gopt_rng r;
    gopt_rng_seed(&r, mixed);
    return r;
}

void gopt_rng_shuffle_int(gopt_rng *r, int *a, size_t n) {
    for (size_t i = n; i > 1; i--) {
        size_t j = gopt_rng_below(r, (uint32_t)i);
        int t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
}
