/* The twelve cases of ../shared/data/18xx/README.md (section 4) on the bundled catalogues,
 * under both rule sets where the README gives both, and the seed's two figures. Every answer
 * also passes the independent checker. */
#include "tokens_fixture.h"

#include <stdlib.h>
#include <string.h>

#include "gameopt/canvas.h"

enum { TOKENS = GOPT_TOKENS_RULES_TOKENS, FULL = GOPT_TOKENS_RULES_FULL, BOTH = 2 };

static void ask(gopt_tokens_question *q, const char *from, int rotation, const char *tokens, int rules) {
    memset(q, 0, sizeof *q);
    q->from = tile(from);
    q->from_rotation = rotation;
    q->rules = (gopt_tokens_rules)rules;
    gopt_error err = {0};
    if (!gopt_tokens_parse_stations(q, tokens, "--tokens", &err)) {
        gopt_error_print(stderr, &err);
        fail_msg("bad tokens %s", tokens);
    }
}

/* Solves and checks every rotation; the caller frees the answer. */
static void solve(const gopt_tokens_question *q, const char *to, long limit, gopt_tokens_answer *a) {
    gopt_error err = {0};
    const gopt_tokens_tile *t = tile(to);
    assert_true(gopt_tokens_solve(q, t, limit, a, &err));
    for (int r = 0; r < 6; r++) {
        char why[512];
        if (!gopt_tokens_check(q, t, &a->rotations[r], why, sizeof why)) fail_msg("%s rotation %d: %s", to, r, why);
    }
}

static unsigned feasible_mask(const gopt_tokens_answer *a) {
    unsigned m = 0;
    for (int r = 0; r < 6; r++) m |= (unsigned)a->rotations[r].feasible << r;
    return m;
}

/* "0134" -> the rotations as a mask */
static unsigned mask_of(const char *rotations) {
    unsigned m = 0;
    for (; *rotations; rotations++) m |= 1u << (*rotations - '0');
    return m;
}

/* Expects exactly these feasible rotations, under one rule set or BOTH. */
static void expect(const char *from, int rotation, const char *tokens, const char *to, int rules, const char *want) {
    for (int rs = TOKENS; rs <= FULL; rs++) {
        if (rules != BOTH && rules != rs) continue;
        gopt_tokens_question q;
        ask(&q, from, rotation, tokens, rs);
        gopt_tokens_answer a;
        solve(&q, to, 2, &a);
        if (feasible_mask(&a) != mask_of(want))
            fail_msg("%s@%d [%s] -> %s under %s rules: rotations mask %#x, expected %s", from, rotation, tokens, to,
                     gopt_tokens_rules_name((gopt_tokens_rules)rs), feasible_mask(&a), want);
        gopt_tokens_answer_free(&a);
    }
}

/* The placement of rotation r, token by token. */
static void expect_placement(const char *from, int rotation, const char *tokens, const char *to, int rules, int r,
                             const int *cities, bool unique) {
    gopt_tokens_question q;
    ask(&q, from, rotation, tokens, rules);
    gopt_tokens_answer a;
    solve(&q, to, 2, &a);
    const gopt_tokens_rotation *rot = &a.rotations[r];
    assert_true(rot->feasible);
    for (int i = 0; i < q.ntokens; i++) assert_int_equal(rot->placements[i], cities[i]);
    assert_int_equal(rot->unique, unique);
    gopt_tokens_answer_free(&a);
}

/* Case 1 and the seed's Figure 4: L12 -> X2 keeps LPS and QLS in rotations 0, 1, 3, 4. */
static void case1_blog_figure4(void **state) {
    (void)state;
    expect("1867:L12", 0, "0:LPS,1:QLS", "1867:X2", BOTH, "0134");
    int r0[] = {1, 0};
    expect_placement("1867:L12", 0, "0:LPS,1:QLS", "1867:X2", TOKENS, 0, r0, true);
    expect_placement("1867:L12", 0, "0:LPS,1:QLS", "1867:X2", FULL, 0, r0, true);
    /* Rotation 2 is the blog's second orientation: flow 1 < 2, both tokens fit only city 1. */
    gopt_tokens_question q;
    ask(&q, "1867:L12", 0, "0:LPS,1:QLS", TOKENS);
    gopt_tokens_answer a;
    solve(&q, "1867:X2", 2, &a);
    const gopt_tokens_rotation *r2 = &a.rotations[2];
    assert_int_equal(r2->verdict, GOPT_TOKENS_SHORT);
    assert_int_equal(r2->why_tokens, 3);
    assert_int_equal(r2->why_cities, 1u << 1);
    assert_int_equal(r2->why_demand, 2);
    assert_int_equal(r2->why_slots, 1);
    char why[256];
    assert_string_equal(gopt_tokens_reason(&q, a.to, r2, why, sizeof why),
                        "LPS and QLS need 2 slots but fit only city 1 with 1 slot");
    gopt_tokens_answer_free(&a);
}

