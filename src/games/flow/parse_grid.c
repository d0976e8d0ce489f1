/* Reading the rectangular formats: flow_solver's boards (one row per line, letters are
 * colours), thomasahle's "W H" files (many puzzles, '.' blank, "0 0" ends), and
 * HoustonWeHaveABug's "ncolours W H" lists of endpoint coordinates; plus guessing which
 * format a file holds and dispatching to the other readers. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "gameopt/grid.h"
#include "parse.h"

const char *const gopt_flow_format_names[] = {"flow_solver", "thomasahle", "adc", "samgoldman", "houston", "json", "intgrid", "puzzlink", "pzprv3", NULL};


/* ---------------------------------------------------------------- format guessing */

/* The next line holding something other than blanks, from p; NULL at the end. */
static const char *next_filled_line(const char *p, const char *end, const char **line_end) {
    while (p < end) {
        const char *e = memchr(p, '\n', (size_t)(end - p));
        if (!e) e = end;
        for (const char *q = p; q < e; q++)
            if (*q != ' ' && *q != '\t') {
                *line_end = e;
                return p;
            }
        p = e + 1;
    }
    return NULL;
}

/* How many whole numbers the line holds, or -1 when it holds anything else. */
static int count_numbers(const char *p, const char *e) {
    int n = 0;
    while (p < e) {
        if (*p == ' ' || *p == '\t') {
            p++;
            continue;
        }
        if (!isdigit((unsigned char)*p)) return -1;
        while (p < e && isdigit((unsigned char)*p)) p++;
        n++;
    }
    return n;
}

static bool starts_with_word(const char *p, const char *e, const char *word) {
    size_t n = strlen(word);
    if ((size_t)(e - p) < n || memcmp(p, word, n) != 0) return false;
    return (size_t)(e - p) == n || p[n] == ' ' || p[n] == '\t';
}

gopt_flow_format gopt_flow_guess_format(const gopt_text *t) {
    const char *end = t->data + t->len, *e;
    const char *line = next_filled_line(t->data + t->pos, end, &e);
    if (!line) return GOPT_FLOW_FLOW_SOLVER;
    const char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    static const char *const kinds[] = {"STANDARD", "BRIDGES", "HEX", "WARPS"};
    for (int i = 0; i < 4; i++)
        if (starts_with_word(p, e, kinds[i])) return GOPT_FLOW_SAMGOLDMAN;
    if (starts_with_word(p, e, "SIZE")) return GOPT_FLOW_ADC;
    if (*p == '{' || *p == '[' || *p == ',' || *p == ']') return GOPT_FLOW_JSON; /* (also between levels) */
    if (starts_with_word(p, e, "pzprv3") || (e - p > 7 && memcmp(p, "pzprv3.", 7) == 0)) return GOPT_FLOW_PZPRV3;
    if (flow_link_like(p, (size_t)(e - p))) return GOPT_FLOW_PUZZLINK;            /* a pasted puzz.link link */
    if (*p == '"' && memchr(p, ':', (size_t)(e - p))) return GOPT_FLOW_JSON;   /* a named level: "level_2": [ */
    /* thomasahle's files may open with '#' comments; a flow_solver row may also start with
     * '#' (a blank cell), so look past the comments before deciding. */
    while (*p == '#') {
        line = next_filled_line(e, end, &e);
        if (!line) return GOPT_FLOW_FLOW_SOLVER;
        for (p = line; *p == ' ' || *p == '\t'; p++) {}
    }
    int n = count_numbers(p, e);
    if (n == 3) return GOPT_FLOW_HOUSTON;
    if (n == 2) {
        /* "W H" then rows of W characters (thomasahle) or of W numbers (intgrid) */
        long w = strtol(p, NULL, 10);
        const char *e2, *row = next_filled_line(e, end, &e2);
        return row && w >= 2 && count_numbers(row, e2) == w ? GOPT_FLOW_INTGRID : GOPT_FLOW_THOMASAHLE;
    }
    return GOPT_FLOW_FLOW_SOLVER;
}

/* ---------------------------------------------------------------- flow_solver */

/* A block of rows; letters and digits are colours, anything else blank. */
static gopt_flow_puzzle *read_flow_solver(gopt_text *t, bool partial, gopt_error *err) {
    gopt_text_mark start = gopt_text_save(t);
    gopt_char_block block;
    if (!gopt_char_block_read(t, &block, err)) return NULL;
    int w = block.size.w, h = block.size.h;
    flow_builder b;
    flow_marks m;
    if (!flow_parse_begin_box(t, start, &b, &m, GOPT_FLOW_FLOW_SOLVER, 1, h, w, err)) {
        gopt_char_block_free(&block); /* a board over --memory-limit: the rows read so far */
        return NULL;
    }
    bool ok = true;
    for (int r = 0; r < h && ok; r++)
        for (int c = 0; c < w && ok; c++) {
            char ch = block.cells[r * w + c];
            if (!isalnum((unsigned char)ch)) continue; /* letters and digits are colours */
            gopt_text_mark at = {0, block.first_line + r, block.first_col + c};
            ok = flow_parse_add_endpoint(t, &b, &m, r * w + c, (char[]){ch, 0}, at, err);
        }
    gopt_char_block_free(&block);
    return flow_parse_finish(t, &b, &m, ok, partial, start, err);
}

