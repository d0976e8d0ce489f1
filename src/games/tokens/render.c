/* Pictures like the seed's figures: flat-topped hexes in the tile's colour with black track,
 * white cities with their slots, and station tokens as coloured discs with the company's
 * name; flat-topped, or pointy-topped for games drawn so (the same edges turned by 30
 * degrees). An upgrade is one row per new tile: the old tile with its tokens, then the six
 * rotations, each with its first placement or marked infeasible. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/canvas.h"
#include "gameopt/tokens.h"
#include "games/tokens/internal.h"

#define HEX_R 60.0                     /* corner radius of a hex, points */
#define APOTHEM (HEX_R * 0.8660254037844386)
#define CELL_W (2 * HEX_R + 24)
#define WHY_LINES 5                     /* lines of a rotation's reason under its hex */
#define WHY_SIZE 8.5                    /* their font size, points */
#define CELL_H (2 * APOTHEM + 46 + WHY_LINES * 11)
#define ROW_TITLE 26.0
#define MARGIN 16.0

typedef struct point {
    double x, y;
} point;

/* Where a drawn tile stands: its centre and rotation. */
typedef struct placed_tile {
    const gopt_tokens_tile *tile;
    int rotation;
    double turn; /* degrees: 0 flat-topped, 30 pointy-topped */
    point centre;
    point node[GOPT_TOKENS_MAX_NODES];
} placed_tile;

static double deg(double d) { return d * M_PI / 180.0; }

/* Direction of edge units (0 = bottom edge, 0.5 = the corner after it ...), turned. */
/* `turn`: 0 for flat-topped hexes, 30 (degrees) for pointy-topped ones. */
static point toward(point c, double edge_units, int rotation, double dist, double turn) {
    double a = deg(90.0 + turn + 60.0 * (edge_units + rotation));
    return (point){c.x + dist * cos(a), c.y + dist * sin(a)};
}

gopt_rgb tokens_colour_rgb(gopt_tokens_colour c) {
    switch (c) {
    case GOPT_TOKENS_WHITE: return (gopt_rgb){0.97, 0.97, 0.95};
    case GOPT_TOKENS_YELLOW: return (gopt_rgb){0.992, 0.914, 0.0};
    case GOPT_TOKENS_GREEN: return (gopt_rgb){0.443, 0.749, 0.267};
    case GOPT_TOKENS_BROWN: return (gopt_rgb){0.796, 0.467, 0.271};
    case GOPT_TOKENS_GRAY: return (gopt_rgb){0.737, 0.741, 0.753};
    case GOPT_TOKENS_RED: return (gopt_rgb){0.925, 0.137, 0.165};
    case GOPT_TOKENS_BLUE: return (gopt_rgb){0.208, 0.655, 1.0};
    case GOPT_TOKENS_SEPIA: return (gopt_rgb){0.831, 0.706, 0.514};
    default: return (gopt_rgb){0.93, 0.93, 0.93};
    }
}

static bool is_stop(const gopt_tokens_node *n) { return n->kind != GOPT_TOKENS_JUNCTION; }

/* Positions of the nodes, in the manner of 18xx.games: a lone stop in the centre; otherwise
 * each stop toward the least crowded of its edges (or its loc:), so cities on one tile
 * spread out. Junctions sit in the centre. */
static void place_nodes(placed_tile *p) {
    const gopt_tokens_tile *t = p->tile;
    int stops = 0, junctions = 0;
    for (int v = 0; v < t->nnodes; v++) {
        stops += is_stop(&t->nodes[v]);
        junctions += !is_stop(&t->nodes[v]);
    }
    double crowd[GOPT_TOKENS_EDGES] = {0.1, 0, 0, 0, 0, 0};
    for (int v = 0; v < t->nnodes; v++)
        for (int e = 0; e < GOPT_TOKENS_EDGES; e++)
            if (is_stop(&t->nodes[v]) && (t->nodes[v].edges >> e & 1)) {
                crowd[e] += 1;
                crowd[(e + 1) % 6] += 0.1;
                crowd[(e + 5) % 6] += 0.1;
            }
    for (int v = 0; v < t->nnodes; v++) {
        const gopt_tokens_node *n = &t->nodes[v];
        if (!is_stop(n) || (stops == 1 && !junctions && !n->has_loc) || (n->has_loc && n->loc < 0)) {
            p->node[v] = p->centre;
            continue;
        }
        if (n->has_loc) {
            p->node[v] = toward(p->centre, n->loc, p->rotation, 0.55 * APOTHEM, p->turn);
            continue;
        }
        int best = -1;
        for (int e = 0; e < GOPT_TOKENS_EDGES; e++)
            if ((n->edges >> e & 1 || !n->edges) && (best < 0 || crowd[e] < crowd[best])) best = e;
        crowd[best] += 1;
        crowd[(best + 1) % 6] += 0.1;
        crowd[(best + 5) % 6] += 0.1;
        p->node[v] = toward(p->centre, best, p->rotation, 0.5 * APOTHEM, p->turn);
    }
}

