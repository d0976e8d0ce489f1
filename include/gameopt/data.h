/* Where bundled data lives (tile catalogues, board graphs, examples): $GAMEOPT_DATA first,
 * then the source tree the program was built from, then the installed copy. */
#ifndef GAMEOPT_DATA_H
#define GAMEOPT_DATA_H

#include <stdbool.h>
#include <stddef.h>

/* Finds data/<relative>; writes the full path into buf. False when it is nowhere. */
bool gopt_data_path(const char *relative, char *buf, size_t size);

#endif
