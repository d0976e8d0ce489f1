/* Guessing the format of a Flood-It text (issue 35, item 1; issue 37, item 3). The header
 * formats tell themselves by their first line: a Tatham ID `WxH...:`, three numbers
 * (99problems), two numbers (puchert). Boards of colour characters are harder: twenty lines
 * of 36 characters are one 36x20 grid, or twenty compact 6x6 boards (one per line). So the
 * guess reads the whole text once and keeps a reading only if it fits all of it; when both
 * fit, each board's declared shape (a comment line `# size WxH` before it, which our writer
 * adds wherever a reader could doubt) or its evident shape decides:
 *   - a block of as many rows as it is wide is a square grid;
 *   - a single line of n*n characters is a compact board (a board of one row is no puzzle);
 *   - rows of fewer than 36 characters are grid rows (compact boards are 6x6 and up);
 *   - n*n characters on at most n rows would be a grid n or more times wider than tall, and
 *     more rows than the width a grid taller than wide: both are compact sets (the published
 *     ones: 10 lines of 784, 1000 lines of 100 to 576);
 * and anything else (20 rows of 36) is refused, naming both readings and how to choose. Only
 * the one choice that stays truly doubtful is reported as a warning on the text (a grid 4..25
 * wide, not square, whose rows are also tiny compact boards): a warning on every ordinary
 * compact set or square grid would say nothing. The guess is made once per text
 * (kept in t->guess), so reading a file of many boards stays linear. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "games/flood/internal.h"

/* A text that opens with a JSON value. Only a parse says so: a board row such as "['" or a
 * one-cell board "[" (colours '[' and the quote) is what the grid writer writes, and the guess
 * must read it back (fuzz_interface found both refused by a first-character rule). */
static bool is_json(const char *s, size_t n) {
    if (n == 0 || (s[0] != '{' && s[0] != '[')) return false;
    json_error_t e;
    json_t *value = json_loadb(s, n, JSON_DISABLE_EOF_CHECK | JSON_DECODE_ANY, &e);
    json_decref(value);
    return value != NULL;
}

/* ---- lines ---- */

typedef struct line_view {
    const char *s; /* the line without blanks around it */
    size_t n;
    size_t lead;   /* blanks before it */
    int number;    /* 1-based */
} line_view;

static bool blank(int c) { return c == ' ' || c == '\t'; }

/* Reads the line at *pos of data[0..len) into v and moves *pos past it. */
static void next_line(const char *data, size_t len, size_t *pos, int *number, line_view *v) {
    const char *s = data + *pos;
    const char *nl = memchr(s, '\n', len - *pos);
    size_t n = nl ? (size_t)(nl - s) : len - *pos;
    *pos += n + (nl ? 1 : 0);
    size_t lead = 0;
    while (lead < n && blank(s[lead])) lead++;
    while (n > lead && blank(s[n - 1])) n--;
    *v = (line_view){s + lead, n - lead, lead, ++*number};
}

static long isqrt_exact(size_t n) {
    if (n == 0) return -1;
    long r = 0;
    while ((size_t)(r + 1) * (size_t)(r + 1) <= n) r++;
    return (size_t)r * (size_t)r == n ? r : -1;
}

static bool tatham_like(const char *s, size_t n) {
    size_t i = 0;
    if (i >= n || !isdigit((unsigned char)s[i])) return false;
    while (i < n && isdigit((unsigned char)s[i])) i++;
    if (i >= n || s[i++] != 'x') return false;
    if (i >= n || !isdigit((unsigned char)s[i])) return false;
    while (i < n && (isdigit((unsigned char)s[i]) || s[i] == 'c' || s[i] == 'm')) i++;
    return i < n && (s[i] == ':' || s[i] == '#');
}

/* Counts integers on a line; -1 when it holds anything else. */
static int count_ints(const char *s, size_t n) {
    int k = 0;
    for (size_t i = 0; i < n;) {
        if (blank(s[i])) {
            i++;
            continue;
        }
        if (!isdigit((unsigned char)s[i])) return -1;
        while (i < n && isdigit((unsigned char)s[i])) i++;
        k++;
    }
    return k;
}

