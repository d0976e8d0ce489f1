/* Help short of the answer for Country Road (issue 31), shared by the assist files: the full
 * model (SAT + the single-loop cuts) with what a player or a step knows as literals over it,
 * the partial-answer tokens, and the deductions of explain.c reused for hints.
 *   assist_model.c     the model, the player's marks, tokens of partial answers
 *   assist_decided.c   decided cells (backbone) and two solutions with their differences
 *   assist_mistakes.c  marks no solution extends
 *   assist_hint.c      the next deduction, with its rule (or a trial, a case split)
 *   setter.c           redundant numbers and a repair by one room number
 *   assist_verbs.c     the verbs: text, JSON and option tables */
#ifndef GAMEOPT_COUNTRY_ASSIST_H
#define GAMEOPT_COUNTRY_ASSIST_H

#include "gameopt/assist.h"
#include "gameopt/backbone.h"
#include "internal.h"

/* The full model of one puzzle: the SAT model of the local rules and the lazy loop that makes
 * answers one loop. Every answer the loop accepts is a solution (docs/methods.md). */
typedef struct country_model {
    const gopt_country_puzzle *p;
    country_graph g;
    gopt_sat *s;
    gopt_cuts loop;
} country_model;

void country_model_init(country_model *m, const gopt_country_puzzle *p, double time_limit);
void country_model_free(country_model *m);
/* The variables: edges first, then cells (the graph's layout). */
static inline int country_model_nvars(const country_model *m) { return m->g.nedges + m->g.ncells; }
/* The loop of the solver's current answer (exits per cell). */
void country_model_loop(const country_model *m, uint8_t *dirs);
/* The edge of cell c's side d, or -1 (board edge, hole, stray border). */
static inline int country_side_edge(const country_graph *g, int c, int d) { return g->cell_edge[4 * c + d]; }

/* One statement of a partial answer: a side of a cell crossed or not, or the cell used or not
 * (side -1). lit is its SAT literal, 0 when no solution can hold it (a loop leaving the board). */
typedef struct country_mark {
    int cell, side;
    bool value;
    int lit;
} country_mark;

/* The statements of the puzzle's given (partial) answer, in reading order, each literal once.
 * NULL with *n = 0 when the puzzle comes without one. */
country_mark *country_marks_of(const country_model *m, int *n);

/* Knowledge of the model's variables as values -1 (unknown), 0, 1, per cell and side. */
void country_known_from_values(const country_graph *g, const int8_t *val, gopt_country_known *k);

/* Pictures (assist_render.c): decided parts in full colour and open cells greyed; two solutions
 * side by side with their differences shaded; the player's marks with the wrong ones in red and
 * a hint's step (step[0] >= 0: a cell, or the edge to step[1]) in green. */
gopt_canvas *country_decided_render(const gopt_country_puzzle *p, const gopt_country_decided *d);
gopt_canvas *country_pair_render(const gopt_country_puzzle *p, const gopt_country_pair *x);
gopt_canvas *country_marks_render(const gopt_country_puzzle *p, const gopt_country_statement *bad, int nbad, const int step[2],
                                  bool value);

#endif
