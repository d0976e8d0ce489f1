/* Pictures of boards and solutions through the canvas (SVG, PNG or PDF by the extension).
 * Square boards draw cells, walls and warps; boards with diagonal links (hex) draw the cell
 * graph itself. Each path is one polyline in its colour, so even a 1002x1002 board makes a
 * small SVG; endpoints are discs with their label. Layers of 3-D boards sit side by side, a
 * ring marking where a path changes layer. */
#include <math.h>
#include <stdlib.h>

#include "internal.h"
#include "gameopt/canvas.h"

typedef flow_picture picture;

static double cx(const picture *g, int v) {
    return g->margin + ((double)g->p->layer[v] * (g->p->cols + 1) + g->p->col[v] + 0.5) * g->size;
}
static double cy(const picture *g, int v) { return g->margin + (g->p->row[v] + 0.5) * g->size; }

static void draw_board(const picture *g) {
    const gopt_flow_puzzle *p = g->p;
    const gopt_rgb cell = {0.96, 0.96, 0.96}, wall = {0.25, 0.25, 0.25};
    double s = g->size;
    for (int v = 0; v < p->nnodes; v++) {
        if (p->kind[v] == GOPT_FLOW_BRIDGE_V) continue;
        if (g->graph) {
            for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++)
                if (l->node > v && !l->warp) gopt_draw_line(g->cv, cx(g, v), cy(g, v), cx(g, l->node), cy(g, l->node), s * 0.06, gopt_light_grey);
            gopt_draw_circle(g->cv, cx(g, v), cy(g, v), s * 0.12, &gopt_light_grey, NULL, 0);
            continue;
        }
        gopt_draw_rect(g->cv, cx(g, v) - s / 2, cy(g, v) - s / 2, s, s, &cell, &gopt_light_grey, s * 0.04);
        if (p->kind[v] == GOPT_FLOW_BRIDGE_H)
            gopt_draw_rect(g->cv, cx(g, v) - s * 0.3, cy(g, v) - s * 0.3, s * 0.6, s * 0.6, NULL, &gopt_grey, s * 0.05);
    }
    if (g->graph) return;
    /* walls: neighbouring positions without a link between them */
    for (int v = 0; v < p->nnodes; v++) {
        int base = v, last = p->kind[v] == GOPT_FLOW_BRIDGE_H ? v + 1 : v;
        if (p->kind[v] == GOPT_FLOW_BRIDGE_V) continue;
        for (int d = GOPT_FLOW_E; d <= GOPT_FLOW_S; d++) {
            int r = p->row[v] + flow_dir_dr[d], c = p->col[v] + flow_dir_dc[d];
            if (r >= p->rows || c >= p->cols) continue;
            int u = p->at[((size_t)p->layer[v] * p->rows + r) * p->cols + c];
            if (u < 0) continue;
            bool linked = false;
            for (int x = base; x <= last; x++)
                for (const gopt_flow_link *l = flow_links(p, x), *end = l + flow_degree(p, x); l < end; l++)
                    linked |= l->dir == d && !l->warp;
            if (linked) continue;
            double x0 = cx(g, v) + (d == GOPT_FLOW_E ? s / 2 : -s / 2), y0 = cy(g, v) + s / 2;
            double x1 = cx(g, v) + s / 2, y1 = cy(g, v) + (d == GOPT_FLOW_E ? -s / 2 : s / 2);
            gopt_draw_line(g->cv, x0, y0, x1, y1, s * 0.12, wall);
        }
    }
}

/* Half a link from v towards its direction (warps leave through the border). */
static void stub(const picture *g, int v, int dir, double *x, double *y) {
    *x = cx(g, v) + flow_dir_dc[dir] * g->size / 2;
    *y = cy(g, v) + flow_dir_dr[dir] * g->size / 2;
}

