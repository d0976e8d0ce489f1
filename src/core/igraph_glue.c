/* igraph's global state, set up once and used under one lock. */
#include "core/igraph_glue.h"

#include <igraph.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/igraph_dl.h"

static pthread_mutex_t glue_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t glue_once = PTHREAD_ONCE_INIT;
static char last_message[512];

static void keep_error(const char *reason, const char *file, int line, igraph_error_t code) {
    (void)file;
    (void)line;
    snprintf(last_message, sizeof last_message, "%s (%s)", reason ? reason : "igraph error",
             igraph_strerror(code));
    /* What igraph_error_handler_ignore does: release what the failing call had allocated. */
    IGRAPH_FINALLY_FREE();
}

static void init_once(void) {
    /* Callers that can report an error load igraph first (gopt_igraph_load); reaching here
     * without it means a broken installation, and there is no answer to give without igraph. */
    gopt_error err = {0};
    if (!gopt_igraph_load(NULL, &err)) {
        gopt_error_print(stderr, &err);
        exit(4);
    }
    igraph_set_error_handler(keep_error);
    igraph_set_warning_handler(igraph_warning_handler_ignore);
    igraph_set_attribute_table(&igraph_cattribute_table);
}

void igraph_glue_lock(void) {
    pthread_once(&glue_once, init_once);
    pthread_mutex_lock(&glue_mutex);
    last_message[0] = 0;
}

void igraph_glue_unlock(void) { pthread_mutex_unlock(&glue_mutex); }

const char *igraph_glue_message(void) { return last_message[0] ? last_message : "igraph error"; }
