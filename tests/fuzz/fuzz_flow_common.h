/* Shared by the flow fuzz targets: read every puzzle of the input in one format; each one
 * read must write back and read again to the same text, and small boards are solved (search
 * and SAT) with every solution checked. */
#ifndef FUZZ_FLOW_COMMON_H
#define FUZZ_FLOW_COMMON_H

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/budget.h"
#include "gameopt/gameopt.h"

/* A box reader builds every cell of the board it declares (about 190 bytes a cell) before it
 * reads the endpoints: a legal sparse board of a million cells (a 40-byte houston file; the
 * public flowfree_huge is 1002x1002) took 11.5 s here under the sanitizers, built twice with
 * the round trip, past libFuzzer's 10 s. The targets read as under `--memory-limit 64`: a
 * larger board is refused by the reader's own charge, the path every box reader takes before
 * it builds (issue 35 item 2; the CLI reads such a board in 0.05 s). */
#define FUZZ_FLOW_BUDGET_MB 64

static void fuzz_flow_budget(void) {
    static int set;
    if (!set) gopt_budget_set_process(FUZZ_FLOW_BUDGET_MB);
    set = 1;
}

static void fuzz_flow_round_trip(const gopt_flow_puzzle *p) {
    /* the copy is charged beside the original (a drawing's reader briefly more): only boards
     * that leave room for it (a 64^3 ADC cube takes 50 MB, and its copy was refused) */
    if (p->charged > (size_t)FUZZ_FLOW_BUDGET_MB * 1024 * 1024 / 3) return;
    char *text = gopt_flow_write(p, NULL);
    gopt_text t;
    gopt_text_from_string(&t, "again", text);
    gopt_error err = {0};
    gopt_flow_puzzle *q = NULL;
    int r = gopt_flow_read(&t, (int)p->format, p->partial, &q, &err);
    assert(r == 1);
    char *again = gopt_flow_write(q, NULL);
    assert(strcmp(text, again) == 0);
    assert(q->nnodes == p->nnodes && q->nedges == p->nedges && q->ncolours == p->ncolours);
    free(again);
    free(text);
    gopt_flow_free(q);
    gopt_text_free(&t);
}

static void fuzz_flow_solve(const gopt_flow_puzzle *p) {
    if (p->nnodes > 30) return;
    const gopt_flow_method methods[] = {GOPT_FLOW_SEARCH, GOPT_FLOW_SAT};
    long counts[2];
    for (int i = 0; i < 2; i++) {
        gopt_flow_settings s = {.method = methods[i], .count = 3, .complete = true, .node_budget = 200000, .time_limit = 2};
        gopt_answer a = {0};
        gopt_status st = gopt_flow_solve(p, &s, &a);
        assert(st != GOPT_ERROR);
        if (st == GOPT_SOLVED) {
            char why[256];
            assert(gopt_flow_check(p, a.solution, why, sizeof why));
            char *text = gopt_flow_write(p, a.solution);
            free(text);
        }
        counts[i] = st == GOPT_LIMIT ? -1 : a.solutions;
        gopt_flow_solution_free(a.solution);
    }
    assert(counts[0] < 0 || counts[1] < 0 || counts[0] == counts[1]);
}

static int fuzz_flow_input(const uint8_t *data, size_t size, int format) {
    fuzz_flow_budget();
    gopt_text t;
    gopt_text_from(&t, "fuzz", (const char *)data, size);
    for (int n = 0; n < 64; n++) {
        gopt_error err = {0};
        gopt_flow_puzzle *p = NULL;
        size_t before = t.pos;
        int r = gopt_flow_read(&t, format, -1, &p, &err);
        if (r < 0) {
            assert(err.set && err.line >= 1 && err.col >= 1);
            break;
        }
        if (r == 0) break;
        assert(t.pos > before);
        fuzz_flow_round_trip(p);
        fuzz_flow_solve(p);
        gopt_flow_free(p);
    }
    gopt_text_free(&t);
    return 0;
}

#endif
