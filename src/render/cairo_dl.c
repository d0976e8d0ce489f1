/* cairo's function table, filled by dlsym on the first picture (see cairo_dl.h). */
#include "render/cairo_dl.h"

#include "core/dl.h"

struct gopt_cairo_api gopt_cairo;

static bool bind_table(gopt_dl *lib) {
#define BIND(f) \
    if (!(gopt_cairo.p_##f = (__typeof__(gopt_cairo.p_##f))gopt_dl_symbol(lib, #f))) return false;
    GOPT_CAIRO_FUNCTIONS(BIND)
#undef BIND
    return true;
}

static gopt_dl cairo_library = GOPT_DL_INIT("libcairo.so.2", "pictures", "libcairo2", bind_table);

bool gopt_cairo_load(const char *file, gopt_error *err) { return gopt_dl_load(&cairo_library, file, err); }
