/* The in-memory canvas (canvas.h): a graphics state as in cairo, a current path in device
 * coordinates, and the record of every fill, stroke and text, which the back ends write out
 * (svg.c for SVG, cairo_out.c for PNG and PDF). */
#include "render/canvas_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gameopt/alloc.h"

#define MAX_SIDE 100000.0
#define CHAR_EM 0.55 /* the estimated advance of a character, in ems (sans-serif, mixed text) */

typedef struct matrix {
    double xx, yx, xy, yy, x0, y0; /* x' = xx x + xy y + x0, y' = yx x + yy y + y0 */
} matrix;

typedef struct gstate {
    matrix m;
    double r, g, b, a;
    double line_width; /* user units */
    gopt_line_cap cap;
    gopt_line_join join;
    double font_size; /* user units */
    bool bold;
    int clip;
} gstate;

struct gopt_canvas {
    double width, height;
    gstate state;
    gstate *saved;
    size_t nsaved, saved_cap;
    canvas_seg *path; /* the current path */
    size_t npath, path_cap;
    bool has_point;
    double px, py, sx, sy; /* current point and sub-path start, device */
    canvas_seg *segs;      /* the recorded paths */
    size_t nsegs, segs_cap;
    canvas_op *ops;
    size_t nops, ops_cap;
    canvas_clip *clips;
    size_t nclips, clips_cap;
};

const gopt_rgb gopt_black = {0, 0, 0}, gopt_white = {1, 1, 1}, gopt_grey = {0.5, 0.5, 0.5},
               gopt_light_grey = {0.85, 0.85, 0.85}, gopt_red = {0.85, 0.1, 0.1};

/* ---- formats ---- */

static const char *const ext_names[] = {"", "svg", "png", "pdf"};
static const char *const media_types[] = {"", "image/svg+xml", "image/png", "application/pdf"};

gopt_picture_format gopt_picture_format_named(const char *name) {
    for (int f = GOPT_PIC_SVG; name && f <= GOPT_PIC_PDF; f++)
        if (strcasecmp(name, ext_names[f]) == 0) return (gopt_picture_format)f;
    return GOPT_PIC_NONE;
}

gopt_picture_format gopt_picture_format_of(const char *path) {
    const char *dot = path ? strrchr(path, '.') : NULL;
    const char *slash = path ? strrchr(path, '/') : NULL;
    if (!dot || (slash && dot < slash)) return GOPT_PIC_NONE;
    return gopt_picture_format_named(dot + 1);
}

const char *gopt_picture_ext(gopt_picture_format f) { return ext_names[f]; }
const char *gopt_picture_media_type(gopt_picture_format f) { return media_types[f]; }

/* ---- the canvas and its state ---- */

static double clamp_side(double v) { return v >= 1 && v <= MAX_SIDE ? v : v > MAX_SIDE ? MAX_SIDE : 1; }

gopt_canvas *gopt_canvas_new(double width, double height) {
    gopt_canvas *c = gopt_calloc(1, sizeof *c);
    c->width = clamp_side(width);
    c->height = clamp_side(height);
    c->state = (gstate){.m = {1, 0, 0, 1, 0, 0}, .a = 1, .line_width = 2, .cap = GOPT_CAP_ROUND,
                        .join = GOPT_JOIN_ROUND, .font_size = 10, .clip = -1};
    return c;
}

void gopt_canvas_free(gopt_canvas *c) {
    if (!c) return;
    for (size_t i = 0; i < c->nops; i++) free(c->ops[i].text);
    free(c->ops);
    free(c->segs);
    free(c->path);
    free(c->clips);
    free(c->saved);
    free(c);
}

double gopt_canvas_width(const gopt_canvas *c) { return c->width; }
double gopt_canvas_height(const gopt_canvas *c) { return c->height; }

void canvas_record_of(const gopt_canvas *c, canvas_record *r) {
    *r = (canvas_record){c->width, c->height, c->ops, c->nops, c->segs, c->clips, c->nclips};
}

void gopt_canvas_save(gopt_canvas *c) {
    gopt_grow(&c->saved, &c->saved_cap, c->nsaved + 1, sizeof *c->saved);
    c->saved[c->nsaved++] = c->state;
}

void gopt_canvas_restore(gopt_canvas *c) {
    if (c->nsaved > 0) c->state = c->saved[--c->nsaved]; /* an unmatched restore is ignored, as in cairo's status */
}

