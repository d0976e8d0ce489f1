/* Fuzz target for the tile language and the token list. The first line is a tile string;
 * when it parses, its canonical string must parse back to the same string, every edge set
 * must stay within the six edges, and the rest of the input is read as a token list
 * (`0:LPS,1:QLS`), the third as reservations, and, when valid, placed on the tile itself
 * under both rule sets (and full rules with splitting cities), some map sides closed, and
 * checked; then with shrinking slots and the game placing, the third line (or the tokens)
 * read as the tokens the game returns; with the tile's partitions followed (1870's river). */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/gameopt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void place_on_itself(const gopt_tokens_tile *tile, const char *tokens, const char *reserve, int rotation) {
    gopt_tokens_question q = {.from = tile, .from_rotation = rotation, .closed = (uint8_t)(rotation * 7 % 64)};
    gopt_error err = {0};
    if (!gopt_tokens_parse_stations(&q, tokens, "fuzz", &err)) {
        assert(err.set && err.line == 1 && err.col >= 1);
        return;
    }
    if (reserve && !gopt_tokens_parse_reservations(&q, reserve, "fuzz", &err)) {
        assert(err.set && err.line == 1 && err.col >= 1);
        return;
    }
    for (long k = 0; k < 1; k++) (void)gopt_tokens_duplicates(&q, (const int8_t[GOPT_TOKENS_MAX_TOKENS]){0});
    for (int rules = 0; rules < 3; rules++) { /* tokens, full, full with splitting cities */
        q.rules = rules ? GOPT_TOKENS_RULES_FULL : GOPT_TOKENS_RULES_TOKENS;
        q.split = rules == 2;
        gopt_tokens_rotation r;
        int to_rotation = (rotation + 3) % 6;
        assert(gopt_tokens_place(&q, tile, to_rotation, 3, &r, &err));
        char why[512];
        assert(gopt_tokens_check(&q, tile, &r, why, sizeof why));
        gopt_tokens_reason(&q, tile, &r, why, sizeof why);
        gopt_tokens_rotation_free(&r);
    }
    /* Shrinking slots, the game placing by index, and the third line (or the tokens) read as
     * the tokens the game returns (issue 32 items 4 and 6). */
    q.rules = GOPT_TOKENS_RULES_FULL;
    q.split = false;
    q.shrink = true;
    q.placer = rotation % 2 ? GOPT_TOKENS_PLACER_INDEX : GOPT_TOKENS_PLACER_FIRST;
    for (int pass = 0; pass < 2; pass++) {
        gopt_tokens_question qr = q;
        if (pass && !gopt_tokens_parse_returns(&qr, reserve ? reserve : tokens, "fuzz", &err)) {
            assert(err.set && err.line == 1 && err.col >= 1);
            return;
        }
        gopt_tokens_rotation r;
        assert(gopt_tokens_place(&qr, tile, (rotation + 1) % 6, 3, &r, &err));
        char why[512];
        assert(gopt_tokens_check(&qr, tile, &r, why, sizeof why));
        gopt_tokens_rotation_free(&r);
    }
    /* The tile's own partitions followed (issue 32 item 5): the tile laid on itself. */
    q.shrink = false;
    q.placer = GOPT_TOKENS_PLACER_OWNER;
    q.partition_follow = true;
    gopt_tokens_rotation r;
    assert(gopt_tokens_place(&q, tile, (rotation + 2) % 6, 3, &r, &err));
    char why[512];
    assert(gopt_tokens_check(&q, tile, &r, why, sizeof why));
    gopt_tokens_reason(&q, tile, &r, why, sizeof why);
    gopt_tokens_rotation_free(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    gopt_text t;
    gopt_text_from(&t, "fuzz", (const char *)data, size);
    gopt_tokens_tile tile;
    gopt_error err = {0};
    if (!gopt_tokens_tile_read(&tile, &t, &err)) {
        assert(err.set && err.line >= 1 && err.col >= 1);
        gopt_text_free(&t);
        return 0;
    }
    assert(gopt_text_eof(&t) || gopt_text_peek(&t) == '\n');
    assert(tile.ncities <= GOPT_TOKENS_MAX_CITIES && tile.nnodes <= GOPT_TOKENS_MAX_NODES);
    for (int v = 0; v < tile.nnodes; v++) assert(tile.nodes[v].edges < 64);
    assert(tile.npartitions >= 0 && tile.npartitions <= GOPT_TOKENS_MAX_PARTITIONS);
    for (int i = 0; i < tile.npartitions; i++)
        assert(tile.partitions[i].inner < 64 && tile.partitions[i].outer < 64 && !(tile.partitions[i].inner & tile.partitions[i].outer));
    char *code = gopt_tokens_tile_format(&tile);
    gopt_tokens_tile back;
    assert(gopt_tokens_tile_parse(&back, code, "format", &err));
    char *again = gopt_tokens_tile_format(&back);
    assert(strcmp(code, again) == 0);
    assert(back.ncities == tile.ncities && memcmp(back.links, tile.links, sizeof tile.links) == 0);
    free(code);
    free(again);
    if (gopt_text_accept(&t, '\n')) {
        size_t len;
        const char *line = gopt_text_line(&t, &len);
        char *tokens = strndup(line, len);
        char *reserve = NULL;
        if (gopt_text_peek(&t) >= 0) {
            const char *rline = gopt_text_line(&t, &len);
            reserve = strndup(rline, len);
        }
        place_on_itself(&tile, tokens, reserve, (int)(size % 6));
        free(tokens);
        free(reserve);
    }
    gopt_text_free(&t);
    return 0;
}
