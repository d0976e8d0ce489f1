/* gameopt flow: solve (the generic batch driver), check (an answer against its puzzle), lp
 * (the integer program as a CPLEX-LP file) and generate (random solvable boards). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "gameopt/flow.h"

static const gopt_cli_option coverage_options[] = {
    {"partial", NULL, "cells may stay empty (Numberlink and ADC rules; the default for ADC files)"},
    {"full", NULL, "every cell must be used (Flow Free rules; the default for the other formats)"},
    {"paths", "simple|untouching", "the path convention (check: a path touching itself is wrong under untouching)"},
    {NULL, NULL, NULL},
};

static const gopt_cli_option solve_options[] = {
    {"partial", NULL, "cells may stay empty (Numberlink and ADC rules; the default for ADC files)"},
    {"full", NULL, "every cell must be used (Flow Free rules; the default for the other formats)"},
    {"style", "pipes|text", "pipes (coloured on a terminal) or the puzzle's own format (default: pipes on a terminal)"},
    {"nodes", "N", "search nodes before `auto` hands over to SAT (default 1000000 + 100000 per cell)"},
    {"complete", NULL, "search: assume nothing about the paths, so a failed search is a proof"},
    {"paths", "simple|untouching",
     "the path convention: untouching counts only paths that never touch themselves (default: untouching for "
     "thomasahle, intgrid and adc files, simple for Flow Free formats)"},
    {NULL, NULL, NULL},
};

static const gopt_cli_option generate_options[] = {
    {"size", "WxH", "board size (default 7x7)"},
    {"colours", "N", "number of colours (default: one per eight cells; --unique starts from one per twelve and adds some)"},
    {"unique", NULL, "boards with exactly one solution under the path convention"},
    {"paths", "simple|untouching", "--unique: the convention (default: the output format's)"},
    {"grade", "easy|medium|hard", "--unique: by our search's nodes per cell to solve it: under 1.75, under 2.5, more"},
    {NULL, NULL, NULL},
};

static int run_solve(const gopt_cli_call *call) {
    long nodes = 0;
    if (!cli_option_int(&call->opts, "nodes", 1, 4000000000000000000L, &nodes)) return 2;
    const char *style = gopt_option(&call->opts, "style");
    if (style && strcmp(style, "pipes") != 0 && strcmp(style, "text") != 0)
        return cli_usage_error("--style: expected 'pipes' or 'text', found '%s'", style);
    const char *paths = gopt_option(&call->opts, "paths");
    if (paths && strcmp(paths, "simple") != 0 && strcmp(paths, "untouching") != 0)
        return cli_usage_error("--paths: expected 'simple' or 'untouching', found '%s'", paths);
    if (gopt_option_flag(&call->opts, "partial") && gopt_option_flag(&call->opts, "full"))
        return cli_usage_error("--partial and --full exclude each other");
    return cli_run_solve(call);
}

static int run_generate(const gopt_cli_call *call) {
    const char *paths = gopt_option(&call->opts, "paths"), *grade = gopt_option(&call->opts, "grade");
    if (paths && strcmp(paths, "simple") != 0 && strcmp(paths, "untouching") != 0)
        return cli_usage_error("--paths: expected 'simple' or 'untouching', found '%s'", paths);
    if (grade && strcmp(grade, "easy") != 0 && strcmp(grade, "medium") != 0 && strcmp(grade, "hard") != 0)
        return cli_usage_error("--grade: expected 'easy', 'medium' or 'hard', found '%s'", grade);
    if ((paths || grade) && !gopt_option_flag(&call->opts, "unique"))
        return cli_usage_error("--paths and --grade go with --unique");
    return cli_run_generate(call);
}

/* All puzzles of one file, named like the batch names them. */
typedef struct puzzle_list {
    gopt_flow_puzzle **items;
    size_t n, cap;
} puzzle_list;

static void free_list(puzzle_list *l) {
    for (size_t i = 0; i < l->n; i++) gopt_flow_puzzle_free(l->items[i]);
    free(l->items);
}

