/* Playing Flood-It on the cells, as a person would: the checker's simulator, also used by
 * the pictures to draw the frames of a solution. It never builds the region graph, so it
 * shares nothing with the solvers. */
#ifndef FLOOD_SIM_H
#define FLOOD_SIM_H

#include <stdint.h>

#include "gameopt/flood.h"

typedef struct flood_sim {
    const gopt_flood_puzzle *p;
    uint8_t *colour; /* the cells' colours now */
    int32_t *queue;
    uint8_t *mark;
} flood_sim;

void flood_sim_init(flood_sim *s, const gopt_flood_puzzle *p);
void flood_sim_free(flood_sim *s);
/* Recolours the start cell's area with colour c; returns the flooded area's size after. */
int flood_sim_play(flood_sim *s, int c);
/* The size of the start cell's area now; s->mark marks its cells. */
int flood_sim_area(flood_sim *s);

#endif
