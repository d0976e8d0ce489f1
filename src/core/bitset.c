/* Out-of-line parts of the bitsets: hashing and owned sets. */
#include "gameopt/bitset.h"

#include <stdlib.h>

#include "gameopt/alloc.h"

uint64_t gopt_bits_hash(const uint64_t *w, size_t n) {
    /* Word-wise multiply-xorshift mixing (as in splitmix64): cheap, and every input bit
     * reaches every output bit, which open addressing needs. */
    uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
    for (size_t k = 0; k < n; k++) {
        h ^= w[k] + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
        h ^= h >> 31;
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 27;
    }
    h *= 0x94D049BB133111EBull;
    return h ^ (h >> 31);
}
