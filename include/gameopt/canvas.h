/* Pictures: an in-memory canvas. Games draw on it with a small cairo-like vocabulary (paths,
 * fill, stroke, text) and know nothing of files or formats; the canvas records what was drawn
 * and the front end encodes it: SVG by our own writer (so every build, the WebAssembly one
 * included, draws the same SVG without cairo), PNG and PDF by replaying the record on cairo,
 * which is opened on first use (core/dl.h) and exists only in the native build.
 *
 * Coordinates are in points (1/72 inch) under a transformation set with translate and scale,
 * applied when a point is added (as in cairo), so a path keeps its shape whatever comes later.
 * PNG uses two pixels per point. Text is sans-serif; its width is estimated (0.55 em a
 * character), which is what layouts need and what every back end can honour. */
#ifndef GAMEOPT_CANVAS_H
#define GAMEOPT_CANVAS_H

#include <stdbool.h>
#include "gameopt/alloc.h"
#include "gameopt/error.h"

typedef struct gopt_canvas gopt_canvas;

typedef struct gopt_rgb {
    double r, g, b;
} gopt_rgb;

typedef enum gopt_picture_format { GOPT_PIC_NONE, GOPT_PIC_SVG, GOPT_PIC_PNG, GOPT_PIC_PDF } gopt_picture_format;
typedef enum gopt_line_cap { GOPT_CAP_BUTT, GOPT_CAP_ROUND, GOPT_CAP_SQUARE } gopt_line_cap;
typedef enum gopt_line_join { GOPT_JOIN_MITER, GOPT_JOIN_ROUND, GOPT_JOIN_BEVEL } gopt_line_join;

/* The picture format named by a path's extension (.svg .png .pdf), or GOPT_PIC_NONE. */
gopt_picture_format gopt_picture_format_of(const char *path);
/* ... by its name ("svg", "png", "pdf", any case), or GOPT_PIC_NONE. */
gopt_picture_format gopt_picture_format_named(const char *name);
/* "svg", "png", "pdf" ("" for none) and the media type ("image/svg+xml", ...). */
const char *gopt_picture_ext(gopt_picture_format f);
const char *gopt_picture_media_type(gopt_picture_format f);

/* A canvas of width x height points on a white background (sizes out of 1..100000 are
 * clamped: a game's layout bug must not become a 10 GB picture). Round caps and joins. */
gopt_canvas *gopt_canvas_new(double width, double height);
void gopt_canvas_free(gopt_canvas *c);
double gopt_canvas_width(const gopt_canvas *c);
double gopt_canvas_height(const gopt_canvas *c);

/* The graphics state (colour, line, font, transformation, clip), saved and restored. */
void gopt_canvas_save(gopt_canvas *c);
void gopt_canvas_restore(gopt_canvas *c);
void gopt_canvas_translate(gopt_canvas *c, double dx, double dy);
void gopt_canvas_scale(gopt_canvas *c, double sx, double sy);
void gopt_canvas_set_rgb(gopt_canvas *c, double r, double g, double b);
void gopt_canvas_set_rgba(gopt_canvas *c, double r, double g, double b, double alpha);
void gopt_canvas_set_colour(gopt_canvas *c, gopt_rgb colour);
void gopt_canvas_set_line_width(gopt_canvas *c, double width);
void gopt_canvas_set_line_cap(gopt_canvas *c, gopt_line_cap cap);
void gopt_canvas_set_line_join(gopt_canvas *c, gopt_line_join join);
void gopt_canvas_set_font(gopt_canvas *c, double size, bool bold);

/* The current path. */
void gopt_canvas_new_path(gopt_canvas *c);
void gopt_canvas_new_sub_path(gopt_canvas *c);
void gopt_canvas_move_to(gopt_canvas *c, double x, double y);
void gopt_canvas_line_to(gopt_canvas *c, double x, double y);
void gopt_canvas_curve_to(gopt_canvas *c, double x1, double y1, double x2, double y2, double x3, double y3);
/* An arc of a circle from angle a1 to a2 (radians, increasing, clockwise on screen as in
 * cairo), joined to the current point by a line when there is one. */
void gopt_canvas_arc(gopt_canvas *c, double xc, double yc, double radius, double a1, double a2);
void gopt_canvas_rectangle(gopt_canvas *c, double x, double y, double w, double h);
void gopt_canvas_close_path(gopt_canvas *c);

/* Painting: fill and stroke use the path and clear it (the _preserve forms keep it); clip
 * intersects the clip with the path (until restore) and clears it; paint fills the clip (the
 * whole canvas without one). */
void gopt_canvas_fill(gopt_canvas *c);
void gopt_canvas_fill_preserve(gopt_canvas *c);
void gopt_canvas_stroke(gopt_canvas *c);
void gopt_canvas_stroke_preserve(gopt_canvas *c);
void gopt_canvas_clip(gopt_canvas *c);
void gopt_canvas_paint(gopt_canvas *c);
/* Text with its baseline's left end at the current point (cairo's show_text). */
void gopt_canvas_show_text(gopt_canvas *c, const char *text);
/* The estimated width of text in the current font, in user units. */
double gopt_canvas_text_width(const gopt_canvas *c, const char *text);

/* Shapes, each filled and/or stroked at once (NULL: not that part); they leave no path. */
void gopt_draw_line(gopt_canvas *c, double x0, double y0, double x1, double y1, double width, gopt_rgb colour);
void gopt_draw_rect(gopt_canvas *c, double x, double y, double w, double h, const gopt_rgb *fill,
                    const gopt_rgb *stroke, double width);
void gopt_draw_circle(gopt_canvas *c, double x, double y, double radius, const gopt_rgb *fill,
                      const gopt_rgb *stroke, double width);
/* Polygon through n points (xs[i], ys[i]). */
void gopt_draw_polygon(gopt_canvas *c, const double *xs, const double *ys, int n, const gopt_rgb *fill,
                       const gopt_rgb *stroke, double width);
/* Text centred on (x, y) in a sans-serif font of `size` points. */
void gopt_draw_text(gopt_canvas *c, double x, double y, const char *text, double size, gopt_rgb colour);

/* A palette of clearly distinct colours (index wraps around). */
gopt_rgb gopt_palette(int index);
extern const gopt_rgb gopt_black, gopt_white, gopt_grey, gopt_light_grey, gopt_red;

/* The picture in a format, appended to out. SVG always works; PNG and PDF need cairo (false
 * with err naming `name` when it cannot be loaded, or in a build without it). */
bool gopt_canvas_encode(const gopt_canvas *c, gopt_picture_format f, const char *name, gopt_buf *out,
                        gopt_error *err);

#endif
