/* Reading answers (solved boards) in the puzzle's own format, for `gameopt flow check`: a
 * letter grid (flow_solver, houston), "W H" and a letter grid (thomasahle), an ADC answer
 * file (rows of line numbers, 00 empty), or the filled drawing (samgoldman). An answer gives
 * each cell's colour but not the links, so each colour's path is traced through its cells:
 * from one endpoint to the other, through every cell of that colour (and through free bridge
 * channels). When no such path exists, every pair of neighbouring cells of that colour is
 * linked instead, so the checker points at the dead end, the branch or the gap. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "parse.h"

typedef struct tracer {
    const gopt_flow_puzzle *p;
    gopt_flow_solution *s;
    int *mark;       /* colour read for each node (-1 empty, -2 an unclaimed bridge channel) */
    int *stack_node, *stack_link;
    uint8_t *on;
    int64_t steps;
} tracer;

static int colour_of_char(const gopt_flow_puzzle *p, char c) {
    if (c == '.') return -1;
    if (c == '?') return FLOW_MARK_UNKNOWN; /* a partial answer (flow_read_marks) */
    for (int k = 0; k < p->ncolours; k++)
        if (flow_colour_char(p, k) == c) return k;
    return -3;
}

/* Depth-first search for a path from the colour's first endpoint to its second through all
 * `need` cells of that colour. Bounded: answers are nearly always plain paths. */
static bool trace(tracer *t, int k, int need) {
    const gopt_flow_puzzle *p = t->p;
    int depth = 0, start = p->ends[k][0], goal = p->ends[k][1];
    t->stack_node[0] = start;
    t->stack_link[0] = p->link_start[start];
    t->on[start] = 1;
    int visited = 1; /* cells of colour k on the stack */
    while (depth >= 0) {
        if (++t->steps > 2000000 + 50 * (int64_t)p->nnodes) break; /* a path that touches itself often */
        int v = t->stack_node[depth];
        if (v == goal && visited == need) {
            for (int i = 1; i <= depth; i++) {
                int a = t->stack_node[i - 1], b = t->stack_node[i];
                for (const gopt_flow_link *l = flow_links(p, a), *end = l + flow_degree(p, a); l < end; l++)
                    if (l->node == b) t->s->used[l->edge] = 1;
                if (t->mark[b] == -2) t->mark[b] = k;
            }
            for (int i = 0; i <= depth; i++) t->on[t->stack_node[i]] = 0;
            return true;
        }
        int li = t->stack_link[depth]++;
        if (v == goal || li >= p->link_start[v + 1]) { /* dead end: step back */
            t->on[v] = 0;
            if (t->mark[v] == k) visited--;
            depth--;
            continue;
        }
        int u = p->links[li].node;
        if (t->on[u] || (t->mark[u] != k && t->mark[u] != -2)) continue;
        t->on[u] = 1;
        if (t->mark[u] == k) visited++;
        depth++;
        t->stack_node[depth] = u;
        t->stack_link[depth] = p->link_start[u];
    }
    for (int i = 0; i < p->nnodes; i++) t->on[i] = 0;
    return false;
}

/* Traces every colour and sets the solution's colours from what was read. */
static gopt_flow_solution *trace_all(const gopt_flow_puzzle *p, int *mark) {
    tracer t = {.p = p, .mark = mark};
    t.s = gopt_flow_solution_new(p);
    t.stack_node = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *t.stack_node);
    t.stack_link = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *t.stack_link);
    t.on = gopt_calloc((size_t)p->nnodes + 1, 1);
    int *count = gopt_calloc((size_t)p->ncolours + 1, sizeof *count);
    for (int v = 0; v < p->nnodes; v++)
        if (mark[v] >= 0) count[mark[v]]++;
    for (int k = 0; k < p->ncolours; k++)
        if (!trace(&t, k, count[k])) /* no single path: link all its cells, so the checker shows where */
            for (int e = 0; e < p->nedges; e++)
                if (mark[p->edge_u[e]] == k && mark[p->edge_v[e]] == k) t.s->used[e] = 1;
    for (int v = 0; v < p->nnodes; v++) t.s->colour[v] = mark[v] >= 0 ? mark[v] : -1;
    free(count);
    free(t.stack_node);
    free(t.stack_link);
    free(t.on);
    return t.s;
}

