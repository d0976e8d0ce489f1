/* Country Road by brute force, for property tests: every simple cycle of a small grid (each a
 * candidate loop for the independent checker), and random small puzzles with rooms, holes,
 * stray borders and the variant. Header-only (static functions): each test includes it. */
#ifndef GAMEOPT_TEST_COUNTRY_BRUTE_H
#define GAMEOPT_TEST_COUNTRY_BRUTE_H

#include <stdlib.h>
#include <string.h>

#include "gameopt/gameopt.h"

#define BRUTE_MAX_CELLS 25

typedef void (*brute_cycle_fn)(void *user, const uint8_t *dirs);

typedef struct brute_cycles {
    const gopt_country_puzzle *p;
    brute_cycle_fn on_cycle;
    void *user;
    int path[BRUTE_MAX_CELLS], len;
    bool on_path[BRUTE_MAX_CELLS];
} brute_cycles;

static bool brute_open_side(const gopt_country_puzzle *p, int u, gopt_dir d) {
    int v = gopt_grid_step(p->size, u, d);
    return v >= 0 && p->room[v] != GOPT_COUNTRY_HOLE && p->room[u] != GOPT_COUNTRY_HOLE &&
           !(p->room[u] == p->room[v] && gopt_country_border(p, u, d));
}

static void brute_found(brute_cycles *k) {
    uint8_t dirs[BRUTE_MAX_CELLS] = {0};
    gopt_grid g = k->p->size;
    for (int i = 0; i < k->len; i++) {
        int u = k->path[i], v = k->path[(i + 1) % k->len];
        for (int d = 0; d < 4; d++)
            if (gopt_grid_step(g, u, (gopt_dir)d) == v) {
                dirs[u] |= (uint8_t)GOPT_DIR_BIT(d);
                dirs[v] |= (uint8_t)GOPT_DIR_BIT(gopt_dir_opposite((gopt_dir)d));
            }
    }
    k->on_cycle(k->user, dirs);
}

/* Paths from path[0] through larger cells; a cycle closes back at path[0]. Each cycle is
 * found twice (two directions); we keep the one whose second cell is below its last. */
static void brute_extend(brute_cycles *k) {
    int u = k->path[k->len - 1], start = k->path[0];
    for (int d = 0; d < 4; d++) {
        if (!brute_open_side(k->p, u, (gopt_dir)d)) continue;
        int v = gopt_grid_step(k->p->size, u, (gopt_dir)d);
        if (v == start && k->len >= 4 && k->path[1] < u) brute_found(k);
        if (v <= start || k->on_path[v]) continue;
        k->path[k->len++] = v;
        k->on_path[v] = true;
        brute_extend(k);
        k->on_path[v] = false;
        k->len--;
    }
}

/* Calls on_cycle with every simple cycle of p's grid (holes and stray borders respected). */
static void brute_cycles_of(const gopt_country_puzzle *p, brute_cycle_fn on_cycle, void *user) {
    brute_cycles k = {.p = p, .on_cycle = on_cycle, .user = user};
    int n = gopt_grid_cells(p->size);
    for (int s = 0; s < n; s++) {
        if (p->room[s] == GOPT_COUNTRY_HOLE) continue;
        k.path[0] = s;
        k.len = 1;
        k.on_path[s] = true;
        brute_extend(&k);
        k.on_path[s] = false;
    }
}

/* Rooms grown from random seeds; some holes and stray borders; the variant a third of the time. */
static gopt_country_puzzle *brute_random_puzzle(gopt_rng *r) {
    int w = 2 + (int)gopt_rng_below(r, 3), h = 2 + (int)gopt_rng_below(r, 4);
    gopt_country_puzzle *p = gopt_country_new(w, h);
    int n = w * h, label[BRUTE_MAX_CELLS];
    for (int c = 0; c < n; c++) label[c] = -2;
    if (gopt_rng_below(r, 6) == 0) label[gopt_rng_below(r, (uint32_t)n)] = -1;
    int seeds = 1 + (int)gopt_rng_below(r, (uint32_t)(n / 2));
    for (int i = 0; i < seeds; i++) {
        int c = (int)gopt_rng_below(r, (uint32_t)n);
        if (label[c] == -2) label[c] = i;
    }
    for (bool grew = true; grew;) {
        grew = false;
        int order[BRUTE_MAX_CELLS];
        for (int c = 0; c < n; c++) order[c] = c;
        gopt_rng_shuffle_int(r, order, (size_t)n);
        for (int i = 0; i < n; i++) {
            int c = order[i], d = (int)gopt_rng_below(r, 4);
            int v = gopt_grid_step(p->size, c, (gopt_dir)d);
            if (label[c] == -2 && v >= 0 && label[v] >= 0) label[c] = label[v], grew = true;
        }
    }
    for (int c = 0; c < n; c++)
        if (label[c] == -2) label[c] = 100 + c; /* cut off by a hole: a room of its own */
    gopt_country_set_rooms(p, label);
    if (gopt_rng_below(r, 6) == 0) {
        int c = (int)gopt_rng_below(r, (uint32_t)n);
        gopt_dir d = gopt_rng_below(r, 2) ? GOPT_E : GOPT_S;
        int v = gopt_grid_step(p->size, c, d);
        if (v >= 0 && p->room[c] >= 0 && p->room[c] == p->room[v]) {
            p->wall = gopt_calloc((size_t)n, 1);
            p->wall[c] = (uint8_t)GOPT_DIR_BIT(d);
        }
    }
    p->empty_rooms = gopt_rng_below(r, 3) == 0;
    return p;
}

#endif
