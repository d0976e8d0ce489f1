/* Backbones and cores under the lazy-constraint loop (gameopt/cuts.h).
 *
 * The *full model* is a SAT model together with the rule its separator enforces lazily (one
 * loop, no stray cycles) and the loop's assumptions. Its *backbone* is the set of literals true
 * in every answer: what every solution of a puzzle shares. A *core* is a set of literals that no
 * answer satisfies together: marks of a player that no solution extends.
 *
 * Both are exact because of how the loop answers (docs/methods.md, "Help short of the answer"):
 * an answer the separator accepts is an answer of the full model, so it may refute a literal;
 * a relaxed answer the separator cuts off is never used to refute anything; and "no answer"
 * of the relaxation (with every cut valid for the full model) proves that no answer of the
 * full model exists under the assumptions, which is what proves a literal or a core. */
#ifndef GAMEOPT_BACKBONE_H
#define GAMEOPT_BACKBONE_H

#include <stdint.h>
#include "gameopt/cuts.h"
#include "gameopt/sat.h"

/* What is known of one variable. */
typedef enum gopt_bb_value {
    GOPT_BB_OPEN = 0,    /* answers differ on it (proven by two accepted answers) */
    GOPT_BB_TRUE = 1,    /* true in every answer (proven) */
    GOPT_BB_FALSE = 2,   /* false in every answer (proven) */
    GOPT_BB_UNKNOWN = 3, /* a limit stopped the work before it was decided */
} gopt_bb_value;

typedef struct gopt_backbone_stats {
    long answers;        /* accepted answers seen (the first one included) */
    long tests;          /* calls of the lazy loop */
    long proofs;         /* of which ended with "no answer" */
} gopt_backbone_stats;

/* Called with each accepted answer (the solver holds its model). */
typedef void (*gopt_answer_fn)(void *user, gopt_sat *s);

/* Decides, for each of the n positive variables vars[i], whether it takes one value in every
 * answer of the full model (value[i]: TRUE, FALSE, OPEN). Tests chunks of literals at once: "some
 * answer flips one of them" is one call of the loop; "none" proves them all, an answer
 * refutes every literal it flips. Returns GOPT_CUTS_FOUND when every variable is decided,
 * GOPT_CUTS_NONE when the full model has no answer, GOPT_CUTS_LIMIT when a limit stopped it
 * (value[] then holds what was proven, UNKNOWN elsewhere). Literals proven without
 * assumptions are added to the solver as units (they hold in every answer). on_answer (may be
 * NULL) sees every accepted answer, the first one first. */
gopt_cuts_result gopt_backbone(gopt_sat *s, gopt_cuts *loop, const int *vars, int n, uint8_t *value,
                               gopt_answer_fn on_answer, void *user, gopt_backbone_stats *stats);

/* Do the literals lits[0..n) hold together in some answer of the full model? FOUND (the
 * solver holds that answer), NONE (proven: none does), LIMIT. The loop's own assumptions
 * hold as well. */
gopt_cuts_result gopt_cuts_sat_assuming(gopt_sat *s, gopt_cuts *loop, const int *lits, int n);

/* A core: after gopt_cuts_sat_assuming(lits) answered NONE, shrinks lits (in place, keeping
 * their order) to a subset that no answer satisfies and from which no literal can be dropped
 * (each drop was tested). Returns the new size, or -1 when a limit stopped the shrinking
 * (lits then still holds a core, not necessarily a minimal one). */
int gopt_cuts_min_core(gopt_sat *s, gopt_cuts *loop, int *lits, int n);

/* Another answer than `first` (the values 0/1 of vars[0..n) in an answer already found): a clause
 * excludes first's values on vars (for good), then, with `nearest`, while the deadline (a
 * gopt_now() time, 0: none; it becomes the solver's time limit) allows, answers that flip fewer
 * of vars (a totalizer over the flipped literals, bounded by an assumption). Returns FOUND with
 * the values of that answer in other[] (the nearest proven, or the nearest found in time),
 * NONE (no other answer), LIMIT. */
gopt_cuts_result gopt_cuts_other(gopt_sat *s, gopt_cuts *loop, const int *vars, int n, const uint8_t *first, bool nearest,
                                 double deadline, uint8_t *other);

/* A player's marks as literals (0 for a mark no answer can hold) against the full model: are they
 * all held by some answer (*completable)? If not, wrong[] gets the indexes of the marks no answer
 * holds on its own, in order (only the first unless `all`); when each fits some answer alone,
 * the indexes of a minimal core instead, with *together set. Returns FOUND (answered), NONE (the
 * full model has no answer at all), LIMIT. wrong needs room for n indexes. */
gopt_cuts_result gopt_cuts_wrong_marks(gopt_sat *s, gopt_cuts *loop, const int *lits, int n, bool all, int *wrong,
                                       int *nwrong, bool *completable, bool *together);

#endif
