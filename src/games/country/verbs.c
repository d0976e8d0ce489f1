/* The verbs of Country Road: solve (the generic batch driver), check (the independent
 * checker on given loops), convert (between formats), lp (the MIP model as a CPLEX-LP
 * file) and generate (random puzzles with one solution), with their option tables. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "gameopt/json.h"
#include "gameopt/mip.h"

static const char *const print_formats[] = {"drawing", "url", "pzprv3", "block", "text", "penpa", NULL};

const gopt_opt country_solve_opts[] = {
    GOPT_ENUM("print", "FORMAT", "drawing", print_formats, "drawing, or the solved puzzle as url, pzprv3, block, text or penpa"),
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

static void print_check(gopt_call *call, const char *name, bool ok, const char *why) {
    if (call->opts.json) {
        json_t *j = json_object();
        json_object_set_new(j, "name", json_string(name));
        json_object_set_new(j, "ok", json_boolean(ok));
        if (!ok) json_object_set_new(j, "reason", json_string(why));
        gopt_json_emit(call->out, j);
    } else {
        fprintf(call->out, "%s: %s%s\n", name, ok ? "ok" : "wrong: ", ok ? "" : why);
    }
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
        if (!ok) code = 1;
        print_check(call, b.items[i].name, ok, why);
    }
    gopt_batch_free(&gopt_game_country, &b);
    return code;
}

static int run_convert(gopt_call *call) {
    const char *to = gopt_option(&call->opts, "to");
    if (!to) return gopt_call_usage(call, "country convert: --to FORMAT is required (url, pzprv3, block, text, penpa)");
    gopt_batch b = {0};
    int code = read_puzzles(call, &b) ? 0 : 2;
    gopt_buf out = {0};
    for (size_t i = 0; i < b.n && !code; i++) {
        const gopt_country_puzzle *p = b.items[i].puzzle;
        const char *why = NULL;
        char *text = gopt_country_write(p, p->given, to, &why);
        if (!text) {
            code = gopt_call_usage(call, "%s: cannot write as %s: %s", b.items[i].name, to, why);
            break;
        }
        if (i && strcmp(to, "text") == 0) gopt_buf_putc(&out, '\n'); /* puzzles end at blank lines */
        gopt_buf_puts(&out, text);
        free(text);
    }
    if (!code && out.data) fputs(out.data, call->out);
    gopt_buf_free(&out);
    gopt_batch_free(&gopt_game_country, &b);
    return code;
}

