/* Rectangular grids of cells, indexed row-major (cell = row * w + col), with the four
 * orthogonal directions. Games keep their own per-cell arrays; this module gives the
 * geometry and reading rectangular blocks of characters from text. */
#ifndef GAMEOPT_GRID_H
#define GAMEOPT_GRID_H

#include <stdbool.h>
#include "gameopt/text.h"

typedef enum gopt_dir { GOPT_N = 0, GOPT_E = 1, GOPT_S = 2, GOPT_W = 3 } gopt_dir;
/* Bit for a direction in a 4-bit set of connections (N=1, E=2, S=4, W=8). */
#define GOPT_DIR_BIT(d) (1u << (d))

extern const int gopt_dir_dr[4];    /* row change: N -1, E 0, S +1, W 0 */
extern const int gopt_dir_dc[4];    /* column change */
extern const char gopt_dir_char[4]; /* 'n', 'e', 's', 'w' */
static inline gopt_dir gopt_dir_opposite(gopt_dir d) { return (gopt_dir)(d ^ 2); }

typedef struct gopt_grid {
    int w, h;
} gopt_grid;

static inline int gopt_grid_cells(gopt_grid g) { return g.w * g.h; }
static inline bool gopt_grid_inside(gopt_grid g, int row, int col) {
    return row >= 0 && row < g.h && col >= 0 && col < g.w;
}
/* The neighbouring cell in direction d, or -1 off the board. */
static inline int gopt_grid_step(gopt_grid g, int cell, gopt_dir d) {
    int r = cell / g.w + gopt_dir_dr[d], c = cell % g.w + gopt_dir_dc[d];
    return gopt_grid_inside(g, r, c) ? r * g.w + c : -1;
}

/* A rectangle of characters read from text, with where each row began (for errors). */
typedef struct gopt_char_block {
    gopt_grid size;
    char *cells;      /* size.w * size.h bytes, row-major, no terminators */
    int first_line;   /* line of row 0 in the source */
    int first_col;    /* column of the first cell of every row */
} gopt_char_block;

/* Reads consecutive non-blank lines as a rectangle (trailing spaces dropped). Stops at a
 * blank line or the end; fails when rows differ in width or nothing is there. Multi-byte
 * UTF-8 characters are rejected: one cell is one byte. */
bool gopt_char_block_read(gopt_text *t, gopt_char_block *out, gopt_error *err);
void gopt_char_block_free(gopt_char_block *b);

#endif