/* Reads colours for the display rows of one layer: letters, or comma-separated numbers. */
static bool read_rows(gopt_text *t, const gopt_flow_puzzle *p, int layer, int *mark, gopt_text_mark *where, gopt_error *err) {
    for (int r = 0; r < p->rows; r++) {
        gopt_text_skip_ws(t);
        for (int c = 0; c < p->cols; c++) {
            int v = p->at[((size_t)layer * p->rows + r) * p->cols + c];
            gopt_text_mark at = gopt_text_save(t);
            int k;
            if (p->format == GOPT_FLOW_ADC || flow_int_rows(p->format)) {
                long n;
                if (flow_int_rows(p->format)) gopt_text_skip_spaces(t);
                else if (c > 0 && !gopt_text_expect(t, ',', err)) return false;
                if (gopt_text_peek(t) == '?') { /* a partial answer: "?" or "??" */
                    gopt_text_next(t);
                    gopt_text_accept(t, '?');
                    k = FLOW_MARK_UNKNOWN;
                } else {
                    if (!gopt_text_int(t, 0, 1000000, &n, err)) return false;
                    char label[16];
                    snprintf(label, sizeof label, "%ld", n);
                    k = n == 0 ? -1 : -3;
                    for (int j = 0; j < p->ncolours && n; j++)
                        if (strcmp(p->label[j], label) == 0) k = j;
                }
            } else {
                int ch = gopt_text_peek(t);
                if (ch < 0 || ch == '\n') return gopt_text_fail(t, err, "row %d is shorter than the board (%d cells)", r + 1, p->cols);
                gopt_text_next(t);
                k = colour_of_char(p, (char)ch);
            }
            if (k == -3) return gopt_text_fail_at(t, at, err, "no colour of the puzzle is written like this");
            if (v >= 0) mark[v] = k, where[v] = at;
        }
        gopt_text_skip_spaces(t);
        if (!gopt_text_eof(t) && gopt_text_peek(t) != '\n')
            return gopt_text_fail(t, err, "row %d is longer than the board (%d cells)", r + 1, p->cols);
    }
    return true;
}

/* The filled drawing: letters at the cells of the puzzle's drawing. */
static bool read_drawing(gopt_text *t, const gopt_flow_puzzle *p, int *mark, gopt_text_mark *where, gopt_error *err) {
    gopt_text_skip_ws(t);
    size_t n;
    gopt_text_line(t, &n); /* the STANDARD/BRIDGES/HEX/WARPS line */
    for (int i = 0; i < 2 * p->rows - 1 && !gopt_text_eof(t); i++) {
        gopt_text_mark line = gopt_text_save(t);
        const char *s = gopt_text_line(t, &n);
        if (i % 2) continue;
        for (int c = 0; c < p->cols; c++) {
            int v = p->at[(size_t)(i / 2) * p->cols + c];
            if (v < 0 || p->kind[v] != GOPT_FLOW_CELL) continue;
            char ch = (size_t)(2 * c) < n ? s[2 * c] : ' ';
            int k = colour_of_char(p, ch);
            gopt_text_mark at = line;
            at.pos += 2 * (size_t)c;
            at.col += 2 * c;
            if (k == -3) return gopt_text_fail_at(t, at, err, "expected a colour's letter, '.' or '?' at this cell");
            mark[v] = k;
            where[v] = at;
        }
    }
    return true;
}

