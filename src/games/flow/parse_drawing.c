/* Reading samgoldman's graph-ASCII boards (his FlowSolver's format): a line STANDARD,
 * BRIDGES, HEX or WARPS, then a drawing of the board. Cells sit at even rows and columns of
 * the drawing: '.' an empty cell, '*' a bridge, a letter an endpoint. The characters between
 * them are the links: '-' joins left and right, '|' up and down, '/' lower left to upper right,
 * '\' upper left to lower right. A '-' right of the last column, or a '|' below the last row,
 * is a warp to the first cell of that row or column. Missing links are walls, missing cells
 * holes; a hex board is drawn as rows whose '-' links zig-zag, so it is only adjacency too.
 * A bridge is two nodes: '-' links reach its horizontal channel, '|' links its vertical one. */
#include <ctype.h>
#include <string.h>

#include "gameopt/budget.h"
#include "parse.h"

typedef struct drawing {
    const gopt_text *t;
    int first_line;     /* text line of drawing line 0 */
    size_t *line_pos;   /* text offset of each drawing line */
    size_t *line_len;
    int nlines;
    int max_row, max_col; /* of the cells, in drawing coordinates */
    size_t cells;         /* cell characters ('.', '*', endpoints) */
    /* Per character of each drawing line (not per position of the drawing's bounding box: a
     * tall drawing with one wide line would cost rows x widest row, issue 35): node (a bridge's
     * horizontal channel) or -1, from node_off[i]. */
    int *node;
    size_t *node_off;
    int *row_first, *col_first; /* first node of each drawing line / column, for warps */
} drawing;

static char char_at(const drawing *d, int i, int j) {
    if (i < 0 || i >= d->nlines || j < 0) return ' ';
    return (size_t)j < d->line_len[i] ? d->t->data[d->line_pos[i] + (size_t)j] : ' ';
}

static gopt_text_mark mark_at(const drawing *d, int i, int j) {
    return (gopt_text_mark){d->line_pos[i] + (size_t)j, d->first_line + i, j + 1};
}

static bool is_cell_char(char c) { return c == '.' || c == '*' || isalnum((unsigned char)c); }
static bool is_link_char(char c) { return c == '-' || c == '|' || c == '/' || c == '\\'; }

static int node_at(const drawing *d, int i, int j) {
    if (i < 0 || j < 0 || i >= d->nlines || (size_t)j >= d->line_len[i]) return -1;
    return d->node[d->node_off[i] + (size_t)j];
}

/* The node a link reaches at (i, j): a bridge's vertical channel for vertical links. */
static int channel(const gopt_flow_puzzle *p, int v, bool vertical) {
    return v >= 0 && vertical && p->kind[v] == GOPT_FLOW_BRIDGE_H ? v + 1 : v;
}

/* The first cell of drawing row i (for a warp from its right end), or -1. */
static int first_in_row(const drawing *d, int i) { return i >= 0 && i < d->nlines ? d->row_first[i] : -1; }

static int first_in_col(const drawing *d, int j) { return j >= 0 && j <= d->max_col ? d->col_first[j] : -1; }