static point end_point(const placed_tile *p, int end) {
    if (end >= GOPT_TOKENS_NODE_END) return p->node[end - GOPT_TOKENS_NODE_END];
    return toward(p->centre, end, p->rotation, APOTHEM, p->turn);
}

static void hex_path(gopt_canvas *cv, point c, double turn) {
    for (int k = 0; k < 6; k++) {
        point q = toward(c, k + 0.5, 0, HEX_R, turn);
        if (k == 0) gopt_canvas_move_to(cv, q.x, q.y);
        else gopt_canvas_line_to(cv, q.x, q.y);
    }
    gopt_canvas_close_path(cv);
}

static void draw_hex(gopt_canvas *cv, point c, double turn, const gopt_rgb *fill, gopt_rgb stroke, double width) {
    hex_path(cv, c, turn);
    if (fill) {
        gopt_canvas_set_rgb(cv, fill->r, fill->g, fill->b);
        gopt_canvas_fill_preserve(cv);
    }
    gopt_canvas_set_rgb(cv, stroke.r, stroke.g, stroke.b);
    gopt_canvas_set_line_width(cv, width);
    gopt_canvas_stroke(cv);
}

/* Track: edges curve in toward the centre; nodes are joined straight. Broad gauge is a
 * thick black line, narrow a thin one, dual a thick line with a white core (two rails). */
static void draw_track(gopt_canvas *cv, const placed_tile *p) {
    const gopt_tokens_tile *t = p->tile;
    for (int k = 0; k < t->npaths; k++) {
        int gauge = t->paths[k].track;
        gopt_canvas_set_rgb(cv, 0, 0, 0);
        gopt_canvas_set_line_width(cv, (gauge == GOPT_TOKENS_NARROW ? 0.04 : gauge == GOPT_TOKENS_DUAL ? 0.13 : 0.09) * HEX_R);
        point a = end_point(p, t->paths[k].a), b = end_point(p, t->paths[k].b);
        bool a_edge = t->paths[k].a < GOPT_TOKENS_NODE_END, b_edge = t->paths[k].b < GOPT_TOKENS_NODE_END;
        point ca = a_edge ? (point){a.x + (p->centre.x - a.x) * 0.5, a.y + (p->centre.y - a.y) * 0.5} : a;
        point cb = b_edge ? (point){b.x + (p->centre.x - b.x) * 0.5, b.y + (p->centre.y - b.y) * 0.5} : b;
        gopt_canvas_move_to(cv, a.x, a.y);
        gopt_canvas_curve_to(cv, ca.x, ca.y, cb.x, cb.y, b.x, b.y);
        if (gauge != GOPT_TOKENS_DUAL) {
            gopt_canvas_stroke(cv);
            continue;
        }
        gopt_canvas_stroke_preserve(cv);
        gopt_canvas_set_rgb(cv, 1, 1, 1);
        gopt_canvas_set_line_width(cv, 0.05 * HEX_R);
        gopt_canvas_stroke(cv);
    }
}

static double slot_radius(int slots) { return slots <= 1 ? 0.2 * HEX_R : 0.16 * HEX_R; }

/* The centre of slot k of a city with `slots` slots around `c`. */
static point slot_centre(point c, int slots, int k) {
    double s = slot_radius(slots);
    if (slots <= 1) return c;
    if (slots == 2) return (point){c.x + (k ? s : -s), c.y};
    double ring = s / sin(M_PI / slots);
    double a = deg(-90.0 + 360.0 * k / slots);
    return (point){c.x + ring * cos(a), c.y + ring * sin(a)};
}

