/* gameopt country: solve (the generic batch driver), check (the independent checker on
 * given loops), convert (between formats), lp (the MIP model as a CPLEX-LP file) and
 * generate (random puzzles with one solution). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "gameopt/country.h"

static const char *const print_formats[] = {"drawing", "url", "pzprv3", "block", "text", "penpa", NULL};

static bool known(const char *const *list, const char *s) {
    for (; *list; list++)
        if (strcmp(*list, s) == 0) return true;
    return false;
}

static int run_solve(const gopt_cli_call *call) {
    const char *as = gopt_option(&call->opts, "print");
    if (as && !known(print_formats, as))
        return cli_usage_error("--print: unknown format '%s' (drawing, url, pzprv3, block, text, penpa)", as);
    return cli_run_solve(call);
}

/* Every puzzle of the call's inputs (stdin without any), read before anything is printed. */
typedef struct named {
    gopt_country *p;
    char *name;
} named;

typedef struct puzzles {
    named *at;
    size_t n, cap;
} puzzles;

static void free_puzzles(puzzles *ps) {
    for (size_t i = 0; i < ps->n; i++) {
        gopt_country_free(ps->at[i].p);
        free(ps->at[i].name);
    }
    free(ps->at);
}

/* "dir/seed.txt" -> "seed", as `solve` names puzzles without an id of their own. */
static char *file_stem(const char *path) {
    if (strcmp(path, "-") == 0) return gopt_strdup("stdin");
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    const char *dot = strrchr(base, '.');
    return gopt_strndup(base, dot && dot != base ? (size_t)(dot - base) : strlen(base));
}

static bool read_puzzles(const gopt_cli_call *call, puzzles *ps) {
    static char *stdin_only[] = {"-"};
    char **inputs = call->nargs ? call->args : stdin_only;
    int ninputs = call->nargs ? call->nargs : 1;
    const char *format = call->opts.format;
    if (format && !known(gopt_country_formats, format))
        return cli_usage_error("country: unknown format '%s' (url, pzprv3, block, text, penpa)", format), false;
    gopt_error err = {0};
    for (int i = 0; i < ninputs; i++) {
        gopt_text t;
        if (!gopt_text_load_arg(&t, inputs[i], &err)) return cli_input_error(&err), false;
        size_t first = ps->n;
        gopt_country *p;
        int r;
        while ((r = gopt_country_read(&t, call->opts.format, &p, &err)) == 1) {
            gopt_grow(&ps->at, &ps->cap, ps->n + 1, sizeof *ps->at);
            ps->at[ps->n++] = (named){p, NULL};
        }
        gopt_text_free(&t);
        if (r < 0) return cli_input_error(&err), false;
        if (ps->n == first) {
            gopt_fail(&err, inputs[i], 0, 0, "no country puzzle found");
            return cli_input_error(&err), false;
        }
        char *stem = file_stem(gopt_text_arg_is_url(inputs[i]) ? "url" : inputs[i]);
        for (size_t k = first; k < ps->n; k++) {
            const char *own = ps->at[k].p->name;
            ps->at[k].name = own ? gopt_strdup(own)
                             : ps->n - first == 1 ? gopt_strdup(stem) : gopt_format("%s:%zu", stem, k - first + 1);
        }
        free(stem);
    }
    return true;
}

static int run_check(const gopt_cli_call *call) {
    puzzles ps = {0};
    if (!read_puzzles(call, &ps)) return free_puzzles(&ps), 2;
    for (size_t i = 0; i < ps.n; i++)
        if (!ps.at[i].p->given) {
            cli_usage_error("%s: the puzzle comes without a loop to check", ps.at[i].name);
            free_puzzles(&ps);
            return 2;
        }
    int code = 0;
    for (size_t i = 0; i < ps.n; i++) {
        char why[256] = "";
        bool ok = gopt_country_check(ps.at[i].p, ps.at[i].p->given, why, sizeof why);
        if (!ok) code = 1;
        if (call->opts.json) {
            json_t *j = json_object();
            json_object_set_new(j, "name", json_string(ps.at[i].name));
            json_object_set_new(j, "ok", json_boolean(ok));
            if (!ok) json_object_set_new(j, "reason", json_string(why));
            gopt_json_emit(stdout, j);
        } else {
            printf("%s: %s%s\n", ps.at[i].name, ok ? "ok" : "wrong: ", ok ? "" : why);
        }
    }
    free_puzzles(&ps);
    return code;
}

