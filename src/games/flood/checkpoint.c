/* A* checkpoints: the file is a fixed header, then the store as it is in memory (nodes,
 * states, table), so saving and loading are a few large writes and reads. The file is the
 * user's: it is opened, renamed and removed through the front end's file access (files). */
#include "checkpoint.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "closed_table.h"
#include "gameopt/alloc.h"

#define CKPT_MAGIC "GOFLOOD1"
#define CKPT_VERSION 2u /* bump when the node layout (astar.c's meta word) changes */

typedef struct disk_header {
    char magic[8];
    uint32_t version, header_bytes;
    uint64_t digest;
    int32_t nw, stride, light, cut, UB;
    uint32_t nnodes, nstates, unused;
    uint64_t table_cap;
    double peak;
    uint64_t checksum; /* of the store: a damaged file is not resumed from */
    uint64_t progress; /* T << 32 | done: last, rewritten in place by flood_ckpt_progress */
} disk_header;

/* The store's checksum, a word at a time (some GB/s: seconds for a full 24 GB machine). */
static uint64_t sum_words(uint64_t h, const uint64_t *w, size_t n) {
    for (size_t i = 0; i < n; i++) {
        h ^= w[i];
        h = (h << 27 | h >> 37) * 0x9e3779b97f4a7c15u;
    }
    return h;
}

uint64_t flood_graph_digest(const flood_graph *g) {
    uint64_t h = 1469598103934665603u;
#define MIX(x) (h = (h ^ (uint64_t)(x)) * 1099511628211u)
    MIX(g->nregions), MIX(g->nwords), MIX(g->ncolours), MIX(g->root), MIX(g->w), MIX(g->h);
    for (int r = 0; r < g->nregions; r++) MIX(g->colour[r]), MIX(g->cells[r]);
    for (size_t k = 0; k < (size_t)g->nregions * (size_t)g->nwords; k++) MIX(g->adj[k]);
#undef MIX
    return h;
}

static bool write_all(FILE *f, const void *p, size_t bytes) { return bytes == 0 || fwrite(p, 1, bytes, f) == bytes; }
static bool read_all(FILE *f, void *p, size_t bytes) { return bytes == 0 || fread(p, 1, bytes, f) == bytes; }

/* Chunked arrays of n items of `words` words: each chunk is CHUNK_NODES items. */
static bool write_chunks(FILE *f, uint64_t *const *chunks, uint32_t n, int words, uint64_t *sum) {
    for (uint32_t first = 0, c = 0; first < n; first += FLOOD_CHUNK_NODES, c++) {
        size_t items = n - first < FLOOD_CHUNK_NODES ? n - first : FLOOD_CHUNK_NODES;
        *sum = sum_words(*sum, chunks[c], items * (size_t)words);
        if (!write_all(f, chunks[c], items * (size_t)words * sizeof(uint64_t))) return false;
    }
    return true;
}

static bool read_chunks(FILE *f, uint64_t **chunks, uint32_t n, int words, uint64_t *sum) {
    for (uint32_t first = 0, c = 0; first < n; first += FLOOD_CHUNK_NODES, c++) {
        size_t items = n - first < FLOOD_CHUNK_NODES ? n - first : FLOOD_CHUNK_NODES;
        chunks[c] = gopt_malloc((size_t)FLOOD_CHUNK_NODES * (size_t)words * sizeof(uint64_t));
        if (!read_all(f, chunks[c], items * (size_t)words * sizeof(uint64_t))) return false;
        *sum = sum_words(*sum, chunks[c], items * (size_t)words);
    }
    return true;
}

/* A file of the checkpoint's, through the front end; NULL (errno set) when it cannot. */
static FILE *open_file(const gopt_files *files, const char *path, const char *mode) {
    gopt_error err = {0};
    FILE *f = files && files->open ? files->open(files->ctx, path, mode, &err) : NULL;
    if (!f && !errno) errno = EACCES;
    return f;
}

