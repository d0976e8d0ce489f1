/* pzprv3 files, as pzprjs (puzz.link) saves a Country Road, one item per cell followed by
 * a space:
 *     pzprv3 / country / ROWS / COLS / NROOMS
 *     ROWS lines of room ids        (rooms are the areas of equal ids)
 *     ROWS lines of numbers         ('.' none, '-' for '?', else the number in the room)
 *     ROWS lines of COLS-1 and ROWS-1 lines of COLS line states   (1: the loop crosses
 *                                   that cell side; 0 or -1: not), optional
 *     ROWS lines of background marks (1 circle: used, 2 cross: unused), optional
 * A player's saved progress is a partial answer: -1 a side crossed out, 0 a side not decided.
 * and whatever pzprjs appends (history, metadata) up to the next `pzprv3` line. Our own
 * additions, written only when needed: `country/e` for the variant with empty rooms, and
 * '.' as the room id of a hole. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The items of one line, with where each begins. */
typedef struct items {
    int n;
    const char *at[GOPT_COUNTRY_MAX_SIDE + 1];
    int len[GOPT_COUNTRY_MAX_SIDE + 1];
    gopt_text_mark mark[GOPT_COUNTRY_MAX_SIDE + 1];
} items;

/* Only blank lines before the end or the next puzzle? (Looks ahead, reads nothing.) */
static bool at_next_puzzle(const gopt_text *t) {
    size_t i = t->pos;
    while (i < t->len && (t->data[i] == ' ' || t->data[i] == '\t' || t->data[i] == '\n')) i++;
    return i == t->len || (t->len - i >= 6 && memcmp(t->data + i, "pzprv3", 6) == 0);
}

/* Reads one line of exactly `want` items (what: for errors). */
static bool read_items(gopt_text *t, items *it, int want, const char *what, int row, gopt_error *err) {
    if (gopt_text_eof(t)) return gopt_text_fail(t, err, "the file ends before %s row %d", what, row);
    it->n = 0;
    for (;;) {
        gopt_text_skip_spaces(t);
        int c = gopt_text_peek(t);
        if (c < 0 || c == '\n') break;
        if (it->n == want) return gopt_text_fail(t, err, "%s row %d has more than %d items", what, row, want);
        it->mark[it->n] = gopt_text_save(t);
        it->at[it->n] = t->data + t->pos;
        int len = 0;
        while (gopt_text_peek(t) > ' ') gopt_text_next(t), len++;
        if (len == 0) {
            char buf[32];
            return gopt_text_fail(t, err, "unexpected %s", gopt_text_describe(gopt_text_peek(t), buf, sizeof buf));
        }
        it->len[it->n++] = len;
    }
    if (it->n < want) return gopt_text_fail(t, err, "%s row %d has %d items, expected %d", what, row, it->n, want);
    gopt_text_accept(t, '\n');
    return true;
}

static bool item_is(const items *it, int i, const char *s) {
    return it->len[i] == (int)strlen(s) && memcmp(it->at[i], s, (size_t)it->len[i]) == 0;
}

/* An item as an integer in [min, max]. */
static bool item_int(gopt_text *t, const items *it, int i, long min, long max, long *out, gopt_error *err) {
    gopt_text_mark here = gopt_text_save(t);
    gopt_text_restore(t, it->mark[i]);
    bool ok = gopt_text_int(t, min, max, out, err);
    if (ok && gopt_text_save(t).pos != it->mark[i].pos + (size_t)it->len[i])
        ok = gopt_text_fail_at(t, it->mark[i], err, "expected a number, found '%.*s'", it->len[i], it->at[i]);
    gopt_text_restore(t, here);
    return ok;
}

