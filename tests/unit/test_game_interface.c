/* The game interface: typed option tables (checking, defaults, JSON), the registry, the
 * library's own refusal of unknown methods and options, and contracts (GOPT_REQUIRE). */
#include <stdlib.h>
#include <string.h>

#include "gameopt/require.h"
#include "test_support.h"

static const char *const colours[] = {"red", "green", NULL};
static const gopt_opt table[] = {
    GOPT_FLAG("fast", "go fast"),
    GOPT_INT("depth", "N", "3", 1, 6, "depth"),
    GOPT_REAL("ratio", "R", "0.5", 0, 1, "ratio"),
    GOPT_ENUM("colour", "C", "green", colours, "colour"),
    GOPT_STRING("file", "FILE", NULL, "file"),
    GOPT_RANGE("c", "A..B", "4..8", 1, 44, "cards"),
    GOPT_SIZE("size", "10x10", 2, 30, "size"),
    GOPT_OPT_END,
};

/* Options with one game option set by hand, unchecked, as a careless library caller could:
 * the library checks them again before it uses them. */
static gopt_options with_in(const gopt_opt *t, const char *name, const char *value) {
    gopt_options o;
    gopt_options_init(&o);
    static const gopt_opt unknown = GOPT_STRING("nosuch", "X", NULL, "");
    const gopt_opt *spec = gopt_opt_find(t, name);
    o.extra[0] = (gopt_opt_value){spec ? spec : &unknown, value, {0, 0}, 0};
    o.nextra = 1;
    if (spec) {
        gopt_error err = {0};
        o.nextra = 0;
        if (!gopt_opt_set(&o, t, 0, name, value, NULL, NULL, &err)) o.extra[o.nextra++] = (gopt_opt_value){spec, value, {0, 0}, 0};
    }
    return o;
}

static gopt_options with(const char *name, const char *value) { return with_in(table, name, value); }

