/* Shared by the flow readers: where each colour was first seen (for errors about a missing
 * partner), adding endpoints with errors at their position, and the per-format readers. */
#ifndef GAMEOPT_FLOW_PARSE_H
#define GAMEOPT_FLOW_PARSE_H

#include "internal.h"

typedef struct flow_marks {
    gopt_text_mark *at; /* first occurrence of each colour */
    size_t cap;
    int n;
} flow_marks;

/* The largest board we read: four times the largest known puzzle (1002x1002). */
#define FLOW_MAX_CELLS (4L * 1024 * 1024)

/* Reads the line "W H" that opens a thomasahle board or an integer grid (after blank and
 * comment lines). Returns 1 with the size (checked against FLOW_MAX_CELLS, errors at the
 * line's start `*start`), 0 at the end of the input or at "0 0" (which ends the file: what
 * follows is not read), -1 with err set. */
int flow_parse_size_line(gopt_text *t, long *w, long *h, gopt_text_mark *start, gopt_error *err);

void flow_parse_marks_init(flow_marks *m);
void flow_parse_marks_free(flow_marks *m);
void flow_parse_mark(flow_marks *m, int colour, gopt_text_mark at);
/* About the bytes a box of cells takes while it is built and after: per cell its node arrays
 * and display slot (25), two edges' links both ways and ends (about 100 in a plane, more with
 * layers), and the builder's neighbour table and edge list while it works (about 65). */
#define FLOW_BYTES_PER_CELL 190

static inline void flow_parse_keep(flow_builder *b, size_t bytes) { b->p->charged = bytes; }
/* Starts a rectangular (or layered) board with every cell and link, and empty marks, after
 * charging it to --memory-limit (issue 37: the input's structures count) before anything that
 * size is made; false with err at `at` when there is no room. The puzzle keeps the bytes
 * (flow_parse_keep) and gives them back when freed. */
bool flow_parse_begin_box(const gopt_text *t, gopt_text_mark at, flow_builder *b, flow_marks *m,
                          gopt_flow_format format, int layers, int rows, int cols, gopt_error *err);
/* Makes node an endpoint of the colour labelled `label`; fails at `at` on a third endpoint. */
bool flow_parse_add_endpoint(const gopt_text *t, flow_builder *b, flow_marks *m, int node, const char *label,
                             gopt_text_mark at, gopt_error *err);
/* Ends a reader: when `ok`, finishes the puzzle or fails (at the first endpoint of an
 * unpaired colour, or at `start` for a board without endpoints); otherwise (the reader has
 * set the error) aborts the builder. Frees the marks; NULL on any failure. */
gopt_flow_puzzle *flow_parse_finish(const gopt_text *t, flow_builder *b, flow_marks *m, bool ok, bool partial,
                                    gopt_text_mark start, gopt_error *err);

/* parse_adc.c: a contest question "SIZE WxH[xD]", "LINE_NUM n", "LINE#k (x,y)-(x,y)". */
gopt_flow_puzzle *flow_read_adc(gopt_text *t, bool partial, gopt_error *err);
/* parse_numbers.c: "W H", then H rows of W integers (0 empty); many per file, "0 0" ends.
 * Returns 1, 0 at the end, -1 on an error (like gopt_flow_read). */
int flow_read_intgrid(gopt_text *t, bool partial, gopt_flow_puzzle **out, gopt_error *err);
/* parse_json.c: a level as scrapers store it: a grid (array of rows, each an array of colour
 * names, "" or null empty), or an object holding one under "grid", "board" or "level"; many
 * levels as an array of them, one after another, or under "levels". Returns 1, 0, -1. */
int flow_read_json(gopt_text *t, bool partial, gopt_flow_puzzle **out, gopt_error *err);
/* An answer for a JSON level: the filled grid of colour names; writes each display
 * position's colour (-1 empty) to mark[]. */
bool flow_read_json_answer(gopt_text *t, const gopt_flow_puzzle *p, int *mark, gopt_error *err);

/* parse_url.c: a puzz.link Numberlink link (?numlin/COLS/ROWS/BODY), one per line. */
gopt_flow_puzzle *flow_read_puzzlink(gopt_text *t, bool partial, gopt_error *err);
/* parse_pzprv3.c: a pzprv3 file of Numberlink (numbers; the lines are an answer's). */
gopt_flow_puzzle *flow_read_pzprv3(gopt_text *t, bool partial, gopt_error *err);

/* parse_drawing.c: samgoldman's graph-ASCII (STANDARD, BRIDGES, HEX, WARPS). */
gopt_flow_puzzle *flow_read_drawing(gopt_text *t, bool partial, gopt_error *err);

#endif
