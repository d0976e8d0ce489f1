/* What the taxis files share among themselves and with the tests: the name tokens of our
 * text formats, and the two instantiations of the game engine (one 64-bit mask per node set
 * when n <= 64, GOPT_TAXIS_WIDE_WORDS words beyond). */
#ifndef GAMEOPT_TAXIS_INTERNAL_H
#define GAMEOPT_TAXIS_INTERNAL_H

#include "gameopt/alloc.h"
#include "gameopt/bitset.h"
#include "gameopt/game.h"
#include "gameopt/taxis.h"

/* The verbs and their option tables (verbs.c). */
extern const gopt_verb taxis_verbs[];
extern const gopt_opt taxis_solve_opts[];
extern const gopt_opt taxis_generate_opts[];
/* `turn`: a position of a game a person plays (turn.c). */
extern const gopt_opt taxis_turn_opts[];
int taxis_run_turn(gopt_call *call);

/* Longest node name our text formats accept, in bytes. */
#define TAXIS_NAME_MAX 255

/* Skips spaces and a comment; true when the line (or the text) ends there. */
bool taxis_lex_line_end(gopt_text *t);
/* Consumes the rest of the line and its '\n'. */
void taxis_lex_next_line(gopt_text *t);
/* Skips blank lines and comment lines. */
void taxis_lex_skip_blank(gopt_text *t);
/* Reads one name: bare (up to white space or '#') or "quoted" with \" and \\ escapes (no
 * control characters). The caller is at a non-space character. buf must hold
 * TAXIS_NAME_MAX + 1 bytes. */
bool taxis_lex_name(gopt_text *t, char *buf, gopt_error *err);
/* Appends a name so that taxis_lex_name reads it back (quoted only when needed). */
void taxis_name_append(gopt_buf *b, const char *name);

/* The engine, once per mask width (engine.h included by engine64.c and enginewide.c). */
int taxis_play_64(const gopt_taxis_graph *g, const gopt_taxis_setting *s, gopt_taxis_heuristic h, gopt_rng *rng,
                  gopt_taxis_move *moves);
int taxis_play_wide(const gopt_taxis_graph *g, const gopt_taxis_setting *s, gopt_taxis_heuristic h, gopt_rng *rng,
                    gopt_taxis_move *moves);
gopt_taxis_outcome taxis_duel_64(const gopt_taxis_graph *g, const gopt_taxis_setting *s,
                                 const gopt_taxis_heuristic h[2], gopt_taxis_reading r, gopt_rng *rng,
                                 gopt_taxis_duel_move *moves, int *nmoves, int length[2]);
gopt_taxis_outcome taxis_duel_wide(const gopt_taxis_graph *g, const gopt_taxis_setting *s,
                                   const gopt_taxis_heuristic h[2], gopt_taxis_reading r, gopt_rng *rng,
                                   gopt_taxis_duel_move *moves, int *nmoves, int length[2]);

/* One decision of heuristic h, for the tests: the path nodes[0..len) (p_1 first; len 0 asks
 * for a start) and the face-up cards display[0..ndisplay). False when the path cannot grow. */
bool taxis_decide_64(const gopt_taxis_graph *g, gopt_taxis_heuristic h, const int *nodes, int len, const int *display,
                     int ndisplay, gopt_rng *rng, int *node, gopt_taxis_end *end);
bool taxis_decide_wide(const gopt_taxis_graph *g, gopt_taxis_heuristic h, const int *nodes, int len, const int *display,
                       int ndisplay, gopt_rng *rng, int *node, gopt_taxis_end *end);
bool taxis_decide(const gopt_taxis_graph *g, gopt_taxis_heuristic h, const int *nodes, int len, const int *display,
                  int ndisplay, gopt_rng *rng, int *node, gopt_taxis_end *end);

/* The exact search (search.h), once per mask width: a solver with 2^memo_bits buckets of
 * remembered states, and one run on a setting (the moves of an ideal path into `moves`). */
void *taxis_search_new_64(const gopt_taxis_graph *g, int memo_bits);
void *taxis_search_new_wide(const gopt_taxis_graph *g, int memo_bits);
void taxis_search_free_64(void *search);
void taxis_search_free_wide(void *search);
gopt_status taxis_search_run_64(void *search, const gopt_taxis_setting *s, double time_limit, gopt_taxis_move *moves,
                                gopt_taxis_ideal *result);
gopt_status taxis_search_run_wide(void *search, const gopt_taxis_setting *s, double time_limit,
                                  gopt_taxis_move *moves, gopt_taxis_ideal *result);

/* The integer program (solve_mip.c): a run on a setting, like the search's. known[0..known_len)
 * is a TT-path to start from (the search's, or known_len 0 for none); CBC must still prove
 * that nothing longer exists. */
gopt_status taxis_mip_run(const gopt_taxis_graph *g, const gopt_taxis_setting *s, const gopt_taxis_ideal_options *o,
                          const gopt_taxis_move *known, int known_len, gopt_taxis_move *moves,
                          gopt_taxis_ideal *result);

/* Rebuilds the masks of g with `words` words per node (1 needs n <= 64). The tests use it
 * to run one small graph through both engines and compare every move. */
void taxis_graph_set_words(gopt_taxis_graph *g, int words);

#endif
