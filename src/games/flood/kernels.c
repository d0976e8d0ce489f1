/* The hot loops (kernel.inc) compiled for each width of 1 to 9 words per region set (boards
 * up to 576 regions, about 30x30 cells in 6 colours) and once for any width, with the
 * public entry points choosing by the graph's width. Fixed widths let the compiler unroll
 * every word loop, which makes the searches about twice as fast. */
#include <stdint.h>
#include <string.h>

#include "flood_internal.h"

#define NW 0
#include "kernel.inc"
#undef NW
#define NW 1
#include "kernel.inc"
#undef NW
#define NW 2
#include "kernel.inc"
#undef NW
#define NW 3
#include "kernel.inc"
#undef NW
#define NW 4
#include "kernel.inc"
#undef NW
#define NW 5
#include "kernel.inc"
#undef NW
#define NW 6
#include "kernel.inc"
#undef NW
#define NW 7
#include "kernel.inc"
#undef NW
#define NW 8
#include "kernel.inc"
#undef NW
#define NW 9
#include "kernel.inc"
#undef NW

/* DISPATCH(call, width): `call` names the kernel function without its width suffix. */
#define DISPATCH(fn, width, ...)                                                                   \
    switch (width) {                                                                               \
    case 1: return fn##_1(__VA_ARGS__);                                                            \
    case 2: return fn##_2(__VA_ARGS__);                                                            \
    case 3: return fn##_3(__VA_ARGS__);                                                            \
    case 4: return fn##_4(__VA_ARGS__);                                                            \
    case 5: return fn##_5(__VA_ARGS__);                                                            \
    case 6: return fn##_6(__VA_ARGS__);                                                            \
    case 7: return fn##_7(__VA_ARGS__);                                                            \
    case 8: return fn##_8(__VA_ARGS__);                                                            \
    case 9: return fn##_9(__VA_ARGS__);                                                            \
    default: return fn##_0(__VA_ARGS__);                                                           \
    }

void flood_neighbours_or(const flood_graph *g, const uint64_t *src, uint64_t *dst) {
    DISPATCH(neighbours_or, g->nwords, g, src, dst)
}
void flood_border(const flood_graph *g, const uint64_t *F, uint64_t *border) {
    DISPATCH(border, g->nwords, g, F, border)
}
uint64_t flood_colours_of(const flood_graph *g, const uint64_t *set) { DISPATCH(colours_of, g->nwords, g, set) }
int flood_play(const flood_graph *g, uint64_t *F, uint64_t *border, int c, uint64_t *scratch, uint64_t *exposed) {
    DISPATCH(play, g->nwords, g, F, border, c, scratch, exposed)
}
int flood_play_forced(const flood_graph *g, uint64_t *F, uint64_t *border, uint64_t *scratch, uint8_t *moves,
                      uint64_t candidates) {
    DISPATCH(play_forced, g->nwords, g, F, border, scratch, moves, candidates)
}
int flood_bound(flood_bounder *b, const uint64_t *F, const uint64_t *border) {
    DISPATCH(bound, b->g->nwords, b, F, border, 0)
}
void flood_bounds_each(flood_bounder *b, const uint64_t *F, const uint64_t *border, int out[4]) {
    DISPATCH(bounds_each, b->g->nwords, b, F, border, out)
}
int flood_expand(flood_expander *e, const uint64_t *F, const flood_context *ctx, int cutoff) {
    DISPATCH(expand, e->g->nwords, e, F, ctx, cutoff)
}
