/* The gopt_game table of Country Road: how the command line, tests, fuzzers and benchmarks
 * see the puzzle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const char *const methods[] = {"sat", "mip", NULL};

static int parse(gopt_text *t, const gopt_options *o, void **puzzle, gopt_error *err) {
    gopt_country_puzzle *p = NULL;
    int r = gopt_country_read(t, o ? o->format : NULL, &p, err);
    if (r == 1) *puzzle = p;
    return r;
}

static const char *puzzle_name(const void *puzzle) { return ((const gopt_country_puzzle *)puzzle)->name; }

static char *format(const void *puzzle, const void *solution, const char *fmt) {
    const gopt_country_solution *loop = solution;
    const char *why = NULL;
    /* no format named: the first that holds this puzzle (a URL holds no cells outside the
     * puzzle; the fuzz target through the interface found one that it printed as a comment) */
    for (int f = 0; !fmt && gopt_country_formats[f]; f++) {
        char *text = gopt_country_write(puzzle, loop ? loop->dirs : NULL, gopt_country_formats[f], &why);
        if (text) return text;
    }
    if (!fmt) fmt = gopt_country_formats[0];
    char *text = gopt_country_write(puzzle, loop ? loop->dirs : NULL, fmt, &why);
    return text ? text : gopt_format("# cannot write this puzzle as %s: %s\n", fmt, why);
}

static bool check(const void *puzzle, const void *solution, char *why, size_t size) {
    return gopt_country_check(puzzle, ((const gopt_country_solution *)solution)->dirs, why, size);
}

static gopt_status solve(const void *puzzle, const gopt_options *o, gopt_answer *a) {
    gopt_country_solve_options so = {.method = o->method, .count = o->count, .time_limit = o->time_limit};
    gopt_status s = gopt_country_solve(puzzle, &so, a);
    /* A limit that stopped the count keeps the loop found; it is printed, so it is checked
     * here (the generic driver checks solved answers only). */
    char why[256] = "";
    if (s == GOPT_LIMIT && a->solution && o->verify && !check(puzzle, a->solution, why, sizeof why)) {
        snprintf(a->note, sizeof a->note, "internal error: the answer failed the checker: %s", why);
        a->status = s = GOPT_ERROR;
    }
    return s;
}

static gopt_canvas *render(const void *puzzle, const void *solution) {
    const gopt_country_solution *loop = solution;
    return gopt_country_render(puzzle, loop ? loop->dirs : NULL);
}

/* --size WxH (columns x rows), --empty-rooms, --clues (verbs.c). */
static void *generate(const gopt_options *o, gopt_rng *rng, gopt_error *err) { return country_generate(o, rng, err); }

static const char country_help[] =
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
    "  gameopt country convert --to url data/country/seed-10x10.txt\n"
    "  gameopt country explain --output steps.svg data/country/seed-10x10.txt\n"
    "  gameopt country generate --size 30x30 --clues minimal --grade --count 3\n"
    "  gameopt country hint progress.pzprv3       (decided, unique, mistakes, setter: help short of the answer)\n";

static void free_puzzle(void *p) { gopt_country_free(p); }
static void free_solution(void *s) { gopt_country_solution_free(s); }

const gopt_game gopt_game_country = {
    .name = "country",
    .summary = "Country Road loop puzzles (SAT or MIP, with lazy connectivity)",
    .formats = gopt_country_formats,
    .methods = methods,
    .verbs = country_verbs,
    .help = country_help,
    .parse = parse,
    .puzzle_name = puzzle_name,
    .format = format,
    .solve = solve,
    .check = check,
    .print = country_print,
    .to_json = country_json,
    .render = render,
    .generate = generate,
    .free_puzzle = free_puzzle,
    .free_solution = free_solution,
    .free_extra = free,
};