/* A token in its company's colour; colour < 0 is a reservation: the name on white, grey ring. */
static void draw_token(gopt_canvas *cv, point c, double r, const char *name, int colour) {
    gopt_rgb fill = colour < 0 ? gopt_white : gopt_palette(colour);
    gopt_draw_circle(cv, c.x, c.y, r * 0.92, &fill, colour < 0 ? &gopt_grey : &gopt_black, colour < 0 ? 1.4 : 0.8);
    double size = r * (strlen(name) <= 2 ? 0.95 : strlen(name) == 3 ? 0.75 : 0.6);
    double lum = 0.3 * fill.r + 0.59 * fill.g + 0.11 * fill.b;
    gopt_draw_text(cv, c.x, c.y, name, size, lum > 0.5 ? gopt_black : gopt_white);
}

/* A city: white slots in a white outline; tokens[k] (or NULL) fills slot k. */
static void draw_city(gopt_canvas *cv, point c, int slots, const char *const *names, const int *colours) {
    double s = slot_radius(slots);
    if (slots <= 1) {
        gopt_draw_circle(cv, c.x, c.y, s, &gopt_white, &gopt_black, 1.6);
    } else if (slots == 2) {
        gopt_canvas_new_sub_path(cv);
        gopt_canvas_arc(cv, c.x - s, c.y, s, deg(90), deg(270));
        gopt_canvas_arc(cv, c.x + s, c.y, s, deg(-90), deg(90));
        gopt_canvas_close_path(cv);
        gopt_canvas_set_rgb(cv, 1, 1, 1);
        gopt_canvas_fill_preserve(cv);
        gopt_canvas_set_rgb(cv, 0, 0, 0);
        gopt_canvas_set_line_width(cv, 1.6);
        gopt_canvas_stroke(cv);
    } else {
        double ring = s / sin(M_PI / slots);
        gopt_draw_circle(cv, c.x, c.y, ring + s, &gopt_white, &gopt_black, 1.6);
    }
    for (int k = 0; k < slots; k++) {
        point q = slot_centre(c, slots, k);
        if (slots > 1) gopt_draw_circle(cv, q.x, q.y, s * 0.92, NULL, &gopt_grey, 0.6);
        if (names && names[k]) draw_token(cv, q, s, names[k], colours[k]);
    }
}

/* Draws a tile; `city_tokens` (may be NULL) lists per token the city it sits in (-1 none). */
static void draw_tile(gopt_canvas *cv, placed_tile *p, const gopt_tokens_question *q, const int8_t *city_of) {
    const gopt_tokens_tile *t = p->tile;
    place_nodes(p);
    gopt_rgb fill = tokens_colour_rgb(t->colour);
    draw_hex(cv, p->centre, p->turn, &fill, gopt_black, 1.0);
    draw_track(cv, p);
    for (int v = 0; v < t->nnodes; v++) {
        const gopt_tokens_node *n = &t->nodes[v];
        point c = p->node[v];
        if (n->kind == GOPT_TOKENS_TOWN) gopt_draw_circle(cv, c.x, c.y, 0.09 * HEX_R, &gopt_black, NULL, 0);
        else if (n->kind == GOPT_TOKENS_OFFBOARD || n->kind == GOPT_TOKENS_HALT || n->kind == GOPT_TOKENS_PASS)
            gopt_draw_circle(cv, c.x, c.y, 0.11 * HEX_R, &gopt_grey, &gopt_black, 1.0);
    }
    for (int city = 0; city < t->ncities; city++) {
        const char *names[GOPT_TOKENS_MAX_SLOTS] = {0};
        int colours[GOPT_TOKENS_MAX_SLOTS] = {0}, used = 0, slots = gopt_tokens_city_slots(t, city);
        for (int i = 0; q && city_of && i < q->ntokens; i++)
            if (city_of[i] == city && used < slots && !q->tokens[i].extra) {
                colours[used] = q->tokens[i].reserved ? -1 : i;
                names[used++] = q->tokens[i].name;
            }
        draw_city(cv, p->node[t->city_node[city]], slots, names, colours);
    }
    char labels[160];
    gopt_tokens_label_text(t, labels, sizeof labels);
    if (labels[0]) {
        point l = toward(p->centre, 2.0, 0, 0.62 * HEX_R, p->turn);
        gopt_draw_text(cv, l.x, l.y, labels, 0.22 * HEX_R, gopt_black);
    }
    if (t->name[0]) {
        point n = toward(p->centre, 5.5, 0, 0.74 * HEX_R, p->turn);
        gopt_draw_text(cv, n.x, n.y, t->name, 0.13 * HEX_R, gopt_black);
    }
}

