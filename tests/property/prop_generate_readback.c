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
    o.extra_name[o.nextra] = "size";
    o.extra_value[o.nextra++] = size;
    if (f->colours_option && colours > 0) {
        o.extra_name[o.nextra] = f->colours_option;
        o.extra_value[o.nextra++] = ncol;
    }
    gopt_rng rng = gopt_rng_stream(seed, 0);
    gopt_error err = {0};
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
    family f = {&gopt_game_flow, 2, 30, "colours", 1, 120, 12};
    run_family(&f);
}

/* The boards of the issue: default colours on 25x25 and 30x30 (112 colours) in the default format. */
static void test_flow_large_default(void **state) {
    (void)state;
    family f = {&gopt_game_flow, 25, 30, NULL, 0, 0, 1};
    for (uint64_t seed = 1; seed <= 4; seed++) {
        read_back(&f, "flow_solver", 30, 30, 0, seed);
        read_back(&f, "flow_solver", 25, 25, 0, seed);
    }
}

static void test_flood(void **state) {
    (void)state;
    family f = {&gopt_game_flood, 2, 20, "colours", 2, 12, 12};
    run_family(&f);
}

static void test_country(void **state) {
    (void)state;
    family f = {&gopt_game_country, 3, 6, NULL, 0, 0, 3};
    run_family(&f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flow),
        cmocka_unit_test(test_flow_large_default),
        cmocka_unit_test(test_flood),
        cmocka_unit_test(test_country),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
