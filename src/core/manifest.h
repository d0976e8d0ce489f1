/* The manifest: what repeats a result (issue: "a manifest in every result"): gameopt's
 * version and source revision, the request with every option (defaults filled in), the
 * seed, limits and threads, the machine (CPU model, cores) and the date. */
#ifndef GAMEOPT_CORE_MANIFEST_H
#define GAMEOPT_CORE_MANIFEST_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "gameopt/alloc.h"

#include "gameopt/game.h"

/* {"gameopt": VERSION, "revision": REV, "game", "verb", "args", "options": {...},
 *  "inputs": [{"name", "bytes", "sha256"}...], "machine": {"cpu", "cores"},
 *  "date": "2026-11-28T12:00:00Z"} */
json_t *gopt_manifest_json(const gopt_call *call);
/* Notes a text the current call read (with --manifest; once per name): its checksum goes in
 * the manifest's "inputs". Called by the readers every input passes (gopt_read_named and
 * the bundled data). */
void gopt_call_note_input(const char *name, const char *data, size_t len);
/* The manifest in a side output of this kind, when the format has a place for it: SVG as a
 * <metadata id="gameopt-manifest"> element after the <svg> tag, CSV as a first line
 * "# manifest: {...}". False (out untouched) for other formats. */
bool gopt_manifest_decorate(const gopt_call *call, const char *ext, const char *data, size_t len, gopt_buf *out);
/* The CSV comment line "# manifest: {...}\n". */
void gopt_manifest_csv_line(const gopt_call *call, FILE *out);
/* The source revision this build was made from ("unknown" outside a git checkout). */
const char *gopt_revision(void);

#endif
