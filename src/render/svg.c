/* The SVG back end of the canvas: a plain SVG 1.1 document, every number with two decimals
 * at most, so the same drawing gives the same bytes in every build (native and WebAssembly)
 * and on every machine. Text is left to the viewer's sans-serif font. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/canvas_internal.h"

/* "12.5", "3", "-0.25": two decimals, trailing zeros dropped, never "-0". */
static void number(gopt_buf *out, double v) {
    if (!isfinite(v)) v = 0;
    char s[48];
    snprintf(s, sizeof s, "%.2f", v);
    char *dot = strchr(s, '.');
    if (dot) {
        char *end = s + strlen(s) - 1;
        while (end > dot && *end == '0') *end-- = 0;
        if (end == dot) *end = 0;
    }
    gopt_buf_puts(out, strcmp(s, "-0") == 0 ? "0" : s);
}

static void path_data(gopt_buf *out, const canvas_record *r, canvas_path p) {
    static const char letters[] = {'M', 'L', 'C', 'Z'};
    static const int points[] = {1, 1, 3, 0};
    for (size_t i = 0; i < p.n; i++) {
        const canvas_seg *s = &r->segs[p.first + i];
        if (i) gopt_buf_putc(out, ' ');
        gopt_buf_putc(out, letters[s->kind]);
        for (int k = 0; k < points[s->kind]; k++) {
            if (k) gopt_buf_putc(out, ' ');
            number(out, s->x[k]);
            gopt_buf_putc(out, ' ');
            number(out, s->y[k]);
        }
    }
}

static int channel(double v) { return v <= 0 ? 0 : v >= 1 ? 255 : (int)lround(v * 255); }

static void colour(gopt_buf *out, const char *attr, const canvas_op *op) {
    gopt_buf_printf(out, " %s=\"#%02x%02x%02x\"", attr, channel(op->r), channel(op->g), channel(op->b));
    if (op->a < 1) {
        gopt_buf_printf(out, " %s-opacity=\"", attr);
        number(out, op->a < 0 ? 0 : op->a);
        gopt_buf_putc(out, '"');
    }
}

/* Text as XML character data: the five special characters escaped, and the control
 * characters XML 1.0 cannot carry shown as '?' (names come from user files). */
static void escaped(gopt_buf *out, const char *text) {
    for (const char *p = text; *p; p++) {
        unsigned char ch = (unsigned char)*p;
        switch (ch) {
        case '&': gopt_buf_puts(out, "&amp;"); break;
        case '<': gopt_buf_puts(out, "&lt;"); break;
        case '>': gopt_buf_puts(out, "&gt;"); break;
        case '"': gopt_buf_puts(out, "&quot;"); break;
        case '\'': gopt_buf_puts(out, "&apos;"); break;
        default: gopt_buf_putc(out, ch < 0x20 && ch != '\t' ? '?' : (char)ch);
        }
    }
}

static void clip_ref(gopt_buf *out, int clip) {
    if (clip >= 0) gopt_buf_printf(out, " clip-path=\"url(#c%d)\"", clip);
}

static void op_element(gopt_buf *out, const canvas_record *r, const canvas_op *op) {
    static const char *const caps[] = {"butt", "round", "square"};
    static const char *const joins[] = {"miter", "round", "bevel"};
    if (op->kind == OP_TEXT) {
        gopt_buf_puts(out, "<text x=\"");
        number(out, op->x);
        gopt_buf_puts(out, "\" y=\"");
        number(out, op->y);
        gopt_buf_puts(out, "\" font-family=\"sans-serif\" font-size=\"");
        number(out, op->size);
        gopt_buf_putc(out, '"');
        if (op->bold) gopt_buf_puts(out, " font-weight=\"bold\"");
        if (op->anchor == ANCHOR_CENTRE) gopt_buf_puts(out, " text-anchor=\"middle\" dominant-baseline=\"central\"");
        colour(out, "fill", op);
        clip_ref(out, op->clip);
        gopt_buf_putc(out, '>');
        escaped(out, op->text);
        gopt_buf_puts(out, "</text>\n");
        return;
    }
    gopt_buf_puts(out, "<path d=\"");
    path_data(out, r, op->path);
    gopt_buf_putc(out, '"');
    if (op->kind == OP_FILL) {
        colour(out, "fill", op);
    } else {
        gopt_buf_puts(out, " fill=\"none\"");
        colour(out, "stroke", op);
        gopt_buf_puts(out, " stroke-width=\"");
        number(out, op->width);
        gopt_buf_printf(out, "\" stroke-linecap=\"%s\" stroke-linejoin=\"%s\"", caps[op->cap], joins[op->join]);
    }
    clip_ref(out, op->clip);
    gopt_buf_puts(out, "/>\n");
}

void canvas_write_svg(const canvas_record *r, gopt_buf *out) {
    gopt_buf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"");
    number(out, r->width);
    gopt_buf_puts(out, "pt\" height=\"");
    number(out, r->height);
    gopt_buf_puts(out, "pt\" viewBox=\"0 0 ");
    number(out, r->width);
    gopt_buf_putc(out, ' ');
    number(out, r->height);
    gopt_buf_puts(out, "\">\n");
    /* every clip a clipPath; a clip within another carries its parent's */
    int nclips = (int)r->nclips;
    if (nclips > 0) {
        gopt_buf_puts(out, "<defs>\n");
        for (int k = 0; k < nclips; k++) {
            gopt_buf_printf(out, "<clipPath id=\"c%d\"", k);
            clip_ref(out, r->clips[k].parent);
            gopt_buf_puts(out, "><path d=\"");
            path_data(out, r, r->clips[k].path);
            gopt_buf_puts(out, "\"/></clipPath>\n");
        }
        gopt_buf_puts(out, "</defs>\n");
    }
    gopt_buf_puts(out, "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
    for (size_t i = 0; i < r->nops; i++) op_element(out, r, &r->ops[i]);
    gopt_buf_puts(out, "</svg>\n");
}
