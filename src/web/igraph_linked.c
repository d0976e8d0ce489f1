/* igraph in the WebAssembly build: linked in (there is no dlopen there), so loading it is
 * nothing to do; core/igraph_dl.h maps no names through its table under GOPT_IGRAPH_LINKED. */
#include "core/igraph_dl.h"

bool gopt_igraph_load(const char *file, gopt_error *err) {
    (void)file;
    (void)err;
    return true;
}
