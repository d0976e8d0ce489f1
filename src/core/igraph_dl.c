/* igraph's table, filled by dlsym on the first use of a graph algorithm (see igraph_dl.h). */
#include "core/igraph_dl.h"

#include "core/dl.h"

struct gopt_igraph_api gopt_igraph;

static bool bind_table(gopt_dl *lib) {
#define BIND(f) \
    if (!(gopt_igraph.p_##f = (__typeof__(gopt_igraph.p_##f))gopt_dl_symbol(lib, #f))) return false;
    GOPT_IGRAPH_SYMBOLS(BIND)
#undef BIND
    return true;
}

static gopt_dl igraph_library = GOPT_DL_INIT("libigraph.so.3", "graph algorithms", "libigraph3", bind_table);

bool gopt_igraph_load(const char *file, gopt_error *err) { return gopt_dl_load(&igraph_library, file, err); }
