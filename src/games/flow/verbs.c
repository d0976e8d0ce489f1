/* The verbs of Flow Free / Numberlink: solve (the generic batch driver), check (an answer
 * against its puzzle), lp (the integer program as a CPLEX-LP file), generate (random
 * solvable boards) and convert (between formats), with their option tables. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "gameopt/json.h"

static const char *const styles[] = {"pipes", "text", NULL};
static const char *const conventions[] = {"simple", "untouching", NULL}; /* (index 1: untouching) */
static const char *const grades[] = {"easy", "medium", "hard", NULL};    /* gopt_flow_grade - 1 */

#define PATHS_OPT                                                                                                     \
    GOPT_ENUM("paths", "simple|untouching", NULL, conventions,                                                        \
              "the path convention: untouching considers only paths that never touch themselves (default: "          \
              "untouching for thomasahle, intgrid and adc files, simple for Flow Free formats)")

#define PARTIAL_OPT GOPT_FLAG("partial", "cells may stay empty (Numberlink and ADC rules; the default for ADC files)")
#define FULL_OPT GOPT_FLAG("full", "every cell must be used (Flow Free rules; the default for the other formats)")

static const gopt_opt coverage_opts[] = {PARTIAL_OPT, FULL_OPT, PATHS_OPT, GOPT_OPT_END};
/* the assist verbs (assist_verbs.c) */
static const gopt_opt assist_opts[] = {PARTIAL_OPT, FULL_OPT, PATHS_OPT, GOPT_OPT_END};
static const gopt_opt mistakes_opts[] = {PARTIAL_OPT, FULL_OPT, PATHS_OPT, GOPT_FLAG("all", "every wrong cell, not only the first"),
                                         GOPT_OPT_END};
#define ASSIST_COMMON (GOPT_COMMON_FORMAT | GOPT_COMMON_JSON | GOPT_COMMON_TIME_LIMIT | GOPT_COMMON_OUTPUT)

/* convert (the generic verb, src/core/convert.c; what each format holds: convert.c) */
static const gopt_opt convert_opts[] = {
    GOPT_ENUM("to", "FORMAT", NULL, gopt_flow_format_names,
              "flow_solver, thomasahle, adc, samgoldman, houston, json, intgrid, puzzlink or pzprv3 (a puzz.link Numberlink link "
              "or saved file: cells may stay empty; walls, holes and bridges: samgoldman; layers: adc; an error when the format cannot "
              "hold the board)"),
    GOPT_OPT_END,
};

const gopt_opt flow_solve_opts[] = {
    PARTIAL_OPT,
    FULL_OPT,
    GOPT_ENUM("style", "pipes|text", NULL, styles,
              "pipes (coloured on a terminal) or the puzzle's own format (default: pipes on a terminal)"),
    GOPT_INT("nodes", "N", NULL, 1, 4e18, "search nodes `auto` may spend (SAT takes turns, then goes on alone; default 1000000 + 100000 per cell)"),
    GOPT_FLAG("complete", "search: assume nothing about the paths, so a failed search is a proof"),
    PATHS_OPT,
    GOPT_OPT_END,
};

const gopt_opt flow_generate_opts[] = {
    GOPT_SIZE("size", "7x7", 1, 1000, "board size"),
    GOPT_INT("colours", "N", NULL, 1, 1000000,
             "number of colours (default: one per eight cells; --unique starts from one per twelve and adds some)"),
    GOPT_INT("colors", "N", NULL, 1, 1000000, "the same as --colours"),
    GOPT_INT("color", "N", NULL, 1, 1000000, "the same as --colours"),
    GOPT_FLAG("unique", "boards with exactly one solution under the path convention (the default)"),
    GOPT_FLAG("any", "boards with a solution, maybe several (a random filling cut into paths; any size)"),
    GOPT_ENUM("paths", "simple|untouching", NULL, conventions, "the convention a board is unique under (default: the output format's)"),
    GOPT_ENUM("grade", "easy|medium|hard", NULL, grades,
              "unique boards by our search's nodes per cell to solve them: under 1.75, under 2.5, more"),
    GOPT_OPT_END,
};

static int run_generate(gopt_call *call) {
    /* Boards for people are unique by default (issue 35 item 5); --any makes the old kind. */
    bool any = gopt_option_flag(&call->opts, "any");
    if (any && gopt_option_flag(&call->opts, "unique")) return gopt_call_usage(call, "--any and --unique exclude each other");
    if (any && (gopt_option(&call->opts, "paths") || gopt_option(&call->opts, "grade")))
        return gopt_call_usage(call, "--paths and --grade are for unique boards, not --any");
    return gopt_run_generate(call);
}

static bool coverage_ok(gopt_call *call) {
    if (gopt_option_flag(&call->opts, "partial") && gopt_option_flag(&call->opts, "full"))
        return gopt_call_usage(call, "--partial and --full exclude each other"), false;
    return true;
}

static int run_solve(gopt_call *call) { return coverage_ok(call) ? gopt_run_solve(call) : 2; }

