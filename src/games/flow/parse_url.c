/* Numberlink links of puzz.link and its kin (pzv.jp, pzprxs): `[https://puzz.link/p]?numlin/
 * COLS/ROWS/BODY` (columns first; `numberlink` and the `_edit`/`_play` pages name the same
 * puzzle). BODY is pzprjs's Number16 code (src/variety-common/Encode.js, readNumber16), cell by
 * cell in rows: 0-f one hex digit, `-xx` two, `+xxx` three, `=xxx` 4096 more, `%xxx`/`@xxx`
 * 8192 more, `*xxxx` 12240 more, `$xxxxx` 77776 more, `.` a cell with an unknown number, and
 * g..z skipping 1..20 empty cells. Numberlink's rules on puzz.link: cells may stay empty (its
 * checker has no "every cell" rule for numlin); we read the paths as untouching, like the
 * other Numberlink formats (--paths simple allows the others).
 *
 * pzprjs reads leniently (skips characters it does not know, stops at the last cell, leaves
 * cells of a short body empty); we refuse each of those at its place, so a damaged link says
 * where rather than giving another puzzle. A flag segment before the size (pzprjs's pflag)
 * has no meaning for numlin and is ignored, as pzprjs does. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/number16.h"
#include "internal.h"
#include "parse.h"

static void advance_to(gopt_text *t, const char *p) {
    while (t->data + t->pos < p) gopt_text_next(t);
}

/* The body from t's position to `end`: every item checked and the cells counted before the
 * board is made, so a short, long or broken body (or a declared size it cannot hold: each
 * character covers at most 20 cells) is refused without building anything. */
static bool check_body(gopt_text *t, const char *end, long cells, gopt_text_mark size_at, gopt_error *err) {
    if ((long)(end - (t->data + t->pos)) * 20 < cells)
        return gopt_text_fail_at(t, size_at, err, "the link's body (%ld characters) cannot hold %ld cells (20 at most per character)",
                                 (long)(end - (t->data + t->pos)), cells);
    gopt_text_mark start = gopt_text_save(t);
    long c = 0;
    while (c < cells) {
        const char *s = t->data + t->pos;
        if (s >= end)
            return gopt_text_fail(t, err, "the link's body ends after %ld of the board's %ld cells", c, cells);
        long number, skip;
        size_t len = gopt_number16_read(s, (size_t)(end - s), &number, &skip);
        if (len == 0) {
            char what[32];
            return gopt_text_fail(t, err, "expected a number (0-9 a-f, or - + = %% @ * $ and hex digits) or g-z (empty cells), found %s",
                                  gopt_text_describe((unsigned char)*s, what, sizeof what));
        }
        if (skip > cells - c)
            return gopt_text_fail(t, err, "'%c' skips %ld cells, but only %ld are left", *s, skip, cells - c);
        if (number == -2)
            return gopt_text_fail(t, err, "a number left unknown ('.', '?' on the page): the puzzle needs every endpoint's number");
        if (number == 0) return gopt_text_fail(t, err, "number 0: Numberlink's numbers start at 1");
        c += skip ? skip : 1;
        for (size_t i = 0; i < len; i++) gopt_text_next(t);
    }
    if (t->data + t->pos < end) {
        char what[32];
        return gopt_text_fail(t, err, "unexpected %s after the last cell of the board",
                              gopt_text_describe((unsigned char)t->data[t->pos], what, sizeof what));
    }
    gopt_text_restore(t, start);
    return true;
}

