/* pzprv3 files of Numberlink, as pzprjs (puzz.link) saves them (FileIO@numlin in
 * src/variety/numlin.js: decodeCellQnum, then decodeBorderLine), one item per cell followed
 * by a space:
 *     pzprv3 / numlin / ROWS / COLS
 *     ROWS lines of COLS numbers            ('.' none, '-' a number left unknown)
 *     ROWS lines of COLS-1 vertical sides,  then ROWS-1 lines of COLS horizontal sides
 *                                           (1: a line crosses that side; 0 or -1 (a cross
 *                                           mark): not), optional in a question
 * and whatever pzprjs appends (history, metadata) up to the next `pzprv3` line. The lines are
 * the answer: a puzzle read from a saved game keeps its numbers only; `flow check` and the
 * help verbs read the lines. The same file in a link (`?pzprv3/numlin/...`, '/' for line ends,
 * percent-encoded) is read by parse_url.c through this reader. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "parse.h"

/* The next item of the line (a run of visible characters): its length, 0 at the line's end. */
static size_t next_item(gopt_text *t, gopt_text_mark *at) {
    gopt_text_skip_spaces(t);
    *at = gopt_text_save(t);
    size_t n = 0;
    while (gopt_text_peek_at(t, n) > ' ') n++;
    return n;
}

static bool end_of_row(gopt_text *t, const char *what, int row, int want, gopt_error *err) {
    gopt_text_skip_spaces(t);
    if (!gopt_text_eof(t) && gopt_text_peek(t) != '\n')
        return gopt_text_fail(t, err, "%s row %d has more than %d items", what, row, want);
    gopt_text_accept(t, '\n');
    return true;
}

static bool item_is(const gopt_text *t, size_t n, const char *s) {
    return n == strlen(s) && memcmp(t->data + t->pos, s, n) == 0;
}

static void skip_item(gopt_text *t, size_t n) {
    for (size_t i = 0; i < n; i++) gopt_text_next(t);
}

/* "pzprv3[.N]", "numlin", ROWS, COLS (one a line). */
static bool read_header(gopt_text *t, long *rows, long *cols, gopt_text_mark *size_at, gopt_error *err) {
    gopt_text_skip_ws(t);
    if (!gopt_text_accept_word(t, "pzprv3")) return gopt_text_fail(t, err, "expected 'pzprv3'");
    long version;
    if (gopt_text_accept(t, '.') && !gopt_text_int(t, 0, 99, &version, err)) return false;
    if (!end_of_row(t, "the first line:", 1, 0, err)) return false;
    gopt_text_mark at;
    size_t n = next_item(t, &at);
    if (!item_is(t, n, "numlin"))
        return gopt_text_fail(t, err, "a pzprv3 file of '%.*s', not Numberlink ('numlin')", (int)(n < 40 ? n : 40), t->data + t->pos);
    skip_item(t, n);
    if (!end_of_row(t, "the type line:", 2, 1, err)) return false;
    gopt_text_skip_spaces(t);
    *size_at = gopt_text_save(t);
    if (!gopt_text_int(t, 1, FLOW_MAX_CELLS, rows, err) || !end_of_row(t, "the rows line:", 3, 1, err)) return false;
    gopt_text_skip_spaces(t);
    if (!gopt_text_int(t, 1, FLOW_MAX_CELLS, cols, err) || !end_of_row(t, "the columns line:", 4, 1, err)) return false;
    if (*rows * *cols > FLOW_MAX_CELLS)
        return gopt_text_fail_at(t, *size_at, err, "board size %ldx%ld is out of range", *cols, *rows);
    /* two bytes an item at least ("1 "): a text too short for the numbers is refused before
     * the board is made */
    size_t rest = t->len - t->pos, cells = (size_t)*rows * (size_t)*cols;
    if (rest + 1 < 2 * cells)
        return gopt_text_fail_at(t, *size_at, err, "a %ldx%ld board needs %zu items, and the rest of the input (%zu bytes) cannot hold them",
                                 *cols, *rows, cells, rest);
    return true;
}

