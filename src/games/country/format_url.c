/* puzz.link URLs: `[https://puzz.link/p]?country[/e]/COLS/ROWS/BODY` (columns first).
 * BODY: the vertical borders ((COLS-1)*ROWS bits, row-major), then the horizontal ones
 * (COLS*(ROWS-1) bits), each packed five bits per base-32 character (0-9a-v), most
 * significant first, zero-padded; then the room numbers in room order (rooms numbered by
 * their first cell): 0-f one hex digit, `-xx` two, `+xxx` three, `.` for '?', and g..z
 * skipping 1..20 rooms without a number. Rooms are the areas the borders enclose. */
#include <stdlib.h>
#include <string.h>

#include "country_internal.h"

static int base32_value(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'v') return c - 'a' + 10;
    return -1;
}

static int hex_value(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

static bool at_url_end(const gopt_text *t) {
    int c = gopt_text_peek(t);
    return c < 0 || c == '\n' || c == ' ' || c == '\t';
}

/* Reads `nbits` bits packed five to a character into bits[]. */
static bool read_bits(gopt_text *t, uint8_t *bits, int nbits, gopt_error *err) {
    for (int i = 0; i < nbits; i += 5) {
        int v = at_url_end(t) ? -1 : base32_value(gopt_text_peek(t));
        if (v < 0) {
            char what[32];
            return gopt_text_fail(t, err, "expected a border character (0-9, a-v), found %s",
                                  gopt_text_describe(at_url_end(t) ? -1 : gopt_text_peek(t), what, sizeof what));
        }
        gopt_text_next(t);
        for (int k = 0; k < 5 && i + k < nbits; k++) bits[i + k] = (uint8_t)((v >> (4 - k)) & 1);
    }
    return true;
}

static bool read_hex(gopt_text *t, int digits, long *out, gopt_error *err) {
    long v = 0;
    for (int i = 0; i < digits; i++) {
        int d = at_url_end(t) ? -1 : hex_value(gopt_text_peek(t));
        if (d < 0) return gopt_text_fail(t, err, "expected a hex digit of a room number");
        gopt_text_next(t);
        v = v * 16 + d;
    }
    *out = v;
    return true;
}

/* Labels each cell with its area between borders (vertical bits vb, horizontal hb). */
static void label_areas(gopt_grid g, const uint8_t *vb, const uint8_t *hb, int *label) {
    int n = gopt_grid_cells(g);
    int *stack = gopt_malloc((size_t)n * sizeof *stack);
    for (int c = 0; c < n; c++) label[c] = -1;
    int areas = 0;
    for (int c = 0; c < n; c++) {
        if (label[c] >= 0) continue;
        int top = 0;
        stack[top++] = c;
        label[c] = areas;
        while (top) {
            int u = stack[--top], r = u / g.w, col = u % g.w;
            int next[4], k = 0;
            if (col + 1 < g.w && !vb[r * (g.w - 1) + col]) next[k++] = u + 1;
            if (col > 0 && !vb[r * (g.w - 1) + col - 1]) next[k++] = u - 1;
            if (r + 1 < g.h && !hb[r * g.w + col]) next[k++] = u + g.w;
            if (r > 0 && !hb[(r - 1) * g.w + col]) next[k++] = u - g.w;
            for (int i = 0; i < k; i++)
                if (label[next[i]] < 0) label[next[i]] = areas, stack[top++] = next[i];
        }
        areas++;
    }
    free(stack);
}

/* A border drawn between two cells of one area (they connect around it) separates no
 * rooms; puzz.link still counts the loop crossing it and the cells beside it, so we keep it
 * as a wall inside the room. */
static void record_walls(gopt_country *p, const uint8_t *vb, const uint8_t *hb) {
    gopt_grid g = p->size;
    for (int pass = 0; pass < 2; pass++) {
        int n = pass == 0 ? (g.w - 1) * g.h : g.w * (g.h - 1);
        for (int i = 0; i < n; i++) {
            if (!(pass == 0 ? vb[i] : hb[i])) continue;
            int u = pass == 0 ? i / (g.w - 1) * g.w + i % (g.w - 1) : i;
            int v = pass == 0 ? u + 1 : u + g.w;
            if (p->room[u] != p->room[v]) continue;
            if (!p->wall) p->wall = gopt_calloc((size_t)gopt_grid_cells(g), 1);
            p->wall[u] |= (uint8_t)GOPT_DIR_BIT(pass == 0 ? GOPT_E : GOPT_S);
        }
    }
}

static bool read_numbers(gopt_text *t, gopt_country *p, gopt_error *err) {
    int r = 0;
    while (r < p->nrooms && !at_url_end(t)) {
        gopt_text_mark at = gopt_text_save(t);
        int c = gopt_text_next(t);
        long v = 0;
        if (hex_value(c) >= 0) {
            v = hex_value(c);
        } else if (c == '-' || c == '+') {
            if (!read_hex(t, c == '-' ? 2 : 3, &v, err)) return false;
        } else if (c == '.') {
            v = GOPT_COUNTRY_UNKNOWN;
        } else if (c >= 'g' && c <= 'z') {
            int skip = c - 'g' + 1;
            if (r + skip > p->nrooms)
                return gopt_text_fail_at(t, at, err, "'%c' skips %d rooms but only %d are left", c, skip,
                                         p->nrooms - r);
            r += skip;
            continue;
        } else {
            char what[32];
            return gopt_text_fail_at(t, at, err, "expected a room number, found %s",
                                     gopt_text_describe(c, what, sizeof what));
        }
        p->number[r++] = (int)v;
    }
    if (!at_url_end(t)) {
        char what[32];
        return gopt_text_fail(t, err, "unexpected %s after the number of the last room",
                              gopt_text_describe(gopt_text_peek(t), what, sizeof what));
    }
    return true;
}

bool country_read_url(gopt_text *t, gopt_country **out, gopt_error *err) {
    /* Whatever comes before '?' (https://puzz.link/p, http://pzv.jp/p.html) is the site. */
    size_t rest = gopt_text_line_rest(t);
    const char *q = memchr(t->data + t->pos, '?', rest);
    if (q)
        while (t->data + t->pos <= q) gopt_text_next(t);
    if (!gopt_text_accept_word(t, "country/"))
        return gopt_text_fail(t, err, "expected a Country Road URL (https://puzz.link/p?country/COLS/ROWS/...)");
    bool empty_rooms = gopt_text_accept_word(t, "e/");
    long w, h;
    if (!gopt_text_int(t, 1, GOPT_COUNTRY_MAX_SIDE, &w, err) || !gopt_text_expect(t, '/', err) ||
        !gopt_text_int(t, 1, GOPT_COUNTRY_MAX_SIDE, &h, err) || !gopt_text_expect(t, '/', err))
        return false;
    gopt_grid g = {(int)w, (int)h};
    int nv = (g.w - 1) * g.h, nh = g.w * (g.h - 1);
    uint8_t *vb = gopt_calloc((size_t)nv + 1, 1), *hb = gopt_calloc((size_t)nh + 1, 1);
    int *label = gopt_malloc((size_t)gopt_grid_cells(g) * sizeof *label);
    gopt_country *p = NULL;
    bool ok = read_bits(t, vb, nv, err) && read_bits(t, hb, nh, err);
    if (ok) {
        p = gopt_country_new(g.w, g.h);
        p->empty_rooms = empty_rooms;
        label_areas(g, vb, hb, label);
        gopt_country_set_rooms(p, label);
        record_walls(p, vb, hb);
        ok = read_numbers(t, p, err);
    }
    free(vb);
    free(hb);
    free(label);
    if (!ok) {
        gopt_country_free(p);
        return false;
    }
    size_t len;
    gopt_text_line(t, &len); /* trailing blanks */
    *out = p;
    return true;
}

/* ---------------------------------------------------------------- writing */

static void put_bits(gopt_buf *b, const uint8_t *bits, int n) {
    static const char digits[] = "0123456789abcdefghijklmnopqrstuv";
    for (int i = 0; i < n; i += 5) {
        int v = 0;
        for (int k = 0; k < 5; k++) v = v * 2 + (i + k < n ? bits[i + k] : 0);
        gopt_buf_putc(b, digits[v]);
    }
}

char *country_write_url(const gopt_country *p, const char **why) {
    gopt_grid g = p->size;
    int n = gopt_grid_cells(g);
    for (int c = 0; c < n; c++)
        if (p->room[c] == GOPT_COUNTRY_HOLE) {
            *why = "a puzz.link URL cannot hold cells outside the puzzle";
            return NULL;
        }
    for (int r = 0; r < p->nrooms; r++)
        if (p->number[r] > 4095) {
            *why = "a puzz.link URL holds numbers up to 4095";
            return NULL;
        }
    gopt_buf b = {0};
    gopt_buf_printf(&b, "https://puzz.link/p?country/%s%d/%d/", p->empty_rooms ? "e/" : "", g.w, g.h);
    int nv = (g.w - 1) * g.h, nh = g.w * (g.h - 1);
    uint8_t *bits = gopt_malloc((size_t)(nv > nh ? nv : nh) + 1);
    for (int i = 0; i < nv; i++) bits[i] = gopt_country_border(p, i / (g.w - 1) * g.w + i % (g.w - 1), GOPT_E);
    put_bits(&b, bits, nv);
    for (int i = 0; i < nh; i++) bits[i] = gopt_country_border(p, i, GOPT_S);
    put_bits(&b, bits, nh);
    free(bits);
    int skipped = 0;
    for (int r = 0; r < p->nrooms; r++) {
        int v = p->number[r];
        if (v == GOPT_COUNTRY_NO_NUMBER) {
            if (++skipped == 20) gopt_buf_putc(&b, 'z'), skipped = 0;
            continue;
        }
        if (skipped) gopt_buf_putc(&b, (char)('g' + skipped - 1)), skipped = 0;
        if (v == GOPT_COUNTRY_UNKNOWN) gopt_buf_putc(&b, '.');
        else if (v < 16) gopt_buf_printf(&b, "%x", v);
        else if (v < 256) gopt_buf_printf(&b, "-%02x", v);
        else gopt_buf_printf(&b, "+%03x", v);
    }
    if (skipped) gopt_buf_putc(&b, (char)('g' + skipped - 1));
    gopt_buf_putc(&b, '\n');
    return gopt_buf_take(&b);
}
