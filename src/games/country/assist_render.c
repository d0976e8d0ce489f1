/* Pictures of the assist verbs (on the board of render.c):
 *  - decided: what every solution shares in full colour (loop edges blue, unused cells dotted),
 *    open cells greyed, with one solution's open parts in grey over them;
 *  - unique: two solutions side by side, the cells where they differ shaded red in both;
 *  - mistakes and hint: the player's marks (lines drawn, sides crossed out, cells marked used or
 *    unused) in dark grey, the wrong marks in red, the hint's step in green. */
#include <stdlib.h>
#include <string.h>

#include "assist.h"

static const gopt_rgb blue = {0.1, 0.45, 0.85}, open_line = {0.68, 0.68, 0.68}, open_fill = {0.86, 0.86, 0.86},
                      differ_fill = {1.0, 0.82, 0.82}, mark = {0.2, 0.2, 0.2}, wrong = {0.85, 0.1, 0.1},
                      hint = {0.1, 0.6, 0.2}, dot = {0.45, 0.45, 0.45};

/* The centre of cell c and its size. */
static void at(const gopt_country_puzzle *p, int c, double *x, double *y, double *s) { country_picture_cell(p, c, x, y, s); }

static void fill_cell(gopt_canvas *cv, const gopt_country_puzzle *p, int c, gopt_rgb colour) {
    double x, y, s;
    at(p, c, &x, &y, &s);
    gopt_draw_rect(cv, x - s / 2, y - s / 2, s, s, &colour, NULL, 0);
}

/* The half-link from cell c out by side d (to the neighbour's centre: both halves make a link). */
static void side_line(gopt_canvas *cv, const gopt_country_puzzle *p, int c, int d, double width, gopt_rgb colour) {
    double x, y, s;
    at(p, c, &x, &y, &s);
    gopt_draw_line(cv, x, y, x + gopt_dir_dc[d] * s / 2, y + gopt_dir_dr[d] * s / 2, width, colour);
}

/* A small cross on side d of cell c: "the loop does not cross here". */
static void side_cross(gopt_canvas *cv, const gopt_country_puzzle *p, int c, int d, gopt_rgb colour) {
    double x, y, s;
    at(p, c, &x, &y, &s);
    double mx = x + gopt_dir_dc[d] * s / 2, my = y + gopt_dir_dr[d] * s / 2;
    gopt_draw_line(cv, mx - 3, my - 3, mx + 3, my + 3, 1.4, colour);
    gopt_draw_line(cv, mx - 3, my + 3, mx + 3, my - 3, 1.4, colour);
}

static void cell_mark(gopt_canvas *cv, const gopt_country_puzzle *p, int c, bool used, gopt_rgb colour) {
    double x, y, s;
    at(p, c, &x, &y, &s);
    if (used) gopt_draw_circle(cv, x, y, 4.0, NULL, &colour, 1.6);
    else gopt_draw_circle(cv, x, y, 2.5, &colour, NULL, 0);
}

/* A loop: each link once (from its cell's east and south sides), in one colour or, with
 * `known`, full colour where decided and grey elsewhere. */
static void loop_lines(gopt_canvas *cv, const gopt_country_puzzle *p, const uint8_t *dirs, const gopt_country_known *known) {
    gopt_canvas_set_line_cap(cv, GOPT_CAP_ROUND);
    for (int c = 0; c < gopt_grid_cells(p->size); c++)
        for (int d = GOPT_E; d <= GOPT_S; d++) {
            if (!(dirs[c] & GOPT_DIR_BIT(d))) continue;
            bool decided = !known || (known->on[c] & GOPT_DIR_BIT(d));
            side_line(cv, p, c, d, 4, decided ? blue : open_line);
            side_line(cv, p, gopt_grid_step(p->size, c, (gopt_dir)d), gopt_dir_opposite((gopt_dir)d), 4, decided ? blue : open_line);
        }
}

gopt_canvas *country_decided_render(const gopt_country_puzzle *p, const gopt_country_decided *d) {
    double w, h;
    country_picture_size(p, &w, &h);
    gopt_canvas *cv = gopt_canvas_new(w, h);
    int n = gopt_grid_cells(p->size);
    for (int c = 0; c < n; c++)
        if (p->room[c] != GOPT_COUNTRY_HOLE && !gopt_country_known_cell(&d->known, c)) fill_cell(cv, p, c, open_fill);
    country_picture_board(cv, p);
    if (d->loop) loop_lines(cv, p, d->loop, &d->known);
    for (int c = 0; c < n; c++)
        if (p->room[c] != GOPT_COUNTRY_HOLE && d->known.used[c] == 0) cell_mark(cv, p, c, false, dot);
    return cv;
}

