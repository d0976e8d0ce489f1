/* Flood-It: a board of w x h cells in up to 64 colours; each move recolours the region
 * connected to the start cell, which then swallows the neighbouring regions of the new
 * colour. The goal is one colour everywhere in the fewest moves.
 *
 * The exact solvers search the graph of same-colour regions (A*, and a memory-bounded
 * IDA* or DFBnB prover with a transposition table); the heuristics (greedy, a depth-3
 * lookahead, beam search) give upper bounds. Every sequence is replayed cell by cell by an
 * independent checker before it is printed. See docs/methods.md, section "flood". */
#ifndef GAMEOPT_FLOOD_H
#define GAMEOPT_FLOOD_H

#include <stdbool.h>
#include <stdint.h>
#include "gameopt/game.h"

#define GOPT_FLOOD_MAX_COLOURS 64
#define GOPT_FLOOD_MAX_SIDE 4096
#define GOPT_FLOOD_MAX_CELLS (1 << 22)
/* Longer sequences are not a Flood-It question any more (a move always floods a region,
 * so no optimal sequence is longer than the number of regions); we cap them at 65535. */
#define GOPT_FLOOD_MAX_MOVES 65535

extern const gopt_game gopt_game_flood;

/* A board and what its file said about it. Colours are indices 0..ncolours-1 into the
 * input's alphabet (`names`); moves are printed with those names. */
typedef struct gopt_flood_puzzle {
    int w, h;
    int ncolours;       /* size of the alphabet (some colours may be absent) */
    uint8_t *cells;     /* w*h colour indices, row-major */
    int start;          /* the flooded corner: a cell index */
    char **names;       /* ncolours names: "3", "a", "red" */
    bool tokens;        /* names are whitespace-separated words (print moves with spaces) */
    const char *format; /* the format it was read in (a string literal) */
    int expected;       /* the optimum the file states (99problems), or -1 */
    int limit;          /* a Tatham ID's move limit, or -1 */
    int leniency;       /* a Tatham ID's "m" (extra moves allowed), or -1 */
    bool frames;        /* pictures of solutions show a strip of frames (default on) */
    size_t charged;     /* bytes the reader charged to the memory budget (given back when freed) */
} gopt_flood_puzzle;

/* A sequence of moves (colour indices). */
typedef struct gopt_flood_solution {
    int length;
    uint8_t *moves;
} gopt_flood_solution;

/* What a solve knows besides the sequence (gopt_answer.extra). */
typedef struct gopt_flood_result {
    int lower_bound;  /* proven: no sequence is shorter */
    int upper_bound;  /* length of the best sequence found, or -1 */
    bool optimal;     /* lower_bound == upper_bound */
    int64_t nodes;    /* states expanded */
    double peak_mb;   /* the most memory the search held for this board */
} gopt_flood_result;

/* ---- model (model.c) ---- */
/* A new board of w x h cells in `ncolours` colours named "0".."9","a".. (all cells 0). */
gopt_flood_puzzle *gopt_flood_new(int w, int h, int ncolours);
void gopt_flood_free(gopt_flood_puzzle *p);
gopt_flood_solution *gopt_flood_solution_new(const uint8_t *moves, int length);
void gopt_flood_solution_free(gopt_flood_solution *s);
/* Moves as text in the board's alphabet: "6252" or, for word names, "red blue red". */
char *gopt_flood_moves_text(const gopt_flood_puzzle *p, const uint8_t *moves, int length);
/* Reads moves in the board's alphabet: characters (spaces and commas ignored) or words.
 * Returns the count, or -1 with a message in why (e.g. "'x' is not a colour of this
 * board") and the offending offset in *bad_at (may be NULL). */
int gopt_flood_moves_parse(const gopt_flood_puzzle *p, const char *text, uint8_t **moves,
                           char *why, size_t why_size, size_t *bad_at);
/* The board (and, when given, the sequence) as text in one of the formats. */
char *gopt_flood_write(const gopt_flood_puzzle *p, const gopt_flood_solution *s, const char *format);
/* Can the format hold the board? false with a sentence in why (convert.c). */
bool gopt_flood_writable(const gopt_flood_puzzle *p, const char *format, char *why, size_t why_size);
/* Is this a well-formed --start value ("ROW,COL" from 1, or ul ur ll lr m)? */
bool gopt_flood_start_valid(const char *spec);
/* Resolves a --start value on a w x h board; -1 (with why) when it is outside. */
int gopt_flood_start_cell(const char *spec, int w, int h, char *why, size_t why_size);

/* ---- input (parse.c) ---- */
/* The format of a text (grid, compact, blocks, 99problems, puchert, tatham), guessed from
 * all of it (see guess.c), or NULL when it reads two ways and nothing decides, or is not a
 * Flood-It text. */
const char *gopt_flood_guess_format(const char *data, size_t len);
/* Reads the next board in the given format (NULL: guess); options: --start, --no-frames.
 * 1 and *out on success, 0 at the end, -1 with err set. */
int gopt_flood_read(gopt_text *t, const char *format, const gopt_options *o, gopt_flood_puzzle **out,
                     gopt_error *err);

/* ---- the independent checker (check.c) ---- */
/* Replays the moves cell by cell. True when the board ends in one colour; else why says
 * what is wrong. */
bool gopt_flood_check(const gopt_flood_puzzle *p, const uint8_t *moves, int length, char *why,
                      size_t why_size);

/* ---- solving (game.c and the methods) ---- */
/* Solves with o->method (astar, ida, dfbnb, greedy, lookahead, beam). */
gopt_status gopt_flood_solve(const gopt_flood_puzzle *p, const gopt_options *o, gopt_answer *a);
/* The best admissible lower bound of the start position (max of the bounds). */
int gopt_flood_lower_bound(const gopt_flood_puzzle *p);
/* The number of same-colour regions. */
int gopt_flood_regions(const gopt_flood_puzzle *p);

/* ---- pictures (render.c) ---- */
/* The board, and with a solution the board after each move (the caller frees the canvas). */
gopt_canvas *gopt_flood_render(const gopt_flood_puzzle *p, const gopt_flood_solution *s);

#endif
