/* Random Country Road puzzles with exactly one solution.
 *
 *  1. A random loop: the boundary of a random polyomino on the lattice of squares whose
 *     corners are cell centres, grown one square at a time and kept only while its boundary
 *     stays one simple cycle (no holes, no pinch points).
 *  2. Rooms that fit the loop: the loop is cut into runs of 2-5 consecutive cells, one room
 *     per run, so every room is entered and left once. Each area of unused cells joins one
 *     room it touches (two unused cells side by side must share a room), or, in the variant,
 *     may stay a room of its own that the loop never visits.
 *  3. Every room gets its number. While the SAT method still finds a second loop, we change
 *     the rooms where the two loops differ, in ways that keep ours valid: split a run in two,
 *     join two runs, or give an unused area to another room it touches. (Numbers cannot
 *     tell loops apart that swap two parallel edges of a 2x2 square; a room holding both
 *     ends of one of our edges can.) After a few dozen changes in vain we start again.
 *  4. Fewer numbers: each number is dropped in random order unless the puzzle stops being
 *     unique without it.
 * Every puzzle returned was proven unique by the solver, whose answer passes the checker. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "gameopt/progress.h"

typedef struct gen {
    gopt_grid g;          /* cells */
    gopt_rng *rng;
    uint8_t *square;      /* (w-1) x (h-1): in the polyomino */
    uint8_t *dirs;        /* the loop (exits per cell) */
    int *order, length;   /* the loop's cells in order */
} gen;

/* The boundary of the squares as loop exits; false unless every cell has 0 or 2. */
static bool boundary(gen *G) {
    gopt_grid g = G->g;
    int sw = g.w - 1, sh = g.h - 1;
    memset(G->dirs, 0, (size_t)gopt_grid_cells(g));
    for (int i = 0; i < sh; i++)
        for (int j = 0; j < sw; j++) {
            if (!G->square[i * sw + j]) continue;
            /* Each side of a square lies between two cell centres; it is on the boundary when
             * the square beyond it is not in the polyomino. */
            bool up = i > 0 && G->square[(i - 1) * sw + j], down = i + 1 < sh && G->square[(i + 1) * sw + j];
            bool left = j > 0 && G->square[i * sw + j - 1], right = j + 1 < sw && G->square[i * sw + j + 1];
            int a = i * g.w + j, b = a + 1, c = a + g.w, d = c + 1;
            if (!up) G->dirs[a] ^= GOPT_DIR_BIT(GOPT_E), G->dirs[b] ^= GOPT_DIR_BIT(GOPT_W);
            if (!down) G->dirs[c] ^= GOPT_DIR_BIT(GOPT_E), G->dirs[d] ^= GOPT_DIR_BIT(GOPT_W);
            if (!left) G->dirs[a] ^= GOPT_DIR_BIT(GOPT_S), G->dirs[c] ^= GOPT_DIR_BIT(GOPT_N);
            if (!right) G->dirs[b] ^= GOPT_DIR_BIT(GOPT_S), G->dirs[d] ^= GOPT_DIR_BIT(GOPT_N);
        }
    for (int c = 0; c < gopt_grid_cells(g); c++) {
        int k = gopt_popcount(G->dirs[c]);
        if (k != 0 && k != 2) return false;
    }
    return true;
}

/* Walks the loop into G->order; true when it is one cycle through every used cell. */
static bool walk(gen *G) {
    int n = gopt_grid_cells(G->g), used = 0, start = -1;
    for (int c = 0; c < n; c++)
        if (G->dirs[c]) used++, start = start < 0 ? c : start;
    if (used < 4) return false;
    int prev = -1, at = start;
    G->length = 0;
    do {
        G->order[G->length++] = at;
        int next = -1;
        for (int d = 0; d < 4 && next < 0; d++) {
            int v = gopt_grid_step(G->g, at, (gopt_dir)d);
            if ((G->dirs[at] & GOPT_DIR_BIT(d)) && v != prev) next = v;
        }
        prev = at;
        at = next;
    } while (at != start && G->length < used);
    return at == start && G->length == used;
}

