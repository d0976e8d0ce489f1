/* The verbs of Country Road: solve (the generic batch driver), check (the independent
 * checker on given loops), convert (between formats), lp (the MIP model as a CPLEX-LP
 * file) and generate (random puzzles with one solution), with their option tables. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "gameopt/json.h"
#include "gameopt/mip.h"
#include "gameopt/progress.h"
#include "gameopt/stop.h"

static const char *const print_formats[] = {"drawing", "url", "pzprv3", "block", "text", "penpa", NULL};

const gopt_opt country_solve_opts[] = {
    GOPT_ENUM("print", "FORMAT", "drawing", print_formats, "drawing, or the solved puzzle as pzprv3, penpa, block or text (url: the puzzle alone, a warning says so)"),
    GOPT_FLAG("ascii", "draw the loop with ASCII characters"),
    GOPT_OPT_END,
};
static const gopt_opt convert_opts[] = {
    GOPT_ENUM("to", "FORMAT", NULL, gopt_country_formats,
              "url, pzprv3, block, text or penpa (a given loop is kept where the format holds one)"),
    GOPT_OPT_END,
};
static const gopt_opt lp_opts[] = {
    GOPT_FLAG("with-cuts", "solve first and keep the single-loop cuts the solver needed"),
    GOPT_OPT_END,
};
static const char *const clue_choices[] = {"minimal", "all", NULL};
const gopt_opt country_generate_opts[] = {
    GOPT_SIZE("size", "10x10", 2, GOPT_COUNTRY_GENERATE_MAX, "columns x rows"),
    GOPT_FLAG("empty-rooms", "the variant where rooms may be left unvisited (country/e/ URLs)"),
    GOPT_STRING("clues", "DENSITY", "minimal",
                "minimal (no number can go without losing uniqueness), all, or a percentage of rooms numbered"),
    GOPT_FLAG("grade", "print each puzzle's grade after it (SAT work from the numbers alone, docs/methods.md)"),
    GOPT_OPT_END,
};
static const gopt_opt explain_opts[] = {
    GOPT_INT("panels", "N", "6", 1, 40, "pictures in the strip that --output draws"),
    GOPT_FLAG("ascii", "draw the loop with ASCII characters"),
    GOPT_OPT_END,
};

/* Every puzzle of the call's inputs, read before anything is printed. */
static bool read_puzzles(gopt_call *call, gopt_batch *b) {
    return gopt_call_check(call) && gopt_batch_read_call(call, b);
}

static int run_check(gopt_call *call) {
    gopt_batch b = {0};
    int code = read_puzzles(call, &b) ? 0 : 2;
    for (size_t i = 0; i < b.n && code == 0; i++)
        if (!((gopt_country_puzzle *)b.items[i].puzzle)->given)
            code = gopt_call_usage(call, "%s: the puzzle comes without a loop to check", b.items[i].name);
    for (size_t i = 0; i < b.n && code != 2; i++) {
        const gopt_country_puzzle *p = b.items[i].puzzle;
        char why[256] = "";
        bool ok = gopt_country_check(p, p->given, why, sizeof why);
        if (!ok) code = GOPT_INFEASIBLE;
        gopt_call_check_result(call, b.items[i].name, ok, why, NULL, NULL);
    }
    gopt_batch_free(&gopt_game_country, &b);
    return code;
}

static int run_convert(gopt_call *call) {
    const char *to = gopt_option(&call->opts, "to");
    if (!to) return gopt_call_usage(call, "country convert: --to FORMAT is required (url, pzprv3, block, text, penpa)");
    gopt_batch b = {0};
    int code = read_puzzles(call, &b) ? 0 : 2;
    for (size_t i = 0; i < b.n && !code; i++) {
        const gopt_country_puzzle *p = b.items[i].puzzle;
        const char *why = NULL;
        char *text = gopt_country_write(p, p->given, to, &why);
        if (!text) {
            code = gopt_call_usage(call, "%s: cannot write as %s: %s", b.items[i].name, to, why);
            break;
        }
        if (i && strcmp(to, "text") == 0) fputc('\n', call->out); /* puzzles end at blank lines */
        fputs(text, call->out);
        gopt_answer a = {.name = b.items[i].name, .status = GOPT_SOLVED, .method = "convert"};
        gopt_call_answer(call, &a, json_pack("{s:s, s:s, s:b}", "format", to, "text", text, "with_loop", p->given != NULL));
        free(text);
    }
    gopt_batch_free(&gopt_game_country, &b);
    return code;
}

