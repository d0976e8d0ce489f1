/* The hot loops (kernel.inc) compiled for each width of 1 to 9 words per region set (boards
 * up to 576 regions, about 30x30 cells in 6 colours) and once for any width, with the
 * public entry points choosing by the graph's width. Fixed widths let the compiler unroll
 * every word loop, which makes the searches about twice as fast.
 *
 * This file holds the portable variant and the public entry points; kernels_avx2.c compiles
 * the same code for processors with AVX2 and POPCNT (a set of 4 words is one register, a
 * population count one instruction), chosen at run time. */
#include <stdint.h>
#include <string.h>

#include "kernels.h"

#define KVARIANT _generic
#include "kernel_widths.inc"
#undef KVARIANT

/* The processor's variant, looked up once per call (a load and a test). */
#if FLOOD_HAVE_AVX2
static inline bool use_avx2(void) {
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2");
}
#define PICK(fn, ...) return use_avx2() ? fn##_avx2(__VA_ARGS__) : fn##_generic(__VA_ARGS__)
#else
#define PICK(fn, ...) return fn##_generic(__VA_ARGS__)
#endif

void flood_neighbours_or(const flood_graph *g, const uint64_t *src, uint64_t *dst) {
    PICK(flood_neighbours_or, g, src, dst);
}
void flood_border(const flood_graph *g, const uint64_t *F, uint64_t *border) { PICK(flood_border, g, F, border); }
uint64_t flood_colours_of(const flood_graph *g, const uint64_t *set) { PICK(flood_colours_of, g, set); }
int flood_play(const flood_graph *g, uint64_t *F, uint64_t *border, int c, uint64_t *scratch, uint64_t *exposed) {
    PICK(flood_play, g, F, border, c, scratch, exposed);
}
int flood_play_forced(const flood_graph *g, uint64_t *F, uint64_t *border, uint64_t *scratch, uint8_t *moves,
                      uint64_t candidates) {
    PICK(flood_play_forced, g, F, border, scratch, moves, candidates);
}
int flood_bound(flood_bounder *b, const uint64_t *F, const uint64_t *border) { PICK(flood_bound, b, F, border); }
int flood_bound_cut(flood_bounder *b, const uint64_t *F, const uint64_t *border, int cutoff) {
    PICK(flood_bound_cut, b, F, border, cutoff);
}
void flood_bounds_each(flood_bounder *b, const uint64_t *F, const uint64_t *border, int out[4]) {
    PICK(flood_bounds_each, b, F, border, out);
}
int flood_expand(flood_expander *e, const uint64_t *F, const flood_context *ctx, int cutoff) {
    PICK(flood_expand, e, F, ctx, cutoff);
}