static void random_loop(gen *G) {
    gopt_grid g = G->g;
    int sw = g.w - 1, sh = g.h - 1, nsq = sw * sh;
    memset(G->square, 0, (size_t)nsq);
    G->square[gopt_rng_below(G->rng, (uint32_t)nsq)] = 1;
    /* Mostly tree-like growth (a new square touches one square of the polyomino): the
     * boundary then winds through most of the board, as in published puzzles. */
    int target = 1 + (int)(nsq * (0.35 + 0.3 * gopt_rng_double(G->rng)));
    for (int size = 1, tries = 0; size < target && tries < 30 * nsq; tries++) {
        int s = (int)gopt_rng_below(G->rng, (uint32_t)nsq), i = s / sw, j = s % sw;
        int next_to = (i > 0 && G->square[s - sw]) + (i + 1 < sh && G->square[s + sw]) +
                      (j > 0 && G->square[s - 1]) + (j + 1 < sw && G->square[s + 1]);
        if (G->square[s] || next_to == 0 || (next_to > 1 && gopt_rng_below(G->rng, 8) != 0)) continue;
        G->square[s] = 1;
        if (boundary(G) && walk(G)) size++;
        else G->square[s] = 0;
    }
    boundary(G);
    walk(G);
}

/* The rooms as a plan that can be refined: cuts along the loop make runs (one room each),
 * each unused area joins the room of one loop cell it touches (or, in the variant, stays a
 * room of its own). Numbers are kept per room key: the loop position where its run starts,
 * or length + area for a room of unused cells, so they survive refining. */
typedef struct plan {
    int length, nareas;
    uint8_t *cut;        /* per loop position k: a border between order[k] and order[k + 1] */
    int *area_of;        /* per cell: its unused area, -1 on the loop */
    int *area_owner;     /* per area: the loop position it joins, -1 for a room of its own */
    int *touch;          /* per area: up to 8 loop positions it touches (8 per area) */
    uint8_t *ntouch;
    int *number;         /* per key */
    int *label;          /* per cell: its room key (output of plan_labels) */
} plan;

static void plan_init(plan *P, gen *G, bool empty_rooms) {
    int n = gopt_grid_cells(G->g);
    *P = (plan){.length = G->length};
    P->cut = gopt_calloc((size_t)G->length, 1);
    P->area_of = gopt_malloc((size_t)n * sizeof *P->area_of);
    P->area_owner = gopt_malloc((size_t)n * sizeof *P->area_owner);
    P->touch = gopt_malloc((size_t)n * 8 * sizeof *P->touch);
    P->ntouch = gopt_calloc((size_t)n, 1);
    P->number = gopt_malloc((size_t)(G->length + n) * sizeof *P->number);
    P->label = gopt_malloc((size_t)n * sizeof *P->label);
    for (int k = 0; k < G->length + n; k++) P->number[k] = GOPT_COUNTRY_NO_NUMBER;
    /* Runs of 1 to 5 cells from a random start; two rooms at least. */
    int offset = (int)gopt_rng_below(G->rng, (uint32_t)G->length), runs = 0;
    for (int k = 0; k < G->length;) {
        int run = 2 + (int)gopt_rng_below(G->rng, 4);
        if (k + run > G->length) run = G->length - k;
        if (k == 0 && run == G->length) run = G->length / 2;
        k += run;
        P->cut[(offset + k - 1) % G->length] = 1;
        runs++;
    }
    int *pos = gopt_malloc((size_t)n * sizeof *pos), *stack = gopt_malloc((size_t)n * sizeof *stack);
    for (int c = 0; c < n; c++) pos[c] = -1, P->area_of[c] = -2;
    for (int k = 0; k < G->length; k++) pos[G->order[k]] = k, P->area_of[G->order[k]] = -1;
    for (int c = 0; c < n; c++) {
        if (P->area_of[c] != -2) continue;
        int a = P->nareas++, top = 0, *touch = P->touch + 8 * a, ntouch = 0;
        stack[top++] = c;
        P->area_of[c] = a;
        while (top) {
            int u = stack[--top];
            for (int d = 0; d < 4; d++) {
                int v = gopt_grid_step(G->g, u, (gopt_dir)d);
                if (v < 0) continue;
                if (P->area_of[v] == -2) P->area_of[v] = a, stack[top++] = v;
                else if (pos[v] >= 0 && ntouch < 8) touch[ntouch++] = pos[v];
            }
        }
        P->ntouch[a] = (uint8_t)ntouch;
        P->area_owner[a] = empty_rooms && gopt_rng_below(G->rng, 3) == 0 ? -1 : touch[gopt_rng_below(G->rng, (uint32_t)ntouch)];
    }
    free(pos);
    free(stack);
}

