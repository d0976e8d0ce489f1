/* puzz.link URLs: `[https://puzz.link/p]?country[/e]/COLS/ROWS/BODY` (columns first).
 * BODY: the vertical borders ((COLS-1)*ROWS bits, row-major), then the horizontal ones
 * (COLS*(ROWS-1) bits), each packed five bits per base-32 character (0-9a-v), most
 * significant first, zero-padded; then the room numbers in room order (rooms numbered by
 * their first cell): 0-f one hex digit, `-xx` two, `+xxx` three, `.` for '?', and g..z
 * skipping 1..20 rooms without a number. Rooms are the areas the borders enclose. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/number16.h"
#include "internal.h"

static int base32_value(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'v') return c - 'a' + 10;
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
static void record_walls(gopt_country_puzzle *p, const uint8_t *vb, const uint8_t *hb) {
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

static bool read_numbers(gopt_text *t, gopt_country_puzzle *p, gopt_error *err) {
    int r = 0;
    while (r < p->nrooms && !at_url_end(t)) {
        gopt_text_mark at = gopt_text_save(t);
        long v, skip;
        size_t len = gopt_number16_read(t->data + t->pos, t->len - t->pos, &v, &skip);
        if (len == 0) {
            int c = gopt_text_next(t);
            char what[32];
            if (c <= 0 || !strchr("-+=%@*$", c))
                return gopt_text_fail_at(t, at, err, "expected a room number, found %s",
                                         gopt_text_describe(c, what, sizeof what));
            while (!at_url_end(t) && gopt_number16_digit(gopt_text_peek(t)) >= 0) gopt_text_next(t);
            return gopt_text_fail(t, err, "expected a hex digit of a room number");
        }
        for (size_t i = 0; i < len; i++) gopt_text_next(t);
        if (skip) {
            if (r + skip > p->nrooms)
                return gopt_text_fail_at(t, at, err, "'%c' skips %ld rooms but only %d are left", (char)('f' + skip), skip,
                                         p->nrooms - r);
            r += (int)skip;
            continue;
        }
        p->number[r++] = v == -2 ? GOPT_COUNTRY_UNKNOWN : (int)v;
    }
    if (!at_url_end(t)) {
        char what[32];
        return gopt_text_fail(t, err, "unexpected %s after the number of the last room",
                              gopt_text_describe(gopt_text_peek(t), what, sizeof what));
    }
    return true;
}

gopt_country_puzzle *country_from_borders(gopt_grid g, const uint8_t *vb, const uint8_t *hb) {
    int *label = gopt_malloc((size_t)gopt_grid_cells(g) * sizeof *label);
    gopt_country_puzzle *p = gopt_country_new(g.w, g.h);
    label_areas(g, vb, hb, label);
    gopt_country_set_rooms(p, label);
    record_walls(p, vb, hb);
    free(label);
    return p;
}

/* `country[_edit|_play]/[e/]COLS/ROWS/BODY`, the whole of t (a cleaned copy of the query). */
static bool read_query(gopt_text *t, gopt_country_puzzle **out, gopt_error *err) {
    if (!gopt_text_accept_word(t, "country"))
        return gopt_text_fail(t, err, "expected a Country Road URL (https://puzz.link/p?country/COLS/ROWS/...)");
    if (!gopt_text_accept_word(t, "_edit")) gopt_text_accept_word(t, "_play");
    if (!gopt_text_expect(t, '/', err)) return false;
    bool empty_rooms = gopt_text_accept_word(t, "e/");
    long w, h;
    if (!gopt_text_int(t, 1, GOPT_COUNTRY_MAX_SIDE, &w, err) || !gopt_text_expect(t, '/', err) ||
        !gopt_text_int(t, 1, GOPT_COUNTRY_MAX_SIDE, &h, err) || !gopt_text_expect(t, '/', err))
        return false;
    gopt_grid g = {(int)w, (int)h};
    int nv = (g.w - 1) * g.h, nh = g.w * (g.h - 1);
    uint8_t *vb = gopt_calloc((size_t)nv + 1, 1), *hb = gopt_calloc((size_t)nh + 1, 1);
    gopt_country_puzzle *p = NULL;
    bool ok = read_bits(t, vb, nv, err) && read_bits(t, hb, nh, err);
    if (ok) {
        p = country_from_borders(g, vb, hb);
        p->empty_rooms = empty_rooms;
        ok = read_numbers(t, p, err);
    }
    free(vb);
    free(hb);
    if (!ok) {
        gopt_country_free(p);
        return false;
    }
    *out = p;
    return true;
}

/* A pzprv3 file in a URL (`p?pzprv3/country/ROWS/COLS/...`): pzprjs reads the query as the
 * file with '/' for line ends, after the browser's percent-decoding. Errors point at the
 * query, naming the line of the file inside it. */