void gopt_canvas_translate(gopt_canvas *c, double dx, double dy) {
    matrix *m = &c->state.m;
    m->x0 += m->xx * dx + m->xy * dy;
    m->y0 += m->yx * dx + m->yy * dy;
}

void gopt_canvas_scale(gopt_canvas *c, double sx, double sy) {
    matrix *m = &c->state.m;
    m->xx *= sx;
    m->yx *= sx;
    m->xy *= sy;
    m->yy *= sy;
}

void gopt_canvas_set_rgba(gopt_canvas *c, double r, double g, double b, double alpha) {
    c->state.r = r;
    c->state.g = g;
    c->state.b = b;
    c->state.a = alpha;
}

void gopt_canvas_set_rgb(gopt_canvas *c, double r, double g, double b) { gopt_canvas_set_rgba(c, r, g, b, 1); }
void gopt_canvas_set_colour(gopt_canvas *c, gopt_rgb colour) { gopt_canvas_set_rgba(c, colour.r, colour.g, colour.b, 1); }
void gopt_canvas_set_line_width(gopt_canvas *c, double width) { c->state.line_width = width; }
void gopt_canvas_set_line_cap(gopt_canvas *c, gopt_line_cap cap) { c->state.cap = cap; }
void gopt_canvas_set_line_join(gopt_canvas *c, gopt_line_join join) { c->state.join = join; }

void gopt_canvas_set_font(gopt_canvas *c, double size, bool bold) {
    c->state.font_size = size;
    c->state.bold = bold;
}

/* The factor lengths grow by under the transformation (exact for the uniform scales and
 * translations the games use). */
static double length_scale(const matrix *m) { return sqrt(fabs(m->xx * m->yy - m->xy * m->yx)); }

static void to_device(const gopt_canvas *c, double x, double y, double *dx, double *dy) {
    const matrix *m = &c->state.m;
    *dx = m->xx * x + m->xy * y + m->x0;
    *dy = m->yx * x + m->yy * y + m->y0;
}

/* ---- the path ---- */

static void push(gopt_canvas *c, canvas_seg s) {
    gopt_grow(&c->path, &c->path_cap, c->npath + 1, sizeof *c->path);
    c->path[c->npath++] = s;
}

void gopt_canvas_new_path(gopt_canvas *c) {
    c->npath = 0;
    c->has_point = false;
}

void gopt_canvas_new_sub_path(gopt_canvas *c) { c->has_point = false; }

void gopt_canvas_move_to(gopt_canvas *c, double x, double y) {
    double dx, dy;
    to_device(c, x, y, &dx, &dy);
    push(c, (canvas_seg){.kind = SEG_MOVE, .x = {dx}, .y = {dy}});
    c->px = c->sx = dx;
    c->py = c->sy = dy;
    c->has_point = true;
}

void gopt_canvas_line_to(gopt_canvas *c, double x, double y) {
    if (!c->has_point) return gopt_canvas_move_to(c, x, y);
    double dx, dy;
    to_device(c, x, y, &dx, &dy);
    push(c, (canvas_seg){.kind = SEG_LINE, .x = {dx}, .y = {dy}});
    c->px = dx;
    c->py = dy;
}

void gopt_canvas_curve_to(gopt_canvas *c, double x1, double y1, double x2, double y2, double x3, double y3) {
    if (!c->has_point) gopt_canvas_move_to(c, x1, y1);
    canvas_seg s = {.kind = SEG_CURVE};
    to_device(c, x1, y1, &s.x[0], &s.y[0]);
    to_device(c, x2, y2, &s.x[1], &s.y[1]);
    to_device(c, x3, y3, &s.x[2], &s.y[2]);
    push(c, s);
    c->px = s.x[2];
    c->py = s.y[2];
}

/* Arcs become cubic Béziers of at most a quarter turn each (the usual k = 4/3 tan(θ/4)
 * control points; the error is below 0.03 % of the radius), built in user space so a
 * scaled circle stays an ellipse. */
