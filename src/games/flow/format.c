/* Writing puzzles and solved boards in the puzzle's own format, the filled rows of --json,
 * and pipes for the terminal. */
#include <string.h>

#include "internal.h"
#include "gameopt/term.h"

static int colour_of(const gopt_flow_puzzle *p, const gopt_flow_solution *s, int v) {
    return s ? s->colour[v] : p->colour[v];
}

/* One letter per display position: the colour's letter, '.' empty, '*' a bridge, ' ' none. */
static char cell_char(const gopt_flow_puzzle *p, const gopt_flow_solution *s, int v) {
    if (v < 0) return ' ';
    if (p->kind[v] == GOPT_FLOW_BRIDGE_H) return '*';
    return flow_colour_char(p, colour_of(p, s, v));
}

static int node_at(const gopt_flow_puzzle *p, int layer, int r, int c) {
    return p->at[((size_t)layer * p->rows + r) * p->cols + c];
}

/* A display row as letters, or ADC's comma-separated two-digit line numbers. */
static void put_row(gopt_buf *b, const gopt_flow_puzzle *p, const gopt_flow_solution *s, int layer, int r) {
    for (int c = 0; c < p->cols; c++) {
        int v = node_at(p, layer, r, c);
        if (p->format == GOPT_FLOW_ADC) {
            int k = v >= 0 ? colour_of(p, s, v) : -1;
            gopt_buf_printf(b, "%s%02d", c ? "," : "", k >= 0 ? atoi(p->label[k]) : 0);
        } else if (flow_numbered(p->format)) {
            int k = v >= 0 ? colour_of(p, s, v) : -1;
            gopt_buf_printf(b, "%s%d", c ? " " : "", k >= 0 ? atoi(p->label[k]) : 0);
        } else {
            gopt_buf_putc(b, cell_char(p, s, v));
        }
    }
}

char **gopt_flow_rows(const gopt_flow_puzzle *p, const gopt_flow_solution *s, int *nrows) {
    int n = p->layers * p->rows;
    char **rows = gopt_malloc((size_t)n * sizeof *rows);
    for (int z = 0; z < p->layers; z++)
        for (int r = 0; r < p->rows; r++) {
            gopt_buf b = {0};
            gopt_buf_puts(&b, "");
            put_row(&b, p, s, z, r);
            rows[z * p->rows + r] = gopt_buf_take(&b);
        }
    *nrows = n;
    return rows;
}

static void write_adc(gopt_buf *b, const gopt_flow_puzzle *p, const gopt_flow_solution *s) {
    if (p->layers > 1) gopt_buf_printf(b, "SIZE %dX%dX%d\n", p->cols, p->rows, p->layers);
    else gopt_buf_printf(b, "SIZE %dX%d\n", p->cols, p->rows);
    if (s) {
        for (int z = 0; z < p->layers; z++) {
            if (p->layers > 1) gopt_buf_printf(b, "LAYER %d\n", z + 1);
            for (int r = 0; r < p->rows; r++) {
                put_row(b, p, s, z, r);
                gopt_buf_putc(b, '\n');
            }
        }
        return;
    }
    gopt_buf_printf(b, "LINE_NUM %d\n", p->ncolours);
    for (int k = 0; k < p->ncolours; k++) {
        int a = p->ends[k][0], e = p->ends[k][1];
        if (p->layers > 1)
            gopt_buf_printf(b, "LINE#%s (%d,%d,%d) (%d,%d,%d)\n", p->label[k], p->col[a], p->row[a], p->layer[a] + 1,
                            p->col[e], p->row[e], p->layer[e] + 1);
        else
            gopt_buf_printf(b, "LINE#%s (%d,%d)-(%d,%d)\n", p->label[k], p->col[a], p->row[a], p->col[e], p->row[e]);
    }
}

/* A JSON level: {"grid":[["red","",...],...]} on one line (colour names hold no quote or
 * backslash: the reader refuses them). */
static void write_json(gopt_buf *b, const gopt_flow_puzzle *p, const gopt_flow_solution *s) {
    gopt_buf_puts(b, "{\"grid\":[");
    for (int r = 0; r < p->rows; r++) {
        gopt_buf_puts(b, r ? ",[" : "[");
        for (int c = 0; c < p->cols; c++) {
            int v = node_at(p, 0, r, c), k = v >= 0 ? colour_of(p, s, v) : -1;
            gopt_buf_printf(b, "%s\"%s\"", c ? "," : "", k >= 0 ? p->label[k] : "");
        }
        gopt_buf_putc(b, ']');
    }
    gopt_buf_puts(b, "]}\n");
}

