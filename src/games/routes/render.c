/* Pictures: the map with its tiles in the manner of 18xx.games (tile colours, black track,
 * white cities with their slots and station tokens, towns as black bars, off-boards red with
 * their value), and each train's route as a broad coloured line along the tile paths it runs,
 * its counted stops ringed in its colour, with a legend of every train's revenue and reason.
 * Flat- or pointy-topped as the game's map is. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/canvas.h"
#include "games/routes/internal.h"
#include "games/tokens/internal.h"

#define R 34.0                        /* hex corner radius, points */
#define AP (R * 0.8660254037844386)   /* apothem */
#define MARGIN 24.0
#define LEGEND_LINE 15.0

typedef struct pt {
    double x, y;
} pt;

typedef struct view {
    const gopt_routes_state *s;
    double turn;  /* 0 flat, 30 pointy */
    double x0, y0;
} view;

static pt centre(const view *v, const gopt_routes_hex *h) {
    if (v->s->layout == GOPT_ROUTES_FLAT) return (pt){v->x0 + h->x * 1.5 * R, v->y0 + h->y * AP};
    return (pt){v->x0 + h->x * AP, v->y0 + h->y * 1.5 * R};
}

/* The point `dist` from c toward `units` of edge (0.5: the corner after edge 0), map turned. */
static pt toward(const view *v, pt c, double units, double dist) {
    double a = (90.0 + v->turn + 60.0 * units) * M_PI / 180.0;
    return (pt){c.x + dist * cos(a), c.y + dist * sin(a)};
}

/* Node positions: a lone stop in the centre, else each toward its loc: or its least crowded
 * edge (in map orientation); junctions in the centre. */
static void place_nodes(const view *v, const gopt_routes_hex *h, pt c, pt *node) {
    const gopt_tokens_tile *t = &h->tile;
    int stops = 0;
    for (int k = 0; k < t->nnodes; k++) stops += gopt_routes_is_stop(h, k, NULL);
    double crowd[6] = {0};
    for (int k = 0; k < t->nnodes; k++) {
        const gopt_tokens_node *nd = &t->nodes[k];
        if (!gopt_routes_is_stop(h, k, NULL) || stops == 1 || (nd->has_loc && nd->loc < 0)) {
            node[k] = c;
            continue;
        }
        if (nd->has_loc) {
            node[k] = toward(v, c, nd->loc + h->rotation, 0.5 * AP);
            continue;
        }
        int best = -1;
        uint8_t edges = gopt_tokens_rotate(nd->edges, h->rotation);
        for (int e = 0; e < 6; e++)
            if ((edges >> e & 1 || !edges) && (best < 0 || crowd[e] < crowd[best])) best = e;
        crowd[best] += 1, crowd[(best + 1) % 6] += 0.2, crowd[(best + 5) % 6] += 0.2;
        node[k] = toward(v, c, best, 0.48 * AP);
    }
}

static pt end_at(const view *v, pt c, const pt *node, int end) {
    return end >= 6 ? node[end - 6] : toward(v, c, end, AP);
}

/* A tile path as a curve: edges bend in toward the centre, nodes are joined straight. */
static void path_curve(gopt_canvas *cv, const view *v, const gopt_routes_hex *h, pt c, const pt *node, int p, bool reverse) {
    int a = gopt_routes_path_end(h, p, reverse ? 1 : 0), b = gopt_routes_path_end(h, p, reverse ? 0 : 1);
    pt pa = end_at(v, c, node, a), pb = end_at(v, c, node, b);
    pt ca = a < 6 ? (pt){pa.x + (c.x - pa.x) * 0.5, pa.y + (c.y - pa.y) * 0.5} : pa;
    pt cb = b < 6 ? (pt){pb.x + (c.x - pb.x) * 0.5, pb.y + (c.y - pb.y) * 0.5} : pb;
    gopt_canvas_move_to(cv, pa.x, pa.y);
    gopt_canvas_curve_to(cv, ca.x, ca.y, cb.x, cb.y, pb.x, pb.y);
}

static void hex_outline(gopt_canvas *cv, const view *v, pt c) {
    for (int k = 0; k < 6; k++) {
        pt q = toward(v, c, k + 0.5, R);
        if (k == 0) gopt_canvas_move_to(cv, q.x, q.y);
        else gopt_canvas_line_to(cv, q.x, q.y);
    }
    gopt_canvas_close_path(cv);
}

static void text_at(gopt_canvas *cv, double x, double y, const char *s, double size, gopt_rgb col) {
    gopt_draw_text(cv, x, y, s, size, col);
}

static gopt_rgb company_colour(const gopt_routes_state *s, const char *company) {
    if (strcmp(company, s->company) == 0) return (gopt_rgb){0.05, 0.25, 0.75};
    unsigned h = 0;
    for (const char *p = company; *p; p++) h = h * 31 + (unsigned char)*p;
    return gopt_palette((int)(h % 7) + 2);
}

