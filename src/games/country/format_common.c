/* What the readers and writers of several formats share: numbers, rows of loop tokens,
 * rooms from labels, and guessing the format of a text. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

const char *const gopt_country_formats[] = {"url", "pzprv3", "block", "text", "penpa", NULL};

bool country_read_number(gopt_text *t, long *out, gopt_error *err) {
    if (gopt_text_accept(t, '?')) {
        *out = GOPT_COUNTRY_UNKNOWN;
        return true;
    }
    return gopt_text_int(t, 0, GOPT_COUNTRY_MAX_NUMBER, out, err);
}

static bool is_blank(int c) { return c == ' ' || c == '\t'; }

bool country_read_loop_rows(gopt_text *t, gopt_country_puzzle *p, gopt_error *err) {
    gopt_grid g = p->size;
    int n = gopt_grid_cells(g);
    uint8_t *dirs = gopt_calloc((size_t)n, 1), *known = gopt_calloc((size_t)n, 1);
    bool partial = false, ok = true;
    for (int r = 0; r < g.h && ok; r++) {
        gopt_text_skip_spaces(t);
        for (int c = 0; c < g.w && ok; c++) {
            gopt_text_mark at = gopt_text_save(t);
            size_t len = 0;
            while (gopt_text_peek_at(t, len) > ' ') len++;
            if (len == 0) {
                ok = gopt_text_fail(t, err, "row %d of the loop has %d tokens, expected %d", r + 1, c, g.w);
                break;
            }
            /* a player's partial answer may say less of a cell (?, +, s?): see country_read_mark */
            if (!country_read_mark(t->data + t->pos, len, &dirs[r * g.w + c], &known[r * g.w + c])) {
                ok = gopt_text_fail_at(t, at, err, "expected a loop token (-, ns, ew, ne, nw, se, sw; ?, + or s? in a partial answer)");
                break;
            }
            partial |= !country_mark_complete(known[r * g.w + c]);
            for (size_t i = 0; i < len; i++) gopt_text_next(t);
            gopt_text_skip_spaces(t);
        }
        int next = gopt_text_peek(t);
        if (ok && next >= 0 && next != '\n') ok = gopt_text_fail(t, err, "row %d of the loop has more than %d tokens", r + 1, g.w);
        gopt_text_accept(t, '\n');
    }
    if (!ok) {
        free(dirs);
        free(known);
        return false;
    }
    free(p->given);
    free(p->given_known);
    p->given = dirs;
    p->given_known = partial ? known : NULL;
    if (!partial) free(known);
    return true;
}

void country_write_loop_rows(gopt_buf *b, const gopt_country_puzzle *p, const uint8_t *dirs) {
    gopt_grid g = p->size;
    char tok[5];
    for (int r = 0; r < g.h; r++) {
        for (int c = 0; c < g.w; c++) {
            if (c) gopt_buf_putc(b, ' ');
            gopt_buf_puts(b, gopt_country_token(dirs[r * g.w + c], tok));
        }
        gopt_buf_putc(b, '\n');
    }
}

typedef struct label_room {
    int label, first;
} label_room;

static int by_label_then_first(const void *a, const void *b) {
    const label_room *x = a, *y = b;
    if (x->label != y->label) return x->label < y->label ? -1 : 1;
    return (x->first > y->first) - (x->first < y->first);
}

int country_split_label(const gopt_country_puzzle *p, const int *label) {
    label_room *rooms = gopt_malloc((size_t)(p->nrooms > 0 ? p->nrooms : 1) * sizeof *rooms);
    for (int r = 0; r < p->nrooms; r++) rooms[r] = (label_room){label[p->room_first[r]], p->room_first[r]};
    qsort(rooms, (size_t)p->nrooms, sizeof *rooms, by_label_then_first);
    int split = -1;
    for (int r = 1; r < p->nrooms; r++)
        if (rooms[r].label == rooms[r - 1].label && (split < 0 || rooms[r].first < split)) split = rooms[r].first;
    free(rooms);
    return split;
}