static void values_are_checked_with_their_place(void **state) {
    (void)state;
    gopt_error err = {0};
    assert_true(gopt_opt_check(gopt_opt_find(table, "depth"), "6", &err));
    assert_false(gopt_opt_check(gopt_opt_find(table, "depth"), "7", &err));
    assert_string_equal(err.file, "--depth");
    assert_string_equal(err.msg, "invalid value '7' (expected a whole number in 1..6)");
    const char *bad[][2] = {{"depth", "3x"}, {"ratio", "1.5"}, {"colour", "blue"}, {"c", "9..4"},
                            {"c", "0..4"},   {"size", "10"},   {"size", "1x5"},    {"fast", "yes"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gopt_error e = {0};
        assert_false(gopt_opt_check(gopt_opt_find(table, bad[i][0]), bad[i][1], &e));
        assert_true(e.set);
        assert_int_equal(strncmp(e.file, "--", 2), 0);
    }
    gopt_error e = {0};
    assert_false(gopt_opt_check(gopt_opt_find(table, "colour"), "blue", &e));
    assert_string_equal(e.msg, "unknown value 'blue' (expected one of red, green)");
    gopt_options o = with("nosuch", "1");
    gopt_error_clear(&e);
    assert_false(gopt_options_check(&o, table, &e));
    assert_string_equal(e.msg, "unknown option '--nosuch'");
}

static void typed_values_and_defaults(void **state) {
    (void)state;
    gopt_options o;
    gopt_options_init(&o);
    assert_int_equal(gopt_opt_int(&o, table, "depth"), 3);
    assert_true(gopt_opt_real(&o, table, "ratio") == 0.5);
    assert_int_equal(gopt_opt_enum(&o, table, "colour"), 1);
    assert_null(gopt_opt_string(&o, table, "file"));
    long lo, hi;
    gopt_opt_range(&o, table, "c", &lo, &hi);
    assert_int_equal(lo, 4);
    assert_int_equal(hi, 8);
    int w, h;
    gopt_opt_size(&o, table, "size", &w, &h);
    assert_int_equal(w * 100 + h, 1010);
    o = with("depth", "5");
    assert_int_equal(gopt_opt_int(&o, table, "depth"), 5);
    o = with("c", "7");
    gopt_opt_range(&o, table, "c", &lo, &hi);
    assert_int_equal(lo, 7);
    assert_int_equal(hi, 7);
    o = with("size", "12x3");
    gopt_opt_size(&o, table, "size", &w, &h);
    assert_int_equal(w, 12);
    assert_int_equal(h, 3);
}

static void tables_as_json(void **state) {
    (void)state;
    json_t *j = gopt_opts_json(table);
    assert_int_equal(json_array_size(j), 7);
    json_t *depth = json_array_get(j, 1);
    assert_string_equal(json_string_value(json_object_get(depth, "type")), "int");
    assert_string_equal(json_string_value(json_object_get(depth, "default")), "3");
    assert_true(json_real_value(json_object_get(depth, "max")) == 6);
    json_decref(j);

    const gopt_game *flood = gopt_game_find("flood");
    assert_non_null(flood);
    json_t *v = gopt_verb_options_json(flood, gopt_verb_find(flood, "solve"));
    bool beam = false, method = false;
    for (size_t i = 0; i < json_array_size(v); i++) {
        json_t *e = json_array_get(v, i);
        const char *name = json_string_value(json_object_get(e, "name"));
        if (strcmp(name, "beam-width") == 0)
            beam = strcmp(json_string_value(json_object_get(e, "default")), "400") == 0;
        if (strcmp(name, "method") == 0)
            method = json_array_size(json_object_get(e, "choices")) == 6 &&
                     strcmp(json_string_value(json_object_get(e, "default")), "astar") == 0;
    }
    assert_true(beam);
    assert_true(method);
    json_decref(v);

    json_t *all = gopt_games_json();
    assert_int_equal(json_array_size(json_object_get(all, "games")), 6);
    json_decref(all);
}

static void every_game_is_registered_with_verbs(void **state) {
    (void)state;
    const char *names[] = {"country", "flood", "flow", "routes", "taxis", "tokens"};
    for (int i = 0; i < 6; i++) {
        const gopt_game *g = gopt_game_find(names[i]);
        assert_non_null(g);
        assert_non_null(g->verbs);
        assert_non_null(g->verbs[0].name);
        for (const gopt_verb *v = g->verbs; v->name; v++) {
            assert_non_null(v->run);
            for (const gopt_opt *s = v->options; s && s->name; s++) {
                gopt_error err = {0};
                /* every declared default passes its own declaration */
                if (s->def) assert_true(gopt_opt_check(s, s->def, &err));
            }
        }
    }
    assert_null(gopt_game_find("chess"));
    assert_int_equal(gopt_method_index(gopt_game_find("flood"), NULL), 0);
    assert_int_equal(gopt_method_index(gopt_game_find("flood"), "beam"), 5);
    assert_int_equal(gopt_method_index(gopt_game_find("flood"), "magic"), -1);
}

static void the_library_refuses_unknown_methods_and_options(void **state) {
    (void)state;
    const gopt_game *g = gopt_game_find("flood");
    gopt_text t;
    gopt_text_from_string(&t, "board", "12\n21\n");
    void *p = NULL;
    gopt_error err = {0};
    gopt_options o;
    gopt_options_init(&o);
    assert_int_equal(g->parse(&t, &o, &p, &err), 1);
    gopt_text_free(&t);
    gopt_answer a = {.name = "x"};
    o.method = "magic";
    assert_int_equal(gopt_game_solve_checked(g, p, &o, &a), GOPT_BAD_INPUT);
    assert_non_null(strstr(a.note, "unknown method 'magic'"));
    gopt_answer_free(g, &a);
    const gopt_opt *solve_table = gopt_verb_find(g, "solve")->options, *hint_table = gopt_verb_find(g, "hint")->options;
    o = with_in(solve_table, "depth", "9");
    assert_int_equal(gopt_game_solve_checked(g, p, &o, &a), GOPT_BAD_INPUT);
    assert_non_null(strstr(a.note, "--depth"));
    gopt_answer_free(g, &a);
    o = with_in(hint_table, "board", "1"); /* a hint option: not the solver's */
    assert_int_equal(gopt_game_solve_checked(g, p, &o, &a), GOPT_BAD_INPUT);
    gopt_answer_free(g, &a);
    o = with_in(solve_table, "depth", "2");
    o.method = "lookahead";
    assert_int_equal(gopt_game_solve_checked(g, p, &o, &a), GOPT_SOLVED);
    gopt_answer_free(g, &a);
    g->free_puzzle(p);
}

static jmp_buf contract_jump;
static char contract_func[64];
static void catch_contract(const char *func, const char *message) {
    (void)message;
    snprintf(contract_func, sizeof contract_func, "%s", func);
    longjmp(contract_jump, 1);
}

static void contracts_fire(void **state) {
    (void)state;
    gopt_require_handler old = gopt_require_set_handler(catch_contract);
    gopt_options o;
    gopt_options_init(&o);
    if (setjmp(contract_jump) == 0) {
        gopt_opt_int(&o, table, "undeclared");
        fail_msg("an undeclared option must fail its contract");
    }
    assert_string_equal(contract_func, "typed");
    if (setjmp(contract_jump) == 0) {
        gopt_opt_int(&o, table, "colour"); /* an enum asked for as an int */
        fail_msg("a type mismatch must fail its contract");
    }
    if (setjmp(contract_jump) == 0) {
        gopt_opt_string(&o, table, "depth");
        fail_msg("a type mismatch must fail its contract");
    }
    gopt_require_set_handler(old);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(values_are_checked_with_their_place),
        cmocka_unit_test(typed_values_and_defaults),
        cmocka_unit_test(tables_as_json),
        cmocka_unit_test(every_game_is_registered_with_verbs),
        cmocka_unit_test(the_library_refuses_unknown_methods_and_options),
        cmocka_unit_test(contracts_fire),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
