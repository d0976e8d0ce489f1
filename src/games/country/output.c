/* Text for people and JSON for programs: the loop drawn with box-drawing glyphs (one per
 * cell, like the seed's printout), a line saying what was proven, and the JSON object of
 * the issue: name, status, solutions, loop_cells, solution (rows of tokens), rounds,
 * seconds. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

void gopt_country_draw(FILE *out, const gopt_country_puzzle *p, const uint8_t *dirs, bool unicode) {
    gopt_grid g = p->size;
    for (int r = 0; r < g.h; r++) {
        for (int c = 0; c < g.w; c++) {
            int cell = r * g.w + c;
            if (p->room[cell] == GOPT_COUNTRY_HOLE) fputs(" ", out);
            else if (!dirs[cell]) fputs(unicode ? "·" : ".", out);
            else fputs(gopt_term_pipe(dirs[cell], unicode), out);
        }
        fputc('\n', out);
    }
}

/* What the answer proves, in words: "unique", "not unique (2 loops found)", ... */
static void describe(char *buf, size_t size, const gopt_answer *a, long count) {
    const gopt_country_solution *loop = a->solution;
    if (a->status == GOPT_INFEASIBLE) {
        snprintf(buf, size, "no solution");
        return;
    }
    if (!loop) {
        snprintf(buf, size, "%s", a->note);
        return;
    }
    char what[96];
    if (count <= 1) snprintf(what, sizeof what, "solved");
    else if (a->status == GOPT_LIMIT) snprintf(what, sizeof what, "%s", a->note);
    else if (a->complete && a->solutions == 1) snprintf(what, sizeof what, "solved, unique");
    else if (a->complete) snprintf(what, sizeof what, "solved, exactly %ld loops", a->solutions);
    else snprintf(what, sizeof what, "solved, not unique (%ld%s loops found)", a->solutions, a->solutions < count ? "" : "+");
    snprintf(buf, size, "%s, %d loop cells%s", what, loop->length, a->solutions > 1 ? " (the first shown)" : "");
}

/* The solved puzzle in another format. What the text cannot carry is said in a warning
 * (stderr, the envelope's warnings) rather than dropped: a puzz.link URL holds no loop, and
 * no format says "no solution" or "not unique". */
static void print_as(FILE *out, const gopt_country_puzzle *p, const gopt_answer *a, const gopt_options *o,
                     const char *format) {
    const gopt_country_solution *loop = a->solution;
    const char *why = NULL;
    char *text = gopt_country_write(p, loop ? loop->dirs : NULL, format, &why);
    if (text) fputs(text, out);
    else fprintf(out, "# %s: %s\n", p->name ? p->name : a->name, why);
    free(text);
    if (!text) return;
    char what[320];
    describe(what, sizeof what, a, o->count);
    if (!loop) gopt_warn("%s: %s: the puzzle is written without a loop", a->name, what);
    else if (strcmp(format, "url") == 0)
        gopt_warn("%s: %s, but a puzz.link URL cannot hold the loop: the puzzle is written alone "
                  "(--print pzprv3, penpa, block or text keep the loop)", a->name, what);
    else if (a->solutions > 1) gopt_warn("%s: %s", a->name, what);
}

void country_print(FILE *out, const void *puzzle, const gopt_answer *a, const gopt_options *o) {
    const gopt_country_puzzle *p = puzzle;
    const gopt_country_solution *loop = a->solution;
    const gopt_country_stats *stats = a->extra;
    const char *as = gopt_option(o, "print");
    if (as && strcmp(as, "drawing") != 0) {
        print_as(out, p, a, o, as);
        return;
    }
    char what[320];
    describe(what, sizeof what, a, o->count);
    fprintf(out, "%s: %s", a->name, what);
    if (stats) fprintf(out, ", %lld round%s", (long long)stats->rounds, stats->rounds == 1 ? "" : "s");
    fputc('\n', out);
    if (loop && !o->quiet) gopt_country_draw(out, p, loop->dirs, !gopt_option_flag(o, "ascii"));
}

json_t *country_json(const void *puzzle, const gopt_answer *a, const gopt_options *o) {
    (void)o;
    const gopt_country_puzzle *p = puzzle;
    const gopt_country_solution *loop = a->solution;
    const gopt_country_stats *stats = a->extra;
    json_t *j = json_object();
    json_object_set_new(j, "solutions", json_integer(a->solutions));
    json_object_set_new(j, "loop_cells", json_integer(loop ? loop->length : 0));
    json_t *rows = json_null();
    if (loop) {
        rows = json_array();
        gopt_buf b = {0};
        char tok[5];
        for (int r = 0; r < p->size.h; r++) {
            for (int c = 0; c < p->size.w; c++) {
                if (c) gopt_buf_putc(&b, ' ');
                gopt_buf_puts(&b, gopt_country_token(loop->dirs[r * p->size.w + c], tok));
            }
            json_array_append_new(rows, json_string(b.data));
            b.len = 0;
        }
        gopt_buf_free(&b);
    }
    json_object_set_new(j, "solution", rows);
    json_object_set_new(j, "rounds", json_integer(stats ? stats->rounds : 0));
    return j;
}