static void draw_path(const picture *g, const gopt_flow_solution *sol, int k) {
    const gopt_flow_puzzle *p = g->p;
    gopt_canvas *cv = g->cv;
    gopt_rgb colour = gopt_palette(k);
    gopt_canvas_new_path(cv);
    int cur = p->ends[k][0], came_by = -1;
    gopt_canvas_move_to(cv, cx(g, cur), cy(g, cur));
    for (int steps = 0; steps <= p->nnodes; steps++) {
        const gopt_flow_link *next = NULL;
        for (const gopt_flow_link *l = flow_links(p, cur), *end = l + flow_degree(p, cur); l < end; l++)
            if (sol->used[l->edge] && l->edge != came_by) next = l;
        if (!next) break;
        double x, y;
        if (next->warp) {
            stub(g, cur, next->dir, &x, &y);
            gopt_canvas_line_to(cv, x, y);
            const gopt_flow_link *back = flow_links(p, next->node);
            while (back->edge != next->edge) back++;
            stub(g, next->node, back->dir, &x, &y);
            gopt_canvas_move_to(cv, x, y);
        } else if (next->dir >= GOPT_FLOW_UP) {
            gopt_rgb ring = colour;
            gopt_canvas_stroke(cv);
            gopt_draw_circle(cv, cx(g, cur), cy(g, cur), g->size * 0.3, NULL, &ring, g->size * 0.1);
            gopt_draw_circle(cv, cx(g, next->node), cy(g, next->node), g->size * 0.3, NULL, &ring, g->size * 0.1);
            gopt_canvas_move_to(cv, cx(g, next->node), cy(g, next->node));
        }
        gopt_canvas_line_to(cv, cx(g, next->node), cy(g, next->node));
        came_by = next->edge;
        cur = next->node;
        if (p->colour[cur] >= 0) break;
    }
    gopt_canvas_set_rgb(cv, colour.r, colour.g, colour.b);
    gopt_canvas_set_line_width(cv, g->size * 0.34);
    gopt_canvas_stroke(cv);
}

static void draw_endpoints(const picture *g) {
    const gopt_flow_puzzle *p = g->p;
    for (int k = 0; k < p->ncolours; k++) {
        gopt_rgb c = gopt_palette(k);
        double light = 0.3 * c.r + 0.59 * c.g + 0.11 * c.b;
        for (int side = 0; side < 2; side++) {
            int v = p->ends[k][side];
            gopt_draw_circle(g->cv, cx(g, v), cy(g, v), g->size * 0.38, &c, NULL, 0);
            if (g->size >= 8) gopt_draw_text(g->cv, cx(g, v), cy(g, v), p->label[k], g->size * 0.42, light > 0.6 ? gopt_black : gopt_white);
        }
    }
}

/* ---- for the assist pictures (assist_render.c) ---- */

void flow_picture_init(flow_picture *g, const gopt_flow_puzzle *p, double *w, double *h) {
    int across = p->layers * (p->cols + 1) - 1, span = across > p->rows ? across : p->rows;
    *g = (picture){.p = p, .size = fmin(28.0, fmax(1.0, 1400.0 / span))};
    g->margin = g->size / 2;
    for (int i = 0; i < 2 * p->nedges; i++) g->graph |= p->links[i].dir >= GOPT_FLOW_NE && p->links[i].dir <= GOPT_FLOW_NW;
    *w = across * g->size + 2 * g->margin;
    *h = p->rows * g->size + 2 * g->margin;
}

double flow_picture_x(const flow_picture *g, int v) { return cx(g, v); }
double flow_picture_y(const flow_picture *g, int v) { return cy(g, v); }
void flow_picture_board(const flow_picture *g) { draw_board(g); }
void flow_picture_endpoints(const flow_picture *g) { draw_endpoints(g); }

void flow_picture_link(const flow_picture *g, int edge, gopt_rgb colour, double width) {
    const gopt_flow_puzzle *p = g->p;
    int u = p->edge_u[edge], v = p->edge_v[edge];
    const gopt_flow_link *l = flow_links(p, u);
    while (l->edge != edge) l++;
    double x, y;
    if (l->warp) { /* two stubs through the border */
        stub(g, u, l->dir, &x, &y);
        gopt_draw_line(g->cv, cx(g, u), cy(g, u), x, y, width, colour);
        const gopt_flow_link *back = flow_links(p, v);
        while (back->edge != edge) back++;
        stub(g, v, back->dir, &x, &y);
        gopt_draw_line(g->cv, cx(g, v), cy(g, v), x, y, width, colour);
    } else if (l->dir >= GOPT_FLOW_UP) { /* a change of layer: rings on both cells */
        gopt_draw_circle(g->cv, cx(g, u), cy(g, u), g->size * 0.3, NULL, &colour, width * 0.3);
        gopt_draw_circle(g->cv, cx(g, v), cy(g, v), g->size * 0.3, NULL, &colour, width * 0.3);
    } else {
        gopt_draw_line(g->cv, cx(g, u), cy(g, u), cx(g, v), cy(g, v), width, colour);
    }
}

gopt_canvas *gopt_flow_render(const gopt_flow_puzzle *p, const gopt_flow_solution *s) {
    picture g;
    double w, h;
    flow_picture_init(&g, p, &w, &h);
    g.cv = gopt_canvas_new(w, h);
    draw_board(&g);
    if (s)
        for (int k = 0; k < p->ncolours; k++) draw_path(&g, s, k);
    draw_endpoints(&g);
    return g.cv;
}
