/* Errors that say where: every parser and loader reports file, line, column and a message,
 * printed as `gameopt: FILE:LINE:COL: message` (design §5). A zero line means "the whole file"
 * and a zero column "the whole line"; those parts are then left out of the printed form. */
#ifndef GAMEOPT_ERROR_H
#define GAMEOPT_ERROR_H

#include <stdbool.h>
#include <stdio.h>

typedef struct gopt_error {
    bool set;
    int line;       /* 1-based; 0 when not about a line */
    int col;        /* 1-based; 0 when not about a column */
    char file[256]; /* file name, "-" for stdin, or an option name such as "--from" */
    char msg[512];
    bool limit;     /* a limit stopped the work here, not bad input: exit 3, a larger limit may do
                     * (a memory limit met while reading a real input: gopt_fail_limit) */
} gopt_error;

/* Records an error (the first one wins: later calls on a set error do nothing, so the
 * innermost, most precise report survives). Returns false so callers can `return gopt_fail(...)`. */
bool gopt_fail(gopt_error *err, const char *file, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* The same for a limit met where an error is reported (err->limit: exit 3, not 2). */
bool gopt_fail_limit(gopt_error *err, const char *file, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* The printable form without the "gameopt: " prefix, e.g. "x.txt:3:14: unknown colour 'q'". */
const char *gopt_error_text(const gopt_error *err, char *buf, size_t size);

/* Prints `gameopt: FILE:LINE:COL: message` and a newline. */
void gopt_error_print(FILE *out, const gopt_error *err);

void gopt_error_clear(gopt_error *err);

/* Checkers explain a rejection in a caller's buffer (`why` may be NULL or `size` 0). Returns
 * false so a checker can `return gopt_reason(why, size, ...)`. */
bool gopt_reason(char *why, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
