/* The verbs of Country Road: solve (the generic batch driver), check (the independent
 * checker on given loops), convert (between formats), lp (the MIP model as a CPLEX-LP
 * file) and generate (random puzzles with one solution), with their option tables. */
#include <stdlib.h>
#include <string.h>

#include "country_internal.h"
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
const gopt_opt country_generate_opts[] = {
    GOPT_SIZE("size", "10x10", 2, 30, "columns x rows"),
    GOPT_FLAG("empty-rooms", "the variant where rooms may be left unvisited"),
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
        if (!((gopt_country *)b.items[i].puzzle)->given)
            code = gopt_call_usage(call, "%s: the puzzle comes without a loop to check", b.items[i].name);
    for (size_t i = 0; i < b.n && code != 2; i++) {
        const gopt_country *p = b.items[i].puzzle;
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
        const gopt_country *p = b.items[i].puzzle;
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

const gopt_verb country_verbs[] = {
    {"solve", "solve puzzles (--count 2 proves uniqueness)", "[FILE...]", GOPT_SOLVE_COMMON, country_solve_opts,
     gopt_run_solve},
    {"check", "check the loops given with puzzles against the rules", "[FILE...]",
     GOPT_COMMON_FORMAT | GOPT_COMMON_JSON, NULL, run_check},
    {"convert", "write puzzles in another format", "[FILE...]", GOPT_COMMON_FORMAT, convert_opts, run_convert},
    {"generate", "random puzzles with exactly one solution (--count of them)", "", GOPT_GENERATE_COMMON,
     country_generate_opts, gopt_run_generate},
    {"lp", "write the MIP model (the seed's ILP) as a CPLEX-LP file", "[FILE]", GOPT_COMMON_FORMAT | GOPT_COMMON_OUTPUT,
     lp_opts, run_lp},
    {0},
};
