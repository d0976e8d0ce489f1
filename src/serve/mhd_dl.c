/* libmicrohttpd's function table, filled by dlsym when `gameopt serve` starts (mhd_dl.h). */
#include "serve/mhd_dl.h"

#include "core/dl.h"

struct gopt_mhd_api gopt_mhd;

static bool bind_table(gopt_dl *lib) {
#define BIND(f) \
    if (!(gopt_mhd.p_##f = (__typeof__(gopt_mhd.p_##f))gopt_dl_symbol(lib, #f))) return false;
    GOPT_MHD_FUNCTIONS(BIND)
#undef BIND
    return true;
}

static gopt_dl mhd_library = GOPT_DL_INIT("libmicrohttpd.so.12", "the web server (gameopt serve)", "libmicrohttpd12", bind_table);

bool gopt_mhd_load(const char *file, gopt_error *err) { return gopt_dl_load(&mhd_library, file, err); }