void gopt_canvas_arc(gopt_canvas *c, double xc, double yc, double radius, double a1, double a2) {
    while (a2 < a1) a2 += 2 * M_PI;
    double x0 = xc + radius * cos(a1), y0 = yc + radius * sin(a1);
    if (c->has_point) gopt_canvas_line_to(c, x0, y0);
    else gopt_canvas_move_to(c, x0, y0);
    int pieces = (int)ceil((a2 - a1) / (M_PI / 2) - 1e-9);
    if (pieces < 1) return;
    double step = (a2 - a1) / pieces, k = 4.0 / 3.0 * tan(step / 4);
    for (int i = 0; i < pieces; i++) {
        double s = a1 + i * step, e = s + step;
        double cs = cos(s), ss = sin(s), ce = cos(e), se = sin(e);
        gopt_canvas_curve_to(c, xc + radius * (cs - k * ss), yc + radius * (ss + k * cs), xc + radius * (ce + k * se),
                             yc + radius * (se - k * ce), xc + radius * ce, yc + radius * se);
    }
}

void gopt_canvas_rectangle(gopt_canvas *c, double x, double y, double w, double h) {
    gopt_canvas_move_to(c, x, y);
    gopt_canvas_line_to(c, x + w, y);
    gopt_canvas_line_to(c, x + w, y + h);
    gopt_canvas_line_to(c, x, y + h);
    gopt_canvas_close_path(c);
}

void gopt_canvas_close_path(gopt_canvas *c) {
    if (!c->has_point) return;
    push(c, (canvas_seg){.kind = SEG_CLOSE});
    c->px = c->sx;
    c->py = c->sy;
}

/* ---- the record ---- */

static canvas_path keep_path(gopt_canvas *c) {
    canvas_path p = {c->nsegs, c->npath};
    gopt_grow(&c->segs, &c->segs_cap, c->nsegs + c->npath, sizeof *c->segs);
    if (c->npath) memcpy(c->segs + c->nsegs, c->path, c->npath * sizeof *c->path);
    c->nsegs += c->npath;
    return p;
}

static canvas_op *new_op(gopt_canvas *c, canvas_op_kind kind) {
    gopt_grow(&c->ops, &c->ops_cap, c->nops + 1, sizeof *c->ops);
    canvas_op *op = &c->ops[c->nops++];
    const gstate *s = &c->state;
    *op = (canvas_op){.kind = kind, .r = s->r, .g = s->g, .b = s->b, .a = s->a, .clip = s->clip};
    return op;
}

static void paint_path(gopt_canvas *c, canvas_op_kind kind, bool preserve) {
    if (c->npath > 0) {
        canvas_op *op = new_op(c, kind);
        op->path = keep_path(c);
        op->width = c->state.line_width * length_scale(&c->state.m);
        op->cap = c->state.cap;
        op->join = c->state.join;
    }
    if (!preserve) gopt_canvas_new_path(c);
}

void gopt_canvas_fill(gopt_canvas *c) { paint_path(c, OP_FILL, false); }
void gopt_canvas_fill_preserve(gopt_canvas *c) { paint_path(c, OP_FILL, true); }
void gopt_canvas_stroke(gopt_canvas *c) { paint_path(c, OP_STROKE, false); }
void gopt_canvas_stroke_preserve(gopt_canvas *c) { paint_path(c, OP_STROKE, true); }

void gopt_canvas_clip(gopt_canvas *c) {
    gopt_grow(&c->clips, &c->clips_cap, c->nclips + 1, sizeof *c->clips);
    c->clips[c->nclips] = (canvas_clip){keep_path(c), c->state.clip};
    c->state.clip = (int)c->nclips++;
    gopt_canvas_new_path(c);
}

void gopt_canvas_paint(gopt_canvas *c) {
    canvas_seg *saved = c->path;
    size_t n = c->npath, cap = c->path_cap;
    bool had = c->has_point;
    c->path = NULL;
    c->npath = c->path_cap = 0;
    /* the whole canvas, in device coordinates: the clip (if any) cuts it down */
    push(c, (canvas_seg){.kind = SEG_MOVE, .x = {0}, .y = {0}});
    push(c, (canvas_seg){.kind = SEG_LINE, .x = {c->width}, .y = {0}});
    push(c, (canvas_seg){.kind = SEG_LINE, .x = {c->width}, .y = {c->height}});
    push(c, (canvas_seg){.kind = SEG_LINE, .x = {0}, .y = {c->height}});
    push(c, (canvas_seg){.kind = SEG_CLOSE});
    paint_path(c, OP_FILL, false);
    free(c->path);
    c->path = saved;
    c->npath = n;
    c->path_cap = cap;
    c->has_point = had;
}