/* Case 2 and the seed's Figures 6 and 10: X2 -> X7 in rotations 0 and 3. */
static void case2_blog_figure6(void **state) {
    (void)state;
    expect("1867:X2", 0, "0:QLS,1:LPS", "1867:X7", BOTH, "03");
    int r0[] = {0, 0}, r3[] = {0, 1};
    for (int rules = TOKENS; rules <= FULL; rules++) {
        expect_placement("1867:X2", 0, "0:QLS,1:LPS", "1867:X7", rules, 0, r0, true);
        expect_placement("1867:X2", 0, "0:QLS,1:LPS", "1867:X7", rules, 3, r3, true);
    }
}

/* Case 3: L12 with both tokens to every green Montreal tile, each feasible case unique. */
static void case3_every_green(void **state) {
    (void)state;
    const char *greens[] = {"1867:637", "1867:X1", "1867:X2", "1867:X3", "1867:X4"};
    const char *want[] = {"012345", "012345", "0134", "0125", "012345"};
    for (int k = 0; k < 5; k++) {
        expect("1867:L12", 0, "0:LPS,1:QLS", greens[k], BOTH, want[k]);
        gopt_tokens_question q;
        ask(&q, "1867:L12", 0, "0:LPS,1:QLS", FULL);
        gopt_tokens_answer a;
        solve(&q, greens[k], 2, &a);
        for (int r = 0; r < 6; r++) assert_true(!a.rotations[r].feasible || a.rotations[r].unique);
        gopt_tokens_answer_free(&a);
    }
    /* The catalogue offers exactly these five. */
    gopt_error err = {0};
    const gopt_tokens_catalog *c = gopt_tokens_library_catalog(library, "1867", &err);
    assert_non_null(c);
    const gopt_tokens_tile *up[16];
    int n = gopt_tokens_catalog_upgrades(c, tile("1867:L12"), up, 16);
    assert_int_equal(n, 5);
    for (int k = 0; k < 5; k++) assert_string_equal(up[k]->name, strchr(greens[k], ':') + 1);
}

/* Case 4: a token in every city of a green tile, to the brown ones (tobymao #3123). */
static void case4_green_to_brown(void **state) {
    (void)state;
    const char *tokens = "0:A,1:B,2:C";
    expect("1867:637", 0, tokens, "1867:X6", BOTH, "135");
    expect("1867:637", 0, tokens, "1867:X5", BOTH, "");
    expect("1867:637", 0, tokens, "1867:X7", BOTH, "");
    expect("1867:X1", 0, tokens, "1867:X5", BOTH, "012345");
    expect("1867:X1", 0, tokens, "1867:X6", BOTH, "");
    expect("1867:X1", 0, tokens, "1867:X7", BOTH, "");
    expect("1867:X2", 0, tokens, "1867:X5", BOTH, "03");
    expect("1867:X2", 0, tokens, "1867:X6", BOTH, "");
    expect("1867:X2", 0, tokens, "1867:X7", BOTH, "03");
    expect("1867:X3", 0, tokens, "1867:X5", BOTH, "");
    expect("1867:X3", 0, tokens, "1867:X6", BOTH, "0");
    expect("1867:X3", 0, tokens, "1867:X7", BOTH, "12");
    expect("1867:X4", 0, tokens, "1867:X5", BOTH, "03");
    expect("1867:X4", 0, tokens, "1867:X6", BOTH, "03");
    expect("1867:X4", 0, tokens, "1867:X7", BOTH, "");
}

