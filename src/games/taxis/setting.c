/* Settings (paper Definition 4): decks dealt reproducibly from (seed, index), and read from
 * or written to text so any game can be replayed (docs/formats.md, "taxis"). */
#include <stdlib.h>
#include <string.h>

#include "games/taxis/internal.h"

bool gopt_taxis_params_valid(int n, int c, int dups, char *why, size_t why_size) {
    if (n < 1 || n > GOPT_TAXIS_MAX_NODES) snprintf(why, why_size, "the graph must have 1..%d nodes", GOPT_TAXIS_MAX_NODES);
    else if (dups < 1 || dups > GOPT_TAXIS_MAX_DUPS) snprintf(why, why_size, "dups must be in 1..%d", GOPT_TAXIS_MAX_DUPS);
    else if (c < 1 || c > n * dups) snprintf(why, why_size, "c must be in 1..%d (the deck's size)", n * dups);
    else return true;
    return false;
}

gopt_taxis_setting *gopt_taxis_setting_new(int n, int c, int dups) {
    gopt_taxis_setting *s = gopt_calloc(1, sizeof *s);
    s->n = n;
    s->c = c;
    s->dups = dups;
    s->ncards = n * dups;
    s->cards = gopt_calloc((size_t)s->ncards, sizeof *s->cards);
    return s;
}

void gopt_taxis_setting_free(gopt_taxis_setting *s) {
    if (!s) return;
    free(s->cards);
    free(s);
}

void gopt_taxis_deal(gopt_taxis_setting *s, gopt_rng *rng) {
    for (int k = 0; k < s->ncards; k++) s->cards[k] = k % s->n;
    gopt_rng_shuffle_int(rng, s->cards, (size_t)s->ncards);
}

void gopt_taxis_deal_indexed(gopt_taxis_setting *s, uint64_t seed, uint64_t index, gopt_rng *rest) {
    gopt_rng rng = gopt_rng_stream(seed, index);
    gopt_taxis_deal(s, &rng);
    if (rest) *rest = rng;
}

gopt_rng gopt_taxis_game_stream(int n, int dups, uint64_t seed, uint64_t index) {
    /* The same draws as the Fisher-Yates shuffle of gopt_taxis_deal, without the cards. */
    gopt_rng rng = gopt_rng_stream(seed, index);
    for (int i = n * dups; i > 1; i--) gopt_rng_below(&rng, (uint32_t)i);
    return rng;
}

bool gopt_taxis_setting_valid(const gopt_taxis_graph *g, const gopt_taxis_setting *s, char *why, size_t why_size) {
    if (s->n != g->n) {
        snprintf(why, why_size, "the setting is for %d nodes, the graph has %d", s->n, g->n);
        return false;
    }
    if (!gopt_taxis_params_valid(s->n, s->c, s->dups, why, why_size)) return false;
    if (s->ncards != s->n * s->dups) {
        snprintf(why, why_size, "the deck has %d cards, not n * dups = %d", s->ncards, s->n * s->dups);
        return false;
    }
    int *count = gopt_calloc((size_t)s->n, sizeof *count);
    bool ok = true;
    for (int k = 0; k < s->ncards && ok; k++) {
        int v = s->cards[k];
        if (v < 0 || v >= s->n) ok = false, snprintf(why, why_size, "card %d is not a node", k + 1);
        else if (++count[v] > s->dups)
            ok = false, snprintf(why, why_size, "'%s' is in the deck more than %d times", gopt_taxis_name(g, v), s->dups);
    }
    free(count);
    return ok;
}

/* ---------------------------------------------------------------- reading */

typedef struct reader {
    gopt_text *t;
    const gopt_taxis_graph *g;
    gopt_taxis_setting *s;
    int *count;
    gopt_error *err;
} reader;

/* Reads the names up to the end of the line as cards. */
static bool read_cards(reader *r, const char *what) {
    gopt_text *t = r->t;
    char name[TAXIS_NAME_MAX + 1];
    while (!taxis_lex_line_end(t)) {
        gopt_text_mark at = gopt_text_save(t);
        if (!taxis_lex_name(t, name, r->err)) return false;
        int v = gopt_taxis_node(r->g, name);
        if (v < 0) return gopt_text_fail_at(t, at, r->err, "unknown node '%s' in the %s tuple (graph %s)", name, what, r->g->name);
        if (r->count[v] == r->s->dups)
            return gopt_text_fail_at(t, at, r->err, "'%s' is in the deck more than dups = %d times", name, r->s->dups);
        r->count[v]++;
        r->s->cards[r->s->ncards++] = v;
    }
    taxis_lex_next_line(t);
    return true;
}

/* The next statement's keyword, without consuming it ("" at the end). */
static void peek_word(gopt_text *t, char *word) {
    taxis_lex_skip_blank(t);
    gopt_text_mark at = gopt_text_save(t);
    gopt_error ignored = {0};
    if (gopt_text_eof(t) || !taxis_lex_name(t, word, &ignored)) word[0] = 0;
    gopt_text_restore(t, at);
}