static bool read_all(const char *path, const gopt_options *o, puzzle_list *l, gopt_error *err) {
    gopt_text t;
    if (!gopt_text_load(&t, path, err)) return false;
    int format = -1;
    for (int f = 0; o->format && gopt_flow_format_names[f]; f++)
        if (strcmp(gopt_flow_format_names[f], o->format) == 0) format = f;
    int partial = gopt_option_flag(o, "partial") ? 1 : gopt_option_flag(o, "full") ? 0 : -1;
    bool ok = true;
    for (;;) {
        gopt_flow_puzzle *p;
        int r = gopt_flow_read(&t, format, partial, &p, err);
        if (r < 0) ok = false;
        if (r <= 0) break;
        const char *paths = gopt_option(o, "paths");
        if (paths) p->untouching = strcmp(paths, "untouching") == 0;
        gopt_grow(&l->items, &l->cap, l->n + 1, sizeof *l->items);
        l->items[l->n++] = p;
    }
    gopt_text_free(&t);
    if (ok && l->n == 0) ok = gopt_fail(err, path, 0, 0, "no flow puzzle found");
    return ok;
}

static char *name_of(const char *path, size_t i, size_t n) {
    char *copy = gopt_strdup(path);
    const char *base = strrchr(copy, '/') ? strrchr(copy, '/') + 1 : copy;
    char *stem = gopt_strdup(base);
    char *dot = strrchr(stem, '.');
    if (dot && dot != stem) *dot = 0;
    char *name = n == 1 ? gopt_strdup(stem) : gopt_format("%s:%zu", stem, i + 1);
    free(copy);
    free(stem);
    return name;
}

static int run_check(const gopt_cli_call *call) {
    if (call->nargs != 2) return cli_usage_error("flow check: expected PUZZLE and ANSWER files");
    const gopt_options *o = &call->opts;
    puzzle_list l = {0};
    gopt_error err = {0};
    if (!read_all(call->args[0], o, &l, &err)) {
        free_list(&l);
        return cli_input_error(&err);
    }
    gopt_text t;
    if (!gopt_text_load(&t, call->args[1], &err)) {
        free_list(&l);
        return cli_input_error(&err);
    }
    gopt_flow_solution **answers = gopt_calloc(l.n, sizeof *answers);
    int code = 0;
    for (size_t i = 0; i < l.n && code == 0; i++)
        if (!(answers[i] = gopt_flow_read_answer(&t, l.items[i], &err))) code = cli_input_error(&err);
    for (size_t i = 0; i < l.n && code != 2; i++) {
        char why[256];
        char *name = name_of(call->args[0], i, l.n);
        bool ok = gopt_flow_check(l.items[i], answers[i], why, sizeof why);
        if (!ok) code = 1;
        if (o->json) {
            json_t *j = json_pack("{s:s, s:b}", "name", name, "ok", ok);
            if (!ok) json_object_set_new(j, "why", json_string(why));
            gopt_json_emit(stdout, j);
        } else if (!ok || !o->quiet) {
            printf("%s: %s%s\n", name, ok ? "ok" : "wrong: ", ok ? "" : why);
        }
        free(name);
    }
    for (size_t i = 0; i < l.n; i++) gopt_flow_solution_free(answers[i]);
    free(answers);
    gopt_text_free(&t);
    free_list(&l);
    return code;
}

static int run_lp(const gopt_cli_call *call) {
    if (call->nargs != 1) return cli_usage_error("flow lp: expected one puzzle file");
    const gopt_options *o = &call->opts;
    if (o->output && (strlen(o->output) < 3 || strcmp(o->output + strlen(o->output) - 3, ".lp") != 0))
        return cli_usage_error("--output %s: an LP file ends in .lp", o->output);
    puzzle_list l = {0};
    gopt_error err = {0};
    if (!read_all(call->args[0], o, &l, &err)) {
        free_list(&l);
        return cli_input_error(&err);
    }
    int code = 0;
    for (size_t i = 0; i < l.n && code == 0; i++) {
        char *path = !o->output ? gopt_strdup("-")
                     : l.n == 1  ? gopt_strdup(o->output)
                                 : gopt_format("%.*s-%zu.lp", (int)strlen(o->output) - 3, o->output, i + 1);
        if (!gopt_flow_write_lp(l.items[i], path, &err)) code = cli_input_error(&err);
        free(path);
    }
    free_list(&l);
    return code;
}

