/* Graphs: adjacency arrays, components, and files read through igraph. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/igraph_glue.h"

#include "test_support.h"

static void adjacency_arrays(void **state) {
    (void)state;
    int from[] = {0, 1, 2, 3}, to[] = {1, 2, 0, 4};
    gopt_graph *g = gopt_graph_new(6, 4, from, to, false);
    assert_int_equal(gopt_graph_degree(g, 0), 2);
    assert_int_equal(gopt_graph_degree(g, 5), 0);
    assert_true(gopt_graph_has_edge(g, 2, 1));
    assert_false(gopt_graph_has_edge(g, 0, 3));
    for (int k = g->offset[3]; k < g->offset[4]; k++) assert_int_equal(g->adj_edge[k], 3);
    int comp[6];
    assert_int_equal(gopt_graph_components(g, comp), 3);
    assert_int_equal(comp[0], comp[2]);
    assert_int_equal(comp[3], comp[4]);
    assert_true(comp[0] != comp[5]);
    gopt_graph_set_names(g, (const char *[]){"a", "b", "c", NULL, "e", "f"});
    assert_int_equal(gopt_graph_find(g, "e"), 4);
    assert_int_equal(gopt_graph_find(g, "3"), 3);
    gopt_graph_free(g);
}

static char *write_temp(const char *suffix, const char *text) {
    char *path = gopt_format("/tmp/gameopt-test-%d%s", (int)getpid(), suffix);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

static void gml_with_names_and_positions(void **state) {
    (void)state;
    char *path = write_temp(".gml",
                            "graph [ directed 0\n"
                            " node [ id 0 name \"Ulm\" x 1.5 y 2 ]\n"
                            " node [ id 1 name \"Augsburg\" x 4 y 2 ]\n"
                            " node [ id 2 name \"Ingolstadt\" x 5 y 0 ]\n"
                            " edge [ source 0 target 1 ] edge [ source 1 target 2 ] ]\n");
    gopt_error err = {0};
    gopt_graph *g = gopt_graph_load(path, GOPT_GRAPH_AUTO, false, &err);
    assert_non_null(g);
    assert_int_equal(g->n, 3);
    assert_int_equal(g->m, 2);
    assert_int_equal(gopt_graph_find(g, "Augsburg"), 1);
    assert_non_null(g->x);
    assert_float_equal(g->x[0], 1.5, 1e-12);
    gopt_graph_free(g);
    unlink(path);
    free(path);
}

static void graphml_and_edge_lists(void **state) {
    (void)state;
    char *gml = write_temp(".graphml",
                           "<?xml version=\"1.0\"?>\n"
                           "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
                           "<key id=\"n\" for=\"node\" attr.name=\"name\" attr.type=\"string\"/>\n"
                           "<graph edgedefault=\"undirected\">\n"
                           "<node id=\"a\"><data key=\"n\">A</data></node><node id=\"b\"><data key=\"n\">B</data></node>\n"
                           "<edge source=\"a\" target=\"b\"/></graph></graphml>\n");
    gopt_error err = {0};
    gopt_graph *g = gopt_graph_load(gml, GOPT_GRAPH_AUTO, false, &err);
    if (!g) gopt_error_print(stderr, &err);
    assert_non_null(g);
    assert_int_equal(g->m, 1);
    assert_int_equal(gopt_graph_find(g, "B"), 1);
    gopt_graph_free(g);
    unlink(gml);
    free(gml);

    /* Without a name key, GraphML's node ids name the nodes (as NetworkX writes them). */
    gml = write_temp(".graphml",
                     "<?xml version=\"1.0\"?>\n"
                     "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
                     "<graph edgedefault=\"undirected\"><node id=\"Ulm\"/><node id=\"Augsburg\"/>\n"
                     "<edge source=\"Ulm\" target=\"Augsburg\"/></graph></graphml>\n");
    g = gopt_graph_load(gml, GOPT_GRAPH_AUTO, false, &err);
    assert_non_null(g);
    assert_int_equal(gopt_graph_find(g, "Augsburg"), 1);
    gopt_graph_free(g);
    unlink(gml);
    free(gml);

    char *el = write_temp(".txt", "0 1\n1 2\n2 3\n3 0\n");
    g = gopt_graph_load(el, GOPT_GRAPH_AUTO, false, &err);
    assert_non_null(g);
    assert_int_equal(g->n, 4);
    assert_int_equal(g->m, 4);
    assert_null(g->names);
    gopt_graph_free(g);
    unlink(el);
    free(el);
}

