/* Output files that appear whole or not at all. Everything we write to a named file (results,
 * pictures, LP models, settings, plots) goes to a temporary file beside it and is renamed to
 * its name once complete, so an error, Ctrl-C or a full disk never leaves a half-written file
 * (and never clobbers a good old one). The target is checked first, so an unwritable place
 * (`--output /proc/x.svg`, a directory) fails at once with one line and the OS reason, before
 * any work is done. "-" means standard output (written directly); so are devices and pipes
 * (/dev/null, /dev/stdout, a FIFO: a rename would replace them with a plain file), and a pipe
 * no process reads is refused at once. Other special files (sockets, block devices) are
 * refused. */
#ifndef GAMEOPT_OUTFILE_H
#define GAMEOPT_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

#include "gameopt/error.h"

typedef struct gopt_outfile {
    FILE *f;    /* write here (stdout for "-"); NULL when opened with gopt_outfile_begin */
    char *path; /* the name the file gets */
    char *temp; /* where the bytes are until commit; NULL for stdout */
    bool direct; /* a device or a pipe (/dev/null, a FIFO): written in place, never replaced */
} gopt_outfile;

/* Opens a temporary file beside path for writing. False, with err = "PATH: cannot write:
 * REASON" (exit 2 material), when path's directory does not take files or path is a
 * directory. */
bool gopt_outfile_open(gopt_outfile *o, const char *path, gopt_error *err);
/* For libraries that write by name (cairo): creates the temporary and leaves o->f NULL;
 * write to o->temp, then commit or abort. */
bool gopt_outfile_begin(gopt_outfile *o, const char *path, gopt_error *err);
/* Flushes and closes the file and renames it to its name. False, with the OS reason, when
 * any write failed (the temporary is then removed). */
bool gopt_outfile_commit(gopt_outfile *o, gopt_error *err);
/* Closes and removes the temporary: nothing appears at path. */
void gopt_outfile_abort(gopt_outfile *o);
/* Whether path could be written (its directory exists and takes files; it is not a
 * directory), without writing anything: for checking options before long work. */
bool gopt_outfile_check(const char *path, gopt_error *err);

#endif
