/* Files a run keeps across runs (options of type GOPT_OPT_STATE: flood's --checkpoint), for
 * the front ends that give files (the command line). Such a file is read to resume, rewritten
 * as the run goes (through a temporary beside it and a rename) and removed when the work is
 * done, so before any work the front end claims it: its place must take files (one line and
 * exit 2 otherwise, not a warning hours later when the store fills), and no other process
 * may be using it. The claim is an advisory lock (flock) on "FILE.lock" beside it, held until
 * the run ends: a second process given the same file is refused at start, so a finished proof
 * never removes a checkpoint another process is still writing or resuming from. A process
 * that dies leaves the lock file but not the lock (the kernel drops it), so the next run
 * takes it over. */
#ifndef GAMEOPT_STATEFILE_H
#define GAMEOPT_STATEFILE_H

#include <stdbool.h>

#include "gameopt/error.h"

typedef struct gopt_statefile {
    int fd;     /* the lock file, locked; -1: nothing claimed */
    char *lock; /* its name, removed on release */
} gopt_statefile;

/* Claims path for this process. False, with err = "PATH: REASON" (exit 2 material), when its
 * directory does not take files, path is a directory or not a regular file, an existing file
 * cannot be read and written, or another process holds it ("in use by another gameopt
 * (process N)"). */
bool gopt_statefile_claim(gopt_statefile *s, const char *path, gopt_error *err);
/* Ends the claim: removes the lock file (still locked, so no one else's) and drops the lock. */
void gopt_statefile_release(gopt_statefile *s);

#endif
