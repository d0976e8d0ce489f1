/* cairo, opened on first use (core/dl.h says why). Only the canvas's PNG and PDF back end
 * (render/cairo_out.c) calls cairo: games draw on the in-memory canvas. The functions it
 * calls must be in the list below, or the executable does not link (it does not link cairo). */
#ifndef GAMEOPT_RENDER_CAIRO_DL_H
#define GAMEOPT_RENDER_CAIRO_DL_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <stdbool.h>

#include "gameopt/error.h"

#define GOPT_CAIRO_FUNCTIONS(X) \
    X(cairo_clip) \
    X(cairo_close_path) \
    X(cairo_create) \
    X(cairo_curve_to) \
    X(cairo_destroy) \
    X(cairo_fill) \
    X(cairo_image_surface_create) \
    X(cairo_line_to) \
    X(cairo_move_to) \
    X(cairo_new_path) \
    X(cairo_paint) \
    X(cairo_pdf_surface_create_for_stream) \
    X(cairo_restore) \
    X(cairo_save) \
    X(cairo_scale) \
    X(cairo_select_font_face) \
    X(cairo_set_font_size) \
    X(cairo_set_line_cap) \
    X(cairo_set_line_join) \
    X(cairo_set_line_width) \
    X(cairo_set_source_rgb) \
    X(cairo_set_source_rgba) \
    X(cairo_show_text) \
    X(cairo_status) \
    X(cairo_status_to_string) \
    X(cairo_stroke) \
    X(cairo_surface_destroy) \
    X(cairo_surface_finish) \
    X(cairo_surface_status) \
    X(cairo_surface_write_to_png_stream) \
    X(cairo_text_extents)

struct gopt_cairo_api {
#define GOPT_DL_SLOT(f) __typeof__(f) *p_##f;
    GOPT_CAIRO_FUNCTIONS(GOPT_DL_SLOT)
#undef GOPT_DL_SLOT
};
extern struct gopt_cairo_api gopt_cairo;

/* Loads cairo once; false with err set (about `file`) when it cannot. */
bool gopt_cairo_load(const char *file, gopt_error *err);

/* From here on, a call such as f(x) in this file goes through the table. */
#define cairo_clip                         (*gopt_cairo.p_cairo_clip)
#define cairo_close_path                   (*gopt_cairo.p_cairo_close_path)
#define cairo_create                       (*gopt_cairo.p_cairo_create)
#define cairo_curve_to                     (*gopt_cairo.p_cairo_curve_to)
#define cairo_destroy                      (*gopt_cairo.p_cairo_destroy)
#define cairo_fill                         (*gopt_cairo.p_cairo_fill)
#define cairo_image_surface_create         (*gopt_cairo.p_cairo_image_surface_create)
#define cairo_line_to                      (*gopt_cairo.p_cairo_line_to)
#define cairo_move_to                      (*gopt_cairo.p_cairo_move_to)
#define cairo_new_path                     (*gopt_cairo.p_cairo_new_path)
#define cairo_paint                        (*gopt_cairo.p_cairo_paint)
#define cairo_pdf_surface_create_for_stream (*gopt_cairo.p_cairo_pdf_surface_create_for_stream)
#define cairo_restore                      (*gopt_cairo.p_cairo_restore)
#define cairo_save                         (*gopt_cairo.p_cairo_save)
#define cairo_scale                        (*gopt_cairo.p_cairo_scale)
#define cairo_select_font_face             (*gopt_cairo.p_cairo_select_font_face)
#define cairo_set_font_size                (*gopt_cairo.p_cairo_set_font_size)
#define cairo_set_line_cap                 (*gopt_cairo.p_cairo_set_line_cap)
#define cairo_set_line_join                (*gopt_cairo.p_cairo_set_line_join)
#define cairo_set_line_width               (*gopt_cairo.p_cairo_set_line_width)
#define cairo_set_source_rgb               (*gopt_cairo.p_cairo_set_source_rgb)
#define cairo_set_source_rgba              (*gopt_cairo.p_cairo_set_source_rgba)
#define cairo_show_text                    (*gopt_cairo.p_cairo_show_text)
#define cairo_status                       (*gopt_cairo.p_cairo_status)
#define cairo_status_to_string             (*gopt_cairo.p_cairo_status_to_string)
#define cairo_stroke                       (*gopt_cairo.p_cairo_stroke)
#define cairo_surface_destroy              (*gopt_cairo.p_cairo_surface_destroy)
#define cairo_surface_finish               (*gopt_cairo.p_cairo_surface_finish)
#define cairo_surface_status               (*gopt_cairo.p_cairo_surface_status)
#define cairo_surface_write_to_png_stream  (*gopt_cairo.p_cairo_surface_write_to_png_stream)
#define cairo_text_extents                 (*gopt_cairo.p_cairo_text_extents)

#endif
