#include <stdio.h>
#include <stdlib.h>
#include "gameopt/gameopt.h"
#include "gameopt/taxis.h"
int main(int argc, char **argv) {
    int c = atoi(argv[1]), dups = atoi(argv[2]), i = atoi(argv[3]);
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load("thurn-taxis", NULL, &err);
    gopt_taxis_setting *s = gopt_taxis_setting_new(g->n, c, dups);
    gopt_taxis_deal_indexed(s, 1, (uint64_t)i, NULL);
    if (!gopt_taxis_mip_write_lp(g, s, argv[4], &err)) return gopt_error_print(stderr, &err), 1;
    return 0;
}