static int run_lp(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_puzzles(call, &b)) return gopt_batch_free(&gopt_game_country, &b), 2;
    if (b.n != 1) {
        size_t n = b.n;
        gopt_batch_free(&gopt_game_country, &b);
        return gopt_call_usage(call, "country lp: one puzzle at a time (the input holds %zu)", n);
    }
    gopt_mip *m = gopt_country_mip_model(b.items[0].puzzle, gopt_option_flag(&call->opts, "with-cuts"));
    char *text = gopt_mip_lp_text(m);
    gopt_call_side(call, "lp", "output", b.items[0].name, "lp", text, strlen(text));
    gopt_answer a = {.name = b.items[0].name, .status = GOPT_SOLVED, .method = "lp"};
    gopt_call_answer(call, &a, json_pack("{s:s}", "lp", text));
    free(text);
    gopt_mip_free(m);
    gopt_batch_free(&gopt_game_country, &b);
    return GOPT_SOLVED;
}

/* --clues: "minimal", "all" or a whole percentage; -2 when malformed. */
static int clue_density(const char *v) {
    if (!v || strcmp(v, clue_choices[0]) == 0) return GOPT_COUNTRY_CLUES_MINIMAL;
    if (strcmp(v, clue_choices[1]) == 0) return 100;
    char *end;
    long k = strtol(v, &end, 10);
    if (end == v || (*end && strcmp(end, "%") != 0) || k < 0 || k > 100) return -2;
    return (int)k;
}

void *country_generate(const gopt_options *o, gopt_rng *rng, gopt_error *err) {
    gopt_country_generate_options go = {.empty_rooms = gopt_option_flag(o, "empty-rooms")};
    gopt_opt_size(o, country_generate_opts, "size", &go.w, &go.h);
    go.clues = clue_density(gopt_option(o, "clues"));
    if (go.clues == -2) {
        gopt_fail(err, "--clues", 0, 0, "expected minimal, all or a percentage 0..100, found '%s'", gopt_option(o, "clues"));
        return NULL;
    }
    return gopt_country_generate_with(&go, rng, err);
}

/* generate: --count puzzles as text in --format (url by default), each an answer too, and a
 * picture of each with --output x.svg; --grade adds a comment line with each puzzle's grade.
 * A stop (Ctrl-C, --time-limit) keeps the puzzles made before it (exit 3). */
static int run_generate(gopt_call *call) {
    const gopt_options *o = &call->opts;
    if (!gopt_call_check(call)) return GOPT_BAD_INPUT;
    const char *format = o->format ? o->format : "url";
    int64_t begin, end;
    gopt_shard_range(o, o->count, &begin, &end);
    gopt_progress *bar = gopt_progress_start(o->progress_sink, "country generate", end - begin);
    gopt_progress *outer_bar = gopt_progress_enter(bar); /* the generator tells its attempts */
    int code = GOPT_SOLVED;
    for (int64_t i = begin; i < end && code == GOPT_SOLVED; i++) {
        gopt_rng rng = gopt_rng_stream(o->seed, (uint64_t)i);
        gopt_error err = {0};
        gopt_stopwatch watch = gopt_stopwatch_start();
        gopt_country_puzzle *p = country_generate(o, &rng, &err);
        gopt_stop_reason why = gopt_stop_check();
        if (why != GOPT_GO) {
            if (p) gopt_country_free(p);
            gopt_call_warn(call, "country generate: %s after %lld of %lld puzzles", gopt_stop_text(why),
                           (long long)(i - begin), (long long)(end - begin));
            code = GOPT_LIMIT;
            break;
        }
        if (!p) {
            code = gopt_call_input(call, &err);
            break;
        }
        const char *bad = NULL;
        char *t = gopt_country_write(p, NULL, format, &bad);
        if (!t) {
            code = gopt_call_usage(call, "generate: cannot write as %s: %s", format, bad);
            gopt_country_free(p);
            break;
        }
        if (i > begin && strcmp(format, "url") != 0 && strcmp(format, "penpa") != 0) fputc('\n', call->out);
        fputs(t, call->out);
        char name[48];
        snprintf(name, sizeof name, "generated:%lld", (long long)i + 1);
        gopt_answer a = {.name = name, .status = GOPT_SOLVED, .method = "generate"};
        json_t *fields = json_pack("{s:s, s:s}", "format", format, "puzzle", t);
        if (gopt_option_flag(o, "grade")) {
            gopt_country_grade gr;
            gopt_country_grade_of(p, &gr);
            fprintf(call->out, "# grade %s: %ld conflicts, %ld lazy rounds, %d of %d steps by trial, %d guesses, %d numbers\n",
                    gr.word, gr.conflicts, gr.rounds, gr.trials, gr.steps, gr.guesses, gr.numbers);
            json_object_set_new(fields, "grade", json_pack("{s:s, s:I, s:I, s:i, s:i, s:i, s:i}", "word", gr.word, "conflicts",
                                                           (json_int_t)gr.conflicts, "rounds", (json_int_t)gr.rounds,
                                                           "trials", gr.trials, "steps", gr.steps, "guesses", gr.guesses,
                                                           "numbers", gr.numbers));
        }
        a.seconds = gopt_stopwatch_read(&watch, &a.cpu_seconds);
        gopt_call_answer(call, &a, fields);
        if (!gopt_call_picture(call, name, o->picture ? gopt_country_render(p, NULL) : NULL)) code = GOPT_BAD_INPUT;
        free(t);
        gopt_country_free(p);
        gopt_progress_add(bar, 1);
    }
    gopt_progress_enter(outer_bar);
    gopt_progress_finish(bar);
    return code;
}

