#include <stdio.h>
#include <stdlib.h>
#include "gameopt/gameopt.h"
#include "gameopt/taxis.h"
int main(int argc, char **argv) {
    int c = atoi(argv[1]), dups = atoi(argv[2]), games = atoi(argv[3]), mip = argc > 4 ? atoi(argv[4]) : 0;
    const char *gname = argc > 5 ? argv[5] : "thurn-taxis";
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_load(gname, NULL, &err);
    if (!g) return gopt_error_print(stderr, &err), 2;
    gopt_taxis_solver *w = gopt_taxis_solver_new(g);
    gopt_taxis_setting *s = gopt_taxis_setting_new(g->n, c, dups);
    gopt_taxis_move moves[64]; int path[64];
    double tsum = 0, tmax = 0, msum = 0; long lsum = 0, states = 0, smax = 0; int bad = 0;
    for (int i = 0; i < games; i++) {
        gopt_taxis_deal_indexed(s, 1, (uint64_t)i + (getenv("IDX") ? (uint64_t)atoi(getenv("IDX")) : 0), NULL);
        gopt_taxis_ideal r;
        gopt_taxis_ideal_options o = {GOPT_TAXIS_SEARCH, 0, 1};
        gopt_taxis_ideal_solve(w, s, &o, moves, &r);
        tsum += r.seconds; if (r.seconds > tmax) tmax = r.seconds;
        lsum += r.length;
        long st = gopt_counter_get(&r.counters, "states"); states += st; if (st > smax) smax = st;
        gopt_taxis_path_of_moves(moves, r.length, path);
        char why[256];
        if (!gopt_taxis_check_path(g, s, path, r.length, true, why, sizeof why)) { printf("bad %d: %s\n", i, why); bad++; }
        if (i < mip) {
            gopt_taxis_ideal q; o.method = GOPT_TAXIS_MIP; o.time_limit = getenv("MIPLIM") ? atof(getenv("MIPLIM")) : 0;
            gopt_taxis_ideal_solve(w, s, &o, moves, &q);
            msum += q.seconds;
            if (q.length != r.length || q.status) printf("setting %d: search %d mip %d status %d (%.2fs)\n", i, r.length, q.length, q.status, q.seconds);
            else printf("setting %d: %d  mip %.3fs nodes %ld\n", i, r.length, q.seconds, (long)gopt_counter_get(&q.counters, "mip_nodes"));
            fflush(stdout);
        }
    }
    printf("c=%d N_D=%d: mean length %.3f, mean %.1f us, max %.1f us, states mean %.0f max %ld, bad %d, mip mean %.3f s\n", c, dups,
           (double)lsum / games, 1e6 * tsum / games, 1e6 * tmax, (double)states / games, smax, bad, mip ? msum / mip : 0);
    gopt_taxis_setting_free(s); gopt_taxis_solver_free(w); gopt_taxis_graph_free(g);
}