static bool read_pzprv3_query(gopt_text *t, const char *q, size_t n, gopt_country_puzzle **out, gopt_error *err) {
    gopt_text file;
    gopt_text_from_query(&file, t->name, q, n);
    gopt_error inner = {0};
    bool ok = country_read_pzprv3(&file, out, &inner);
    gopt_text_free(&file);
    if (!ok) gopt_text_fail(t, err, "in the pzprv3 data of the URL, at its line %d: %s", inner.line, inner.msg);
    return ok;
}

/* What a line that is not a Country Road link looks like, for the error. */
static bool not_country(gopt_text *t, const char *s, size_t n, const char *q, gopt_error *err) {
    if (!q) {
        const char *scheme = NULL;
        for (size_t i = 0; i + 3 <= n && !scheme; i++)
            if (memcmp(s + i, "://", 3) == 0) scheme = s + i + 3;
        if (scheme) {
            size_t host = 0;
            while (scheme + host < s + n && scheme[host] != '/') host++;
            return gopt_text_fail(t, err,
                                  "a link to %.*s without a puzzle in it: expected ?country/COLS/ROWS/..., "
                                  "?pzprv3/country/... or a penpa-edit link (m=edit&p=...)",
                                  (int)(host < 60 ? host : 60), scheme);
        }
        return gopt_text_fail(t, err, "expected a Country Road URL (https://puzz.link/p?country/COLS/ROWS/...)");
    }
    size_t len = 0;
    const char *pid = q + 1;
    while (pid + len < s + n && pid[len] != '/' && pid[len] != '&' && pid[len] != '#' && len < 40) len++;
    return gopt_text_fail(t, err,
                          "a URL for the puzzle type '%.*s', not Country Road: expected ?country/..., "
                          "?pzprv3/country/... or a penpa-edit link (m=edit&p=...)",
                          (int)len, pid);
}

bool country_read_url(gopt_text *t, gopt_country_puzzle **out, gopt_error *err) {
    /* The link as people paste it: in quotes or angle brackets, with blanks around. */
    const char *s = t->data + t->pos;
    size_t n = gopt_text_line_rest(t);
    size_t skip = 0;
    while (skip < n && (s[skip] == ' ' || s[skip] == '\t' || s[skip] == '"' || s[skip] == '\'' || s[skip] == '<'))
        skip++;
    while (n > skip && strchr(" \t\"'>", s[n - 1])) n--;
    for (size_t i = 0; i < skip; i++) gopt_text_next(t);
    s += skip;
    n -= skip;
    /* One link per line: text after it (past the closing quote or bracket trimmed above) would
     * otherwise be ignored without a word. */
    for (size_t k = 0; k < n; k++) {
        if (s[k] != ' ' && s[k] != '\t') continue;
        while (k < n && (s[k] == ' ' || s[k] == '\t')) k++;
        for (size_t i = 0; i < k; i++) gopt_text_next(t);
        return gopt_text_fail(t, err, "unexpected text after the link (one puzzle link per line)");
    }
    const char *q = memchr(s, '?', n);
    bool ok;
    if (country_is_penpa(s, n)) {
        ok = country_read_penpa(t, s, n, out, err);
    } else if (q || (n >= 8 && memcmp(s, "country", 7) == 0)) {
        /* Whatever comes before '?' (https://puzz.link/p, http://pzv.jp/p.html) is the site;
         * parameters (&...), a fragment (#...) and trailing slashes are not the puzzle. */
        const char *query = q ? q + 1 : s;
        size_t m = (size_t)(s + n - query), end = 0;
        while (end < m && query[end] != '&' && query[end] != '#') end++;
        while (end > 0 && query[end - 1] == '/') end--;
        while (t->data + t->pos < query) gopt_text_next(t);
        if (end >= 7 && memcmp(query, "pzprv3", 6) == 0 && (query[6] == '/' || query[6] == '.')) {
            ok = read_pzprv3_query(t, query, end, out, err);
        } else if (end >= 7 && memcmp(query, "country", 7) == 0 &&
                   (query[7] == '/' || query[7] == '_')) {
            gopt_text body;
            gopt_text_from(&body, t->name, query, end);
            body.line = t->line;
            body.col = t->col;
            ok = read_query(&body, out, err);
            gopt_text_free(&body);
        } else {
            ok = not_country(t, s, n, q, err);
        }
    } else {
        ok = not_country(t, s, n, NULL, err);
    }
    if (!ok) return false;
    size_t len;
    gopt_text_line(t, &len); /* the rest of the line */
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

char *country_write_url(const gopt_country_puzzle *p, const char **why) {
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
            if (++skipped == 20) gopt_number16_write_skip(&b, 20), skipped = 0;
            continue;
        }
        if (skipped) gopt_number16_write_skip(&b, skipped), skipped = 0;
        if (v == GOPT_COUNTRY_UNKNOWN) gopt_buf_putc(&b, '.');
        else gopt_number16_write(&b, v);
    }
    if (skipped) gopt_number16_write_skip(&b, skipped);
    gopt_buf_putc(&b, '\n');
    return gopt_buf_take(&b);
}
