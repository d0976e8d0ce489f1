/* Pictures of the assist verbs (on the board of render.c):
 *  - decided: a solution's links in their path's colour where every solution has them, grey
 *    where solutions differ, open cells greyed;
 *  - unique: two solutions side by side, the cells where they differ shaded red in both;
 *  - mistakes and hint: the filled cells tinted with their colour, the wrong ones crossed in red,
 *    the hint's step in green (a link drawn or crossed, a cell ringed). */
#include <math.h>
#include <stdlib.h>

#include "assist.h"

static const gopt_rgb open_fill = {0.82, 0.82, 0.82}, open_line = {0.6, 0.6, 0.6}, differ_fill = {1.0, 0.8, 0.8},
                      wrong = {0.85, 0.1, 0.1}, hint = {0.1, 0.6, 0.2};

static void fill_node(const flow_picture *g, int v, gopt_rgb colour) {
    double s = g->size, x = flow_picture_x(g, v), y = flow_picture_y(g, v);
    if (g->graph) gopt_draw_circle(g->cv, x, y, s * 0.4, &colour, NULL, 0);
    else gopt_draw_rect(g->cv, x - s / 2, y - s / 2, s, s, &colour, NULL, 0);
}

static gopt_rgb tint(int colour) {
    gopt_rgb c = gopt_palette(colour);
    return (gopt_rgb){0.55 + 0.45 * c.r, 0.55 + 0.45 * c.g, 0.55 + 0.45 * c.b};
}

static gopt_canvas *begin(flow_picture *g, const gopt_flow_puzzle *p, int panels, double *w, double *h) {
    flow_picture_init(g, p, w, h);
    g->cv = gopt_canvas_new(panels * *w, *h + (panels > 1 ? 16 : 0));
    return g->cv;
}

/* The links of s, each in its path's colour or (when `known` says solutions differ on it) grey. */
static void links(const flow_picture *g, const gopt_flow_solution *s, const gopt_flow_known *known) {
    const gopt_flow_puzzle *p = g->p;
    gopt_canvas_set_line_cap(g->cv, GOPT_CAP_ROUND);
    for (int e = 0; e < p->nedges; e++) {
        if (!s->used[e]) continue;
        int k = s->colour[p->edge_u[e]];
        bool decided = !known || known->edge[e] == 1;
        flow_picture_link(g, e, decided && k >= 0 ? gopt_palette(k) : open_line, g->size * 0.34);
    }
}

gopt_canvas *flow_decided_render(const gopt_flow_puzzle *p, const gopt_flow_decided *d) {
    flow_picture g;
    double w, h;
    begin(&g, p, 1, &w, &h);
    flow_picture_board(&g);
    for (int v = 0; v < p->nnodes; v++)
        if (d->known.colour[v] == GOPT_FLOW_OPEN && p->kind[v] != GOPT_FLOW_BRIDGE_V) fill_node(&g, v, open_fill);
    if (d->first) links(&g, d->first, &d->known);
    flow_picture_endpoints(&g);
    return g.cv;
}

gopt_canvas *flow_pair_render(const gopt_flow_puzzle *p, const gopt_flow_pair *x) {
    flow_picture g;
    double w, h;
    int panels = x->second ? 2 : 1;
    gopt_canvas *cv = begin(&g, p, panels, &w, &h);
    for (int k = 0; k < panels; k++) {
        gopt_canvas_save(cv);
        gopt_canvas_translate(cv, k * w, 0);
        flow_picture_board(&g);
        for (int i = 0; i < x->ndiffer; i++) fill_node(&g, x->differ[i], differ_fill);
        links(&g, k ? x->second : x->first, NULL);
        flow_picture_endpoints(&g);
        if (panels > 1) gopt_draw_text(cv, w / 2, h + 6, k ? "solution 2" : "solution 1", 11, gopt_black);
        gopt_canvas_restore(cv);
    }
    return cv;
}

gopt_canvas *flow_marks_render(const gopt_flow_puzzle *p, const gopt_flow_marks *m, const int *bad, int nbad,
                               const gopt_flow_step *step) {
    flow_picture g;
    double w, h;
    begin(&g, p, 1, &w, &h);
    flow_picture_board(&g);
    for (int v = 0; v < p->nnodes && m && m->colour; v++)
        if (m->colour[v] >= 0 && p->colour[v] < 0) fill_node(&g, v, tint(m->colour[v]));
    double s = g.size;
    for (int i = 0; i < nbad; i++) {
        double x = flow_picture_x(&g, bad[i]), y = flow_picture_y(&g, bad[i]);
        gopt_draw_line(g.cv, x - s * 0.3, y - s * 0.3, x + s * 0.3, y + s * 0.3, s * 0.1, wrong);
        gopt_draw_line(g.cv, x - s * 0.3, y + s * 0.3, x + s * 0.3, y - s * 0.3, s * 0.1, wrong);
    }
    flow_picture_endpoints(&g);
    if (step && step->edge >= 0) {
        if (step->value) {
            flow_picture_link(&g, step->edge, hint, s * 0.2);
        } else { /* a cross between the two cells */
            int u = p->edge_u[step->edge], v = p->edge_v[step->edge];
            double x = (flow_picture_x(&g, u) + flow_picture_x(&g, v)) / 2, y = (flow_picture_y(&g, u) + flow_picture_y(&g, v)) / 2;
            gopt_draw_line(g.cv, x - s * 0.2, y - s * 0.2, x + s * 0.2, y + s * 0.2, s * 0.08, hint);
            gopt_draw_line(g.cv, x - s * 0.2, y + s * 0.2, x + s * 0.2, y - s * 0.2, s * 0.08, hint);
        }
    } else if (step && step->node >= 0) {
        gopt_rgb c = step->colour >= 0 ? gopt_palette(step->colour) : hint;
        gopt_draw_circle(g.cv, flow_picture_x(&g, step->node), flow_picture_y(&g, step->node), s * 0.25, &c, &hint, s * 0.08);
    }
    return g.cv;
}
