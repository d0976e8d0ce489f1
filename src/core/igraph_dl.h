/* igraph, opened on first use (core/dl.h says why): libigraph brings BLAS, LAPACK, ARPACK,
 * GLPK, GMP, libxml2 and ICU, about 1.8 ms of loading that only the families using graphs
 * (tokens' max flow, taxis' board files) should pay. Files that call igraph include this
 * header after <igraph.h>; the names they use (functions, and igraph_cattribute_table) must
 * be in the list below, or the executable does not link (it no longer links igraph).
 * igraph_glue_lock() loads the library, so code under the lock can assume it. */
#ifndef GAMEOPT_CORE_IGRAPH_DL_H
#define GAMEOPT_CORE_IGRAPH_DL_H

#include <igraph.h>
#include <stdbool.h>

#include "gameopt/error.h"

#define GOPT_IGRAPH_SYMBOLS(X) \
    X(igraph_cattribute_has_attr) \
    X(igraph_cattribute_table) \
    X(igraph_cattribute_VAN) \
    X(igraph_cattribute_VAS) \
    X(igraph_connected_components) \
    X(igraph_create) \
    X(igraph_destroy) \
    X(igraph_ecount) \
    X(IGRAPH_FINALLY_FREE) \
    X(igraph_is_directed) \
    X(igraph_maxflow) \
    X(igraph_read_graph_edgelist) \
    X(igraph_read_graph_gml) \
    X(igraph_read_graph_graphml) \
    X(igraph_read_graph_ncol) \
    X(igraph_set_attribute_table) \
    X(igraph_set_error_handler) \
    X(igraph_set_fatal_handler) \
    X(igraph_set_warning_handler) \
    X(igraph_strerror) \
    X(igraph_vcount) \
    X(igraph_vector_destroy) \
    X(igraph_vector_init) \
    X(igraph_vector_int_destroy) \
    X(igraph_vector_int_init) \
    X(igraph_warning_handler_ignore)

struct gopt_igraph_api {
#define GOPT_DL_SLOT(f) __typeof__(f) *p_##f;
    GOPT_IGRAPH_SYMBOLS(GOPT_DL_SLOT)
#undef GOPT_DL_SLOT
};
extern struct gopt_igraph_api gopt_igraph;

/* Loads igraph once; false with err set (about `file`, may be NULL) when it cannot. */
bool gopt_igraph_load(const char *file, gopt_error *err);

/* From here on, a name such as f in this file goes through the table, unless igraph is linked
 * in (the WebAssembly build, which has no dlopen: src/web/igraph_linked.c loads nothing). */
#ifndef GOPT_IGRAPH_LINKED
#define igraph_cattribute_has_attr    (*gopt_igraph.p_igraph_cattribute_has_attr)
#define igraph_cattribute_table       (*gopt_igraph.p_igraph_cattribute_table)
#define igraph_cattribute_VAN         (*gopt_igraph.p_igraph_cattribute_VAN)
#define igraph_cattribute_VAS         (*gopt_igraph.p_igraph_cattribute_VAS)
#define igraph_connected_components   (*gopt_igraph.p_igraph_connected_components)
#define igraph_create                 (*gopt_igraph.p_igraph_create)
#define igraph_destroy                (*gopt_igraph.p_igraph_destroy)
#define igraph_ecount                 (*gopt_igraph.p_igraph_ecount)
#define IGRAPH_FINALLY_FREE        (*gopt_igraph.p_IGRAPH_FINALLY_FREE)
#define igraph_is_directed            (*gopt_igraph.p_igraph_is_directed)
#define igraph_maxflow                (*gopt_igraph.p_igraph_maxflow)
#define igraph_read_graph_edgelist    (*gopt_igraph.p_igraph_read_graph_edgelist)
#define igraph_read_graph_gml         (*gopt_igraph.p_igraph_read_graph_gml)
#define igraph_read_graph_graphml     (*gopt_igraph.p_igraph_read_graph_graphml)
#define igraph_read_graph_ncol        (*gopt_igraph.p_igraph_read_graph_ncol)
#define igraph_set_attribute_table    (*gopt_igraph.p_igraph_set_attribute_table)
#define igraph_set_error_handler      (*gopt_igraph.p_igraph_set_error_handler)
#define igraph_set_fatal_handler      (*gopt_igraph.p_igraph_set_fatal_handler)
#define igraph_set_warning_handler    (*gopt_igraph.p_igraph_set_warning_handler)
#define igraph_strerror               (*gopt_igraph.p_igraph_strerror)
#define igraph_vcount                 (*gopt_igraph.p_igraph_vcount)
#define igraph_vector_destroy         (*gopt_igraph.p_igraph_vector_destroy)
#define igraph_vector_init            (*gopt_igraph.p_igraph_vector_init)
#define igraph_vector_int_destroy     (*gopt_igraph.p_igraph_vector_int_destroy)
#define igraph_vector_int_init        (*gopt_igraph.p_igraph_vector_int_init)
#define igraph_warning_handler_ignore (*gopt_igraph.p_igraph_warning_handler_ignore)
#endif

#endif
