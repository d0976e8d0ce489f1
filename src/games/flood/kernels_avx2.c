/* The kernels (kernel.inc) compiled for x86-64 processors with AVX2, POPCNT and BMI2;
 * kernels.c calls them when the processor has these (the build itself targets any x86-64). */
#if defined(__x86_64__) && defined(__GNUC__)
#include <stdint.h>
#include <string.h>

#include "kernels.h"

/* GCC and clang spell "compile what follows for these features" differently. */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,popcnt,bmi,bmi2"))), apply_to = function)
#else
#pragma GCC target("avx2,popcnt,bmi,bmi2")
#endif
#define KVARIANT _avx2
#include "kernel_widths.inc"
#undef KVARIANT
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
typedef int flood_kernels_avx2_unused; /* an empty translation unit is not ISO C */
#endif
