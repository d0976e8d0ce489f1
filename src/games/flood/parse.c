/* Reading Flood-It boards: a plain grid of colour characters (`grid`, and `blocks` for many
 * boards separated by blank lines), the one-line form of the shared sets (`compact`), the
 * 99problems files, aaronpuchert's input, and Simon Tatham's game IDs. Lines starting with
 * '#' between boards are comments. The format is guessed from the first lines when not given. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "games/flood/internal.h"
#include "gameopt/alloc.h"
#include "gameopt/flood.h"
#include "gameopt/grid.h"

/* ---- the alphabet: distinct names, sorted ---- */

typedef struct names {
    int n;
    char *name[GOPT_FLOOD_MAX_COLOURS];
} names;

static void names_free(names *a) {
    for (int i = 0; i < a->n; i++) free(a->name[i]);
    a->n = 0;
}

/* Index of the name, adding it when new; -1 when the alphabet is full. */
static int names_add(names *a, const char *s, size_t len) {
    for (int i = 0; i < a->n; i++)
        if (strlen(a->name[i]) == len && memcmp(a->name[i], s, len) == 0) return i;
    if (a->n == GOPT_FLOOD_MAX_COLOURS) return -1;
    a->name[a->n] = gopt_strndup(s, len);
    return a->n++;
}

static bool is_integer(const char *s) {
    if (*s == '-' || *s == '+') s++;
    if (!*s) return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s)) return false;
    return true;
}

/* Names are numbered in sorted order (numerically when all are integers), so the same
 * colours get the same numbers whatever order they first appear in. */
static void names_sorted(const names *a, int *rank) {
    bool numeric = true;
    for (int i = 0; i < a->n; i++) numeric = numeric && is_integer(a->name[i]) && strlen(a->name[i]) < 18;
    for (int i = 0; i < a->n; i++) {
        rank[i] = 0;
        for (int j = 0; j < a->n; j++) {
            int cmp = numeric ? (atoll(a->name[j]) > atoll(a->name[i])) - (atoll(a->name[j]) < atoll(a->name[i]))
                              : strcmp(a->name[j], a->name[i]);
            if (cmp < 0 || (cmp == 0 && j < i)) rank[i]++;
        }
    }
}

/* Turns cells holding first-seen indices into a board with sorted colour numbers. */
static gopt_flood_puzzle *board_from(int w, int h, const uint8_t *seen, names *a, const char *format) {
    gopt_flood_puzzle *p = gopt_flood_new(w, h, 0);
    int rank[GOPT_FLOOD_MAX_COLOURS];
    names_sorted(a, rank);
    p->ncolours = a->n;
    free(p->names);
    p->names = gopt_calloc((size_t)a->n, sizeof *p->names);
    for (int i = 0; i < a->n; i++) {
        p->names[rank[i]] = a->name[i];
        a->name[i] = NULL;
    }
    a->n = 0;
    for (int i = 0; i < w * h; i++) p->cells[i] = (uint8_t)rank[seen[i]];
    p->format = format;
    return p;
}

static void set_tokens(gopt_flood_puzzle *p) {
    p->tokens = false;
    for (int c = 0; c < p->ncolours; c++)
        if (strlen(p->names[c]) != 1) p->tokens = true;
}

static bool size_ok(const gopt_text *t, gopt_text_mark at, long w, long h, gopt_error *err) {
    if (w < 1 || h < 1)
        return gopt_text_fail_at(t, at, err, "a %ldx%ld board has no cells", w, h);
    if (w > GOPT_FLOOD_MAX_SIDE || h > GOPT_FLOOD_MAX_SIDE)
        return gopt_text_fail_at(t, at, err, "a %ldx%ld board: a side is longer than %d cells", w, h,
                                 GOPT_FLOOD_MAX_SIDE);
    if (w * h > GOPT_FLOOD_MAX_CELLS)
        return gopt_text_fail_at(t, at, err, "a %ldx%ld board has %ld cells; at most %d (2048x2048) are read", w, h,
                                 w * h, GOPT_FLOOD_MAX_CELLS);
    return true;
}

/* A header declared w*h cells of at least one character each, separated by blanks: refuse it
 * before anything that size is made when the rest of the text is too short to hold them
 * (a tiny file declaring 2048x2048 is refused at once). */
