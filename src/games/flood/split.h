/* A board split into parts (flood split): the distinct positions some moves on. The optimum
 * is the smallest of len(P) + the optimum after P over the parts P, so a board too hard for
 * one run is proven part by part (scripts/flood-prove-split.sh, docs/methods.md "Split"). */
#ifndef GOPT_FLOOD_SPLIT_H
#define GOPT_FLOOD_SPLIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gameopt/flood.h"

typedef struct flood_part {
    uint8_t *moves; /* from the board's start, the moves played before included */
    int n;
    bool flooded;   /* the board is flooded after them (sooner than the depth) */
} flood_part;

/* Every distinct position `depth` moves after `played` (and those flooded sooner), in the
 * order made; *parts is malloc'd. Moves that absorb nothing are skipped: one never is in a
 * shortest sequence, since without it the flooded area is the same after every later move.
 * Positions with the same flooded area are one part, the first (shortest) prefix kept. At
 * most (colours - 1)^depth parts: the caller bounds depth. */
size_t flood_split(const gopt_flood_puzzle *p, const uint8_t *played, int nplayed, int depth, flood_part **parts);
void flood_parts_free(flood_part *parts, size_t n);

/* The position after some moves, as a board of its own (same alphabet and start), played
 * by the game's own simulator. */
gopt_flood_puzzle *flood_position_after(const gopt_flood_puzzle *p, const uint8_t *moves, int n);

#endif
