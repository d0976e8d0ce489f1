/* Finding bundled data: $GAMEOPT_DATA, the source tree, the installed copy. */
#include "gameopt/data.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "gameopt/gameopt.h"

static bool try_dir(const char *dir, const char *relative, char *buf, size_t size) {
    if (!dir || !dir[0]) return false;
    snprintf(buf, size, "%s/%s", dir, relative);
    return access(buf, R_OK) == 0;
}

bool gopt_data_path(const char *relative, char *buf, size_t size) {
    return try_dir(getenv("GAMEOPT_DATA"), relative, buf, size) ||
           try_dir(GOPT_SOURCE_DATADIR, relative, buf, size) ||
           try_dir(GOPT_INSTALL_DATADIR, relative, buf, size);
}

const char *gopt_version(void) { return GOPT_VERSION; }
