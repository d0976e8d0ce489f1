/* The flow family's gopt_game table: options in, answers out (text, JSON, pictures). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "gameopt/json.h"
#include "gameopt/require.h"
#include "gameopt/term.h"

static const char *const methods[] = {"auto", "search", "sat", "mip", NULL};

static int format_by_name(const char *name) {
    for (int f = 0; gopt_flow_format_names[f]; f++)
        if (strcmp(gopt_flow_format_names[f], name) == 0) return f;
    return -1;
}

static int parse(gopt_text *t, const gopt_options *o, void **out, gopt_error *err) {
    int format = o->format ? format_by_name(o->format) : -1;
    int partial = gopt_option_flag(o, "partial") ? 1 : gopt_option_flag(o, "full") ? 0 : -1;
    gopt_flow_puzzle *p = NULL;
    int r = gopt_flow_read(t, format, partial, &p, err);
    const char *paths = gopt_option(o, "paths");
    if (p && paths) p->untouching = strcmp(paths, "untouching") == 0;
    *out = p;
    return r;
}

/* A JSON pack's level is named by its key; other puzzles after their file. */
static const char *puzzle_name(const void *puzzle) { return ((const gopt_flow_puzzle *)puzzle)->name; }

/* Writing in another format than the puzzle's own (convert.c); a format that cannot hold the
 * board (convert asks `writable` first and refuses) gets the board in its own format. */
static char *format(const void *puzzle, const void *solution, const char *name) {
    const gopt_flow_puzzle *p = puzzle;
    int f = name ? format_by_name(name) : -1;
    if (f >= 0 && !flow_writable(p, f, (char[8]){0}, 8)) f = -1;
    return flow_write_as(p, solution, f);
}

static bool writable(const void *puzzle, const char *name, char *why, size_t size) {
    int f = format_by_name(name);
    if (f < 0) return snprintf(why, size, "unknown format '%s'", name), false;
    return flow_writable(puzzle, f, why, size);
}

/* methods[] is in the order of gopt_flow_method; the library refuses unknown names before
 * a solve starts (gopt_game_solve_checked), so no name ever falls back to another method. */
static gopt_flow_method method_by_name(const char *name) {
    int m = gopt_method_index(&gopt_game_flow, name);
    GOPT_REQUIRE(m >= 0, "unknown method '%s'", name);
    return (gopt_flow_method)m;
}

static gopt_status solve(const void *puzzle, const gopt_options *o, gopt_answer *a) {
    gopt_flow_settings s = {
        .method = method_by_name(o->method),
        .count = o->count,
        .time_limit = o->time_limit,
        .memory_limit_mb = o->memory_limit_mb,
        .threads = o->threads,
        .complete = gopt_option_flag(o, "complete"),
    };
    if (gopt_option(o, "nodes")) s.node_budget = gopt_opt_int(o, flow_solve_opts, "nodes");
    return gopt_flow_solve(puzzle, &s, a);
}

static bool check(const void *puzzle, const void *solution, char *why, size_t size) {
    return gopt_flow_check(puzzle, solution, why, size);
}

/* "solved", "unsolvable", "unknown" (the words of the text output; JSON uses the common
 * status words, gopt_status_name) */
static const char *status_word(gopt_status s) {
    return s == GOPT_SOLVED ? "solved" : s == GOPT_INFEASIBLE ? "unsolvable" : "unknown";
}

/* Pipes on a terminal, the puzzle's own format elsewhere; --style chooses. */
static bool use_pipes(const gopt_options *o) {
    const char *style = gopt_option(o, "style");
    if (style) return strcmp(style, "pipes") == 0;
    return o->terminal;
}

static void print(FILE *out, const void *puzzle, const gopt_answer *a, const gopt_options *o) {
    const gopt_flow_puzzle *p = puzzle;
    const gopt_flow_solution *s = a->solution;
    if (!o->quiet) {
        fprintf(out, "%s: %s", a->name, status_word(a->status));
        if (a->status == GOPT_SOLVED && o->count > 1)
            fprintf(out, ", %ld solution%s%s", a->solutions, a->solutions == 1 ? "" : "s",
                    a->complete ? " (all of them)" : " (there may be more)");
        fprintf(out, " (%s)%s%s\n", a->method ? a->method : "-", a->status != GOPT_SOLVED && a->note[0] ? ": " : "",
                a->status != GOPT_SOLVED ? a->note : "");
    }
    if (!s) return;
    char *text = use_pipes(o) ? gopt_flow_draw(p, s, true, o->colour) : gopt_flow_write(p, s);
    fputs(text, out);
    free(text);
}

