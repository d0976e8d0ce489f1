/* Pictures of the game: the graph at its board positions (or on a circle), roads in grey,
 * the initial face-up nodes ringed, and each overlay path in its own colour with its nodes
 * numbered in path order. */
#include <math.h>
#include <stdlib.h>

#include "games/taxis/internal.h"
#include "gameopt/canvas.h"

#define WIDTH 640.0
#define MARGIN 36.0
#define RADIUS 9.0
#define LEGEND_LINE 18.0

typedef struct layout {
    double *x, *y; /* picture coordinates */
    double height;
} layout;

static layout place(const gopt_taxis_graph *g, int legend_lines) {
    layout l = {gopt_malloc((size_t)g->n * sizeof *l.x), gopt_malloc((size_t)g->n * sizeof *l.y), 0};
    const double *gx = g->graph->x, *gy = g->graph->y;
    double *cx = NULL, *cy = NULL;
    if (!gx) { /* no positions: a circle */
        cx = gopt_malloc((size_t)g->n * sizeof *cx);
        cy = gopt_malloc((size_t)g->n * sizeof *cy);
        for (int v = 0; v < g->n; v++) {
            cx[v] = cos(2 * M_PI * v / g->n - M_PI / 2);
            cy[v] = sin(2 * M_PI * v / g->n - M_PI / 2);
        }
        gx = cx;
        gy = cy;
    }
    double x0 = gx[0], x1 = gx[0], y0 = gy[0], y1 = gy[0];
    for (int v = 1; v < g->n; v++) {
        x0 = fmin(x0, gx[v]), x1 = fmax(x1, gx[v]);
        y0 = fmin(y0, gy[v]), y1 = fmax(y1, gy[v]);
    }
    double span = fmax(x1 - x0, y1 - y0);
    double scale = span > 0 ? (WIDTH - 2 * MARGIN) / span : 1;
    double xshift = (WIDTH - 2 * MARGIN - (x1 - x0) * scale) / 2;
    for (int v = 0; v < g->n; v++) {
        l.x[v] = MARGIN + xshift + (gx[v] - x0) * scale;
        l.y[v] = MARGIN + (gy[v] - y0) * scale;
    }
    l.height = 2 * MARGIN + (y1 - y0) * scale + legend_lines * LEGEND_LINE;
    free(cx);
    free(cy);
    return l;
}

static void draw_overlay(gopt_canvas *cv, const layout *l, const gopt_taxis_overlay *o, int index) {
    gopt_rgb colour = gopt_palette(index);
    double width = fmax(2.0, 7.0 - 2.5 * index);
    for (int k = 1; k < o->len; k++)
        gopt_draw_line(cv, l->x[o->nodes[k - 1]], l->y[o->nodes[k - 1]], l->x[o->nodes[k]], l->y[o->nodes[k]], width,
                       colour);
}

static void draw_nodes(gopt_canvas *cv, const gopt_taxis_graph *g, const layout *l, const gopt_taxis_overlay *paths,
                       int npaths) {
    /* A node on a path shows the colour of the first path through it and its place there. */
    int *owner = gopt_malloc((size_t)g->n * sizeof *owner), *place_on = gopt_malloc((size_t)g->n * sizeof *place_on);
    for (int v = 0; v < g->n; v++) owner[v] = -1;
    for (int i = npaths - 1; i >= 0; i--)
        for (int k = 0; k < paths[i].len; k++) owner[paths[i].nodes[k]] = i, place_on[paths[i].nodes[k]] = k + 1;
    for (int v = 0; v < g->n; v++) {
        gopt_rgb fill = owner[v] >= 0 ? gopt_palette(owner[v]) : gopt_white;
        gopt_draw_circle(cv, l->x[v], l->y[v], RADIUS, &fill, &gopt_black, 1.2);
        if (owner[v] >= 0) {
            char number[16];
            snprintf(number, sizeof number, "%d", place_on[v]);
            gopt_draw_text(cv, l->x[v], l->y[v], number, 9, gopt_white);
        }
        gopt_draw_text(cv, l->x[v], l->y[v] + RADIUS + 11, gopt_taxis_name(g, v), 9, gopt_black);
    }
    free(owner);
    free(place_on);
}

static void draw_legend(gopt_canvas *cv, const layout *l, const gopt_taxis_overlay *paths, int npaths, bool initial) {
    double y = l->height - MARGIN / 2 - (npaths + initial - 1) * LEGEND_LINE;
    gopt_canvas_set_font(cv, 10, false);
    for (int i = 0; i < npaths + initial; i++, y += LEGEND_LINE) {
        if (i < npaths) gopt_draw_line(cv, MARGIN, y, MARGIN + 24, y, 4, gopt_palette(i));
        else gopt_draw_circle(cv, MARGIN + 12, y, 6, NULL, &(gopt_rgb){0.85, 0.65, 0.1}, 2.5);
        char text[320];
        if (i < npaths) snprintf(text, sizeof text, "%s (node length %d)", paths[i].label ? paths[i].label : "path", paths[i].len);
        else snprintf(text, sizeof text, "face up at the start");
        gopt_canvas_set_rgb(cv, 0, 0, 0);
        gopt_canvas_move_to(cv, MARGIN + 32, y + 3.5);
        gopt_canvas_show_text(cv, text);
        gopt_canvas_new_path(cv);
    }
}

gopt_canvas *gopt_taxis_render(const gopt_taxis_graph *g, const gopt_taxis_setting *s, const gopt_taxis_overlay *paths,
                               int npaths) {
    layout l = place(g, npaths + (s != NULL));
    gopt_canvas *cv = gopt_canvas_new(WIDTH, l.height);
    for (int e = 0; e < g->m; e++) {
        int u = g->graph->from[e], v = g->graph->to[e];
        gopt_draw_line(cv, l.x[u], l.y[u], l.x[v], l.y[v], 2, gopt_light_grey);
    }
    for (int i = 0; i < npaths; i++) draw_overlay(cv, &l, &paths[i], i);
    if (s)
        for (int k = 0; k < s->c; k++)
            gopt_draw_circle(cv, l.x[s->cards[k]], l.y[s->cards[k]], RADIUS + 4, NULL, &(gopt_rgb){0.85, 0.65, 0.1}, 2.5);
    draw_nodes(cv, g, &l, paths, npaths);
    draw_legend(cv, &l, paths, npaths, s != NULL);
    free(l.x);
    free(l.y);
    return cv;
}
