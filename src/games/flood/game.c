/* Flood-It behind the gopt_game table: method dispatch, answers as text and JSON, random
 * boards. The methods live in astar.c, prover.c and heuristic.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "gameopt/alloc.h"
#include "gameopt/json.h"
#include "gameopt/progress.h"
#include "gameopt/require.h"
#include "gameopt/timer.h"

static const char *const flood_formats[] = {"grid", "compact", "blocks", "99problems", "puchert", "tatham", NULL};
/* The methods, in the order of flood_method. */
static const char *const flood_methods[] = {"astar", "ida", "dfbnb", "greedy", "lookahead", "beam", NULL};
typedef enum flood_method { FLOOD_ASTAR, FLOOD_IDA, FLOOD_DFBNB, FLOOD_GREEDY, FLOOD_LOOKAHEAD, FLOOD_BEAM } flood_method;

/* The beam width the exact methods use for their first upper bound: narrow on small boards,
 * where the search is quick anyway, wider on big ones, where a tight upper bound keeps most
 * states out of memory (A* stores only states with f below it). */
flood_astar_fn *flood_astar_search = flood_astar;

/* The beam that gives the exact methods their first upper bound: --beam-width when given,
 * else by board size. A* stores every node below that bound, and its tentative cut only
 * absorbs a bound one move too long, so on large boards a wide beam pays: on the ten b28c6
 * boards (430 regions and more) width 64 was two moves long on boards 4, 6 and 7, width
 * 4096 (about half a second there) is the optimum on seven of the eight proven ones; a time
 * limit under 30 s keeps the narrow one. */
static int upper_bound_width(const flood_graph *g, const gopt_options *o, int width) {
    if (gopt_option(o, "beam-width")) return width;
    bool hurried = o->time_limit > 0 && o->time_limit < 30; /* the wide beam would eat it */
    return g->nregions <= 250 ? 8 : g->nregions <= 400 || hurried ? 64 : 4096;
}

/* Without --memory-limit a search may use half the machine's memory (its threads share it:
 * with --threads N a batch of several boards runs each on one thread). */
static double default_memory_bytes(void) {
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    double total = pages > 0 && size > 0 ? (double)pages * (double)size : 8e9;
    return total / 2;
}


int gopt_flood_regions(const gopt_flood_puzzle *p) {
    flood_graph g;
    char why[160];
    if (!flood_graph_build(&g, p, why, sizeof why)) return -1;
    int n = g.nregions;
    flood_graph_free(&g);
    return n;
}

static int root_bound(const flood_graph *g) {
    size_t nw = (size_t)g->nwords;
    uint64_t *F = gopt_malloc(4 * nw * sizeof *F), *border = F + nw;
    int forced = flood_start(g, F, border, F + 2 * nw, NULL);
    flood_bounder b;
    flood_bounder_init(&b, g);
    int h = gopt_bits_any(border, nw) ? flood_bound(&b, F, border) : 0;
    flood_bounder_free(&b);
    free(F);
    return forced + h;
}

int gopt_flood_lower_bound(const gopt_flood_puzzle *p) {
    flood_graph g;
    char why[160];
    if (!flood_graph_build(&g, p, why, sizeof why)) return -1;
    int lb = root_bound(&g);
    flood_graph_free(&g);
    return lb;
}