/* Case 5: one token only. Tokens rules allow every rotation of X2; full rules refuse
 * rotations 2 and 5, which would merge the two cities with track into one slot. */
static void case5_rules_diverge(void **state) {
    (void)state;
    expect("1867:L12", 0, "1:QLS", "1867:X2", TOKENS, "012345");
    expect("1867:L12", 0, "1:QLS", "1867:X2", FULL, "0134");
    expect("1867:L12", 0, "0:LPS", "1867:X2", TOKENS, "012345");
    expect("1867:L12", 0, "0:LPS", "1867:X2", FULL, "0134");
    expect("1867:L12", 0, "1:QLS", "1867:X3", TOKENS, "012345");
    expect("1867:L12", 0, "1:QLS", "1867:X3", FULL, "0125");
    expect("1867:L12", 0, "", "1867:X2", FULL, "0134");
    expect("1867:L12", 0, "", "1867:X3", FULL, "0125");
    expect("1867:L12", 0, "", "1867:X2", TOKENS, "012345");
}

/* Case 6: a token in the trackless city may go anywhere under tokens rules (the owner
 * chooses); under full rules that city takes the one new city left. Tokens in all three
 * cities are unique again. */
static void case6_ambiguous(void **state) {
    (void)state;
    const char *greens[] = {"1867:637", "1867:X1", "1867:X2", "1867:X3", "1867:X4"};
    for (int k = 0; k < 5; k++) {
        gopt_tokens_question q;
        ask(&q, "1867:L12", 0, "2:CPR", TOKENS);
        gopt_tokens_answer a;
        solve(&q, greens[k], 100, &a);
        for (int r = 0; r < 6; r++) {
            assert_true(a.rotations[r].feasible);
            assert_false(a.rotations[r].unique);
            assert_true(a.rotations[r].complete);
            assert_int_equal(a.rotations[r].count, 3);
        }
        gopt_tokens_answer_free(&a);
        ask(&q, "1867:L12", 0, "2:CPR", FULL);
        solve(&q, greens[k], 100, &a);
        for (int r = 0; r < 6; r++) assert_true(!a.rotations[r].feasible || a.rotations[r].unique);
        gopt_tokens_answer_free(&a);
    }
    int x2r0[] = {1, 0, 2};
    expect_placement("1867:L12", 0, "0:LPS,1:QLS,2:CPR", "1867:X2", TOKENS, 0, x2r0, true);
    expect_placement("1867:L12", 0, "0:LPS,1:QLS,2:CPR", "1867:X2", FULL, 0, x2r0, true);
}

/* Case 7: 1861 Moscow with three tokens keeps them on 637 for all 36 rotation pairs. */
static void case7_moscow(void **state) {
    (void)state;
    for (int r = 0; r < 6; r++) expect("1861:H8", r, "0:A,1:B,2:C", "1861:637", BOTH, "012345");
}

/* Case 8: 18Chesapeake OO tiles (hex_spec "OO tiles"). */
static void case8_chesapeake(void **state) {
    (void)state;
    expect("18Chesapeake:J4", 0, "0:C&A", "18Chesapeake:X3", BOTH, "0134");
    expect("18Chesapeake:J4", 0, "0:C&A", "18Chesapeake:X4", FULL, "03");
    expect("18Chesapeake:J4", 0, "0:C&A", "18Chesapeake:X4", TOKENS, "0345");
    expect("18Chesapeake:J4", 0, "0:C&A", "18Chesapeake:X5", FULL, "03");
    expect("18Chesapeake:J4", 0, "0:C&A", "18Chesapeake:X5", TOKENS, "0123");
    /* Baltimore: green X3 at rotation 2 with two tokens -> brown X7, both in its one city. */
    expect("18Chesapeake:X3", 2, "1:B&O,0:PRR", "18Chesapeake:X7", BOTH, "03");
    int both[] = {0, 0};
    expect_placement("18Chesapeake:X3", 2, "1:B&O,0:PRR", "18Chesapeake:X7", FULL, 3, both, true);
    expect("18Chesapeake:X7", 3, "0:B&O,0:PRR", "18Chesapeake:X9", BOTH, "3");
}

