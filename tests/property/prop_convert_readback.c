/* `convert` round trips (issue 30: the page exports a puzzle in every format through the
 * verb): a board read in one format, written in another by the table's `format`, and read
 * back in that one is the same board (the same cells, links and endpoints, colours renamed
 * one to one; for Flood-It the same cells and start). A format that cannot hold a board says
 * why through the table's `writable`, and only for the reasons documented (docs/formats.md).
 * Random small boards in every source format, to every target format; the bundled boards
 * with walls, bridges, hex cells, warps and several puzzles per text too. */
#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const gopt_game gopt_game_flood, gopt_game_flow;

static void *read_one(const gopt_game *g, const char *format, const char *text, const char *what) {
    gopt_options o;
    gopt_options_init(&o);
    o.format = format;
    gopt_text t;
    gopt_text_from_string(&t, "converted", text);
    void *p = NULL;
    gopt_error err = {0};
    char buf[1024];
    if (g->parse(&t, &o, &p, &err) != 1)
        fail_msg("%s: %s's own text not read back: %s\n%s", what, format, gopt_error_text(&err, buf, sizeof buf), text);
    gopt_text_free(&t);
    return p;
}

/* ---- flow ---- */

/* Colour a of board p and colour b of board q stand for each other (one to one). */
static void same_colour(int *to, int *from, int a, int b, const char *what, int z, int r, int c) {
    if ((a < 0) != (b < 0)) fail_msg("%s: endpoint differs at layer %d row %d column %d", what, z, r, c);
    if (a < 0) return;
    if (to[a] < 0 && from[b] < 0) to[a] = b, from[b] = a;
    if (to[a] != b || from[b] != a) fail_msg("%s: colours differ at layer %d row %d column %d", what, z, r, c);
}

static unsigned link_dirs(const gopt_flow_puzzle *p, int v) {
    unsigned bits = 0;
    for (int i = p->link_start[v]; i < p->link_start[v + 1]; i++) bits |= 1u << p->links[i].dir | (p->links[i].warp ? 1u << 15 : 0);
    return bits;
}

static void flow_same(const gopt_flow_puzzle *p, const gopt_flow_puzzle *q, const char *what) {
    if (p->rows != q->rows || p->cols != q->cols || p->layers != q->layers)
        fail_msg("%s: %dx%dx%d read back as %dx%dx%d", what, p->cols, p->rows, p->layers, q->cols, q->rows, q->layers);
    if (p->nnodes != q->nnodes || p->nedges != q->nedges || p->ncolours != q->ncolours)
        fail_msg("%s: %d nodes, %d links, %d colours read back as %d, %d, %d", what, p->nnodes, p->nedges, p->ncolours,
                 q->nnodes, q->nedges, q->ncolours);
    int *to = malloc(sizeof(int) * (size_t)(p->ncolours + 1)), *from = malloc(sizeof(int) * (size_t)(p->ncolours + 1));
    for (int k = 0; k <= p->ncolours; k++) to[k] = from[k] = -1;
    for (int z = 0; z < p->layers; z++)
        for (int r = 0; r < p->rows; r++)
            for (int c = 0; c < p->cols; c++) {
                size_t i = ((size_t)z * p->rows + r) * p->cols + c;
                int u = p->at[i], v = q->at[i];
                if ((u < 0) != (v < 0)) fail_msg("%s: a hole differs at layer %d row %d column %d", what, z, r, c);
                if (u < 0) continue;
                if (p->kind[u] != q->kind[v] || link_dirs(p, u) != link_dirs(q, v))
                    fail_msg("%s: cell or links differ at layer %d row %d column %d", what, z, r, c);
                if (p->kind[u] == GOPT_FLOW_BRIDGE_H && link_dirs(p, u + 1) != link_dirs(q, v + 1))
                    fail_msg("%s: a bridge's links differ at row %d column %d", what, r, c);
                same_colour(to, from, p->colour[u], q->colour[v], what, z, r, c);
            }
    free(to);
    free(from);
}

