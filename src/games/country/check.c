/* The independent rule checker. It shares only the model with the solvers and reads the
 * loop as drawn (exits per cell), rule by rule as the puzzle states them:
 *   the drawing is consistent (an exit is matched by the neighbour's entrance) and stays
 *   on the board; no branch, no dead end; exactly one loop; every room entered and left
 *   once (or, in the variant, not at all); numbers count the loop's cells in their room;
 *   no two unused cells on either side of a room border. A stray border inside a room (from
 *   a puzz.link URL) is a border too: not crossed, not between two unused cells. */
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

#define AT(c) (c) / g.w + 1, (c) % g.w + 1

static bool check_drawing(const gopt_country_puzzle *p, const uint8_t *dirs, char *why, size_t size) {
    gopt_grid g = p->size;
    for (int c = 0; c < gopt_grid_cells(g); c++) {
        if (dirs[c] & ~15u) return gopt_reason(why, size, "row %d col %d: not a set of directions", AT(c));
        if (dirs[c] && p->room[c] == GOPT_COUNTRY_HOLE) return gopt_reason(why, size, "row %d col %d: the loop enters a hole", AT(c));
        int degree = 0;
        for (int d = 0; d < 4; d++) {
            if (!(dirs[c] & GOPT_DIR_BIT(d))) continue;
            degree++;
            int v = gopt_grid_step(g, c, (gopt_dir)d);
            if (v < 0) return gopt_reason(why, size, "row %d col %d: the loop leaves the board", AT(c));
            if (!(dirs[v] & GOPT_DIR_BIT(gopt_dir_opposite((gopt_dir)d))))
                return gopt_reason(why, size, "row %d col %d: the line towards %c is not continued", AT(c), gopt_dir_char[d]);
        }
        if (degree == 1) return gopt_reason(why, size, "row %d col %d: the loop ends here", AT(c));
        if (degree > 2) return gopt_reason(why, size, "row %d col %d: the loop branches", AT(c));
    }
    return true;
}

/* Walks the loop from its first cell; all used cells must be on that walk. */
static bool check_one_loop(const gopt_country_puzzle *p, const uint8_t *dirs, char *why, size_t size) {
    gopt_grid g = p->size;
    int n = gopt_grid_cells(g), used = 0, start = -1;
    for (int c = 0; c < n; c++)
        if (dirs[c]) {
            used++;
            if (start < 0) start = c;
        }
    if (used == 0) return gopt_reason(why, size, "there is no loop");
    int walked = 0, prev = -1, at = start;
    do {
        int next = -1;
        for (int d = 0; d < 4 && next < 0; d++) {
            if (!(dirs[at] & GOPT_DIR_BIT(d))) continue;
            int v = gopt_grid_step(g, at, (gopt_dir)d);
            if (v != prev) next = v;
        }
        /* A two-cell "loop" would go back and forth over one edge: not a cycle. */
        if (next < 0) return gopt_reason(why, size, "row %d col %d: the loop turns back on itself", AT(at));
        prev = at;
        at = next;
        walked++;
    } while (at != start && walked <= used);
    if (walked != used) return gopt_reason(why, size, "the lines make more than one loop (%d of %d cells on the first)", walked, used);
    return true;
}

static bool check_rooms(const gopt_country_puzzle *p, const uint8_t *dirs, char *why, size_t size) {
    gopt_grid g = p->size;
    int n = gopt_grid_cells(g);
    int *crossings = gopt_calloc((size_t)p->nrooms + 1, sizeof *crossings);
    int *cells = gopt_calloc((size_t)p->nrooms + 1, sizeof *cells);
    bool ok = true;
    for (int c = 0; c < n && ok; c++) {
        int r = p->room[c];
        if (r == GOPT_COUNTRY_HOLE) continue;
        if (dirs[c]) cells[r]++;
        for (int d = 0; d < 4; d++) {
            int v = gopt_grid_step(g, c, (gopt_dir)d);
            if (v < 0 || p->room[v] == GOPT_COUNTRY_HOLE) continue;
            bool wall = p->wall && ((d == GOPT_E || d == GOPT_S) ? p->wall[c] & GOPT_DIR_BIT(d)
                                                                  : p->wall[v] & GOPT_DIR_BIT(gopt_dir_opposite((gopt_dir)d)));
            if (p->room[v] == r && !wall) continue;
            if ((dirs[c] & GOPT_DIR_BIT(d)) && wall)
                ok = gopt_reason(why, size, "row %d col %d: the loop crosses a border inside a room", AT(c));
            if (dirs[c] & GOPT_DIR_BIT(d)) crossings[r]++;
            if (!dirs[c] && !dirs[v])
                ok = gopt_reason(why, size, "row %d col %d and row %d col %d: unused cells on both sides of a border",
                          AT(c), AT(v));
        }
    }
    for (int r = 0; r < p->nrooms && ok; r++) {
        int first = p->room_first[r];
        if (crossings[r] > 2)
            ok = gopt_reason(why, size, "the room at row %d col %d is entered more than once", AT(first));
        else if (crossings[r] == 0 && p->nrooms > 1 && !p->empty_rooms)
            ok = gopt_reason(why, size, cells[r] ? "the loop never leaves the room at row %d col %d"
                                           : "the room at row %d col %d is not visited", AT(first));
        else if (p->number[r] >= 0 && cells[r] != p->number[r])
            ok = gopt_reason(why, size, "the room at row %d col %d has %d loop cells, its number is %d", AT(first), cells[r],
                      p->number[r]);
    }
    free(crossings);
    free(cells);
    return ok;
}

bool gopt_country_check(const gopt_country_puzzle *p, const uint8_t *dirs, char *why, size_t why_size) {
    return check_drawing(p, dirs, why, why_size) && check_one_loop(p, dirs, why, why_size) &&
           check_rooms(p, dirs, why, why_size);
}
