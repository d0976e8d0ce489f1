/* Allocation that never returns NULL: running out of memory is not an input error we can
 * report usefully, so these abort with a message (exit 4, internal error). */
#ifndef GAMEOPT_ALLOC_H
#define GAMEOPT_ALLOC_H

#include <stddef.h>
#include <stdbool.h>
#include <stdio.h>

void *gopt_malloc(size_t size);
void *gopt_calloc(size_t count, size_t size);
void *gopt_realloc(void *ptr, size_t size);
char *gopt_strdup(const char *s);
char *gopt_strndup(const char *s, size_t n);
/* What a failed allocation does on this thread: by default (NULL) print `gameopt: out of
 * memory` and exit 4, which is right for the command line. A long-running server installs a
 * handler on each worker that leaves the request (it must not return: a longjmp back to the
 * worker, which answers the request with an error and goes on; what the request held leaks).
 * Returns the previous handler. */
typedef void (*gopt_oom_handler)(size_t size);
gopt_oom_handler gopt_set_oom_handler(gopt_oom_handler h);

/* printf into a fresh string */
char *gopt_format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grows *items (of *cap elements of elem_size bytes) so that it holds at least `need`. */
void gopt_grow(void *items_ptr, size_t *cap, size_t need, size_t elem_size);

/* A growable byte buffer for building text. */
typedef struct gopt_buf {
    char *data; /* always NUL-terminated once anything was appended */
    size_t len;
    size_t cap;
} gopt_buf;

void gopt_buf_append(gopt_buf *b, const char *s, size_t n);
void gopt_buf_puts(gopt_buf *b, const char *s);
void gopt_buf_putc(gopt_buf *b, char c);
void gopt_buf_printf(gopt_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends everything left in f; false on a read error (the buffer keeps what came). */
bool gopt_buf_read_all(gopt_buf *b, FILE *f);
/* Hands the text over (caller frees) and leaves the buffer empty. */
char *gopt_buf_take(gopt_buf *b);
void gopt_buf_free(gopt_buf *b);

#endif
