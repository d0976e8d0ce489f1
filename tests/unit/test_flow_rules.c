/* The rules a Flow hint names (issue 31 item 4: a forced move, a dead end, a bottleneck, a region
 * cut off, the corner rule of untouching paths): each one is what some step of `flow explain`
 * on the bundled boards deduces, and `flow hint` names a rule from the puzzle alone. The
 * explanations are checked step by step inside gopt_flow_explain (backbone under the guesses
 * before each step); here: every named rule is reached, so none is dead code, and the chain
 * ends with a solution the checker accepts. */
#include <stdlib.h>
#include <string.h>

#include "games/flow/assist.h"
#include "test_support.h"

static gopt_flow_puzzle *board(const char *path) {
    size_t len;
    char *text = test_read_file(path, &len);
    gopt_text t;
    gopt_error err = {0};
    gopt_text_from_string(&t, path, text);
    gopt_flow_puzzle *p = NULL;
    if (gopt_flow_read(&t, -1, -1, &p, &err) != 1) fail_msg("%s: %s", path, err.msg);
    gopt_text_free(&t);
    free(text);
    return p;
}

static void every_named_rule_is_used(void **state) {
    (void)state;
    static const char *const boards[] = {"data/flow/contest_10x8.txt", "data/flow/houston_6x6.txt",
                                         "data/flow/warps_6x5.txt", "data/flow/seed_5x5.txt", NULL};
    static const gopt_flow_rule named[] = {GOPT_FLOW_RULE_FORCED, GOPT_FLOW_RULE_DEAD_END, GOPT_FLOW_RULE_BOTTLENECK,
                                           GOPT_FLOW_RULE_REGION, GOPT_FLOW_RULE_CORNER};
    int used[GOPT_FLOW_RULE_GUESS + 1] = {0};
    for (int i = 0; boards[i]; i++) {
        gopt_flow_puzzle *p = board(boards[i]);
        gopt_flow_explanation *x = gopt_flow_explain(p, NULL);
        if (x->status != GOPT_SOLVED) fail_msg("%s: explain ended %d (%s)", boards[i], (int)x->status, x->note);
        assert_non_null(x->solution);
        for (int s = 0; s < x->nsteps; s++) used[x->steps[s].rule]++;
        gopt_flow_explanation_free(x);
        gopt_flow_hint *h = gopt_flow_hint_of(p, NULL, NULL);
        assert_int_equal(h->status, GOPT_SOLVED);
        assert_int_equal(h->kind, GOPT_HINT_RULE);
        assert_non_null(strstr(h->text, "(")); /* the step says why */
        gopt_flow_hint_free(h);
        gopt_flow_free(p);
    }
    for (size_t k = 0; k < sizeof named / sizeof *named; k++)
        if (!used[named[k]]) fail_msg("no step of the bundled boards' explanations is a %s", gopt_flow_rule_name(named[k]));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_named_rule_is_used),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
