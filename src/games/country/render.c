/* Pictures (SVG, PNG, PDF by extension): the grid, room borders in thick lines, holes in
 * grey, each room's number in the corner of its first cell, and the loop through the cell
 * centres. */
#include "internal.h"

#define CELL 32.0
#define MARGIN 12.0

static double cx(int col) { return MARGIN + (col + 0.5) * CELL; }
static double cy(int row) { return MARGIN + (row + 0.5) * CELL; }

/* Is there a border on side d of cell c (the board's edge and holes count for a cell inside)? */
static bool border(const gopt_country_puzzle *p, int c, gopt_dir d) {
    int v = gopt_grid_step(p->size, c, d);
    int a = p->room[c], b = v < 0 ? GOPT_COUNTRY_HOLE : p->room[v];
    return a != b || gopt_country_border(p, c, d);
}

static void draw_board(gopt_canvas *cv, const gopt_country_puzzle *p) {
    gopt_grid g = p->size;
    const gopt_rgb hole = {0.82, 0.82, 0.82}, grid = {0.75, 0.75, 0.75};
    for (int c = 0; c < gopt_grid_cells(g); c++) {
        double x = MARGIN + (c % g.w) * CELL, y = MARGIN + (c / g.w) * CELL;
        if (p->room[c] == GOPT_COUNTRY_HOLE) gopt_draw_rect(cv, x, y, CELL, CELL, &hole, NULL, 0);
        else gopt_draw_rect(cv, x, y, CELL, CELL, NULL, &grid, 0.6);
    }
    gopt_canvas_set_line_cap(cv, GOPT_CAP_SQUARE);
    for (int c = 0; c < gopt_grid_cells(g); c++) {
        if (p->room[c] == GOPT_COUNTRY_HOLE) continue;
        double x = MARGIN + (c % g.w) * CELL, y = MARGIN + (c / g.w) * CELL;
        /* Each border once: the cell's own N and W sides, and S and E where nothing follows. */
        if (border(p, c, GOPT_N)) gopt_draw_line(cv, x, y, x + CELL, y, 3, gopt_black);
        if (border(p, c, GOPT_W)) gopt_draw_line(cv, x, y, x, y + CELL, 3, gopt_black);
        int s = gopt_grid_step(g, c, GOPT_S), e = gopt_grid_step(g, c, GOPT_E);
        if (border(p, c, GOPT_S) && (s < 0 || p->room[s] == GOPT_COUNTRY_HOLE))
            gopt_draw_line(cv, x, y + CELL, x + CELL, y + CELL, 3, gopt_black);
        if (border(p, c, GOPT_E) && (e < 0 || p->room[e] == GOPT_COUNTRY_HOLE))
            gopt_draw_line(cv, x + CELL, y, x + CELL, y + CELL, 3, gopt_black);
    }
    for (int r = 0; r < p->nrooms; r++) {
        if (p->number[r] == GOPT_COUNTRY_NO_NUMBER) continue;
        char text[16];
        if (p->number[r] == GOPT_COUNTRY_UNKNOWN) snprintf(text, sizeof text, "?");
        else snprintf(text, sizeof text, "%d", p->number[r]);
        int c = p->room_first[r];
        gopt_draw_text(cv, MARGIN + (c % g.w) * CELL + 8, MARGIN + (c / g.w) * CELL + 9, text, 11, gopt_black);
    }
}

static void draw_loop(gopt_canvas *cv, const gopt_country_puzzle *p, const uint8_t *dirs) {
    gopt_grid g = p->size;
    const gopt_rgb line = {0.1, 0.45, 0.85}, empty = {0.55, 0.55, 0.55};
    gopt_canvas_set_line_cap(cv, GOPT_CAP_ROUND);
    for (int c = 0; c < gopt_grid_cells(g); c++) {
        int row = c / g.w, col = c % g.w;
        if (p->room[c] != GOPT_COUNTRY_HOLE && !dirs[c]) gopt_draw_circle(cv, cx(col), cy(row), 2.0, &empty, NULL, 0);
        if (dirs[c] & GOPT_DIR_BIT(GOPT_E)) gopt_draw_line(cv, cx(col), cy(row), cx(col + 1), cy(row), 4, line);
        if (dirs[c] & GOPT_DIR_BIT(GOPT_S)) gopt_draw_line(cv, cx(col), cy(row), cx(col), cy(row + 1), 4, line);
    }
}