/* Every puzzle of one file, named as the batch names them. */
static bool read_puzzles(gopt_call *call, const char *path, gopt_batch *b) {
    gopt_error err = {0};
    if (!gopt_call_check(call) || !coverage_ok(call)) return false;
    if (!gopt_batch_read(&gopt_game_flow, path, &call->opts, b, &err)) return gopt_call_input(call, &err), false;
    return true;
}

/* Reads one answer per puzzle from the ANSWER file, then checks each. */
static int check_answers(gopt_call *call, const gopt_batch *b, gopt_text *t) {
    gopt_flow_solution **answers = gopt_calloc(b->n ? b->n : 1, sizeof *answers);
    gopt_error err = {0};
    int code = 0;
    for (size_t i = 0; i < b->n && code == 0; i++)
        if (!(answers[i] = gopt_flow_read_answer(t, b->items[i].puzzle, &err))) code = gopt_call_input(call, &err);
    if (code == 0 && b->n > 0 && !gopt_flow_answer_end(t, b->items[b->n - 1].puzzle, &err)) code = gopt_call_input(call, &err);
    for (size_t i = 0; i < b->n && code != 2; i++) {
        char why[256];
        bool ok = gopt_flow_check(b->items[i].puzzle, answers[i], why, sizeof why);
        if (!ok) code = GOPT_INFEASIBLE;
        gopt_call_check_result(call, b->items[i].name, ok, why, NULL, NULL);
    }
    for (size_t i = 0; i < b->n; i++) gopt_flow_solution_free(answers[i]);
    free(answers);
    return code;
}

static int run_check(gopt_call *call) {
    if (call->nargs != 2) return gopt_call_usage(call, "flow check: expected PUZZLE and ANSWER files");
    gopt_batch b = {0};
    gopt_error err = {0};
    gopt_text t;
    int code = 2;
    if (!read_puzzles(call, call->args[0], &b)) code = 2;
    else if (!gopt_read_named(&call->opts, call->args[1], &t, &err)) code = gopt_call_input(call, &err);
    else {
        code = check_answers(call, &b, &t);
        gopt_text_free(&t);
    }
    gopt_batch_free(&gopt_game_flow, &b);
    return code;
}

static int run_lp(gopt_call *call) {
    if (call->nargs != 1) return gopt_call_usage(call, "flow lp: expected one puzzle file");
    const char *output = call->opts.output;
    if (output && (strlen(output) < 3 || strcmp(output + strlen(output) - 3, ".lp") != 0))
        return gopt_call_usage(call, "--output %s: an LP file ends in .lp", output);
    gopt_batch b = {0};
    int code = read_puzzles(call, call->args[0], &b) ? 0 : 2;
    for (size_t i = 0; i < b.n && code == 0; i++) {
        char *text = gopt_flow_lp_text(b.items[i].puzzle);
        gopt_call_side(call, "lp", "output", b.items[i].name, "lp", text, strlen(text));
        gopt_answer a = {.name = b.items[i].name, .status = GOPT_SOLVED, .method = "lp"};
        gopt_call_answer(call, &a, json_pack("{s:s}", "lp", text));
        free(text);
    }
    gopt_batch_free(&gopt_game_flow, &b);
    return code;
}

const gopt_verb flow_verbs[] = {
    {"solve", "solve puzzles (one result per puzzle; pictures with --output x.svg)", "[FILE...]", GOPT_SOLVE_COMMON,
     flow_solve_opts, run_solve},
    {"check", "check a solved board (in the puzzle's own format) against its puzzle", "PUZZLE ANSWER",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON | GOPT_COMMON_QUIET, coverage_opts, run_check},
    {"lp", "write the integer program (without the lazy cycle cuts) as a CPLEX-LP file", "FILE",
     GOPT_COMMON_FORMAT | GOPT_COMMON_OUTPUT, coverage_opts, run_lp},
    {"generate", "random boards with exactly one full-coverage solution (--any: at least one)", "", GOPT_GENERATE_COMMON | GOPT_COMMON_TIME_LIMIT,
     flow_generate_opts, run_generate},
    {"decided", "the cells every solution shares (decided), the rest open", "[FILE...]",
     ASSIST_COMMON | GOPT_COMMON_QUIET | GOPT_COMMON_STATS, assist_opts, flow_run_decided},
    {"unique", "unique? if not, two solutions and the cells where they differ", "[FILE...]", ASSIST_COMMON | GOPT_COMMON_QUIET,
     assist_opts, flow_run_unique},
    {"mistakes", "can a partial answer ('?' where not filled) still be completed? if not, its first wrong cell",
     "PUZZLE ANSWER", ASSIST_COMMON, mistakes_opts, flow_run_mistakes},
    {"hint", "the next deduction from a partial answer (or from nothing), with its rule", "PUZZLE [ANSWER]", ASSIST_COMMON,
     assist_opts, flow_run_hint},
    {"explain", "the deductions that lead to the solution, step by step, each naming its rule (checked)", "[FILE...]",
     ASSIST_COMMON, assist_opts, flow_run_explain},
    {"setter", "for setters: unique? if not, a split of one path that makes it unique (checked)", "[FILE...]", ASSIST_COMMON,
     assist_opts, flow_run_setter},
    GOPT_CONVERT_VERB(convert_opts),
    GOPT_DRAW_VERB,
    {0},
};