static bool room_for(const gopt_text *t, gopt_text_mark at, long w, long h, gopt_error *err) {
    size_t rest = t->len - t->pos, need = (size_t)(w * h) * 2 - 1;
    if (rest + 1 >= need) return true; /* the last cell needs no blank after it */
    return gopt_text_fail_at(t, at, err, "a %ldx%ld board needs %ld cells, and the rest of the input (%zu bytes) "
                                         "cannot hold them",
                             w, h, w * h, rest);
}

/* The board's memory counts against --memory-limit while it lives (released by
 * gopt_flood_free). */
static bool charge(const gopt_text *t, gopt_text_mark at, gopt_flood_puzzle *p, gopt_error *err) {
    size_t bytes = sizeof *p + (size_t)p->w * (size_t)p->h + (size_t)p->ncolours * 32;
    if (!gopt_text_charge(t, at, bytes, err)) return false;
    p->charged = bytes;
    return true;
}

/* ---- character boards: grid, blocks, compact ---- */

static bool colour_char_ok(const gopt_text *t, gopt_text_mark at, int ch, gopt_error *err) {
    char buf[32];
    if (ch == '#') return gopt_text_fail_at(t, at, err, "'#' cannot be a colour (it starts a comment)");
    if (ch <= ' ' || ch >= 0x7f)
        return gopt_text_fail_at(t, at, err, "unexpected %s in a board row (colours are single characters; "
                                             "use --format puchert for words)",
                                 ch == ' ' ? "space" : gopt_text_describe(ch, buf, sizeof buf));
    return true;
}

/* Numbers the characters of a w x h board (row r at rows[r], each w long; marks[r] is where
 * it starts, for errors). */
static gopt_flood_puzzle *char_board(const gopt_text *t, int w, int h, const char *const *rows,
                                     const gopt_text_mark *marks, const char *format, gopt_error *err) {
    names a = {0};
    int index[256];
    for (int c = 0; c < 256; c++) index[c] = -1;
    uint8_t *seen = gopt_malloc((size_t)w * (size_t)h);
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            unsigned char ch = (unsigned char)rows[r][c];
            gopt_text_mark m = marks[r];
            m.col += c, m.pos += (size_t)c;
            if (index[ch] < 0) {
                if (!colour_char_ok(t, m, ch, err)) goto fail;
                index[ch] = names_add(&a, (const char *)&rows[r][c], 1);
                if (index[ch] < 0) {
                    gopt_text_fail_at(t, m, err, "more than %d colours", GOPT_FLOOD_MAX_COLOURS);
                    goto fail;
                }
            }
            seen[r * w + c] = (uint8_t)index[ch];
        }
    gopt_flood_puzzle *p = board_from(w, h, seen, &a, format);
    free(seen);
    return p;
fail:
    free(seen);
    names_free(&a);
    return NULL;
}

/* The rows of a grid: lines up to a blank line, a comment line or the end, blanks around each
 * dropped. Sizes are checked as rows come, so a huge block is refused at the row that makes
 * it too large. */
static gopt_flood_puzzle *parse_grid(gopt_text *t, const char *format, gopt_error *err) {
    gopt_text_mark at = gopt_text_save(t);
    const char **rows = NULL;
    gopt_text_mark *marks = NULL;
    size_t cap = 0, mcap = 0;
    long w = -1, h = 0;
    gopt_flood_puzzle *p = NULL;
    while (!gopt_text_eof(t)) {
        gopt_text_skip_spaces(t);
        gopt_text_mark row = gopt_text_save(t);
        size_t n = gopt_text_line_rest(t);
        const char *s = t->data + t->pos;
        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
        if (n == 0 || s[0] == '#') break;
        if (w >= 0 && (long)n != w) {
            gopt_text_fail_at(t, row, err, "row %ld has %zu cells, the rows above have %ld", h + 1, n, w);
            goto done;
        }
        w = (long)n;
        if (!size_ok(t, at, w, h + 1, err)) goto done;
        gopt_grow(&rows, &cap, (size_t)h + 1, sizeof *rows);
        gopt_grow(&marks, &mcap, (size_t)h + 1, sizeof *marks);
        rows[h] = s;
        marks[h++] = row;
        size_t skipped;
        gopt_text_line(t, &skipped);
    }
    if (h == 0) {
        gopt_text_fail(t, err, "expected a board (rows of colours)");
        goto done;
    }
    p = char_board(t, (int)w, (int)h, rows, marks, format, err);
    if (p && !charge(t, at, p, err)) gopt_flood_free(p), p = NULL;
done:
    free(rows);
    free(marks);
    return p;
}

static long isqrt(long n) {
    long r = 0;
    while ((r + 1) * (r + 1) <= n) r++;
    return r;
}

