/* Every generator's output is read back by its own reader (issue 16, item 4: flow's generator
 * wrote boards of more than 52 colours that its reader rejected). For each family with a
 * generator and each format it can write: random sizes and seeds, generate, format, parse with
 * the same format, and format again: the two texts must be equal. A generator may refuse a
 * format or a size (with an error), never write what its reader rejects. */
#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const gopt_game gopt_game_country, gopt_game_flood, gopt_game_flow;

typedef struct family {
    const gopt_game *game;
    int min_side, max_side;
    const char *colours_option; /* NULL: none */
    int min_colours, max_colours;
    int cases;
    const char *flag; /* a generate flag to set ("any": flow's boards with several solutions), or NULL */
} family;

static void read_back(const family *f, const char *format, int w, int h, int colours, uint64_t seed) {
    const gopt_game *g = f->game;
    char size[32], ncol[32];
    snprintf(size, sizeof size, "%dx%d", w, h);
    snprintf(ncol, sizeof ncol, "%d", colours);
    gopt_options o;
    gopt_options_init(&o);
    o.format = format;
    o.seed = seed;
    gopt_error err = {0};
    if (!gopt_options_set(&o, g, "generate", "size", size, &err)) fail_msg("--size %s: %s", size, err.msg);
    if (f->flag && !gopt_options_set(&o, g, "generate", f->flag, NULL, &err)) fail_msg("--%s: %s", f->flag, err.msg);
    if (f->colours_option && colours > 0 && !gopt_options_set(&o, g, "generate", f->colours_option, ncol, &err))
        fail_msg("--%s %s: %s", f->colours_option, ncol, err.msg);
    gopt_rng rng = gopt_rng_stream(seed, 0);
    void *p = g->generate(&o, &rng, &err);
    if (!p) {
        /* a refusal must say why */
        if (!err.set || !err.msg[0]) fail_msg("%s generate %s %s: NULL without a reason", g->name, size, format);
        return;
    }
    char *text = g->format(p, NULL, format);
    gopt_text t;
    gopt_text_from_string(&t, "generated", text);
    void *back = NULL;
    gopt_error perr = {0};
    int r = g->parse(&t, &o, &back, &perr);
    if (r != 1) {
        char buf[1024];
        fail_msg("%s generate --size %s --format %s --seed %llu (colours %d): own output rejected: %s\n%s", g->name,
                 size, format, (unsigned long long)seed, colours, gopt_error_text(&perr, buf, sizeof buf), text);
    }
    char *again = g->format(back, NULL, format);
    if (strcmp(text, again) != 0)
        fail_msg("%s --format %s %s seed %llu: read back differently:\n%s\n---\n%s", g->name, format, size,
                 (unsigned long long)seed, text, again);
    free(again);
    g->free_puzzle(back);
    gopt_text_free(&t);
    free(text);
    g->free_puzzle(p);
}

static void run_family(const family *f) {
    gopt_rng rng = gopt_rng_stream(16, (uint64_t)(uintptr_t)f->game->name[0]);
    int cases = test_cases(f->cases);
    for (const char *const *fmt = f->game->formats; *fmt; fmt++) {
        /* flood's `blocks` is a reading of grid files (generate writes grid for it) */
        if (strcmp(*fmt, "blocks") == 0) continue;
        for (int i = 0; i < cases; i++) {
            int span = f->max_side - f->min_side + 1;
            int w = f->min_side + (int)gopt_rng_below(&rng, (uint32_t)span);
            int h = f->min_side + (int)gopt_rng_below(&rng, (uint32_t)span);
            int colours = 0;
            if (f->colours_option && gopt_rng_below(&rng, 2))
                colours = f->min_colours + (int)gopt_rng_below(&rng, (uint32_t)(f->max_colours - f->min_colours + 1));
            read_back(f, *fmt, w, h, colours, 1 + gopt_rng_below(&rng, 1000000));
        }
    }
}

static void test_flow(void **state) {
    (void)state;
    family f = {&gopt_game_flow, 2, 30, "colours", 1, 120, 12, "any"}; /* many colours: the letter formats' limit */
    run_family(&f);
    family unique = {&gopt_game_flow, 2, 12, "colours", 1, 30, 4, NULL}; /* the default: unique boards */
    run_family(&unique);
}

/* The boards of the issue: default colours on 25x25 and 30x30 (112 colours) in the default format. */
static void test_flow_large_default(void **state) {
    (void)state;
    family f = {&gopt_game_flow, 25, 30, NULL, 0, 0, 1, "any"};
    for (uint64_t seed = 1; seed <= 4; seed++) {
        read_back(&f, "flow_solver", 30, 30, 0, seed);
        read_back(&f, "flow_solver", 25, 25, 0, seed);
    }
}

static void test_flood(void **state) {
    (void)state;
    family f = {&gopt_game_flood, 2, 20, "colours", 2, 12, 12, NULL};
    run_family(&f);
}

/* Issue 37, item 3: boards whose width is a square number (36x20, 49x10, 100x99, 121x121)
 * were read back as many compact boards, and solved "optimally" as such. The generator's
 * text, read with the format guessed (as `flood generate | flood solve` and the API read it),
 * must be the same boards, of every size and in every format it writes; several boards in
 * one text too. */
