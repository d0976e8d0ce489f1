/* The position-tracking text reader. Line and column always describe the next unread
 * byte; columns count UTF-8 characters, so continuation bytes do not advance them. */
#include "gameopt/text.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gameopt/alloc.h"
#include "gameopt/budget.h"

/* Drops the '\r' of every "\r\n" so parsers see only '\n'; a lone '\r' (old Mac line
 * ends, or what a copy from a browser leaves after a pasted line) becomes '\n'. */
static size_t normalize_line_ends(char *data, size_t len) {
    size_t out = 0;
    for (size_t i = 0; i < len; i++) {
        if (data[i] == '\r' && i + 1 < len && data[i + 1] == '\n') continue;
        data[out++] = data[i] == '\r' ? '\n' : data[i];
    }
    data[out] = 0;
    return out;
}

/* Editors on Windows start UTF-8 files with a byte-order mark; it is not part of the text. */
static size_t skip_bom(char *data, size_t len) {
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0) {
        memmove(data, data + 3, len - 3 + 1);
        return len - 3;
    }
    return len;
}

static void start(gopt_text *t, const char *name, char *data, size_t len) {
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", name);
    t->data = data;
    t->len = normalize_line_ends(data, skip_bom(data, len));
    t->line = 1;
    t->col = 1;
}

size_t gopt_utf8_invalid(const char *text, size_t len) {
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < len) {
        unsigned c = s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t need;
        unsigned lo = 0x80, hi = 0xBF; /* the allowed range of the second byte */
        if (c >= 0xC2 && c <= 0xDF) need = 1;
        else if (c >= 0xE0 && c <= 0xEF) {
            need = 2;
            if (c == 0xE0) lo = 0xA0;      /* overlong */
            else if (c == 0xED) hi = 0x9F; /* UTF-16 surrogates */
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 3;
            if (c == 0xF0) lo = 0x90;      /* overlong */
            else if (c == 0xF4) hi = 0x8F; /* beyond U+10FFFF */
        } else
            return i;
        if (i + need >= len) return i; /* cut short */
        if (s[i + 1] < lo || s[i + 1] > hi) return i;
        for (size_t k = 2; k <= need; k++)
            if ((s[i + k] & 0xC0) != 0x80) return i;
        i += need + 1;
    }
    return len;
}

bool gopt_text_check_utf8(gopt_text *t, gopt_error *err) {
    size_t bad = gopt_utf8_invalid(t->data, t->len);
    if (bad == t->len) return true;
    gopt_text_mark keep = gopt_text_save(t);
    gopt_text_restore(t, (gopt_text_mark){0, 1, 1});
    while (t->pos < bad) gopt_text_next(t);
    gopt_text_fail(t, err, "not UTF-8 text (byte 0x%02x); save the file as UTF-8",
                   (unsigned char)t->data[bad]);
    gopt_text_restore(t, keep);
    return false;
}

/* A host name as people type it without the scheme: labels of letters, digits and '-'
 * separated by dots, the last one letters only ("puzz.link", "swaroopg92.github.io"). */
static size_t host_length(const char *s) {
    size_t i = 0, dots = 0, label = 0;
    bool letters_only = true;
    for (;; i++) {
        char c = s[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) label++;
        else if ((c >= '0' && c <= '9') || c == '-') label++, letters_only = false;
        else if (c == '.' && label > 0) dots++, label = 0, letters_only = true;
        else break;
    }
    return dots > 0 && label >= 2 && letters_only ? i : 0;
}

/* Something a person pasted: a scheme ("https://"), "www.", a query ("?country/...",
 * "#m=edit&p=...") at its start, or a host, a path and a query without the scheme
 * ("puzz.link/p?country/..."), possibly inside quotes or angle brackets. */
bool gopt_text_looks_like_url(const char *s) {
    while (*s == '"' || *s == '\'' || *s == '<' || *s == ' ') s++;
    if (*s == '?' || *s == '#' || strncmp(s, "www.", 4) == 0) return true;
    size_t host = host_length(s);
    if (host && s[host] == '/' && strpbrk(s + host, "?#")) return true;
    const char *colon = strstr(s, "://");
    if (!colon || colon == s) return false;
    for (const char *c = s; c < colon; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '+' ||
              *c == '-' || *c == '.'))
            return false;
    return true;
}

