/* Heavy libraries opened on first use (design guide §4). cairo (and its font stack), CBC
 * (with Clp, Cgl, Osi, CoinUtils) and igraph (with BLAS, LAPACK, ARPACK, GLPK, GMP, libxml2,
 * ICU) cost 1.5 to 3 ms of CPU each just to load and relocate, so linking them would make
 * every `gameopt` call pay for all three. Instead the code that uses one of them includes its
 * table header (render/cairo_dl.h, engines/cbc_dl.h, core/igraph_dl.h), which maps each
 * function it calls onto a pointer filled by dlsym the first time the library is needed.
 * docs/methods.md ("Start-up") has the measurements behind this choice. */
#ifndef GAMEOPT_CORE_DL_H
#define GAMEOPT_CORE_DL_H

#include <pthread.h>
#include <stdbool.h>

#include "gameopt/error.h"

typedef struct gopt_dl gopt_dl;
/* Looks up every symbol of a table with gopt_dl_symbol; false when one is missing. */
typedef bool (*gopt_dl_bind)(gopt_dl *lib);

struct gopt_dl {
    const char *soname;  /* what dlopen is given, e.g. "libcairo.so.2" */
    const char *purpose; /* what needs it, for the message, e.g. "pictures" */
    const char *package; /* the Debian package that ships it, e.g. "libcairo2" */
    gopt_dl_bind bind;
    pthread_mutex_t lock;
    int state; /* 0 not tried yet, 1 loaded, -1 failed (message says why; not retried) */
    void *handle;
    char message[480];
};

#define GOPT_DL_INIT(soname, purpose, package, bind) \
    {(soname), (purpose), (package), (bind), PTHREAD_MUTEX_INITIALIZER, 0, NULL, ""}

/* Opens the library and binds its table, once per process (thread-safe). On failure err (may
 * be NULL) gets a one-line message about `file` (may be NULL) naming the purpose, the library
 * and the package to install, e.g. "x.svg: pictures: cannot load libcairo.so.2 (Debian package
 * libcairo2): libcairo.so.2: cannot open shared object file ...red object file: No such file or directory". */
bool gopt_dl_load(gopt_dl *lib, const char *file, gopt_error *err);
/* For bind functions: the address of `name`, or NULL with the library's message set. */
void *gopt_dl_symbol(gopt_dl *lib, const char *name);
/* The failure message of a library that could not be loaded ("" otherwise). */
const char *gopt_dl_message(const gopt_dl *lib);

#endif
