/* pzprjs's Number16 code (src/variety-common/Encode.js, readNumber16 / writeNumber16): the
 * numbers of a puzz.link link, cell by cell or room by room. Country's room numbers and flow's
 * Numberlink numbers are written in it; one reader and one writer for both. */
#ifndef GAMEOPT_NUMBER16_H
#define GAMEOPT_NUMBER16_H

#include <stddef.h>

#include "gameopt/alloc.h"

/* The value of a lowercase hex digit, -1 for anything else. */
int gopt_number16_digit(int c);
/* One item at s[0..n): its length (0: not an item, or a wide item short of its digits), and
 * either the number (*number >= 0; -2 for '.', an unknown number) or the cells it skips
 * (*skip 1..20 for g..z, *number -1). */
size_t gopt_number16_read(const char *s, size_t n, long *number, long *skip);
/* Writes n >= 0 in the shortest item. */
void gopt_number16_write(gopt_buf *b, long n);
/* Writes a run of `skip` (1..20) cells or rooms with no number. */
void gopt_number16_write_skip(gopt_buf *b, int skip);

#endif
