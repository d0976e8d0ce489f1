/* Reading the questions of the DA Symposium Algorithm Design Contest (ADC):
 *     SIZE 12X11            (2015; 2016 and later add layers: SIZE 12X11X1)
 *     LINE_NUM 8
 *     LINE#1 (1,0)-(10,0)   (with layers: (x,y,z), z from 1; 2018 separates the two by a space)
 * x is the column and y the row, both from 0. A board of several layers is a 3-D grid: a line
 * may also step to the cell above or below. */
#include <string.h>

#include "parse.h"

static bool read_word(gopt_text *t, const char *word, gopt_error *err) {
    if (gopt_text_accept_word(t, word)) return true;
    return gopt_text_fail(t, err, "expected '%s'", word);
}

static bool end_of_line(gopt_text *t, gopt_error *err) {
    gopt_text_skip_spaces(t);
    if (gopt_text_eof(t) || gopt_text_accept(t, '\n')) return true;
    char what[32];
    return gopt_text_fail(t, err, "unexpected %s at the end of the line", gopt_text_describe(gopt_text_peek(t), what, sizeof what));
}

static bool accept_x(gopt_text *t) { return gopt_text_accept(t, 'X') || gopt_text_accept(t, 'x'); }

/* "(x,y)" or "(x,y,z)" (layers counted from 1), within the board. */
static bool read_point(gopt_text *t, const long size[3], long p[3], gopt_error *err) {
    if (!gopt_text_expect(t, '(', err)) return false;
    p[2] = 1;
    for (int i = 0; i < 3; i++) {
        gopt_text_skip_spaces(t);
        long lo = i == 2 ? 1 : 0, hi = i == 2 ? size[2] : size[i] - 1;
        if (!gopt_text_int(t, lo, hi, &p[i], err)) return false;
        gopt_text_skip_spaces(t);
        if (i == 1 && gopt_text_peek(t) == ')') break;
        if (i < 2 && !gopt_text_expect(t, ',', err)) return false;
    }
    return gopt_text_expect(t, ')', err);
}

gopt_flow_puzzle *flow_read_adc(gopt_text *t, bool partial, gopt_error *err) {
    gopt_text_mark start = gopt_text_save(t);
    long size[3] = {0, 0, 1}, lines;
    if (!read_word(t, "SIZE", err)) return NULL;
    gopt_text_skip_spaces(t);
    if (!gopt_text_int(t, 1, 4096, &size[0], err)) return NULL;
    if (!accept_x(t)) return gopt_text_fail(t, err, "expected 'X' between the sizes"), NULL;
    if (!gopt_text_int(t, 1, 4096, &size[1], err)) return NULL;
    if (accept_x(t) && !gopt_text_int(t, 1, 64, &size[2], err)) return NULL;
    /* The cap of every flow reader (the largest contest board, 72x72x8 in 2016, has 41,472
     * cells): a 46-byte question declaring 4096x4096 with one line took 1.8 s and 2.4 GB to
     * build (issue 35 item 2). */
    long cells = size[0] * size[1] * size[2];
    if (cells > FLOW_MAX_CELLS) {
        char layers[24] = "";
        if (size[2] > 1) snprintf(layers, sizeof layers, "x%ld", size[2]);
        return gopt_text_fail_at(t, start, err, "a %ldx%ld%s board has %ld cells; at most %ld are read", size[0], size[1],
                                 layers, cells, FLOW_MAX_CELLS), NULL;
    }
    if (!end_of_line(t, err)) return NULL;
    gopt_text_skip_ws(t);
    if (!read_word(t, "LINE_NUM", err)) return NULL;
    gopt_text_skip_spaces(t);
    gopt_text_mark count_at = gopt_text_save(t);
    if (!gopt_text_int(t, 1, cells / 2, &lines, err)) return NULL;
    if (!end_of_line(t, err)) return NULL;
    /* Each line takes at least "LINE#k (x,y)-(x,y)", 17 bytes with its line end but the last:
     * a count the rest of the input cannot hold is refused before the board is built. */
    size_t rest = t->len - t->pos;
    if ((size_t)lines * 17 > rest + 1)
        return gopt_text_fail_at(t, count_at, err, "LINE_NUM %ld: the rest of the input (%zu bytes) cannot hold %ld lines",
                                 lines, rest, lines), NULL;

    int w = (int)size[0], h = (int)size[1], d = (int)size[2];
    flow_builder b;
    flow_marks m;
    if (!flow_parse_begin_box(t, start, &b, &m, GOPT_FLOW_ADC, d, h, w, err)) return NULL;
    bool ok = true;
    for (long i = 0; i < lines && ok; i++) {
        gopt_text_skip_ws(t);
        gopt_text_mark line_at = gopt_text_save(t);
        long k;
        ok = read_word(t, "LINE#", err) && gopt_text_int(t, 1, 1000000, &k, err);
        if (!ok) break;
        char label[8];
        snprintf(label, sizeof label, "%ld", k);
        for (int k2 = 0; k2 < b.p->ncolours && ok; k2++)
            if (strcmp(b.p->label[k2], label) == 0) ok = gopt_text_fail_at(t, line_at, err, "LINE#%ld appears twice", k);
        for (int side = 0; side < 2 && ok; side++) {
            gopt_text_skip_spaces(t);
            if (side == 1 && gopt_text_accept(t, '-')) gopt_text_skip_spaces(t);
            gopt_text_mark at = gopt_text_save(t);
            long p[3];
            ok = read_point(t, size, p, err);
            if (!ok) break;
            int v = (int)(((p[2] - 1) * h + p[1]) * w + p[0]);
            if (b.p->colour[v] >= 0) ok = gopt_text_fail_at(t, at, err, "(%ld,%ld) is an endpoint already", p[0], p[1]);
            else ok = flow_parse_add_endpoint(t, &b, &m, v, label, at, err);
        }
        if (ok) ok = end_of_line(t, err);
    }
    return flow_parse_finish(t, &b, &m, ok, partial, start, err);
}
