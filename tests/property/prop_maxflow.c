/* Max flow against brute force: on random networks of up to 8 nodes, the flow value equals
 * the smallest s-t cut over all 2^(n-2) node partitions. */
#include "test_support.h"

static void flow_equals_brute_force_min_cut(void **state) {
    (void)state;
    int cases = test_cases(2000);
    for (int c = 0; c < cases; c++) {
        gopt_rng r = gopt_rng_stream(2024, (uint64_t)c);
        int n = 2 + (int)gopt_rng_below(&r, 7);
        int m = (int)gopt_rng_below(&r, (uint32_t)(n * (n - 1) + 1));
        int from[64], to[64];
        double cap[64];
        gopt_maxflow_net *net = gopt_maxflow_net_new(n);
        for (int e = 0; e < m; e++) {
            from[e] = (int)gopt_rng_below(&r, (uint32_t)n);
            do to[e] = (int)gopt_rng_below(&r, (uint32_t)n);
            while (to[e] == from[e]);
            cap[e] = gopt_rng_below(&r, 10);
            gopt_maxflow_edge(net, from[e], to[e], cap[e]);
        }
        int s = 0, t = n - 1;
        double best = 1e300;
        for (unsigned mask = 0; mask < (1u << n); mask++) {
            if (!(mask & 1u) || (mask >> t & 1u)) continue;
            double cut = 0;
            for (int e = 0; e < m; e++)
                if ((mask >> from[e] & 1u) && !(mask >> to[e] & 1u)) cut += cap[e];
            if (cut < best) best = cut;
        }
        gopt_maxflow_result res;
        gopt_error err = {0};
        assert_true(gopt_maxflow(net, s, t, &res, &err));
        assert_float_equal(res.value, best, 1e-9);
        gopt_maxflow_result_free(&res);
        gopt_maxflow_net_free(net);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(flow_equals_brute_force_min_cut)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