/* explain: the steps for each puzzle; --output draws the strip. */
static int run_explain(gopt_call *call) {
    gopt_batch b = {0};
    int code = read_puzzles(call, &b) ? 0 : 2;
    const gopt_options *o = &call->opts;
    int panels = (int)gopt_opt_int(o, explain_opts, "panels");
    for (size_t i = 0; i < b.n && code != 2; i++) {
        gopt_stopwatch watch = gopt_stopwatch_start();
        gopt_country_explanation *x = gopt_country_explain(b.items[i].puzzle);
        if (b.n > 1) fprintf(call->out, "%s%s:\n", i ? "\n" : "", b.items[i].name);
        gopt_country_explain_print(call->out, x, !gopt_option_flag(o, "ascii"));
        if (x->solutions < 1) code = GOPT_INFEASIBLE;
        gopt_answer a = {.name = b.items[i].name, .status = x->solutions < 1 ? GOPT_INFEASIBLE : GOPT_SOLVED,
                         .method = "explain"};
        a.seconds = gopt_stopwatch_read(&watch, &a.cpu_seconds);
        gopt_call_answer(call, &a, gopt_country_explain_json(x));
        if (o->picture && !gopt_call_picture(call, b.items[i].name, gopt_country_explain_render(x, panels))) code = GOPT_BAD_INPUT;
        gopt_country_explanation_free(x);
    }
    gopt_batch_free(&gopt_game_country, &b);
    return code;
}

const gopt_verb country_verbs[] = {
    {"solve", "solve puzzles (--count 2 proves uniqueness)", "[FILE...]", GOPT_SOLVE_COMMON, country_solve_opts,
     gopt_run_solve},
    {"check", "check the loops given with puzzles against the rules", "[FILE...]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON, NULL, run_check},
    {"convert", "write puzzles in another format", "[FILE...]", GOPT_COMMON_FORMAT, convert_opts, run_convert},
    {"generate", "random puzzles with exactly one solution (--count of them)", "",
     GOPT_GENERATE_COMMON | GOPT_COMMON_OUTPUT | GOPT_COMMON_PROGRESS, country_generate_opts, run_generate},
    {"explain", "the deductions that lead to the loop, step by step, each naming its rule", "[FILE...]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_OUTPUT, explain_opts, run_explain},
    {"lp", "write the MIP model (the seed's ILP) as a CPLEX-LP file", "[FILE]", GOPT_COMMON_FORMAT | GOPT_COMMON_OUTPUT,
     lp_opts, run_lp},
    {"decided", "the cells every solution shares (decided), the rest open", "[FILE...]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON | GOPT_COMMON_TIME_LIMIT | GOPT_COMMON_QUIET | GOPT_COMMON_STATS | GOPT_COMMON_OUTPUT,
     country_decided_opts, country_run_decided},
    {"unique", "unique? if not, two solutions and the cells where they differ", "[FILE...]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON | GOPT_COMMON_TIME_LIMIT | GOPT_COMMON_QUIET | GOPT_COMMON_OUTPUT,
     country_decided_opts, country_run_unique},
    {"mistakes", "can a partial answer still be completed? if not, its first wrong mark", "FILE [ANSWER]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON | GOPT_COMMON_TIME_LIMIT | GOPT_COMMON_OUTPUT, country_mistakes_opts,
     country_run_mistakes},
    {"hint", "the next deduction from a partial answer (or from nothing), with its rule", "FILE [ANSWER]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON | GOPT_COMMON_TIME_LIMIT | GOPT_COMMON_OUTPUT, NULL, country_run_hint},
    {"setter", "for setters: numbers that can go, or a number that makes the puzzle unique", "[FILE...]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON | GOPT_COMMON_TIME_LIMIT, NULL, country_run_setter},
    GOPT_DRAW_VERB,
    {0},
};
