/* Fuzz target for map files (`layout flat`, then `COORD COLOUR [track:E,..] [impassable:E,..]
 * [partition:a:V,b:V,..] [rotations:SEL:R,..]` lines) and edge lists (`--open 0,1,5`): any bytes either load or fail with a position; a
 * loaded map answers the open sides of each of its hexes. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/gameopt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    gopt_text t;
    gopt_text_from(&t, "fuzz", (const char *)data, size);
    gopt_error err = {0};
    gopt_tokens_map *m = gopt_tokens_map_read(&t, &err);
    gopt_text_free(&t);
    if (!m) {
        assert(err.set && err.line >= 1 && err.col >= 1);
    } else {
        for (int i = 0; i < gopt_tokens_map_size(m); i++) {
            uint8_t open = 0xFF;
            assert(gopt_tokens_map_open_edges(m, gopt_tokens_map_coord(m, i), &open, &err));
            assert(open < 64);
            gopt_tokens_partition parts[GOPT_TOKENS_MAX_PARTITIONS];
            int n = gopt_tokens_map_partitions(m, gopt_tokens_map_coord(m, i), parts, GOPT_TOKENS_MAX_PARTITIONS, &err);
            assert(n >= 0 && n <= GOPT_TOKENS_MAX_PARTITIONS);
            for (int k = 0; k < n; k++) assert(parts[k].inner < 64 && parts[k].outer < 64 && !(parts[k].inner & parts[k].outer));
            gopt_tokens_hex_rotations rules[GOPT_TOKENS_MAX_HEX_RULES];
            n = gopt_tokens_map_rotations(m, gopt_tokens_map_coord(m, i), rules, GOPT_TOKENS_MAX_HEX_RULES, &err);
            assert(n >= 0 && n <= GOPT_TOKENS_MAX_HEX_RULES);
            for (int k = 0; k < n; k++) assert(rules[k].rotations > 0 && rules[k].rotations < 64);
        }
        gopt_tokens_map_free(m);
    }
    char *s = malloc(size + 1);
    memcpy(s, data, size);
    s[size] = 0;
    uint8_t edges = 0;
    gopt_error e2 = {0};
    if (gopt_tokens_parse_edges(s, "--open", &edges, &e2)) assert(edges > 0 && edges < 64);
    else assert(e2.set && e2.col >= 1);
    free(s);
    return 0;
}