/* ---- for the assist pictures (assist_render.c): one board's geometry and its parts ---- */

void country_picture_size(const gopt_country_puzzle *p, double *w, double *h) {
    *w = 2 * MARGIN + p->size.w * CELL;
    *h = 2 * MARGIN + p->size.h * CELL;
}

void country_picture_board(gopt_canvas *cv, const gopt_country_puzzle *p) { draw_board(cv, p); }

void country_picture_cell(const gopt_country_puzzle *p, int c, double *x, double *y, double *size) {
    *x = cx(c % p->size.w);
    *y = cy(c / p->size.w);
    *size = CELL;
}

gopt_canvas *gopt_country_render(const gopt_country_puzzle *p, const uint8_t *dirs) {
    gopt_grid g = p->size;
    gopt_canvas *cv = gopt_canvas_new(2 * MARGIN + g.w * CELL, 2 * MARGIN + g.h * CELL);
    draw_board(cv, p);
    if (dirs) draw_loop(cv, p, dirs);
    return cv;
}

/* The strip of an explanation: panels side by side, each the board after a share of the
 * steps (loop edges drawn, unused cells dotted, edges known off the loop crossed), with the
 * step number under it. */
gopt_canvas *gopt_country_explain_render(const gopt_country_explanation *x, int panels) {
    const gopt_country_puzzle *p = x->p;
    gopt_grid g = p->size;
    if (panels < 1) panels = 1;
    if (panels > x->nsteps + 1) panels = x->nsteps + 1;
    double w = 2 * MARGIN + g.w * CELL, h = 2 * MARGIN + g.h * CELL + 16;
    gopt_canvas *cv = gopt_canvas_new(panels * w, h);
    int n = gopt_grid_cells(g);
    uint8_t *dirs = gopt_malloc((size_t)n), *cut = gopt_malloc((size_t)n);
    int8_t *cells = gopt_malloc((size_t)n);
    const gopt_rgb line = {0.1, 0.45, 0.85}, off = {0.85, 0.3, 0.3}, used = {0.1, 0.45, 0.85}, grey = {0.4, 0.4, 0.4};
    for (int k = 0; k < panels; k++) {
        int upto = panels == 1 ? x->nsteps : (int)((long)x->nsteps * (k + 1) / panels);
        country_explain_state(x, upto, dirs, cells, cut);
        gopt_canvas_save(cv);
        gopt_canvas_translate(cv, k * w, 0);
        draw_board(cv, p);
        gopt_canvas_set_line_cap(cv, GOPT_CAP_ROUND);
        for (int c = 0; c < n; c++) {
            int row = c / g.w, col = c % g.w;
            if (cells[c] == 0 && p->room[c] != GOPT_COUNTRY_HOLE) gopt_draw_circle(cv, cx(col), cy(row), 2.5, &grey, NULL, 0);
            if (cells[c] == 1 && !dirs[c]) gopt_draw_circle(cv, cx(col), cy(row), 3.0, NULL, &used, 1.5);
            if (dirs[c] & GOPT_DIR_BIT(GOPT_E)) gopt_draw_line(cv, cx(col), cy(row), cx(col + 1), cy(row), 4, line);
            if (dirs[c] & GOPT_DIR_BIT(GOPT_S)) gopt_draw_line(cv, cx(col), cy(row), cx(col), cy(row + 1), 4, line);
            /* an edge known off the loop: a small cross on the side between the two cells */
            if (cut[c] & GOPT_DIR_BIT(GOPT_E)) {
                double mx = cx(col) + CELL / 2, my = cy(row);
                gopt_draw_line(cv, mx - 3, my - 3, mx + 3, my + 3, 1.2, off);
                gopt_draw_line(cv, mx - 3, my + 3, mx + 3, my - 3, 1.2, off);
            }
            if (cut[c] & GOPT_DIR_BIT(GOPT_S)) {
                double mx = cx(col), my = cy(row) + CELL / 2;
                gopt_draw_line(cv, mx - 3, my - 3, mx + 3, my + 3, 1.2, off);
                gopt_draw_line(cv, mx - 3, my + 3, mx + 3, my - 3, 1.2, off);
            }
        }
        char label[48];
        snprintf(label, sizeof label, "after step %d of %d", upto, x->nsteps);
        gopt_draw_text(cv, w / 2, h - 8, label, 11, gopt_black);
        gopt_canvas_restore(cv);
    }
    free(dirs);
    free(cut);
    free(cells);
    return cv;
}
