/* Fuzz target for reading A* checkpoints (checkpoint.c): any file either is refused by its
 * header, or its store is read (or refused by length or checksum) without a crash and
 * without allocating from sizes the file does not have. The board's digest and the layout
 * fields are patched in from a fixed board, so that the fuzzer gets past them to the sizes,
 * the progress and the store. (The checksum guards against damage, not against a file
 * crafted to match it: a checkpoint is the program's own state, like a cache.) */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/flood/checkpoint.h"
#include "games/flood/closed_table.h"
#include "gameopt/gameopt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static flood_graph g;
    static bool built;
    if (!built) {
        gopt_text t;
        gopt_error err = {0};
        gopt_text_from_string(&t, "board", "abca\nbcab\ncaab\n");
        gopt_flood_puzzle *p = NULL;
        assert(gopt_flood_read(&t, NULL, NULL, &p, &err) == 1);
        gopt_text_free(&t);
        char why[100];
        assert(flood_graph_build(&g, p, why, sizeof why));
        gopt_flood_free(p);
        built = true;
    }
    flood_ckpt want = {.digest = flood_graph_digest(&g), .nw = g.nwords, .stride = g.nwords + 1, .light = 0}, got;
    uint8_t *bytes = malloc(size + 1);
    memcpy(bytes, data, size);
    /* the header's digest at 16, nw, stride, light at 24 (see disk_header) */
    if (size >= 36) {
        memcpy(bytes + 16, &want.digest, 8);
        memcpy(bytes + 24, &want.nw, 4);
        memcpy(bytes + 28, &want.stride, 4);
        int32_t light = 0;
        memcpy(bytes + 32, &light, 4);
    }
    char path[64];
    snprintf(path, sizeof path, "/tmp/fuzz-flood-ckpt-%ld", (long)getpid());
    FILE *f = fopen(path, "wb");
    assert(f);
    fwrite(bytes, 1, size, f);
    fclose(f);
    free(bytes);
    if (flood_ckpt_header(&gopt_local_files, path, &want, &got)) {
        /* the sizes agree with the file's, so these allocations are at most its size */
        assert(got.table_cap > 0 && got.nnodes < got.table_cap);
        size_t nchunks = (got.nnodes >> FLOOD_CHUNK_SHIFT) + 1;
        uint64_t **chunks = calloc(nchunks, sizeof *chunks), *table = malloc(got.table_cap * sizeof *table);
        flood_ckpt_load(&gopt_local_files, path, &got, chunks, NULL, table);
        for (size_t c = 0; c < nchunks; c++) free(chunks[c]);
        free(chunks);
        free(table);
    }
    remove(path);
    return 0;
}
