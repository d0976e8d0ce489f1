/* Help short of the answer (issue 31), for Country Road and Flow: what every solution shares
 * (decided cells), two solutions and where they differ, the mistakes of a player's partial
 * answer, the next deduction with its rule, and a setter's assistant. Each answer comes from
 * SAT tests against the full model (the lazy cuts included), never from enumerating solutions;
 * docs/methods.md says why each one is exact. The verbs (`decided`, `unique`, `mistakes`, `hint`,
 * `setter`, flow `explain`) print these; docs/formats.md has their text and JSON. */
#ifndef GAMEOPT_ASSIST_H
#define GAMEOPT_ASSIST_H

#include <stdbool.h>
#include <stdint.h>
#include "gameopt/backbone.h"
#include "gameopt/country.h"
#include "gameopt/flow.h"
#include "gameopt/game.h"

typedef struct gopt_assist_options {
    double time_limit; /* seconds, 0: none; a limit keeps what is proven (GOPT_LIMIT) */
    bool all;          /* mistakes: every wrong mark, not only the first */
} gopt_assist_options;

/* The kinds of hint: a rule forces the step; a trial (the other value breaks a rule a few steps
 * later); a case split (either value of one cell leads to the same step); nothing in one step (a
 * guess is needed); the partial answer already contradicts every solution; nothing is left. */
typedef enum gopt_hint_kind {
    GOPT_HINT_RULE,
    GOPT_HINT_TRIAL,
    GOPT_HINT_SPLIT,
    GOPT_HINT_GUESS,
    GOPT_HINT_MISTAKE,
    GOPT_HINT_DONE,
} gopt_hint_kind;
/* "rule", "trial", "split", "guess", "mistake", "done" */
const char *gopt_hint_kind_name(gopt_hint_kind k);

/* ================================================================ Country Road */

/* What is known of a loop, cell by cell: decided parts, a player's marks, a hint's state. */
typedef struct gopt_country_known {
    int ncells;
    uint8_t *on;     /* sides (GOPT_DIR_BIT) the loop crosses */
    uint8_t *off;    /* sides it does not cross (a side without an edge always) */
    int8_t *used;    /* 1 on the loop, 0 not, -1 not known (holes: 0) */
} gopt_country_known;
void gopt_country_known_free(gopt_country_known *k);
/* Everything of cell c is known: its use and its four sides. */
bool gopt_country_known_cell(const gopt_country_known *k, int c);
/* Cell c as a partial-answer token: "se", "-", "s?", "+" or "?" (docs/formats.md). */
const char *gopt_country_known_token(const gopt_country_known *k, int c, char buf[4]);

/* Decided cells: what every solution shares (a SAT backbone over edges and cells). */
typedef struct gopt_country_decided {
    gopt_status status;       /* SOLVED, INFEASIBLE (no solution), LIMIT (known keeps what is proven) */
    long solutions;           /* 1: proven unique; 2: at least two */
    gopt_country_known known; /* what every solution shares */
    int decided, open;        /* cells (holes left out) with everything decided, and the others */
    uint8_t *loop;            /* one solution (exits per cell), NULL when none was found */
    gopt_backbone_stats stats;
} gopt_country_decided;
gopt_country_decided *gopt_country_decided_of(const gopt_country_puzzle *p, const gopt_assist_options *o);
void gopt_country_decided_free(gopt_country_decided *d);

/* Two solutions and the cells where they differ (the second nearest the first: fewest loop
 * edges changed), or one solution proven unique. */
typedef struct gopt_country_pair {
    gopt_status status;       /* SOLVED, INFEASIBLE, LIMIT */
    long solutions;           /* 0, 1 (proven unique) or 2 */
    uint8_t *first, *second;  /* loops (exits per cell); second NULL unless two */
    int ndiffer;
    int *differ;              /* the cells whose exits differ, in reading order */
} gopt_country_pair;
gopt_country_pair *gopt_country_pair_of(const gopt_country_puzzle *p, const gopt_assist_options *o);
void gopt_country_pair_free(gopt_country_pair *x);

/* One statement of a partial answer: side `side` of cell `cell` crossed or not (value), or,
 * with side -1, the cell used or not. */
typedef struct gopt_country_statement {
    int cell, side;
    bool value;
} gopt_country_statement;

/* The player's partial answer against every solution. */
typedef struct gopt_country_mistakes {
    gopt_status status;       /* SOLVED: answered; INFEASIBLE: the puzzle has no solution; LIMIT */
    int marks;                /* statements the partial answer makes */
    bool completable;         /* some solution extends them all */
    bool together;            /* the wrong marks contradict every solution only together (a set
                               * from which none can be dropped); else each one does alone */
    int nwrong;
    gopt_country_statement *wrong; /* in reading order; only the first unless o->all (together: all) */
} gopt_country_mistakes;
/* The marks are the puzzle's given answer (p->given, p->given_known). */
gopt_country_mistakes *gopt_country_mistakes_of(const gopt_country_puzzle *p, const gopt_assist_options *o);
void gopt_country_mistakes_free(gopt_country_mistakes *x);

/* The next deduction from the player's marks (none: from the puzzle alone). A variable is an
 * edge between two cells (cells[1] >= 0) or a cell (cells[1] = -1). */
typedef struct gopt_country_hint {
    gopt_status status;       /* SOLVED: a hint (any kind); INFEASIBLE: no solution; LIMIT */
    gopt_hint_kind kind;
    gopt_country_rule rule;   /* RULE: the rule; TRIAL: the rule the other value breaks */
    int cells[2];             /* the step's variable (RULE, TRIAL, SPLIT) */
    bool value;               /* on the loop / used, or not */
    int split[2];             /* SPLIT: the variable split on; GUESS: the one to try */
    char text[400];           /* one line for people, in the words of `country explain` */
} gopt_country_hint;
gopt_country_hint *gopt_country_hint_of(const gopt_country_puzzle *p, const gopt_assist_options *o);
void gopt_country_hint_free(gopt_country_hint *h);

/* The setter's assistant: which numbers may go, or how to make the puzzle unique. */
typedef struct gopt_country_setter {
    gopt_status status;       /* SOLVED, INFEASIBLE (no solution at all), LIMIT */
    long solutions;           /* 1: unique; 2: at least two */
    int nredundant;
    int *redundant;           /* rooms whose number can go (alone) with the solution staying unique */
    int ntogether;
    int *together;            /* rooms whose numbers can all go at once (chosen greedily) */
    int nrepair;
    int *repair_room;         /* not unique: numbers to add (one when one suffices), checked */
    int *repair_number;
    gopt_country_puzzle *repaired; /* the puzzle with them, proven unique (NULL when none) */
} gopt_country_setter;
gopt_country_setter *gopt_country_setter_of(const gopt_country_puzzle *p, const gopt_assist_options *o);
void gopt_country_setter_free(gopt_country_setter *x);

#endif
