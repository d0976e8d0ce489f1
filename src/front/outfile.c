/* Write to a temporary name, rename when complete. */
#include "gameopt/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gameopt/alloc.h"

static _Atomic unsigned serial;

/* "dir/name.svg" -> "dir/.name.svg.PID-N.tmp": same directory, so rename() is atomic. */
static char *temp_name(const char *path) {
    const char *slash = strrchr(path, '/');
    int dir = slash ? (int)(slash - path + 1) : 0;
    return gopt_format("%.*s.%s.%d-%u.tmp", dir, path, path + dir, (int)getpid(), atomic_fetch_add(&serial, 1));
}

/* A device or a pipe (/dev/null, /dev/stdout, a FIFO) is written in place: a temporary and a
 * rename would put a plain file where the device was (as root, --output /dev/null replaced
 * /dev/null). A pipe nobody reads is refused at once instead of waiting for a reader. */
static bool create_direct(gopt_outfile *o, const char *path, const struct stat *st, bool keep_open, gopt_error *err) {
    if (!keep_open) { /* checked or begun: opening a pipe now and closing it would end its reader's input */
        if (access(path, W_OK) != 0) return gopt_fail(err, path, 0, 0, "cannot write: %s", strerror(errno));
        o->path = gopt_strdup(path);
        o->temp = gopt_strdup(path); /* a library writing by name writes to the device itself */
        o->direct = true;
        return true;
    }
    int fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0 && errno == ENXIO && S_ISFIFO(st->st_mode))
        return gopt_fail(err, path, 0, 0, "cannot write: a pipe that no process reads");
    if (fd < 0) return gopt_fail(err, path, 0, 0, "cannot write: %s", strerror(errno));
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    o->f = fdopen(fd, "w");
    if (!o->f) {
        int e = errno;
        close(fd);
        return gopt_fail(err, path, 0, 0, "cannot write: %s", strerror(e));
    }
    o->path = gopt_strdup(path);
    o->direct = true;
    return true;
}

static bool create(gopt_outfile *o, const char *path, bool keep_open, gopt_error *err) {
    memset(o, 0, sizeof *o);
    if (strcmp(path, "-") == 0) {
        o->f = keep_open ? stdout : NULL;
        o->path = gopt_strdup(path);
        return true;
    }
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) return gopt_fail(err, path, 0, 0, "cannot write: it is a directory");
    if (stat(path, &st) == 0 && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))) return create_direct(o, path, &st, keep_open, err);
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) return gopt_fail(err, path, 0, 0, "cannot write: not a regular file");
    /* A symbolic link is written through: the temporary goes beside the file it points to and
     * the rename replaces that file, so the link stays a link. A link to nowhere is refused. */
    char *target = NULL;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && !(target = realpath(path, NULL)))
        return gopt_fail(err, path, 0, 0, "cannot write: a link to a missing place (%s)", strerror(errno));
    char *temp = temp_name(target ? target : path);
    int fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) {
        int e = errno;
        free(temp);
        free(target);
        return gopt_fail(err, path, 0, 0, "cannot write: %s", strerror(e));
    }
    if (keep_open) {
        o->f = fdopen(fd, "w");
        if (!o->f) {
            int e = errno;
            close(fd);
            unlink(temp);
            free(temp);
            free(target);
            return gopt_fail(err, path, 0, 0, "cannot write: %s", strerror(e));
        }
    } else {
        close(fd);
    }
    o->path = gopt_strdup(target ? target : path);
    free(target);
    o->temp = temp;
    return true;
}

bool gopt_outfile_open(gopt_outfile *o, const char *path, gopt_error *err) { return create(o, path, true, err); }
bool gopt_outfile_begin(gopt_outfile *o, const char *path, gopt_error *err) { return create(o, path, false, err); }

static void release(gopt_outfile *o) {
    free(o->path);
    free(o->temp);
    memset(o, 0, sizeof *o);
}

bool gopt_outfile_commit(gopt_outfile *o, gopt_error *err) {
    if (o->direct) { /* a device or a pipe: written in place, nothing to rename */
        bool ok = true;
        int e = 0;
        if (o->f && (fflush(o->f) != 0 || ferror(o->f))) ok = false, e = errno ? errno : EIO;
        if (o->f && fclose(o->f) != 0 && ok) ok = false, e = errno;
        if (!ok) gopt_fail(err, o->path, 0, 0, "cannot write: %s", strerror(e));
        release(o);
        return ok;
    }
    if (!o->temp) { /* stdout: flushed, left open */
        bool ok = !o->f || (fflush(o->f) == 0 && !ferror(o->f));
        if (!ok) gopt_fail(err, o->path, 0, 0, "cannot write: %s", strerror(errno));
        release(o);
        return ok;
    }
    bool ok = true;
    int e = 0;
    if (o->f) {
        if (fflush(o->f) != 0 || ferror(o->f)) ok = false, e = errno ? errno : EIO;
        if (fclose(o->f) != 0 && ok) ok = false, e = errno;
        o->f = NULL;
    }
    if (ok && rename(o->temp, o->path) != 0) ok = false, e = errno;
    if (!ok) {
        unlink(o->temp);
        gopt_fail(err, o->path, 0, 0, "cannot write: %s", strerror(e));
    }
    release(o);
    return ok;
}

void gopt_outfile_abort(gopt_outfile *o) {
    if (o->direct) {
        if (o->f) fclose(o->f);
    } else if (o->temp) {
        if (o->f) fclose(o->f);
        unlink(o->temp);
    }
    release(o);
}

bool gopt_outfile_check(const char *path, gopt_error *err) {
    gopt_outfile o;
    if (!gopt_outfile_begin(&o, path, err)) return false;
    gopt_outfile_abort(&o);
    return true;
}
