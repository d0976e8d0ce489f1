/* Errors with positions, printed as `gameopt: FILE:LINE:COL: message`. */
#include "gameopt/error.h"

#include <stdarg.h>
#include <string.h>

static bool fail_v(gopt_error *err, bool limit, const char *file, int line, int col, const char *fmt, va_list ap) {
    if (!err || err->set) return false;
    err->set = true;
    err->limit = limit;
    err->line = line;
    err->col = col;
    snprintf(err->file, sizeof err->file, "%s", file ? file : "");
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    /* One line, always: a message quoting input must not break the format. */
    for (char *p = err->msg; *p; p++)
        if (*p == '\n' || *p == '\r') *p = ' ';
    return false;
}

bool gopt_fail(gopt_error *err, const char *file, int line, int col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fail_v(err, false, file, line, col, fmt, ap);
    va_end(ap);
    return false;
}

bool gopt_fail_limit(gopt_error *err, const char *file, int line, int col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fail_v(err, true, file, line, col, fmt, ap);
    va_end(ap);
    return false;
}

const char *gopt_error_text(const gopt_error *err, char *buf, size_t size) {
    if (!err->file[0])
        snprintf(buf, size, "%s", err->msg);
    else if (err->line <= 0)
        snprintf(buf, size, "%s: %s", err->file, err->msg);
    else if (err->col <= 0)
        snprintf(buf, size, "%s:%d: %s", err->file, err->line, err->msg);
    else
        snprintf(buf, size, "%s:%d:%d: %s", err->file, err->line, err->col, err->msg);
    return buf;
}

void gopt_error_print(FILE *out, const gopt_error *err) {
    char buf[1024];
    fprintf(out, "gameopt: %s\n", gopt_error_text(err, buf, sizeof buf));
}

void gopt_error_clear(gopt_error *err) { memset(err, 0, sizeof *err); }

bool gopt_reason(char *why, size_t size, const char *fmt, ...) {
    if (!why || size == 0) return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return false;
}