/* Adds the link drawn at (i, j). */
static bool add_link(drawing *d, flow_builder *b, int i, int j, gopt_error *err) {
    char c = char_at(d, i, j);
    int u = -1, v = -1;
    gopt_flow_dir du, dv;
    bool warp = false, vertical = c == '|';
    const char *where = "";
    if (c == '-') {
        if (j % 2 == 0 || i % 2) return gopt_text_fail_at(d->t, mark_at(d, i, j), err, "'-' must sit between two cells");
        u = node_at(d, i, j - 1);
        warp = j > d->max_col;
        v = warp ? first_in_row(d, i) : node_at(d, i, j + 1);
        du = GOPT_FLOW_E, dv = GOPT_FLOW_W;
        where = u < 0 ? "on its left" : "on its right";
    } else if (c == '|') {
        if (i % 2 == 0 || j % 2) return gopt_text_fail_at(d->t, mark_at(d, i, j), err, "'|' must sit between two cells");
        u = node_at(d, i - 1, j);
        warp = i > d->max_row;
        v = warp ? first_in_col(d, j) : node_at(d, i + 1, j);
        du = GOPT_FLOW_S, dv = GOPT_FLOW_N;
        where = u < 0 ? "above it" : "below it";
    } else {
        if (i % 2 == 0 || j % 2 == 0)
            return gopt_text_fail_at(d->t, mark_at(d, i, j), err, "'%c' must sit between four cells", c);
        bool slash = c == '/';
        u = node_at(d, i - 1, slash ? j + 1 : j - 1); /* the upper end */
        v = node_at(d, i + 1, slash ? j - 1 : j + 1);
        du = slash ? GOPT_FLOW_SW : GOPT_FLOW_SE;
        dv = slash ? GOPT_FLOW_NE : GOPT_FLOW_NW;
        where = u < 0 ? "above it" : "below it";
        if ((u >= 0 && b->p->kind[u] != GOPT_FLOW_CELL) || (v >= 0 && b->p->kind[v] != GOPT_FLOW_CELL))
            return gopt_text_fail_at(d->t, mark_at(d, i, j), err, "a bridge has no diagonal links");
    }
    if (u < 0 || v < 0) return gopt_text_fail_at(d->t, mark_at(d, i, j), err, "'%c' joins no cell %s", c, where);
    u = channel(b->p, u, vertical);
    v = channel(b->p, v, vertical);
    /* A warp across a row of one cell joins it to itself, and one across two cells repeats
     * the direct link: neither adds a way through, so both are dropped. */
    flow_build_edge(b, u, v, du, dv, warp);
    return true;
}

/* Reads the drawing lines (up to a blank line or the end). */
static bool read_lines(gopt_text *t, drawing *d, gopt_error *err) {
    size_t cap = 0;
    d->first_line = t->line;
    while (!gopt_text_eof(t)) {
        size_t n = gopt_text_line_rest(t);
        const char *p = t->data + t->pos;
        bool blank = true;
        for (size_t j = 0; j < n; j++) {
            if (p[j] == ' ') continue;
            blank = false;
            if (!is_cell_char(p[j]) && !is_link_char(p[j])) {
                char what[32];
                gopt_text_mark at = {t->pos + j, t->line, (int)j + 1};
                return gopt_text_fail_at(t, at, err, "unexpected %s in the drawing",
                                         gopt_text_describe((unsigned char)p[j], what, sizeof what));
            }
            if (is_cell_char(p[j])) {
                d->cells++;
                if (d->nlines > d->max_row) d->max_row = d->nlines;
                if ((int)j > d->max_col) d->max_col = (int)j;
            }
        }
        if (blank) break;
        size_t cap2 = cap;
        gopt_grow(&d->line_pos, &cap, (size_t)d->nlines + 1, sizeof *d->line_pos);
        gopt_grow(&d->line_len, &cap2, (size_t)d->nlines + 1, sizeof *d->line_len);
        d->line_len[d->nlines] = n;
        d->line_pos[d->nlines++] = t->pos;
        if (n > 4096 || d->nlines > 4096) return gopt_text_fail(t, err, "the drawing is too large");
        gopt_text_line(t, &n);
    }
    if (d->nlines == 0) return gopt_text_fail(t, err, "expected the drawing of a board");
    return true;
}

/* Creates the nodes, row by row; letters become endpoints. Visits each character once. */
static bool add_cells(drawing *d, flow_builder *b, flow_marks *m, gopt_error *err) {
    for (int i = 0; i < d->nlines; i++)
        for (int j = 0; (size_t)j < d->line_len[i]; j++) {
            char c = char_at(d, i, j);
            if (!is_cell_char(c)) continue;
            if (i % 2 || j % 2)
                return gopt_text_fail_at(d->t, mark_at(d, i, j), err,
                                         "cells sit at even rows and columns of the drawing (cells and links alternate)");
            int v = flow_build_node(b, 0, i / 2, j / 2, c == '*' ? GOPT_FLOW_BRIDGE_H : GOPT_FLOW_CELL);
            if (c == '*') flow_build_node(b, 0, i / 2, j / 2, GOPT_FLOW_BRIDGE_V);
            d->node[d->node_off[i] + (size_t)j] = v;
            if (d->row_first[i] < 0) d->row_first[i] = v;
            if (d->col_first[j] < 0) d->col_first[j] = v;
            if (isalnum((unsigned char)c) && !flow_parse_add_endpoint(d->t, b, m, v, (char[]){c, 0}, mark_at(d, i, j), err))
                return false;
        }
    return true;
}

