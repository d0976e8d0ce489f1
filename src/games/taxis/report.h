/* Output of the taxis verbs: a game's turns, experiment tables as text, CSV or JSON answers
 * (into the call's sinks), the tournament matrix, and figures through gnuplot. */
#ifndef GAMEOPT_TAXIS_REPORT_H
#define GAMEOPT_TAXIS_REPORT_H

#include <jansson.h>
#include <stdio.h>

#include "gameopt/taxis.h"

typedef enum taxis_format { TAXIS_TEXT, TAXIS_CSV, TAXIS_JSON } taxis_format;

/* One (c, N_D) point of an experiment: every player's tally. */
typedef struct taxis_point {
    int c, dups;
    gopt_taxis_tally *tallies; /* one per player */
} taxis_point;

typedef struct taxis_study {
    const gopt_taxis_graph *g;
    uint64_t seed;
    int64_t begin, end;               /* the settings played */
    int nplayers;
    const gopt_taxis_player *players;
    int npoints;
    taxis_point *points;
    bool hist;                        /* tallies carry histograms */
} taxis_study;

/* The fewest and most settings a point of the study holds: end - begin each, unless a stop
 * (--time-limit, Ctrl-C) cut the run short. */
void taxis_study_played(const taxis_study *s, int64_t *fewest, int64_t *most);
/* "N settings", or for a stopped run "stopped early: K of N settings" ("K1 to K2 of N"): what
 * titles and headers claim. Returns buf. */
const char *taxis_study_count(const taxis_study *s, char *buf, size_t size);

/* The paper's Tables 1 and 2: the 4 x 5 table of one point (players in start-major order). */
void taxis_print_table1(gopt_call *call, const taxis_study *s, taxis_format f);
/* Figures 8 and 9 (and 10-12 with histograms): every point, every player. */
void taxis_print_sweep(gopt_call *call, const taxis_study *s, taxis_format f);
/* Every game's node length per player as CSV (shards concatenate): the header, then the
 * lines of `count` settings from `first` on (lengths game-major). */
void taxis_print_per_game_header(FILE *out, const gopt_taxis_player *players, int nplayers);
void taxis_print_per_game(FILE *out, int c, int dups, int64_t first, int64_t count, const int *lengths, int nplayers);

/* Table 4: rates "first : second" for every ordered pair, with their 95 % intervals, the
 * paired comparison of every two heuristics and the paper's findings judged (findings.h;
 * joint: gopt_taxis_tournament_joint's counts). */
void taxis_print_tournament(gopt_call *call, const gopt_taxis_graph *g, const gopt_taxis_run *run, const char *const *names,
                            int nh, const gopt_taxis_match *matches, const int64_t *joint, taxis_format f);

/* The nodes of a path as "A - B - C" (no line end). */
void taxis_print_path(FILE *out, const gopt_taxis_graph *g, const int *path, int len);
/* Replays a one-player game's moves on the display, printing every turn to `out` (NULL: no
 * text; `finished`: the game ended there, which the last line says) and appending each move
 * with the display it was taken from to `json_moves` (NULL: none); under reading r's display rule
 * (keep, refill or clear). False when a move took a card that was not face up. */
bool taxis_print_turns(FILE *out, const gopt_taxis_graph *g, const gopt_taxis_setting *s, const gopt_taxis_move *moves,
                       int len, bool finished, gopt_taxis_reading r, json_t *json_moves);

/* The study's figure drawn by gnuplot, as an SVG or PNG (by file's extension) in out. Returns 1
 * when drawn, 0 when gnuplot is missing (nothing drawn), -1 with err on failure. */
int taxis_plot(const taxis_study *s, bool table1, const char *file, gopt_buf *out, gopt_error *err);

#endif