bool flow_read_marks(gopt_text *t, const gopt_flow_puzzle *p, int *mark, gopt_error *err) {
    /* where each cell was read, so a moved endpoint is reported at its place in the answer
     * (line 0: not known, e.g. JSON answers, reported by file name only) */
    gopt_text_mark *where = gopt_calloc((size_t)p->nnodes + 1, sizeof *where);
    for (int v = 0; v < p->nnodes; v++) mark[v] = p->kind[v] == GOPT_FLOW_CELL ? -1 : -2;
    bool ok = true;
    gopt_text_skip_ws_comments(t, p->format == GOPT_FLOW_THOMASAHLE || flow_int_rows(p->format) ? '#' : 0);
    if (p->format == GOPT_FLOW_THOMASAHLE || p->format == GOPT_FLOW_ADC || flow_int_rows(p->format)) {
        long w, h;
        if (p->format == GOPT_FLOW_ADC) ok = gopt_text_accept_word(t, "SIZE") || gopt_text_fail(t, err, "expected 'SIZE'");
        gopt_text_skip_spaces(t);
        ok = ok && gopt_text_int(t, 1, 100000, &w, err);
        if (ok && p->format == GOPT_FLOW_ADC) ok = gopt_text_accept(t, 'X') || gopt_text_accept(t, 'x') || gopt_text_fail(t, err, "expected 'X'");
        else gopt_text_skip_spaces(t);
        ok = ok && gopt_text_int(t, 1, 100000, &h, err);
        if (ok && (w != p->cols || h != p->rows))
            ok = gopt_text_fail(t, err, "the answer is %ldx%ld, the puzzle %dx%d", w, h, p->cols, p->rows);
        if (ok && (gopt_text_accept(t, 'X') || gopt_text_accept(t, 'x'))) {
            long d;
            ok = gopt_text_int(t, 1, 64, &d, err);
            if (ok && d != p->layers) ok = gopt_text_fail(t, err, "the answer has %ld layers, the puzzle %d", d, p->layers);
        } else if (ok && p->layers > 1) {
            ok = gopt_text_fail(t, err, "expected 'X%d' (the layers)", p->layers);
        }
    }
    if (ok && p->format == GOPT_FLOW_PZPRV3) {
        /* a saved game: a cell on a line from an endpoint has that line's colour; the others
         * are not decided yet (the file does not say "empty") */
        gopt_flow_solution *s = flow_read_pzprv3_answer(t, p, err);
        for (int v = 0; v < p->nnodes && s; v++)
            mark[v] = p->colour[v] >= 0 ? p->colour[v] : s->colour[v] >= 0 ? s->colour[v] : FLOW_MARK_UNKNOWN;
        ok = s != NULL;
        gopt_flow_solution_free(s);
    }
    if (ok && p->format == GOPT_FLOW_SAMGOLDMAN) ok = read_drawing(t, p, mark, where, err);
    if (ok && p->format == GOPT_FLOW_JSON) ok = flow_read_json_answer(t, p, mark, err);
    bool rows = p->format != GOPT_FLOW_SAMGOLDMAN && p->format != GOPT_FLOW_JSON && p->format != GOPT_FLOW_PZPRV3;
    for (int z = 0; z < p->layers && ok && rows; z++) {
        gopt_text_skip_ws(t);
        if (p->layers > 1 || gopt_text_peek(t) == 'L') {
            long layer;
            ok = (gopt_text_accept_word(t, "LAYER") || gopt_text_fail(t, err, "expected 'LAYER %d'", z + 1));
            gopt_text_skip_spaces(t);
            ok = ok && gopt_text_int(t, z + 1, z + 1, &layer, err);
        }
        ok = ok && read_rows(t, p, z, mark, where, err);
    }
    if (ok) {
        for (int k = 0; k < p->ncolours && ok; k++)
            for (int side = 0; side < 2; side++)
                if (mark[p->ends[k][side]] != k && mark[p->ends[k][side]] != FLOW_MARK_UNKNOWN) {
                    int v = p->ends[k][side];
                    const char *fmt = "the answer does not keep the endpoint of colour %s at row %d, column %d";
                    if (where[v].line > 0)
                        ok = gopt_text_fail_at(t, where[v], err, fmt, p->label[k], p->row[v] + 1, p->col[v] + 1);
                    else
                        ok = gopt_fail(err, t->name, 0, 0, fmt, p->label[k], p->row[v] + 1, p->col[v] + 1);
                    break;
                }
    }
    free(where);
    return ok;
}

gopt_flow_solution *gopt_flow_read_answer(gopt_text *t, const gopt_flow_puzzle *p, gopt_error *err) {
    if (p->format == GOPT_FLOW_PZPRV3) return flow_read_pzprv3_answer(t, p, err); /* the lines themselves */
    int *mark = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *mark);
    gopt_text_mark start = gopt_text_save(t);
    bool ok = flow_read_marks(t, p, mark, err);
    for (int v = 0; v < p->nnodes && ok; v++)
        if (mark[v] == FLOW_MARK_UNKNOWN)
            ok = gopt_text_fail_at(t, start, err, "the answer leaves cells unknown ('?'): `flow mistakes` and `flow hint` read partial answers");
    gopt_flow_solution *s = ok ? trace_all(p, mark) : NULL;
    free(mark);
    return s;
}

bool gopt_flow_answer_end(gopt_text *t, const gopt_flow_puzzle *p, gopt_error *err) {
    gopt_text_skip_ws_comments(t, p->format == GOPT_FLOW_THOMASAHLE || flow_int_rows(p->format) ? '#' : 0);
    return gopt_text_eof(t) || gopt_text_fail(t, err, "more than the puzzle file's answers, or text after the last answer");
}
