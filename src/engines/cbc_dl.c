/* CBC's function table, filled by dlsym on the first MIP solve (see cbc_dl.h). */
#include "engines/cbc_dl.h"

#include "core/dl.h"

struct gopt_cbc_api gopt_cbc;

static bool bind_table(gopt_dl *lib) {
#define BIND(f) \
    if (!(gopt_cbc.p_##f = (__typeof__(gopt_cbc.p_##f))gopt_dl_symbol(lib, #f))) return false;
    GOPT_CBC_FUNCTIONS(BIND)
#undef BIND
    return true;
}

static gopt_dl cbc_library = GOPT_DL_INIT("libCbcSolver.so.3", "MIP solves (--method mip)", "coinor-libcbc3", bind_table);

bool gopt_cbc_load(const char *file, gopt_error *err) { return gopt_dl_load(&cbc_library, file, err); }