static json_t *to_json(const void *puzzle, const gopt_answer *a, const gopt_options *o) {
    (void)o;
    json_t *j = json_object();
    json_object_set_new(j, "solutions", json_integer(a->solutions));
    /* the convention the count and any "unsolvable" hold under */
    json_object_set_new(j, "paths", json_string(((const gopt_flow_puzzle *)puzzle)->untouching ? "untouching" : "simple"));
    if (a->solution) {
        int n;
        char **rows = gopt_flow_rows(puzzle, a->solution, &n);
        json_t *arr = json_array();
        for (int i = 0; i < n; i++) {
            json_array_append_new(arr, json_string(rows[i]));
            free(rows[i]);
        }
        free(rows);
        json_object_set_new(j, "rows", arr);
    } else {
        json_object_set_new(j, "rows", json_null());
    }
    return j;
}

static gopt_canvas *render(const void *puzzle, const void *solution) { return gopt_flow_render(puzzle, solution); }

/* --size WxH and --colours N (default: one per eight cells). */
static void *generate(const gopt_options *o, gopt_rng *rng, gopt_error *err) {
    int w, h;
    gopt_opt_size(o, flow_generate_opts, "size", &w, &h);
    if (w < 2) return gopt_fail(err, "--size", 0, 0, "a board is at least 2 columns wide"), NULL;
    /* The letter formats name a colour by one character, so they hold only so many colours; a
     * board with more would be written with repeated letters and not read back. */
    int f = o->format ? format_by_name(o->format) : 0;
    if (f == GOPT_FLOW_SAMGOLDMAN)
        return gopt_fail(err, "--format", 0, 0, "generated boards are written as flow_solver, thomasahle, adc or houston"),
               NULL;
    long half = (long)w * h / 2 > 1 ? (long)w * h / 2 : 1;
    long most = f == GOPT_FLOW_HOUSTON || f == GOPT_FLOW_ADC || flow_numbered(f) || f == GOPT_FLOW_JSON ? half
                : f == GOPT_FLOW_THOMASAHLE                                                        ? 62
                                                                                                   : 52;
    if (most > half) most = half;
    /* --colours, or its spellings --colors and --color (issue 35: options agree across families) */
    const char *spelt = gopt_option(o, "colours") ? "colours" : gopt_option(o, "colors") ? "colors" : gopt_option(o, "color") ? "color" : NULL;
    long colours = spelt ? gopt_opt_int(o, flow_generate_opts, spelt) : 0;
    if (colours > half)
        return gopt_fail(err, "--colours", 0, 0, "%ld colours do not fit on %dx%d cells (at most %ld)", colours, w, h,
                         half),
               NULL;
    if (colours > most)
        return gopt_fail(err, "--colours", 0, 0, "the %s format has letters for %ld colours; use --format houston or adc",
                         gopt_flow_format_names[f], most),
               NULL;
    if (gopt_option_flag(o, "any")) {
        if (colours < 1) colours = (w * h) / 8 > 1 ? (w * h) / 8 : 1;
        if (colours > most) colours = most;
        return gopt_flow_generate(w, h, (int)colours, rng);
    }
    /* Unique (the default) under the convention of the format written (or --paths);
     * splitting paths adds colours, so start with fewer than the random boards' one per
     * eight cells. */
    if (h < 2) return gopt_fail(err, "--size", 0, 0, "a unique board is at least 2 rows high"), NULL;
    /* Unique boards measured so far hold one colour per 3.8 to 4.5 cells (20x20: 88, 30x30:
     * 237, 50x50: 554): a format that names fewer than one per five cells cannot hold one, so
     * refuse at once instead of after 200 tries (50x50 in flow_solver: 6.8 s). */
    if ((long)w * h / 5 > most)
        return gopt_fail(err, "--size", 0, 0,
                         "a unique %dx%d board needs about %ld colours and the %s format names %ld: --format houston, json "
                         "or adc hold more; --any makes boards that may have several solutions",
                         w, h, (long)w * h * 2 / 9, gopt_flow_format_names[f], most),
               NULL;
    if (colours < 1) colours = (w * h) / 12 > 1 ? (w * h) / 12 : 1;
    if (colours > most) colours = most;
    bool untouching = gopt_option(o, "paths") ? gopt_opt_enum(o, flow_generate_opts, "paths") == 1
                                              : gopt_flow_untouching_default((gopt_flow_format)f);
    gopt_flow_grade grade = gopt_option(o, "grade") ? (gopt_flow_grade)(1 + gopt_opt_enum(o, flow_generate_opts, "grade"))
                                                    : GOPT_FLOW_ANY_GRADE;
    double work;
    gopt_flow_puzzle *p = gopt_flow_generate_unique(w, h, (int)colours, untouching, grade, 0, most, rng, &work);
    if (!p) { /* say what would make one: the letter formats run out of colours first */
        const char *grade_name = gopt_option(o, "grade");
        gopt_fail(err, grade_name ? "--grade" : "--size", 0, 0,
                  "no unique %dx%d board%s%s found in 200 tries%s%s%s; --any makes boards that may have several solutions",
                  w, h, grade_name ? " of grade " : "", grade_name ? grade_name : "",
                  most < half ? " (the " : "", most < half ? gopt_flow_format_names[f] : "",
                  most < half ? " format names too few colours for one: --format houston, json or adc hold more)" : "");
    }
    return p;
}

