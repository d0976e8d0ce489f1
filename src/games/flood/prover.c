/* placeholder */
#include <string.h>
#include "flood_internal.h"
void flood_prover(const flood_graph *g, bool iterative, const uint8_t *ub_moves, int ub_len,
                  const flood_limits *lim, flood_outcome *out) {
    (void)iterative;
    flood_astar(g, ub_moves, ub_len, lim, out);
}
