/* Front-end glue: what a front end that runs on the user's own machine (the command line,
 * the MPI runner, tests, benchmarks) gives a call: this machine's files. The server, the
 * browser and the JSON entry point give none, so no request reads a file. */
#ifndef GAMEOPT_FRONT_H
#define GAMEOPT_FRONT_H

#include "gameopt/game.h"

/* Files of this machine: whole files and stdin ("-"), read so that Ctrl-C ends a blocked
 * read, bounded by --memory-limit; the files a game keeps (a checkpoint). */
extern const gopt_files gopt_local_files;
/* A source with no texts of its own and this machine's files: for opts.source, or for
 * gopt_source_enter around library calls that read files (tests). */
extern const gopt_source gopt_local_source;

#endif