/* The drawing with every empty cell replaced by its path's letter. */
static void write_drawing(gopt_buf *b, const gopt_flow_puzzle *p, const gopt_flow_solution *s) {
    const char *text = p->drawing;
    const char *body = strchr(text, '\n') + 1;
    gopt_buf_append(b, text, (size_t)(body - text));
    int i = 0, j = 0;
    for (const char *q = body; *q; q++) {
        char c = *q;
        if (c == '\n') {
            i++, j = 0;
            gopt_buf_putc(b, c);
            continue;
        }
        if (c == '.' && s && i % 2 == 0 && j % 2 == 0) c = cell_char(p, s, node_at(p, 0, i / 2, j / 2));
        gopt_buf_putc(b, c);
        j++;
    }
}

char *gopt_flow_write(const gopt_flow_puzzle *p, const gopt_flow_solution *s) {
    gopt_buf b = {0};
    gopt_buf_puts(&b, "");
    switch (p->format) {
    case GOPT_FLOW_ADC: write_adc(&b, p, s); break;
    case GOPT_FLOW_SAMGOLDMAN: write_drawing(&b, p, s); break;
    case GOPT_FLOW_JSON: write_json(&b, p, s); break;
    case GOPT_FLOW_PZPRV3: flow_write_pzprv3(&b, p, s); break;
    case GOPT_FLOW_PUZZLINK:
        if (!s) {
            flow_write_puzzlink(&b, p);
            break;
        }
        /* a link holds no paths: a solved board is an integer grid */
        __attribute__((fallthrough));
    case GOPT_FLOW_HOUSTON:
        if (!s) {
            gopt_buf_printf(&b, "%d %d %d\n", p->ncolours, p->cols, p->rows);
            for (int k = 0; k < p->ncolours; k++) {
                int a = p->ends[k][0], e = p->ends[k][1];
                gopt_buf_printf(&b, "(%d, %d) (%d, %d)\n", p->col[a], p->row[a], p->col[e], p->row[e]);
            }
            break;
        }
        /* a solved board is a letter grid */
        __attribute__((fallthrough));
    default:
        if (p->format == GOPT_FLOW_THOMASAHLE || flow_int_rows(p->format)) gopt_buf_printf(&b, "%d %d\n", p->cols, p->rows);
        for (int r = 0; r < p->rows; r++) {
            put_row(&b, p, s, 0, r);
            gopt_buf_putc(&b, '\n');
        }
    }
    return gopt_buf_take(&b);
}

/* ---------------------------------------------------------------- pipes */

/* Can the board be drawn with box glyphs (no diagonal or layer links)? */
static bool drawable_as_pipes(const gopt_flow_puzzle *p) {
    for (int i = 0; i < 2 * p->nedges; i++)
        if (p->links[i].dir > GOPT_FLOW_W) return false;
    return true;
}

/* The N/E/S/W bits of the used links at display position v (both channels of a bridge). */
static unsigned pipe_bits(const gopt_flow_puzzle *p, const gopt_flow_solution *s, int v) {
    unsigned bits = 0;
    int last = p->kind[v] == GOPT_FLOW_BRIDGE_H ? v + 1 : v;
    for (int u = v; u <= last; u++)
        for (const gopt_flow_link *l = flow_links(p, u), *end = l + flow_degree(p, u); l < end; l++)
            if (s && s->used[l->edge]) bits |= 1u << l->dir;
    return bits;
}

char *gopt_flow_draw(const gopt_flow_puzzle *p, const gopt_flow_solution *s, bool unicode, bool colour) {
    gopt_buf b = {0};
    gopt_buf_puts(&b, "");
    bool pipes = drawable_as_pipes(p);
    for (int z = 0; z < p->layers; z++) {
        if (p->layers > 1) gopt_buf_printf(&b, "%slayer %d\n", z ? "\n" : "", z + 1);
        for (int r = 0; r < p->rows; r++) {
            for (int c = 0; c < p->cols; c++) {
                int v = node_at(p, z, r, c);
                if (v < 0) {
                    gopt_buf_putc(&b, ' ');
                    continue;
                }
                int k = colour_of(p, s, v);
                bool bridge = p->kind[v] == GOPT_FLOW_BRIDGE_H;
                if (bridge && s) k = s->colour[v] >= 0 ? s->colour[v] : s->colour[v + 1];
                if (colour && k >= 0) gopt_buf_puts(&b, gopt_term_fg(k));
                if (p->colour[v] >= 0 || !pipes) gopt_buf_putc(&b, cell_char(p, s, v));
                else if (pipe_bits(p, s, v)) gopt_buf_puts(&b, gopt_term_pipe(pipe_bits(p, s, v), unicode));
                else gopt_buf_putc(&b, bridge ? '*' : '.');
                if (colour && k >= 0) gopt_buf_puts(&b, gopt_term_reset());
            }
            gopt_buf_putc(&b, '\n');
        }
    }
    return gopt_buf_take(&b);
}
