/* Finding bundled data: $GAMEOPT_DATA, the source tree, the installed copy. */
#include "gameopt/data.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/manifest.h"
#include "gameopt/gameopt.h"
#include <limits.h>

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

/* Reads a file known to be bundled data. */
static bool read_bundled(const char *path, const char *name, gopt_text *t, gopt_error *err) {
    FILE *f = fopen(path, "rb");
    if (!f) return gopt_fail(err, name, 0, 0, "cannot open: %s", strerror(errno));
    gopt_buf b = {0};
    bool read = gopt_buf_read_all(&b, f);
    fclose(f);
    if (!read) {
        gopt_buf_free(&b);
        return gopt_fail(err, name, 0, 0, "cannot read");
    }
    gopt_text_from(t, path, b.data ? b.data : "", b.len);
    gopt_call_note_input(name, t->data, t->len);
    gopt_buf_free(&b);
    return gopt_text_check_utf8(t, err) || (gopt_text_free(t), false);
}

bool gopt_data_load(const char *relative, gopt_text *t, gopt_error *err) {
    char path[4096];
    /* bundled data only: no way out of the data folder */
    if (relative[0] == '/' || strstr(relative, "..")) return gopt_fail(err, relative, 0, 0, "not a bundled data file");
    if (!gopt_data_path(relative, path, sizeof path)) return gopt_fail(err, relative, 0, 0, "no such bundled data file");
    return read_bundled(path, relative, t, err);
}

/* Is path (resolved) inside dir (resolved)? */
static bool inside(const char *dir, const char *real) {
    char root[PATH_MAX];
    if (!dir || !dir[0] || !realpath(dir, root)) return false;
    size_t n = strlen(root);
    return strncmp(real, root, n) == 0 && real[n] == '/';
}

bool gopt_read_file(const char *path, gopt_text *t, gopt_error *err) {
    char real[PATH_MAX];
    if (realpath(path, real) &&
        (inside(getenv("GAMEOPT_DATA"), real) || inside(GOPT_SOURCE_DATADIR, real) || inside(GOPT_INSTALL_DATADIR, real)))
        return read_bundled(real, path, t, err);
    return gopt_read_named(NULL, path, t, err);
}

const char *gopt_version(void) { return GOPT_VERSION; }
