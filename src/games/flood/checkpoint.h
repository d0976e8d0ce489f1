/* A* checkpoints (--checkpoint FILE): a proof that takes longer than a machine stays up.
 * When A*'s store is full the store is never written again (the depth-first tail only reads
 * it), so it is saved once, whole, and then only the tail's progress is updated in place, a
 * few bytes at a time: the threshold and how many stored roots are searched below it. A run
 * given the same file resumes there instead of building the store again. The file also
 * names the board (a digest of its region graph) and the store's layout, and a file that
 * does not match is not used. docs/methods.md ("Checkpoints") has the argument that a resumed
 * proof is a proof. */
#ifndef GOPT_FLOOD_CHECKPOINT_H
#define GOPT_FLOOD_CHECKPOINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal.h"

/* Every function takes the front end's file access (gopt_files: the command line's; a front
 * end without files cannot be given --checkpoint, a path-typed option). */

/* Seconds between two writes of the tail's progress: what a stop loses at most. */
#define FLOOD_CKPT_EVERY 60.0

typedef struct flood_ckpt {
    uint64_t digest;     /* flood_graph_digest of the board */
    int32_t nw, stride, light;
    int32_t cut, UB;     /* A*'s, when the store filled */
    uint32_t nnodes, nstates;
    uint64_t table_cap;
    int32_t T;           /* the threshold in progress */
    uint32_t done;       /* stored nodes searched below T, from the newest down */
    double peak;         /* the store's bytes when saved */
    uint64_t checksum;   /* of the store, checked by flood_ckpt_load */
} flood_ckpt;

/* A hash of the region graph: its size, colours, adjacency and start region. */
uint64_t flood_graph_digest(const flood_graph *g);

/* Writes the header and the store (nnodes nodes of `stride` words in chunks, nstates states
 * of nw words, the table) to FILE.tmp, syncs it and renames it to FILE. False, with errno's
 * reason in why, when it could not (the search goes on without). */
bool flood_ckpt_save(const gopt_files *files, const char *path, const flood_ckpt *c, uint64_t *const *chunks,
                     uint64_t *const *states, const uint64_t *table, char *why, size_t why_size);
/* Updates the progress of a saved file in place (one 8-byte write, then a sync). */
bool flood_ckpt_progress(const gopt_files *files, const char *path, int T, uint32_t done);
/* Reads a file's header: false when there is none, it is not a checkpoint, or it does not
 * belong to this board and layout (want's digest, nw, stride, light). */
bool flood_ckpt_header(const gopt_files *files, const char *path, const flood_ckpt *want, flood_ckpt *got);
/* Whether the file is a checkpoint of another board: one a run must not overwrite (a batch
 * given one --checkpoint, or the wrong file, would lose that board's proof). */
bool flood_ckpt_foreign(const gopt_files *files, const char *path, uint64_t digest);
/* Reads the store of a file whose header matched into chunks (room for enough chunk
 * pointers; each chunk is allocated here, CHUNK_NODES nodes), states and table (table_cap
 * words, allocated by the caller). False on a short, long or failed read, or when the store
 * does not match its checksum. */
bool flood_ckpt_load(const gopt_files *files, const char *path, const flood_ckpt *c, uint64_t **chunks,
                     uint64_t **states, uint64_t *table);

#endif