/* `numlin[_edit|_play]/[FLAG/]COLS/ROWS/BODY` from t's position to `end`. */
static gopt_flow_puzzle *read_query(gopt_text *t, const char *end, bool partial, gopt_error *err) {
    gopt_text_mark start = gopt_text_save(t);
    if (!gopt_text_accept_word(t, "numlin") && !gopt_text_accept_word(t, "numberlink"))
        return gopt_text_fail(t, err, "expected a Numberlink link (https://puzz.link/p?numlin/COLS/ROWS/...)"), NULL;
    if (!gopt_text_accept_word(t, "_edit")) gopt_text_accept_word(t, "_play");
    /* `end` is before a trailing '/', '&' or '#': nothing is read past it (the fuzz target's
     * "?numlin/" read the trailing '/' and went on past the link) */
    if (t->data + t->pos >= end) return gopt_text_fail(t, err, "expected '/' and the board's size after the puzzle type"), NULL;
    if (!gopt_text_expect(t, '/', err)) return NULL;
    for (int segment = 0; segment < 2; segment++) { /* a variant (v:...) and a flag: no meaning here */
        const char *s = t->data + t->pos, *slash = s < end ? memchr(s, '/', (size_t)(end - s)) : NULL;
        if (!slash || slash == s || isdigit((unsigned char)*s)) break;
        advance_to(t, slash + 1);
    }
    gopt_text_mark size_at = gopt_text_save(t);
    long w, h;
    if (!gopt_text_int(t, 1, FLOW_MAX_CELLS, &w, err)) return NULL;
    if (t->data + t->pos >= end) return gopt_text_fail(t, err, "expected '/' and the number of rows after the columns"), NULL;
    if (!gopt_text_expect(t, '/', err) || !gopt_text_int(t, 1, FLOW_MAX_CELLS, &h, err)) return NULL;
    if (t->data + t->pos < end && !gopt_text_expect(t, '/', err)) return NULL;
    if (w * h > FLOW_MAX_CELLS) return gopt_text_fail_at(t, size_at, err, "board size %ldx%ld is out of range", w, h), NULL;
    if (!check_body(t, end, w * h, size_at, err)) return NULL;
    flow_builder b;
    flow_marks m;
    if (!flow_parse_begin_box(t, size_at, &b, &m, GOPT_FLOW_PUZZLINK, 1, (int)h, (int)w, err)) return NULL;
    bool ok = true;
    for (long c = 0; c < w * h && ok;) {
        const char *s = t->data + t->pos;
        gopt_text_mark at = gopt_text_save(t);
        long number, skip;
        size_t len = gopt_number16_read(s, (size_t)(end - s), &number, &skip);
        if (skip) {
            c += skip;
        } else {
            char label[GOPT_FLOW_LABEL];
            snprintf(label, sizeof label, "%ld", number);
            ok = flow_parse_add_endpoint(t, &b, &m, (int)c++, label, at, err);
        }
        for (size_t i = 0; i < len; i++) gopt_text_next(t);
    }
    return flow_parse_finish(t, &b, &m, ok, partial, start, err);
}

/* A pzprv3 file in a link (`?pzprv3/numlin/ROWS/COLS/...`): pzprjs reads the query as the
 * file with '/' for line ends, after percent-decoding. Errors point at the query, naming the
 * line of the file inside it. Read as a link: written back as a numlin link. */
static gopt_flow_puzzle *read_pzprv3_query(gopt_text *t, const char *q, size_t n, bool partial, gopt_error *err) {
    gopt_text file;
    gopt_text_from_query(&file, t->name, q, n);
    gopt_error inner = {0};
    gopt_flow_puzzle *p = flow_read_pzprv3(&file, partial, &inner);
    gopt_text_free(&file);
    if (!p) return gopt_text_fail(t, err, "in the pzprv3 data of the link, at its line %d: %s", inner.line, inner.msg), NULL;
    p->format = GOPT_FLOW_PUZZLINK;
    return p;
}

/* What the line holds when it is not a Numberlink link, for the error. */
static gopt_flow_puzzle *not_numberlink(gopt_text *t, const char *pid, const char *end, gopt_error *err) {
    size_t len = 0;
    while (pid + len < end && pid[len] != '/' && len < 40) len++;
    if (len == 0)
        return gopt_text_fail(t, err, "a link without a puzzle in it: expected ?numlin/COLS/ROWS/... (puzz.link's Numberlink)"), NULL;
    return gopt_text_fail(t, err, "a link to the puzzle type '%.*s', not Numberlink: expected ?numlin/COLS/ROWS/...", (int)len, pid),
           NULL;
}

