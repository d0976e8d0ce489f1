/* Shared set-up for every use of igraph. Debian's igraph is built without thread safety
 * (IGRAPH_THREAD_SAFE is 0: its error state and attribute table are global), so every call
 * into igraph happens between igraph_glue_lock() and igraph_glue_unlock(). Errors do not
 * abort: the handler keeps igraph's message for igraph_glue_message(). Fatal errors (igraph's
 * flex parsers call igraph_fatal when reading fails, e.g. on a directory) do not abort either
 * inside igraph_glue_call: the fatal handler jumps back there and the call reports failure. */
#ifndef GAMEOPT_IGRAPH_GLUE_H
#define GAMEOPT_IGRAPH_GLUE_H

#include <igraph.h>
#include <stdbool.h>

/* Takes the lock (initialising igraph's handlers and attribute table on first use). */
void igraph_glue_lock(void);
void igraph_glue_unlock(void);
/* The message of the last igraph error (valid while the lock is held). */
const char *igraph_glue_message(void);
/* The first warning igraph gave since the lock was taken ("" for none). */
const char *igraph_glue_warning(void);
/* Runs fn(ctx) with the lock held; returns its code, or IGRAPH_FAILURE when igraph hit a fatal
 * error inside (the message then starts with "fatal"). igraph may have leaked what that call
 * had allocated, nothing more: its own clean-up stack is freed before jumping back. */
igraph_error_t igraph_glue_call(igraph_error_t (*fn)(void *ctx), void *ctx);

#endif
