/* Stray cycles: the components of the used edges that reach no endpoint. The SAT and MIP
 * separators both cut them off (the checker finds them with its own walk). */
#include "internal.h"

int flow_stray_cycles(const gopt_flow_puzzle *p, const uint8_t *used, int *comp, int *nodes, int *start) {
    int n = p->nnodes, found = 0, top = 0;
    for (int v = 0; v < n; v++) comp[v] = -1;
    for (int root = 0; root < n; root++) {
        if (comp[root] >= 0) continue;
        bool any = false;
        for (int i = p->link_start[root]; i < p->link_start[root + 1]; i++) any |= used[p->links[i].edge] != 0;
        if (!any) continue;
        /* Collect the component into nodes[top ..] by a breadth-first walk over used links. */
        int first = top, head = top;
        bool endpoint = false;
        comp[root] = root;
        nodes[top++] = root;
        while (head < top) {
            int v = nodes[head++];
            endpoint |= p->colour[v] >= 0;
            for (int i = p->link_start[v]; i < p->link_start[v + 1]; i++) {
                const gopt_flow_link *l = &p->links[i];
                if (used[l->edge] && comp[l->node] < 0) {
                    comp[l->node] = root;
                    nodes[top++] = l->node;
                }
            }
        }
        if (endpoint) top = first; /* a path: forget it */
        else start[found++] = first;
    }
    start[found] = top;
    return found;
}

bool flow_touches(const gopt_flow_puzzle *p, const gopt_flow_solution *s) {
    for (int e = 0; e < p->nedges; e++) {
        int k = s->colour[p->edge_u[e]];
        if (!s->used[e] && k >= 0 && k == s->colour[p->edge_v[e]]) return true;
    }
    return false;
}