bool flood_ckpt_save(const gopt_files *files, const char *path, const flood_ckpt *c, uint64_t *const *chunks,
                     uint64_t *const *states, const uint64_t *table, char *why, size_t why_size) {
    disk_header h = {.version = CKPT_VERSION, .header_bytes = sizeof h, .digest = c->digest, .nw = c->nw,
                     .stride = c->stride, .light = c->light, .cut = c->cut, .UB = c->UB, .nnodes = c->nnodes,
                     .nstates = c->nstates, .table_cap = c->table_cap, .peak = c->peak,
                     .progress = (uint64_t)(uint32_t)c->T << 32 | c->done};
    memcpy(h.magic, CKPT_MAGIC, 8);
    char *tmp = gopt_format("%s.tmp", path);
    errno = 0;
    FILE *f = open_file(files, tmp, "wb");
    uint64_t sum = 0;
    bool ok = f && write_all(f, &h, sizeof h) && write_chunks(f, chunks, c->nnodes, c->stride, &sum) &&
              (!c->light || write_chunks(f, states, c->nstates, c->nw, &sum)) &&
              write_all(f, table, (size_t)c->table_cap * sizeof *table);
    h.checksum = sum_words(sum, table, (size_t)c->table_cap);
    ok = ok && fseek(f, 0, SEEK_SET) == 0 && write_all(f, &h, sizeof h) && fflush(f) == 0 && fdatasync(fileno(f)) == 0;
    int err = errno;
    if (f && fclose(f) != 0 && ok) ok = false, err = errno;
    if (ok && !files->rename(files->ctx, tmp, path)) ok = false, err = errno;
    if (!ok) {
        snprintf(why, why_size, "%s: %s", f ? path : tmp, strerror(err));
        if (files && files->remove) files->remove(files->ctx, tmp);
    }
    free(tmp);
    return ok;
}

bool flood_ckpt_progress(const gopt_files *files, const char *path, int T, uint32_t done) {
    FILE *f = open_file(files, path, "r+b");
    if (!f) return false;
    uint64_t progress = (uint64_t)(uint32_t)T << 32 | done;
    bool ok = fseek(f, (long)offsetof(disk_header, progress), SEEK_SET) == 0 && write_all(f, &progress, sizeof progress) &&
              fflush(f) == 0 && fdatasync(fileno(f)) == 0;
    return fclose(f) == 0 && ok;
}

/* The bytes a file with this header has: anything else is not a checkpoint (and nothing is
 * allocated from a header before its sizes agree with the file's). */
static double file_bytes(const disk_header *h) {
    return (double)sizeof *h + 8.0 * ((double)h->nnodes * h->stride + (h->light ? (double)h->nstates * h->nw : 0) +
                                      (double)h->table_cap);
}

/* A checkpoint's header (its magic checked) and the file's size. */
static bool read_header(const gopt_files *files, const char *path, disk_header *h, long *size) {
    FILE *f = open_file(files, path, "rb");
    if (!f) return false;
    bool ok = read_all(f, h, sizeof *h) && fseek(f, 0, SEEK_END) == 0 && (*size = ftell(f)) >= 0;
    fclose(f);
    return ok && memcmp(h->magic, CKPT_MAGIC, 8) == 0;
}

bool flood_ckpt_header(const gopt_files *files, const char *path, const flood_ckpt *want, flood_ckpt *got) {
    disk_header h;
    long size;
    if (!read_header(files, path, &h, &size) || h.version != CKPT_VERSION || h.header_bytes != sizeof h ||
        h.digest != want->digest || h.nw != want->nw || h.stride != want->stride || h.light != want->light ||
        h.table_cap == 0 || (h.table_cap & (h.table_cap - 1)) != 0 || h.nnodes >= h.table_cap ||
        (h.light && h.nstates > h.nnodes) || (double)size != file_bytes(&h))
        return false;
    *got = (flood_ckpt){.digest = h.digest, .nw = h.nw, .stride = h.stride, .light = h.light, .cut = h.cut,
                        .UB = h.UB, .nnodes = h.nnodes, .nstates = h.nstates, .table_cap = h.table_cap,
                        .T = (int32_t)(h.progress >> 32), .done = (uint32_t)h.progress, .peak = h.peak,
                        .checksum = h.checksum};
    return true;
}

bool flood_ckpt_foreign(const gopt_files *files, const char *path, uint64_t digest) {
    disk_header h;
    long size;
    return read_header(files, path, &h, &size) && h.digest != digest;
}

bool flood_ckpt_load(const gopt_files *files, const char *path, const flood_ckpt *c, uint64_t **chunks,
                     uint64_t **states, uint64_t *table) {
    FILE *f = open_file(files, path, "rb");
    if (!f) return false;
    uint64_t sum = 0;
    bool ok = fseek(f, (long)sizeof(disk_header), SEEK_SET) == 0 && read_chunks(f, chunks, c->nnodes, c->stride, &sum) &&
              (!c->light || read_chunks(f, states, c->nstates, c->nw, &sum)) &&
              read_all(f, table, (size_t)c->table_cap * sizeof *table) && fgetc(f) == EOF;
    fclose(f);
    return ok && sum_words(sum, table, (size_t)c->table_cap) == c->checksum;
}
