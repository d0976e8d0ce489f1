/* The block format of the shared data set (country_puzzles.txt), many puzzles per file:
 *     puzzle <id> <rows> <cols>
 *     source ... / url ... / variant standard|empty_rooms_allowed / unique yes|no
 *     regions            then <rows> lines of <cols> integers (-1: a hole)
 *     clues k:v ...      region k has number v (-2: '?')
 *     solution           optional, then <rows> lines of loop tokens
 *     end
 * Region ids name rooms; one id must make one connected room. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct clue {
    long region, value;
    gopt_text_mark at;
} clue;

typedef struct block {
    gopt_country_puzzle *p;
    int *label;
    gopt_text_mark regions_at;
    clue *clues;
    size_t nclues, cap;
    bool have_regions;
} block;

static size_t word_length(const gopt_text *t) {
    size_t n = 0;
    int c;
    while ((c = gopt_text_peek_at(t, n)) > ' ') n++;
    return n;
}

static bool end_of_line(gopt_text *t, gopt_error *err) {
    gopt_text_skip_spaces(t);
    if (gopt_text_eof(t) || gopt_text_accept(t, '\n')) return true;
    char what[32];
    return gopt_text_fail(t, err, "unexpected %s at the end of the line",
                          gopt_text_describe(gopt_text_peek(t), what, sizeof what));
}

static bool read_regions(gopt_text *t, block *b, gopt_error *err) {
    gopt_grid g = b->p->size;
    if (b->have_regions) return gopt_text_fail(t, err, "the regions are given twice");
    if (!end_of_line(t, err)) return false;
    b->regions_at = gopt_text_save(t);
    for (int r = 0; r < g.h; r++) {
        for (int c = 0; c < g.w; c++) {
            gopt_text_skip_spaces(t);
            if (gopt_text_peek(t) == '\n' || gopt_text_eof(t))
                return gopt_text_fail(t, err, "row %d of the regions has %d ids, expected %d", r + 1, c, g.w);
            long id;
            if (!gopt_text_int(t, -1, 1000000, &id, err)) return false;
            b->label[r * g.w + c] = (int)id;
        }
        if (!end_of_line(t, err)) return false;
    }
    b->have_regions = true;
    return true;
}

static bool read_clues(gopt_text *t, block *b, gopt_error *err) {
    for (;;) {
        gopt_text_skip_spaces(t);
        if (gopt_text_eof(t) || gopt_text_accept(t, '\n')) return true;
        clue k = {.at = gopt_text_save(t)};
        if (!gopt_text_int(t, 0, 1000000, &k.region, err) || !gopt_text_expect(t, ':', err) ||
            !gopt_text_int(t, -2, GOPT_COUNTRY_MAX_NUMBER, &k.value, err))
            return false;
        if (k.value == -1) return gopt_text_fail_at(t, k.at, err, "a number is 0 or more, or -2 for '?'");
        gopt_grow(&b->clues, &b->cap, b->nclues + 1, sizeof *b->clues);
        b->clues[b->nclues++] = k;
    }
}

typedef struct label_room {
    int label, room;
} label_room;

static int compare_labels(const void *a, const void *b) {
    const label_room *x = a, *y = b;
    return (x->label > y->label) - (x->label < y->label);
}

/* Rooms from the region ids, then the clues on them. */
static bool finish(gopt_text *t, block *b, gopt_text_mark end_at, gopt_error *err) {
    gopt_country_puzzle *p = b->p;
    if (!b->have_regions) return gopt_text_fail_at(t, end_at, err, "the puzzle has no regions");
    gopt_country_set_rooms(p, b->label);
    int split = country_split_label(p, b->label);
    if (split >= 0)
        return gopt_text_fail_at(t, b->regions_at, err, "region %d makes two separate areas (see row %d col %d)",
                                 b->label[split], split / p->size.w + 1, split % p->size.w + 1);
    /* each clue's room by its region id: one sorted list of the rooms, searched per clue */
    label_room *by_label = gopt_malloc((size_t)(p->nrooms > 0 ? p->nrooms : 1) * sizeof *by_label);
    for (int r = 0; r < p->nrooms; r++) by_label[r] = (label_room){b->label[p->room_first[r]], r};
    qsort(by_label, (size_t)p->nrooms, sizeof *by_label, compare_labels);
    bool ok = true;
    for (size_t i = 0; i < b->nclues && ok; i++) {
        const clue *k = &b->clues[i];
        label_room key = {(int)k->region, 0};
        const label_room *hit = bsearch(&key, by_label, (size_t)p->nrooms, sizeof *by_label, compare_labels);
        int room = hit ? hit->room : -1;
        if (room < 0) {
            ok = gopt_text_fail_at(t, k->at, err, "no region %ld in this puzzle", k->region);
            break;
        }
        if (p->number[room] != GOPT_COUNTRY_NO_NUMBER)
            ok = gopt_text_fail_at(t, k->at, err, "region %ld has two numbers", k->region);
        else p->number[room] = k->value == -2 ? GOPT_COUNTRY_UNKNOWN : (int)k->value;
    }
    free(by_label);
    return ok;
}

