/* Contract violations: one line naming the function and the rule, then abort (or the
 * handler a test installed). */
#include "gameopt/require.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static _Thread_local gopt_require_handler handler;

gopt_require_handler gopt_require_set_handler(gopt_require_handler h) {
    gopt_require_handler old = handler;
    handler = h;
    return old;
}

void gopt_fatal(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("gameopt: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(4);
}

void gopt_require_failed(const char *func, const char *cond, const char *fmt, ...) {
    char why[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    char message[768];
    snprintf(message, sizeof message, "%s (%s)", why, cond);
    if (handler) handler(func, message);
    fprintf(stderr, "gameopt: contract violated in %s: %s\n", func, message);
    abort();
}
