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
#include "gameopt/alloc.h"
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

/* ================================================================ Flow Free / Numberlink */

#define GOPT_FLOW_EMPTY (-1)  /* known: the cell stays empty (partial coverage) */
#define GOPT_FLOW_OPEN (-2)   /* not known */

/* What is known of a filling: a colour (or GOPT_FLOW_EMPTY, GOPT_FLOW_OPEN) per node, and per
 * edge whether a path runs along it (1), not (0), or not known (-1). */
typedef struct gopt_flow_known {
    int nnodes, nedges;
    int *colour;
    int8_t *edge;
} gopt_flow_known;
void gopt_flow_known_free(gopt_flow_known *k);

/* Decided cells: the colour (or emptiness) and the links every solution shares, under the
 * puzzle's path convention. */
typedef struct gopt_flow_decided {
    gopt_status status;       /* SOLVED, INFEASIBLE, LIMIT (known keeps what is proven) */
    long solutions;           /* 1: proven unique; 2: at least two */
    gopt_flow_known known;
    int decided, open;        /* cells (bridge channels count once each) */
    gopt_flow_solution *first; /* one solution, checked; NULL when none */
    gopt_backbone_stats stats;
} gopt_flow_decided;
gopt_flow_decided *gopt_flow_decided_of(const gopt_flow_puzzle *p, const gopt_assist_options *o);
void gopt_flow_decided_free(gopt_flow_decided *d);

/* Two solutions (the second with the fewest links changed) and the nodes where they differ. */
typedef struct gopt_flow_pair {
    gopt_status status;
    long solutions;           /* 0, 1 (proven unique under the convention), 2 */
    gopt_flow_solution *first, *second;
    int ndiffer;
    int *differ;              /* nodes whose colour or links differ, in node order */
} gopt_flow_pair;
gopt_flow_pair *gopt_flow_pair_of(const gopt_flow_puzzle *p, const gopt_assist_options *o);
void gopt_flow_pair_free(gopt_flow_pair *x);

/* A partial answer: per node a colour, GOPT_FLOW_EMPTY or GOPT_FLOW_OPEN (docs/formats.md: '?'
 * is unknown; '.' is empty under partial coverage, unknown under full coverage). */
typedef struct gopt_flow_marks {
    int nnodes;
    int *colour;
} gopt_flow_marks;
/* Reads a partial answer in the puzzle's own format; false with err set. */
bool gopt_flow_read_marks(gopt_text *t, const gopt_flow_puzzle *p, gopt_flow_marks *m, gopt_error *err);
void gopt_flow_marks_free(gopt_flow_marks *m);

typedef struct gopt_flow_mistakes {
    gopt_status status;       /* SOLVED, INFEASIBLE (the puzzle has no solution), LIMIT */
    int marks;                /* cells the answer fills (endpoints left out) */
    bool completable;
    bool together;            /* as for Country Road */
    int nwrong;
    int *wrong;               /* nodes whose mark is wrong, in node order (the first unless o->all) */
} gopt_flow_mistakes;
gopt_flow_mistakes *gopt_flow_mistakes_of(const gopt_flow_puzzle *p, const gopt_flow_marks *m, const gopt_assist_options *o);
void gopt_flow_mistakes_free(gopt_flow_mistakes *x);

/* The rules of Flow deductions (docs/methods.md), simplest first. */
typedef enum gopt_flow_rule {
    GOPT_FLOW_RULE_LINKS,      /* "two links": a cell has its two links (an endpoint its one) */
    GOPT_FLOW_RULE_FORCED,     /* "forced move": a path end with one way left */
    GOPT_FLOW_RULE_DEAD_END,   /* "dead end": a cell with two ways left takes both (or, partially,
                                * one with fewer stays empty) */
    GOPT_FLOW_RULE_COLOURS,    /* "different colours": a link never joins two colours */
    GOPT_FLOW_RULE_LOOP,       /* "no loop": a link never closes a loop */
    GOPT_FLOW_RULE_TOUCH,      /* "untouching": neighbours of one colour are linked (convention) */
    GOPT_FLOW_RULE_CORNER,     /* "corner rule": the cell inside a turn links to neither side */
    GOPT_FLOW_RULE_REGION,     /* "region cut off": only one colour (or none) can reach a cell */
    GOPT_FLOW_RULE_BOTTLENECK, /* "bottleneck": every way between a colour's ends passes here */
    GOPT_FLOW_RULE_TRIAL,      /* "trial": the other value breaks a rule a few steps later */
    GOPT_FLOW_RULE_GUESS,      /* "guess": nothing decides; the solution's value is taken */
} gopt_flow_rule;
const char *gopt_flow_rule_name(gopt_flow_rule r);

/* One deduction: a link (edge >= 0: on or off by `value`) or a node's colour (edge < 0: node
 * takes colour, GOPT_FLOW_EMPTY for empty), by `rule`, looking at node `at`; a trial names the
 * rule the other value broke in `because`. */
typedef struct gopt_flow_step {
    int edge;
    bool value;
    int node, colour;
    gopt_flow_rule rule, because;
    int at;
} gopt_flow_step;

/* The whole chain of deductions to the solution, each step checked against every solution
 * (a backbone under the guesses made before it). */