static bool read_header(gopt_text *t, gopt_country_puzzle **out, gopt_error *err) {
    if (!gopt_text_accept_word(t, "pzprv3")) return gopt_text_fail(t, err, "expected 'pzprv3'");
    if (gopt_text_accept(t, '.')) {
        long version;
        if (!gopt_text_int(t, 0, 99, &version, err)) return false;
    }
    items it;
    if (!read_items(t, &it, 0, "the first line", 1, err)) return false;
    gopt_text_mark type_at = gopt_text_save(t);
    size_t len;
    const char *type = gopt_text_line(t, &len);
    while (len > 0 && (type[len - 1] == ' ' || type[len - 1] == '\t')) len--;
    bool empty_rooms = len == 9 && memcmp(type, "country/e", 9) == 0;
    if (!empty_rooms && !(len == 7 && memcmp(type, "country", 7) == 0))
        return gopt_text_fail_at(t, type_at, err, "expected the puzzle type 'country', found '%.*s'", (int)len, type);
    long h, w, nrooms;
    if (!read_items(t, &it, 1, "the row count", 1, err) || !item_int(t, &it, 0, 1, GOPT_COUNTRY_MAX_SIDE, &h, err))
        return false;
    if (!read_items(t, &it, 1, "the column count", 1, err) || !item_int(t, &it, 0, 1, GOPT_COUNTRY_MAX_SIDE, &w, err))
        return false;
    if (!read_items(t, &it, 1, "the room count", 1, err) || !item_int(t, &it, 0, 0, 1000000, &nrooms, err))
        return false;
    *out = gopt_country_new((int)w, (int)h);
    (*out)->empty_rooms = empty_rooms;
    return true;
}

static bool read_rooms(gopt_text *t, gopt_country_puzzle *p, gopt_error *err) {
    gopt_grid g = p->size;
    int *label = gopt_malloc((size_t)gopt_grid_cells(g) * sizeof *label);
    items it;
    bool ok = true;
    for (int r = 0; ok && r < g.h; r++) {
        ok = read_items(t, &it, g.w, "the rooms", r + 1, err);
        for (int c = 0; ok && c < g.w; c++) {
            long id = -1;
            if (!item_is(&it, c, ".")) ok = item_int(t, &it, c, 0, 1000000, &id, err);
            label[r * g.w + c] = (int)id;
        }
    }
    /* As in pzprjs, rooms are the areas of equal ids (an id may name two areas). */
    if (ok) gopt_country_set_rooms(p, label);
    free(label);
    return ok;
}

static bool read_numbers(gopt_text *t, gopt_country_puzzle *p, gopt_error *err) {
    gopt_grid g = p->size;
    items it;
    for (int r = 0; r < g.h; r++) {
        if (!read_items(t, &it, g.w, "the numbers", r + 1, err)) return false;
        for (int c = 0; c < g.w; c++) {
            if (item_is(&it, c, ".")) continue;
            long v = GOPT_COUNTRY_UNKNOWN;
            if (!item_is(&it, c, "-") && !item_int(t, &it, c, 0, GOPT_COUNTRY_MAX_NUMBER, &v, err)) return false;
            int room = p->room[r * g.w + c];
            if (room == GOPT_COUNTRY_HOLE) return gopt_text_fail_at(t, it.mark[c], err, "a number on a hole");
            if (p->number[room] != GOPT_COUNTRY_NO_NUMBER)
                return gopt_text_fail_at(t, it.mark[c], err, "a second number in one room");
            p->number[room] = (int)v;
        }
    }
    return true;
}

/* The line states, when the file has them and some are set, become the given loop; a
 * player's saved progress says more: `-1` is a side marked not crossed (a cross), `0` one
 * not known, and the background marks that follow are the cells marked used (1, a circle)
 * or unused (2, a cross), as pzprjs writes them. All of it goes to given_known, which only
 * the verbs that read partial answers look at (`check` reads the loop alone). */
