/* Shared set-up for every use of igraph. Debian's igraph is built without thread safety
 * (IGRAPH_THREAD_SAFE is 0: its error state and attribute table are global), so every call
 * into igraph happens between igraph_glue_lock() and igraph_glue_unlock(). Errors do not
 * abort: the handler keeps igraph's message for igraph_glue_message(). */
#ifndef GAMEOPT_IGRAPH_GLUE_H
#define GAMEOPT_IGRAPH_GLUE_H

/* Takes the lock (initialising igraph's handlers and attribute table on first use). */
void igraph_glue_lock(void);
void igraph_glue_unlock(void);
/* The message of the last igraph error (valid while the lock is held). */
const char *igraph_glue_message(void);

#endif
