/* Opening a heavy library on first use and binding its function table (see dl.h). */
#include "core/dl.h"

#include <dlfcn.h>
#include <stdio.h>

static void failed(gopt_dl *lib, const char *why) {
    snprintf(lib->message, sizeof lib->message, "%s: cannot load %s (Debian package %s): %s", lib->purpose,
             lib->soname, lib->package, why ? why : "cannot be opened");
}

void *gopt_dl_symbol(gopt_dl *lib, const char *name) {
    void *p = dlsym(lib->handle, name);
    if (!p) {
        char why[300];
        snprintf(why, sizeof why, "symbol %s is missing (a different version of the library?)", name);
        failed(lib, why);
    }
    return p;
}

bool gopt_dl_load(gopt_dl *lib, const char *file, gopt_error *err) {
    pthread_mutex_lock(&lib->lock);
    if (lib->state == 0) {
        /* RTLD_LAZY: functions are bound when first called, which for CBC saves a fifth of the
         * loading time; RTLD_LOCAL keeps the library's symbols out of everyone else's way. */
        lib->handle = dlopen(lib->soname, RTLD_LAZY | RTLD_LOCAL);
        if (!lib->handle) failed(lib, dlerror());
        lib->state = lib->handle && lib->bind(lib) ? 1 : -1;
    }
    bool ok = lib->state == 1;
    pthread_mutex_unlock(&lib->lock);
    if (!ok) gopt_fail(err, file, 0, 0, "%s", lib->message);
    return ok;
}

const char *gopt_dl_message(const gopt_dl *lib) { return lib->state < 0 ? lib->message : ""; }
