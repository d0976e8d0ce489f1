/* Maximum flow on textbook networks with known values. */
#include "test_support.h"

typedef struct arc {
    int u, v;
    double cap;
} arc;

static double run(int n, const arc *arcs, int m, int s, int t, gopt_maxflow_result *r) {
    gopt_maxflow_net *net = gopt_maxflow_net_new(n);
    for (int e = 0; e < m; e++) assert_int_equal(gopt_maxflow_edge(net, arcs[e].u, arcs[e].v, arcs[e].cap), e);
    gopt_error err = {0};
    assert_true(gopt_maxflow(net, s, t, r, &err));
    /* The flow is feasible and conserved, and the cut has the flow's value. */
    double cut = 0, balance[16] = {0};
    for (int e = 0; e < m; e++) {
        assert_true(r->flow[e] >= -1e-9 && r->flow[e] <= arcs[e].cap + 1e-9);
        balance[arcs[e].u] -= r->flow[e];
        balance[arcs[e].v] += r->flow[e];
        if (r->source_side[arcs[e].u] && !r->source_side[arcs[e].v]) cut += arcs[e].cap;
    }
    for (int v = 0; v < n; v++)
        if (v != s && v != t) assert_float_equal(balance[v], 0, 1e-9);
    assert_true(r->source_side[s]);
    assert_false(r->source_side[t]);
    assert_float_equal(cut, r->value, 1e-9);
    gopt_maxflow_net_free(net);
    return r->value;
}

/* cp-algorithms.com, "Maximum flow - Ford-Fulkerson and Edmonds-Karp": value 10. */
static void cp_algorithms_example(void **state) {
    (void)state;
    enum { S, A, B, C, D, T };
    arc arcs[] = {{S, A, 7}, {S, D, 4}, {A, B, 5}, {A, C, 3}, {B, T, 8},
                  {C, B, 3}, {C, T, 5}, {D, A, 3}, {D, C, 2}};
    gopt_maxflow_result r;
    assert_float_equal(run(6, arcs, 9, S, T, &r), 10, 1e-9);
    gopt_maxflow_result_free(&r);
}

/* Cormen et al., Introduction to Algorithms, Figure 26.1: value 23. */
static void clrs_example(void **state) {
    (void)state;
    enum { S, V1, V2, V3, V4, T };
    arc arcs[] = {{S, V1, 16}, {S, V2, 13}, {V1, V3, 12}, {V2, V1, 4}, {V2, V4, 14},
                  {V3, V2, 9}, {V3, T, 20}, {V4, V3, 7}, {V4, T, 4}};
    gopt_maxflow_result r;
    assert_float_equal(run(6, arcs, 9, S, T, &r), 23, 1e-9);
    /* The minimum cut is {s, v1, v2, v4}: edges v1->v3 (12), v4->v3 (7), v4->t (4). */
    assert_true(r.source_side[V1] && r.source_side[V2] && r.source_side[V4]);
    assert_false(r.source_side[V3]);
    gopt_maxflow_result_free(&r);
}

/* The Edmonds-Karp example of Wikipedia (nodes A..G, source A, sink G): value 5. */
static void edmonds_karp_example(void **state) {
    (void)state;
    enum { A, B, C, D, E, F, G };
    arc arcs[] = {{A, B, 3}, {A, D, 3}, {B, C, 4}, {C, A, 3}, {C, D, 1}, {C, E, 2},
                  {D, E, 2}, {D, F, 6}, {E, B, 1}, {E, G, 1}, {F, G, 9}};
    gopt_maxflow_result r;
    assert_float_equal(run(7, arcs, 11, A, G, &r), 5, 1e-9);
    gopt_maxflow_result_free(&r);
}

static void token_network_shape(void **state) {
    (void)state;
    /* The seed's reduction in miniature: 3 tokens, 2 cities with 1 and 1 slots; token 2
     * fits only city 0 like token 0, so they compete: flow 2 of 3, and the cut's source
     * side holds tokens 0 and 2 (the competitors) and city 0. */
    enum { SRC, T0, T1, T2, C0, C1, SNK };
    arc arcs[] = {{SRC, T0, 1}, {SRC, T1, 1}, {SRC, T2, 1}, {T0, C0, 1}, {T1, C1, 1},
                  {T2, C0, 1}, {C0, SNK, 1}, {C1, SNK, 1}};
    gopt_maxflow_result r;
    assert_float_equal(run(7, arcs, 8, SRC, SNK, &r), 2, 1e-9);
    assert_true(r.source_side[T0] && r.source_side[T2] && r.source_side[C0]);
    assert_false(r.source_side[T1]);
    gopt_maxflow_result_free(&r);
}

static void bad_terminals(void **state) {
    (void)state;
    gopt_maxflow_net *net = gopt_maxflow_net_new(2);
    gopt_maxflow_result r;
    gopt_error err = {0};
    assert_false(gopt_maxflow(net, 0, 0, &r, &err));
    assert_true(err.set);
    gopt_maxflow_net_free(net);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cp_algorithms_example),
        cmocka_unit_test(clrs_example),
        cmocka_unit_test(edmonds_karp_example),
        cmocka_unit_test(token_network_shape),
        cmocka_unit_test(bad_terminals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
