/* The parity proof for full coverage. Colour the cells like a chessboard (any two-colouring
 * of the cell graph, when one exists). A path alternates colours, so a path whose endpoints
 * have the same colour holds one more cell of that colour than of the other, and a path
 * between different colours holds as many of each. Under full coverage the paths hold every
 * cell, so the board's surplus of one colour must equal the sum of the paths' surpluses; when
 * it does not, no solution exists. Graphs with odd cycles (hex boards, some warps) have no
 * two-colouring and pass. */
#include <stdlib.h>

#include "internal.h"

bool flow_parity_ok(const gopt_flow_puzzle *p) {
    int n = p->nnodes;
    /* One breadth-first walk per component gives both the two-colouring and the component's
     * surplus (every path lies in one component). */
    int8_t *side = malloc((size_t)n + 1);
    int *queue = malloc(((size_t)n + 1) * sizeof *queue);
    int *comp = malloc(((size_t)n + 1) * sizeof *comp);
    long *surplus = calloc((size_t)n + 1, sizeof *surplus);
    bool ok = true;
    if (!side || !queue || !comp || !surplus) goto done; /* no proof without memory; other methods decide */
    for (int v = 0; v < n; v++) comp[v] = -1;
    for (int root = 0; root < n; root++) {
        if (comp[root] >= 0) continue;
        int head = 0, tail = 0;
        comp[root] = root;
        side[root] = 0;
        queue[tail++] = root;
        while (head < tail) {
            int v = queue[head++];
            surplus[root] += side[v] ? 1 : -1;
            for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++) {
                if (comp[l->node] < 0) {
                    comp[l->node] = root;
                    side[l->node] = (int8_t)(1 - side[v]);
                    queue[tail++] = l->node;
                } else if (side[l->node] == side[v]) {
                    goto done; /* an odd cycle: no two-colouring, no proof */
                }
            }
        }
    }
    for (int k = 0; k < p->ncolours; k++) {
        int a = p->ends[k][0], b = p->ends[k][1];
        if (comp[a] != comp[b]) continue; /* another proof's business (no path at all) */
        if (side[a] == side[b]) surplus[comp[a]] -= side[a] ? 1 : -1;
    }
    for (int v = 0; v < n && ok; v++) ok = comp[v] != v || surplus[v] == 0;
done:
    free(side);
    free(queue);
    free(comp);
    free(surplus);
    return ok;
}
