/* Pictures of Flood-It boards: the board (the start cell marked, each cell labelled with its
 * colour's name when large enough to read), and with a solution a
 * strip of frames, the board after each move with the move's number and colour beneath.
 * The frames are played by the checker's simulator, so they show what the player sees. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "flood_sim.h"
#include "gameopt/canvas.h"

/* Colour names people put in boards (aaronpuchert's examples use them) get their colour. */
static const struct {
    const char *name;
    gopt_rgb rgb;
} named[] = {
    {"red", {0.86, 0.16, 0.16}},   {"green", {0.20, 0.66, 0.24}}, {"blue", {0.16, 0.36, 0.86}},
    {"yellow", {0.96, 0.84, 0.10}}, {"orange", {0.98, 0.55, 0.10}}, {"purple", {0.55, 0.24, 0.70}},
    {"violet", {0.62, 0.40, 0.86}}, {"pink", {0.96, 0.52, 0.70}},   {"cyan", {0.10, 0.78, 0.86}},
    {"brown", {0.55, 0.34, 0.16}},  {"black", {0.10, 0.10, 0.10}},  {"white", {0.97, 0.97, 0.97}},
    {"grey", {0.55, 0.55, 0.55}},   {"gray", {0.55, 0.55, 0.55}},
};

static gopt_rgb colour_of(const gopt_flood_puzzle *p, int c) {
    for (size_t i = 0; i < sizeof named / sizeof *named; i++)
        if (strcasecmp(p->names[c], named[i].name) == 0) return named[i].rgb;
    return gopt_palette(c);
}

static void draw_board(gopt_canvas *cv, const gopt_flood_puzzle *p, const uint8_t *cells, double x0, double y0,
                       double size) {
    for (int r = 0; r < p->h; r++)
        for (int c = 0; c < p->w; c++) {
            gopt_rgb fill = colour_of(p, cells[r * p->w + c]);
            gopt_draw_rect(cv, x0 + c * size, y0 + r * size, size, size, &fill, NULL, 0);
            /* the colour's name too (its first three characters), so the board reads without
             * telling colours apart; frames too small to read go without */
            if (size >= 10) {
                char label[4];
                snprintf(label, sizeof label, "%s", p->names[cells[r * p->w + c]]);
                size_t n = strlen(label);
                double light = 0.3 * fill.r + 0.59 * fill.g + 0.11 * fill.b;
                gopt_draw_text(cv, x0 + (c + 0.5) * size, y0 + (r + 0.5) * size, label,
                               size * (n <= 1 ? 0.5 : n == 2 ? 0.42 : 0.32), light > 0.5 ? gopt_black : gopt_white);
            }
        }
    gopt_draw_rect(cv, x0, y0, p->w * size, p->h * size, NULL, &gopt_black, size > 6 ? 1.0 : 0.5);
    /* the start cell */
    double sx = x0 + (p->start % p->w + 0.5) * size, sy = y0 + (p->start / p->w + 0.5) * size;
    gopt_draw_circle(cv, sx, sy, size * 0.22, &gopt_white, &gopt_black, size > 6 ? 1.0 : 0.4);
}

gopt_canvas *gopt_flood_render(const gopt_flood_puzzle *p, const gopt_flood_solution *s) {
    int side = p->w > p->h ? p->w : p->h;
    double cell = fmax(2.0, fmin(32.0, 480.0 / side));
    double margin = 12, bw = p->w * cell, bh = p->h * cell;
    bool frames = s && p->frames && s->length > 0;
    /* frames: about 96 points across, as many per row as fit beside the board's width */
    double fcell = fmax(1.0, fmin(12.0, 96.0 / side));
    double fw = p->w * fcell, fh = p->h * fcell, label = 14, gap = 10;
    double width = fmax(bw, 4 * (fw + gap)) + 2 * margin;
    int per_row = frames ? (int)fmax(1, floor((width - 2 * margin + gap) / (fw + gap))) : 0;
    int rows = frames ? (s->length + per_row - 1) / per_row : 0;
    double height = 2 * margin + bh + (frames ? gap + rows * (fh + label + gap) : 0);
    gopt_canvas *cv = gopt_canvas_new(width, height);
    draw_board(cv, p, p->cells, (width - bw) / 2, margin, cell);
    if (frames) {
        flood_sim sim;
        flood_sim_init(&sim, p);
        double top = margin + bh + gap;
        for (int i = 0; i < s->length; i++) {
            flood_sim_play(&sim, s->moves[i]);
            double x = margin + (i % per_row) * (fw + gap), y = top + (i / per_row) * (fh + label + gap);
            draw_board(cv, p, sim.colour, x, y, fcell);
            char text[80];
            snprintf(text, sizeof text, "%d: %.60s", i + 1, p->names[s->moves[i]]);
            gopt_draw_text(cv, x + fw / 2, y + fh + label / 2 + 1, text, 9, gopt_black);
        }
        flood_sim_free(&sim);
    }
    return cv;
}
