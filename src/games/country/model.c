/* The Country Road model: a grid of cells grouped into rooms, numbers per room, and loops
 * as direction bits per cell; the tokens of the shared data ("ns", "se", "-", ...). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

gopt_country_puzzle *gopt_country_new(int w, int h) {
    gopt_country_puzzle *p = gopt_calloc(1, sizeof *p);
    p->size = (gopt_grid){w, h};
    int n = w * h;
    p->room = gopt_calloc((size_t)n, sizeof *p->room);
    int *label = gopt_calloc((size_t)n, sizeof *label);
    gopt_country_set_rooms(p, label);
    free(label);
    p->given_unique = -1;
    return p;
}

void gopt_country_free(gopt_country_puzzle *p) {
    if (!p) return;
    free(p->name);
    free(p->room);
    free(p->room_first);
    free(p->room_size);
    free(p->number);
    free(p->wall);
    free(p->given);
    free(p->given_known);
    free(p);
}

static int *copy_ints(const int *a, int n) {
    int *b = gopt_malloc((size_t)(n > 0 ? n : 1) * sizeof *b);
    if (n > 0) memcpy(b, a, (size_t)n * sizeof *b);
    return b;
}

gopt_country_puzzle *gopt_country_copy(const gopt_country_puzzle *p) {
    gopt_country_puzzle *q = gopt_calloc(1, sizeof *q);
    *q = *p;
    int n = gopt_grid_cells(p->size);
    q->name = p->name ? gopt_strdup(p->name) : NULL;
    q->room = copy_ints(p->room, n);
    q->room_first = copy_ints(p->room_first, p->nrooms);
    q->room_size = copy_ints(p->room_size, p->nrooms);
    q->number = copy_ints(p->number, p->nrooms);
    q->given = p->given ? memcpy(gopt_malloc((size_t)n), p->given, (size_t)n) : NULL;
    q->wall = p->wall ? memcpy(gopt_malloc((size_t)n), p->wall, (size_t)n) : NULL;
    q->given_known = p->given_known ? memcpy(gopt_malloc((size_t)n), p->given_known, (size_t)n) : NULL;
    return q;
}

int gopt_country_set_rooms(gopt_country_puzzle *p, const int *label) {
    gopt_grid g = p->size;
    int n = gopt_grid_cells(g);
    int *stack = gopt_malloc((size_t)(n > 0 ? n : 1) * sizeof *stack);
    for (int c = 0; c < n; c++) p->room[c] = label[c] < 0 ? GOPT_COUNTRY_HOLE : -2;
    int rooms = 0;
    free(p->room_first);
    free(p->room_size);
    p->room_first = gopt_malloc((size_t)(n > 0 ? n : 1) * sizeof *p->room_first);
    p->room_size = gopt_malloc((size_t)(n > 0 ? n : 1) * sizeof *p->room_size);
    /* Row-major scan: a room's number is fixed by its first cell, as in puzz.link. */
    for (int c = 0; c < n; c++) {
        if (p->room[c] != -2) continue;
        int top = 0, size = 0;
        stack[top++] = c;
        p->room[c] = rooms;
        while (top) {
            int u = stack[--top];
            size++;
            for (int d = 0; d < 4; d++) {
                int v = gopt_grid_step(g, u, (gopt_dir)d);
                if (v >= 0 && p->room[v] == -2 && label[v] == label[u]) {
                    p->room[v] = rooms;
                    stack[top++] = v;
                }
            }
        }
        p->room_first[rooms] = c;
        p->room_size[rooms] = size;
        rooms++;
    }
    free(stack);
    p->nrooms = rooms;
    free(p->wall); /* stray borders belong to the old rooms */
    p->wall = NULL;
    free(p->number);
    p->number = gopt_malloc((size_t)(rooms > 0 ? rooms : 1) * sizeof *p->number);
    for (int r = 0; r < rooms; r++) p->number[r] = GOPT_COUNTRY_NO_NUMBER;
    return rooms;
}

gopt_country_solution *gopt_country_solution_new(int ncells) {
    gopt_country_solution *l = gopt_calloc(1, sizeof *l + (size_t)ncells);
    l->ncells = ncells;
    return l;
}

void gopt_country_solution_free(gopt_country_solution *l) { free(l); }

/* Token letters in the order of the shared data: n, s, e, w. */
static const gopt_dir token_order[4] = {GOPT_N, GOPT_S, GOPT_E, GOPT_W};

const char *gopt_country_token(uint8_t dirs, char buf[5]) {
    int k = 0;
    for (int i = 0; i < 4; i++)
        if (dirs & GOPT_DIR_BIT(token_order[i])) buf[k++] = gopt_dir_char[token_order[i]];
    if (k == 0) buf[k++] = '-';
    buf[k] = 0;
    return buf;
}

bool gopt_country_parse_token(const char *s, size_t len, uint8_t *dirs) {
    if (len == 1 && s[0] == '-') {
        *dirs = 0;
        return true;
    }
    if (len == 0 || len > 4) return false;
    uint8_t bits = 0;
    for (size_t i = 0; i < len; i++) {
        const char *at = strchr("nesw", s[i]);
        if (!s[i] || !at) return false;
        uint8_t bit = (uint8_t)GOPT_DIR_BIT(at - "nesw");
        if (bits & bit) return false;
        bits |= bit;
    }
    *dirs = bits;
    return true;
}

bool gopt_country_border(const gopt_country_puzzle *p, int c, gopt_dir d) {
    int v = gopt_grid_step(p->size, c, d);
    if (v < 0 || p->room[c] == GOPT_COUNTRY_HOLE || p->room[v] == GOPT_COUNTRY_HOLE) return false;
    if (p->room[c] != p->room[v]) return true;
    if (!p->wall) return false;
    if (d == GOPT_E || d == GOPT_S) return p->wall[c] & GOPT_DIR_BIT(d);
    return p->wall[v] & GOPT_DIR_BIT(gopt_dir_opposite(d));
}

int country_loop_length(const uint8_t *dirs, int n) {
    int k = 0;
    for (int c = 0; c < n; c++) k += dirs[c] != 0;
    return k;
}
