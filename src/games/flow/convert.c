/* Writing a board in another format than the one it was read in (`flow convert`, the table's
 * `format`): which formats can hold which boards, the labels each format names colours by,
 * and samgoldman drawings made from the board itself. Rectangular formats hold flat boards
 * of whole rectangles with four neighbours per cell (`plain`); samgoldman also holds walls,
 * holes and bridges (a samgoldman board keeps its own drawing: hex and warps too); only adc
 * holds 3-D boards. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* The letter formats name a colour by one character: flow_solver and samgoldman by letters
 * (a row of digits would read as a size line when the format is guessed), thomasahle also by
 * digits (its size line says where rows are). */
static int letters_for(int f) {
    return f == GOPT_FLOW_THOMASAHLE ? 62 : f == GOPT_FLOW_FLOW_SOLVER || f == GOPT_FLOW_SAMGOLDMAN ? 52 : 0;
}

static bool has_bridges(const gopt_flow_puzzle *p) {
    for (int v = 0; v < p->nnodes; v++)
        if (p->kind[v] != GOPT_FLOW_CELL) return true;
    return false;
}

/* The first link of a kind no rectangle format draws: 1 a warp, 2 a diagonal (hex), 0 none. */
static int odd_links(const gopt_flow_puzzle *p) {
    for (int i = 0; i < 2 * p->nedges; i++) {
        if (p->links[i].warp) return 1;
        if (p->links[i].dir > GOPT_FLOW_W && p->links[i].dir < GOPT_FLOW_UP) return 2;
    }
    return 0;
}

bool flow_writable(const gopt_flow_puzzle *p, int f, char *why, size_t size) {
    if (f == (int)p->format) return true; /* its own format holds it as read */
    if (p->layers > 1 && f != GOPT_FLOW_ADC)
        return snprintf(why, size, "it is a 3-D board (%d layers); only adc holds layers", p->layers), false;
    int odd = odd_links(p);
    if (odd == 1) return snprintf(why, size, "its links wrap around the border (warps); only its own samgoldman drawing holds them"), false;
    if (odd == 2) return snprintf(why, size, "it has hex cells (six neighbours); only its own samgoldman drawing holds them"), false;
    if (!p->plain && f != GOPT_FLOW_SAMGOLDMAN) {
        const char *what = p->layers > 1                     ? "missing cells or links between layers"
                           : has_bridges(p)                  ? "bridges"
                           : p->nnodes < p->rows * p->cols   ? "holes (cells missing from the rectangle)"
                                                             : "walls between cells";
        return snprintf(why, size, "it has %s; %s", what,
                        p->layers > 1 ? "only its own adc file holds them" : "samgoldman holds walls, holes and bridges"),
               false;
    }
    if ((f == GOPT_FLOW_PUZZLINK || f == GOPT_FLOW_PZPRV3) && p->ncolours > FLOW_PUZZLINK_MAX_NUMBER)
        return snprintf(why, size, "a puzz.link link numbers up to %ld colours, the board has %d", FLOW_PUZZLINK_MAX_NUMBER, p->ncolours),
               false;
    int most = letters_for(f);
    if (most && p->ncolours > most)
        return snprintf(why, size, "%s names colours by one %s (%d of them), the board has %d colours",
                        gopt_flow_format_names[f], most == 62 ? "letter or digit" : "letter", most, p->ncolours),
               false;
    return true;
}

/* Keeps the board's labels when they are distinct single characters the format reads as
 * colours, else names colour k by the k-th of A-Z a-z 0-9 (NULL: kept). */
static char (*letter_labels(const gopt_flow_puzzle *p, int f))[GOPT_FLOW_LABEL] {
    bool keep = true, seen[256] = {false};
    for (int k = 0; k < p->ncolours && keep; k++) {
        unsigned char c = (unsigned char)p->label[k][0];
        keep = c && !p->label[k][1] && !seen[c] && (f == GOPT_FLOW_THOMASAHLE ? isalnum(c) : isalpha(c));
        seen[c] = true;
    }
    if (keep) return NULL;
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    char(*labels)[GOPT_FLOW_LABEL] = gopt_calloc((size_t)p->ncolours + 1, sizeof *labels);
    for (int k = 0; k < p->ncolours; k++) labels[k][0] = alphabet[k % 62];
    return labels;
}

/* A link from v leaving in direction d (a bridge's vertical links leave its second node). */
static bool linked(const gopt_flow_puzzle *p, int v, gopt_flow_dir d) {
    if (v < 0) return false;
    if ((d == GOPT_FLOW_S || d == GOPT_FLOW_N) && p->kind[v] == GOPT_FLOW_BRIDGE_H) v++;
    for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++)
        if (l->dir == d) return true;
    return false;
}

static char drawn_cell(const gopt_flow_puzzle *p, const gopt_flow_solution *s, int v) {
    if (v < 0) return ' ';
    if (p->kind[v] == GOPT_FLOW_BRIDGE_H) return '*';
    int k = s ? s->colour[v] : p->colour[v];
    return k >= 0 ? p->label[k][0] : '.';
}

/* A samgoldman drawing of a flat board: STANDARD (BRIDGES when it has some), cells at even
 * rows and columns, '-' and '|' where cells are joined, spaces for walls and holes. */
static char *write_samgoldman(const gopt_flow_puzzle *p, const gopt_flow_solution *s) {
    gopt_buf b = {0};
    gopt_buf_puts(&b, has_bridges(p) ? "BRIDGES\n" : "STANDARD\n");
    for (int r = 0; r < p->rows; r++) {
        for (int pass = 0; pass < (r + 1 < p->rows ? 2 : 1); pass++) {
            gopt_buf line = {0};
            gopt_buf_puts(&line, "");
            for (int c = 0; c < p->cols; c++) {
                int v = p->at[(size_t)r * p->cols + c];
                if (pass == 0) {
                    gopt_buf_putc(&line, drawn_cell(p, s, v));
                    if (c + 1 < p->cols) gopt_buf_putc(&line, linked(p, v, GOPT_FLOW_E) ? '-' : ' ');
                } else {
                    gopt_buf_putc(&line, linked(p, v, GOPT_FLOW_S) ? '|' : ' ');
                    if (c + 1 < p->cols) gopt_buf_putc(&line, ' ');
                }
            }
            size_t n = line.len;
            while (n > 0 && line.data[n - 1] == ' ') n--;
            gopt_buf_append(&b, line.data, n);
            gopt_buf_putc(&b, '\n');
            gopt_buf_free(&line);
        }
    }
    return gopt_buf_take(&b);
}

char *flow_write_as(const gopt_flow_puzzle *p, const gopt_flow_solution *s, int f) {
    if (f < 0 || f == (int)p->format || p->layers > 1) return gopt_flow_write(p, s);
    gopt_flow_puzzle copy = *p;
    copy.format = (gopt_flow_format)f;
    char(*labels)[GOPT_FLOW_LABEL] = NULL;
    if (flow_numbered(f)) { /* contest files and puzz.link's number their lines */
        labels = gopt_malloc(((size_t)p->ncolours + 1) * sizeof *labels);
        for (int k = 0; k < p->ncolours; k++) snprintf(labels[k], sizeof labels[k], "%d", k + 1);
    } else if (letters_for(f)) {
        labels = letter_labels(p, f);
    }
    if (labels) copy.label = labels;
    char *text = f == GOPT_FLOW_SAMGOLDMAN ? write_samgoldman(&copy, s) : gopt_flow_write(&copy, s);
    free(labels);
    return text;
}
