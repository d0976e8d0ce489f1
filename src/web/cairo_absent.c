/* cairo in the WebAssembly build: absent (the browser draws the SVG the canvas writes itself).
 * Its loader fails with a message naming what is missing. */
#include "render/cairo_dl.h"

struct gopt_cairo_api gopt_cairo;

bool gopt_cairo_load(const char *file, gopt_error *err) {
    gopt_fail(err, file, 0, 0, "PNG and PDF pictures need cairo, which the browser build does not have: ask for SVG");
    return false;
}
