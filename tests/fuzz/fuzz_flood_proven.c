/* Fuzz target for proven tables (`flood check BOARDS data/flood/proven/<set>.tsv`): on a fixed
 * set of three boards, any text either fails with a located error or lists boards in range,
 * each once, with moves the checker can replay. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "games/flood/internal.h"
#include "gameopt/gameopt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static gopt_batch b;
    if (!b.n) {
        gopt_error err = {0};
        gopt_text t;
        gopt_text_from_string(&t, "set", "abca\nbcab\ncaab\n\naab\nbbc\ncca\n\nab\nba\n");
        gopt_flood_puzzle *p;
        while (gopt_flood_read(&t, NULL, NULL, &p, &err) == 1) {
            gopt_grow(&b.items, &b.cap, b.n + 1, sizeof *b.items);
            b.items[b.n++] = (gopt_named){p, NULL};
        }
        assert(b.n == 3);
        gopt_text_free(&t);
    }
    uint8_t *seq[3] = {0};
    int len[3] = {0}, optimum[3] = {-1, -1, -1};
    gopt_text t;
    gopt_text_from(&t, "fuzz", (const char *)data, size);
    gopt_error err = {0};
    if (flood_proven_table(t.data) && !flood_proven_read(&t, &b, seq, len, optimum, &err)) {
        assert(err.set && err.line >= 1 && err.col >= 1);
    } else {
        char why[200];
        for (int i = 0; i < 3; i++) {
            assert(optimum[i] >= -1);
            if (optimum[i] >= 0) gopt_flood_check(b.items[i].puzzle, seq[i], len[i], why, sizeof why);
        }
    }
    for (int i = 0; i < 3; i++) free(seq[i]);
    gopt_text_free(&t);
    return 0;
}