static int run_convert(const gopt_cli_call *call) {
    const char *to = gopt_option(&call->opts, "to");
    if (!to) return cli_usage_error("country convert: --to FORMAT is required (url, pzprv3, block, text, penpa)");
    if (!known(gopt_country_formats, to)) return cli_usage_error("--to: unknown format '%s' (url, pzprv3, block, text, penpa)", to);
    puzzles ps = {0};
    if (!read_puzzles(call, &ps)) return free_puzzles(&ps), 2;
    gopt_buf out = {0};
    int code = 0;
    for (size_t i = 0; i < ps.n && !code; i++) {
        const char *why = NULL;
        char *text = gopt_country_write(ps.at[i].p, ps.at[i].p->given, to, &why);
        if (!text) {
            code = cli_usage_error("%s: cannot write as %s: %s", ps.at[i].name, to, why);
            break;
        }
        if (i && strcmp(to, "text") == 0) gopt_buf_putc(&out, '\n'); /* puzzles end at blank lines */
        gopt_buf_puts(&out, text);
        free(text);
    }
    if (!code && out.data) fputs(out.data, stdout);
    gopt_buf_free(&out);
    free_puzzles(&ps);
    return code;
}

static int run_lp(const gopt_cli_call *call) {
    puzzles ps = {0};
    if (!read_puzzles(call, &ps)) return free_puzzles(&ps), 2;
    const char *output = call->opts.output;
    if (ps.n != 1) {
        free_puzzles(&ps);
        return cli_usage_error("country lp: one puzzle at a time (the input holds %zu)", ps.n);
    }
    gopt_mip *m = gopt_country_mip_model(ps.at[0].p, gopt_option_flag(&call->opts, "with-cuts"));
    free_puzzles(&ps);
    gopt_error err = {0};
    bool ok = gopt_mip_write_lp(m, output ? output : "-", &err);
    gopt_mip_free(m);
    return ok ? 0 : cli_input_error(&err);
}

static const gopt_cli_option solve_options[] = {
    {"print", "FORMAT", "drawing (default), or the solved puzzle as url, pzprv3, block, text or penpa"},
    {"ascii", NULL, "draw the loop with ASCII characters"},
    {0},
};
static const gopt_cli_option convert_options[] = {
    {"to", "FORMAT", "url, pzprv3, block, text or penpa (a given loop is kept where the format holds one)"},
    {0},
};
static const gopt_cli_option lp_options[] = {
    {"with-cuts", NULL, "solve first and keep the single-loop cuts the solver needed"},
    {0},
};

static const gopt_cli_option generate_options[] = {
    {"size", "WxH", "columns x rows (default 10x10; 2x2 to 30x30)"},
    {"empty-rooms", NULL, "the variant where rooms may be left unvisited"},
    {0},
};

static const gopt_cli_verb verbs[] = {
    {"solve", "solve puzzles (--count 2 proves uniqueness)", "[FILE...]", CLI_SOLVE_OPTIONS, solve_options, run_solve},
    {"check", "check the loops given with puzzles against the rules", "[FILE...]", CLI_FORMAT | CLI_JSON, NULL,
     run_check},
    {"convert", "write puzzles in another format", "[FILE...]", CLI_FORMAT, convert_options, run_convert},
    {"generate", "random puzzles with exactly one solution (--count of them)", "", CLI_FORMAT | CLI_SEED | CLI_COUNT | CLI_SHARD,
     generate_options, cli_run_generate},
    {"lp", "write the MIP model (the seed's ILP) as a CPLEX-LP file", "[FILE]", CLI_FORMAT | CLI_OUTPUT, lp_options,
     run_lp},
    {0},
};

static const char help[] =
    "Draw one loop through cell centres that enters and leaves every room once; a number\n"
    "is how many of its room's cells the loop uses; cells on either side of a room border\n"
    "are never both unused. `country/e/` URLs (variant empty) also allow unvisited rooms.\n"
    "\n"
    "input: puzz.link URLs (one per line, with or without https://puzz.link/p, as pasted:\n"
    "quotes, <...>, trailing /, &... and #... are fine; also ?pzprv3/country/... and\n"
    "country_edit/ links), penpa-edit links (m=edit&p=...), pzprv3 files, the block format\n"
    "of the shared data set, or text: rows of room letters ('.' for a hole), then numbers\n"
    "as A=3 B=? (docs/formats.md). A link may be given in place of FILE.\n"
    "\n"
    "examples:\n"
    "  gameopt country solve --count 2 data/country/seed-10x10.txt\n"
    "  gameopt country solve 'https://puzz.link/p?country/5/5/amda0uf02h12h/'\n"
    "  echo 'https://puzz.link/p?country/5/5/amda0uf02h12h' | gameopt country solve --json\n"
    "  gameopt country solve --method mip --output loop.svg data/country/seed-10x10.txt\n"
    "  gameopt country convert --to url data/country/seed-10x10.txt\n";

const gopt_cli_game gopt_cli_country = {"country", "Country Road loop puzzles (SAT or MIP, with lazy connectivity)",
                                        &gopt_game_country, verbs, help};
