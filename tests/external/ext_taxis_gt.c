/* taxis: our bundled G_T (data/graphs/thurn-taxis.board) against the shared data of
 * ../shared/data/thurn-taxis: the same roads and board positions, and the facts its README
 * lists (degrees, diameter, triangles, cut vertex, Hamiltonian paths, simple paths). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/taxis/internal.h"
#include "test_support.h"

static gopt_taxis_graph *gt;

static int setup(void **state) {
    (void)state;
    gopt_error err = {0};
    gt = gopt_taxis_graph_load(NULL, "thurn-taxis", NULL, &err);
    if (!gt) gopt_error_print(stderr, &err);
    return gt ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    gopt_taxis_graph_free(gt);
    return 0;
}

static uint64_t adj(int v) { return gopt_taxis_adj64(gt, v); }

/* A file of ../shared/data/thurn-taxis as one string (the caller frees). */
static char *shared_file(const char *name) {
    char relative[256], path[4096];
    size_t len;
    snprintf(relative, sizeof relative, "thurn-taxis/%s", name);
    return test_read_file(test_shared_path(relative, path, sizeof path), &len);
}

/* The nodes reachable from s inside `within`; with `depth`, the number of breadth-first
 * layers after s. */
static uint64_t reach(int s, uint64_t within, int *depth) {
    uint64_t seen = gopt_bit(s), frontier = seen;
    int layers = 0;
    while (frontier) {
        uint64_t next = 0;
        GOPT_FOR_BITS(v, frontier) next |= adj(v);
        frontier = next & within & ~seen;
        seen |= frontier;
        layers += frontier != 0;
    }
    if (depth) *depth = layers;
    return seen;
}

static void same_roads_as_the_shared_edge_list(void **state) {
    (void)state;
    char *text = shared_file("gt-edges.txt");
    int roads = 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char a[64], b[64];
        assert_int_equal(sscanf(line, "%63s %63s", a, b), 2);
        int u = gopt_taxis_node(gt, a), v = gopt_taxis_node(gt, b);
        assert_true(u >= 0 && v >= 0);
        assert_true(gopt_taxis_adjacent(gt, u, v));
        roads++;
    }
    assert_int_equal(roads, gt->m);
    free(text);
}

static void same_positions_and_degrees_as_the_shared_nodes(void **state) {
    (void)state;
    char *text = shared_file("gt-nodes.csv");
    int cities = 0;
    char *save = NULL;
    strtok_r(text, "\n", &save); /* header */
    for (char *line = strtok_r(NULL, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char name[64];
        int degree, x, y;
        /* city,province,colour,bonus group,degree,x_mm,y_mm,neighbours */
        assert_int_equal(sscanf(line, "%63[^,],%*[^,],%*[^,],%*[^,],%d,%d,%d", name, &degree, &x, &y), 4);
        int v = gopt_taxis_node(gt, name);
        assert_true(v >= 0);
        assert_int_equal(gt->degree[v], degree);
        assert_float_equal(gt->graph->x[v], x, 1e-9);
        assert_float_equal(gt->graph->y[v], y, 1e-9);
        cities++;
    }
    assert_int_equal(cities, gt->n);
    free(text);
}

static void degrees_diameter_triangles_cut_vertex(void **state) {
    (void)state;
    int count[8] = {0};
    for (int v = 0; v < gt->n; v++) count[gt->degree[v]]++;
    int want[8] = {0, 1, 2, 4, 6, 6, 2, 1};
    assert_memory_equal(count, want, sizeof want);
    assert_int_equal(gt->degree[gopt_taxis_node(gt, "Stuttgart")], 7);
    assert_int_equal(gt->degree[gopt_taxis_node(gt, "Munchen")], 6);
    assert_int_equal(gt->degree[gopt_taxis_node(gt, "Ingolstadt")], 6);
    /* diameter: the largest breadth-first eccentricity */
    uint64_t all = gopt_bit(gt->n) - 1;
    int diameter = 0;
    for (int s = 0; s < gt->n; s++) {
        int depth;
        reach(s, all, &depth);
        diameter = depth > diameter ? depth : diameter;
    }
    assert_int_equal(diameter, 6);
    int triangles = 0;
    for (int u = 0; u < gt->n; u++)
        GOPT_FOR_BITS(v, adj(u) & ~(gopt_bit(u + 1) - 1)) triangles += gopt_popcount(adj(u) & adj(v) & ~(gopt_bit(v + 1) - 1));
    assert_int_equal(triangles, 22);
    for (int cut = 0; cut < gt->n; cut++) {
        uint64_t rest = all & ~gopt_bit(cut);
        assert_int_equal(reach(gopt_lowest(rest), rest, NULL) != rest, strcmp(gopt_taxis_name(gt, cut), "Pilsen") == 0);
    }
}

/* Simple paths (directed) from `last` with nodes `used`, counted by node count up to `most`;
 * Hamiltonian ones by their far end. */
static void count_paths(int last, uint64_t used, int len, int most, int64_t *by_len, int64_t *ham_end) {
    by_len[len]++;
    if (len == gt->n) ham_end[last]++;
    if (len == most) return;
    GOPT_FOR_BITS(w, adj(last) & ~used) count_paths(w, used | gopt_bit(w), len + 1, most, by_len, ham_end);
}

static void simple_paths_by_node_count(void **state) {
    (void)state;
    int64_t by_len[23] = {0}, ham_end[22] = {0};
    for (int v = 0; v < gt->n; v++) count_paths(v, gopt_bit(v), 1, 8, by_len, ham_end);
    int64_t want[9] = {0, 22, 45, 161, 526, 1629, 4726, 12723, 31713};
    for (int len = 2; len <= 8; len++) assert_int_equal(by_len[len] / 2, want[len]);
}

static void hamiltonian_paths_end_at_lodz(void **state) {
    (void)state;
    /* Lodz has one road, so it ends every Hamiltonian path: those grown from Lodz are all. */
    int lodz = gopt_taxis_node(gt, "Lodz");
    int64_t by_len[23] = {0}, ham_end[22] = {0};
    count_paths(lodz, gopt_bit(lodz), 1, gt->n, by_len, ham_end);
    assert_int_equal(by_len[gt->n], 7683);
    assert_int_equal(gt->degree[lodz], 1);
}

int main(void) {
    test_require_shared("thurn-taxis/gt-edges.txt");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_roads_as_the_shared_edge_list),
        cmocka_unit_test(same_positions_and_degrees_as_the_shared_nodes),
        cmocka_unit_test(degrees_diameter_triangles_cut_vertex),
        cmocka_unit_test(simple_paths_by_node_count),
        cmocka_unit_test(hamiltonian_paths_end_at_lodz),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
