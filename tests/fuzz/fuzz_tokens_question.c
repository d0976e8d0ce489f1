/* Fuzz target for tokens' question files (`gameopt tokens solve FILE`: one upgrade question
 * a line, in the words of `tokens upgrade`), through the family's parse: any bytes are read
 * or refused with a position, every question read formats to text that reads back, and the
 * reading stays linear (seeds: long token lists and tile strings, many lines; issue 35 item
 * 2's hang kind "tokens question"). The interface target reaches it only by its first byte,
 * which moves as families gain formats. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>

#include "gameopt/gameopt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const gopt_game *g = gopt_game_find("tokens");
    gopt_options o;
    gopt_options_init(&o);
    gopt_text t;
    gopt_text_from(&t, "fuzz", (const char *)data, size);
    for (int k = 0; k < 64; k++) {
        void *p = NULL;
        gopt_error err = {0};
        int r = g->parse(&t, &o, &p, &err);
        assert(r >= -1 && r <= 1 && (r >= 0 || (err.set && err.msg[0] && err.line >= 1 && err.col >= 1)));
        if (r <= 0) break;
        char *text = g->format(p, NULL, NULL);
        gopt_text back;
        gopt_text_from_string(&back, "formatted", text);
        void *q = NULL;
        gopt_error again = {0};
        gopt_options own;
        gopt_options_init(&own);
        int back_r = g->parse(&back, &own, &q, &again);
        assert(back_r == 1);
        (void)back_r;
        g->free_puzzle(q);
        gopt_text_free(&back);
        free(text);
        g->free_puzzle(p);
    }
    gopt_text_free(&t);
    return 0;
}