static void plan_free(plan *P) {
    free(P->cut);
    free(P->area_of);
    free(P->area_owner);
    free(P->touch);
    free(P->ntouch);
    free(P->number);
    free(P->label);
}

/* Room keys per cell into P->label, and the rooms and numbers into p. */
static void plan_apply(plan *P, const gen *G, gopt_country_puzzle *p) {
    int n = gopt_grid_cells(G->g), *start = gopt_malloc((size_t)P->length * sizeof *start);
    int first_cut = 0;
    while (!P->cut[first_cut]) first_cut++;
    for (int i = 1; i <= P->length; i++) {
        int k = (first_cut + i) % P->length, prev = (k + P->length - 1) % P->length;
        start[k] = P->cut[prev] ? k : start[prev];
    }
    for (int k = 0; k < P->length; k++) P->label[G->order[k]] = start[k];
    for (int c = 0; c < n; c++) {
        int a = P->area_of[c];
        if (a >= 0) P->label[c] = P->area_owner[a] >= 0 ? start[P->area_owner[a]] : P->length + a;
    }
    free(start);
    gopt_country_set_rooms(p, P->label);
    for (int r = 0; r < p->nrooms; r++) p->number[r] = P->number[P->label[p->room_first[r]]];
}

/* Splits a run of two cells or more in a room where the loops differ; false when none.
 * The parts lose their number (refine gives both theirs). */
static bool plan_split(plan *P, const gen *G, const uint8_t *other, gopt_rng *rng) {
    int n = gopt_grid_cells(G->g), *candidates = gopt_malloc((size_t)P->length * sizeof *candidates), k = 0;
    uint8_t *differs = gopt_calloc((size_t)(P->length + n), 1);
    for (int c = 0; c < n; c++)
        if (G->dirs[c] != other[c]) differs[P->label[c]] = 1;
    /* A cut may go after position i when i and i + 1 lie in one run that differs. */
    for (int i = 0; i < P->length; i++)
        if (!P->cut[i] && differs[P->label[G->order[i]]]) candidates[k++] = i;
    if (k > 0) {
        int i = candidates[gopt_rng_below(rng, (uint32_t)k)];
        P->number[P->label[G->order[i]]] = GOPT_COUNTRY_NO_NUMBER;
        /* The new run starts at i + 1: a number kept under that key from an earlier run that
         * started there (before a merge) counts other cells, so it goes too. */
        P->number[(i + 1) % P->length] = GOPT_COUNTRY_NO_NUMBER;
        P->cut[i] = 1;
    }
    free(candidates);
    free(differs);
    return k > 0;
}

/* Joins two runs at a border beside a cell where the loops differ (a room holding both ends
 * of an edge of ours is entered twice by a loop that swaps that edge away); false when none. */
static bool plan_merge(plan *P, const gen *G, const uint8_t *other, gopt_rng *rng) {
    int *candidates = gopt_malloc((size_t)P->length * sizeof *candidates), k = 0, cuts = 0;
    for (int i = 0; i < P->length; i++) cuts += P->cut[i];
    for (int i = 0; i < P->length && cuts > 2; i++) {
        int u = G->order[i], v = G->order[(i + 1) % P->length];
        if (P->cut[i] && (G->dirs[u] != other[u] || G->dirs[v] != other[v])) candidates[k++] = i;
    }
    if (k > 0) {
        int i = candidates[gopt_rng_below(rng, (uint32_t)k)];
        P->number[P->label[G->order[i]]] = GOPT_COUNTRY_NO_NUMBER;
        P->number[(i + 1) % P->length] = GOPT_COUNTRY_NO_NUMBER; /* that key is gone */
        P->cut[i] = 0;
    }
    free(candidates);
    return k > 0;
}

/* Moves an unused area on or beside a cell where the loops differ to another room it
 * touches (our loop's counts stay; the other loop may no longer fit); false when none can. */
