/* The flow family's gopt_game table: options in, answers out (text, JSON, pictures). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "flow_internal.h"
#include "gameopt/json.h"
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

/* Writing in another format than the puzzle's own: the rectangular formats convert freely. */
static char *format(const void *puzzle, const void *solution, const char *name) {
    const gopt_flow_puzzle *p = puzzle;
    int f = name ? format_by_name(name) : -1;
    bool rectangular = p->plain && p->format != GOPT_FLOW_SAMGOLDMAN;
    if (f < 0 || f == (int)p->format || f == GOPT_FLOW_SAMGOLDMAN || !rectangular) return gopt_flow_write(p, solution);
    gopt_flow_puzzle copy = *p;
    copy.format = (gopt_flow_format)f;
    char(*labels)[GOPT_FLOW_LABEL] = NULL;
    if (f == GOPT_FLOW_ADC || f == GOPT_FLOW_INTGRID) { /* contest files number their lines */
        labels = gopt_malloc((size_t)p->ncolours * sizeof *labels);
        for (int k = 0; k < p->ncolours; k++) snprintf(labels[k], sizeof labels[k], "%d", k + 1);
        copy.label = labels;
    }
    char *text = gopt_flow_write(&copy, solution);
    free(labels);
    return text;
}

static gopt_flow_method method_by_name(const char *name) {
    if (!name || strcmp(name, "auto") == 0) return GOPT_FLOW_AUTO;
    if (strcmp(name, "search") == 0) return GOPT_FLOW_SEARCH;
    if (strcmp(name, "sat") == 0) return GOPT_FLOW_SAT;
    return GOPT_FLOW_MIP;
}

static gopt_status solve(const void *puzzle, const gopt_options *o, gopt_answer *a) {
    gopt_flow_settings s = {
        .method = method_by_name(o->method),
        .count = o->count,
        .time_limit = o->time_limit,
        .memory_limit_mb = o->memory_limit_mb,
        .complete = gopt_option_flag(o, "complete"),
    };
    const char *nodes = gopt_option(o, "nodes");
    if (nodes) s.node_budget = strtoll(nodes, NULL, 10);
    return gopt_flow_solve(puzzle, &s, a);
}

static bool check(const void *puzzle, const void *solution, char *why, size_t size) {
    return gopt_flow_check(puzzle, solution, why, size);
}

/* "solved", "unsolvable", "unknown" (the words of --json) */
static const char *status_word(gopt_status s) {
    return s == GOPT_SOLVED ? "solved" : s == GOPT_INFEASIBLE ? "unsolvable" : "unknown";
}

/* Pipes on a terminal, the puzzle's own format elsewhere; --style chooses. */
static bool use_pipes(FILE *out, const gopt_options *o) {
    const char *style = gopt_option(o, "style");
    if (style) return strcmp(style, "pipes") == 0;
    return isatty(fileno(out));
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
    char *text = use_pipes(out, o) ? gopt_flow_draw(p, s, true, gopt_term_colour_ok(out)) : gopt_flow_write(p, s);
    fputs(text, out);
    free(text);
}

static json_t *to_json(const void *puzzle, const gopt_answer *a, const gopt_options *o) {
    (void)o;
    json_t *j = json_object();
    json_object_set_new(j, "name", json_string(a->name));
    json_object_set_new(j, "status", json_string(status_word(a->status)));
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
    json_object_set_new(j, "method", json_string(a->method ? a->method : "auto"));
    if (a->status != GOPT_SOLVED && a->note[0]) json_object_set_new(j, "note", json_string(a->note)); /* the proof or the limit */
    gopt_json_set_real(j, "seconds", a->seconds, 6);
    return j;
}

static bool render(const void *puzzle, const void *solution, const char *path, gopt_error *err) {
    return gopt_flow_render(puzzle, solution, path, err);
}

static void *generate(const gopt_options *o, gopt_rng *rng, gopt_error *err) {
    long w = 7, h = 7, colours = 0;
    const char *size = gopt_option(o, "size");
    if (size) {
        char *x;
        w = strtol(size, &x, 10);
        h = (*x == 'x' || *x == 'X') ? strtol(x + 1, &x, 10) : 0;
        if (*x || w < 2 || h < 1 || w > 1000 || h > 1000) {
            gopt_fail(err, "--size", 0, 0, "expected WxH with sides from 1 to 1000, found '%s'", size);
            return NULL;
        }
    }
    const char *c = gopt_option(o, "colours");
    if (c) colours = strtol(c, NULL, 10);
    if (!gopt_option_flag(o, "unique")) {
        if (colours < 1) colours = (w * h) / 8 > 1 ? (w * h) / 8 : 1;
        return gopt_flow_random((int)w, (int)h, (int)colours, rng);
    }
    /* Unique under the convention of the format written (or --paths); splitting paths adds
     * colours, so start with fewer than the random boards' one per eight cells. */
    if (colours < 1) colours = (w * h) / 12 > 1 ? (w * h) / 12 : 1;
    const char *paths = gopt_option(o, "paths");
    int f = o->format ? format_by_name(o->format) : GOPT_FLOW_FLOW_SOLVER;
    bool untouching = paths ? strcmp(paths, "untouching") == 0 : gopt_flow_untouching_default(f < 0 ? GOPT_FLOW_FLOW_SOLVER : f);
    const char *g = gopt_option(o, "grade");
    gopt_flow_grade grade = !g                           ? GOPT_FLOW_ANY_GRADE
                            : strcmp(g, "easy") == 0     ? GOPT_FLOW_EASY
                            : strcmp(g, "medium") == 0   ? GOPT_FLOW_MEDIUM
                                                         : GOPT_FLOW_HARD;
    double work;
    gopt_flow_puzzle *p = gopt_flow_generate_unique((int)w, (int)h, (int)colours, untouching, grade, 0, rng, &work);
    if (!p) gopt_fail(err, "--grade", 0, 0, "no unique %ldx%ld board of grade %s found in 200 tries", w, h, g ? g : "any");
    return p;
}

static void free_puzzle(void *p) { gopt_flow_puzzle_free(p); }
static void free_solution(void *s) { gopt_flow_solution_free(s); }

const gopt_game gopt_game_flow = {
    .name = "flow",
    .summary = "Flow Free and Numberlink: join same-coloured endpoints by disjoint paths",
    .formats = gopt_flow_format_names,
    .methods = methods,
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
