/* Grid geometry and reading rectangles of characters. */
#include "gameopt/grid.h"

#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"

const int gopt_dir_dr[4] = {-1, 0, 1, 0};
const int gopt_dir_dc[4] = {0, 1, 0, -1};
const char gopt_dir_char[4] = {'n', 'e', 's', 'w'};

static bool is_blank_line(const char *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (p[i] != ' ' && p[i] != '\t') return false;
    return true;
}

bool gopt_char_block_read(gopt_text *t, gopt_char_block *out, gopt_error *err) {
    memset(out, 0, sizeof *out);
    gopt_buf cells = {0};
    int w = -1, h = 0;
    out->first_line = t->line;
    out->first_col = t->col;
    while (!gopt_text_eof(t)) {
        gopt_text_mark row_start = gopt_text_save(t);
        size_t n = gopt_text_line_rest(t);
        const char *p = t->data + t->pos;
        if (is_blank_line(p, n)) break;
        while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t')) n--;
        for (size_t i = 0; i < n; i++) {
            if ((unsigned char)p[i] >= 0x80 || p[i] == '\t' || (unsigned char)p[i] < 0x20) {
                gopt_text_mark at = row_start;
                at.col += (int)i;
                at.pos += i;
                gopt_buf_free(&cells);
                return gopt_text_fail_at(t, at, err, "unexpected %s in a board row",
                                         p[i] == '\t' ? "tab" : "character");
            }
        }
        if (w >= 0 && (int)n != w) {
            gopt_buf_free(&cells);
            return gopt_text_fail_at(t, row_start, err, "row %d has %zu cells, the rows above have %d",
                                     h + 1, n, w);
        }
        w = (int)n;
        gopt_buf_append(&cells, p, n);
        h++;
        size_t skipped;
        gopt_text_line(t, &skipped);
    }
    if (h == 0 || w <= 0) {
        gopt_buf_free(&cells);
        return gopt_text_fail(t, err, "expected a board (rows of cells)");
    }
    out->size = (gopt_grid){w, h};
    out->cells = gopt_buf_take(&cells);
    return true;
}

void gopt_char_block_free(gopt_char_block *b) {
    free(b->cells);
    b->cells = NULL;
}
