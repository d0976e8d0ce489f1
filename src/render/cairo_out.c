/* The PNG and PDF back ends of the canvas: the record replayed on cairo (opened on first
 * use, core/dl.h), written into memory through cairo's stream functions. The WebAssembly
 * build has no cairo (GOPT_NO_CAIRO): there pictures are SVG only. */
#include "render/canvas_internal.h"

#ifdef GOPT_NO_CAIRO

bool canvas_write_cairo(const canvas_record *r, gopt_picture_format f, const char *name, gopt_buf *out,
                        gopt_error *err) {
    (void)r, (void)out;
    return gopt_fail(err, name ? name : "picture", 0, 0, "%s pictures need the native build (this one draws SVG)",
                     f == GOPT_PIC_PNG ? "PNG" : "PDF");
}

#else

#include <math.h>

#include "render/cairo_dl.h"

/* PNG pixels per point: 2 gives crisp pictures on high-density screens. */
#define PNG_SCALE 2.0

static cairo_status_t append(void *closure, const unsigned char *data, unsigned int length) {
    gopt_buf_append(closure, (const char *)data, length);
    return CAIRO_STATUS_SUCCESS;
}

static void replay_path(cairo_t *cr, const canvas_record *r, canvas_path p) {
    cairo_new_path(cr);
    for (size_t i = 0; i < p.n; i++) {
        const canvas_seg *s = &r->segs[p.first + i];
        switch (s->kind) {
        case SEG_MOVE: cairo_move_to(cr, s->x[0], s->y[0]); break;
        case SEG_LINE: cairo_line_to(cr, s->x[0], s->y[0]); break;
        case SEG_CURVE: cairo_curve_to(cr, s->x[0], s->y[0], s->x[1], s->y[1], s->x[2], s->y[2]); break;
        case SEG_CLOSE: cairo_close_path(cr); break;
        }
    }
}

/* The clip and its parents, outermost first. */
static void apply_clip(cairo_t *cr, const canvas_record *r, int clip) {
    if (clip < 0) return;
    apply_clip(cr, r, r->clips[clip].parent);
    replay_path(cr, r, r->clips[clip].path);
    cairo_clip(cr);
}

static void replay_op(cairo_t *cr, const canvas_record *r, const canvas_op *op) {
    static const cairo_line_cap_t caps[] = {CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_SQUARE};
    static const cairo_line_join_t joins[] = {CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_JOIN_BEVEL};
    cairo_save(cr);
    apply_clip(cr, r, op->clip);
    cairo_set_source_rgba(cr, op->r, op->g, op->b, op->a);
    if (op->kind == OP_TEXT) {
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                               op->bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
        cairo_set_font_size(cr, op->size > 0 ? op->size : 1);
        double x = op->x, y = op->y;
        if (op->anchor == ANCHOR_CENTRE) {
            cairo_text_extents_t ext;
            cairo_text_extents(cr, op->text, &ext);
            x -= ext.width / 2 + ext.x_bearing;
            y -= ext.height / 2 + ext.y_bearing;
        }
        cairo_new_path(cr);
        cairo_move_to(cr, x, y);
        cairo_show_text(cr, op->text);
    } else {
        replay_path(cr, r, op->path);
        if (op->kind == OP_FILL) {
            cairo_fill(cr);
        } else {
            cairo_set_line_width(cr, op->width);
            cairo_set_line_cap(cr, caps[op->cap]);
            cairo_set_line_join(cr, joins[op->join]);
            cairo_stroke(cr);
        }
    }
    cairo_restore(cr);
}

bool canvas_write_cairo(const canvas_record *r, gopt_picture_format f, const char *name, gopt_buf *out,
                        gopt_error *err) {
    const char *what = name ? name : "picture";
    if (!gopt_cairo_load(what, err)) return false;
    cairo_surface_t *surface =
        f == GOPT_PIC_PDF ? cairo_pdf_surface_create_for_stream(append, out, r->width, r->height)
                          : cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ceil(r->width * PNG_SCALE),
                                                       (int)ceil(r->height * PNG_SCALE));
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        gopt_fail(err, what, 0, 0, "cannot create picture: %s", cairo_status_to_string(cairo_surface_status(surface)));
        cairo_surface_destroy(surface);
        return false;
    }
    cairo_t *cr = cairo_create(surface);
    if (f == GOPT_PIC_PNG) cairo_scale(cr, PNG_SCALE, PNG_SCALE);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    for (size_t i = 0; i < r->nops; i++) replay_op(cr, r, &r->ops[i]);
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    if (st == CAIRO_STATUS_SUCCESS && f == GOPT_PIC_PNG) st = cairo_surface_write_to_png_stream(surface, append, out);
    cairo_surface_finish(surface);
    if (st == CAIRO_STATUS_SUCCESS) st = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (st != CAIRO_STATUS_SUCCESS) return gopt_fail(err, what, 0, 0, "cannot draw picture: %s", cairo_status_to_string(st));
    return true;
}

#endif
