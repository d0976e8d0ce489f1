/* Fuzz target for tile catalogues (`NAME COLOUR TILE-STRING` lines and `NAME -> NAME...`
 * rules): any bytes either load or fail with a position; a loaded catalogue answers
 * lookups and upgrade lists for each of its tiles. */
#include <assert.h>
#include <stdint.h>

#include "gameopt/gameopt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    gopt_text t;
    gopt_text_from(&t, "fuzz", (const char *)data, size);
    gopt_error err = {0};
    gopt_tokens_catalog *c = gopt_tokens_catalog_read(&t, &err);
    gopt_text_free(&t);
    if (!c) {
        assert(err.set && err.line >= 1 && err.col >= 1);
        return 0;
    }
    for (int i = 0; i < gopt_tokens_catalog_size(c); i++) {
        const gopt_tokens_tile *tile = gopt_tokens_catalog_tile(c, i);
        assert(gopt_tokens_catalog_find(c, tile->name) == tile);
        const gopt_tokens_tile *up[64];
        int n = gopt_tokens_catalog_upgrades(c, tile, up, 64);
        for (int k = 0; k < n; k++) assert(up[k]->colour == gopt_tokens_next_colour(tile->colour));
    }
    gopt_tokens_catalog_free(c);
    return 0;
}
