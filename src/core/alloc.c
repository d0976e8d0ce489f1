/* Allocation that aborts on exhaustion, and a growable text buffer. */
#include "gameopt/alloc.h"
#include "gameopt/require.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local gopt_oom_handler oom_handler;

gopt_oom_handler gopt_set_oom_handler(gopt_oom_handler h) {
    gopt_oom_handler previous = oom_handler;
    oom_handler = h;
    return previous;
}

/* Fault injection for the tests, as SQLite does it: with GOPT_FAIL_ALLOC_OVER=BYTES in the
 * environment every single allocation of more than BYTES fails, so that the out-of-memory
 * paths (the web server's answer instead of an exit) can be exercised. Read once. */
static size_t fail_over(void) {
    static _Atomic size_t limit = 1; /* 1: not read yet; 0: off */
    size_t v = limit;
    if (v == 1) {
        const char *e = getenv("GOPT_FAIL_ALLOC_OVER");
        v = e && *e ? (size_t)strtoull(e, NULL, 10) : 0;
        limit = v;
    }
    return v;
}

static void *fail_big(void *p, size_t size) {
    size_t over = fail_over();
    if (over > 1 && size > over) {
        free(p);
        return NULL;
    }
    return p;
}

static void *checked(void *p, size_t size) {
    if (!p && size) {
        if (oom_handler) oom_handler(size); /* does not return */
        gopt_fatal("out of memory (%zu bytes)", size);
    }
    return p;
}

void *gopt_malloc(size_t size) { return checked(fail_big(malloc(size ? size : 1), size), size); }
void *gopt_calloc(size_t count, size_t size) {
    return checked(fail_big(calloc(count ? count : 1, size ? size : 1), count * size), count * size);
}
void *gopt_realloc(void *ptr, size_t size) {
    if (fail_over() > 1 && size > fail_over()) return checked(NULL, size); /* ptr stays valid, as realloc leaves it */
    return checked(realloc(ptr, size ? size : 1), size);
}

char *gopt_strndup(const char *s, size_t n) {
    char *d = gopt_malloc(n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

char *gopt_strdup(const char *s) { return gopt_strndup(s, strlen(s)); }

static char *vformat(const char *fmt, va_list ap) {
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    char *s = gopt_malloc((size_t)n + 1);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}

char *gopt_format(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    return s;
}

void gopt_grow(void *items_ptr, size_t *cap, size_t need, size_t elem_size) {
    if (need <= *cap) return;
    size_t c = *cap ? *cap : 8;
    while (c < need) c *= 2;
    void **items = items_ptr;
    *items = gopt_realloc(*items, c * elem_size);
    *cap = c;
}

void gopt_buf_append(gopt_buf *b, const char *s, size_t n) {
    gopt_grow(&b->data, &b->cap, b->len + n + 1, 1);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
}

void gopt_buf_puts(gopt_buf *b, const char *s) { gopt_buf_append(b, s, strlen(s)); }
void gopt_buf_putc(gopt_buf *b, char c) { gopt_buf_append(b, &c, 1); }

void gopt_buf_printf(gopt_buf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    gopt_buf_puts(b, s);
    free(s);
}

bool gopt_buf_read_all(gopt_buf *b, FILE *f) {
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) gopt_buf_append(b, chunk, n);
    return !ferror(f);
}

char *gopt_buf_take(gopt_buf *b) {
    char *s = b->data ? b->data : gopt_strdup("");
    *b = (gopt_buf){0};
    return s;
}

void gopt_buf_free(gopt_buf *b) {
    free(b->data);
    *b = (gopt_buf){0};
}
