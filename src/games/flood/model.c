/* Flood-It boards and move sequences: creation, the colour alphabet, moves as text, the
 * --start option, and writing boards in every input format. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/budget.h"
#include "gameopt/flood.h"

static const char default_alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ@%";

gopt_flood_puzzle *gopt_flood_new(int w, int h, int ncolours) {
    gopt_flood_puzzle *p = gopt_calloc(1, sizeof *p);
    p->w = w;
    p->h = h;
    p->ncolours = ncolours;
    p->cells = gopt_calloc((size_t)w * (size_t)h, 1);
    p->names = gopt_calloc((size_t)ncolours, sizeof *p->names);
    for (int c = 0; c < ncolours; c++) p->names[c] = gopt_strndup(&default_alphabet[c], 1);
    p->format = "grid";
    p->expected = -1;
    p->limit = -1;
    p->leniency = -1;
    p->frames = true;
    return p;
}

void gopt_flood_free(gopt_flood_puzzle *p) {
    if (!p) return;
    if (p->charged) gopt_budget_release(NULL, p->charged);
    for (int c = 0; c < p->ncolours; c++) free(p->names[c]);
    free(p->names);
    free(p->cells);
    free(p);
}

gopt_flood_solution *gopt_flood_solution_new(const uint8_t *moves, int length) {
    gopt_flood_solution *s = gopt_calloc(1, sizeof *s);
    s->length = length;
    s->moves = gopt_malloc(length > 0 ? (size_t)length : 1);
    if (length > 0) memcpy(s->moves, moves, (size_t)length);
    return s;
}

void gopt_flood_solution_free(gopt_flood_solution *s) {
    if (!s) return;
    free(s->moves);
    free(s);
}

char *gopt_flood_moves_text(const gopt_flood_puzzle *p, const uint8_t *moves, int length) {
    gopt_buf b = {0};
    gopt_buf_puts(&b, "");
    for (int i = 0; i < length; i++) {
        if (p->tokens && i > 0) gopt_buf_putc(&b, ' ');
        gopt_buf_puts(&b, p->names[moves[i]]);
    }
    return gopt_buf_take(&b);
}

static int colour_named(const gopt_flood_puzzle *p, const char *s, size_t n) {
    for (int c = 0; c < p->ncolours; c++)
        if (strlen(p->names[c]) == n && memcmp(p->names[c], s, n) == 0) return c;
    return -1;
}

int gopt_flood_moves_parse(const gopt_flood_puzzle *p, const char *text, uint8_t **moves, char *why,
                           size_t why_size, size_t *bad_at) {
    size_t cap = 0;
    int n = 0;
    *moves = NULL;
    const char *s = text;
    while (*s) {
        if (isspace((unsigned char)*s) || *s == ',') {
            s++;
            continue;
        }
        size_t len = 1;
        if (p->tokens)
            while (s[len] && !isspace((unsigned char)s[len]) && s[len] != ',') len++;
        int c = colour_named(p, s, len);
        if (c < 0) {
            snprintf(why, why_size, "'%.*s' is not a colour of this board", (int)(len > 40 ? 40 : len), s);
            if (bad_at) *bad_at = (size_t)(s - text);
            free(*moves);
            *moves = NULL;
            return -1;
        }
        if (n >= GOPT_FLOOD_MAX_MOVES) {
            snprintf(why, why_size, "more than %d moves", GOPT_FLOOD_MAX_MOVES);
            if (bad_at) *bad_at = (size_t)(s - text);
            free(*moves);
            *moves = NULL;
            return -1;
        }
        gopt_grow(moves, &cap, (size_t)n + 1, 1);
        (*moves)[n++] = (uint8_t)c;
        s += len;
    }
    if (!*moves) *moves = gopt_malloc(1);
    return n;
}

bool gopt_flood_start_valid(const char *spec) {
    if (!strcmp(spec, "ul") || !strcmp(spec, "ur") || !strcmp(spec, "ll") || !strcmp(spec, "lr") || !strcmp(spec, "m"))
        return true;
    char *end;
    strtol(spec, &end, 10);
    if (end == spec || *end != ',') return false;
    const char *second = end + 1;
    strtol(second, &end, 10);
    return end != second && !*end;
}

int gopt_flood_start_cell(const char *spec, int w, int h, char *why, size_t why_size) {
    int row, col;
    if (strcmp(spec, "ul") == 0) row = 0, col = 0;
    else if (strcmp(spec, "ur") == 0) row = 0, col = w - 1;
    else if (strcmp(spec, "ll") == 0) row = h - 1, col = 0;
    else if (strcmp(spec, "lr") == 0) row = h - 1, col = w - 1;
    else if (strcmp(spec, "m") == 0) row = h / 2, col = w / 2;
    else {
        char *end;
        long r = strtol(spec, &end, 10);
        if (end == spec || *end != ',') {
            snprintf(why, why_size, "--start %s: use ROW,COL (from 1) or ul, ur, ll, lr, m", spec);
            return -1;
        }
        const char *second = end + 1;
        long c = strtol(second, &end, 10);
        if (end == second || *end) {
            snprintf(why, why_size, "--start %s: use ROW,COL (from 1) or ul, ur, ll, lr, m", spec);
            return -1;
        }
        if (r < 1 || r > h || c < 1 || c > w) {
            snprintf(why, why_size, "--start %s is outside the %dx%d board", spec, w, h);
            return -1;
        }
        row = (int)r - 1;
        col = (int)c - 1;
    }
    return row * w + col;
}

/* ---- writers ---- */

