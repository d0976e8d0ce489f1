/* The entry points of each compiled variant of the kernels (kernel_widths.inc); kernels.c
 * picks the variant the processor supports and exposes them as flood_<name>. */
#ifndef FLOOD_KERNELS_H
#define FLOOD_KERNELS_H

#include "internal.h"

#define FLOOD_KERNEL_ENTRIES(v)                                                                      \
    void flood_neighbours_or##v(const flood_graph *g, const uint64_t *src, uint64_t *dst);           \
    void flood_border##v(const flood_graph *g, const uint64_t *F, uint64_t *border);                 \
    uint64_t flood_colours_of##v(const flood_graph *g, const uint64_t *set);                         \
    int flood_play##v(const flood_graph *g, uint64_t *F, uint64_t *border, int c, uint64_t *scratch, \
                      uint64_t *exposed);                                                            \
    int flood_play_forced##v(const flood_graph *g, uint64_t *F, uint64_t *border, uint64_t *scratch, \
                             uint8_t *moves, uint64_t candidates);                                   \
    int flood_bound##v(flood_bounder *b, const uint64_t *F, const uint64_t *border);                 \
    int flood_bound_cut##v(flood_bounder *b, const uint64_t *F, const uint64_t *border, int cutoff); \
    void flood_bounds_each##v(flood_bounder *b, const uint64_t *F, const uint64_t *border, int out[4]); \
    int flood_expand##v(flood_expander *e, const uint64_t *F, const flood_context *ctx, int cutoff);

FLOOD_KERNEL_ENTRIES(_generic)
#if defined(__x86_64__) && defined(__GNUC__)
#define FLOOD_HAVE_AVX2 1
FLOOD_KERNEL_ENTRIES(_avx2)
#else
#define FLOOD_HAVE_AVX2 0
#endif

#endif
