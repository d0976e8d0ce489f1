/* The integer grid of Numberlink solvers and contest tools: a line "W H", then H rows of W
 * whole numbers separated by blanks, 0 for an empty cell and k for an endpoint of line k.
 * Contest rules by default (cells may stay empty; paths never touch themselves). Many
 * puzzles may follow one another; a line "0 0" ends the file. */
#include "internal.h"
#include "parse.h"

int flow_read_intgrid(gopt_text *t, bool partial, gopt_flow_puzzle **out, gopt_error *err) {
    *out = NULL;
    gopt_text_mark start;
    long w, h;
    int header = flow_parse_size_line(t, &w, &h, &start, err);
    if (header <= 0) return header;
    /* w*h numbers of a character or more, blank-separated: a text too short for them is
     * refused before the board is made (a 10-byte file declaring 1000x1000 took 4 s under
     * the sanitizers building a million cells; issue 35 item 2) */
    size_t rest = t->len - t->pos, cells = (size_t)w * (size_t)h;
    if (cells > 0 && rest + 2 < 2 * cells) /* the last number needs no blank after it */
        return gopt_text_fail_at(t, start, err, "a %ldx%ld board needs %ld numbers, and the rest of the input (%zu bytes) cannot hold them",
                                 w, h, w * h, rest);
    flow_builder b;
    flow_marks m;
    if (!flow_parse_begin_box(t, start, &b, &m, GOPT_FLOW_INTGRID, 1, (int)h, (int)w, err)) return -1;
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