static void free_puzzle(void *p) { gopt_flow_free(p); }
static void free_solution(void *s) { gopt_flow_solution_free(s); }

static const char flow_help[] =
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
    "               or under \"levels\"; a pack {\"level_1\": grid, ...} names each level by its key\n"
    "  adc          SIZE WxH[xD], LINE_NUM n, LINE#k (x,y)-(x,y): partial coverage by default\n"
    "  samgoldman   STANDARD|BRIDGES|HEX|WARPS, then the board drawn with links - | / \\\n"
    "  houston      'ncolours W H', then '(x, y) (x, y)' per colour\n"
    "  puzzlink     puzz.link Numberlink links, one a line: https://puzz.link/p?numlin/W/H/...\n"
    "               (also pzv.jp, pzprxs, no scheme, _edit/_play); cells may stay empty; a solved\n"
    "               board is written as an integer grid. A link may be given in place of FILE.\n"
    "  pzprv3       a Numberlink saved by puzz.link (pzprv3, numlin, rows, cols, numbers, lines);\n"
    "               the lines are the answer; also in a link (?pzprv3/numlin/...)\n"
    "\n"
    "paths: a path touches itself when two of its cells are neighbours but not consecutive on\n"
    "it. --paths untouching (the default for thomasahle, intgrid, adc, puzzlink and pzprv3, as\n"
    "published Numberlink puzzles assume) considers only paths that never do, in solving, counting and\n"
    "proofs; --paths simple (default for Flow Free formats) allows them. '--count 2' answering 1\n"
    "proves uniqueness under the convention: untouching, no second filling without touching\n"
    "paths (fillings with them may exist); simple, no second filling at all. JSON says which.\n"
    "\n"
    "methods: auto runs the search (assuming paths never touch themselves: exact under\n"
    "untouching on full rectangles) with SAT taking turns, and under simple paths route and\n"
    "fill (builds a solution window by window); --threads 2 runs SAT beside the search, the\n"
    "first decision wins. Only SAT, MIP, the exact or\n"
    "--complete search, parity or topology prove 'unsolvable'. --count N counts solutions with\n"
    "the search or SAT.\n"
    "\n"
    "examples:\n"
    "  gameopt flow solve data/flow/seed_5x5.txt\n"
    "  gameopt flow solve --count 2 --json puzzles.txt\n"
    "  gameopt flow solve --output board.svg data/flow/bridges_5x5.txt\n"
    "  gameopt flow check puzzle.txt answer.txt\n"
    "  gameopt flow lp --output seed.lp data/flow/seed_5x5.txt\n"
    "  gameopt flow solve 'https://puzz.link/p?numlin/7/7/4h2j1i5h4q3h3h52s1'\n"
    "  gameopt flow convert --to samgoldman data/flow/seed_5x5.txt  (or json, adc, ...: an error when\n"
    "                                              the format cannot hold the board)\n"
    "  gameopt flow hint puzzle.txt half-done.txt  (answer format, '?' not filled; also decided, unique,\n"
    "                                              mistakes, explain, setter)\n";

const gopt_game gopt_game_flow = {
    .name = "flow",
    .summary = "Flow Free and Numberlink: join same-coloured endpoints by disjoint paths",
    .formats = gopt_flow_format_names,
    .methods = methods,
    .verbs = flow_verbs,
    .help = flow_help,
    .parse = parse,
    .puzzle_name = puzzle_name,
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
};