static gopt_flood_puzzle *parse_compact(gopt_text *t, gopt_error *err) {
    gopt_text_mark at = gopt_text_save(t);
    size_t len;
    const char *line = gopt_text_line(t, &len);
    while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t')) len--;
    long n = isqrt((long)len);
    if (n * n != (long)len || n < 1)
        return gopt_text_fail_at(t, at, err, "a compact board is one line of n*n colours; this line has %zu", len),
               NULL;
    if (!size_ok(t, at, n, n, err)) return NULL;
    const char **rows = gopt_malloc((size_t)n * sizeof *rows);
    gopt_text_mark *marks = gopt_malloc((size_t)n * sizeof *marks);
    for (long r = 0; r < n; r++) {
        rows[r] = line + r * n;
        marks[r] = at;
        marks[r].col += (int)(r * n);
        marks[r].pos += (size_t)(r * n);
    }
    gopt_flood_puzzle *p = char_board(t, (int)n, (int)n, rows, marks, "compact", err);
    free(rows);
    free(marks);
    if (p && !charge(t, at, p, err)) gopt_flood_free(p), p = NULL;
    return p;
}

/* ---- numeric boards: 99problems, puchert ---- */

/* Reads a whitespace-separated word (no '#'), at most `cap`-1 bytes kept. */
static bool read_word(gopt_text *t, char *word, size_t cap, size_t *len, gopt_error *err) {
    gopt_text_skip_ws(t);
    *len = 0;
    int c = gopt_text_peek(t);
    if (c < 0) return gopt_text_fail(t, err, "unexpected end of input: the board needs more cells");
    while ((c = gopt_text_peek(t)) > ' ' && c < 0x7f) {
        if (*len + 1 >= cap) return gopt_text_fail(t, err, "a colour name longer than %zu characters", cap - 1);
        word[(*len)++] = (char)gopt_text_next(t);
    }
    word[*len] = 0;
    if (*len == 0) {
        char buf[32];
        return gopt_text_fail(t, err, "unexpected %s", gopt_text_describe(c, buf, sizeof buf));
    }
    return true;
}

/* The integers on the rest of the current line (without moving), at most `cap`. */
static int ints_on_line(const gopt_text *t, long *v, int cap) {
    size_t n = gopt_text_line_rest(t);
    const char *p = t->data + t->pos, *end = p + n;
    int k = 0;
    while (p < end) {
        if (*p == ' ' || *p == '\t') {
            p++;
            continue;
        }
        if (!isdigit((unsigned char)*p)) return -1;
        long x = 0;
        while (p < end && isdigit((unsigned char)*p)) {
            if (x < 100000000) x = x * 10 + (*p - '0');
            p++;
        }
        if (k < cap) v[k] = x;
        k++;
    }
    return k;
}

static gopt_flood_puzzle *parse_99problems(gopt_text *t, gopt_error *err) {
    gopt_text_mark at = gopt_text_save(t);
    long w, h, c;
    if (!gopt_text_int(t, 1, GOPT_FLOOD_MAX_SIDE, &w, err)) return NULL;
    gopt_text_skip_spaces(t);
    if (!gopt_text_int(t, 1, GOPT_FLOOD_MAX_SIDE, &h, err)) return NULL;
    gopt_text_skip_spaces(t);
    if (!gopt_text_int(t, 1, GOPT_FLOOD_MAX_COLOURS, &c, err)) return NULL;
    if (!size_ok(t, at, w, h, err) || !room_for(t, at, w, h, err)) return NULL;
    gopt_flood_puzzle *p = gopt_flood_new((int)w, (int)h, (int)c);
    if (!charge(t, at, p, err)) goto fail;
    for (int i = 0; i < p->ncolours; i++) {
        free(p->names[i]);
        p->names[i] = gopt_format("%d", i + 1);
    }
    p->format = "99problems";
    for (long i = 0; i < w * h; i++) {
        long v;
        gopt_text_skip_ws(t);
        if (gopt_text_eof(t)) {
            gopt_text_fail(t, err, "unexpected end of input: %ld of %ld cells read", i, w * h);
            goto fail;
        }
        if (!gopt_text_int(t, 1, c, &v, err)) goto fail;
        p->cells[i] = (uint8_t)(v - 1);
    }
    /* The optimum, alone on the last line; a line of three numbers is the next board. */
    gopt_text_skip_spaces(t);
    if (gopt_text_peek(t) > ' ') {
        char buf[32];
        gopt_text_fail(t, err, "unexpected %s after the %ld cells", gopt_text_describe(gopt_text_peek(t), buf, sizeof buf), w * h);
        goto fail;
    }
    gopt_text_skip_ws_comments(t, '#');
    long v[3];
    if (!gopt_text_eof(t) && ints_on_line(t, v, 3) == 1) {
        long opt;
        if (!gopt_text_int(t, 0, GOPT_FLOOD_MAX_MOVES, &opt, err)) goto fail;
        p->expected = (int)opt;
    }
    set_tokens(p);
    return p;
fail:
    gopt_flood_free(p);
    return NULL;
}