/* A comment `# size WxH` (any case, blanks between): the shape of the board after it. */
static bool size_declaration(const char *s, size_t n, long *w, long *h) {
    size_t i = 1;
    while (i < n && blank(s[i])) i++;
    if (n - i < 4 || strncasecmp(s + i, "size", 4) != 0) return false;
    i += 4;
    if (i >= n || !blank(s[i])) return false;
    while (i < n && blank(s[i])) i++;
    long v[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        if (i >= n || !isdigit((unsigned char)s[i])) return false;
        while (i < n && isdigit((unsigned char)s[i])) {
            if (v[k] < 100000000) v[k] = v[k] * 10 + (s[i] - '0');
            i++;
        }
        if (k == 0 && (i >= n || (s[i] != 'x' && s[i] != 'X'))) return false;
        if (k == 0) i++;
    }
    while (i < n && blank(s[i])) i++;
    if (i != n) return false;
    *w = v[0];
    *h = v[1];
    return true;
}

/* ---- the blocks of a character text ---- */

/* A block: rows of characters between blank lines, comment lines and the ends. */
typedef struct block {
    int line, col;               /* where its first row starts */
    long rows, width;            /* width -1: rows of different lengths */
    long declared_w, declared_h; /* the `# size` before it, or -1 */
    int declared_line;
    bool chars_ok;               /* every character one a board may use */
    bool compact_rows;           /* ... and every row n*n of them, n >= 2 */
    int bad_line;                /* the first row that breaks chars_ok or compact_rows */
    int grid_bad_line;           /* the first row a grid cannot take (a character, a length) */
} block;

typedef struct block_reader {
    const char *data;
    size_t len, pos;
    int number;
    long declared_w, declared_h;
    int declared_line;
    int *counts; /* when not NULL: how often each character occurs in the next block */
} block_reader;

/* A row character either reading takes: printable ASCII but '#' and the space. */
static bool colour_char(int c) { return c > ' ' && c < 0x7f && c != '#'; }

/* The next block; false at the end of the text. */
static bool next_block(block_reader *r, block *b) {
    bool open = false;
    while (r->pos < r->len) {
        size_t before = r->pos;
        int before_number = r->number;
        line_view v;
        next_line(r->data, r->len, &r->pos, &r->number, &v);
        bool row = v.n > 0 && v.s[0] != '#';
        if (!row) {
            if (open) { /* the line after the block is read again by the next call */
                r->pos = before;
                r->number = before_number;
                return true;
            }
            if (v.n > 0 && size_declaration(v.s, v.n, &r->declared_w, &r->declared_h)) r->declared_line = v.number;
            continue;
        }
        if (!open) {
            *b = (block){v.number, (int)v.lead + 1, 0, (long)v.n, r->declared_w, r->declared_h, r->declared_line,
                         true, true, 0, 0};
            r->declared_w = r->declared_h = -1;
            open = true;
        }
        if (b->width != (long)v.n) {
            b->width = -1;
            if (!b->grid_bad_line) b->grid_bad_line = v.number;
        }
        b->rows++;
        bool chars = true;
        for (size_t i = 0; i < v.n; i++) {
            chars = chars && colour_char((unsigned char)v.s[i]);
            if (r->counts) r->counts[(unsigned char)v.s[i] & 127]++;
        }
        long n = isqrt_exact(v.n);
        bool compact = chars && n >= 2 && n <= GOPT_FLOOD_MAX_SIDE && v.n <= GOPT_FLOOD_MAX_CELLS;
        if ((!chars || !compact) && !b->bad_line) b->bad_line = v.number;
        if (!chars && !b->grid_bad_line) b->grid_bad_line = v.number;
        b->chars_ok = b->chars_ok && chars;
        b->compact_rows = b->compact_rows && compact;
    }
    return open;
}

static bool grid_fits(const block *b) {
    return b->chars_ok && b->width >= 1 && b->width <= GOPT_FLOOD_MAX_SIDE && b->rows <= GOPT_FLOOD_MAX_SIDE &&
           b->width * b->rows <= GOPT_FLOOD_MAX_CELLS;
}

/* Each letter and digit exactly twice on a board of blanks ('.', '-', ...): a Flow Free
 * puzzle (flow_solver's format), which would read as a Flood-It grid of odd colours. */
static bool looks_like_flow(const int *count) {
    int pairs = 0;
    long others = 0, cells = 0;
    for (int c = 0; c < 128; c++) cells += count[c];
    for (int c = 0; c < 128; c++) {
        if (!count[c]) continue;
        if (isalnum(c)) {
            if (count[c] != 2) return false;
            pairs++;
        } else {
            others += count[c];
        }
    }
    return pairs >= 1 && others >= 1 && others >= cells / 3;
}

typedef enum shape { SHAPE_GRID, SHAPE_COMPACT, SHAPE_EITHER, SHAPE_NEITHER } shape;

