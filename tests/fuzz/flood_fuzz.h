/* The body of every Flood-It parser fuzz target: reads all boards of the input in one
 * format (NULL: guessed), and for each checks the invariants a parsed board must keep,
 * writes it back in its own format and reads that again, and on small boards runs a
 * heuristic whose sequence must pass the checker. Errors must name a line and column. A
 * guessed reading (format NULL) must read back as the same board in its format. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/gameopt.h"

static void flood_fuzz_board(const gopt_flood_puzzle *p) {
    assert(p->w >= 1 && p->h >= 1 && p->ncolours >= 1 && p->ncolours <= GOPT_FLOOD_MAX_COLOURS);
    assert(p->start >= 0 && p->start < p->w * p->h);
    for (int i = 0; i < p->w * p->h; i++) assert(p->cells[i] < p->ncolours);
    char *text = gopt_flood_write(p, NULL, p->format);
    gopt_text t;
    gopt_error err = {0};
    gopt_text_from_string(&t, "again", text);
    gopt_flood_puzzle *q = NULL;
    int r = gopt_flood_read(&t, p->format, NULL, &q, &err);
    assert(r == 1);
    assert(q->w == p->w && q->h == p->h);
    gopt_flood_free(q);
    gopt_text_free(&t);
    free(text);
    if (p->w * p->h <= 64) {
        gopt_options o;
        gopt_options_init(&o);
        o.method = "greedy";
        gopt_answer a = {.name = "fuzz"};
        gopt_status st = gopt_game_solve_checked(&gopt_game_flood, p, &o, &a);
        assert(st == GOPT_SOLVED);
        gopt_answer_free(&gopt_game_flood, &a);
    }
}

static int flood_fuzz(const uint8_t *data, size_t size, const char *format) {
    gopt_text t;
    gopt_text_from(&t, "fuzz", (const char *)data, size);
    for (int n = 0; n < 1000; n++) {
        gopt_error err = {0};
        gopt_flood_puzzle *p = NULL;
        size_t before = t.pos;
        int r = gopt_flood_read(&t, format, NULL, &p, &err);
        if (r < 0) {
            char buf[1024];
            gopt_error_text(&err, buf, sizeof buf);
            assert(err.set && err.line >= 1 && err.col >= 1); /* every error names a position */
            break;
        }
        if (r == 0) break;
        assert(t.pos > before);
        flood_fuzz_board(p);
        gopt_flood_free(p);
    }
    gopt_text_free(&t);
    return 0;
}