static gopt_flood_puzzle *parse_puchert(gopt_text *t, gopt_error *err) {
    gopt_text_mark at = gopt_text_save(t);
    long h, w, r0, c0;
    if (!gopt_text_int(t, 1, GOPT_FLOOD_MAX_SIDE, &h, err)) return NULL;
    gopt_text_skip_spaces(t);
    if (!gopt_text_int(t, 1, GOPT_FLOOD_MAX_SIDE, &w, err)) return NULL;
    if (!size_ok(t, at, w, h, err)) return NULL;
    gopt_text_skip_ws(t);
    if (!gopt_text_int(t, 0, h - 1, &r0, err)) return NULL;
    gopt_text_skip_spaces(t);
    if (!gopt_text_int(t, 0, w - 1, &c0, err)) return NULL;
    if (!room_for(t, at, w, h, err)) return NULL;
    names a = {0};
    uint8_t *seen = gopt_malloc((size_t)(w * h));
    char word[64];
    for (long i = 0; i < w * h; i++) {
        size_t len;
        if (!read_word(t, word, sizeof word, &len, err)) goto fail;
        int k = names_add(&a, word, len);
        if (k < 0) {
            gopt_text_fail(t, err, "more than %d colours", GOPT_FLOOD_MAX_COLOURS);
            goto fail;
        }
        seen[i] = (uint8_t)k;
    }
    gopt_flood_puzzle *p = board_from((int)w, (int)h, seen, &a, "puchert");
    free(seen);
    if (!charge(t, at, p, err)) {
        gopt_flood_free(p);
        return NULL;
    }
    p->start = (int)(r0 * w + c0);
    set_tokens(p);
    return p;
fail:
    free(seen);
    names_free(&a);
    return NULL;
}

/* ---- Tatham game IDs: WxH[cC][mM]:<cells>,<limit> ---- */