static void text_op(gopt_canvas *c, double dx, double dy, const char *text, canvas_anchor anchor) {
    canvas_op *op = new_op(c, OP_TEXT);
    op->x = dx;
    op->y = dy;
    op->size = c->state.font_size * length_scale(&c->state.m);
    op->bold = c->state.bold;
    op->anchor = anchor;
    op->text = gopt_strdup(text ? text : "");
}

void gopt_canvas_show_text(gopt_canvas *c, const char *text) {
    if (!c->has_point) return;
    text_op(c, c->px, c->py, text, ANCHOR_BASELINE_LEFT);
    c->px += gopt_canvas_text_width(c, text) * length_scale(&c->state.m);
}

/* Characters, not bytes: a UTF-8 continuation byte adds nothing. */
double gopt_canvas_text_width(const gopt_canvas *c, const char *text) {
    size_t chars = 0;
    for (const unsigned char *p = (const unsigned char *)text; p && *p; p++) chars += (*p & 0xC0) != 0x80;
    return (double)chars * CHAR_EM * c->state.font_size;
}

/* ---- shapes ---- */

static void fill_and_stroke(gopt_canvas *c, const gopt_rgb *fill, const gopt_rgb *stroke, double width) {
    if (fill) {
        gopt_canvas_set_colour(c, *fill);
        if (stroke) gopt_canvas_fill_preserve(c);
        else gopt_canvas_fill(c);
    }
    if (stroke) {
        gopt_canvas_set_colour(c, *stroke);
        gopt_canvas_set_line_width(c, width);
        gopt_canvas_stroke(c);
    }
    gopt_canvas_new_path(c);
}

void gopt_draw_line(gopt_canvas *c, double x0, double y0, double x1, double y1, double width, gopt_rgb colour) {
    gopt_canvas_move_to(c, x0, y0);
    gopt_canvas_line_to(c, x1, y1);
    fill_and_stroke(c, NULL, &colour, width);
}

void gopt_draw_rect(gopt_canvas *c, double x, double y, double w, double h, const gopt_rgb *fill,
                    const gopt_rgb *stroke, double width) {
    gopt_canvas_rectangle(c, x, y, w, h);
    fill_and_stroke(c, fill, stroke, width);
}

void gopt_draw_circle(gopt_canvas *c, double x, double y, double radius, const gopt_rgb *fill,
                      const gopt_rgb *stroke, double width) {
    gopt_canvas_new_sub_path(c);
    gopt_canvas_arc(c, x, y, radius, 0, 2 * M_PI);
    gopt_canvas_close_path(c);
    fill_and_stroke(c, fill, stroke, width);
}

void gopt_draw_polygon(gopt_canvas *c, const double *xs, const double *ys, int n, const gopt_rgb *fill,
                       const gopt_rgb *stroke, double width) {
    if (n < 2) return;
    gopt_canvas_move_to(c, xs[0], ys[0]);
    for (int i = 1; i < n; i++) gopt_canvas_line_to(c, xs[i], ys[i]);
    gopt_canvas_close_path(c);
    fill_and_stroke(c, fill, stroke, width);
}

void gopt_draw_text(gopt_canvas *c, double x, double y, const char *text, double size, gopt_rgb colour) {
    gopt_canvas_save(c);
    gopt_canvas_set_colour(c, colour);
    gopt_canvas_set_font(c, size, false);
    double dx, dy;
    to_device(c, x, y, &dx, &dy);
    text_op(c, dx, dy, text, ANCHOR_CENTRE);
    gopt_canvas_restore(c);
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

/* ---- encoding ---- */

bool gopt_canvas_encode(const gopt_canvas *c, gopt_picture_format f, const char *name, gopt_buf *out,
                        gopt_error *err) {
    canvas_record r;
    canvas_record_of(c, &r);
    if (f == GOPT_PIC_SVG) {
        canvas_write_svg(&r, out);
        return true;
    }
    if (f == GOPT_PIC_PNG || f == GOPT_PIC_PDF) return canvas_write_cairo(&r, f, name, out, err);
    return gopt_fail(err, name ? name : "picture", 0, 0, "unknown picture format (use .svg, .png or .pdf)");
}