static void draw_hex(gopt_canvas *cv, const view *v, int hi) {
    const gopt_routes_state *s = v->s;
    const gopt_routes_hex *h = &s->hexes[hi];
    pt c = centre(v, h), node[GOPT_TOKENS_MAX_NODES];
    gopt_rgb fill = tokens_colour_rgb(h->colour);
    hex_outline(cv, v, c);
    gopt_canvas_set_rgb(cv, fill.r, fill.g, fill.b);
    gopt_canvas_fill_preserve(cv);
    gopt_canvas_set_rgb(cv, 0.55, 0.55, 0.55);
    gopt_canvas_set_line_width(cv, 0.8);
    gopt_canvas_stroke(cv);
    for (int e = 0; e < 6; e++) /* impassable sides between two hexes */
        if ((h->closed >> e & 1) && gopt_routes_neighbour(s, hi, e) >= 0) {
            pt p = toward(v, c, e - 0.5, R), q = toward(v, c, e + 0.5, R);
            gopt_draw_line(cv, p.x, p.y, q.x, q.y, 3.0, (gopt_rgb){0.2, 0.2, 0.6});
        }
    place_nodes(v, h, c, node);
    const gopt_tokens_tile *t = &h->tile;
    gopt_canvas_set_rgb(cv, 0, 0, 0);
    gopt_canvas_set_line_width(cv, 0.1 * R);
    for (int p = 0; p < t->npaths; p++) {
        path_curve(cv, v, h, c, node, p, false);
        gopt_canvas_stroke(cv);
    }
    char buf[64];
    for (int k = 0; k < t->nnodes; k++) {
        gopt_routes_class cls;
        if (!gopt_routes_is_stop(h, k, &cls)) continue;
        int rev = gopt_routes_node_revenue(s, h, k, NULL);
        if (cls == GOPT_ROUTES_TOWN) {
            gopt_draw_circle(cv, node[k].x, node[k].y, 0.1 * R, &gopt_black, NULL, 0);
        } else if (cls == GOPT_ROUTES_CITY) {
            int slots = t->nodes[k].slots > 0 ? t->nodes[k].slots : 1, city = gopt_routes_node_city(h, k);
            double r = 0.2 * R, step = 2 * r;
            for (int sl = 0; sl < slots; sl++) {
                double x = node[k].x + (sl - (slots - 1) / 2.0) * step;
                gopt_draw_circle(cv, x, node[k].y, r, &gopt_white, &gopt_black, 1.2);
                int held = 0;
                for (int i = 0; i < h->ntokens; i++) {
                    if (h->tokens[i].city != city || held++ != sl) continue;
                    gopt_rgb col = company_colour(s, h->tokens[i].company);
                    gopt_draw_circle(cv, x, node[k].y, r * 0.85, &col, NULL, 0);
                    text_at(cv, x, node[k].y, h->tokens[i].company, strlen(h->tokens[i].company) > 2 ? 5.0 : 6.5, gopt_white);
                }
            }
        }
        if (cls != GOPT_ROUTES_OFFBOARD || rev) {
            snprintf(buf, sizeof buf, "%d", rev);
            int slots = cls == GOPT_ROUTES_CITY && t->nodes[k].slots > 1 ? t->nodes[k].slots : 1;
            pt q = cls == GOPT_ROUTES_CITY ? (pt){node[k].x + (slots * 0.2 + 0.16) * R, node[k].y - 0.3 * R}
                                           : toward(v, node[k], 4.5, 0.3 * R);
            if (cls == GOPT_ROUTES_OFFBOARD) q = toward(v, c, 3, 0.45 * R);
            text_at(cv, q.x, q.y, buf, cls == GOPT_ROUTES_OFFBOARD ? 9.0 : 7.0, cls == GOPT_ROUTES_OFFBOARD ? gopt_white : gopt_black);
        }
    }
    pt lab = toward(v, c, 3, 0.8 * AP);
    text_at(cv, lab.x, lab.y, h->coord, 5.5, (gopt_rgb){0.35, 0.35, 0.35});
    if (h->name[0]) {
        pt nm = toward(v, c, 0, 0.78 * AP);
        text_at(cv, nm.x, nm.y, h->name, 5.5, (gopt_rgb){0.1, 0.1, 0.1});
    }
}

/* A route: its paths in the train's colour, a little to one side so trains through one
 * city stay apart, its counted stops ringed. */
