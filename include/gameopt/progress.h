/* Progress of long runs, for whoever watches: the command line draws a bar on stderr (when it
 * is a terminal, or with --progress), the browser's worker posts it to the page, the server
 * and bindings may ignore it. Work reports through a gopt_progress (safe to advance from
 * several threads; at most ten reports a second reach the sink). A NULL progress is valid
 * everywhere and does nothing. */
#ifndef GAMEOPT_PROGRESS_H
#define GAMEOPT_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

/* What a front end gives to be told of progress. */
typedef struct gopt_progress_sink {
    /* done of total items under label (total 0: unknown), with a status line of the item at
     * work ("" when none: a proof's bounds, nodes); final once at the end. */
    void (*report)(void *ctx, const char *label, int64_t done, int64_t total, const char *status, bool final);
    void *ctx;
} gopt_progress_sink;

typedef struct gopt_progress gopt_progress;

/* NULL when sink is NULL (nobody watches). */
gopt_progress *gopt_progress_start(const gopt_progress_sink *sink, const char *label, int64_t total);
void gopt_progress_add(gopt_progress *p, int64_t done);
/* The status line of the item at work (copied); reported with the next report. */
void gopt_progress_status(gopt_progress *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Reports the final state and frees the progress. */
void gopt_progress_finish(gopt_progress *p);
/* The progress current on this thread (the solve driver's), for a method deep inside a solve
 * that has something to say (flood's bounds); NULL when none. */
gopt_progress *gopt_progress_current(void);
gopt_progress *gopt_progress_enter(gopt_progress *p); /* returns the previous one */

#endif