static void bad_graph_files_are_errors(void **state) {
    (void)state;
    char *path = write_temp(".gml", "graph [ node [ id 0 ] edge [ source 0 target 7 ] \n");
    gopt_error err = {0};
    assert_null(gopt_graph_load(path, GOPT_GRAPH_AUTO, false, &err));
    assert_true(err.set);
    assert_string_equal(err.file, path);
    unlink(path);
    free(path);
    gopt_error_clear(&err);
    assert_null(gopt_graph_load("/no/such.gml", GOPT_GRAPH_AUTO, false, &err));
    assert_string_equal(err.msg, "cannot open: No such file or directory");
}

/* Issue 16 items 2, 7, 11, 12: directories, sizes, positions, byte-order marks, names. */
static void graph_files_fail_located(void **state) {
    (void)state;
    gopt_error err = {0};
    char dir[64];
    snprintf(dir, sizeof dir, "/tmp/gameopt-dir-%d.gml", (int)getpid());
    assert_int_equal(mkdir(dir, 0700), 0);
    for (int f = GOPT_GRAPH_AUTO; f <= GOPT_GRAPH_NCOL; f++) {
        gopt_error_clear(&err);
        assert_null(gopt_graph_load(dir, (gopt_graph_format)f, false, &err));
        assert_string_equal(err.msg, "not a regular file (a directory)");
    }
    rmdir(dir);
    gopt_error_clear(&err);
    assert_null(gopt_graph_load("/dev/null", GOPT_GRAPH_GML, false, &err));
    assert_string_equal(err.msg, "not a regular file");

    char *path = write_temp(".txt", "0 1\n1 99999999\n");
    gopt_error_clear(&err);
    assert_null(gopt_graph_load_at_most(path, GOPT_GRAPH_AUTO, false, 1024, &err));
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 3);
    assert_string_equal(err.msg, "node number out of range (at most 1024 nodes)");
    unlink(path);
    free(path);
    path = write_temp(".txt", "0 1\n1 2 3\n");
    gopt_error_clear(&err);
    assert_null(gopt_graph_load(path, GOPT_GRAPH_AUTO, false, &err));
    assert_int_equal(err.line, 2);
    assert_string_equal(err.msg, "an edge needs two node numbers; this one has one");
    unlink(path);
    free(path);
    path = write_temp(".txt", "0 1\n1 x\n");
    gopt_error_clear(&err);
    assert_null(gopt_graph_load(path, GOPT_GRAPH_AUTO, false, &err));
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 3);
    unlink(path);
    free(path);

    path = write_temp(".gml", "graph [\n node [ id 0 ]\n node [ id 1\n edge [ source 0 target 1 ]\n]\n");
    gopt_error_clear(&err);
    assert_null(gopt_graph_load(path, GOPT_GRAPH_AUTO, false, &err));
    assert_int_equal(err.line, 6); /* igraph's line, from its message */
    assert_non_null(strstr(err.msg, "not a readable GML graph: "));
    unlink(path);
    free(path);

    path = write_temp(".gml", "\xEF\xBB\xBFgraph [ node [ id 0 label \"a\" ] node [ id 1 label \"b\" ] edge [ source 0 target 1 ] ]\n");
    gopt_error_clear(&err);
    gopt_graph *g = gopt_graph_load(path, GOPT_GRAPH_AUTO, false, &err);
    assert_non_null(g);
    assert_string_equal(g->names[1], "b");
    gopt_graph_free(g);
    unlink(path);
    free(path);

    path = write_temp(".ncol", "K\xF6ln Bonn\n");
    gopt_error_clear(&err);
    assert_null(gopt_graph_load(path, GOPT_GRAPH_AUTO, false, &err));
    assert_string_equal(err.msg, "node 1's name is not UTF-8 text; save the file as UTF-8");
    unlink(path);
    free(path);
}

static igraph_error_t call_fatal(void *ctx) {
    (void)ctx;
    igraph_fatal("a test of the fatal handler", __FILE__, __LINE__);
}

/* igraph's fatal errors come back as failures inside igraph_glue_call, not abort(). */
static void igraph_fatal_errors_return(void **state) {
    (void)state;
    igraph_glue_lock();
    assert_int_equal(igraph_glue_call(call_fatal, NULL), IGRAPH_FAILURE);
    assert_string_equal(igraph_glue_message(), "fatal igraph error: a test of the fatal handler");
    igraph_glue_unlock();
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(adjacency_arrays),
        cmocka_unit_test(gml_with_names_and_positions),
        cmocka_unit_test(graphml_and_edge_lists),
        cmocka_unit_test(bad_graph_files_are_errors),
        cmocka_unit_test(graph_files_fail_located),
        cmocka_unit_test(igraph_fatal_errors_return),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