/* What a block's declared shape, or else its evident one, makes of it (both readings fit). */
static shape block_shape(const block *b) {
    if (b->declared_w >= 0) {
        if (grid_fits(b) && b->width == b->declared_w && b->rows == b->declared_h) return SHAPE_GRID;
        long n = b->declared_w;
        if (b->compact_rows && b->width == n * n && b->declared_h == n) return SHAPE_COMPACT;
        return SHAPE_NEITHER;
    }
    if (!grid_fits(b)) return b->compact_rows ? SHAPE_COMPACT : SHAPE_NEITHER;
    if (!b->compact_rows) return SHAPE_GRID;
    long n = isqrt_exact((size_t)b->width);
    if (b->rows == b->width) return SHAPE_GRID;
    if (b->rows == 1) return SHAPE_COMPACT;
    if (n < 6) return SHAPE_GRID;
    if (b->rows <= n || b->rows > b->width) return SHAPE_COMPACT;
    return SHAPE_EITHER;
}

/* ---- the guess ---- */

typedef struct guess {
    const char *format; /* NULL: refused (error set) */
    char error[440];
    int line, col;
    char warning[360];
    int warn_line, warn_col;
} guess;

static void refuse(guess *g, const block *b, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void refuse(guess *g, const block *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->error, sizeof g->error, fmt, ap);
    va_end(ap);
    g->format = NULL;
    g->line = b->line;
    g->col = b->col;
}

/* Boards of colour characters from the reader's position on: grid, blocks or compact. */
static void decide_characters(block_reader start, guess *g) {
    /* Pass 1: which readings fit every block, and the first board's characters. */
    block_reader r = start;
    int counts[128] = {0};
    r.counts = counts;
    block b, first = {0}, first_bad_grid = {0}, first_bad_compact = {0};
    int blocks = 0;
    bool grid_ok = true, compact_ok = true;
    while (next_block(&r, &b)) {
        if (blocks++ == 0) first = b;
        r.counts = NULL;
        if (grid_ok && !grid_fits(&b)) grid_ok = false, first_bad_grid = b;
        if (compact_ok && !b.compact_rows) compact_ok = false, first_bad_compact = b;
    }
    const char *grid = blocks > 1 ? "blocks" : "grid";
    if (!grid_ok && !compact_ok) {
        /* neither: the reading that goes further tells what is wrong */
        int grid_at = first_bad_grid.grid_bad_line ? first_bad_grid.grid_bad_line : first_bad_grid.line;
        int compact_at = first_bad_compact.bad_line;
        g->format = compact_at > grid_at ? "compact" : grid;
    } else if (grid_ok != compact_ok) {
        g->format = grid_ok ? grid : "compact";
    }
    /* Pass 2: declared shapes always count; evident ones when both readings fit. */
    r = start;
    block by[4];
    int votes[4] = {0};
    while (next_block(&r, &b)) {
        if (b.declared_w < 0 && (!grid_ok || !compact_ok)) continue;
        shape s = block_shape(&b);
        if (!votes[s]++) by[s] = b;
    }
    if (votes[SHAPE_NEITHER]) {
        const block *d = &by[SHAPE_NEITHER];
        if (d->width >= 0)
            refuse(g, d, "the board after '# size %ldx%ld' (line %d) is not of that size: %ld rows of %ld colours",
                   d->declared_w, d->declared_h, d->declared_line, d->rows, d->width);
        else
            refuse(g, d, "the board after '# size %ldx%ld' (line %d) has rows of different lengths", d->declared_w,
                   d->declared_h, d->declared_line);
        return;
    }
    if (votes[SHAPE_GRID] && votes[SHAPE_COMPACT]) {
        const block *later = by[SHAPE_GRID].line > by[SHAPE_COMPACT].line ? &by[SHAPE_GRID] : &by[SHAPE_COMPACT];
        refuse(g, later,
               "the board at line %d reads as a grid but the one at line %d as compact boards; name the format "
               "with --format grid or --format compact",
               by[SHAPE_GRID].line, by[SHAPE_COMPACT].line);
        return;
    }
    if (g->format) { /* one reading fits: declared shapes must agree with it */
        bool compact = strcmp(g->format, "compact") == 0;
        if (compact ? votes[SHAPE_GRID] : votes[SHAPE_COMPACT]) {
            const block *d = compact ? &by[SHAPE_GRID] : &by[SHAPE_COMPACT];
            refuse(g, d,
                   "the board after '# size %ldx%ld' (line %d) reads as that only as %s, which the rest of the "
                   "text is not; name the format with --format",
                   d->declared_w, d->declared_h, d->declared_line, compact ? "a grid" : "compact boards");
            return;
        }
    } else if (votes[SHAPE_EITHER]) {
        const block *e = &by[SHAPE_EITHER];
        long n = isqrt_exact((size_t)e->width);
        refuse(g, e,
               "%ld rows of %ld colours read as one %ldx%ld grid or as %ld compact %ldx%ld boards (one per line); "
               "say which: --format grid or --format compact, or a line '# size %ldx%ld' (grid) or '# size "
               "%ldx%ld' (compact) before the board",
               e->rows, e->width, e->width, e->rows, e->rows, n, n, e->width, e->rows, n, n);
        return;
    } else {
        /* Both fit and the shapes agree. Lines all of one n*n length (n >= 6) are overwhelmingly a
         * compact set (every published set: 10 lines of 784, 1000 of 100 to 576), and a square
         * block a grid: neither is worth a warning on every ordinary file. What stays truly
         * ambiguous is a grid of rows 4, 9, 16 or 25 wide, not square, whose rows also read as
         * tiny compact boards: say which reading was taken there. */
        bool compact = votes[SHAPE_COMPACT] > 0;
        g->format = compact ? "compact" : grid;
        block evident = {0};
        bool any = false;
        r = start;
        while (!any && next_block(&r, &b))
            if (b.declared_w < 0 && b.compact_rows && b.rows != b.width) evident = b, any = true;
        if (any && !compact) {
            long n = isqrt_exact((size_t)evident.width);
            snprintf(g->warning, sizeof g->warning,
                     "read as a %ldx%ld grid; its rows also read as %ld compact %ldx%ld boards (--format compact)",
                     evident.width, evident.rows, evident.rows, n, n);
            g->warn_line = evident.line;
            g->warn_col = evident.col;
        }
    }
    if (g->format && blocks > 0 && looks_like_flow(counts))
        refuse(g, &first,
               "this looks like a Flow Free puzzle (each letter twice, on blank cells), not a Flood-It board: "
               "`gameopt flow solve` reads it; --format grid reads its characters as colours");
}