static gopt_flood_puzzle *parse_tatham(gopt_text *t, gopt_error *err) {
    gopt_text_mark at = gopt_text_save(t);
    long w, h, c = -1, m = -1, limit = -1;
    if (!gopt_text_int(t, 1, GOPT_FLOOD_MAX_SIDE, &w, err)) return NULL;
    if (!gopt_text_expect(t, 'x', err)) return NULL;
    if (!gopt_text_int(t, 1, GOPT_FLOOD_MAX_SIDE, &h, err)) return NULL;
    if (!size_ok(t, at, w, h, err)) return NULL;
    for (;;) {
        if (gopt_text_accept(t, 'c')) {
            if (!gopt_text_int(t, 1, 10, &c, err)) return NULL; /* Tatham: at most 10 */
        } else if (gopt_text_accept(t, 'm')) {
            if (!gopt_text_int(t, 0, GOPT_FLOOD_MAX_MOVES, &m, err)) return NULL;
        } else {
            break;
        }
    }
    if (gopt_text_peek(t) == '#')
        return gopt_text_fail(t, err, "a random-seed ID (WxH#seed) needs Tatham's generator; "
                                      "use the game ID (Game > Specific...) instead"),
               NULL;
    if (!gopt_text_expect(t, ':', err)) return NULL;
    if ((long)gopt_text_line_rest(t) < w * h) {
        /* count what is there for the message, without making the board */
        size_t n = 0, rest = gopt_text_line_rest(t);
        while (n < rest && t->data[t->pos + n] >= '0' && t->data[t->pos + n] <= '9') n++;
        if (n == rest || t->data[t->pos + n] == ',' || t->data[t->pos + n] == ' ' || t->data[t->pos + n] == '\t') {
            for (size_t i = 0; i < n; i++) gopt_text_next(t);
            return gopt_text_fail(t, err, "the ID has %zu cells, a %ldx%ld board needs %ld", n, w, h, w * h), NULL;
        }
    }
    uint8_t *cells = gopt_malloc((size_t)(w * h));
    int top = 0;
    for (long i = 0; i < w * h; i++) {
        int ch = gopt_text_peek(t);
        char buf[32];
        if (ch < '0' || ch > '9') {
            free(cells);
            if (ch == ',' || ch < 0 || ch == '\n')
                return gopt_text_fail(t, err, "the ID has %ld cells, a %ldx%ld board needs %ld", i, w, h, w * h), NULL;
            return gopt_text_fail(t, err, "unexpected %s in the cells (digits 0-9)", gopt_text_describe(ch, buf, sizeof buf)),
                   NULL;
        }
        if (c > 0 && ch - '0' >= c) {
            free(cells);
            return gopt_text_fail(t, err, "colour %c is not below the ID's %ld colours", ch, c), NULL;
        }
        cells[i] = (uint8_t)(ch - '0');
        if (cells[i] + 1 > top) top = cells[i] + 1;
        gopt_text_next(t);
    }
    if (gopt_text_accept(t, ',')) {
        if (!gopt_text_int(t, 0, GOPT_FLOOD_MAX_MOVES, &limit, err)) {
            free(cells);
            return NULL;
        }
    } else if (gopt_text_peek(t) >= '0' && gopt_text_peek(t) <= '9') {
        free(cells);
        return gopt_text_fail(t, err, "the ID has more than the %ld cells of a %ldx%ld board", w * h, w, h), NULL;
    }
    /* Anything after the ID on its line (a table's other columns) is ignored. */
    int next = gopt_text_peek(t);
    if (next >= 0 && next != '\n' && next != ' ' && next != '\t') {
        char buf[32];
        free(cells);
        return gopt_text_fail(t, err, "unexpected %s after the ID", gopt_text_describe(next, buf, sizeof buf)), NULL;
    }
    size_t rest;
    gopt_text_line(t, &rest);
    gopt_flood_puzzle *p = gopt_flood_new((int)w, (int)h, c > 0 ? (int)c : top);
    memcpy(p->cells, cells, (size_t)(w * h));
    free(cells);
    if (!charge(t, at, p, err)) {
        gopt_flood_free(p);
        return NULL;
    }
    p->format = "tatham";
    p->limit = (int)limit;
    p->leniency = (int)m;
    return p;
}

/* ---- the entry point ---- */

int gopt_flood_read(gopt_text *t, const char *format, const gopt_options *o, gopt_flood_puzzle **out,
                     gopt_error *err) {
    *out = NULL;
    bool guessed = !format;
    if (guessed && !flood_guess(t, &format, err)) return -1;
    gopt_text_skip_ws_comments(t, '#');
    if (gopt_text_eof(t)) return 0;
    /* a line may start with spaces before the board */
    gopt_text_mark at = gopt_text_save(t);
    gopt_flood_puzzle *p = NULL;
    if (strcmp(format, "grid") == 0 || strcmp(format, "blocks") == 0) p = parse_grid(t, format, err);
    else if (strcmp(format, "compact") == 0) p = parse_compact(t, err);
    else if (strcmp(format, "99problems") == 0) p = parse_99problems(t, err);
    else if (strcmp(format, "puchert") == 0) p = parse_puchert(t, err);
    else if (strcmp(format, "tatham") == 0) p = parse_tatham(t, err);
    else {
        gopt_fail(err, t->name, 0, 0, "unknown format '%s'", format);
        return -1;
    }
    if (!p) {
        /* a guessed format that fails says so: the text may be in another */
        size_t n = strlen(err->msg);
        if (guessed && err->set && n + 80 < sizeof err->msg)
            snprintf(err->msg + n, sizeof err->msg - n, " (read as %s, guessed; --format names another)", format);
        return -1;
    }
    if (p->ncolours == 0) {
        gopt_flood_free(p);
        gopt_text_fail_at(t, at, err, "a board needs at least one colour");
        return -1;
    }
    const char *start = o ? gopt_option(o, "start") : NULL;
    if (start && !gopt_flood_start_valid(start)) {
        gopt_flood_free(p);
        gopt_fail(err, "--start", 0, 0, "'%s': use ROW,COL (counted from 1) or ul, ur, ll, lr, m", start);
        return -1;
    }
    if (start) {
        char why[160];
        int cell = gopt_flood_start_cell(start, p->w, p->h, why, sizeof why);
        if (cell < 0) {
            gopt_flood_free(p);
            gopt_text_fail_at(t, at, err, "%s", why);
            return -1;
        }
        p->start = cell;
    }
    if (o && gopt_option_flag(o, "no-frames")) p->frames = false;
    *out = p;
    return 1;
}
