/* What the Country Road files share among themselves (not public): the readers and writers
 * of each format, and the edge graph the solvers build their models on. */
#ifndef GAMEOPT_COUNTRY_INTERNAL_H
#define GAMEOPT_COUNTRY_INTERNAL_H

#include "gameopt/country.h"
#include "gameopt/gameopt.h"

/* ---- formats (one file each); readers read one puzzle at the text's position ---- */
bool country_read_url(gopt_text *t, gopt_country_puzzle **out, gopt_error *err);
bool country_read_pzprv3(gopt_text *t, gopt_country_puzzle **out, gopt_error *err);
bool country_read_block(gopt_text *t, gopt_country_puzzle **out, gopt_error *err);
bool country_read_text(gopt_text *t, gopt_country_puzzle **out, gopt_error *err);
char *country_write_url(const gopt_country_puzzle *p, const char **why);
/* penpa-edit links (format_penpa.c): is the text (s, n) one? Reads it at t's position (the
 * line's link starts there; errors point into it); writes one. */
bool country_is_penpa(const char *s, size_t n);
bool country_read_penpa(gopt_text *t, const char *s, size_t n, gopt_country_puzzle **out, gopt_error *err);
char *country_write_penpa(const gopt_country_puzzle *p, const uint8_t *dirs, const char **why);
/* The rooms the borders enclose (vb: (w-1) x h vertical ones, hb: w x (h-1) horizontal),
 * borders inside one room kept as walls; no numbers. */
gopt_country_puzzle *country_from_borders(gopt_grid g, const uint8_t *vb, const uint8_t *hb);
char *country_write_pzprv3(const gopt_country_puzzle *p, const uint8_t *dirs);
char *country_write_block(const gopt_country_puzzle *p, const uint8_t *dirs);
char *country_write_text(const gopt_country_puzzle *p, const uint8_t *dirs, const char **why);

/* Shared by the readers: a room number written in a file, "?" for UNKNOWN. */
bool country_read_number(gopt_text *t, long *out, gopt_error *err);
/* Rows of loop tokens ("- se sw ...") into p->given, one line per row. */
bool country_read_loop_rows(gopt_text *t, gopt_country_puzzle *p, gopt_error *err);
/* A token of a partial answer (assist_model.c): a loop token, or "?" (nothing known), "+"
 * (used), "s?" (leaves by s, the other exit unknown). Sets the sides crossed and what is known
 * (given_known's bits); false when malformed. Complete: the token says everything. */
bool country_read_mark(const char *s, size_t len, uint8_t *on, uint8_t *known);
bool country_mark_complete(uint8_t known);
/* Appends rows of loop tokens, one line per row. */
void country_write_loop_rows(gopt_buf *b, const gopt_country_puzzle *p, const uint8_t *dirs);
/* After gopt_country_set_rooms: a cell of a second area carrying the label of an earlier
 * room, or -1 when every label makes one room. Formats that name rooms (letters, region
 * ids) refuse such labels: rooms are connected, and two areas with one name is more likely
 * a typo than a wish. */
int country_split_label(const gopt_country_puzzle *p, const int *label);

int country_loop_length(const uint8_t *dirs, int n);

/* ---- the graph under both solver models ----
 * Edges join orthogonal neighbours that are both inside the puzzle. Variables (SAT) and
 * columns + 1 (MIP) share one layout: edge e is variable 1 + e, cell c is 1 + nedges + c. */
typedef struct country_graph {
    const gopt_country_puzzle *p;
    int ncells, nedges;
    int *eu, *ev;        /* endpoints of edge e, eu < ev */
    int *cell_edge;      /* 4 per cell, by gopt_dir: the edge leaving that way, or -1 */
    /* per room, its crossing edges (one end inside, one outside): room_cross[room_cross_at[r]
     * .. room_cross_at[r + 1]) */
    int *room_cross_at, *room_cross;
    /* scratch for the separator, sized once */
    int *comp;           /* per cell: its cycle, -1 off the loop */
    int *stack;          /* per cell */
    int *cycle_cell;     /* per cycle: one of its cells */
    int *parent;         /* per cycle: union-find over cycles sharing rooms */
    int *lits, *cols;    /* a cut: nedges + 2 */
    double *coef;
    int *room_mark;      /* per room: the first cycle seen in it */
    int *room_count;     /* per room: cells of the cycle being cut */
    int *group;          /* per room: its group of cycles, -1 for none */
    int64_t cuts, room_cuts;
} country_graph;

