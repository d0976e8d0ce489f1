/* Random taxis graphs shared by the taxis property tests. Include after test_support.h and
 * games/taxis/internal.h. */
#ifndef GOPT_TESTS_TAXIS_RANDOM_H
#define GOPT_TESTS_TAXIS_RANDOM_H

/* A random simple graph on n nodes: each pair joined with probability p (a tree when p < 0). */
static inline gopt_taxis_graph *random_graph(gopt_rng *rng, int n, double p) {
    int *from = gopt_malloc((size_t)(n * n) * sizeof *from + 1), *to = gopt_malloc((size_t)(n * n) * sizeof *to + 1);
    int m = 0;
    for (int v = 1; v < n; v++) {
        if (p < 0) {
            from[m] = (int)gopt_rng_below(rng, (uint32_t)v);
            to[m++] = v;
            continue;
        }
        for (int u = 0; u < v; u++)
            if (gopt_rng_double(rng) < p) from[m] = u, to[m++] = v;
    }
    gopt_graph *graph = gopt_graph_new(n, m, from, to, false);
    free(from);
    free(to);
    gopt_error err = {0};
    gopt_taxis_graph *g = gopt_taxis_graph_from(graph, "random", "random", &err);
    assert_non_null(g);
    return g;
}

/* The same graph played by the wide-mask engine. */
static inline gopt_taxis_graph *widened(const gopt_taxis_graph *g) {
    gopt_error err = {0};
    gopt_taxis_graph *w =
        gopt_taxis_graph_from(gopt_graph_new(g->n, g->m, g->graph->from, g->graph->to, false), "wide", "wide", &err);
    assert_non_null(w);
    taxis_graph_set_words(w, GOPT_TAXIS_WIDE_WORDS);
    return w;
}

#endif