static void decide(const char *data, size_t len, guess *g) {
    size_t pos = 0;
    int number = 0;
    line_view v = {0};
    for (;;) {
        if (pos >= len) {
            g->format = "grid"; /* nothing but comments: every reader says there is no board */
            return;
        }
        next_line(data, len, &pos, &number, &v);
        if (v.n == 0 || v.s[0] == '#') continue;
        if (tatham_like(v.s, v.n)) g->format = "tatham";
        else if (count_ints(v.s, v.n) == 3 && memchr(v.s, ' ', v.n)) g->format = "99problems";
        else if (count_ints(v.s, v.n) == 2 && (memchr(v.s, ' ', v.n) || memchr(v.s, '\t', v.n))) {
            /* aaronpuchert's rows and columns come with the origin on the next line: two
             * numbers. A Flow Free `W H` line goes on with rows (thomasahle, intgrid), which
             * read as words would make a Flood-It board of a Flow file's numbers. */
            line_view o = {0};
            int number_o = number;
            size_t p = pos;
            do next_line(data, len, &p, &number_o, &o);
            while (p < len && (o.n == 0 || o.s[0] == '#'));
            if (count_ints(o.s, o.n) == 2) {
                g->format = "puchert";
            } else {
                snprintf(g->error, sizeof g->error,
                         "two numbers on the first line begin an aaronpuchert board (rows, columns), but this line "
                         "is not its origin (row and column): a Flow Free file? (`gameopt flow solve`); "
                         "--format names the format");
                g->line = o.number;
                g->col = (int)o.lead + 1;
            }
        }
        else if (is_json(v.s, (size_t)(data + len - v.s))) {
            snprintf(g->error, sizeof g->error,
                     "a JSON text is not a Flood-It board (`gameopt flow solve` reads JSON levels); "
                     "--format grid reads its characters as colours");
            g->line = v.number;
            g->col = (int)v.lead + 1;
        } else {
            /* from the start: a `# size` comment before the first board counts */
            block_reader r = {data, len, 0, 0, -1, -1, 0, NULL};
            decide_characters(r, g);
        }
        return;
    }
}

bool flood_guess(gopt_text *t, const char **format, gopt_error *err) {
    if (t->guess) {
        *format = t->guess;
        return true;
    }
    guess g = {0};
    decide(t->data, t->len, &g);
    if (!g.format) return gopt_fail(err, t->name, g.line, g.col, "%s", g.error);
    if (g.warning[0]) gopt_text_warn(t, (gopt_text_mark){0, g.warn_line, g.warn_col}, "%s", g.warning);
    t->guess = g.format;
    *format = g.format;
    return true;
}

const char *gopt_flood_guess_format(const char *data, size_t len) {
    guess g = {0};
    decide(data, len, &g);
    return g.format;
}