static int run_lp(gopt_call *call) {
    gopt_batch b = {0};
    if (!read_puzzles(call, &b)) return gopt_batch_free(&gopt_game_country, &b), 2;
    const char *output = call->opts.output;
    if (b.n != 1) {
        size_t n = b.n;
        gopt_batch_free(&gopt_game_country, &b);
        return gopt_call_usage(call, "country lp: one puzzle at a time (the input holds %zu)", n);
    }
    gopt_mip *m = gopt_country_mip_model(b.items[0].puzzle, gopt_option_flag(&call->opts, "with-cuts"));
    gopt_batch_free(&gopt_game_country, &b);
    gopt_error err = {0};
    fflush(call->out);
    bool ok = gopt_mip_write_lp(m, output ? output : "-", &err);
    gopt_mip_free(m);
    return ok ? 0 : gopt_call_input(call, &err);
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

/* generate: --count puzzles as text in --format (url by default) or, with --output, to a
 * file (.svg .png .pdf: a picture of each, numbered when several); --grade adds a comment
 * line with each puzzle's grade. */
static int run_generate(gopt_call *call) {
    const gopt_options *o = &call->opts;
    if (!gopt_call_check(call)) return 2;
    const char *format = o->format ? o->format : "url";
    bool picture = o->output && gopt_picture_format_of(o->output) != GOPT_PIC_NONE;
    int64_t begin, end;
    gopt_shard_range(o, o->count, &begin, &end);
    gopt_buf text = {0};
    int code = 0;
    for (int64_t i = begin; i < end && !code; i++) {
        gopt_rng rng = gopt_rng_stream(o->seed, (uint64_t)i);
        gopt_error err = {0};
        gopt_country_puzzle *p = country_generate(o, &rng, &err);
        if (!p) {
            code = gopt_call_input(call, &err);
            break;
        }
        if (picture) {
            char *path = gopt_numbered_path(o->output, (long)(i - begin + 1), end - begin > 1);
            if (!gopt_country_render(p, NULL, path, &err)) code = gopt_call_input(call, &err);
            free(path);
        }
        const char *why = NULL;
        char *t = gopt_country_write(p, NULL, format, &why);
        if (!t) code = gopt_call_usage(call, "generate: cannot write as %s: %s", format, why);
        if (t && i > begin && strcmp(format, "url") != 0 && strcmp(format, "penpa") != 0) gopt_buf_putc(&text, '\n');
        if (t) gopt_buf_puts(&text, t);
        free(t);
        if (!code && gopt_option_flag(o, "grade")) {
            gopt_country_grade gr;
            gopt_country_grade_of(p, &gr);
            gopt_buf_printf(&text, "# grade %s: %ld conflicts, %ld lazy rounds, %d of %d steps by trial, %d guesses, %d numbers\n",
                            gr.word, gr.conflicts, gr.rounds, gr.trials, gr.steps, gr.guesses, gr.numbers);
        }
        gopt_country_free(p);
    }
    if (!code && text.data) {
        if (o->output && !picture) {
            FILE *f = fopen(o->output, "w");
            if (!f || fputs(text.data, f) < 0) code = gopt_call_usage(call, "%s: cannot write", o->output);
            if (f) fclose(f);
        } else if (!picture) {
            fputs(text.data, call->out);
        }
    }
    gopt_buf_free(&text);
    return code;
}

/* explain: the steps for each puzzle; --output draws the strip. */
static int run_explain(gopt_call *call) {
    gopt_batch b = {0};
    int code = read_puzzles(call, &b) ? 0 : 2;
    const gopt_options *o = &call->opts;
    int panels = (int)gopt_opt_int(o, explain_opts, "panels");
    for (size_t i = 0; i < b.n && code != 2; i++) {
        gopt_country_explanation *x = gopt_country_explain(b.items[i].puzzle);
        if (b.n > 1) fprintf(call->out, "%s%s:\n", i ? "\n" : "", b.items[i].name);
        gopt_country_explain_print(call->out, x, !gopt_option_flag(o, "ascii"));
        if (x->solutions < 1) code = 1;
        if (o->output) {
            gopt_error err = {0};
            char *path = gopt_numbered_path(o->output, (long)i + 1, b.n > 1);
            if (!gopt_country_explain_render(x, panels, path, &err)) code = gopt_call_input(call, &err);
            free(path);
        }
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
     GOPT_GENERATE_COMMON | GOPT_COMMON_OUTPUT, country_generate_opts, run_generate},
    {"explain", "the deductions that lead to the loop, step by step, each naming its rule", "[FILE...]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_OUTPUT, explain_opts, run_explain},
    {"lp", "write the MIP model (the seed's ILP) as a CPLEX-LP file", "[FILE]", GOPT_COMMON_FORMAT | GOPT_COMMON_OUTPUT,
     lp_opts, run_lp},
    {"decided", "the cells every solution shares (decided), the rest open", "[FILE...]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON | GOPT_COMMON_TIME_LIMIT | GOPT_COMMON_QUIET | GOPT_COMMON_STATS,
     country_decided_opts, country_run_decided},
    {"unique", "unique? if not, two solutions and the cells where they differ", "[FILE...]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON | GOPT_COMMON_TIME_LIMIT | GOPT_COMMON_QUIET, country_decided_opts,
     country_run_unique},
    {"mistakes", "can a partial answer still be completed? if not, its first wrong mark", "FILE [ANSWER]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON | GOPT_COMMON_TIME_LIMIT, country_mistakes_opts, country_run_mistakes},
    {"hint", "the next deduction from a partial answer (or from nothing), with its rule", "FILE [ANSWER]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON | GOPT_COMMON_TIME_LIMIT, NULL, country_run_hint},
    {"setter", "for setters: numbers that can go, or a number that makes the puzzle unique", "[FILE...]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON | GOPT_COMMON_TIME_LIMIT, NULL, country_run_setter},
    {0},
};