static bool plan_move_area(plan *P, const gen *G, const uint8_t *other, gopt_rng *rng) {
    gopt_grid g = G->g;
    int n = gopt_grid_cells(g), *candidates = gopt_malloc((size_t)(P->nareas + 1) * sizeof *candidates), k = 0;
    uint8_t *near = gopt_calloc((size_t)(P->nareas + 1), 1);
    for (int c = 0; c < n; c++) {
        if (G->dirs[c] == other[c]) continue;
        for (int d = -1; d < 4; d++) {
            int v = d < 0 ? c : gopt_grid_step(g, c, (gopt_dir)d);
            if (v >= 0 && P->area_of[v] >= 0) near[P->area_of[v]] = 1;
        }
    }
    for (int a = 0; a < P->nareas; a++) {
        if (!near[a] || P->area_owner[a] < 0) continue;
        int here = P->label[G->order[P->area_owner[a]]];
        for (int i = 0; i < P->ntouch[a]; i++)
            if (P->label[G->order[P->touch[8 * a + i]]] != here) {
                candidates[k++] = a;
                break;
            }
    }
    if (k > 0) {
        int a = candidates[gopt_rng_below(rng, (uint32_t)k)], here = P->label[G->order[P->area_owner[a]]];
        int choices[8], m = 0;
        for (int i = 0; i < P->ntouch[a]; i++)
            if (P->label[G->order[P->touch[8 * a + i]]] != here) choices[m++] = P->touch[8 * a + i];
        P->area_owner[a] = choices[gopt_rng_below(rng, (uint32_t)m)];
    }
    free(candidates);
    free(near);
    return k > 0;
}

/* Is edge e of g on the loop `dirs`? */
static bool edge_in(const country_graph *g, const uint8_t *dirs, int e) {
    int u = g->eu[e], v = g->ev[e];
    gopt_dir d = v == u + 1 && u / g->p->size.w == v / g->p->size.w ? GOPT_E : GOPT_S;
    return dirs[u] & GOPT_DIR_BIT(d);
}

/* Another loop than `ours` (kept in `other`): 1 found, 0 none (ours is the only one; ours
 * is valid by construction, so this proves uniqueness), -1 a limit. One solve with ours
 * blocked, instead of enumerating two. */
static int other_loop(const gopt_country_puzzle *p, const uint8_t *ours, uint8_t *other, int max_rounds) {
    country_graph g;
    country_graph_init(&g, p);
    gopt_sat *s = country_sat_model(&g);
    int *block = gopt_malloc((size_t)(g.nedges + 1) * sizeof *block), n = 0;
    for (int e = 0; e < g.nedges; e++)
        if (edge_in(&g, ours, e)) block[n++] = -country_edge_var(e);
    gopt_sat_clause(s, block, n);
    gopt_cuts loop = {.separate = country_separate, .user = &g, .max_rounds = max_rounds};
    gopt_cuts_result r = gopt_cuts_sat(s, &loop);
    if (r == GOPT_CUTS_FOUND) {
        bool *on = gopt_malloc((size_t)(g.nedges + 1) * sizeof *on);
        for (int e = 0; e < g.nedges; e++) on[e] = gopt_sat_val(s, country_edge_var(e));
        country_graph_dirs(&g, on, other);
        free(on);
    }
    free(block);
    gopt_sat_free(s);
    country_graph_free(&g);
    return r == GOPT_CUTS_FOUND ? 1 : r == GOPT_CUTS_NONE ? 0 : -1;
}

static int loop_cells_in(const gopt_country_puzzle *p, const uint8_t *dirs, int room) {
    int k = 0;
    for (int c = 0; c < gopt_grid_cells(p->size); c++) k += p->room[c] == room && dirs[c];
    return k;
}

#define REFINE_MAX_ROUNDS 2000 /* a refinement stuck beyond this starts a fresh loop */

/* Every room gets its number; while another loop exists, a run where the two loops differ
 * is split in two (our loop still enters each part once) and the parts get their numbers.
 * False when no run can be split. */