gopt_canvas *country_pair_render(const gopt_country_puzzle *p, const gopt_country_pair *x) {
    double w, h, gap = 16;
    country_picture_size(p, &w, &h);
    int panels = x->second ? 2 : 1;
    gopt_canvas *cv = gopt_canvas_new(panels * w + (panels - 1) * gap, h + 16);
    for (int k = 0; k < panels; k++) {
        const uint8_t *loop = k ? x->second : x->first;
        gopt_canvas_save(cv);
        gopt_canvas_translate(cv, k * (w + gap), 0);
        for (int i = 0; i < x->ndiffer; i++) fill_cell(cv, p, x->differ[i], differ_fill);
        country_picture_board(cv, p);
        if (loop) {
            loop_lines(cv, p, loop, NULL);
            for (int c = 0; c < gopt_grid_cells(p->size); c++)
                if (p->room[c] != GOPT_COUNTRY_HOLE && !loop[c]) cell_mark(cv, p, c, false, dot);
        }
        gopt_draw_text(cv, w / 2, h + 6, panels == 1 ? "the only solution" : k ? "solution 2" : "solution 1", 11, gopt_black);
        gopt_canvas_restore(cv);
    }
    return cv;
}

/* The statement (cell, side, value) drawn in one colour. */
static void statement(gopt_canvas *cv, const gopt_country_puzzle *p, int c, int side, bool value, gopt_rgb colour) {
    if (side < 0) {
        cell_mark(cv, p, c, value, colour);
        return;
    }
    if (!value) {
        side_cross(cv, p, c, side, colour);
        return;
    }
    side_line(cv, p, c, side, 4, colour);
    int v = gopt_grid_step(p->size, c, (gopt_dir)side);
    if (v >= 0) side_line(cv, p, v, gopt_dir_opposite((gopt_dir)side), 4, colour);
}

gopt_canvas *country_marks_render(const gopt_country_puzzle *p, const gopt_country_statement *bad, int nbad,
                                  const int step[2], bool value) {
    double w, h;
    country_picture_size(p, &w, &h);
    gopt_canvas *cv = gopt_canvas_new(w, h);
    country_picture_board(cv, p);
    gopt_canvas_set_line_cap(cv, GOPT_CAP_ROUND);
    int n = gopt_grid_cells(p->size);
    for (int c = 0; c < n && p->given; c++) {
        uint8_t known = p->given_known ? p->given_known[c]
                                       : (uint8_t)(0xf | (p->given[c] ? GOPT_COUNTRY_KNOWN_USED : GOPT_COUNTRY_KNOWN_UNUSED));
        if (known & (GOPT_COUNTRY_KNOWN_USED | GOPT_COUNTRY_KNOWN_UNUSED) && !p->given[c])
            cell_mark(cv, p, c, known & GOPT_COUNTRY_KNOWN_USED, mark);
        for (int d = 0; d < 4; d++) {
            bool crossed = p->given[c] & GOPT_DIR_BIT(d);
            int v = gopt_grid_step(p->size, c, (gopt_dir)d);
            if (crossed) side_line(cv, p, c, d, 4, mark);
            else if ((known & GOPT_DIR_BIT(d)) && v >= 0 && p->room[v] != GOPT_COUNTRY_HOLE &&
                     !(p->room[v] == p->room[c] && gopt_country_border(p, c, (gopt_dir)d))) /* (a stray wall: no side to cross) */
                side_cross(cv, p, c, d, dot);
        }
    }
    for (int i = 0; i < nbad; i++) statement(cv, p, bad[i].cell, bad[i].side, bad[i].value, wrong);
    if (step && step[0] >= 0) {
        int side = -1;
        for (int d = 0; d < 4 && step[1] >= 0; d++)
            if (gopt_grid_step(p->size, step[0], (gopt_dir)d) == step[1]) side = d;
        statement(cv, p, step[0], side, value, hint);
    }
    return cv;
}
