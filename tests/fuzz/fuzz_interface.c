/* Fuzz target through the game interface: the first byte picks a registered family and one
 * of its formats (or none: the family guesses), the rest is the input. Every puzzle the
 * family's parse accepts must format to text that parses back, and free cleanly. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>

#include "gameopt/gameopt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every (family, format) pair, and (family, guessed). */
static int pairs(const gopt_game **games, const char **formats, int room) {
    int n = 0;
    for (const gopt_game *const *g = gopt_games; *g; g++) {
        if (!(*g)->parse) continue;
        for (int f = -1; n < room && (f < 0 || (*g)->formats[f]); f++) {
            games[n] = *g;
            formats[n++] = f < 0 ? NULL : (*g)->formats[f];
        }
    }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const gopt_game *games[64];
    static const char *formats[64];
    static int n;
    if (!n) n = pairs(games, formats, 64);
    if (size < 1) return 0;
    const gopt_game *g = games[data[0] % n];
    gopt_options o;
    gopt_options_init(&o);
    o.format = formats[data[0] % n];
    gopt_text t;
    gopt_text_from(&t, "fuzz", (const char *)data + 1, size - 1);
    for (int k = 0; k < 64; k++) {
        void *p = NULL;
        gopt_error err = {0};
        int r = g->parse(&t, &o, &p, &err);
        assert(r >= -1 && r <= 1);
        if (r < 0) assert(err.set && err.msg[0]);
        if (r <= 0) break;
        char *text = g->format(p, NULL, NULL);
        gopt_text back;
        gopt_text_from_string(&back, "formatted", text);
        void *q = NULL;
        gopt_error again = {0};
        gopt_options own;
        gopt_options_init(&own);
        /* Read back by guessing; a guess may refuse a text two families could mean (a Flood-It
         * row "ww." is also a Flow Free board: issue 37 item 3 wants such texts refused, not
         * guessed; a batch's later puzzle read in the format guessed for its first may, alone,
         * look like another), so then in the format it was read in, which must read it, from
         * the start: the refused reading may have moved on (a Tatham ID with too few cells is
         * read up to its ',' before it is refused; read on from there, the board's compact
         * line '83x12c6m5:...,24' was ',24'). */
        int back_r = g->parse(&back, &own, &q, &again);
        const char *read_as = o.format ? o.format : t.guess;
        if (back_r != 1 && read_as) {
            g->free_puzzle(q);
            q = NULL;
            gopt_error_clear(&again);
            own.format = read_as;
            gopt_text_free(&back);
            gopt_text_from_string(&back, "formatted", text);
            back_r = g->parse(&back, &own, &q, &again);
        }
        assert(back_r == 1);
        g->free_puzzle(q);
        gopt_text_free(&back);
        free(text);
        g->free_puzzle(p);
    }
    gopt_text_free(&t);
    return 0;
}