/* ---------------------------------------------------------------- thomasahle */

/* "W H", then H rows of W characters: '.' blank, any other visible character an endpoint.
 * Returns 0 at "0 0" (which ends the file) and at the end of the input. */
static int read_thomasahle(gopt_text *t, bool partial, gopt_flow_puzzle **out, gopt_error *err) {
    gopt_text_mark start;
    long w, h;
    int header = flow_parse_size_line(t, &w, &h, &start, err);
    if (header <= 0) return header;
    gopt_text_accept(t, '\n');
    /* The rows first (so a short or broken file fails before a large board is built). */
    gopt_text_mark first_row = gopt_text_save(t);
    for (long r = 0; r < h; r++) {
        gopt_text_mark row = gopt_text_save(t);
        if (gopt_text_eof(t)) return gopt_text_fail(t, err, "expected %ld more rows of the %ldx%ld board", h - r, w, h), -1;
        size_t n = gopt_text_line_rest(t);
        const char *p = t->data + t->pos;
        while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t')) n--;
        if ((long)n != w) return gopt_text_fail_at(t, row, err, "row %ld has %zu cells, expected %ld", r + 1, n, w), -1;
        for (long c = 0; c < w; c++)
            if ((unsigned char)p[c] <= ' ' || (unsigned char)p[c] >= 0x7f) {
                char what[32];
                gopt_text_mark at = {row.pos + (size_t)c, row.line, row.col + (int)c};
                return gopt_text_fail_at(t, at, err, "unexpected %s in a board row",
                                         gopt_text_describe((unsigned char)p[c], what, sizeof what)), -1;
            }
        size_t skip;
        gopt_text_line(t, &skip);
    }
    gopt_text_mark after = gopt_text_save(t);
    gopt_text_restore(t, first_row);
    flow_builder b;
    flow_marks m;
    if (!flow_parse_begin_box(t, start, &b, &m, GOPT_FLOW_THOMASAHLE, 1, (int)h, (int)w, err)) return -1;
    bool ok = true;
    for (long r = 0; r < h && ok; r++) {
        gopt_text_mark row = gopt_text_save(t);
        const char *p = t->data + t->pos;
        for (long c = 0; c < w && ok; c++) {
            gopt_text_mark at = {row.pos + (size_t)c, row.line, row.col + (int)c};
            if (p[c] != '.') ok = flow_parse_add_endpoint(t, &b, &m, (int)(r * w + c), (char[]){p[c], 0}, at, err);
        }
        size_t skip;
        gopt_text_line(t, &skip);
    }
    gopt_text_restore(t, after);
    *out = flow_parse_finish(t, &b, &m, ok, partial, start, err);
    return *out ? 1 : -1;
}

/* ---------------------------------------------------------------- houston */

/* Colour k is written as the k-th of these in letter grids (beyond them: its number). */
static const char houston_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

static bool read_point(gopt_text *t, long w, long h, long *x, long *y, gopt_error *err) {
    if (!gopt_text_expect(t, '(', err)) return false;
    gopt_text_skip_spaces(t);
    if (!gopt_text_int(t, 0, w - 1, x, err)) return false;
    gopt_text_skip_spaces(t);
    if (!gopt_text_expect(t, ',', err)) return false;
    gopt_text_skip_spaces(t);
    if (!gopt_text_int(t, 0, h - 1, y, err)) return false;
    gopt_text_skip_spaces(t);
    return gopt_text_expect(t, ')', err);
}

