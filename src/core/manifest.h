/* The manifest: what repeats a result (issue: "a manifest in every result"): gameopt's
 * version and source revision, the request with every option (defaults filled in), the
 * seed, limits and threads, the machine (CPU model, cores) and the date. */
#ifndef GAMEOPT_CORE_MANIFEST_H
#define GAMEOPT_CORE_MANIFEST_H

#include <jansson.h>

#include "gameopt/game.h"

/* {"gameopt": VERSION, "revision": REV, "game", "verb", "args", "options": {...},
 *  "machine": {"cpu", "cores"}, "date": "2026-11-28T12:00:00Z"} */
json_t *gopt_manifest_json(const gopt_call *call);
/* The source revision this build was made from ("unknown" outside a git checkout). */
const char *gopt_revision(void);

#endif
