/* Partial answers of Flow and what the assist verbs print of a board.
 *
 * A partial answer is the puzzle's own answer format with unknown cells (docs/formats.md): '?'
 * (ADC: '??' or '?') is a cell not filled yet; '.' is an empty cell under partial coverage and,
 * under full coverage, where no cell stays empty, a cell not filled yet as well. Each filled
 * cell is one statement, "this node has this colour", a literal of the SAT model. */
#include <stdlib.h>
#include <string.h>

#include "assist.h"

bool gopt_flow_read_marks(gopt_text *t, const gopt_flow_puzzle *p, gopt_flow_marks *m, gopt_error *err) {
    m->nnodes = p->nnodes;
    m->colour = gopt_malloc(((size_t)p->nnodes + 1) * sizeof *m->colour);
    if (!flow_read_marks(t, p, m->colour, err)) {
        gopt_flow_marks_free(m);
        return false;
    }
    for (int v = 0; v < p->nnodes; v++) {
        int c = m->colour[v];
        if (c == -1) m->colour[v] = p->partial ? GOPT_FLOW_EMPTY : GOPT_FLOW_OPEN;
        else if (c < -1) m->colour[v] = GOPT_FLOW_OPEN; /* unknown, or a bridge channel (no letter of its own) */
    }
    return true;
}

void gopt_flow_marks_free(gopt_flow_marks *m) {
    free(m->colour);
    m->colour = NULL;
}

void gopt_flow_known_free(gopt_flow_known *k) {
    free(k->colour);
    free(k->edge);
    memset(k, 0, sizeof *k);
}

int flow_colour_literal(const flow_sat *f, const gopt_flow_puzzle *p, int v, int colour) {
    if (p->colour[v] >= 0) return 0; /* endpoints are not marks */
    if (colour == flow_empty(p)) return p->partial ? -flow_sat_on(f, v) : 0;
    return flow_sat_colour(f, v, colour);
}

int flow_found_literal(const flow_sat *f, const gopt_flow_puzzle *p, const flow_found *x) {
    if (x->edge >= 0) return x->value ? flow_sat_edge(f, x->edge) : -flow_sat_edge(f, x->edge);
    return flow_colour_literal(f, p, x->node, x->value);
}

int flow_solution_colour(const gopt_flow_solution *s, int v) { return s->colour[v] >= 0 ? s->colour[v] : GOPT_FLOW_EMPTY; }

char **flow_known_rows(const gopt_flow_puzzle *p, const int *colour, int *nrows) {
    int n = p->layers * p->rows;
    char **rows = gopt_malloc((size_t)n * sizeof *rows);
    bool numbers = flow_numbered(p->format);
    for (int z = 0; z < p->layers; z++)
        for (int r = 0; r < p->rows; r++) {
            gopt_buf b = {0};
            gopt_buf_puts(&b, "");
            for (int c = 0; c < p->cols; c++) {
                int v = p->at[((size_t)z * p->rows + r) * p->cols + c];
                int k = v >= 0 ? colour[v] : GOPT_FLOW_EMPTY;
                const char *sep = c == 0 ? "" : p->format == GOPT_FLOW_ADC ? "," : " ";
                if (v >= 0 && p->kind[v] == GOPT_FLOW_BRIDGE_H && !numbers) gopt_buf_putc(&b, '*');
                else if (numbers && k == GOPT_FLOW_OPEN) gopt_buf_printf(&b, "%s%s", sep, p->format == GOPT_FLOW_ADC ? "??" : "?");
                else if (numbers) gopt_buf_printf(&b, p->format == GOPT_FLOW_ADC ? "%s%02d" : "%s%d", sep, k >= 0 ? atoi(p->label[k]) : 0);
                else if (v < 0) gopt_buf_putc(&b, ' ');
                else gopt_buf_putc(&b, k == GOPT_FLOW_OPEN ? '?' : flow_colour_char(p, k >= 0 ? k : -1));
            }
            rows[z * p->rows + r] = gopt_buf_take(&b);
        }
    *nrows = n;
    return rows;
}

void flow_rows_free(char **rows, int n) {
    for (int i = 0; i < n; i++) free(rows[i]);
    free(rows);
}

void flow_node_name(const gopt_flow_puzzle *p, int v, gopt_buf *b) {
    gopt_buf_printf(b, "r%dc%d", p->row[v] + 1, p->col[v] + 1);
    if (p->layers > 1) gopt_buf_printf(b, "l%d", p->layer[v] + 1);
    if (p->kind[v] == GOPT_FLOW_BRIDGE_H) gopt_buf_puts(b, "(h)");
    if (p->kind[v] == GOPT_FLOW_BRIDGE_V) gopt_buf_puts(b, "(v)");
}