static void draw_route(gopt_canvas *cv, const view *v, const gopt_routes_route *r, gopt_rgb col) {
    const gopt_routes_state *s = v->s;
    gopt_canvas_save(cv);
    gopt_canvas_set_line_cap(cv, GOPT_CAP_ROUND);
    gopt_canvas_set_line_join(cv, GOPT_JOIN_ROUND);
    gopt_canvas_set_rgba(cv, col.r, col.g, col.b, 0.78);
    gopt_canvas_set_line_width(cv, 0.24 * R);
    for (int i = 0; i + 1 < r->nstops; i++)
        for (int k = r->leg[i]; k < r->leg[i + 1]; k++) {
            const gopt_routes_hex *h = &s->hexes[r->path_hex[k]];
            pt c = centre(v, h), node[GOPT_TOKENS_MAX_NODES];
            place_nodes(v, h, c, node);
            path_curve(cv, v, h, c, node, r->path_index[k], false);
            gopt_canvas_stroke(cv);
        }
    for (int i = 0; i < r->nstops; i++) {
        const gopt_routes_hex *h = &s->hexes[r->stop_hex[i]];
        pt c = centre(v, h), node[GOPT_TOKENS_MAX_NODES];
        place_nodes(v, h, c, node);
        pt q = node[r->stop_node[i]];
        gopt_draw_circle(cv, q.x, q.y, 0.34 * R, NULL, &col, (r->paid >> i & 1) ? 3.0 : 1.0);
    }
    gopt_canvas_restore(cv);
}

gopt_canvas *gopt_routes_render(const gopt_routes_state *s, const gopt_routes_solution *x) {
    view v = {.s = s, .turn = s->layout == GOPT_ROUTES_FLAT ? 0 : 30};
    double minx = 1e9, maxx = -1e9, miny = 1e9, maxy = -1e9;
    for (int i = 0; i < s->nhexes; i++) {
        pt c = centre(&v, &s->hexes[i]);
        minx = fmin(minx, c.x), maxx = fmax(maxx, c.x), miny = fmin(miny, c.y), maxy = fmax(maxy, c.y);
    }
    if (s->nhexes == 0) minx = maxx = miny = maxy = 0;
    v.x0 = MARGIN + R - minx, v.y0 = MARGIN + R - miny;
    int lines = x ? 3 * x->ntrains + 2 : 1;
    double width = maxx - minx + 2 * R + 2 * MARGIN, height = maxy - miny + 2 * R + 2 * MARGIN + lines * LEGEND_LINE;
    if (width < 420) width = 420;
    gopt_canvas *cv = gopt_canvas_new(width, height);
    for (int i = 0; i < s->nhexes; i++) draw_hex(cv, &v, i);
    double y = maxy + v.y0 + R + MARGIN * 0.7;
    char line[1400], why[1200];
    if (x) {
        for (int t = 0; t < x->ntrains; t++)
            if (x->routes[t].nstops) draw_route(cv, &v, &x->routes[t], gopt_palette(t));
        snprintf(line, sizeof line, "%s%s%s%s: %s earns %d%s (phase %s)", s->name[0] ? s->name : s->game, s->name[0] && s->game[0] ? " (" : "",
                 s->name[0] ? s->game : "", s->name[0] && s->game[0] ? ")" : "", s->company, x->total, x->optimal ? ", optimal" : "", s->phase);
        gopt_canvas_save(cv);
        gopt_canvas_set_font(cv, 10.0, true);
        gopt_canvas_set_rgb(cv, 0, 0, 0);
        gopt_canvas_move_to(cv, MARGIN, y);
        gopt_canvas_show_text(cv, line);
        gopt_canvas_restore(cv);
        int per_line = (int)((width - 2 * MARGIN - 20) / 4.3); /* characters of 8-point text */
        for (int t = 0; t < x->ntrains; t++) {
            const gopt_routes_route *r = &x->routes[t];
            y += LEGEND_LINE;
            gopt_rgb col = gopt_palette(t);
            gopt_draw_rect(cv, MARGIN, y - 8, 14, 8, &col, NULL, 0);
            snprintf(line, sizeof line, "%s: %d  %s", s->trains[r->train].name, r->revenue, gopt_routes_route_reason(s, r, why, sizeof why));
            gopt_canvas_save(cv);
            gopt_canvas_set_font(cv, 8.0, false);
            gopt_canvas_set_rgb(cv, 0, 0, 0);
            /* wrapped at spaces */
            for (const char *p = line; *p;) {
                size_t n = strlen(p);
                if ((int)n > per_line) {
                    n = (size_t)per_line;
                    while (n > 0 && p[n] != ' ') n--;
                    if (n == 0) n = (size_t)per_line;
                }
                char part[1400];
                snprintf(part, sizeof part, "%.*s", (int)n, p);
                gopt_canvas_move_to(cv, MARGIN + 20, y);
                gopt_canvas_show_text(cv, part);
                p += n;
                while (*p == ' ') p++;
                if (*p) y += LEGEND_LINE * 0.8;
            }
            gopt_canvas_restore(cv);
        }
    } else {
        snprintf(line, sizeof line, "%s%s%s%s: %s, phase %s", s->name[0] ? s->name : s->game, s->name[0] && s->game[0] ? " (" : "",
                 s->name[0] ? s->game : "", s->name[0] && s->game[0] ? ")" : "", s->company, s->phase);
        text_at(cv, width / 2, y, line, 10.0, gopt_black);
    }
    return cv;
}
