/* The SAT method: edge and cell variables, the local rules as clauses, one loop through
 * the lazy loop of gameopt/cuts.h, and enumeration for uniqueness.
 *
 * Clauses (edge e joins cells u and v; x_c: cell c is on the loop):
 *  - e -> x_u, e -> x_v; at most two edges at a cell (no three of them); and x_c -> "at
 *    least two": for each edge e at c, -x_c | (the other edges at c). Degree is 0 or 2.
 *  - Borders: x_u | x_v for neighbours in different rooms (or beside a stray border, which
 *    also has no edge through it).
 *  - Rooms: exactly 2 crossing edges used in the standard rules (with two rooms or more),
 *    0 or 2 in the variant. Any set of disjoint cycles crosses a room's boundary an even
 *    number of times, so these bounds say "entered and left once".
 *  - Numbers: exactly k cell variables of the room (a totalizer, over the unused cells
 *    when those are fewer).
 *  - Some cell is on the loop.
 *  - Redundant, to save rounds of the lazy loop: no four edges around a 2x2 square when a
 *    room that must be visited lies outside it (the square would be the whole loop).
 * Enumeration: a model the separator accepts is one loop; we block it with the clause
 * "one of its edges is unused" (a second loop cannot contain the whole first one) and solve
 * again, through the same lazy loop, so only real loops are counted and blocked. The count
 * is exact only when the last solve proves there is no further loop. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/require.h"
#include "internal.h"

/* Degree 0 or 2 at every cell. */
static void add_degrees(gopt_sat *s, const country_graph *g) {
    for (int c = 0; c < g->ncells; c++) {
        int x = country_cell_var(g, c), lits[4], k = 0;
        if (g->p->room[c] == GOPT_COUNTRY_HOLE) {
            gopt_sat_unit(s, -x);
            continue;
        }
        for (int d = 0; d < 4; d++)
            if (g->cell_edge[4 * c + d] >= 0) lits[k++] = country_edge_var(g->cell_edge[4 * c + d]);
        for (int i = 0; i < k; i++) gopt_sat_implies(s, lits[i], x);
        for (int i = 0; i < k; i++)
            for (int j = i + 1; j < k; j++)
                for (int l = j + 1; l < k; l++) gopt_sat_clause3(s, -lits[i], -lits[j], -lits[l]);
        for (int i = 0; i < k; i++) {
            int clause[4], m = 0;
            clause[m++] = -x;
            for (int j = 0; j < k; j++)
                if (j != i) clause[m++] = lits[j];
            gopt_sat_clause(s, clause, m);
        }
        if (k == 0) gopt_sat_unit(s, -x);
    }
}

/* A room's crossings: exactly two, or (may_be_empty) none or two. With few crossing edges
 * directly (no three of them; an edge used needs a partner; some edge), which propagates as
 * well as a totalizer and costs far fewer clauses; with many, a totalizer ("at least 1 ->
 * at least 2", "not 3"). */
static void add_crossings(gopt_sat *s, const int *lits, int m, bool may_be_empty) {
    if (m > 10) {
        gopt_sat_card t = gopt_sat_totalizer(s, lits, m, 3);
        gopt_sat_unit(s, -t.out[2]);
        gopt_sat_implies(s, t.out[0], t.out[1]);
        if (!may_be_empty) gopt_sat_unit(s, t.out[0]);
        gopt_sat_card_free(&t);
        return;
    }
    int clause[10];
    for (int i = 0; i < m; i++)
        for (int j = i + 1; j < m; j++)
            for (int k = j + 1; k < m; k++) gopt_sat_clause3(s, -lits[i], -lits[j], -lits[k]);
    for (int i = 0; i < m; i++) {
        int n = 0;
        clause[n++] = -lits[i];
        for (int j = 0; j < m; j++)
            if (j != i) clause[n++] = lits[j];
        gopt_sat_clause(s, clause, n);
    }
    if (!may_be_empty) gopt_sat_clause(s, lits, m);
}

