/* Our own text format, written to be typed by hand:
 *     # comment lines anywhere
 *     name seed-10x10                  optional
 *     variant standard                 optional: standard (default) or empty
 *     AABBCCDDDE                       one character per cell naming its room ('.': a hole)
 *     ...
 *     A=4 D=3 F=?                      numbers per room, any number of lines
 *     solution                         optional, then one line of loop tokens per row
 * A puzzle ends at a blank line or the end of the file; a file may hold many. A room is the
 * area of one character, so one character must make one connected area. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Characters that may name a room: printable ASCII but the ones with a meaning here. */
static bool is_room_char(int c) { return c > ' ' && c < 0x7f && c != '.' && c != '#' && c != '='; }

/* The symbols the writer gives rooms, in order. */
static const char room_symbols[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$%&*+-/:;<>@^_~";

static size_t line_length(const gopt_text *t) {
    size_t n = gopt_text_line_rest(t);
    while (n > 0 && (t->data[t->pos + n - 1] == ' ' || t->data[t->pos + n - 1] == '\t')) n--;
    return n;
}

/* Does the line start with the keyword and a blank (alone: nothing else on the line)?
 * Grid rows have no blanks, so `name X` and `variant V` are never rows. */
static bool line_starts(const gopt_text *t, const char *word, bool alone) {
    size_t n = strlen(word), rest = alone ? line_length(t) : gopt_text_line_rest(t);
    if (rest < n || memcmp(t->data + t->pos, word, n) != 0) return false;
    return alone ? rest == n : rest > n && (t->data[t->pos + n] == ' ' || t->data[t->pos + n] == '\t');
}

static void skip_comment_lines(gopt_text *t) {
    size_t len;
    while (gopt_text_peek(t) == '#') gopt_text_line(t, &len);
}

/* `name X` and `variant V` lines before the grid. */
static bool read_header(gopt_text *t, char **name, bool *empty_rooms, gopt_error *err) {
    for (;;) {
        skip_comment_lines(t);
        size_t len;
        if (line_starts(t, "name", false)) {
            gopt_text_accept_word(t, "name");
            gopt_text_skip_spaces(t);
            size_t n = line_length(t);
            if (n == 0) return gopt_text_fail(t, err, "expected a name after 'name'");
            for (size_t i = 0; i < n; i++) {
                unsigned char c = (unsigned char)t->data[t->pos + i];
                if ((c < ' ' && c != '\t') || c == 0x7f) {
                    char what[32];
                    while (i--) gopt_text_next(t);
                    return gopt_text_fail(t, err, "%s in a name", gopt_text_describe(c, what, sizeof what));
                }
            }
            free(*name);
            *name = gopt_strndup(t->data + t->pos, n);
            gopt_text_line(t, &len);
        } else if (line_starts(t, "variant", false)) {
            gopt_text_accept_word(t, "variant");
            gopt_text_skip_spaces(t);
            if (gopt_text_accept_word(t, "standard")) *empty_rooms = false;
            else if (gopt_text_accept_word(t, "empty_rooms_allowed") || gopt_text_accept_word(t, "empty")) *empty_rooms = true;
            else return gopt_text_fail(t, err, "expected the variant standard or empty");
            gopt_text_skip_spaces(t);
            if (gopt_text_peek(t) >= 0 && gopt_text_peek(t) != '\n')
                return gopt_text_fail(t, err, "expected the variant standard or empty");
            gopt_text_line(t, &len);
        } else {
            return true;
        }
    }
}

/* The grid of room characters: consecutive lines up to a blank line, a numbers line (with
 * '='), `solution` or the end. */
static bool read_grid(gopt_text *t, char **cells, gopt_grid *size, gopt_text_mark *first_row, gopt_error *err) {
    gopt_buf b = {0};
    int w = 0, h = 0;
    for (;;) {
        skip_comment_lines(t);
        if (h == 0) *first_row = gopt_text_save(t);
        size_t n = line_length(t);
        if (n == 0 || memchr(t->data + t->pos, '=', n) || line_starts(t, "solution", true)) break;
        if (h == GOPT_COUNTRY_MAX_SIDE) {
            gopt_buf_free(&b);
            return gopt_text_fail(t, err, "more than %d rows", GOPT_COUNTRY_MAX_SIDE);
        }
        for (size_t i = 0; i < n; i++) {
            int c = (unsigned char)t->data[t->pos];
            if (!is_room_char(c) && c != '.') {
                char what[32];
                gopt_buf_free(&b);
                return gopt_text_fail(t, err, "%s cannot name a room (use letters, digits, '.' for a hole)",
                                      gopt_text_describe(c, what, sizeof what));
            }
            if ((int)i == GOPT_COUNTRY_MAX_SIDE) {
                gopt_buf_free(&b);
                return gopt_text_fail(t, err, "more than %d columns", GOPT_COUNTRY_MAX_SIDE);
            }
            gopt_text_next(t);
        }
        if (h == 0) w = (int)n;
        else if ((int)n != w) {
            gopt_buf_free(&b);
            return gopt_text_fail(t, err, "row %d has %zu cells, the first row has %d", h + 1, n, w);
        }
        gopt_buf_append(&b, t->data + t->pos - n, n);
        h++;
        size_t rest;
        gopt_text_line(t, &rest);
    }
    if (h == 0) {
        gopt_buf_free(&b);
        return gopt_text_fail(t, err, "expected the rows of room letters");
    }
    *cells = gopt_buf_take(&b);
    *size = (gopt_grid){w, h};
    return true;
}

/* `A=4 B=? ...` lines. */
static bool read_numbers(gopt_text *t, gopt_country_puzzle *p, const char *cells, gopt_error *err) {
    int n = gopt_grid_cells(p->size);
    for (;;) {
        skip_comment_lines(t);
        size_t len = line_length(t);
        if (len == 0 || !memchr(t->data + t->pos, '=', len)) return true;
        for (;;) {
            gopt_text_skip_spaces(t);
            int c = gopt_text_peek(t);
            if (c < 0 || c == '\n') break;
            gopt_text_mark at = gopt_text_save(t);
            if (!is_room_char(c)) return gopt_text_fail(t, err, "expected a room letter and '=' (like A=3)");
            gopt_text_next(t);
            long v;
            if (!gopt_text_expect(t, '=', err) || !country_read_number(t, &v, err)) return false;
            const char *cell = memchr(cells, c, (size_t)n);
            if (!cell) return gopt_text_fail_at(t, at, err, "no room '%c' in the grid", c);
            int room = p->room[cell - cells];
            if (p->number[room] != GOPT_COUNTRY_NO_NUMBER)
                return gopt_text_fail_at(t, at, err, "room '%c' has two numbers", c);
            p->number[room] = (int)v;
            c = gopt_text_peek(t);
            if (c >= 0 && c != '\n' && c != ' ' && c != '\t')
                return gopt_text_fail(t, err, "expected a space between numbers");
        }
        gopt_text_accept(t, '\n');
    }
}

bool country_read_text(gopt_text *t, gopt_country_puzzle **out, gopt_error *err) {
    char *name = NULL, *cells = NULL;
    bool empty_rooms = false;
    gopt_grid g = {0, 0};
    if (!read_header(t, &name, &empty_rooms, err)) {
        free(name);
        return false;
    }
    gopt_text_mark grid_at;
    if (!read_grid(t, &cells, &g, &grid_at, err)) {
        free(name);
        return false;
    }
    gopt_country_puzzle *p = gopt_country_new(g.w, g.h);
    p->name = name;
    p->empty_rooms = empty_rooms;
    int n = gopt_grid_cells(g);
    int *label = gopt_malloc((size_t)n * sizeof *label);
    for (int c = 0; c < n; c++) label[c] = cells[c] == '.' ? -1 : (unsigned char)cells[c];
    gopt_country_set_rooms(p, label);
    int split = country_split_label(p, label);
    free(label);
    bool ok = true;
    if (split >= 0) {
        gopt_text_mark at = grid_at;
        at.line += split / g.w;
        at.col = 1 + split % g.w;
        ok = gopt_text_fail_at(t, at, err, "room '%c' makes two separate areas; give each its own letter",
                               cells[split]);
    }
    ok = ok && read_numbers(t, p, cells, err);
    skip_comment_lines(t);
    if (ok && line_starts(t, "solution", true)) {
        size_t len;
        gopt_text_line(t, &len);
        ok = country_read_loop_rows(t, p, err);
    }
    if (ok && line_length(t) > 0) {
        char what[32];
        ok = gopt_text_fail(t, err, "expected a blank line or the end after the puzzle, found %s",
                            gopt_text_describe(gopt_text_peek(t), what, sizeof what));
    }
    free(cells);
    if (!ok) {
        gopt_country_free(p);
        return false;
    }
    *out = p;
    return true;
}

char *country_write_text(const gopt_country_puzzle *p, const uint8_t *dirs, const char **why) {
    int nsymbols = (int)sizeof room_symbols - 1;
    if (p->nrooms > nsymbols) {
        *why = "the text format names at most 78 rooms (use pzprv3 or block)";
        return NULL;
    }
    gopt_grid g = p->size;
    gopt_buf b = {0};
    if (p->name) gopt_buf_printf(&b, "name %s\n", p->name);
    gopt_buf_printf(&b, "variant %s\n", p->empty_rooms ? "empty" : "standard");
    for (int r = 0; r < g.h; r++) {
        for (int c = 0; c < g.w; c++) {
            int room = p->room[r * g.w + c];
            gopt_buf_putc(&b, room == GOPT_COUNTRY_HOLE ? '.' : room_symbols[room]);
        }
        gopt_buf_putc(&b, '\n');
    }
    int on_line = 0;
    for (int r = 0; r < p->nrooms; r++) {
        if (p->number[r] == GOPT_COUNTRY_NO_NUMBER) continue;
        if (on_line) gopt_buf_putc(&b, ' ');
        if (p->number[r] == GOPT_COUNTRY_UNKNOWN) gopt_buf_printf(&b, "%c=?", room_symbols[r]);
        else gopt_buf_printf(&b, "%c=%d", room_symbols[r], p->number[r]);
        if (++on_line == 16) gopt_buf_putc(&b, '\n'), on_line = 0;
    }
    if (on_line) gopt_buf_putc(&b, '\n');
    if (dirs) {
        gopt_buf_puts(&b, "solution\n");
        country_write_loop_rows(&b, p, dirs);
    }
    return gopt_buf_take(&b);
}
