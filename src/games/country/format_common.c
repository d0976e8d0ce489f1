/* What the readers and writers of several formats share: numbers, rows of loop tokens,
 * rooms from labels. (Choosing a format and dispatching to it is format.c's.) */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

bool country_read_number(gopt_text *t, long *out, gopt_error *err) {
    if (gopt_text_accept(t, '?')) {
        *out = GOPT_COUNTRY_UNKNOWN;
        return true;
    }
    return gopt_text_int(t, 0, GOPT_COUNTRY_MAX_NUMBER, out, err);
}

bool country_read_loop_rows(gopt_text *t, gopt_country_puzzle *p, gopt_error *err) {
    gopt_grid g = p->size;
    int n = gopt_grid_cells(g);
    uint8_t *dirs = gopt_calloc((size_t)n, 1), *known = gopt_calloc((size_t)n, 1);
    bool partial = false, ok = true;
    for (int r = 0; r < g.h && ok; r++) {
        gopt_text_skip_spaces(t);
        for (int c = 0; c < g.w && ok; c++) {
            gopt_text_mark at = gopt_text_save(t);
            size_t len = 0;
            while (gopt_text_peek_at(t, len) > ' ') len++;
            if (len == 0) {
                ok = gopt_text_fail(t, err, "row %d of the loop has %d tokens, expected %d", r + 1, c, g.w);
                break;
            }
            /* a player's partial answer may say less of a cell (?, +, s?): see country_read_mark */
            if (!country_read_mark(t->data + t->pos, len, &dirs[r * g.w + c], &known[r * g.w + c])) {
                ok = gopt_text_fail_at(t, at, err, "expected a loop token (-, ns, ew, ne, nw, se, sw; ?, + or s? in a partial answer)");
                break;
            }
            partial |= !country_mark_complete(known[r * g.w + c]);
            for (size_t i = 0; i < len; i++) gopt_text_next(t);
            gopt_text_skip_spaces(t);
        }
        int next = gopt_text_peek(t);
        if (ok && next >= 0 && next != '\n') ok = gopt_text_fail(t, err, "row %d of the loop has more than %d tokens", r + 1, g.w);
        gopt_text_accept(t, '\n');
    }
    if (!ok) {
        free(dirs);
        free(known);
        return false;
    }
    free(p->given);
    free(p->given_known);
    p->given = dirs;
    p->given_known = partial ? known : NULL;
    if (!partial) free(known);
    return true;
}

void country_write_loop_rows(gopt_buf *b, const gopt_country_puzzle *p, const uint8_t *dirs) {
    gopt_grid g = p->size;
    char tok[5];
    for (int r = 0; r < g.h; r++) {
        for (int c = 0; c < g.w; c++) {
            if (c) gopt_buf_putc(b, ' ');
            gopt_buf_puts(b, gopt_country_token(dirs[r * g.w + c], tok));
        }
        gopt_buf_putc(b, '\n');
    }
}

typedef struct label_room {
    int label, first;
} label_room;

static int by_label_then_first(const void *a, const void *b) {
    const label_room *x = a, *y = b;
    if (x->label != y->label) return x->label < y->label ? -1 : 1;
    return (x->first > y->first) - (x->first < y->first);
}

int country_split_label(const gopt_country_puzzle *p, const int *label) {
    label_room *rooms = gopt_malloc((size_t)(p->nrooms > 0 ? p->nrooms : 1) * sizeof *rooms);
    for (int r = 0; r < p->nrooms; r++) rooms[r] = (label_room){label[p->room_first[r]], p->room_first[r]};
    qsort(rooms, (size_t)p->nrooms, sizeof *rooms, by_label_then_first);
    int split = -1;
    for (int r = 1; r < p->nrooms; r++)
        if (rooms[r].label == rooms[r - 1].label && (split < 0 || rooms[r].first < split)) split = rooms[r].first;
    free(rooms);
    return split;
}

/* ---------------------------------------------------------------- dispatch */