static void add_rooms(gopt_sat *s, const country_graph *g, int *selector) {
    const gopt_country_puzzle *p = g->p;
    int *lits = gopt_malloc((size_t)(g->ncells + g->nedges + 1) * sizeof *lits);
    for (int c = 0; c < g->ncells; c++)
        for (gopt_dir d = GOPT_E; d <= GOPT_S; d++)
            if (gopt_country_border(p, c, d))
                gopt_sat_clause2(s, country_cell_var(g, c), country_cell_var(g, gopt_grid_step(p->size, c, d)));
    for (int r = 0; r < p->nrooms && p->nrooms >= 2; r++) {
        int n = 0;
        for (int i = g->room_cross_at[r]; i < g->room_cross_at[r + 1]; i++)
            lits[n++] = country_edge_var(g->room_cross[i]);
        add_crossings(s, lits, n, p->empty_rooms);
    }
    for (int r = 0; r < p->nrooms; r++) {
        if (p->number[r] < 0) continue;
        /* A totalizer cut off at k + 1 grows with k: count the unused cells when fewer. */
        int k = p->number[r], n = 0;
        bool unused = k > p->room_size[r] - k && k <= p->room_size[r];
        for (int c = 0; c < g->ncells; c++)
            if (p->room[c] == r) lits[n++] = unused ? -country_cell_var(g, c) : country_cell_var(g, c);
        if (selector) gopt_sat_exactly_if(s, selector[r] = gopt_sat_var(s), lits, n, unused ? n - k : k);
        else gopt_sat_exactly(s, lits, n, unused ? n - k : k);
    }
    int n = 0;
    for (int c = 0; c < g->ncells; c++)
        if (p->room[c] != GOPT_COUNTRY_HOLE) lits[n++] = country_cell_var(g, c);
    gopt_sat_clause(s, lits, n);
    free(lits);
}

/* No loop of four cells when some room that must be visited lies outside them. */
static void add_squares(gopt_sat *s, const country_graph *g) {
    const gopt_country_puzzle *p = g->p;
    int w = p->size.w;
    for (int c = 0; c < g->ncells; c++) {
        int e1 = g->cell_edge[4 * c + GOPT_E], e2 = g->cell_edge[4 * c + GOPT_S];
        if (e1 < 0 || e2 < 0) continue;
        int e3 = g->cell_edge[4 * (c + 1) + GOPT_S], e4 = g->cell_edge[4 * (c + w) + GOPT_E];
        if (e3 < 0 || e4 < 0) continue;
        int cells[4] = {c, c + 1, c + w, c + w + 1};
        bool outside = false;
        for (int r = 0; r < p->nrooms && !outside; r++) {
            if (p->empty_rooms && p->number[r] < 1) continue;
            bool in = false;
            for (int i = 0; i < 4; i++) in |= p->room[cells[i]] == r;
            outside = !in;
        }
        if (outside) {
            int clause[4] = {-country_edge_var(e1), -country_edge_var(e2), -country_edge_var(e3), -country_edge_var(e4)};
            gopt_sat_clause(s, clause, 4);
        }
    }
}

gopt_sat *country_sat_model_selected(const country_graph *g, int *selector) {
    gopt_sat *s = gopt_sat_new();
    gopt_sat_vars(s, g->nedges + g->ncells);
    add_degrees(s, g);
    add_rooms(s, g, selector);
    add_squares(s, g);
    return s;
}

gopt_sat *country_sat_model(const country_graph *g) { return country_sat_model_selected(g, NULL); }

void country_solve_sat(country_run *run) {
    country_graph g;
    country_graph_init(&g, run->p);
    gopt_sat *s = country_sat_model(&g);
    if (run->time_limit > 0) gopt_sat_set_time_limit(s, run->time_limit);
    gopt_cuts loop = {.separate = country_separate, .user = &g};
    bool *on = gopt_malloc((size_t)(g.nedges + 1) * sizeof *on);
    int *block = gopt_malloc((size_t)(g.nedges + 1) * sizeof *block);
    while (run->found < run->count) {
        gopt_cuts_result r = gopt_cuts_sat(s, &loop);
        if (r == GOPT_CUTS_NONE) run->complete = true;
        if (r != GOPT_CUTS_FOUND) {
            run->limit = r == GOPT_CUTS_LIMIT;
            break;
        }
        int n = 0;
        for (int e = 0; e < g.nedges; e++) {
            on[e] = gopt_sat_val(s, country_edge_var(e));
            if (on[e]) block[n++] = -country_edge_var(e);
        }
        GOPT_ASSERT(n >= 4); /* a loop has edges: an empty blocking clause would "prove" none is left */
        if (run->found == 0) country_graph_dirs(&g, on, run->first);
        if (run->found == 1 && run->second) country_graph_dirs(&g, on, run->second);
        run->found++;
        gopt_sat_clause(s, block, n);
    }
    run->rounds += loop.rounds;
    run->cuts += g.cuts;
    run->room_cuts += g.room_cuts;
    gopt_sat_add_counters(s, &run->counters);
    free(on);
    free(block);
    gopt_sat_free(s);
    country_graph_free(&g);
}