static inline int country_edge_var(int e) { return 1 + e; }
static inline int country_cell_var(const country_graph *g, int c) { return 1 + g->nedges + c; }

void country_graph_init(country_graph *g, const gopt_country_puzzle *p);
void country_graph_free(country_graph *g);
/* The separator of the lazy loop (gameopt/cuts.h) for both engines: accepts one cycle,
 * cuts off several. */
int country_separate(void *graph, gopt_cut_sink *sink);
/* The loop of the current answer as direction bits. */
void country_graph_dirs(const country_graph *g, const bool *edge_on, uint8_t *dirs);

/* ---- methods ---- */
typedef struct country_run {
    const gopt_country_puzzle *p;
    long count;
    double time_limit;
    /* results */
    long found;
    bool complete;       /* the enumeration proved there are no more */
    bool limit;          /* a limit stopped it */
    uint8_t *first;      /* the first loop found (ncells), owned by the caller */
    uint8_t *second;     /* the second, when non-NULL (the generator looks at it) */
    gopt_counters counters;
    int64_t rounds, cuts, room_cuts;
} country_run;

/* The SAT model of the local rules (everything but "one loop"), on g's variable layout. */
gopt_sat *country_sat_model(const country_graph *g);
/* The same with each room's number under a fresh selector variable (selector[r], for rooms
 * with a number >= 0): the number holds when its selector is true, so one solver can try
 * sets of numbers through assumptions. Only for the standard rules: in the variant the
 * numbers also decide which rooms must be visited, which the 2x2 clauses and the cuts use. */
gopt_sat *country_sat_model_selected(const country_graph *g, int *selector);
void country_solve_sat(country_run *run);
void country_solve_mip(country_run *run);

/* The board after `upto` steps of an explanation: loop edges (dirs), cells known used (1) or
 * unused (0) or not yet (-1), and edges known off the loop (cut: E and S bits). */
void country_explain_state(const gopt_country_explanation *x, int upto, uint8_t *dirs, int8_t *cells, uint8_t *cut);

/* render.c, for the pictures of the assist verbs: the size of one board's picture, the board
 * (grid, room borders, numbers) at the canvas's origin, and the centre and size of cell c. */
void country_picture_size(const gopt_country_puzzle *p, double *w, double *h);
void country_picture_board(gopt_canvas *cv, const gopt_country_puzzle *p);
void country_picture_cell(const gopt_country_puzzle *p, int c, double *x, double *y, double *size);

/* ---- the gopt_game table's output functions (output.c) ---- */
/* The verbs and option tables (verbs.c). */
extern const gopt_verb country_verbs[];
extern const gopt_opt country_solve_opts[];
extern const gopt_opt country_generate_opts[];
/* The game table's generate, with --size, --empty-rooms and --clues (verbs.c). */
void *country_generate(const gopt_options *o, gopt_rng *rng, gopt_error *err);

/* The assist verbs (assist_verbs.c, issue 31): decided cells, two solutions, mistakes, a
 * hint, the setter's assistant. */
int country_run_decided(gopt_call *call);
int country_run_unique(gopt_call *call);
int country_run_mistakes(gopt_call *call);
int country_run_hint(gopt_call *call);
int country_run_setter(gopt_call *call);
extern const gopt_opt country_decided_opts[];
extern const gopt_opt country_mistakes_opts[];

void country_print(FILE *out, const void *puzzle, const gopt_answer *a, const gopt_options *o);
json_t *country_json(const void *puzzle, const gopt_answer *a, const gopt_options *o);

#endif
