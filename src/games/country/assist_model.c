/* The full model the assist verbs question, and what a partial answer states.
 *
 * A partial answer is the puzzle's own loop format with unknowns (docs/formats.md): a token
 * per cell, where "?" says nothing, "+" says the cell is used, "s?" that the loop leaves by s
 * (the other exit unknown), "-" that the cell is unused and a whole token ("se") everything; or
 * a pzprv3 file as puzz.link saves progress (sides drawn, crossed out or not decided, cells
 * marked with a circle or a cross). Each known thing is one statement, a literal of the model. */
#include <stdlib.h>
#include <string.h>

#include "assist.h"

void country_model_init(country_model *m, const gopt_country_puzzle *p, double time_limit) {
    memset(m, 0, sizeof *m);
    m->p = p;
    country_graph_init(&m->g, p);
    m->s = country_sat_model(&m->g);
    if (time_limit > 0) gopt_sat_set_time_limit(m->s, time_limit);
    m->loop = (gopt_cuts){.separate = country_separate, .user = &m->g};
}

void country_model_free(country_model *m) {
    gopt_sat_free(m->s);
    country_graph_free(&m->g);
    memset(m, 0, sizeof *m);
}

void country_model_loop(const country_model *m, uint8_t *dirs) {
    bool *on = gopt_malloc((size_t)(m->g.nedges + 1) * sizeof *on);
    for (int e = 0; e < m->g.nedges; e++) on[e] = gopt_sat_val(m->s, country_edge_var(e));
    country_graph_dirs(&m->g, on, dirs);
    free(on);
}

/* ---------------------------------------------------------------- tokens */

bool country_read_mark(const char *s, size_t len, uint8_t *on, uint8_t *known) {
    *on = 0;
    if (len == 1 && s[0] == '?') return *known = 0, true;
    if (len == 1 && s[0] == '+') return *known = GOPT_COUNTRY_KNOWN_USED, true;
    if (len == 1 && s[0] == '-') return *known = 0xf | GOPT_COUNTRY_KNOWN_UNUSED, true;
    bool open = len > 1 && s[len - 1] == '?';
    if (!gopt_country_parse_token(s, open ? len - 1 : len, on)) return false;
    if (open && (*on & (*on - 1))) return false; /* "se?" would say no more than "se" */
    *known = (uint8_t)((open ? *on : 0xf) | GOPT_COUNTRY_KNOWN_USED);
    return true;
}

bool country_mark_complete(uint8_t known) {
    return (known & 0xf) == 0xf && (known & (GOPT_COUNTRY_KNOWN_USED | GOPT_COUNTRY_KNOWN_UNUSED));
}

void gopt_country_known_free(gopt_country_known *k) {
    free(k->on);
    free(k->off);
    free(k->used);
    memset(k, 0, sizeof *k);
}

bool gopt_country_known_cell(const gopt_country_known *k, int c) {
    return k->used[c] >= 0 && ((k->on[c] | k->off[c]) & 0xf) == 0xf;
}

const char *gopt_country_known_token(const gopt_country_known *k, int c, char buf[4]) {
    char tok[5];
    if (gopt_country_known_cell(k, c)) {
        snprintf(buf, 4, "%s", gopt_country_token(k->on[c], tok));
    } else if (k->on[c]) {
        /* one exit known (two would decide the cell) */
        snprintf(buf, 4, "%s?", gopt_country_token(k->on[c], tok));
    } else {
        snprintf(buf, 4, "%s", k->used[c] == 1 ? "+" : k->used[c] == 0 ? "-" : "?");
    }
    return buf;
}

void country_known_from_values(const country_graph *g, const int8_t *val, gopt_country_known *k) {
    int n = g->ncells;
    k->ncells = n;
    k->on = gopt_calloc((size_t)n + 1, 1);
    k->off = gopt_calloc((size_t)n + 1, 1);
    k->used = gopt_malloc((size_t)n + 1);
    for (int c = 0; c < n; c++) {
        k->used[c] = g->p->room[c] == GOPT_COUNTRY_HOLE ? 0 : val[g->nedges + c];
        for (int d = 0; d < 4; d++) {
            int e = country_side_edge(g, c, d);
            int8_t v = e < 0 ? 0 : val[e];
            if (v == 1) k->on[c] |= (uint8_t)GOPT_DIR_BIT(d);
            if (v == 0) k->off[c] |= (uint8_t)GOPT_DIR_BIT(d);
        }
    }
}

/* ---------------------------------------------------------------- marks */

country_mark *country_marks_of(const country_model *m, int *n) {
    const gopt_country_puzzle *p = m->p;
    const country_graph *g = &m->g;
    *n = 0;
    if (!p->given) return NULL;
    country_mark *marks = gopt_malloc((size_t)(5 * g->ncells + 1) * sizeof *marks);
    uint8_t *seen = gopt_calloc((size_t)country_model_nvars(m) + 2, 1); /* per variable: 1 true, 2 false stated */
    for (int c = 0; c < g->ncells; c++) {
        uint8_t known = p->given_known ? p->given_known[c] : (uint8_t)(0xf | (p->given[c] ? GOPT_COUNTRY_KNOWN_USED
                                                                                         : GOPT_COUNTRY_KNOWN_UNUSED));
        uint8_t on = p->given[c];
        if (known & (GOPT_COUNTRY_KNOWN_USED | GOPT_COUNTRY_KNOWN_UNUSED)) {
            bool used = known & GOPT_COUNTRY_KNOWN_USED;
            int lit = p->room[c] == GOPT_COUNTRY_HOLE ? (used ? 0 : -country_cell_var(g, c))
                                                       : (used ? 1 : -1) * country_cell_var(g, c);
            if (p->room[c] != GOPT_COUNTRY_HOLE || used) marks[(*n)++] = (country_mark){c, -1, used, lit};
        }
        /* sides in the order of the tokens' letters: n, s, e, w */
        static const int order[4] = {GOPT_N, GOPT_S, GOPT_E, GOPT_W};
        for (int i = 0; i < 4; i++) {
            int d = order[i];
            bool crossed = on & GOPT_DIR_BIT(d);
            if (!(known & GOPT_DIR_BIT(d)) && !crossed) continue;
            int e = country_side_edge(g, c, d);
            if (e < 0 && !crossed) continue; /* "not crossed" where no loop can go says nothing */
            int lit = e < 0 ? 0 : crossed ? country_edge_var(e) : -country_edge_var(e);
            /* both cells of a side may state it: once is enough */
            uint8_t bit = crossed ? 1 : 2;
            if (lit && (seen[abs(lit)] & bit)) continue;
            if (lit) seen[abs(lit)] |= bit;
            marks[(*n)++] = (country_mark){c, d, crossed, lit};
        }
    }
    free(seen);
    return marks;
}