static bool single_chars(const gopt_flood_puzzle *p) {
    if (p->tokens) return false;
    for (int c = 0; c < p->ncolours; c++)
        if (strlen(p->names[c]) != 1) return false;
    return true;
}

static void put_cell(gopt_buf *b, const gopt_flood_puzzle *p, int cell) {
    gopt_buf_puts(b, p->names[p->cells[cell]]);
}

static void write_rows(gopt_buf *b, const gopt_flood_puzzle *p, const char *sep) {
    for (int r = 0; r < p->h; r++) {
        for (int c = 0; c < p->w; c++) {
            if (c && sep) gopt_buf_puts(b, sep);
            put_cell(b, p, r * p->w + c);
        }
        gopt_buf_putc(b, '\n');
    }
}

/* 99problems and Tatham IDs number colours themselves: 1..C and 0..C-1. */
static void write_numbers(gopt_buf *b, const gopt_flood_puzzle *p, int base, const char *sep) {
    for (int i = 0; i < p->w * p->h; i++) {
        if (i && sep) gopt_buf_puts(b, sep);
        gopt_buf_printf(b, "%d", p->cells[i] + base);
    }
}

/* The character formats (grid, compact) name colours by one character: a board whose names
 * are words or numbers beyond 9 (puchert, 99problems) is written with colour k named by the
 * k-th of 0-9 a-z A-Z (gopt_flood_writable refuses boards of more colours). */
static const char flood_letters[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
#define FLOOD_LETTERS ((int)sizeof flood_letters - 1)

bool flood_needs_letters(const gopt_flood_puzzle *p, const char *format) {
    bool characters = strcmp(format, "99problems") != 0 && strcmp(format, "puchert") != 0 && strcmp(format, "tatham") != 0;
    return characters && !single_chars(p);
}

static char *write_board(const gopt_flood_puzzle *p, const gopt_flood_solution *s, const char *format);

char *gopt_flood_write(const gopt_flood_puzzle *p, const gopt_flood_solution *s, const char *format) {
    if (!format) format = p->format;
    if (!flood_needs_letters(p, format) || p->ncolours > FLOOD_LETTERS) return write_board(p, s, format);
    gopt_flood_puzzle renamed = *p;
    char names[FLOOD_LETTERS][2], *named[FLOOD_LETTERS];
    for (int c = 0; c < p->ncolours; c++) names[c][0] = flood_letters[c], names[c][1] = 0, named[c] = names[c];
    renamed.names = named;
    renamed.tokens = false;
    return write_board(&renamed, s, format);
}

static char *write_board(const gopt_flood_puzzle *p, const gopt_flood_solution *s, const char *format) {
    gopt_buf b = {0};
    gopt_buf_puts(&b, "");
    int n = p->w * p->h;
    if (strcmp(format, "compact") == 0 && single_chars(p) && p->w == p->h) {
        for (int i = 0; i < n; i++) put_cell(&b, p, i);
        gopt_buf_putc(&b, '\n');
    } else if (strcmp(format, "99problems") == 0) {
        gopt_buf_printf(&b, "%d %d %d\n", p->w, p->h, p->ncolours);
        write_numbers(&b, p, 1, " ");
        /* the optimum line is optional: written only when known (a 0 would claim one) */
        int known = s ? s->length : p->expected;
        if (known >= 0) gopt_buf_printf(&b, " \n%d\n", known);
        else gopt_buf_puts(&b, " \n");
        s = NULL; /* the count is the file's last line */
    } else if (strcmp(format, "puchert") == 0) {
        gopt_buf_printf(&b, "%d %d\n%d %d\n", p->h, p->w, p->start / p->w, p->start % p->w);
        write_rows(&b, p, " ");
    } else if (strcmp(format, "tatham") == 0 && p->ncolours <= 10) {
        int m = p->leniency >= 0 ? p->leniency : 0;
        gopt_buf_printf(&b, "%dx%dc%dm%d:", p->w, p->h, p->ncolours, m);
        write_numbers(&b, p, 0, NULL);
        /* the move limit is optional: written only when known (no stand-in number) */
        int limit = p->limit >= 0 ? p->limit : s ? s->length + m : -1;
        if (limit >= 0) gopt_buf_printf(&b, ",%d", limit);
        gopt_buf_putc(&b, '\n');
    } else {
        /* Rows of n*n characters also read as compact boards, one per line: the declared
         * shape tells a reader which (guess.c). */
        int side = 0;
        while ((side + 1) * (side + 1) <= p->w) side++;
        if (single_chars(p) && side >= 2 && side * side == p->w) gopt_buf_printf(&b, "# size %dx%d\n", p->w, p->h);
        write_rows(&b, p, single_chars(p) ? NULL : " ");
    }
    if (s) {
        char *moves = gopt_flood_moves_text(p, s->moves, s->length);
        gopt_buf_printf(&b, "%s\n", moves);
        free(moves);
    }
    return gopt_buf_take(&b);
}