gopt_flow_puzzle *flow_read_drawing(gopt_text *t, bool partial, gopt_error *err) {
    gopt_text_mark start = gopt_text_save(t);
    size_t header_len;
    const char *header = gopt_text_line(t, &header_len);
    while (header_len > 0 && (header[header_len - 1] == ' ' || header[header_len - 1] == '\t')) header_len--;
    static const char *const kinds[] = {"STANDARD", "BRIDGES", "HEX", "WARPS"};
    bool known = false;
    for (int i = 0; i < 4; i++) known |= strlen(kinds[i]) == header_len && memcmp(header, kinds[i], header_len) == 0;
    if (!known) return gopt_text_fail_at(t, start, err, "expected STANDARD, BRIDGES, HEX or WARPS"), NULL;

    drawing d = {.t = t};
    gopt_flow_puzzle *p = NULL;
    flow_marks m;
    flow_parse_marks_init(&m);
    if (!read_lines(t, &d, err)) {
        flow_parse_marks_free(&m);
        free(d.line_pos);
        free(d.line_len);
        return NULL;
    }
    size_t chars = 0;
    for (int i = 0; i < d.nlines; i++) chars += d.line_len[i];
    /* Charged to --memory-limit before it is made (issue 35: a 12 KB drawing 4095 lines tall
     * with one 4095-column line took 85 MB under a 50 MB limit): the node tables while
     * reading (linear in the drawing's characters), the display grid and the nodes the puzzle
     * keeps. */
    size_t reading = chars * sizeof *d.node + (size_t)d.nlines * (sizeof *d.node_off + sizeof *d.row_first) +
                     (size_t)(d.max_col + 1) * sizeof *d.col_first;
    size_t kept = (size_t)(d.max_row / 2 + 1) * (size_t)(d.max_col / 2 + 1) * sizeof(int) + d.cells * FLOW_BYTES_PER_CELL;
    if (!gopt_text_charge(t, start, reading + kept, err)) {
        flow_parse_marks_free(&m);
        free(d.line_pos);
        free(d.line_len);
        return NULL;
    }
    d.node = gopt_malloc((chars ? chars : 1) * sizeof *d.node);
    for (size_t i = 0; i < chars; i++) d.node[i] = -1;
    d.node_off = gopt_malloc((size_t)d.nlines * sizeof *d.node_off);
    d.row_first = gopt_malloc((size_t)d.nlines * sizeof *d.row_first);
    d.col_first = gopt_malloc((size_t)(d.max_col + 1) * sizeof *d.col_first);
    for (int i = 0; i < d.nlines; i++) {
        d.node_off[i] = i ? d.node_off[i - 1] + d.line_len[i - 1] : 0;
        d.row_first[i] = -1;
    }
    for (int j = 0; j <= d.max_col; j++) d.col_first[j] = -1;

    flow_builder b;
    flow_build_start(&b, GOPT_FLOW_SAMGOLDMAN, 1, d.max_row / 2 + 1, d.max_col / 2 + 1);
    flow_parse_keep(&b, kept); /* (given back when the puzzle, or the aborted builder's, is freed) */
    bool ok = add_cells(&d, &b, &m, err);
    for (int i = 0; i < d.nlines && ok; i++)
        for (int j = 0; ok && (size_t)j < d.line_len[i]; j++)
            if (is_link_char(char_at(&d, i, j))) ok = add_link(&d, &b, i, j, err);
    p = flow_parse_finish(t, &b, &m, ok, partial, start, err);
    if (p) { /* kept to write the answer back into the drawing */
        gopt_buf text = {0};
        gopt_buf_append(&text, header, header_len);
        gopt_buf_putc(&text, '\n');
        for (int i = 0; i < d.nlines; i++) {
            gopt_buf_append(&text, t->data + d.line_pos[i], d.line_len[i]);
            gopt_buf_putc(&text, '\n');
        }
        p->drawing = gopt_buf_take(&text);
    }
    free(d.line_pos);
    free(d.line_len);
    free(d.node);
    free(d.node_off);
    free(d.row_first);
    free(d.col_first);
    gopt_budget_release(NULL, reading);
    return p;
}