/* Case 9: 1822CA Winnipeg (game_spec): W2 only rotation 0, W3 rotations 0, 2, 3; W3's
 * rotation 4 fails on capacity alone. */
static void case9_winnipeg(void **state) {
    (void)state;
    const char *tokens = "0:CNoR,0:GTP,1:CPR,2:21";
    expect("1822CA:W1", 0, tokens, "1822CA:W2", BOTH, "0");
    expect("1822CA:W1", 0, tokens, "1822CA:W3", BOTH, "023");
    int w2[] = {0, 0, 1, 1};
    expect_placement("1822CA:W1", 0, tokens, "1822CA:W2", FULL, 0, w2, true);
    for (int rules = TOKENS; rules <= FULL; rules++) {
        gopt_tokens_question q;
        ask(&q, "1822CA:W1", 0, tokens, rules);
        gopt_tokens_answer a;
        solve(&q, "1822CA:W3", 2, &a);
        const gopt_tokens_rotation *r4 = &a.rotations[4];
        assert_int_equal(r4->verdict, GOPT_TOKENS_SHORT);
        assert_int_equal(r4->why_cities, 1u << 1); /* only the three-slot city */
        assert_int_equal(r4->why_slots, 3);
        assert_int_equal(r4->why_demand, 4);
        gopt_tokens_answer_free(&a);
    }
}

/* Case 10: 1867 Toronto. */
static void case10_toronto(void **state) {
    (void)state;
    expect("1867:F16", 0, "0:CV,1:GT", "1867:120", BOTH, "14");
    expect("1867:120", 1, "0:CV,1:GT", "1867:122", BOTH, "1");
}

/* Case 11: any brown Montreal with its tokens -> 639, all rotations, all in its one city. */
static void case11_to_grey(void **state) {
    (void)state;
    const char *browns[] = {"1867:X5", "1867:X6", "1867:X7"};
    for (int k = 0; k < 3; k++) {
        expect(browns[k], 0, "0:A,0:B,1:C", "1867:639", BOTH, "012345");
        expect(browns[k], 2, "1:C", "1867:639", BOTH, "012345");
        int all[] = {0, 0, 0};
        expect_placement(browns[k], 0, "0:A,0:B,1:C", "1867:639", FULL, 5, all, true);
    }
}

/* Case 12: the upgrade oracle of tobymao's tile_spec (EXPECTED_TILE_UPGRADES): the tiles of
 * the catalogue that may replace each tile and lie in some rotation without tokens. */
static void expect_upgrades(const char *game, const char *from, const char *want) {
    gopt_error err = {0};
    const gopt_tokens_catalog *c = gopt_tokens_library_catalog(library, game, &err);
    assert_non_null(c);
    const gopt_tokens_tile *old = gopt_tokens_catalog_find(c, from), *up[32];
    assert_non_null(old);
    int n = gopt_tokens_catalog_upgrades(c, old, up, 32);
    char got[256] = "";
    for (int k = 0; k < n; k++) {
        gopt_tokens_question q = {.from = old, .rules = GOPT_TOKENS_RULES_FULL};
        gopt_tokens_answer a;
        assert_true(gopt_tokens_solve(&q, up[k], 2, &a, &err));
        if (a.nfeasible) snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", got[0] ? " " : "", up[k]->name);
        gopt_tokens_answer_free(&a);
    }
    if (strcmp(got, want) != 0) fail_msg("%s %s upgrades to [%s], expected [%s]", game, from, got, want);
}