static bool expect_word(gopt_text *t, const char *word, const char *why, gopt_error *err) {
    char found[TAXIS_NAME_MAX + 1];
    peek_word(t, found);
    if (strcmp(found, word) != 0) return gopt_text_fail(t, err, "expected '%s' %s", word, why);
    gopt_text_accept_word(t, word);
    gopt_text_skip_spaces(t);
    return true;
}

static bool read_header(gopt_text *t, const gopt_taxis_graph *g, long *dups, gopt_error *err) {
    char word[TAXIS_NAME_MAX + 1];
    peek_word(t, word);
    if (strcmp(word, "graph") == 0) {
        gopt_text_accept_word(t, "graph");
        gopt_text_skip_spaces(t);
        gopt_text_mark at = gopt_text_save(t);
        if (taxis_lex_line_end(t)) return gopt_text_fail(t, err, "expected the graph's name");
        if (!taxis_lex_name(t, word, err)) return false;
        if (strcmp(word, g->name) != 0)
            return gopt_text_fail_at(t, at, err, "this setting is for graph '%s', not '%s' (see --graph)", word, g->name);
        if (!taxis_lex_line_end(t)) return gopt_text_fail(t, err, "unexpected text after the graph's name");
        taxis_lex_next_line(t);
    }
    if (!expect_word(t, "dups", "(the number of copies of each node) to begin a setting", err)) return false;
    if (!gopt_text_int(t, 1, GOPT_TAXIS_MAX_DUPS, dups, err)) return false;
    if (!taxis_lex_line_end(t)) return gopt_text_fail(t, err, "unexpected text after the number of copies");
    taxis_lex_next_line(t);
    return true;
}

/* Names up to five nodes that are missing cards. */
static void missing_list(const reader *r, char *buf, size_t size) {
    size_t len = 0;
    int shown = 0;
    buf[0] = 0;
    for (int v = 0; v < r->g->n; v++)
        if (r->count[v] < r->s->dups) {
            const char *name = shown < 5 ? gopt_taxis_name(r->g, v) : "...";
            len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s%s", shown ? ", " : "", name);
            if (++shown > 5) break;
        }
    if (len >= size) buf[size - 1] = 0;
}

static bool read_body(reader *r) {
    gopt_text *t = r->t;
    if (!expect_word(t, "initial", "(the face-up cards)", r->err)) return false;
    if (taxis_lex_line_end(t)) return gopt_text_fail(t, r->err, "the initial tuple needs at least one card");
    if (!read_cards(r, "initial")) return false;
    r->s->c = r->s->ncards;
    char word[TAXIS_NAME_MAX + 1];
    for (;;) {
        peek_word(t, word);
        if (strcmp(word, "extension") != 0) break;
        gopt_text_accept_word(t, "extension");
        if (!read_cards(r, "extension")) return false;
    }
    if (word[0] && strcmp(word, "dups") != 0 && strcmp(word, "graph") != 0)
        return gopt_text_fail(t, r->err, "unknown statement '%s' (expected extension, or dups to begin the next setting)", word);
    int need = r->s->n * r->s->dups;
    if (r->s->ncards < need) {
        char missing[256];
        missing_list(r, missing, sizeof missing);
        return gopt_text_fail(t, r->err, "the deck has %d cards but needs %d (%d of each node); missing: %s",
                              r->s->ncards, need, r->s->dups, missing);
    }
    return true;
}

int gopt_taxis_setting_read(gopt_text *t, const gopt_taxis_graph *g, gopt_taxis_setting **out, gopt_error *err) {
    *out = NULL;
    taxis_lex_skip_blank(t);
    if (gopt_text_eof(t)) return 0;
    long dups;
    if (!read_header(t, g, &dups, err)) return -1;
    gopt_taxis_setting *s = gopt_taxis_setting_new(g->n, 1, (int)dups);
    s->ncards = 0;
    reader r = {t, g, s, gopt_calloc((size_t)g->n, sizeof *r.count), err};
    bool ok = read_body(&r);
    free(r.count);
    if (!ok) {
        gopt_taxis_setting_free(s);
        return -1;
    }
    *out = s;
    return 1;
}

/* ---------------------------------------------------------------- writing */

static void append_cards(gopt_buf *b, const gopt_taxis_graph *g, const char *word, const int *cards, int n, int per_line) {
    for (int k = 0; k < n; k++) {
        if (k % per_line == 0) gopt_buf_printf(b, "%s%s", k ? "\n" : "", word);
        gopt_buf_putc(b, ' ');
        taxis_name_append(b, gopt_taxis_name(g, cards[k]));
    }
    if (n) gopt_buf_putc(b, '\n');
}

char *gopt_taxis_setting_format(const gopt_taxis_graph *g, const gopt_taxis_setting *s) {
    gopt_buf b = {0};
    gopt_buf_printf(&b, "# taxis setting: c = %d, N_D = %d, %d cards\ngraph ", s->c, s->dups, s->ncards);
    taxis_name_append(&b, g->name);
    gopt_buf_printf(&b, "\ndups %d\n", s->dups);
    append_cards(&b, g, "initial", s->cards, s->c, s->c);
    append_cards(&b, g, "extension", s->cards + s->c, s->ncards - s->c, 10);
    return gopt_buf_take(&b);
}
