/* A drawing surface over cairo that becomes an SVG, PNG or PDF file by its extension. */
#include "gameopt/canvas.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gameopt/alloc.h"
#include "gameopt/outfile.h"
#include "render/cairo_dl.h"

/* PNG pixels per point: 2 gives crisp pictures on high-density screens. */
#define PNG_SCALE 2.0

struct gopt_canvas {
    gopt_picture_format format;
    char *path;
    cairo_surface_t *surface;
    cairo_t *cr;
    gopt_outfile file; /* the picture's temporary file */
};

const gopt_rgb gopt_black = {0, 0, 0}, gopt_white = {1, 1, 1}, gopt_grey = {0.5, 0.5, 0.5},
               gopt_light_grey = {0.85, 0.85, 0.85}, gopt_red = {0.85, 0.1, 0.1};

gopt_picture_format gopt_picture_format_of(const char *path) {
    const char *dot = path ? strrchr(path, '.') : NULL;
    if (!dot) return GOPT_PIC_NONE;
    if (strcasecmp(dot, ".svg") == 0) return GOPT_PIC_SVG;
    if (strcasecmp(dot, ".png") == 0) return GOPT_PIC_PNG;
    if (strcasecmp(dot, ".pdf") == 0) return GOPT_PIC_PDF;
    return GOPT_PIC_NONE;
}

gopt_canvas *gopt_canvas_open(const char *path, double width, double height, gopt_error *err) {
    gopt_picture_format format = gopt_picture_format_of(path);
    if (format == GOPT_PIC_NONE) {
        gopt_fail(err, path, 0, 0, "unknown picture format (use .svg, .png or .pdf)");
        return NULL;
    }
    if (!(width > 0 && height > 0 && width < 100000 && height < 100000)) {
        gopt_fail(err, path, 0, 0, "picture size %gx%g is out of range", width, height);
        return NULL;
    }
    if (!gopt_cairo_load(path, err)) return NULL;
    /* cairo writes SVG and PDF as it draws: into a temporary file, renamed when complete. */
    gopt_outfile file;
    if (!gopt_outfile_begin(&file, path, err)) return NULL;
    cairo_surface_t *surface;
    if (format == GOPT_PIC_SVG) surface = cairo_svg_surface_create(file.temp, width, height);
    else if (format == GOPT_PIC_PDF) surface = cairo_pdf_surface_create(file.temp, width, height);
    else surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ceil(width * PNG_SCALE), (int)ceil(height * PNG_SCALE));
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        gopt_fail(err, path, 0, 0, "cannot create picture: %s", cairo_status_to_string(cairo_surface_status(surface)));
        cairo_surface_destroy(surface);
        gopt_outfile_abort(&file);
        return NULL;
    }
    gopt_canvas *c = gopt_calloc(1, sizeof *c);
    c->format = format;
    c->path = gopt_strdup(path);
    c->file = file;
    c->surface = surface;
    c->cr = cairo_create(surface);
    if (format == GOPT_PIC_PNG) cairo_scale(c->cr, PNG_SCALE, PNG_SCALE);
    cairo_set_source_rgb(c->cr, 1, 1, 1);
    cairo_rectangle(c->cr, 0, 0, width, height);
    cairo_fill(c->cr);
    cairo_set_line_cap(c->cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(c->cr, CAIRO_LINE_JOIN_ROUND);
    return c;
}

cairo_t *gopt_canvas_cr(gopt_canvas *c) { return c->cr; }

bool gopt_canvas_close(gopt_canvas *c, gopt_error *err) {
    cairo_status_t st = cairo_status(c->cr);
    cairo_destroy(c->cr);
    if (st == CAIRO_STATUS_SUCCESS && c->format == GOPT_PIC_PNG) st = cairo_surface_write_to_png(c->surface, c->file.temp);
    cairo_surface_finish(c->surface);
    if (st == CAIRO_STATUS_SUCCESS) st = cairo_surface_status(c->surface);
    cairo_surface_destroy(c->surface);
    bool ok = st == CAIRO_STATUS_SUCCESS;
    if (!ok) gopt_fail(err, c->path, 0, 0, "cannot write picture: %s", cairo_status_to_string(st));
    if (ok) ok = gopt_outfile_commit(&c->file, err);
    else gopt_outfile_abort(&c->file);
    free(c->path);
    free(c);
    return ok;
}