/* A tile's name for a caption: tile strings are too long, so they go by "tile string". */
/* A tile's name for a caption; a tile string goes by a short form of its canonical string
 * (its first 28 characters and "..."), so two inline tiles can be told apart. */
static const char *short_title(const gopt_tokens_tile *t, char *buf, size_t size) {
    if (t->name[0]) return t->name;
    char *code = gopt_tokens_tile_format(t);
    if (strlen(code) > 31) snprintf(buf, size, "%.28s...", code);
    else snprintf(buf, size, "%s", code);
    free(code);
    return buf;
}

static void caption(gopt_canvas *cv, point c, int line, const char *text, gopt_rgb colour) {
    gopt_draw_text(cv, c.x, c.y + APOTHEM + 12 + 13 * line, text, 10, colour);
}

/* The checker's sentence on why a rotation fails, wrapped to the cell's width under its
 * verdict (WHY_LINES at most; a longer one ends in "..."). */
static void draw_reason(gopt_canvas *cv, point c, const char *why) {
    double room = CELL_W - 10;
    char line[512] = "";
    int n = 0;
    gopt_canvas_set_font(cv, WHY_SIZE, false);
    for (const char *w = why; *w && n < WHY_LINES;) {
        while (*w == ' ') w++;
        size_t len = strcspn(w, " ");
        if (!len) break;
        char next[512];
        snprintf(next, sizeof next, "%s%s%.*s", line, line[0] ? " " : "", (int)len, w);
        if (line[0] && gopt_canvas_text_width(cv, next) > room) {
            bool last = n == WHY_LINES - 1;
            if (last) snprintf(next, sizeof next, "%s ...", line);
            gopt_draw_text(cv, c.x, c.y + APOTHEM + 12 + 13 * 2 + 11 * n++, last ? next : line, WHY_SIZE, gopt_red);
            line[0] = 0;
            continue; /* the word starts the next line */
        }
        snprintf(line, sizeof line, "%s", next);
        w += len;
    }
    if (line[0] && n < WHY_LINES) gopt_draw_text(cv, c.x, c.y + APOTHEM + 12 + 13 * 2 + 11 * n, line, WHY_SIZE, gopt_red);
}

/* Infeasible rotations are faded, crossed out in red, and say why underneath. */
static void draw_rotation(gopt_canvas *cv, const gopt_tokens_question *q, const gopt_tokens_answer *a, int r, point c,
                          double turn) {
    const gopt_tokens_rotation *rot = &a->rotations[r];
    placed_tile p = {.tile = a->to, .rotation = r, .centre = c, .turn = turn};
    draw_tile(cv, &p, q, rot->feasible ? rot->placements : NULL);
    char text[64];
    snprintf(text, sizeof text, "rotation %d", r);
    caption(cv, c, 0, text, gopt_black);
    if (rot->feasible) {
        if (rot->unique) snprintf(text, sizeof text, "unique");
        else if (rot->complete) snprintf(text, sizeof text, "owner chooses (1 of %ld)", rot->count);
        else snprintf(text, sizeof text, "owner chooses");
        caption(cv, c, 1, text, (gopt_rgb){0.1, 0.45, 0.1});
        return;
    }
    gopt_canvas_save(cv);
    hex_path(cv, c, turn);
    gopt_canvas_clip(cv);
    gopt_canvas_set_rgba(cv, 1, 1, 1, 0.6);
    gopt_canvas_paint(cv);
    gopt_canvas_restore(cv);
    draw_hex(cv, c, turn, NULL, gopt_red, 2.5);
    caption(cv, c, 1, "infeasible:", gopt_red);
    char why[512];
    gopt_tokens_reason(q, a->to, rot, why, sizeof why);
    draw_reason(cv, c, why);
}

