/* Heuristic names, and the public entry points of the game: each picks the engine built for
 * the graph's mask width. */
#include <stdlib.h>
#include <string.h>

#include "games/taxis/internal.h"

const char *const gopt_taxis_named_names[GOPT_TAXIS_NAMED] = {"rs", "md", "mt", "lcc", "pp"};
const gopt_taxis_heuristic gopt_taxis_named_pairs[GOPT_TAXIS_NAMED] = {
    {GOPT_TAXIS_START_RANDOM, GOPT_TAXIS_EXT_RANDOM, NULL, NULL},       /* rs: random search */
    {GOPT_TAXIS_START_DEGREE, GOPT_TAXIS_EXT_DEGREE, NULL, NULL},       /* md: max degree */
    {GOPT_TAXIS_START_DEGREE, GOPT_TAXIS_EXT_TENTACLES, NULL, NULL},    /* mt: max tentacle */
    {GOPT_TAXIS_START_CONNECTED, GOPT_TAXIS_EXT_CONNECTED, NULL, NULL}, /* lcc: largest connected component */
    {GOPT_TAXIS_START_LONGEST, GOPT_TAXIS_EXT_LONGEST, NULL, NULL},     /* pp: potential path */
};

static const char *const start_names[GOPT_TAXIS_NSTARTS] = {"random", "degree", "connected", "longestpath"};
static const char *const extension_names[GOPT_TAXIS_NEXTENSIONS] = {"random", "degree", "tentacles", "connected",
                                                                    "longestpath"};

const char *gopt_taxis_start_name(gopt_taxis_start s) { return start_names[s]; }
const char *gopt_taxis_extension_name(gopt_taxis_extension e) { return extension_names[e]; }

const gopt_taxis_mc gopt_taxis_mc_default = {512, GOPT_TAXIS_TIES_PP, 0, GOPT_TAXIS_EVAL_PP};

static const char *const ties_names[GOPT_TAXIS_NTIES] = {"random", "tentacles", "pp"};
static const char *const eval_names[GOPT_TAXIS_NEVALS] = {"ideal", "pp", "ply2", "mix"};

const char *gopt_taxis_mc_ties_name(gopt_taxis_mc_ties t) { return ties_names[t]; }
const char *gopt_taxis_mc_eval_name(gopt_taxis_mc_eval e) { return eval_names[e]; }

bool gopt_taxis_heuristic_parse(const char *text, gopt_taxis_heuristic *h) {
    if (strcmp(text, "mc") == 0) {
        *h = (gopt_taxis_heuristic){GOPT_TAXIS_START_LONGEST, GOPT_TAXIS_EXT_LONGEST, &gopt_taxis_mc_default, NULL};
        return true;
    }
    for (int k = 0; k < GOPT_TAXIS_NAMED; k++)
        if (strcmp(text, gopt_taxis_named_names[k]) == 0) return *h = gopt_taxis_named_pairs[k], true;
    const char *plus = strchr(text, '+');
    if (!plus) return false;
    size_t len = (size_t)(plus - text);
    int start = -1, ext = -1;
    for (int s = 0; s < GOPT_TAXIS_NSTARTS; s++)
        if (strlen(start_names[s]) == len && strncmp(text, start_names[s], len) == 0) start = s;
    for (int e = 0; e < GOPT_TAXIS_NEXTENSIONS; e++)
        if (strcmp(plus + 1, extension_names[e]) == 0) ext = e;
    if (start < 0 || ext < 0) return false;
    *h = (gopt_taxis_heuristic){(gopt_taxis_start)start, (gopt_taxis_extension)ext, NULL, NULL};
    return true;
}

const char *gopt_taxis_heuristic_name(gopt_taxis_heuristic h, char *buf, size_t size) {
    if (h.mc) {
        snprintf(buf, size, "mc");
        return buf;
    }
    for (int k = 0; k < GOPT_TAXIS_NAMED; k++)
        if (gopt_taxis_named_pairs[k].start == h.start && gopt_taxis_named_pairs[k].extension == h.extension) {
            snprintf(buf, size, "%s", gopt_taxis_named_names[k]);
            return buf;
        }
    snprintf(buf, size, "%s+%s", start_names[h.start], extension_names[h.extension]);
    return buf;
}

int gopt_taxis_play(const gopt_taxis_graph *g, const gopt_taxis_setting *s, gopt_taxis_heuristic h, gopt_rng *rng,
                    gopt_taxis_move *moves) {
    return g->words == 1 ? taxis_play_64(g, s, h, rng, moves) : taxis_play_wide(g, s, h, rng, moves);
}