/* "ncolours W H", then one line "(x, y) (x, y)" per colour (x the column, y the row). */
static gopt_flow_puzzle *read_houston(gopt_text *t, bool partial, gopt_error *err) {
    gopt_text_mark start = gopt_text_save(t);
    long n, w, h;
    if (!gopt_text_int(t, 0, 1000000, &n, err)) return NULL;
    gopt_text_skip_spaces(t);
    if (!gopt_text_int(t, 1, 100000, &w, err)) return NULL;
    gopt_text_skip_spaces(t);
    if (!gopt_text_int(t, 1, 100000, &h, err)) return NULL;
    if (w * h > FLOW_MAX_CELLS) return gopt_text_fail_at(t, start, err, "board size %ldx%ld is out of range", w, h), NULL;
    if (n > w * h / 2) return gopt_text_fail_at(t, start, err, "%ld colours do not fit on %ldx%ld cells", n, w, h), NULL;
    /* a line "(x,y) (x,y)" per colour, 11 bytes with its line end but the last: a count the
     * rest of the input cannot hold is refused before the board is built (issue 35 item 2) */
    size_t rest = t->len - t->pos;
    if ((size_t)n * 11 > rest + 1)
        return gopt_text_fail_at(t, start, err, "%ld colours: the rest of the input (%zu bytes) cannot hold their %ld lines", n,
                                 rest, n), NULL;
    flow_builder b;
    flow_marks m;
    if (!flow_parse_begin_box(t, start, &b, &m, GOPT_FLOW_HOUSTON, 1, (int)h, (int)w, err)) return NULL;
    bool ok = true;
    for (long k = 0; k < n && ok; k++) {
        gopt_text_skip_ws(t);
        char label[8];
        if (k < (long)sizeof houston_alphabet - 1) snprintf(label, sizeof label, "%c", houston_alphabet[k]);
        else snprintf(label, sizeof label, "%ld", k + 1);
        for (int side = 0; side < 2 && ok; side++) {
            gopt_text_skip_spaces(t);
            gopt_text_mark at = gopt_text_save(t);
            long x, y;
            ok = read_point(t, w, h, &x, &y, err);
            if (!ok) break;
            int v = (int)(y * w + x);
            if (b.p->colour[v] >= 0) ok = gopt_text_fail_at(t, at, err, "(%ld, %ld) is an endpoint already", x, y);
            else ok = flow_parse_add_endpoint(t, &b, &m, v, label, at, err);
        }
        gopt_text_skip_spaces(t);
        if (ok && gopt_text_peek(t) != '\n' && !gopt_text_eof(t))
            ok = gopt_text_fail(t, err, "expected the end of the line after two points");
    }
    /* A spare "(x, y) (x, y)" line would otherwise be read as the next puzzle and refused
     * with a misleading reason: say that the header's count is short. */
    gopt_text_mark after = gopt_text_save(t);
    gopt_text_skip_ws(t);
    if (ok && gopt_text_peek(t) == '(') ok = gopt_text_fail(t, err, "more colour lines than the %ld colours of the first line", n);
    else gopt_text_restore(t, after);
    return flow_parse_finish(t, &b, &m, ok, partial, start, err);
}

/* ---------------------------------------------------------------- dispatch */

/* Skips blank lines (only whole blank lines: a flow_solver row may begin with a space). */
static void skip_blank_lines(gopt_text *t) {
    for (;;) {
        gopt_text_mark m = gopt_text_save(t);
        gopt_text_skip_spaces(t);
        if (gopt_text_peek(t) == '\n') {
            gopt_text_next(t);
            continue;
        }
        if (!gopt_text_eof(t)) gopt_text_restore(t, m);
        return;
    }
}

bool gopt_flow_untouching_default(gopt_flow_format f) {
    return f == GOPT_FLOW_THOMASAHLE || f == GOPT_FLOW_ADC || f == GOPT_FLOW_INTGRID || f == GOPT_FLOW_PUZZLINK || f == GOPT_FLOW_PZPRV3;
}

int gopt_flow_read(gopt_text *t, int format, int partial, gopt_flow_puzzle **out, gopt_error *err) {
    *out = NULL;
    skip_blank_lines(t);
    if (gopt_text_eof(t)) return 0;
    gopt_flow_format f = format >= 0 ? (gopt_flow_format)format : gopt_flow_guess_format(t);
    bool part = partial >= 0 ? partial != 0 : f == GOPT_FLOW_ADC || f == GOPT_FLOW_INTGRID || f == GOPT_FLOW_PUZZLINK || f == GOPT_FLOW_PZPRV3;
    int r;
    switch (f) {
    case GOPT_FLOW_THOMASAHLE: r = read_thomasahle(t, part, out, err); break;
    case GOPT_FLOW_INTGRID: r = flow_read_intgrid(t, part, out, err); break;
    case GOPT_FLOW_JSON: r = flow_read_json(t, part, out, err); break;
    case GOPT_FLOW_ADC: *out = flow_read_adc(t, part, err), r = *out ? 1 : -1; break;
    case GOPT_FLOW_SAMGOLDMAN: *out = flow_read_drawing(t, part, err), r = *out ? 1 : -1; break;
    case GOPT_FLOW_HOUSTON: *out = read_houston(t, part, err), r = *out ? 1 : -1; break;
    case GOPT_FLOW_PUZZLINK: *out = flow_read_puzzlink(t, part, err), r = *out ? 1 : -1; break;
    case GOPT_FLOW_PZPRV3: *out = flow_read_pzprv3(t, part, err), r = *out ? 1 : -1; break;
    default: *out = read_flow_solver(t, part, err), r = *out ? 1 : -1; break;
    }
    /* A format guessed from the board's shape (not from a keyword or JSON's brackets) may be
     * the wrong one: say what was tried, and how to read the file as something else. */
    bool shape = f == GOPT_FLOW_FLOW_SOLVER || f == GOPT_FLOW_THOMASAHLE || f == GOPT_FLOW_INTGRID || f == GOPT_FLOW_HOUSTON;
    if (r < 0 && format < 0 && shape) {
        size_t len = strlen(err->msg);
        snprintf(err->msg + len, sizeof err->msg - len,
                 " (read as %s, guessed from the first lines; --format flow_solver|thomasahle|intgrid|houston|json|adc|"
                 "samgoldman reads another)",
                 gopt_flow_format_names[f]);
    }
    return r;
}