/* ---------------------------------------------------------------- dispatch */

/* Does a line look like a pasted link? Only by what a room row of the text format cannot
 * hold too: a scheme (`://`), `www.`, a puzzle path (`country/`, `?slither/`, `?pzprv3/`)
 * or penpa's data. A lone '?' is a room of the text format ("A?" is two rooms), and a row may
 * start with "http" (issue 35: "http" and '?' sent text puzzles to the URL reader). */
static bool link_like(const char *line, size_t n) {
    while (n > 0 && (*line == '"' || *line == '\'' || *line == '<' || *line == ' ' || *line == '\t')) line++, n--;
    if (n >= 4 && memcmp(line, "www.", 4) == 0) return true;
    if (country_is_penpa(line, n)) return true;
    for (size_t i = 0; i + 3 <= n; i++)
        if (memcmp(line + i, "://", 3) == 0) return true;
    for (size_t i = 0; i + 8 <= n; i++)
        if (memcmp(line + i, "country", 7) == 0 && (line[i + 7] == '/' || line[i + 7] == '_')) return true;
    for (size_t i = 0; i < n; i++) { /* ?WORD/ : a puzzle type's path in a query */
        if (line[i] != '?') continue;
        size_t k = i + 1;
        while (k < n && ((line[k] >= 'a' && line[k] <= 'z') || (line[k] >= '0' && line[k] <= '9') || line[k] == '_')) k++;
        if (k > i + 1 && k < n && line[k] == '/') return true;
    }
    return false;
}

/* The format of the puzzle at the reader's position, from its first line. Links (puz.link,
 * pzprv3 in a URL, penpa-edit) are all "url": its reader tells them apart. */
static const char *guess_format(const gopt_text *t) {
    size_t rest = gopt_text_line_rest(t);
    const char *line = t->data + t->pos;
    if (rest >= 6 && memcmp(line, "pzprv3", 6) == 0 && (rest == 6 || line[6] == '.' || is_blank(line[6])))
        return "pzprv3";
    if (rest >= 7 && memcmp(line, "puzzle", 6) == 0 && is_blank(line[6])) return "block";
    return link_like(line, rest) ? "url" : "text";
}

int gopt_country_read(gopt_text *t, const char *format, gopt_country_puzzle **out, gopt_error *err) {
    gopt_text_skip_ws_comments(t, '#');
    if (gopt_text_eof(t)) return 0;
    if (!format) format = guess_format(t);
    bool ok;
    if (strcmp(format, "url") == 0) ok = country_read_url(t, out, err);
    else if (strcmp(format, "pzprv3") == 0) ok = country_read_pzprv3(t, out, err);
    else if (strcmp(format, "block") == 0) ok = country_read_block(t, out, err);
    else if (strcmp(format, "text") == 0) ok = country_read_text(t, out, err);
    else if (strcmp(format, "penpa") == 0) ok = country_read_url(t, out, err);
    else ok = gopt_text_fail(t, err, "unknown Country Road format '%s'", format);
    return ok ? 1 : -1;
}

char *gopt_country_write(const gopt_country_puzzle *p, const uint8_t *dirs, const char *format, const char **why) {
    const char *unused;
    if (!why) why = &unused;
    *why = NULL;
    if (strcmp(format, "url") == 0) return country_write_url(p, why);
    if (strcmp(format, "penpa") == 0) return country_write_penpa(p, dirs, why);
    if (p->wall && strcmp(format, "pzprv3") == 0) {
        *why = "its borders inside a room cannot be written as pzprv3 room ids (use url)";
        return NULL;
    }
    if (p->wall && (strcmp(format, "block") == 0 || strcmp(format, "text") == 0)) {
        *why = "the format has no borders inside a room (use url)";
        return NULL;
    }
    if (strcmp(format, "pzprv3") == 0) return country_write_pzprv3(p, dirs);
    if (strcmp(format, "block") == 0) return country_write_block(p, dirs);
    if (strcmp(format, "text") == 0) return country_write_text(p, dirs, why);
    *why = "unknown format";
    return NULL;
}