/* Writes p in every format: each one that can hold it reads back the same; the others say why. */
static void flow_to_every_format(const gopt_flow_puzzle *p, const char *source) {
    const gopt_game *g = &gopt_game_flow;
    for (int f = 0; g->formats[f]; f++) {
        char what[160], why[256] = "";
        snprintf(what, sizeof what, "flow %s (%dx%d, %d colours) -> %s", source, p->cols, p->rows, p->ncolours, g->formats[f]);
        if (!g->writable(p, g->formats[f], why, sizeof why)) {
            /* the documented reasons: layers, warps, hex, walls/holes/bridges, letters */
            if (!why[0]) fail_msg("%s: refused without a reason", what);
            bool letters = p->ncolours > 52 && (f == GOPT_FLOW_FLOW_SOLVER || f == GOPT_FLOW_SAMGOLDMAN || (p->ncolours > 62 && f == GOPT_FLOW_THOMASAHLE));
            if (p->plain && !letters) fail_msg("%s: a plain board refused: %s", what, why);
            continue;
        }
        char *text = g->format(p, NULL, g->formats[f]);
        gopt_flow_puzzle *q = read_one(g, g->formats[f], text, what);
        flow_same(p, q, what);
        gopt_flow_free(q);
        free(text);
    }
}

static void test_flow_random(void **state) {
    (void)state;
    const gopt_game *g = &gopt_game_flow;
    gopt_rng rng = gopt_rng_stream(30, 1);
    for (int i = 0; i < test_cases(60); i++) {
        int w = 2 + (int)gopt_rng_below(&rng, 9), h = 1 + (int)gopt_rng_below(&rng, 9);
        int most = w * h / 2, colours = 1 + (int)gopt_rng_below(&rng, (uint32_t)(most < 70 ? most : 70));
        gopt_flow_puzzle *made = gopt_flow_generate(w, h, colours, &rng);
        if (!made) continue;
        /* read in each source format the board can be written in, then to every format */
        for (int s = 0; g->formats[s]; s++) {
            char why[256];
            if (!g->writable(made, g->formats[s], why, sizeof why)) continue;
            char *text = g->format(made, NULL, g->formats[s]);
            gopt_flow_puzzle *p = read_one(g, g->formats[s], text, g->formats[s]);
            flow_same(made, p, g->formats[s]);
            flow_to_every_format(p, g->formats[s]);
            gopt_flow_free(p);
            free(text);
        }
        gopt_flow_free(made);
    }
}

/* The bundled boards of every kind: bridges, hex, warps, contest (adc), houston, partial. */
static void test_flow_bundled(void **state) {
    (void)state;
    static const char *const files[] = {"data/flow/seed_5x5.txt",     "data/flow/bridges_5x5.txt",    "data/flow/hex_5x5.txt",
                                        "data/flow/warps_6x5.txt",    "data/flow/contest_10x8.txt",   "data/flow/houston_6x6.txt",
                                        "data/flow/numberlink_8x8.txt", NULL};
    const gopt_game *g = &gopt_game_flow;
    for (int i = 0; files[i]; i++) {
        char path[1024];
        size_t len;
        char *text = test_read_file(test_source_path(files[i], path, sizeof path), &len);
        gopt_flow_puzzle *p = read_one(g, NULL, text, files[i]);
        flow_to_every_format(p, files[i]);
        gopt_flow_free(p);
        free(text);
    }
}

/* ---- flood ---- */

static void flood_same(const gopt_flood_puzzle *p, const gopt_flood_puzzle *q, const char *what) {
    if (p->w != q->w || p->h != q->h) fail_msg("%s: %dx%d read back as %dx%d", what, p->w, p->h, q->w, q->h);
    if (p->start != q->start) fail_msg("%s: the start moved from cell %d to %d", what, p->start, q->start);
    int to[GOPT_FLOOD_MAX_COLOURS], from[GOPT_FLOOD_MAX_COLOURS];
    for (int c = 0; c < GOPT_FLOOD_MAX_COLOURS; c++) to[c] = from[c] = -1;
    for (int i = 0; i < p->w * p->h; i++) {
        int a = p->cells[i], b = q->cells[i];
        if (to[a] < 0 && from[b] < 0) to[a] = b, from[b] = a;
        if (to[a] != b || from[b] != a) fail_msg("%s: colours differ at cell %d", what, i);
    }
}