typedef struct gopt_flow_explanation {
    gopt_status status;       /* SOLVED (steps end with a solution, all checked), INFEASIBLE,
                               * LIMIT, ERROR (a step failed its check: never printed as sound) */
    const gopt_flow_puzzle *p;
    gopt_flow_step *steps;
    int nsteps, guesses, trials;
    long solutions;           /* 1, or 2 when at least two */
    gopt_flow_solution *solution; /* where the steps end */
    char note[256];
} gopt_flow_explanation;
gopt_flow_explanation *gopt_flow_explain(const gopt_flow_puzzle *p, const gopt_assist_options *o);
void gopt_flow_explanation_free(gopt_flow_explanation *x);
/* "r2c3-r2c4 linked (the path end at r2c3 has one way left)" */
void gopt_flow_step_text(const gopt_flow_puzzle *p, const gopt_flow_step *st, gopt_buf *b);

/* The next deduction from a partial answer (NULL marks: from the puzzle alone). */
typedef struct gopt_flow_hint {
    gopt_status status;
    gopt_hint_kind kind;
    gopt_flow_step step;      /* RULE, TRIAL, SPLIT: the deduction */
    gopt_flow_step split;     /* SPLIT: the variable split on (its edge or node); GUESS: the one to try */
    char text[400];
} gopt_flow_hint;
gopt_flow_hint *gopt_flow_hint_of(const gopt_flow_puzzle *p, const gopt_flow_marks *m, const gopt_assist_options *o);
void gopt_flow_hint_free(gopt_flow_hint *h);

/* The setter's assistant for Flow: is the puzzle unique under its path convention, and if not,
 * a repair: splits of paths of a solution, each cutting one path at one link into two (the first
 * part keeps its colour and ends at `end`, a new colour runs from `new_end` to the old far
 * endpoint), one when one suffices. Checked: the repaired puzzle counts exactly one solution. */
typedef struct gopt_flow_split {
    char colour[GOPT_FLOW_LABEL];     /* the path split (its label) */
    char new_colour[GOPT_FLOW_LABEL]; /* the new colour's label */
    int end, new_end;                 /* nodes (the same in the repaired puzzle) */
} gopt_flow_split;

typedef struct gopt_flow_setter {
    gopt_status status;
    long solutions;
    int nsplits;
    gopt_flow_split *splits;
    gopt_flow_puzzle *repaired; /* proven unique; NULL when no repair was found */
} gopt_flow_setter;
gopt_flow_setter *gopt_flow_setter_of(const gopt_flow_puzzle *p, const gopt_assist_options *o);
void gopt_flow_setter_free(gopt_flow_setter *x);

/* ================================================================ for the families' verbs */

/* The call's time limit and --all (when the verb has it). */
gopt_assist_options gopt_assist_options_of(const gopt_call *call);
/* {"name": name, "status": the status word} */
json_t *gopt_assist_head(const char *name, gopt_status s);
/* Adds the seconds since w (wall and CPU) and prints the object as one JSON line. */
void gopt_assist_emit(gopt_call *call, json_t *j, const gopt_stopwatch *w);
/* One puzzle of a verb: prints its answer (text or JSON) and returns its status. */
typedef gopt_status (*gopt_assist_one)(gopt_call *call, size_t index, const char *name, const void *puzzle,
                                       const gopt_assist_options *o, const gopt_stopwatch *w, void *ctx);
/* Runs one() on every puzzle of b in order, then frees b; returns the exit code (the worst status). */
int gopt_assist_each(gopt_call *call, const gopt_game *g, gopt_batch *b, gopt_assist_one one, void *ctx);

/* `decided`'s counts: "unique" (true, false, or null when not known), "decided", "open", and
 * with --stats "stats" {"answers", "tests", "proofs"}. */
void gopt_assist_decided_json(const gopt_call *call, json_t *j, gopt_status s, long solutions, int decided, int open,
                              const gopt_backbone_stats *st);
/* The words for what is known of the count: "unique", "not unique", "no solution", "unknown". */
const char *gopt_assist_count_words(gopt_status s, long solutions);
/* A hint as JSON: {"kind", "rule", "step", "split", "text"}, kind null unless the status is
 * solved (takes step and split, which may be JSON nulls). */
json_t *gopt_assist_hint_json(gopt_status s, gopt_hint_kind k, const char *rule, json_t *step, json_t *split, const char *text);
/* A hint for people: "NAME: RULE: TEXT", "NAME: trial: TEXT" or "NAME: TEXT". */
void gopt_assist_print_hint(gopt_call *call, const char *name, gopt_hint_kind k, const char *rule, const char *text);

/* What `mistakes` says of the marks, the same for every family. `text(ctx, k, buf)` writes the
 * k-th wrong mark in words; `json(ctx, k)` as an object. "marks" counts statements ("filled
 * cells" in `noun`). */
typedef struct gopt_assist_verdict {
    gopt_status status;
    int marks;
    bool completable, together, all;
    int nwrong;
    const char *noun;  /* "marks", "filled cells" */
    void (*text)(void *ctx, int k, gopt_buf *b);
    json_t *(*json)(void *ctx, int k);
    void *ctx;
} gopt_assist_verdict;
/* Prints the verdict (text or JSON, j the object begun with gopt_assist_head) and returns the
 * status the exit code reports (infeasible when no solution extends the marks). */
gopt_status gopt_assist_print_verdict(gopt_call *call, const char *name, json_t *j, const gopt_assist_verdict *v,
                                      const gopt_stopwatch *w);

#endif
