/* A progress bar on stderr for long runs. It draws only when stderr is a terminal (or when
 * forced with --progress), at most ten times a second, and is safe to advance from several
 * threads. A NULL bar is valid everywhere and does nothing. */
#ifndef GAMEOPT_PROGRESS_H
#define GAMEOPT_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct gopt_progress gopt_progress;

/* NULL when there is nothing to draw on (stderr not a terminal and not forced). */
gopt_progress *gopt_progress_start(const char *label, int64_t total, bool force);
void gopt_progress_add(gopt_progress *p, int64_t done);
/* Draws the final state, ends the line and frees the bar. */
void gopt_progress_finish(gopt_progress *p);

#endif