static bool read_lines(gopt_text *t, gopt_country_puzzle *p, gopt_error *err) {
    gopt_grid g = p->size;
    uint8_t *dirs = gopt_calloc((size_t)gopt_grid_cells(g), 1), *known = gopt_calloc((size_t)gopt_grid_cells(g), 1);
    items it;
    bool any = false, ok = true;
    for (int pass = 0; pass < 2 && ok; pass++) {
        int rows = pass == 0 ? g.h : g.h - 1, cols = pass == 0 ? g.w - 1 : g.w;
        for (int r = 0; r < rows && ok; r++) {
            ok = read_items(t, &it, cols, "the lines", r + 1, err);
            for (int c = 0; c < cols && ok; c++) {
                long v;
                ok = item_int(t, &it, c, -1, 99, &v, err);
                if (!ok || v == 0) continue;
                int u = r * g.w + c, w = pass == 0 ? u + 1 : u + g.w;
                gopt_dir d = pass == 0 ? GOPT_E : GOPT_S;
                known[u] |= (uint8_t)GOPT_DIR_BIT(d);
                known[w] |= (uint8_t)GOPT_DIR_BIT(gopt_dir_opposite(d));
                if (v < 0) continue;
                dirs[u] |= (uint8_t)GOPT_DIR_BIT(d);
                dirs[w] |= (uint8_t)GOPT_DIR_BIT(gopt_dir_opposite(d));
                any = true;
            }
        }
    }
    /* The background marks, when the next rows are exactly that (history may follow instead). */
    gopt_text_mark back = gopt_text_save(t);
    for (int r = 0; r < g.h && ok; r++) {
        gopt_error ignored = {0};
        bool row = !at_next_puzzle(t) && read_items(t, &it, g.w, "the marks", r + 1, &ignored);
        for (int c = 0; c < g.w && row; c++) {
            long v;
            row = item_int(t, &it, c, 0, 2, &v, &ignored);
            if (row && v) known[r * g.w + c] |= v == 1 ? GOPT_COUNTRY_KNOWN_USED : GOPT_COUNTRY_KNOWN_UNUSED;
        }
        if (!row) {
            for (int c = 0; c < gopt_grid_cells(g); c++) known[c] &= 0xf;
            gopt_text_restore(t, back);
            break;
        }
    }
    bool marks = false;
    for (int c = 0; c < gopt_grid_cells(g); c++) marks |= known[c] != 0;
    free(p->given);
    free(p->given_known);
    p->given = ok && any ? dirs : NULL;
    p->given_known = ok && marks ? known : NULL;
    if (!p->given) free(dirs);
    if (!p->given_known) free(known);
    return ok;
}

bool country_read_pzprv3(gopt_text *t, gopt_country_puzzle **out, gopt_error *err) {
    gopt_country_puzzle *p = NULL;
    if (!read_header(t, &p, err)) return false;
    bool ok = read_rooms(t, p, err) && read_numbers(t, p, err);
    if (ok && !at_next_puzzle(t)) ok = read_lines(t, p, err);
    /* Background marks, history, metadata: nothing a solver needs. */
    while (ok && !at_next_puzzle(t)) {
        size_t len;
        gopt_text_line(t, &len);
    }
    if (!ok) {
        gopt_country_free(p);
        return false;
    }
    *out = p;
    return true;
}

char *country_write_pzprv3(const gopt_country_puzzle *p, const uint8_t *dirs) {
    gopt_grid g = p->size;
    gopt_buf b = {0};
    gopt_buf_printf(&b, "pzprv3\ncountry%s\n%d\n%d\n%d\n", p->empty_rooms ? "/e" : "", g.h, g.w, p->nrooms);
    for (int r = 0; r < g.h; r++) {
        for (int c = 0; c < g.w; c++) {
            int room = p->room[r * g.w + c];
            if (room == GOPT_COUNTRY_HOLE) gopt_buf_puts(&b, ". ");
            else gopt_buf_printf(&b, "%d ", room);
        }
        gopt_buf_putc(&b, '\n');
    }
    for (int r = 0; r < g.h; r++) {
        for (int c = 0; c < g.w; c++) {
            int cell = r * g.w + c, room = p->room[cell];
            int v = room >= 0 && p->room_first[room] == cell ? p->number[room] : GOPT_COUNTRY_NO_NUMBER;
            if (v == GOPT_COUNTRY_NO_NUMBER) gopt_buf_puts(&b, ". ");
            else if (v == GOPT_COUNTRY_UNKNOWN) gopt_buf_puts(&b, "- ");
            else gopt_buf_printf(&b, "%d ", v);
        }
        gopt_buf_putc(&b, '\n');
    }
    for (int pass = 0; pass < 2; pass++) {
        int rows = pass == 0 ? g.h : g.h - 1, cols = pass == 0 ? g.w - 1 : g.w;
        uint8_t bit = (uint8_t)GOPT_DIR_BIT(pass == 0 ? GOPT_E : GOPT_S);
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) gopt_buf_puts(&b, dirs && (dirs[r * g.w + c] & bit) ? "1 " : "0 ");
            gopt_buf_putc(&b, '\n');
        }
    }
    for (int r = 0; r < g.h; r++) {
        for (int c = 0; c < g.w; c++) gopt_buf_puts(&b, "0 ");
        gopt_buf_putc(&b, '\n');
    }
    return gopt_buf_take(&b);
}