static void case12_upgrade_oracle(void **state) {
    (void)state;
    expect_upgrades("18Chesapeake", "X3", "X7");
    expect_upgrades("18Chesapeake", "X4", "X7");
    expect_upgrades("18Chesapeake", "X5", "X7");
    static const char *const table[][2] = {
        {"A1", "A2"}, {"A2", "A3"}, {"A3", ""}, {"B1", "B2"}, {"B2", "B3"}, {"B3", ""},
        {"M1", "M2 M3"}, {"M2", "M4 M5"}, {"M3", "M5 M6"}, {"M4", "M7 M8"}, {"M5", "M8"}, {"M6", "M8"},
        {"M7", ""}, {"M8", ""}, {"O1", "O3 O4"}, {"O2", "O4"}, {"O3", "O5 O6"}, {"O4", "O6"},
        {"O5", "O7 O8"}, {"O6", "O8"}, {"O7", ""}, {"O8", ""}, {"Q1", "Q3 Q4"}, {"Q2", "Q3 Q4"},
        {"Q3", "Q5 Q6"}, {"Q4", "Q6"}, {"Q5", "Q7 Q8"}, {"Q6", "Q8"}, {"Q7", ""}, {"Q8", ""},
        {"T1", "T2 T3"}, {"T2", "T4 T5"}, {"T3", "T4 T5"}, {"T4", "T6 T7"}, {"T5", "T7"}, {"T6", ""},
        {"T7", ""}, {"W1", "W2 W3"}, {"W2", "W4 W5"}, {"W3", "W5"}, {"W4", "W6 W7"}, {"W5", "W7"},
        {"W6", ""}, {"W7", ""},
    };
    for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) expect_upgrades("1822CA", table[k][0], table[k][1]);
}

/* The words a picture shows, its text elements joined by spaces (entities undone). */
static char *picture_words(const gopt_canvas *cv) {
    gopt_buf svg = {0}, words = {0};
    gopt_error err = {0};
    assert_true(gopt_canvas_encode(cv, GOPT_PIC_SVG, "svg", &svg, &err));
    for (const char *p = svg.data; (p = strstr(p, "<text")) != NULL;) {
        p = strchr(p, '>') + 1;
        const char *end = strstr(p, "</text>");
        for (; p < end; p++) {
            if (*p != '&') gopt_buf_putc(&words, *p);
            else {
                const char *names[] = {"&gt;", ">", "&lt;", "<", "&amp;", "&", "&quot;", "\"", "&apos;", "'"};
                for (int k = 0; k < 10; k += 2)
                    if (strncmp(p, names[k], strlen(names[k])) == 0) {
                        gopt_buf_puts(&words, names[k + 1]);
                        p += strlen(names[k]) - 1;
                        break;
                    }
            }
        }
        gopt_buf_putc(&words, ' ');
    }
    gopt_buf_free(&svg);
    return words.data;
}

/* Issue 35 item 6: the picture of an upgrade (and of the audit's stuck rows) says why each
 * rotation fails, the checker's sentence under the crossed-out hex, not only "infeasible". */
static void pictures_say_why_rotations_fail(void **state) {
    (void)state;
    const char *cases[][3] = {{"1867:X1", "0:A,1:B", "1867:X7"}, {"1867:L12", "0:LPS,1:QLS", "1867:X2"}};
    for (int k = 0; k < 2; k++) {
        gopt_tokens_question q;
        gopt_tokens_answer a;
        ask(&q, cases[k][0], 0, cases[k][1], FULL);
        solve(&q, cases[k][2], 2, &a);
        gopt_canvas *cv = gopt_tokens_render(&q, &a, 1, false);
        char *words = picture_words(cv);
        int failing = 0;
        for (int r = 0; r < 6; r++) {
            if (a.rotations[r].feasible) continue;
            char why[512];
            gopt_tokens_reason(&q, a.to, &a.rotations[r], why, sizeof why);
            char said[600];
            snprintf(said, sizeof said, "rotation %d infeasible: %s", r, why);
            if (!strstr(words, said)) fail_msg("%s -> %s: the picture lacks \"%s\" in: %s", cases[k][0], cases[k][2], said, words);
            failing++;
        }
        assert_true(failing > 0);
        free(words);
        gopt_canvas_free(cv);
        gopt_tokens_answer_free(&a);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(case1_blog_figure4),   cmocka_unit_test(case2_blog_figure6),
        cmocka_unit_test(case3_every_green),    cmocka_unit_test(case4_green_to_brown),
        cmocka_unit_test(case5_rules_diverge),  cmocka_unit_test(case6_ambiguous),
        cmocka_unit_test(case7_moscow),         cmocka_unit_test(case8_chesapeake),
        cmocka_unit_test(case9_winnipeg),       cmocka_unit_test(case10_toronto),
        cmocka_unit_test(case11_to_grey),       cmocka_unit_test(case12_upgrade_oracle),
        cmocka_unit_test(pictures_say_why_rotations_fail),
    };
    return cmocka_run_group_tests(tests, open_library, close_library);
}
