/* Claiming a file a run keeps across runs (statefile.h): its place checked, then a lock on
 * FILE.lock beside it. The lock is on a file of its own because the kept file itself is
 * replaced by a rename whenever it is saved whole (a lock on it would stay with the old one). */
#include "gameopt/statefile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gameopt/alloc.h"
#include "gameopt/outfile.h"

/* The kept file as it is now: absent, or a regular file this process can read and write. */
static bool usable(const char *path, gopt_error *err) {
    struct stat st;
    if (stat(path, &st) != 0) return errno == ENOENT || gopt_fail(err, path, 0, 0, "cannot use: %s", strerror(errno));
    if (S_ISDIR(st.st_mode)) return gopt_fail(err, path, 0, 0, "cannot write: it is a directory");
    if (!S_ISREG(st.st_mode)) return gopt_fail(err, path, 0, 0, "cannot keep a file there: not a regular file");
    int fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return gopt_fail(err, path, 0, 0, "cannot read and write: %s", strerror(errno));
    close(fd);
    return true;
}

/* The process that holds the lock, as it wrote itself into the file (0: unknown). */
static long holder(int fd) {
    char text[32] = {0};
    ssize_t n = pread(fd, text, sizeof text - 1, 0);
    return n > 0 ? strtol(text, NULL, 10) : 0;
}

bool gopt_statefile_claim(gopt_statefile *s, const char *path, gopt_error *err) {
    *s = (gopt_statefile){.fd = -1};
    if (!usable(path, err) || !gopt_outfile_check(path, err)) return false;
    char *lock = gopt_format("%s.lock", path);
    /* The lock file may be removed by the process that held it between our open and our
     * lock (its release): then the lock is on a name no one else sees, and we try again. */
    for (int attempt = 0; attempt < 100; attempt++) {
        int fd = open(lock, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0) {
            gopt_fail(err, lock, 0, 0, "cannot write: %s", strerror(errno));
            break;
        }
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            int e = errno;
            long pid = e == EWOULDBLOCK ? holder(fd) : 0;
            close(fd);
            if (e != EWOULDBLOCK) gopt_fail(err, lock, 0, 0, "cannot lock: %s", strerror(e));
            else if (pid > 0)
                gopt_fail(err, path, 0, 0, "in use by another gameopt (process %ld): wait for it to end, or give another file", pid);
            else gopt_fail(err, path, 0, 0, "in use by another gameopt: wait for it to end, or give another file");
            break;
        }
        struct stat held, named;
        if (fstat(fd, &held) != 0 || stat(lock, &named) != 0 || held.st_ino != named.st_ino || held.st_dev != named.st_dev) {
            close(fd);
            continue;
        }
        char pid[32];
        int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
        bool named_us = ftruncate(fd, 0) == 0 && pwrite(fd, pid, (size_t)n, 0) == n;
        (void)named_us; /* only for another process's message: not needed to hold the lock */
        s->fd = fd;
        s->lock = lock;
        return true;
    }
    if (!err->set) gopt_fail(err, path, 0, 0, "cannot lock: its lock file keeps changing");
    free(lock);
    return false;
}

void gopt_statefile_release(gopt_statefile *s) {
    if (s->fd >= 0) {
        unlink(s->lock); /* while locked: the name is still ours */
        close(s->fd);
    }
    free(s->lock);
    *s = (gopt_statefile){.fd = -1};
}
