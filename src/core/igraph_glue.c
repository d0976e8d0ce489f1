/* igraph's global state, set up once and used under one lock. */
#include "core/igraph_glue.h"

#include "gameopt/require.h"
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/igraph_dl.h"

static pthread_mutex_t glue_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t glue_once = PTHREAD_ONCE_INIT;
static char last_message[512];
static char first_warning[512]; /* since the lock was taken */
/* Where a fatal error jumps to: set only inside igraph_glue_call, under the lock. */
static jmp_buf *fatal_jump;

static void keep_error(const char *reason, const char *file, int line, igraph_error_t code) {
    (void)file;
    (void)line;
    /* igraph's reason says more than its error code's name; the name is for empty reasons. */
    snprintf(last_message, sizeof last_message, "%s", reason && reason[0] ? reason : igraph_strerror(code));
    /* What igraph_error_handler_ignore does: release what the failing call had allocated. */
    IGRAPH_FINALLY_FREE();
}

/* igraph's warnings often say where (GraphML's "Line 3: ..."), when its error says only that the
 * file could not be read: the first one is kept for the error. */
static void keep_warning(const char *reason, const char *file, int line) {
    (void)file;
    (void)line;
    if (!first_warning[0]) snprintf(first_warning, sizeof first_warning, "%s", reason ? reason : "");
}

/* igraph's default fatal handler aborts the process (exit 134): an unreadable graph file must
 * instead become an ordinary located error. A fatal handler must not return, so it jumps. */
static void on_fatal(const char *reason, const char *file, int line) {
    (void)file;
    (void)line;
    snprintf(last_message, sizeof last_message, "fatal igraph error: %s", reason ? reason : "unknown");
    IGRAPH_FINALLY_FREE();
    if (fatal_jump) longjmp(*fatal_jump, 1);
    /* Outside igraph_glue_call there is nothing to return to: an internal error (exit 4). */
    gopt_fatal("internal error: %s", last_message);
}

static void init_once(void) {
    /* Callers that can report an error load igraph first (gopt_igraph_load); reaching here
     * without it means a broken installation, and there is no answer to give without igraph. */
    gopt_error err = {0};
    if (!gopt_igraph_load(NULL, &err)) {
        char buf[1024];
        gopt_fatal("%s", gopt_error_text(&err, buf, sizeof buf));
    }
    igraph_set_error_handler(keep_error);
    igraph_set_warning_handler(keep_warning);
    igraph_set_fatal_handler(on_fatal);
    igraph_set_attribute_table(&igraph_cattribute_table);
}

void igraph_glue_lock(void) {
    pthread_once(&glue_once, init_once);
    pthread_mutex_lock(&glue_mutex);
    last_message[0] = 0;
    first_warning[0] = 0;
}

void igraph_glue_unlock(void) { pthread_mutex_unlock(&glue_mutex); }

const char *igraph_glue_message(void) { return last_message[0] ? last_message : "igraph error"; }

const char *igraph_glue_warning(void) { return first_warning; }

igraph_error_t igraph_glue_call(igraph_error_t (*fn)(void *ctx), void *ctx) {
    jmp_buf here;
    igraph_error_t rc;
    fatal_jump = &here;
    if (setjmp(here) == 0) rc = fn(ctx);
    else rc = IGRAPH_FAILURE;
    fatal_jump = NULL;
    return rc;
}