gopt_status gopt_flood_solve(const gopt_flood_puzzle *p, const gopt_options *o, gopt_answer *a) {
    int m = gopt_method_index(&gopt_game_flood, o->method);
    GOPT_REQUIRE(m >= 0, "unknown method '%s'", o->method);
    a->method = flood_methods[m];
    flood_graph g;
    char why[200];
    if (!flood_graph_build(&g, p, why, sizeof why)) {
        snprintf(a->note, sizeof a->note, "%s", why);
        gopt_flood_result *r = gopt_calloc(1, sizeof *r); /* what is proven all the same */
        r->lower_bound = flood_cell_lower_bound(p);
        r->upper_bound = -1;
        a->extra = r;
        return GOPT_LIMIT;
    }
    double start = gopt_now();
    flood_limits lim = {
        .deadline = o->time_limit > 0 ? start + o->time_limit : 0,
        .memory_bytes = o->memory_limit_mb > 0 ? o->memory_limit_mb * 1048576.0 : default_memory_bytes(),
        .threads = o->threads,
        .cache_share = FLOOD_TAIL_CACHE_SHARE,
        .light = g.nregions > FLOOD_LIGHT_REGIONS ? FLOOD_LIGHT_EVERY : 0,
        .checkpoint = gopt_files_of(o) ? gopt_option(o, "checkpoint") : NULL,
        .files = gopt_files_of(o),
    };
    int width = (int)gopt_opt_int(o, flood_solve_opts, "beam-width");
    int depth = (int)gopt_opt_int(o, flood_solve_opts, "depth");
    int lb = root_bound(&g);
    flood_outcome out;
    if (m == FLOOD_GREEDY) {
        flood_greedy(&g, &out);
    } else if (m == FLOOD_LOOKAHEAD) {
        flood_lookahead(&g, depth, &out);
    } else if (m == FLOOD_BEAM) {
        flood_beam(&g, width, &out);
    } else {
        flood_outcome ub;
        gopt_progress *progress = gopt_progress_current();
        gopt_progress_status(progress, "at least %d moves; looking for a first solution", lb);
        flood_beam(&g, upper_bound_width(&g, o, width), &ub);
        gopt_progress_status(progress, "at least %d moves, at most %d", lb, ub.length);
        /* --shorter-than N below the beam's length: the search looks only below N (a part of
         * a split board needs no more); finding nothing there, it answers with the beam's
         * sequence and the proven bound N. */
        int below = (int)gopt_opt_int(o, flood_solve_opts, "shorter-than");
        bool below_only = below > 0 && below < ub.length;
        const uint8_t *ub_moves = below_only ? NULL : ub.moves;
        int ub_len = below_only ? below : ub.length;
        if (m == FLOOD_ASTAR) flood_astar_search(&g, ub_moves, ub_len, &lim, &out);
        else flood_prover(&g, m == FLOOD_IDA, ub_moves, ub_len, &lim, &out);
        out.nodes += ub.nodes;
        if (out.length < 0) {
            free(out.moves);
            out.moves = ub.moves;
            out.length = ub.length;
        } else {
            free(ub.moves);
        }
    }
    flood_graph_free(&g);
    gopt_flood_result *r = gopt_calloc(1, sizeof *r);
    r->lower_bound = out.lower_bound > lb ? out.lower_bound : lb;
    r->upper_bound = out.length;
    r->optimal = out.length >= 0 && r->lower_bound >= out.length;
    if (r->optimal) r->lower_bound = out.length;
    r->nodes = out.nodes;
    r->peak_mb = out.peak_bytes / 1048576.0;
    a->extra = r;
    gopt_counter_add(&a->counters, "nodes", out.nodes);
    gopt_counter_add(&a->counters, "generated", out.generated);
    if (out.pruned_leaf || out.pruned_commute) {
        gopt_counter_add(&a->counters, "pruned_no_exposure", out.pruned_leaf);
        gopt_counter_add(&a->counters, "pruned_commuting", out.pruned_commute);
    }
    if (out.duplicates) { /* A*: successors found stored (no bound needed), second parents, shorter paths */
        gopt_counter_add(&a->counters, "duplicates", out.duplicates);
        gopt_counter_add(&a->counters, "merged", out.merged);
        gopt_counter_add(&a->counters, "reopened", out.reopened);
    }
    /* A* whose store filled up and went on depth-first from its frontier (astar_tail) */
    if (out.tail_nodes) {
        gopt_counter_add(&a->counters, "nodes_after_memory_full", out.tail_nodes);
        gopt_counter_add(&a->counters, "duplicates_after_memory_full", out.tail_duplicates);
    }
    if (out.length >= 0) a->solution = gopt_flood_solution_new(out.moves, out.length);
    free(out.moves);
    if (out.status == GOPT_LIMIT) {
        bool limit = strstr(out.stopped, "limit") != NULL; /* else "interrupted", "cancelled" */
        if (out.need_bytes > 0) /* the limit could not hold the search's start: said, not searched */
            snprintf(a->note, sizeof a->note, "memory limit reached: the search needs %.1f MB to start, --memory-limit gives it %.1f MB",
                     out.need_bytes / 1048576.0, lim.memory_bytes / 1048576.0);
        else
            snprintf(a->note, sizeof a->note, "%s%s", out.stopped, limit ? " reached" : "");
        /* the limit's best sequence is printed too, so it is checked here like any answer */
        char fail[200];
        if (o->verify && a->solution) {
            const gopt_flood_solution *s = a->solution;
            if (!gopt_flood_check(p, s->moves, s->length, fail, sizeof fail)) {
                snprintf(a->note, sizeof a->note, "internal error: the answer failed the checker: %s", fail);
                return GOPT_ERROR;
            }
        }
        return GOPT_LIMIT;
    }
    return out.status;
}

