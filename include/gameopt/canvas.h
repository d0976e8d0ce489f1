/* Pictures: a canvas over cairo that writes SVG, PNG or PDF, chosen by the file's extension.
 * Games draw with the helpers below or with cairo directly (gopt_canvas_cr). Coordinates are
 * in points (1/72 inch); PNG uses one pixel per point times `scale`. */
#ifndef GAMEOPT_CANVAS_H
#define GAMEOPT_CANVAS_H

#include <cairo.h>
#include <stdbool.h>
#include "gameopt/error.h"

typedef struct gopt_canvas gopt_canvas;

typedef struct gopt_rgb {
    double r, g, b;
} gopt_rgb;

typedef enum gopt_picture_format { GOPT_PIC_NONE, GOPT_PIC_SVG, GOPT_PIC_PNG, GOPT_PIC_PDF } gopt_picture_format;

/* The picture format named by a path's extension (.svg .png .pdf), or GOPT_PIC_NONE. */
gopt_picture_format gopt_picture_format_of(const char *path);

/* Opens a canvas of width x height points on a white background. NULL with err set on failure. */
gopt_canvas *gopt_canvas_open(const char *path, double width, double height, gopt_error *err);
cairo_t *gopt_canvas_cr(gopt_canvas *c);
/* Finishes and writes the file; frees the canvas even on failure. */
bool gopt_canvas_close(gopt_canvas *c, gopt_error *err);

/* A palette of clearly distinct colours (index wraps around). */
gopt_rgb gopt_palette(int index);
extern const gopt_rgb gopt_black, gopt_white, gopt_grey, gopt_light_grey, gopt_red;

void gopt_draw_line(cairo_t *cr, double x0, double y0, double x1, double y1, double width, gopt_rgb colour);
void gopt_draw_rect(cairo_t *cr, double x, double y, double w, double h, const gopt_rgb *fill,
                    const gopt_rgb *stroke, double width);
void gopt_draw_circle(cairo_t *cr, double x, double y, double radius, const gopt_rgb *fill,
                      const gopt_rgb *stroke, double width);
/* Polygon through n points (xs[i], ys[i]). */
void gopt_draw_polygon(cairo_t *cr, const double *xs, const double *ys, int n, const gopt_rgb *fill,
                       const gopt_rgb *stroke, double width);
/* Text centred on (x, y) in a sans-serif font of `size` points. */
void gopt_draw_text(cairo_t *cr, double x, double y, const char *text, double size, gopt_rgb colour);

#endif