/* The line states: ROWS lines of COLS-1, then ROWS-1 lines of COLS; 1 sets used[] of that
 * side's edge (when used is not NULL). Absent (the file ends, or the next puzzle begins):
 * *present false. */
static bool read_lines(gopt_text *t, const gopt_flow_puzzle *p, uint8_t *used, bool *present, gopt_error *err) {
    gopt_text_mark start = gopt_text_save(t);
    gopt_text_skip_ws(t);
    *present = !gopt_text_eof(t) && !(t->len - t->pos >= 6 && memcmp(t->data + t->pos, "pzprv3", 6) == 0);
    if (!*present) return gopt_text_restore(t, start), true;
    for (int pass = 0; pass < 2; pass++) {
        int nrows = pass ? p->rows - 1 : p->rows, ncols = pass ? p->cols : p->cols - 1;
        const char *what = pass ? "the horizontal line" : "the vertical line";
        for (int r = 0; r < nrows; r++) {
            if (gopt_text_eof(t)) return gopt_text_fail(t, err, "the file ends before %s row %d", what, r + 1);
            for (int c = 0; c < ncols; c++) {
                gopt_text_mark at;
                size_t n = next_item(t, &at);
                if (n == 0) return gopt_text_fail(t, err, "%s row %d has %d items, expected %d", what, r + 1, c, ncols);
                bool line = item_is(t, n, "1");
                if (!line && !item_is(t, n, "0") && !item_is(t, n, "-1"))
                    return gopt_text_fail(t, err, "expected a line state (1 a line, 0 none, -1 a cross), found '%.*s'", (int)(n < 20 ? n : 20),
                                          t->data + t->pos);
                skip_item(t, n);
                if (!line || !used) continue;
                int v = p->at[(size_t)r * p->cols + c], u = pass ? v + p->cols : v + 1;
                for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++)
                    if (l->node == u) used[l->edge] = 1;
            }
            if (!end_of_row(t, what, r + 1, ncols, err)) return false;
        }
    }
    return true;
}

/* Whatever pzprjs appends after the board, up to the next puzzle. */
static void skip_trailer(gopt_text *t) {
    while (!gopt_text_eof(t)) {
        gopt_text_mark m = gopt_text_save(t);
        gopt_text_skip_ws(t);
        if (gopt_text_eof(t) || (t->len - t->pos >= 6 && memcmp(t->data + t->pos, "pzprv3", 6) == 0)) {
            gopt_text_restore(t, m);
            gopt_text_skip_ws(t);
            return;
        }
        size_t n;
        gopt_text_line(t, &n);
    }
}

gopt_flow_puzzle *flow_read_pzprv3(gopt_text *t, bool partial, gopt_error *err) {
    gopt_text_skip_ws(t);
    gopt_text_mark start = gopt_text_save(t), size_at;
    long h, w;
    if (!read_header(t, &h, &w, &size_at, err)) return NULL;
    flow_builder b;
    flow_marks m;
    if (!flow_parse_begin_box(t, size_at, &b, &m, GOPT_FLOW_PZPRV3, 1, (int)h, (int)w, err)) return NULL;
    bool ok = true;
    for (long r = 0; r < h && ok; r++) {
        if (gopt_text_eof(t)) {
            ok = gopt_text_fail(t, err, "the file ends before number row %ld", r + 1);
            break;
        }
        for (long c = 0; c < w && ok; c++) {
            gopt_text_mark at;
            size_t n = next_item(t, &at);
            if (n == 0) {
                ok = gopt_text_fail(t, err, "number row %ld has %ld items, expected %ld", r + 1, c, w);
                break;
            }
            if (item_is(t, n, "-")) {
                ok = gopt_text_fail(t, err, "a number left unknown ('-', '?' on the page): the puzzle needs every endpoint's number");
            } else if (!item_is(t, n, ".")) {
                long k;
                if (!(ok = gopt_text_int(t, 1, FLOW_PUZZLINK_MAX_NUMBER, &k, err))) break;
                if (gopt_text_save(t).pos != at.pos + n) {
                    ok = gopt_text_fail_at(t, at, err, "expected a number or '.', found '%.*s'", (int)(n < 20 ? n : 20), t->data + at.pos);
                    break;
                }
                gopt_text_restore(t, at);
                char label[GOPT_FLOW_LABEL];
                snprintf(label, sizeof label, "%ld", k);
                ok = flow_parse_add_endpoint(t, &b, &m, (int)(r * w + c), label, at, err);
            }
            skip_item(t, n);
        }
        ok = ok && end_of_row(t, "number", (int)r + 1, (int)w, err);
    }
    bool present;
    if (ok) ok = read_lines(t, b.p, NULL, &present, err); /* checked; the puzzle is the numbers */
    if (ok) skip_trailer(t);
    return flow_parse_finish(t, &b, &m, ok, partial, start, err);
}