gopt_taxis_outcome gopt_taxis_duel_read(const gopt_taxis_graph *g, const gopt_taxis_setting *s,
                                        const gopt_taxis_heuristic h[2], gopt_taxis_reading r, gopt_rng *rng,
                                        gopt_taxis_duel_move *moves, int *nmoves, int length[2]) {
    return g->words == 1 ? taxis_duel_64(g, s, h, r, rng, moves, nmoves, length)
                         : taxis_duel_wide(g, s, h, r, rng, moves, nmoves, length);
}

gopt_taxis_outcome gopt_taxis_duel(const gopt_taxis_graph *g, const gopt_taxis_setting *s,
                                   const gopt_taxis_heuristic h[2], gopt_rng *rng, gopt_taxis_duel_move *moves,
                                   int *nmoves, int length[2]) {
    return gopt_taxis_duel_read(g, s, h, (gopt_taxis_reading){0}, rng, moves, nmoves, length);
}

const char *gopt_taxis_reading_name(gopt_taxis_reading r) {
    static _Thread_local char buf[64];
    buf[0] = 0;
    const char *words[] = {r.closed ? "closed" : NULL, r.play_out ? "play-out" : NULL, r.clear ? "clear" : r.refill ? "refill" : NULL,
                           r.start_all ? "start-all" : NULL, r.ties_first ? "ties-first" : NULL};
    for (size_t k = 0; k < sizeof words / sizeof *words; k++)
        if (words[k]) {
            if (buf[0]) strcat(buf, ",");
            strcat(buf, words[k]);
        }
    return buf[0] ? buf : "default";
}

bool gopt_taxis_reading_solo(gopt_taxis_reading r) { return r.clear || r.refill || r.start_all || r.ties_first; }

bool gopt_taxis_reading_parse(const char *text, gopt_taxis_reading *r) {
    *r = (gopt_taxis_reading){0};
    char *copy = gopt_strdup(text), *save = NULL;
    bool ok = true;
    for (char *item = strtok_r(copy, ",", &save); item && ok; item = strtok_r(NULL, ",", &save)) {
        if (strcmp(item, "closed") == 0) r->closed = true;
        else if (strcmp(item, "open") == 0) r->closed = false;
        else if (strcmp(item, "play-out") == 0) r->play_out = true;
        else if (strcmp(item, "one-more") == 0) r->play_out = false;
        else if (strcmp(item, "clear") == 0) r->clear = true, r->refill = false;
        else if (strcmp(item, "refill") == 0) r->refill = true, r->clear = false;
        else if (strcmp(item, "keep") == 0) r->clear = r->refill = false;
        else if (strcmp(item, "start-all") == 0) r->start_all = true;
        else if (strcmp(item, "start-plan") == 0) r->start_all = false;
        else if (strcmp(item, "ties-first") == 0) r->ties_first = true;
        else if (strcmp(item, "ties-uniform") == 0) r->ties_first = false;
        else ok = strcmp(item, "default") == 0;
    }
    free(copy);
    return ok;
}

bool taxis_decide(const gopt_taxis_graph *g, gopt_taxis_heuristic h, const int *nodes, int len, const int *display,
                  int ndisplay, gopt_rng *rng, int *node, gopt_taxis_end *end) {
    return g->words == 1 ? taxis_decide_64(g, h, nodes, len, display, ndisplay, rng, node, end)
                         : taxis_decide_wide(g, h, nodes, len, display, ndisplay, rng, node, end);
}

void gopt_taxis_path_of_moves(const gopt_taxis_move *moves, int len, int *path) {
    /* Nodes added at the front come first, latest first; then the start and the back. */
    int k = 0;
    for (int i = len - 1; i >= 0; i--)
        if (moves[i].end == GOPT_TAXIS_AT_FRONT) path[k++] = moves[i].node;
    for (int i = 0; i < len; i++)
        if (moves[i].end != GOPT_TAXIS_AT_FRONT) path[k++] = moves[i].node;
}

int gopt_taxis_tentacles(const gopt_taxis_graph *g, const int *path, int len) {
    if (len == 0) return 0;
    int count = 0;
    for (int v = 0; v < g->n; v++) {
        if (!gopt_taxis_adjacent(g, path[0], v) && !gopt_taxis_adjacent(g, path[len - 1], v)) continue;
        bool on = false;
        for (int k = 0; k < len && !on; k++) on = path[k] == v;
        count += !on;
    }
    return count;
}