gopt_rgb gopt_palette(int index) {
    /* First the Okabe-Ito set (told apart with the common colour-vision deficiencies; the web
     * page's Flood-It board uses the same order), then black and grey, then more of Kelly's
     * colours of maximum contrast. Colour is never the only cue: the pictures also label
     * what they colour (flood cells, flow ends, tokens, numbered taxis paths). */
    static const gopt_rgb colours[] = {
        {0.902, 0.624, 0.000}, {0.337, 0.706, 0.914}, {0.000, 0.620, 0.451}, {0.941, 0.894, 0.259},
        {0.000, 0.447, 0.698}, {0.835, 0.369, 0.000}, {0.800, 0.475, 0.655}, {0.000, 0.000, 0.000},
        {0.600, 0.600, 0.600}, {0.569, 0.118, 0.706}, {0.737, 0.965, 0.047}, {0.980, 0.745, 0.745},
        {0.000, 0.502, 0.502}, {0.604, 0.388, 0.141}, {0.502, 0.000, 0.000}, {0.667, 1.000, 0.765},
        {0.502, 0.502, 0.000}, {0.000, 0.000, 0.502}, {0.902, 0.745, 1.000}, {1.000, 0.843, 0.706},
    };
    int n = (int)(sizeof colours / sizeof colours[0]);
    return colours[((index % n) + n) % n];
}

static void set_colour(cairo_t *cr, gopt_rgb c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

static void fill_and_stroke(cairo_t *cr, const gopt_rgb *fill, const gopt_rgb *stroke, double width) {
    if (fill) {
        set_colour(cr, *fill);
        if (stroke) cairo_fill_preserve(cr);
        else cairo_fill(cr);
    }
    if (stroke) {
        set_colour(cr, *stroke);
        cairo_set_line_width(cr, width);
        cairo_stroke(cr);
    }
    cairo_new_path(cr);
}

void gopt_draw_line(cairo_t *cr, double x0, double y0, double x1, double y1, double width, gopt_rgb colour) {
    cairo_move_to(cr, x0, y0);
    cairo_line_to(cr, x1, y1);
    fill_and_stroke(cr, NULL, &colour, width);
}

void gopt_draw_rect(cairo_t *cr, double x, double y, double w, double h, const gopt_rgb *fill,
                    const gopt_rgb *stroke, double width) {
    cairo_rectangle(cr, x, y, w, h);
    fill_and_stroke(cr, fill, stroke, width);
}

void gopt_draw_circle(cairo_t *cr, double x, double y, double radius, const gopt_rgb *fill,
                      const gopt_rgb *stroke, double width) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, radius, 0, 2 * 3.14159265358979323846);
    fill_and_stroke(cr, fill, stroke, width);
}

void gopt_draw_polygon(cairo_t *cr, const double *xs, const double *ys, int n, const gopt_rgb *fill,
                       const gopt_rgb *stroke, double width) {
    if (n < 2) return;
    cairo_move_to(cr, xs[0], ys[0]);
    for (int i = 1; i < n; i++) cairo_line_to(cr, xs[i], ys[i]);
    cairo_close_path(cr);
    fill_and_stroke(cr, fill, stroke, width);
}

void gopt_draw_text(cairo_t *cr, double x, double y, const char *text, double size, gopt_rgb colour) {
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
    cairo_text_extents_t ext;
    cairo_text_extents(cr, text, &ext);
    set_colour(cr, colour);
    cairo_move_to(cr, x - ext.width / 2 - ext.x_bearing, y - ext.height / 2 - ext.y_bearing);
    cairo_show_text(cr, text);
    cairo_new_path(cr);
}
