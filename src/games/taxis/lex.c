/* Name tokens and line structure shared by our two text formats (board graphs and
 * settings): a name is a bare word or a "quoted" string, '#' starts a comment. */
#include <string.h>

#include "games/taxis/internal.h"

bool taxis_lex_line_end(gopt_text *t) {
    gopt_text_skip_spaces(t);
    int c = gopt_text_peek(t);
    return c == -1 || c == '\n' || c == '#';
}

void taxis_lex_next_line(gopt_text *t) {
    int c;
    while ((c = gopt_text_next(t)) != -1 && c != '\n') {}
}

void taxis_lex_skip_blank(gopt_text *t) {
    while (!gopt_text_eof(t)) {
        gopt_text_mark at = gopt_text_save(t);
        if (!taxis_lex_line_end(t)) {
            gopt_text_restore(t, at);
            return;
        }
        taxis_lex_next_line(t);
    }
}

static bool bare_char(int c) { return c > ' ' && c != '"' && c != '#' && c != 127; }

static bool quoted_name(gopt_text *t, char *buf, gopt_error *err) {
    gopt_text_mark open = gopt_text_save(t);
    gopt_text_next(t);
    size_t len = 0;
    for (;;) {
        int c = gopt_text_peek(t);
        if (c == -1 || c == '\n') return gopt_text_fail_at(t, open, err, "unterminated quoted name");
        if (c < ' ' || c == 127) return gopt_text_fail(t, err, "a control character in a quoted name");
        gopt_text_next(t);
        if (c == '"') break;
        if (c == '\\') {
            c = gopt_text_peek(t);
            if (c != '"' && c != '\\') return gopt_text_fail(t, err, "unknown escape in a quoted name (use \\\" or \\\\)");
            gopt_text_next(t);
        }
        if (len == TAXIS_NAME_MAX) return gopt_text_fail_at(t, open, err, "name longer than %d bytes", TAXIS_NAME_MAX);
        buf[len++] = (char)c;
    }
    buf[len] = 0;
    if (len == 0) return gopt_text_fail_at(t, open, err, "empty name");
    return true;
}

bool taxis_lex_name(gopt_text *t, char *buf, gopt_error *err) {
    if (gopt_text_peek(t) == '"') return quoted_name(t, buf, err);
    gopt_text_mark at = gopt_text_save(t);
    size_t len = 0;
    while (bare_char(gopt_text_peek(t))) {
        if (len == TAXIS_NAME_MAX) return gopt_text_fail_at(t, at, err, "name longer than %d bytes", TAXIS_NAME_MAX);
        buf[len++] = (char)gopt_text_next(t);
    }
    buf[len] = 0;
    if (len == 0) {
        char what[32];
        return gopt_text_fail(t, err, "expected a name, found %s", gopt_text_describe(gopt_text_peek(t), what, sizeof what));
    }
    return true;
}

void taxis_name_append(gopt_buf *b, const char *name) {
    bool bare = name[0] != 0;
    for (const char *p = name; *p; p++)
        if (!bare_char((unsigned char)*p) || *p == '\\') bare = false;
    if (bare) {
        gopt_buf_puts(b, name);
        return;
    }
    gopt_buf_putc(b, '"');
    for (const char *p = name; *p; p++) {
        if (*p == '"' || *p == '\\') gopt_buf_putc(b, '\\');
        gopt_buf_putc(b, *p);
    }
    gopt_buf_putc(b, '"');
}
