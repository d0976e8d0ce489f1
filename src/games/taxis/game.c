/* The gopt_game table of taxis: the online path extension problem of Thurn & Taxis. A
 * setting (a dealt deck on a graph) is the puzzle of the generic drivers and its ideal path
 * (the longest TT-path, deck known) the answer; the family's other questions (play a game,
 * the paper's experiments, tournaments) are its own verbs (verbs.c). */
#include <stdlib.h>

#include "gameopt/json.h"
#include "gameopt/require.h"
#include "internal.h"

/* ---- settings as puzzles: the slots of the generic drivers ---- */

extern const gopt_game gopt_game_taxis;

static const char *const taxis_formats[] = {"setting", NULL};
/* In the order of gopt_taxis_method. */
static const char *const taxis_methods[] = {"search", "mip", NULL};

/* A setting with the graph it is dealt on (each puzzle owns its graph: puzzles of one file
 * are freed one by one, and the bundled graph is small). */
typedef struct taxis_puzzle {
    gopt_taxis_graph *g;
    gopt_taxis_setting *s;
} taxis_puzzle;

/* The ideal path found. */
typedef struct taxis_solution {
    int len;
    int *path;
} taxis_solution;

static gopt_taxis_graph *graph_of(const gopt_options *o, const gopt_opt *table, gopt_error *err) {
    const char *format = gopt_option(o, "graph-format");
    return gopt_taxis_graph_load(o, gopt_opt_string(o, table, "graph"), format, err);
}

static int parse(gopt_text *t, const gopt_options *o, void **puzzle, gopt_error *err) {
    gopt_taxis_graph *g = graph_of(o, taxis_solve_opts, err);
    if (!g) return -1;
    gopt_taxis_setting *s = NULL;
    int r = gopt_taxis_setting_read(t, g, &s, err);
    if (r != 1) {
        gopt_taxis_graph_free(g);
        return r;
    }
    taxis_puzzle *p = gopt_calloc(1, sizeof *p);
    *p = (taxis_puzzle){g, s};
    *puzzle = p;
    return 1;
}

static void free_puzzle(void *puzzle) {
    taxis_puzzle *p = puzzle;
    gopt_taxis_setting_free(p->s);
    gopt_taxis_graph_free(p->g);
    free(p);
}

static void free_solution(void *solution) {
    taxis_solution *x = solution;
    free(x->path);
    free(x);
}

static gopt_status solve(const void *puzzle, const gopt_options *o, gopt_answer *a) {
    const taxis_puzzle *p = puzzle;
    int m = gopt_method_index(&gopt_game_taxis, o->method);
    GOPT_REQUIRE(m >= 0, "unknown method '%s'", o->method);
    gopt_taxis_ideal_options how = {(gopt_taxis_method)m, o->time_limit, 1, GOPT_TAXIS_MIP_START_SEARCH};
    gopt_taxis_solver *w = gopt_taxis_solver_new(p->g);
    gopt_taxis_move *moves = gopt_malloc((size_t)p->g->n * sizeof *moves);
    gopt_taxis_ideal r = {0};
    gopt_status st = gopt_taxis_ideal_solve(w, p->s, &how, moves, &r);
    gopt_taxis_solver_free(w);
    a->method = taxis_methods[m];
    a->counters = r.counters;
    snprintf(a->note, sizeof a->note, "%s", r.note);
    if (st == GOPT_SOLVED || (st == GOPT_LIMIT && r.length > 0)) {
        taxis_solution *x = gopt_calloc(1, sizeof *x);
        x->len = r.length;
        x->path = gopt_malloc((size_t)p->g->n * sizeof *x->path);
        gopt_taxis_path_of_moves(moves, r.length, x->path);
        a->solution = x;
    }
    if (st == GOPT_LIMIT) snprintf(a->note, sizeof a->note, "the ideal node length is %d..%d", r.length, r.bound);
    free(moves);
    return st;
}

static bool check(const void *puzzle, const void *solution, char *why, size_t size) {
    const taxis_puzzle *p = puzzle;
    const taxis_solution *x = solution;
    /* the ideal path is always finished: a face-up node that extended it would make a longer one */
    return gopt_taxis_check_path(p->g, p->s, x->path, x->len, true, why, size);
}

static char *path_text(const taxis_puzzle *p, const taxis_solution *x) {
    gopt_buf b = {0};
    gopt_buf_puts(&b, "");
    for (int k = 0; x && k < x->len; k++) gopt_buf_printf(&b, "%s%s", k ? " " : "", gopt_taxis_name(p->g, x->path[k]));
    return gopt_buf_take(&b);
}