static void draw_row(gopt_canvas *cv, const gopt_tokens_question *q, const gopt_tokens_answer *a, double top, double turn) {
    char title[512];
    char from_title[40], to_title[40];
    int n = snprintf(title, sizeof title, "%s@%d -> %s (%s rules): feasible rotations",
                     short_title(q->from, from_title, sizeof from_title), q->from_rotation,
                     short_title(a->to, to_title, sizeof to_title), gopt_tokens_rules_name(q->rules));
    for (int r = 0; r < GOPT_TOKENS_EDGES; r++)
        if (a->rotations[r].feasible && n < (int)sizeof title) n += snprintf(title + n, sizeof title - (size_t)n, " %d", r);
    if (!a->nfeasible) snprintf(title + n, sizeof title - (size_t)n, " none");
    gopt_canvas_set_font(cv, 12, true);
    gopt_canvas_set_rgb(cv, 0, 0, 0);
    gopt_canvas_move_to(cv, MARGIN, top + 16);
    gopt_canvas_show_text(cv, title);
    gopt_canvas_new_path(cv);
    double y = top + ROW_TITLE + APOTHEM + 4;
    int8_t old_city[GOPT_TOKENS_MAX_TOKENS];
    for (int i = 0; i < q->ntokens; i++) old_city[i] = (int8_t)q->tokens[i].city;
    placed_tile old = {.tile = q->from, .rotation = q->from_rotation, .centre = {MARGIN + CELL_W / 2, y}, .turn = turn};
    draw_tile(cv, &old, q, old_city);
    char text[64];
    snprintf(text, sizeof text, "old, rotation %d", q->from_rotation);
    caption(cv, old.centre, 0, text, gopt_black);
    double arrow_x = MARGIN + CELL_W + 6;
    gopt_draw_line(cv, arrow_x, y, arrow_x + 18, y, 2, gopt_black);
    gopt_draw_line(cv, arrow_x + 18, y, arrow_x + 12, y - 5, 2, gopt_black);
    gopt_draw_line(cv, arrow_x + 18, y, arrow_x + 12, y + 5, 2, gopt_black);
    for (int r = 0; r < GOPT_TOKENS_EDGES; r++) {
        point c = {MARGIN + 30 + CELL_W * (1.5 + r), y};
        gopt_canvas_save(cv);
        draw_rotation(cv, q, a, r, c, turn);
        gopt_canvas_restore(cv);
    }
}

gopt_canvas *gopt_tokens_render(const gopt_tokens_question *q, const gopt_tokens_answer *answers, int n, bool pointy) {
    double width = 2 * MARGIN + 30 + CELL_W * 7, row = ROW_TITLE + CELL_H + 8;
    gopt_canvas *cv = gopt_canvas_new(width, 2 * MARGIN + row * (n > 0 ? n : 1));
    for (int k = 0; k < n; k++) draw_row(cv, q, &answers[k], MARGIN + row * k, pointy ? 30.0 : 0.0);
    if (n == 0) gopt_draw_text(cv, width / 2, MARGIN + row / 2, "no tile of the catalogue may replace this one", 12, gopt_black);
    return cv;
}

gopt_canvas *gopt_tokens_render_cases(const gopt_tokens_question *questions, const gopt_tokens_answer *answers, int n,
                                      const char *empty, bool pointy) {
    double width = 2 * MARGIN + 30 + CELL_W * 7, row = ROW_TITLE + CELL_H + 8;
    gopt_canvas *cv = gopt_canvas_new(width, 2 * MARGIN + row * (n > 0 ? n : 1));
    for (int k = 0; k < n; k++) draw_row(cv, &questions[k], &answers[k], MARGIN + row * k, pointy ? 30.0 : 0.0);
    if (n == 0) gopt_draw_text(cv, width / 2, MARGIN + row / 2, empty, 12, gopt_black);
    return cv;
}

gopt_canvas *gopt_tokens_render_tiles(const gopt_tokens_tile *const *tiles, const int *rotations, int n, bool pointy) {
    int cols = n < 6 ? (n > 0 ? n : 1) : 6, rows = (n + cols - 1) / cols;
    gopt_canvas *cv = gopt_canvas_new(2 * MARGIN + CELL_W * cols, 2 * MARGIN + CELL_H * (rows > 0 ? rows : 1));
    for (int k = 0; k < n; k++) {
        placed_tile p = {.tile = tiles[k], .rotation = rotations[k], .turn = pointy ? 30.0 : 0.0,
                         .centre = {MARGIN + CELL_W * (k % cols + 0.5), MARGIN + APOTHEM + 4 + CELL_H * (k / cols)}};
        draw_tile(cv, &p, NULL, NULL);
        char text[96];
        char name[40];
        snprintf(text, sizeof text, "%s, rotation %d", short_title(tiles[k], name, sizeof name), rotations[k]);
        caption(cv, p.centre, 0, text, gopt_black);
    }
    return cv;
}
