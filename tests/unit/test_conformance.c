/* Conformance: every registered family through the gopt_game interface alone, on its
 * bundled examples: parse, solve (checked), check, format (and parse back), print, JSON,
 * draw, generate, free. A family added to src/games without an example here fails. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_support.h"

typedef struct example {
    const char *game;
    const char *file;
} example;

static const example examples[] = {
    {"country", "data/country/seed-10x10.txt"}, {"flood", "data/flood/example.txt"},
    {"flood", "data/flood/ids.txt"},            {"flow", "data/flow/seed_5x5.txt"},
    {"flow", "data/flow/bridges_5x5.txt"},      {"taxis", "data/taxis/figure7.setting"},
    {"tokens", "data/tokens/questions.txt"},    {"routes", "data/routes/1889-late.txt"},
};
#define NEXAMPLES (sizeof examples / sizeof examples[0])

static const char *const status_words[] = {"solved", "infeasible", "unknown", "bad-input", "error", NULL};

static bool is_status_word(const char *s) {
    for (int i = 0; status_words[i]; i++)
        if (s && strcmp(s, status_words[i]) == 0) return true;
    return false;
}

/* Writes with `fn` into memory and returns what was written. */
static char *printed(const gopt_game *g, const void *puzzle, const gopt_answer *a, const gopt_options *o) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    g->print(f, puzzle, a, o);
    fclose(f);
    return text;
}

/* The text of a puzzle parses back into one puzzle of the same game. */
static void parses_back(const gopt_game *g, const char *text) {
    gopt_text t;
    gopt_text_from_string(&t, "formatted", text);
    gopt_options o;
    gopt_options_init(&o);
    void *p = NULL;
    gopt_error err = {0};
    int r = g->parse(&t, &o, &p, &err);
    if (r != 1) fail_msg("%s: its own text does not parse back: %s\n%s", g->name, err.msg, text);
    g->free_puzzle(p);
    gopt_text_free(&t);
}

static void draws(const gopt_game *g, const void *puzzle, const void *solution) {
    gopt_canvas *c = g->render(puzzle, solution);
    assert_non_null(c);
    gopt_buf b = {0};
    gopt_error err = {0};
    if (!gopt_canvas_encode(c, GOPT_PIC_SVG, g->name, &b, &err)) fail_msg("%s: render: %s", g->name, err.msg);
    assert_non_null(strstr(b.data, "<svg")); /* an SVG document */
    gopt_buf_free(&b);
    gopt_canvas_free(c);
}

static void one_puzzle(const gopt_game *g, const gopt_named *item) {
    gopt_options o;
    gopt_options_init(&o);
    o.time_limit = 20;
    gopt_answer a = {.name = item->name};
    gopt_status st = gopt_game_solve_checked(g, item->puzzle, &o, &a);
    assert_true(st == GOPT_SOLVED || st == GOPT_INFEASIBLE || st == GOPT_LIMIT);
    if (st == GOPT_SOLVED) {
        assert_non_null(a.solution);
        char why[256] = "";
        if (!g->check(item->puzzle, a.solution, why, sizeof why)) fail_msg("%s: %s: %s", g->name, item->name, why);
    }
    char *text = g->format(item->puzzle, NULL, NULL);
    assert_true(text && *text);
    parses_back(g, text);
    free(text);
    char *with = g->format(item->puzzle, a.solution, NULL);
    assert_true(with && *with);
    free(with);
    char *shown = printed(g, item->puzzle, &a, &o);
    assert_true(shown && strstr(shown, item->name));
    free(shown);
    json_t *j = g->to_json(item->puzzle, &a, &o);
    assert_true(json_is_object(j));
    /* the envelope is the driver's: a family writes only its own fields */
    static const char *const envelope[] = {"name", "status", "method", "seconds", "cpu_seconds", "note", "stats", NULL};
    for (int k = 0; envelope[k]; k++)
        if (json_object_get(j, envelope[k])) fail_msg("%s: to_json writes the envelope's '%s'", g->name, envelope[k]);
    assert_true(is_status_word(gopt_status_name(a.status)));
    json_decref(j);
    draws(g, item->puzzle, a.solution);
    draws(g, item->puzzle, NULL);
    gopt_answer_free(g, &a);
}

static void generated(const gopt_game *g) {
    if (!g->generate) return;
    gopt_options o;
    gopt_options_init(&o);
    gopt_rng rng = gopt_rng_stream(7, 0);
    gopt_error err = {0};
    void *p = g->generate(&o, &rng, &err);
    if (!p) fail_msg("%s: generate: %s", g->name, err.msg);
    char *text = g->format(p, NULL, g->formats[0]);
    parses_back(g, text);
    free(text);
    g->free_puzzle(p);
}

static void every_family_through_the_interface(void **state) {
    (void)state;
    int families = 0;
    for (const gopt_game *const *gp = gopt_games; *gp; gp++) {
        const gopt_game *g = *gp;
        families++;
        /* every slot the drivers need is filled */
        assert_non_null(g->verbs);
        assert_non_null(gopt_verb_find(g, "solve"));
        assert_true(g->parse && g->solve && g->check && g->format && g->print && g->to_json && g->render);
        assert_true(g->free_puzzle && g->formats && g->formats[0] && g->methods && g->methods[0]);
        int seen = 0;
        for (size_t e = 0; e < NEXAMPLES; e++) {
            if (strcmp(examples[e].game, g->name) != 0) continue;
            char path[1024];
            gopt_batch b = {0};
            gopt_error err = {0};
            gopt_options o;
            gopt_options_init(&o);
            o.source = &gopt_local_source; /* this machine's files, as the command line reads them */
            if (!gopt_batch_read(g, test_source_path(examples[e].file, path, sizeof path), &o, &b, &err))
                fail_msg("%s: %s: %s", g->name, examples[e].file, err.msg);
            for (size_t i = 0; i < b.n; i++, seen++) one_puzzle(g, &b.items[i]);
            gopt_batch_free(g, &b);
        }
        if (!seen) fail_msg("family %s has no bundled example in the conformance test", g->name);
        generated(g);
    }
    assert_int_equal(families, 6);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(every_family_through_the_interface)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