static bool refine_until_unique(plan *P, const gen *G, gopt_country_puzzle *p, gopt_rng *rng, int attempt) {
    int n = gopt_grid_cells(p->size);
    uint8_t *other = gopt_malloc((size_t)n);
    bool unique = false;
    /* Successful refinements take a few dozen steps; those that drag on rarely succeed, and
     * a fresh loop is cheaper. */
    int steps = 10 + 2 * (p->size.w + p->size.h);
    for (int step = 0; step < steps; step++) {
        plan_apply(P, G, p);
        for (int r = 0; r < p->nrooms; r++)
            if (p->number[r] == GOPT_COUNTRY_NO_NUMBER)
                p->number[r] = P->number[P->label[p->room_first[r]]] = loop_cells_in(p, G->dirs, r);
        /* other_loop proves uniqueness only for a valid loop of ours: numbers that do not
         * fit it (stale after a refinement) end this attempt rather than pass as unique. */
        bool fits = true;
        for (int r = 0; r < p->nrooms && fits; r++) fits = p->number[r] < 0 || p->number[r] == loop_cells_in(p, G->dirs, r);
        if (!fits) break;
        int found = other_loop(p, G->dirs, other, REFINE_MAX_ROUNDS);
        if (found == 0) {
            unique = true;
            break;
        }
        if (found < 0) break;
        /* Split, merge or move, in a random order of preference, whichever applies first;
         * the loops often differ in several places, so a change per dozen cells where they
         * differ (up to 8) saves solves on big boards. */
        bool (*const moves[3])(plan *, const gen *, const uint8_t *, gopt_rng *) = {plan_split, plan_merge,
                                                                                   plan_move_area};
        int differ = 0;
        for (int c = 0; c < n; c++) differ += G->dirs[c] != other[c];
        /* for whoever watches (--progress, the page): a 30x30 puzzle takes seconds; the cells
         * in doubt are those where a second loop fitting the numbers differs from ours */
        gopt_progress_status(gopt_progress_current(), "attempt %d, step %d/%d: %d rooms, %d cells in doubt",
                             attempt, step + 1, steps, p->nrooms, differ);
        int changes = 1 + differ / 12 < 8 ? 1 + differ / 12 : 8;
        bool changed = false;
        for (int k = 0; k < changes; k++) {
            int first = (int)gopt_rng_below(rng, 3);
            bool once = false;
            for (int i = 0; i < 3 && !once; i++) once = moves[(first + i) % 3](P, G, other, rng);
            changed |= once;
        }
        if (!changed) break;
    }
    free(other);
    return unique;
}

/* Drops numbers in random order while the puzzle stays unique. A number kept was needed
 * with the numbers then present, a superset of the final ones, so it is still needed at the
 * end: one pass leaves a minimal set. In the standard rules one solver serves every test:
 * numbers sit behind selector variables, our loop is blocked once, and each test assumes
 * the selectors of the numbers kept but the one tried (the loop's cuts hold for any
 * numbers). In the variant the numbers also say which rooms must be visited, so each test
 * builds its model afresh. */
/* A test that needs more rounds of the lazy loop (a second "loop" keeps falling apart into
 * small cycles) keeps its number: the puzzle stays unique, and such numbers are counted. */
#define DROP_MAX_ROUNDS 200

static void drop_numbers(gopt_country_puzzle *p, const uint8_t *ours, gopt_rng *rng, int *undecided) {
    int *order = gopt_malloc((size_t)p->nrooms * sizeof *order);
    for (int r = 0; r < p->nrooms; r++) order[r] = r;
    gopt_rng_shuffle_int(rng, order, (size_t)p->nrooms);
    if (p->empty_rooms) {
        uint8_t *other = gopt_malloc((size_t)gopt_grid_cells(p->size));
        for (int i = 0; i < p->nrooms; i++) {
            int r = order[i], v = p->number[r];
            if (v == GOPT_COUNTRY_NO_NUMBER) continue;
            p->number[r] = GOPT_COUNTRY_NO_NUMBER;
            int found = other_loop(p, ours, other, DROP_MAX_ROUNDS);
            if (found < 0) (*undecided)++;
            if (found != 0) p->number[r] = v;
        }
        free(other);
        free(order);
        return;
    }
    country_graph g;
    country_graph_init(&g, p);
    int *selector = gopt_malloc((size_t)p->nrooms * sizeof *selector);
    for (int r = 0; r < p->nrooms; r++) selector[r] = 0;
    gopt_sat *s = country_sat_model_selected(&g, selector);
    int *lits = gopt_malloc((size_t)(g.nedges + p->nrooms + 1) * sizeof *lits), n = 0;
    for (int e = 0; e < g.nedges; e++)
        if (edge_in(&g, ours, e)) lits[n++] = -country_edge_var(e);
    gopt_sat_clause(s, lits, n);
    bool *kept = gopt_malloc((size_t)p->nrooms * sizeof *kept);
    for (int r = 0; r < p->nrooms; r++) kept[r] = p->number[r] != GOPT_COUNTRY_NO_NUMBER && selector[r] != 0;
    for (int i = 0; i < p->nrooms; i++) {
        int r = order[i];
        if (!kept[r]) continue;
        int m = 0;
        for (int q = 0; q < p->nrooms; q++)
            if (kept[q] && q != r) lits[m++] = selector[q];
        gopt_cuts loop = {.separate = country_separate, .user = &g, .assume = lits, .nassume = m,
                          .max_rounds = DROP_MAX_ROUNDS};
        gopt_cuts_result res = gopt_cuts_sat(s, &loop);
        if (res == GOPT_CUTS_LIMIT) (*undecided)++;
        if (res == GOPT_CUTS_NONE) {
            kept[r] = false;
            p->number[r] = GOPT_COUNTRY_NO_NUMBER;
        }
    }
    free(kept);
    free(lits);
    free(selector);
    gopt_sat_free(s);
    country_graph_free(&g);
    free(order);
}

