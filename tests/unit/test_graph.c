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

/* A graph file as the command line reads one: the text through the front end, then igraph. */
static gopt_graph *gopt_graph_load_at_most(const char *path, gopt_graph_format f, bool directed, int most, gopt_error *err) {
    gopt_text t;
    if (!gopt_text_load(&t, path, err)) return NULL;
    gopt_graph *g = gopt_graph_read(&t, f, directed, most, err);
    gopt_text_free(&t);
    return g;
}

static gopt_graph *gopt_graph_load(const char *path, gopt_graph_format f, bool directed, gopt_error *err) {
    return gopt_graph_load_at_most(path, f, directed, 1 << 20, err);
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
        assert_string_equal(err.msg, "cannot read: it is a directory");
    }
    rmdir(dir);
    gopt_error_clear(&err);
    assert_null(gopt_graph_load("/dev/null", GOPT_GRAPH_GML, false, &err));
    assert_string_equal(err.msg, "not a readable GML graph: the file is empty");

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
    assert_int_equal(err.line, 1); /* the graph's list, left open (igraph said only "line 6", the end) */
    assert_int_equal(err.col, 7);
    assert_string_equal(err.msg, "a list that is never closed (no ']' for it)");
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
    assert_string_equal(err.msg, "not UTF-8 text (byte 0xf6); save the file as UTF-8");
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

/* Loads text as a graph file with the given suffix (at most max_nodes nodes): NULL expected;
 * checks the error's place and message. */
static void refused_at(const char *suffix, const char *text, int max_nodes, int line, int col, const char *msg) {
    char *path = write_temp(suffix, text);
    gopt_error err = {0};
    gopt_graph *g = gopt_graph_load_at_most(path, GOPT_GRAPH_AUTO, false, max_nodes, &err);
    if (g) fail_msg("%s loaded; expected '%s'", suffix, msg);
    if (err.line != line || err.col != col || strcmp(err.msg, msg) != 0)
        fail_msg("%s: got %d:%d: %s\nwant %d:%d: %s", suffix, err.line, err.col, err.msg, line, col, msg);
    unlink(path);
    free(path);
}

/* Issue 35 item 2 and issue 37 item 5: every error of a graph file names its line and column
 * (igraph named a line at best), sizes are refused at the node that is one too many, and
 * tokens igraph's lexers would take quadratic time over are refused before igraph runs. */
static void graph_errors_name_a_place(void **state) {
    (void)state;
    char *long_word = gopt_malloc(70010);
    memset(long_word, 'b', 70000);
    memcpy(long_word, "a ", 2);
    strcpy(long_word + 70000, "\n");
    refused_at(".ncol", long_word, 1024, 1, 3, "a word of more than 65536 characters");
    free(long_word);
    refused_at(".ncol", "a b\nc\n", 1024, 2, 1, "an edge needs two names; this line has one");
    refused_at(".ncol", "a b\nc d x\n", 1024, 2, 5, "expected an edge weight (a number) after the two names, found 'x'");
    refused_at(".ncol", "a b 1\nc d 2 3\n", 1024, 2, 7, "an NCOL line is two names and an optional weight; this one goes on");
    refused_at(".ncol", "a b\nb c\nc d\n", 3, 3, 3, "node 4 ('d'): at most 3 nodes are supported");
    refused_at(".gml", "graph [\n node [ id 1 ]\n node [ id 2 ]\n]\n", 1, 3, 2, "node 2: at most 1 nodes are supported");
    refused_at(".gml", "graph [ node [ id 1 ] node [ id 1 ] ]", 9, 1, 33, "node id 1 is used twice");
    refused_at(".gml", "graph [ node [ id 1.5 ] ]", 9, 1, 19,
               "a node id must be a whole number from -2147483648 to 2147483647");
    refused_at(".gml", "graph [ node [ id 1 ]\n edge [ source 1 target 7 ] ]", 9, 2, 25, "no node has the id 7");
    refused_at(".gml", "graph [ node [ id 1 ]\n edge [ source 1 ] ]", 9, 2, 2, "an edge without its 'target'");
    refused_at(".gml", "graph [ node [ id 1 ] ] ]", 9, 1, 25, "a ']' that closes no list");
    refused_at(".gml", "graph [ node [ id 1 label \"x ] ]", 9, 1, 27, "a string without its closing quote");
    refused_at(".gml", "graph [ node [ id 1 ] $ ]", 9, 1, 23, "unexpected '$'");
    refused_at(".gml", "creator \"me\"\n", 9, 1, 1, "no 'graph [ ... ]' in the GML file");
    refused_at(".gml", "graph 3", 9, 1, 1, "'graph' must be a list: graph [ ... ]");
    gopt_buf deep = {0};
    gopt_buf_puts(&deep, "graph [ ");
    for (int i = 0; i < 40; i++) gopt_buf_puts(&deep, "a [ ");
    refused_at(".gml", deep.data, 9, 1, 131, "lists nested more than 31 deep");
    gopt_buf_free(&deep);
    refused_at(".graphml",
               "<graphml>\n<graph edgedefault=\"undirected\">\n<node id=\"a\"/>\n  <node id=\"b\"/>\n</graph>\n</graphml>\n",
               1, 4, 3, "node 2: at most 1 nodes are supported");
    refused_at(".gml", "", 9, 1, 1, "not a readable GML graph: the file is empty");
    /* a graph that reads keeps where its nodes and edges are */
    char *path = write_temp(".ncol", "a b\n\n  b c 2.5\n");
    gopt_error err = {0};
    gopt_graph *g = gopt_graph_load(path, GOPT_GRAPH_AUTO, false, &err);
    assert_non_null(g);
    assert_int_equal(gopt_graph_node_place(g, 2).line, 3);
    assert_int_equal(gopt_graph_node_place(g, 2).col, 5);
    assert_int_equal(gopt_graph_edge_place(g, 1).line, 3);
    assert_int_equal(gopt_graph_edge_place(g, 1).col, 3);
    gopt_graph_free(g);
    unlink(path);
    free(path);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(adjacency_arrays),
        cmocka_unit_test(gml_with_names_and_positions),
        cmocka_unit_test(graphml_and_edge_lists),
        cmocka_unit_test(bad_graph_files_are_errors),
        cmocka_unit_test(graph_files_fail_located),
        cmocka_unit_test(graph_errors_name_a_place),
        cmocka_unit_test(igraph_fatal_errors_return),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