/* ---- the table ---- */

static int parse(gopt_text *t, const gopt_options *o, void **puzzle, gopt_error *err) {
    gopt_flood_puzzle *p = NULL;
    int r = gopt_flood_read(t, o->format, o, &p, err);
    *puzzle = p;
    return r;
}

static char *format(const void *puzzle, const void *solution, const char *fmt) {
    return gopt_flood_write(puzzle, solution, fmt);
}

static bool writable(const void *puzzle, const char *fmt, char *why, size_t why_size) {
    return gopt_flood_writable(puzzle, fmt, why, why_size);
}

static gopt_status solve(const void *puzzle, const gopt_options *o, gopt_answer *a) {
    return gopt_flood_solve(puzzle, o, a);
}

static bool check(const void *puzzle, const void *solution, char *why, size_t why_size) {
    const gopt_flood_solution *s = solution;
    return gopt_flood_check(puzzle, s->moves, s->length, why, why_size);
}

static void print(FILE *out, const void *puzzle, const gopt_answer *a, const gopt_options *o) {
    const gopt_flood_puzzle *p = puzzle;
    const gopt_flood_result *r = a->extra;
    const gopt_flood_solution *s = a->solution;
    char *moves = s ? gopt_flood_moves_text(p, s->moves, s->length) : gopt_strdup("");
    if (!r) {
        fprintf(out, "%s: %s: %s\n", a->name, gopt_status_name(a->status), a->note);
    } else if (a->status == GOPT_LIMIT && r->upper_bound < 0) {
        fprintf(out, "%s: unknown: at least %d moves (%s)\n", a->name, r->lower_bound, a->note);
    } else if (a->status == GOPT_LIMIT) {
        fprintf(out, "%s: unknown: %d..%d moves (%s): %s\n", a->name, r->lower_bound, r->upper_bound, a->note,
                moves);
    } else if (r->optimal) {
        fprintf(out, "%s: %d moves, optimal: %s\n", a->name, s->length, moves);
    } else {
        fprintf(out, "%s: %d moves (%s; at least %d): %s\n", a->name, s->length, a->method, r->lower_bound, moves);
    }
    if (r && p->expected >= 0 && r->optimal && p->expected != s->length)
        fprintf(out, "%s: note: the file says %d moves\n", a->name, p->expected);
    if (r && p->limit >= 0 && s)
        fprintf(out, "%s: the ID's move limit is %d\n", a->name, p->limit);
    (void)o;
    free(moves);
}

static json_t *to_json(const void *puzzle, const gopt_answer *a, const gopt_options *o) {
    const gopt_flood_puzzle *p = puzzle;
    const gopt_flood_result *r = a->extra;
    const gopt_flood_solution *s = a->solution;
    json_t *j = json_object();
    json_object_set_new(j, "index", json_integer(a->index));
    json_object_set_new(j, "length", s ? json_integer(s->length) : json_null());
    char *moves = s ? gopt_flood_moves_text(p, s->moves, s->length) : NULL;
    json_object_set_new(j, "moves", moves ? json_string(moves) : json_null());
    free(moves);
    json_object_set_new(j, "optimal", json_boolean(r && r->optimal));
    json_object_set_new(j, "lower_bound", r ? json_integer(r->lower_bound) : json_null());
    json_object_set_new(j, "nodes", json_integer(r ? r->nodes : 0));
    gopt_json_set_real(j, "peak_mb", r ? r->peak_mb : 0, 3);
    if (p->limit >= 0) json_object_set_new(j, "limit", json_integer(p->limit));
    (void)o;
    return j;
}

static gopt_canvas *render(const void *puzzle, const void *solution) { return gopt_flood_render(puzzle, solution); }