static const gopt_cli_verb verbs[] = {
    {"solve", "solve puzzles (one result per puzzle; pictures with --output x.svg)", "[FILE...]", CLI_SOLVE_OPTIONS,
     solve_options, run_solve},
    {"check", "check a solved board (in the puzzle's own format) against its puzzle", "PUZZLE ANSWER",
     CLI_FORMAT | CLI_JSON | CLI_QUIET, coverage_options, run_check},
    {"lp", "write the integer program (without the lazy cycle cuts) as a CPLEX-LP file", "FILE",
     CLI_FORMAT | CLI_OUTPUT, coverage_options, run_lp},
    {"generate", "random boards with a full-coverage solution (--unique: exactly one)", "",
     CLI_FORMAT | CLI_SEED | CLI_COUNT | CLI_SHARD, generate_options, run_generate},
    {NULL, NULL, NULL, 0, NULL, NULL},
};

static const char help[] =
    "Rules: join each pair of same-coloured endpoints by a path through neighbouring cells; paths\n"
    "never cross or share a cell. Flow Free uses every cell; Numberlink contest rules (--partial)\n"
    "let cells stay empty. Bridges, warps, holes, walls, hex boards and 3-D ADC boards are read as\n"
    "a graph of cells.\n"
    "\n"
    "formats (guessed from the first lines):\n"
    "  flow_solver  one row per line; letters and digits are colours, anything else is blank\n"
    "  thomasahle   'W H', then H rows ('.' blank); many puzzles per file; '0 0' ends\n"
    "  intgrid      'W H', then H rows of W integers (0 empty): partial coverage by default\n"
    "  json         a grid of colour names (\"\" empty), or {\"grid\": ...}; many levels in an array\n"
    "               or under \"levels\"\n"
    "  adc          SIZE WxH[xD], LINE_NUM n, LINE#k (x,y)-(x,y): partial coverage by default\n"
    "  samgoldman   STANDARD|BRIDGES|HEX|WARPS, then the board drawn with links - | / \\\n"
    "  houston      'ncolours W H', then '(x, y) (x, y)' per colour\n"
    "\n"
    "paths: a path touches itself when two of its cells are neighbours but not consecutive on\n"
    "it. --paths untouching (default for thomasahle, intgrid and adc files, as published Numberlink\n"
    "puzzles assume) considers only paths that never do, in solving, counting and proofs;\n"
    "--paths simple (default for Flow Free formats) allows them. '--count 2' answering 1\n"
    "proves uniqueness under the convention: untouching, no second filling without touching\n"
    "paths (fillings with them may exist); simple, no second filling at all. JSON says which.\n"
    "\n"
    "methods: auto tries the search (assuming paths never touch themselves: exact under\n"
    "untouching on full rectangles) within a node budget, then SAT; only SAT, MIP, the exact or\n"
    "--complete search prove 'unsolvable'. --count N counts solutions with the search or SAT.\n"
    "\n"
    "examples:\n"
    "  gameopt flow solve data/flow/seed_5x5.txt\n"
    "  gameopt flow solve --count 2 --json puzzles.txt\n"
    "  gameopt flow solve --output board.svg data/flow/bridges_5x5.txt\n"
    "  gameopt flow check puzzle.txt answer.txt\n"
    "  gameopt flow lp --output seed.lp data/flow/seed_5x5.txt\n";

const gopt_cli_game gopt_cli_flow = {"flow", "Flow Free and Numberlink: join same-coloured endpoints by disjoint paths",
                                     &gopt_game_flow, verbs, help};
