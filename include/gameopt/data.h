/* Where bundled data lives (tile catalogues, board graphs, examples): $GAMEOPT_DATA first,
 * then the source tree the program was built from, then the installed copy. */
#ifndef GAMEOPT_DATA_H
#define GAMEOPT_DATA_H

#include <stdbool.h>
#include <stddef.h>

#include "gameopt/text.h"

/* Finds data/<relative>; writes the full path into buf. False when it is nowhere. */
bool gopt_data_path(const char *relative, char *buf, size_t size);
/* Reads data/<relative> (no absolute paths, no ".."): the text is named by its full path. */
bool gopt_data_load(const char *relative, gopt_text *t, gopt_error *err);
/* Reads a file a game was pointed to: bundled data (a path inside a data folder, as
 * gopt_data_path gives) directly, anything else through the current call's source
 * (gopt_read_named: the command line's files, a request's own texts). */
bool gopt_read_file(const char *path, gopt_text *t, gopt_error *err);

#endif
