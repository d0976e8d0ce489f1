/* The record a canvas keeps: what was drawn, in device coordinates (points, the
 * transformation already applied), for the back ends (svg.c, cairo_out.c) to write out. */
#ifndef GAMEOPT_RENDER_CANVAS_INTERNAL_H
#define GAMEOPT_RENDER_CANVAS_INTERNAL_H

#include <stddef.h>

#include "gameopt/canvas.h"

typedef enum canvas_seg_kind { SEG_MOVE, SEG_LINE, SEG_CURVE, SEG_CLOSE } canvas_seg_kind;

/* One piece of a path: a move or a line to (x[0], y[0]), a curve through the control points
 * (x[0], y[0]), (x[1], y[1]) to (x[2], y[2]), or the closing of the sub-path. */
typedef struct canvas_seg {
    canvas_seg_kind kind;
    double x[3], y[3];
} canvas_seg;

/* A path of the record: segs[first .. first + n). */
typedef struct canvas_path {
    size_t first, n;
} canvas_path;

/* A clip: the inside of path, within its parent clip (-1: the whole canvas). */
typedef struct canvas_clip {
    canvas_path path;
    int parent;
} canvas_clip;

typedef enum canvas_op_kind { OP_FILL, OP_STROKE, OP_TEXT } canvas_op_kind;
typedef enum canvas_anchor { ANCHOR_BASELINE_LEFT, ANCHOR_CENTRE } canvas_anchor;

typedef struct canvas_op {
    canvas_op_kind kind;
    double r, g, b, a;
    int clip;            /* index into clips, or -1 */
    canvas_path path;    /* FILL, STROKE */
    double width;        /* STROKE, in device points */
    gopt_line_cap cap;   /* STROKE */
    gopt_line_join join; /* STROKE */
    double x, y, size;   /* TEXT: anchor point and font size, device */
    bool bold;           /* TEXT */
    canvas_anchor anchor; /* TEXT */
    char *text;          /* TEXT (owned) */
} canvas_op;

/* What the back ends read. */
typedef struct canvas_record {
    double width, height;
    const canvas_op *ops;
    size_t nops;
    const canvas_seg *segs;
    const canvas_clip *clips;
    size_t nclips;
} canvas_record;

void canvas_record_of(const gopt_canvas *c, canvas_record *r);

/* svg.c: the SVG document. */
void canvas_write_svg(const canvas_record *r, gopt_buf *out);
/* cairo_out.c: PNG or PDF through cairo; false with err set (about `name`). */
bool canvas_write_cairo(const canvas_record *r, gopt_picture_format f, const char *name, gopt_buf *out,
                        gopt_error *err);

#endif