/* --size WxH and --colours C: every cell uniformly random. */
static void *generate(const gopt_options *o, gopt_rng *rng, gopt_error *err) {
    int w, h;
    gopt_opt_size(o, flood_generate_opts, "size", &w, &h);
    int c = (int)gopt_opt_int(o, flood_generate_opts, "colours");
    if ((long)w * h > GOPT_FLOOD_MAX_CELLS) {
        gopt_fail(err, "--size", 0, 0, "%dx%d has more than %d cells", w, h, GOPT_FLOOD_MAX_CELLS);
        return NULL;
    }
    /* Refuse what the chosen format cannot hold, instead of writing another format. */
    const char *format = o->format ? o->format : "grid";
    if (strcmp(format, "compact") == 0 && w != h) {
        gopt_fail(err, "--format", 0, 0, "compact boards are square (one line of n*n colours); use --size NxN");
        return NULL;
    }
    if (strcmp(format, "tatham") == 0 && c > 10) {
        gopt_fail(err, "--format", 0, 0, "Tatham's game IDs hold at most 10 colours, not %d", c);
        return NULL;
    }
    gopt_flood_puzzle *p = gopt_flood_new(w, h, c);
    for (int i = 0; i < w * h; i++) p->cells[i] = (uint8_t)gopt_rng_below(rng, (uint32_t)c);
    /* a move limit as Tatham's generator sets one: its solver's moves plus 5 spare (here the
     * depth-3 lookahead plays the solver) */
    flood_graph g;
    char why[160];
    if (flood_graph_build(&g, p, why, sizeof why)) {
        flood_outcome out;
        flood_lookahead(&g, 3, &out);
        p->leniency = 5;
        p->limit = out.length + p->leniency;
        free(out.moves);
        flood_graph_free(&g);
    }
    return p;
}

static void free_puzzle(void *p) { gopt_flood_free(p); }
static void free_solution(void *s) { gopt_flood_solution_free(s); }
static void free_extra(void *e) { free(e); }

static const char flood_help[] =
    "A move recolours the area connected to the start cell (top left unless --start says\n"
    "otherwise); the goal is one colour everywhere. Boards: a grid of colour characters, one row\n"
    "a line (several boards: blank lines between); compact lines of n*n colours; 99problems\n"
    "files; aaronpuchert's input; Simon Tatham's game IDs (WxHcCmM:cells,limit). Moves are\n"
    "printed in the board's own colour names. Without --format the format is guessed from the\n"
    "whole text; rows of n*n colours that also read as compact boards are refused unless their\n"
    "shape decides or a line '# size WxH' before the board declares it.\n\n"
    "examples:\n"
    "  gameopt flood solve board.txt                                    optimal, with a proof\n"
    "  gameopt flood solve sets.txt --json --threads 2                  one JSON object per board\n"
    "  gameopt flood solve sets.txt --shard 5/1000 --threads 2          one board, A* on two threads\n"
    "  gameopt flood solve board.txt --output run.svg                   the board and its frames\n"
    "  gameopt flood solve big.txt --method beam                        fast, near optimal\n"
    "  gameopt flood solve hard.txt --method dfbnb --memory-limit 2000  little memory\n"
    "  gameopt flood check boards.txt solutions.txt                     replay sequences\n"
    "  gameopt flood solve hard.txt --memory-limit 8000 --checkpoint hard.ckpt  resumable proof\n"
    "  gameopt flood hint board.txt 6 2 5                               the best move from here\n"
    "  gameopt flood split board.txt --depth 2                          a proof cut into parts\n"
    "  gameopt flood par '14x14c6m5:0123...,25'                         the true optimum of an ID\n"
    "  gameopt flood convert --to tatham board.txt                      the board as a Tatham ID\n";

const gopt_game gopt_game_flood = {
    .name = "flood",
    .summary = "Flood-It: flood the board from one corner in the fewest moves",
    .formats = flood_formats,
    .methods = flood_methods,
    .verbs = flood_verbs,
    .help = flood_help,
    .parse = parse,
    .puzzle_name = NULL,
    .format = format,
    .writable = writable,
    .solve = solve,
    .check = check,
    .print = print,
    .to_json = to_json,
    .render = render,
    .generate = generate,
    .free_puzzle = free_puzzle,
    .free_solution = free_solution,
    .free_extra = free_extra,
};