static void flood_guessed_round_trip(int w, int h, const char *format, int count, uint64_t seed) {
    const gopt_game *g = &gopt_game_flood;
    char size[32];
    snprintf(size, sizeof size, "%dx%d", w, h);
    gopt_options o;
    gopt_options_init(&o);
    o.format = format;
    gopt_error serr = {0};
    if (!gopt_options_set(&o, g, "generate", "size", size, &serr)) fail_msg("--size %s: %s", size, serr.msg);
    gopt_flood_puzzle *made[4];
    gopt_buf text = {0};
    int n = 0;
    for (int i = 0; i < count; i++) {
        gopt_rng rng = gopt_rng_stream(seed, (uint64_t)i);
        gopt_error err = {0};
        if (w * h <= 1600) {
            made[n] = g->generate(&o, &rng, &err);
            if (!made[n]) return; /* a format that cannot hold the size refuses it */
        } else {
            /* beyond 40x40 the generator's move limit (a depth-3 lookahead) takes seconds a
             * board: the same random cells, without it (only Tatham IDs carry the limit) */
            if (strcmp(format, "compact") == 0 && w != h) return; /* as the generator refuses */
            made[n] = gopt_flood_new(w, h, 6);
            for (int c = 0; c < w * h; c++) made[n]->cells[c] = (uint8_t)gopt_rng_below(&rng, 6);
        }
        char *one = g->format(made[n], NULL, format);
        if (n) gopt_buf_putc(&text, '\n'); /* as generate separates boards */
        gopt_buf_puts(&text, one);
        free(one);
        n++;
    }
    gopt_text t;
    gopt_text_from(&t, "generated", text.data, text.len);
    gopt_options guess;
    gopt_options_init(&guess);
    for (int i = 0; i <= n; i++) {
        void *back = NULL;
        gopt_error err = {0};
        int r = g->parse(&t, &guess, &back, &err);
        if (i == n) {
            if (r != 0) fail_msg("flood %s %s x%d: more boards read back than written", size, format, count);
            break;
        }
        char buf[600];
        if (r != 1)
            fail_msg("flood generate --size %s --format %s (%d boards): board %d not read back: %s", size, format, count,
                     i + 1, gopt_error_text(&err, buf, sizeof buf));
        const gopt_flood_puzzle *p = back, *q = made[i];
        if (p->w != q->w || p->h != q->h)
            fail_msg("flood generate --size %s --format %s: board %d read back as %dx%d", size, format, i + 1, p->w, p->h);
        /* the same colours in the same cells (formats number colours their own way: a
         * one-to-one renaming) and the same start */
        int to[GOPT_FLOOD_MAX_COLOURS], from[GOPT_FLOOD_MAX_COLOURS];
        for (int c = 0; c < GOPT_FLOOD_MAX_COLOURS; c++) to[c] = from[c] = -1;
        for (int c = 0; c < p->w * p->h; c++) {
            int a = p->cells[c], b = q->cells[c];
            if (to[a] < 0 && from[b] < 0) to[a] = b, from[b] = a;
            if (to[a] != b || from[b] != a) fail_msg("flood %s %s: board %d differs at cell %d", size, format, i + 1, c);
        }
        if (p->start != q->start) fail_msg("flood %s %s: board %d starts elsewhere", size, format, i + 1);
        g->free_puzzle(back);
    }
    gopt_text_free(&t);
    gopt_buf_free(&text);
    for (int i = 0; i < n; i++) g->free_puzzle(made[i]);
}

static void test_flood_square_widths(void **state) {
    (void)state;
    static const int named[][2] = {{36, 20}, {49, 10}, {100, 99}, {121, 121}, {36, 50}, {36, 6},  {25, 1},
                                   {36, 1},  {1, 36},  {4, 3},    {9, 2},     {16, 16}, {64, 8}, {81, 200},
                                   {1024, 30}};
    static const char *const formats[] = {"grid", "compact", "99problems", "puchert", "tatham"};
    for (size_t k = 0; k < sizeof named / sizeof named[0]; k++)
        for (size_t f = 0; f < 5; f++)
            for (int count = 1; count <= 3; count += 2) flood_guessed_round_trip(named[k][0], named[k][1], formats[f], count, 7);
    gopt_rng rng = gopt_rng_stream(37, 3);
    for (int i = 0; i < test_cases(120); i++) {
        int root = 1 + (int)gopt_rng_below(&rng, 12);
        int w = gopt_rng_below(&rng, 2) ? root * root : 1 + (int)gopt_rng_below(&rng, 150);
        int h = gopt_rng_below(&rng, 3) == 0 ? root : 1 + (int)gopt_rng_below(&rng, 150);
        if (w * h > 1600) h = 1 + h % (1600 / w + 1); /* generated boards: see above */
        flood_guessed_round_trip(w, h, formats[gopt_rng_below(&rng, 5)], 1 + (int)gopt_rng_below(&rng, 3),
                                 gopt_rng_below(&rng, 1000000));
    }
}

static void test_country(void **state) {
    (void)state;
    family f = {&gopt_game_country, 3, 6, NULL, 0, 0, 3, NULL};
    run_family(&f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flow),
        cmocka_unit_test(test_flow_large_default),
        cmocka_unit_test(test_flood),
        cmocka_unit_test(test_flood_square_widths),
        cmocka_unit_test(test_country),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