gopt_flow_puzzle *flow_read_puzzlink(gopt_text *t, bool partial, gopt_error *err) {
    /* the link as people paste it: in quotes or angle brackets, blanks around, a CR */
    const char *s = t->data + t->pos;
    size_t n = gopt_text_line_rest(t), skip = 0;
    while (skip < n && strchr(" \t\"'<", s[skip])) skip++;
    while (n > skip && strchr(" \t\r\"'>", s[n - 1])) n--;
    advance_to(t, s + skip);
    s += skip, n -= skip;
    for (size_t k = 0; k < n; k++)
        if (s[k] == ' ' || s[k] == '\t') {
            while (k < n && (s[k] == ' ' || s[k] == '\t')) k++;
            advance_to(t, s + k);
            return gopt_text_fail(t, err, "unexpected text after the link (one puzzle link per line)"), NULL;
        }
    /* the site is whatever comes before '?' (https://puzz.link/p, http://pzv.jp/p.html);
     * parameters before the puzzle (type=player&) and after it (&..., #...) are not it */
    const char *q = memchr(s, '?', n), *query = q ? q + 1 : s, *end = s + n;
    if (!q) { /* no query: the puzzle's own path (numlin/5/5/...), or a link to a page */
        const char *p = s;
        bool host = false;
        while (p < end && *p != '/') host |= *p == ':' || *p == '.', p++;
        if (host) return advance_to(t, s), not_numberlink(t, end, end, err);
    }
    for (;;) { /* key=value& pairs (pzprjs's parseURLType) */
        const char *p = query;
        while (p < end && (isalnum((unsigned char)*p) || *p == '_')) p++;
        if (p == query || p >= end || *p != '=') break;
        while (p < end && *p != '&' && *p != '/') p++;
        if (p >= end || *p != '&') break;
        query = p + 1;
    }
    const char *stop = query;
    while (stop < end && *stop != '&' && *stop != '#') stop++;
    while (stop > query && stop[-1] == '/') stop--;
    advance_to(t, query);
    if (stop - query >= 2 && memcmp(query, "v:", 2) == 0) { /* ?v:VARIANT/numlin/...: no variants here */
        const char *slash = memchr(query, '/', (size_t)(stop - query));
        if (slash) advance_to(t, query = slash + 1);
    }
    size_t pid = 0;
    while (query + pid < stop && (isalnum((unsigned char)query[pid]) || query[pid] == '_')) pid++;
    bool ours = (pid >= 6 && memcmp(query, "numlin", 6) == 0) || (pid >= 10 && memcmp(query, "numberlink", 10) == 0);
    bool file = stop - query > 7 && memcmp(query, "pzprv3", 6) == 0 && (query[6] == '/' || query[6] == '.');
    gopt_flow_puzzle *p = ours   ? read_query(t, stop, partial, err)
                          : file ? read_pzprv3_query(t, query, (size_t)(stop - query), partial, err)
                                 : not_numberlink(t, query, stop, err);
    if (!p) return NULL;
    size_t len;
    gopt_text_line(t, &len); /* the rest of the line: &... and #... */
    return p;
}

bool flow_link_like(const char *line, size_t n) {
    static const char *const marks[] = {"://", "www.", "puzz.link", "pzv.jp", "pzprxs", "numlin/", "numlin_", "numberlink/"};
    for (size_t k = 0; k < sizeof marks / sizeof *marks; k++) {
        size_t m = strlen(marks[k]);
        for (size_t i = 0; i + m <= n; i++)
            if (memcmp(line + i, marks[k], m) == 0) return true;
    }
    return false;
}

/* ---------------------------------------------------------------- writing */

void flow_write_puzzlink(gopt_buf *b, const gopt_flow_puzzle *p) {
    gopt_buf_printf(b, "https://puzz.link/p?numlin/%d/%d/", p->cols, p->rows);
    int empty = 0;
    for (int v = 0; v < p->rows * p->cols; v++) {
        int node = p->at[v], k = node >= 0 ? p->colour[node] : -1;
        long n = k >= 0 ? atol(p->label[k]) : 0;
        if (n <= 0) {
            if (++empty == 20) gopt_number16_write_skip(b, 20), empty = 0;
            continue;
        }
        if (empty) gopt_number16_write_skip(b, empty), empty = 0;
        gopt_number16_write(b, n);
    }
    if (empty) gopt_number16_write_skip(b, empty);
    gopt_buf_putc(b, '\n');
}