static bool read_keyword(gopt_text *t, block *b, bool *done, gopt_error *err) {
    gopt_text_mark at = gopt_text_save(t);
    size_t len = word_length(t);
    const char *word = t->data + t->pos;
#define IS(w) (len == strlen(w) && memcmp(word, w, len) == 0)
    for (size_t i = 0; i < len; i++) gopt_text_next(t);
    if (IS("source") || IS("url")) {
        gopt_text_line(t, &len);
        return true;
    }
    if (IS("end")) {
        *done = true;
        return end_of_line(t, err) && finish(t, b, at, err);
    }
    if (IS("regions")) return read_regions(t, b, err);
    if (IS("clues")) return read_clues(t, b, err);
    if (IS("solution")) return end_of_line(t, err) && country_read_loop_rows(t, b->p, err);
    gopt_text_skip_spaces(t);
    gopt_text_mark value_at = gopt_text_save(t);
    size_t vlen = word_length(t);
    const char *value = t->data + t->pos;
    for (size_t i = 0; i < vlen; i++) gopt_text_next(t);
#define VALUE(w) (vlen == strlen(w) && memcmp(value, w, vlen) == 0)
    if (IS("variant")) {
        if (VALUE("standard")) b->p->empty_rooms = false;
        else if (VALUE("empty_rooms_allowed") || VALUE("empty")) b->p->empty_rooms = true;
        else return gopt_text_fail_at(t, value_at, err, "expected the variant standard or empty_rooms_allowed");
        return end_of_line(t, err);
    }
    if (IS("unique")) {
        if (VALUE("yes")) b->p->given_unique = 1;
        else if (VALUE("no")) b->p->given_unique = 0;
        else return gopt_text_fail_at(t, value_at, err, "expected unique yes or no");
        return end_of_line(t, err);
    }
#undef VALUE
#undef IS
    return gopt_text_fail_at(t, at, err,
                             "expected source, url, variant, unique, regions, clues, solution or end");
}

bool country_read_block(gopt_text *t, gopt_country_puzzle **out, gopt_error *err) {
    if (!gopt_text_accept_word(t, "puzzle")) return gopt_text_fail(t, err, "expected 'puzzle <id> <rows> <cols>'");
    gopt_text_skip_spaces(t);
    size_t idlen = word_length(t);
    if (idlen == 0) return gopt_text_fail(t, err, "expected the puzzle's id");
    char *id = gopt_strndup(t->data + t->pos, idlen);
    for (size_t i = 0; i < idlen; i++) gopt_text_next(t);
    long h, w;
    gopt_text_skip_spaces(t);
    bool ok = gopt_text_int(t, 1, GOPT_COUNTRY_MAX_SIDE, &h, err);
    gopt_text_skip_spaces(t);
    ok = ok && gopt_text_int(t, 1, GOPT_COUNTRY_MAX_SIDE, &w, err) && end_of_line(t, err);
    if (!ok) {
        free(id);
        return false;
    }
    block b = {.p = gopt_country_new((int)w, (int)h)};
    b.p->name = id;
    b.label = gopt_calloc((size_t)(w * h), sizeof *b.label);
    bool done = false;
    while (ok && !done) {
        gopt_text_skip_ws_comments(t, '#');
        if (gopt_text_eof(t)) ok = gopt_text_fail(t, err, "the puzzle block ends without 'end'");
        else ok = read_keyword(t, &b, &done, err);
    }
    free(b.label);
    free(b.clues);
    if (!ok) {
        gopt_country_free(b.p);
        return false;
    }
    *out = b.p;
    return true;
}

char *country_write_block(const gopt_country_puzzle *p, const uint8_t *dirs) {
    gopt_grid g = p->size;
    gopt_buf b = {0};
    /* The id is one word here: blanks and control bytes in a name (from the text format)
     * become '_'. */
    char *id = gopt_strdup(p->name ? p->name : "country");
    for (char *s = id; *s; s++)
        if ((unsigned char)*s <= ' ' || *s == 0x7f) *s = '_';
    gopt_buf_printf(&b, "puzzle %s %d %d\nsource gameopt\n", id, g.h, g.w);
    free(id);
    const char *why;
    char *url = country_write_url(p, &why);
    gopt_buf_printf(&b, "url %s%s", url ? url : "-", url ? "" : "\n");
    free(url);
    gopt_buf_printf(&b, "variant %s\n", p->empty_rooms ? "empty_rooms_allowed" : "standard");
    if (p->given_unique >= 0) gopt_buf_printf(&b, "unique %s\n", p->given_unique ? "yes" : "no");
    gopt_buf_puts(&b, "regions\n");
    for (int r = 0; r < g.h; r++)
        for (int c = 0; c < g.w; c++)
            gopt_buf_printf(&b, "%d%c", p->room[r * g.w + c], c + 1 < g.w ? ' ' : '\n');
    gopt_buf_puts(&b, "clues");
    for (int r = 0; r < p->nrooms; r++)
        if (p->number[r] != GOPT_COUNTRY_NO_NUMBER)
            gopt_buf_printf(&b, " %d:%d", r, p->number[r] == GOPT_COUNTRY_UNKNOWN ? -2 : p->number[r]);
    gopt_buf_putc(&b, '\n');
    if (dirs) {
        gopt_buf_puts(&b, "solution\n");
        country_write_loop_rows(&b, p, dirs);
    }
    gopt_buf_puts(&b, "end\n");
    return gopt_buf_take(&b);
}
