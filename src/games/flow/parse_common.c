/* What every flow reader shares (parse.h): starting a box board, charging its memory to the
 * text's budget, marking where each colour was first seen, adding endpoints, finishing with the
 * errors a reader cannot see alone (no endpoints, a colour with one), and the "W H" size line. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "parse.h"

void flow_parse_marks_init(flow_marks *m) { memset(m, 0, sizeof *m); }

bool flow_parse_begin_box(const gopt_text *t, gopt_text_mark at, flow_builder *b, flow_marks *m,
                          gopt_flow_format format, int layers, int rows, int cols, gopt_error *err) {
    size_t bytes = (size_t)layers * (size_t)rows * (size_t)cols * FLOW_BYTES_PER_CELL;
    if (!gopt_text_charge(t, at, bytes, err)) return false;
    flow_build_start(b, format, layers, rows, cols);
    flow_build_box(b, layers, rows, cols);
    flow_parse_marks_init(m);
    flow_parse_keep(b, bytes);
    return true;
}

void flow_parse_marks_free(flow_marks *m) { free(m->at); }

void flow_parse_mark(flow_marks *m, int colour, gopt_text_mark at) {
    if ((size_t)colour + 1 > m->cap) gopt_grow(&m->at, &m->cap, (size_t)colour + 1, sizeof *m->at);
    if (colour >= m->n) {
        m->at[colour] = at;
        m->n = colour + 1;
    }
}

bool flow_parse_add_endpoint(const gopt_text *t, flow_builder *b, flow_marks *m, int node, const char *label,
                             gopt_text_mark at, gopt_error *err) {
    int k = flow_build_colour(b, label);
    flow_parse_mark(m, k, at);
    if (!flow_build_endpoint(b, node, k))
        return gopt_text_fail_at(t, at, err, "colour '%s' has more than two endpoints", label);
    return true;
}

gopt_flow_puzzle *flow_parse_finish(const gopt_text *t, flow_builder *b, flow_marks *m, bool ok, bool partial,
                                    gopt_text_mark start, gopt_error *err) {
    int k = ok ? flow_build_unpaired(b) : -1;
    gopt_flow_puzzle *p = NULL;
    if (!ok) {
        /* the reader has said what is wrong */
    } else if (b->p->ncolours == 0) {
        gopt_text_fail_at(t, start, err, "the board has no endpoints");
    } else if (k >= 0) {
        gopt_text_fail_at(t, m->at[k], err, "colour '%s' has one endpoint (it needs two)", b->p->label[k]);
    } else {
        p = flow_build_finish(b, partial);
    }
    if (!p) flow_build_abort(b);
    flow_parse_marks_free(m);
    return p;
}

int flow_parse_size_line(gopt_text *t, long *w, long *h, gopt_text_mark *start, gopt_error *err) {
    gopt_text_skip_ws_comments(t, '#');
    if (gopt_text_eof(t)) return 0;
    *start = gopt_text_save(t);
    if (!gopt_text_int(t, 0, 100000, w, err)) return -1;
    gopt_text_skip_spaces(t);
    if (!gopt_text_int(t, 0, 100000, h, err)) return -1;
    gopt_text_skip_spaces(t);
    if (gopt_text_peek(t) != '\n' && !gopt_text_eof(t))
        return gopt_text_fail(t, err, "expected the end of the line after the size"), -1;
    if (*w == 0 && *h == 0) {
        t->pos = t->len; /* "0 0" ends the file: what follows is not read */
        return 0;
    }
    if (*w < 1 || *h < 1 || *w * *h > FLOW_MAX_CELLS)
        return gopt_text_fail_at(t, *start, err, "board size %ldx%ld is out of range", *w, *h), -1;
    return 1;
}