static char *format(const void *puzzle, const void *solution, const char *fmt) {
    const taxis_puzzle *p = puzzle;
    char *text = gopt_taxis_setting_format(p->g, p->s);
    if (!solution) return text;
    char *path = path_text(p, solution);
    char *both = gopt_format("%s# ideal path, node length %d: %s\n", text, ((const taxis_solution *)solution)->len, path);
    free(text);
    free(path);
    (void)fmt;
    return both;
}

static void print(FILE *out, const void *puzzle, const gopt_answer *a, const gopt_options *o) {
    const taxis_solution *x = a->solution;
    char *path = path_text(puzzle, x);
    if (a->status == GOPT_SOLVED) fprintf(out, "%s: node length %d (%s): %s\n", a->name, x->len, a->method, path);
    else fprintf(out, "%s: %s: %s%s%s\n", a->name, gopt_status_name(a->status), a->note, x ? ": " : "", path);
    free(path);
    (void)o;
}

static json_t *to_json(const void *puzzle, const gopt_answer *a, const gopt_options *o) {
    const taxis_puzzle *p = puzzle;
    const taxis_solution *x = a->solution;
    json_t *j = json_object(), *names = json_array();
    json_object_set_new(j, "length", x ? json_integer(x->len) : json_null());
    for (int k = 0; x && k < x->len; k++) json_array_append_new(names, json_string(gopt_taxis_name(p->g, x->path[k])));
    json_object_set_new(j, "path", names);
    (void)o;
    return j;
}

static gopt_canvas *render(const void *puzzle, const void *solution) {
    const taxis_puzzle *p = puzzle;
    const taxis_solution *x = solution;
    gopt_taxis_overlay ideal = {x ? x->path : NULL, x ? x->len : 0, "ideal"};
    return gopt_taxis_render(p->g, p->s, x ? &ideal : NULL, x ? 1 : 0);
}

/* A random setting of --c face-up cards and --dups copies of each node. */
static void *generate(const gopt_options *o, gopt_rng *rng, gopt_error *err) {
    gopt_taxis_graph *g = graph_of(o, taxis_generate_opts, err);
    if (!g) return NULL;
    int c = (int)gopt_opt_int(o, taxis_generate_opts, "c"), dups = (int)gopt_opt_int(o, taxis_generate_opts, "dups");
    char why[160];
    if (!gopt_taxis_params_valid(g->n, c, dups, why, sizeof why)) {
        gopt_fail(err, "--c", 0, 0, "%s", why);
        gopt_taxis_graph_free(g);
        return NULL;
    }
    taxis_puzzle *p = gopt_calloc(1, sizeof *p);
    *p = (taxis_puzzle){g, gopt_taxis_setting_new(g->n, c, dups)};
    gopt_taxis_deal(p->s, rng);
    return p;
}

static const char taxis_help[] =
    "A deck holds every node of a graph N_D times; c cards lie face up. A path starts on a\n"
    "face-up node and grows at either end by face-up neighbours; a taken card is replaced by\n"
    "the next of the deck. Heuristics (Kraus, Klamroth, Stiglmayr, Table 3): rs, md, mt, lcc,\n"
    "pp, or any START+EXTENSION with START in random, degree, connected, longestpath and\n"
    "EXTENSION in random, degree, tentacles, connected, longestpath; and mc (ours): per move,\n"
    "K sampled orders of the unseen cards, each played out by pp (--mc-eval ideal: solved\n"
    "exactly by the ideal-path search instead).\n"
    "Graphs: --graph thurn-taxis (bundled, 22 cities) or a .board, .graphml, .gml, .ncol or\n"
    "edge-list file. Settings: `dups D`, `initial NAMES`, `extension NAMES` lines\n"
    "(docs/formats.md); setting i of --seed S is the same deck in every verb.\n"
    "\nexamples:\n"
    "  gameopt taxis play --heuristic pp --seed 7 --output game.svg\n"
    "  gameopt taxis experiment table1 --games 10000 --threads 2\n"
    "  gameopt taxis experiment sweep --c 4..8 --dups 1..3 --plot sweep.svg\n"
    "  gameopt taxis tournament --games 100000 --json\n"
    "  gameopt taxis experiment sweep --heuristics pp,mc,ideal --c 6 --dups 2 --games 2000\n";

const gopt_game gopt_game_taxis = {
    .name = "taxis",
    .summary = "the online path extension problem of Thurn & Taxis",
    .formats = taxis_formats,
    .methods = taxis_methods,
    .verbs = taxis_verbs,
    .help = taxis_help,
    .parse = parse,
    .format = format,
    .solve = solve,
    .check = check,
    .print = print,
    .to_json = to_json,
    .render = render,
    .generate = generate,
    .free_puzzle = free_puzzle,
    .free_solution = free_solution,
};