/* Numbers back, in random order, until `percent` of the rooms have one (a unique puzzle
 * stays unique with more numbers). */
static void add_numbers(gopt_country_puzzle *p, const uint8_t *ours, int percent, gopt_rng *rng) {
    int *order = gopt_malloc((size_t)p->nrooms * sizeof *order), have = 0;
    for (int r = 0; r < p->nrooms; r++) order[r] = r, have += p->number[r] != GOPT_COUNTRY_NO_NUMBER;
    gopt_rng_shuffle_int(rng, order, (size_t)p->nrooms);
    for (int i = 0; i < p->nrooms && 100 * have < percent * p->nrooms; i++)
        if (p->number[order[i]] == GOPT_COUNTRY_NO_NUMBER) p->number[order[i]] = loop_cells_in(p, ours, order[i]), have++;
    free(order);
}

gopt_country_puzzle *gopt_country_generate(int w, int h, bool empty_rooms, gopt_rng *rng, gopt_error *err) {
    gopt_country_generate_options o = {.w = w, .h = h, .empty_rooms = empty_rooms, .clues = GOPT_COUNTRY_CLUES_MINIMAL};
    return gopt_country_generate_with(&o, rng, err);
}

gopt_country_puzzle *gopt_country_generate_with(const gopt_country_generate_options *o, gopt_rng *rng, gopt_error *err) {
    int w = o->w, h = o->h;
    bool empty_rooms = o->empty_rooms;
    if (w < 2 || h < 2 || w > GOPT_COUNTRY_GENERATE_MAX || h > GOPT_COUNTRY_GENERATE_MAX) {
        gopt_fail(err, "--size", 0, 0, "sizes from 2x2 to %dx%d", GOPT_COUNTRY_GENERATE_MAX, GOPT_COUNTRY_GENERATE_MAX);
        return NULL;
    }
    int n = w * h;
    gen G = {.g = {w, h}, .rng = rng};
    G.square = gopt_calloc((size_t)n, 1);
    G.dirs = gopt_calloc((size_t)n, 1);
    G.order = gopt_malloc((size_t)n * sizeof *G.order);
    gopt_country_puzzle *p = NULL;
    bool broken = false;
    for (int attempt = 0; attempt < 200 && !p && !broken; attempt++) {
        random_loop(&G);
        if (G.length < 4) continue;
        p = gopt_country_new(w, h);
        p->empty_rooms = empty_rooms;
        plan P;
        plan_init(&P, &G, empty_rooms);
        bool unique = refine_until_unique(&P, &G, p, rng, attempt + 1);
        plan_free(&P);
        if (!unique) {
            gopt_country_free(p);
            p = NULL;
            continue;
        }
        int undecided = 0;
        gopt_progress_status(gopt_progress_current(), "attempt %d: unique with %d rooms; dropping numbers", attempt + 1, p->nrooms);
        if (o->clues < 100) drop_numbers(p, G.dirs, rng, &undecided);
        if (o->undecided) *o->undecided = undecided;
        if (o->clues > 0) add_numbers(p, G.dirs, o->clues, rng);
        char why[256];
        if (!gopt_country_check(p, G.dirs, why, sizeof why)) {
            gopt_fail(err, "generate", 0, 0, "internal error: a generated loop breaks the rules: %s", why);
            gopt_country_free(p);
            p = NULL;
            broken = true;
        }
    }
    free(G.square);
    free(G.dirs);
    free(G.order);
    if (!p) gopt_fail(err, "--size", 0, 0, "no unique puzzle found in 200 attempts"); /* keeps an earlier error */
    return p;
}