static const char *const flood_targets[] = {"grid", "compact", "99problems", "puchert", "tatham", NULL};

static void flood_to_every_format(const gopt_flood_puzzle *p, const char *source) {
    const gopt_game *g = &gopt_game_flood;
    for (int f = 0; flood_targets[f]; f++) {
        const char *to = flood_targets[f];
        char what[160], why[256] = "";
        snprintf(what, sizeof what, "flood %s (%dx%d, %d colours, start %d) -> %s", source, p->w, p->h, p->ncolours,
                 p->start, to);
        if (!g->writable(p, to, why, sizeof why)) {
            bool words = false; /* the character formats rename words 0-9 a-z A-Z: 62 of them */
            for (int c = 0; c < p->ncolours; c++) words |= strlen(p->names[c]) != 1;
            bool characters = strcmp(to, "grid") == 0 || strcmp(to, "compact") == 0;
            bool ok = (p->start != 0 && strcmp(to, "puchert") != 0) || (strcmp(to, "compact") == 0 && p->w != p->h) ||
                      (strcmp(to, "tatham") == 0 && p->ncolours > 10) || (characters && words && p->ncolours > 62);
            if (!ok || !why[0]) fail_msg("%s: refused for no documented reason: %s", what, why);
            continue;
        }
        char *text = g->format(p, NULL, to);
        gopt_flood_puzzle *q = read_one(g, to, text, what);
        flood_same(p, q, what);
        gopt_flood_free(q);
        free(text);
    }
}

static void test_flood_random(void **state) {
    (void)state;
    static const char *const words[] = {"red", "blue", "green", "cyan", "pink", "navy", "gold", "grey", "lime", "teal", "plum", "rust"};
    const gopt_game *g = &gopt_game_flood;
    gopt_rng rng = gopt_rng_stream(30, 2);
    for (int i = 0; i < test_cases(150); i++) {
        int w = 1 + (int)gopt_rng_below(&rng, 12), h = gopt_rng_below(&rng, 3) ? 1 + (int)gopt_rng_below(&rng, 12) : w;
        int colours = 1 + (int)gopt_rng_below(&rng, gopt_rng_below(&rng, 5) ? 12 : GOPT_FLOOD_MAX_COLOURS);
        gopt_flood_puzzle *made = gopt_flood_new(w, h, colours);
        for (int c = 0; c < w * h; c++) made->cells[c] = (uint8_t)gopt_rng_below(&rng, (uint32_t)colours);
        if (gopt_rng_below(&rng, 4) == 0) { /* boards whose colours are words */
            for (int c = 0; c < colours; c++) {
                free(made->names[c]);
                char word[16];
                snprintf(word, sizeof word, "%s%d", words[c % 12], c / 12);
                made->names[c] = strdup(word);
            }
            made->tokens = true;
        }
        if (gopt_rng_below(&rng, 4) == 0) made->start = (int)gopt_rng_below(&rng, (uint32_t)(w * h));
        made->format = "grid";
        /* each source format that holds the board, read, then to every format */
        for (int s = 0; flood_targets[s]; s++) {
            char why[256];
            if (!g->writable(made, flood_targets[s], why, sizeof why)) continue;
            char *text = g->format(made, NULL, flood_targets[s]);
            gopt_flood_puzzle *p = read_one(g, flood_targets[s], text, flood_targets[s]);
            flood_same(made, p, flood_targets[s]);
            flood_to_every_format(p, flood_targets[s]);
            gopt_flood_free(p);
            free(text);
        }
        gopt_flood_free(made);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flow_random),
        cmocka_unit_test(test_flow_bundled),
        cmocka_unit_test(test_flood_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