bool gopt_text_arg_is_url(const char *arg) {
    struct stat st;
    return strcmp(arg, "-") != 0 && stat(arg, &st) != 0 && errno == ENOENT && gopt_text_looks_like_url(arg);
}

void gopt_text_from(gopt_text *t, const char *name, const char *data, size_t len) {
    start(t, name, gopt_strndup(data, len), len);
}

static int hex_digit(int c) {
    c |= 0x20;
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

void gopt_text_from_query(gopt_text *t, const char *name, const char *q, size_t n) {
    gopt_buf b = {0};
    for (size_t i = 0; i < n; i++) {
        int hi = i + 2 < n ? hex_digit(q[i + 1]) : -1, lo = i + 2 < n ? hex_digit(q[i + 2]) : -1;
        if (q[i] == '%' && hi >= 0 && lo >= 0) {
            char c = (char)(hi * 16 + lo);
            gopt_buf_putc(&b, c == '/' ? '\n' : c);
            i += 2;
        } else {
            gopt_buf_putc(&b, q[i] == '/' ? '\n' : q[i] == '+' ? ' ' : q[i]);
        }
    }
    gopt_buf_putc(&b, '\n');
    gopt_text_from(t, name, b.data, b.len);
    gopt_buf_free(&b);
}

void gopt_text_from_string(gopt_text *t, const char *name, const char *s) {
    gopt_text_from(t, name, s, strlen(s));
}

void gopt_text_free(gopt_text *t) {
    if (t->charged) gopt_budget_release(NULL, t->charged);
    t->charged = 0;
    free(t->data);
    t->data = NULL;
    t->len = t->pos = 0;
}

int gopt_text_next(gopt_text *t) {
    if (t->pos >= t->len) return -1;
    unsigned char c = (unsigned char)t->data[t->pos++];
    if (c == '\n') {
        t->line++;
        t->col = 1;
    } else if ((c & 0xC0) != 0x80) {
        t->col++;
    }
    return c;
}

bool gopt_text_accept(gopt_text *t, int c) {
    if (gopt_text_peek(t) != c) return false;
    gopt_text_next(t);
    return true;
}

bool gopt_text_accept_word(gopt_text *t, const char *word) {
    size_t n = strlen(word);
    if (t->len - t->pos < n || memcmp(t->data + t->pos, word, n) != 0) return false;
    for (size_t i = 0; i < n; i++) gopt_text_next(t);
    return true;
}

gopt_text_mark gopt_text_save(const gopt_text *t) { return (gopt_text_mark){t->pos, t->line, t->col}; }

void gopt_text_restore(gopt_text *t, gopt_text_mark m) {
    t->pos = m.pos;
    t->line = m.line;
    t->col = m.col;
}

void gopt_text_skip_spaces(gopt_text *t) {
    int c;
    while ((c = gopt_text_peek(t)) == ' ' || c == '\t') gopt_text_next(t);
}

void gopt_text_skip_ws(gopt_text *t) {
    int c;
    while ((c = gopt_text_peek(t)) == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f')
        gopt_text_next(t);
}

void gopt_text_skip_ws_comments(gopt_text *t, char comment) {
    for (;;) {
        gopt_text_skip_ws(t);
        if (!comment || gopt_text_peek(t) != (unsigned char)comment) return;
        size_t len;
        gopt_text_line(t, &len);
    }
}

size_t gopt_text_line_rest(const gopt_text *t) {
    const char *p = t->data + t->pos;
    const char *nl = memchr(p, '\n', t->len - t->pos);
    return nl ? (size_t)(nl - p) : t->len - t->pos;
}

const char *gopt_text_line(gopt_text *t, size_t *len) {
    const char *p = t->data + t->pos;
    size_t n = gopt_text_line_rest(t);
    for (size_t i = 0; i < n; i++) gopt_text_next(t);
    gopt_text_accept(t, '\n');
    *len = n;
    return p;
}

static bool is_digit(int c) { return c >= '0' && c <= '9'; }

bool gopt_text_int(gopt_text *t, long min, long max, long *out, gopt_error *err) {
    gopt_text_mark at = gopt_text_save(t);
    bool negative = false;
    if (gopt_text_peek(t) == '-' || gopt_text_peek(t) == '+') negative = gopt_text_next(t) == '-';
    if (!is_digit(gopt_text_peek(t))) {
        char what[32];
        gopt_text_restore(t, at);
        return gopt_text_fail(t, err, "expected a number, found %s",
                              gopt_text_describe(gopt_text_peek(t), what, sizeof what));
    }
    long value = 0;
    bool overflow = false;
    while (is_digit(gopt_text_peek(t))) {
        int d = gopt_text_next(t) - '0';
        if (value > (LONG_MAX - d) / 10) overflow = true;
        else value = value * 10 + d;
    }
    if (negative) value = -value;
    if (overflow || value < min || value > max)
        return gopt_text_fail_at(t, at, err, "number out of range (expected %ld..%ld)", min, max);
    *out = value;
    return true;
}

bool gopt_text_double(gopt_text *t, double *out, gopt_error *err) {
    const char *p = t->data + t->pos;
    char *end;
    errno = 0;
    double v = strtod(p, &end);
    /* strtod also takes "inf", "nan" and hex floats; a number here is plain decimal. */
    bool plain = end > p && (is_digit(*p) || ((*p == '-' || *p == '+' || *p == '.') && end - p > 1));
    for (const char *q = p; plain && q < end; q++)
        if (!(is_digit(*q) || *q == '.' || *q == '-' || *q == '+' || *q == 'e' || *q == 'E')) plain = false;
    if (!plain || errno == ERANGE) {
        char what[32];
        return gopt_text_fail(t, err, "expected a number, found %s",
                              gopt_text_describe(gopt_text_peek(t), what, sizeof what));
    }
    while (t->data + t->pos < end) gopt_text_next(t);
    *out = v;
    return true;
}

bool gopt_text_expect(gopt_text *t, int c, gopt_error *err) {
    if (gopt_text_accept(t, c)) return true;
    char want[32], found[32];
    return gopt_text_fail(t, err, "expected %s, found %s", gopt_text_describe(c, want, sizeof want),
                          gopt_text_describe(gopt_text_peek(t), found, sizeof found));
}

static bool fail_v(const gopt_text *t, gopt_text_mark at, gopt_error *err, const char *fmt, va_list ap) {
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    return gopt_fail(err, t->name, at.line, at.col, "%s", msg);
}

bool gopt_text_fail(const gopt_text *t, gopt_error *err, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fail_v(t, gopt_text_save(t), err, fmt, ap);
    va_end(ap);
    return false;
}

bool gopt_text_fail_at(const gopt_text *t, gopt_text_mark at, gopt_error *err, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fail_v(t, at, err, fmt, ap);
    va_end(ap);
    return false;
}

void gopt_text_warn(gopt_text *t, gopt_text_mark at, const char *fmt, ...) {
    if (t->warning[0]) return;
    char msg[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(t->warning, sizeof t->warning, "%.60s:%d:%d: %s", t->name, at.line, at.col, msg);
}

bool gopt_fail_reading_memory(gopt_error *err, const char *file, int line, int col, size_t bytes, size_t input_len) {
    double mb = (double)bytes / 1048576.0, limit = gopt_budget_process_mb();
    if (bytes / GOPT_TEXT_MAX_EXPANSION > input_len)
        return gopt_fail(err, file, line, col,
                         "reading this needs %.1f MB for %zu bytes of input, a size no text this short holds, "
                         "more than --memory-limit (%g MB) leaves",
                         mb, input_len, limit);
    size_t left = gopt_budget_available();
    if (bytes > left)
        return gopt_fail_limit(err, file, line, col,
                               "memory limit reached while reading the input: it needs more than %g MB "
                               "(%.1f MB more than --memory-limit leaves here)",
                               limit, (double)(bytes - left) / 1048576.0);
    return gopt_fail_limit(err, file, line, col, "memory limit reached while reading the input: it needs more than %g MB",
                           limit);
}

bool gopt_text_charge(const gopt_text *t, gopt_text_mark at, size_t bytes, gopt_error *err) {
    if (gopt_budget_charge(NULL, bytes)) return true;
    return gopt_fail_reading_memory(err, t->name, at.line, at.col, bytes, t->len);
}

const char *gopt_text_describe(int c, char *buf, size_t size) {
    if (c < 0) snprintf(buf, size, "end of input");
    else if (c == '\n') snprintf(buf, size, "end of line");
    else if (c == ' ') snprintf(buf, size, "a space");
    else if (c == '\t') snprintf(buf, size, "a tab");
    else if (c >= 0x21 && c < 0x7f) snprintf(buf, size, "'%c'", c);
    else snprintf(buf, size, "byte 0x%02x", c);
    return buf;
}