gopt_flow_solution *flow_read_pzprv3_answer(gopt_text *t, const gopt_flow_puzzle *p, gopt_error *err) {
    gopt_text_mark size_at;
    long h, w;
    if (!read_header(t, &h, &w, &size_at, err)) return NULL;
    if (h != p->rows || w != p->cols)
        return gopt_text_fail_at(t, size_at, err, "the answer is %ldx%ld, the puzzle %dx%d", w, h, p->cols, p->rows), NULL;
    for (long r = 0; r < h; r++) { /* the numbers: the puzzle's own */
        for (long c = 0; c < w; c++) {
            gopt_text_mark at;
            size_t n = next_item(t, &at);
            if (n == 0) return gopt_text_fail(t, err, "number row %ld has %ld items, expected %ld", r + 1, c, w), NULL;
            int v = p->at[r * w + c], k = v >= 0 ? p->colour[v] : -1;
            bool same = k >= 0 ? item_is(t, n, p->label[k]) : item_is(t, n, ".");
            if (!same)
                return gopt_text_fail(t, err, "the answer does not keep the puzzle's number at row %ld, column %ld", r + 1, c + 1), NULL;
            skip_item(t, n);
        }
        if (!end_of_row(t, "number", (int)r + 1, (int)w, err)) return NULL;
    }
    gopt_flow_solution *s = gopt_flow_solution_new(p);
    bool present;
    if (!read_lines(t, p, s->used, &present, err) || (!present && !gopt_text_fail(t, err, "the answer has no lines"))) {
        gopt_flow_solution_free(s);
        return NULL;
    }
    skip_trailer(t);
    gopt_flow_solution_paint(p, s);
    return s;
}

void flow_write_pzprv3(gopt_buf *b, const gopt_flow_puzzle *p, const gopt_flow_solution *s) {
    gopt_buf_printf(b, "pzprv3\nnumlin\n%d\n%d\n", p->rows, p->cols);
    for (int r = 0; r < p->rows; r++) {
        for (int c = 0; c < p->cols; c++) {
            int v = p->at[(size_t)r * p->cols + c], k = v >= 0 ? p->colour[v] : -1;
            gopt_buf_printf(b, "%s ", k >= 0 ? p->label[k] : ".");
        }
        gopt_buf_putc(b, '\n');
    }
    for (int pass = 0; pass < 2; pass++)
        for (int r = 0; r < (pass ? p->rows - 1 : p->rows); r++) {
            for (int c = 0; c < (pass ? p->cols : p->cols - 1); c++) {
                int v = p->at[(size_t)r * p->cols + c], u = pass ? v + p->cols : v + 1;
                bool line = false;
                for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); s && l < end; l++)
                    line |= l->node == u && s->used[l->edge];
                gopt_buf_puts(b, line ? "1 " : "0 ");
            }
            gopt_buf_putc(b, '\n');
        }
}
