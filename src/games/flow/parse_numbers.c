/* The integer grid of Numberlink solvers and contest tools: a line "W H", then H rows of W
 * whole numbers separated by blanks, 0 for an empty cell and k for an endpoint of line k.
 * Contest rules by default (cells may stay empty; paths never touch themselves). Many
 * puzzles may follow one another; a line "0 0" ends the file. */
#include "internal.h"
#include "parse.h"

#define MAX_CELLS (4L * 1024 * 1024)

int flow_read_intgrid(gopt_text *t, bool partial, gopt_flow_puzzle **out, gopt_error *err) {
    *out = NULL;
    gopt_text_skip_ws_comments(t, '#');
    if (gopt_text_eof(t)) return 0;
    gopt_text_mark start = gopt_text_save(t);
    long w, h;
    if (!gopt_text_int(t, 0, 100000, &w, err)) return -1;
    gopt_text_skip_spaces(t);
    if (!gopt_text_int(t, 0, 100000, &h, err)) return -1;
    gopt_text_skip_spaces(t);
    if (gopt_text_peek(t) != '\n' && !gopt_text_eof(t))
        return gopt_text_fail(t, err, "expected the end of the line after the size"), -1;
    if (w == 0 && h == 0) {
        t->pos = t->len; /* "0 0" ends the file */
        return 0;
    }
    if (w < 1 || h < 1 || w * h > MAX_CELLS)
        return gopt_text_fail_at(t, start, err, "board size %ldx%ld is out of range", w, h), -1;
    flow_builder b;
    flow_marks m;
    flow_parse_start_box(&b, &m, GOPT_FLOW_INTGRID, 1, (int)h, (int)w);
    bool ok = true;
    for (long r = 0; r < h && ok; r++) {
        gopt_text_skip_ws(t);
        if (gopt_text_eof(t)) {
            ok = gopt_text_fail(t, err, "expected %ld more rows of the %ldx%ld board", h - r, w, h);
            break;
        }
        for (long c = 0; c < w && ok; c++) {
            gopt_text_skip_spaces(t);
            if (gopt_text_peek(t) == '\n' || gopt_text_eof(t)) {
                ok = gopt_text_fail(t, err, "row %ld has %ld numbers, expected %ld", r + 1, c, w);
                break;
            }
            gopt_text_mark at = gopt_text_save(t);
            long k;
            if (!(ok = gopt_text_int(t, 0, 999999, &k, err))) break;
            char label[GOPT_FLOW_LABEL];
            snprintf(label, sizeof label, "%ld", k);
            if (k > 0) ok = flow_parse_add_endpoint(t, &b, &m, (int)(r * w + c), label, at, err);
        }
        gopt_text_skip_spaces(t);
        if (ok && gopt_text_peek(t) != '\n' && !gopt_text_eof(t))
            ok = gopt_text_fail(t, err, "row %ld has more than %ld numbers", r + 1, w);
    }
    *out = flow_parse_finish(t, &b, &m, ok, partial, start, err);
    return *out ? 1 : -1;
}
