/* Fuzz target for reading move sequences (check's solutions, hint's moves): on a fixed
 * board with letter colours and one with word colours, any text either fails with the
 * offending offset inside the text or gives moves the checker can replay. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/gameopt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static gopt_flood_puzzle *board(const char *text) {
    gopt_text t;
    gopt_error err = {0};
    gopt_text_from_string(&t, "board", text);
    gopt_flood_puzzle *p = NULL;
    int r = gopt_flood_read(&t, NULL, NULL, &p, &err);
    assert(r == 1);
    gopt_text_free(&t);
    return p;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    const char *boards[] = {"abca\nbcab\ncaab\n", "2 2\n0 0\nred blue\ngreen red\n"};
    for (int b = 0; b < 2; b++) {
        gopt_flood_puzzle *p = board(boards[b]);
        uint8_t *moves = NULL;
        char why[200];
        size_t bad = 0;
        int n = gopt_flood_moves_parse(p, text, &moves, why, sizeof why, &bad);
        if (n < 0) {
            assert(bad <= strlen(text));
            assert(moves == NULL);
        } else {
            for (int i = 0; i < n; i++) assert(moves[i] < p->ncolours);
            gopt_flood_check(p, moves, n, why, sizeof why);
            char *back = gopt_flood_moves_text(p, moves, n);
            free(back);
        }
        free(moves);
        gopt_flood_free(p);
    }
    free(text);
    return 0;
}
