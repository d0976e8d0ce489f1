/* A step-by-step explanation: the deductions that lead to the loop, in an order a person
 * can follow. The state is our model's variables (an edge on the loop or not, a cell used
 * or not); each step sets one of them because one rule of the model leaves no choice:
 *  - degree two: a used cell has two loop edges, an unused one none;
 *  - border rule: of two cells on either side of a room border one is used;
 *  - room count: a numbered room has exactly that many used cells;
 *  - room entered once: the loop crosses a room's boundary exactly twice (0 or 2 in the
 *    variant, for rooms without a number >= 1);
 *  - no second loop: an edge that would close a cycle while loop pieces or rooms that must
 *    be visited lie outside it is not on the loop.
 * This is unit propagation over the model's constraints, read rule by rule: each step is
 * the first one the rules allow, trying the rules in the order above (the simplest first),
 * so the text reads like a solver's notes. When no rule applies, a one-step trial: a value
 * whose opposite makes propagation break a rule is a deduction too ("if not, ..."). When
 * that fails as well a guess is needed; we say where and take the solver's value. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "rules.h"

typedef country_state state; /* per variable (edges, then cells): -1 unknown, 0, 1 */
typedef country_found found; /* degree two's `why`: which case (see describe) */

static int nvars(const country_graph *g) { return g->nedges + g->ncells; }
static int cell_of(const country_graph *g, int c) { return g->nedges + c; }
static bool must_visit(const gopt_country_puzzle *p, int r) { return !p->empty_rooms || p->number[r] >= 1; }

static bool offer(found *f, int var, int value, gopt_country_rule rule, int at, const state *s) {
    if (s->val[var] >= 0) return false;
    *f = (found){var, value, rule, at, -1};
    return true;
}

/* Degree two at cell c; false on a contradiction. */
static bool degree(const state *s, int c, found *f, bool *hit) {
    const country_graph *g = s->g;
    int x = s->val[cell_of(g, c)], in = 0, open = 0, edges[4], k = 0;
    if (g->p->room[c] == GOPT_COUNTRY_HOLE) return true;
    for (int d = 0; d < 4; d++) {
        int e = g->cell_edge[4 * c + d];
        if (e < 0) continue;
        if (s->val[e] == 1) in++;
        if (s->val[e] < 0) open++, edges[k++] = e;
    }
    if (in > 2 || (x == 0 && in > 0) || (x == 1 && in + open < 2)) return false;
    int why = -1;
    if (in >= 1 && x < 0) why = 0, *hit = offer(f, cell_of(g, c), 1, GOPT_COUNTRY_RULE_DEGREE, c, s);
    else if (in + open < 2 && x < 0) why = 1, *hit = offer(f, cell_of(g, c), 0, GOPT_COUNTRY_RULE_DEGREE, c, s);
    else if (x == 0 && k > 0) why = 2, *hit = offer(f, edges[0], 0, GOPT_COUNTRY_RULE_DEGREE, c, s);
    else if (in == 2 && k > 0) why = 3, *hit = offer(f, edges[0], 0, GOPT_COUNTRY_RULE_DEGREE, c, s);
    else if (x == 1 && in + open == 2 && k > 0) why = 4, *hit = offer(f, edges[0], 1, GOPT_COUNTRY_RULE_DEGREE, c, s);
    if (*hit) f->why = why;
    return true;
}

static bool borders(const state *s, int c, found *f, bool *hit) {
    const country_graph *g = s->g;
    for (gopt_dir d = GOPT_E; d <= GOPT_S && !*hit; d++) {
        if (!gopt_country_border(g->p, c, d)) continue;
        int v = gopt_grid_step(g->p->size, c, d), a = s->val[cell_of(g, c)], b = s->val[cell_of(g, v)];
        if (a == 0 && b == 0) return false;
        if (a == 0) *hit = offer(f, cell_of(g, v), 1, GOPT_COUNTRY_RULE_BORDER, c, s);
        else if (b == 0) *hit = offer(f, cell_of(g, c), 1, GOPT_COUNTRY_RULE_BORDER, v, s);
    }
    return true;
}

static bool count(const state *s, int r, found *f, bool *hit) {
    const country_graph *g = s->g;
    const gopt_country_puzzle *p = g->p;
    int k = p->number[r];
    if (k < 0) return true;
    int used = 0, open = 0, first = -1;
    for (int c = 0; c < g->ncells; c++) {
        if (p->room[c] != r) continue;
        int x = s->val[cell_of(g, c)];
        used += x == 1;
        if (x < 0) open++, first = first < 0 ? c : first;
    }
    if (used > k || used + open < k) return false;
    if (open && used == k) *hit = offer(f, cell_of(g, first), 0, GOPT_COUNTRY_RULE_COUNT, r, s);
    else if (open && used + open == k) *hit = offer(f, cell_of(g, first), 1, GOPT_COUNTRY_RULE_COUNT, r, s);
    return true;
}

static bool once(const state *s, int r, found *f, bool *hit) {
    const country_graph *g = s->g;
    const gopt_country_puzzle *p = g->p;
    if (p->nrooms < 2) return true;
    int in = 0, open = 0, first = -1;
    for (int i = g->room_cross_at[r]; i < g->room_cross_at[r + 1]; i++) {
        int e = g->room_cross[i];
        in += s->val[e] == 1;
        if (s->val[e] < 0) open++, first = first < 0 ? e : first;
    }
    /* Entered at all only when some other room must be visited too: in the variant the whole
     * loop may lie inside the one room that must be visited. */
    bool visit = must_visit(p, r), other = false;
    for (int q = 0; q < p->nrooms && visit && !other; q++) other = q != r && must_visit(p, q);
    visit = visit && other;
    if (in > 2 || (visit && in + open < 2) || (open == 0 && in % 2)) return false;
    if (!open) return true;
    if (in == 2) *hit = offer(f, first, 0, GOPT_COUNTRY_RULE_ONCE, r, s);
    else if (visit && in + open == 2) *hit = offer(f, first, 1, GOPT_COUNTRY_RULE_ONCE, r, s);
    else if (open == 1) *hit = offer(f, first, in % 2, GOPT_COUNTRY_RULE_ONCE, r, s);
    return true;
}

static int root(int *parent, int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
}

/* No second loop: pieces of loop edges (union-find over cells); an edge joining the two
 * ends of one piece closes it, which only the whole loop may do. */
static bool one_loop(const state *s, int *parent, int *size, found *f, bool *hit) {
    const country_graph *g = s->g;
    const gopt_country_puzzle *p = g->p;
    int n = g->ncells;
    for (int c = 0; c < n; c++) parent[c] = c, size[c] = 0;
    int pieces = 0, closed = -1;
    for (int e = 0; e < g->nedges; e++) {
        if (s->val[e] != 1) continue;
        int a = root(parent, g->eu[e]), b = root(parent, g->ev[e]);
        if (a == b) closed = a;
        else parent[a] = b;
    }
    /* Roots that hold a loop edge or a used cell count as pieces of the loop. */
    for (int c = 0; c < n; c++)
        if (s->val[cell_of(g, c)] == 1) size[root(parent, c)] = 1;
    for (int c = 0; c < n; c++) pieces += parent[c] == c && size[c];
    if (closed >= 0) {
        /* A closed cycle must be everything: no other piece, every room that must be visited;
         * then nothing else is on the loop. */
        if (pieces > 1) return false;
        for (int r = 0; r < p->nrooms; r++) {
            bool inside = !must_visit(p, r);
            for (int c = 0; c < n && !inside; c++) inside = p->room[c] == r && s->val[cell_of(g, c)] == 1;
            if (!inside) return false;
        }
        for (int v = 0; v < nvars(g) && !*hit; v++)
            if (s->val[v] < 0) *hit = offer(f, v, 0, GOPT_COUNTRY_RULE_LOOP, closed, s);
        return true;
    }
    for (int e = 0; e < g->nedges && !*hit; e++) {
        if (s->val[e] >= 0) continue;
        int a = root(parent, g->eu[e]);
        if (a != root(parent, g->ev[e]) || !size[a]) continue;
        /* Closing piece a: it is the loop only if nothing lies outside it. */
        bool outside = pieces > 1;
        for (int r = 0; r < p->nrooms && !outside; r++) {
            if (!must_visit(p, r)) continue;
            bool inside = false;
            for (int c = 0; c < n && !inside; c++) inside = p->room[c] == r && root(parent, c) == a;
            outside = !inside;
        }
        if (outside) *hit = offer(f, e, 0, GOPT_COUNTRY_RULE_LOOP, g->eu[e], s);
    }
    return true;
}

/* The next deduction by the first rule that gives one; 0 none, 1 found, -1 contradiction
 * (*f->rule then names the rule that broke). */
static int next_step(const state *s, int *scratch, found *f) {
    const country_graph *g = s->g;
    const gopt_country_puzzle *p = g->p;
    bool hit = false;
    for (int c = 0; c < g->ncells && !hit; c++)
        if (!degree(s, c, f, &hit)) return f->rule = GOPT_COUNTRY_RULE_DEGREE, -1;
    for (int c = 0; c < g->ncells && !hit; c++)
        if (p->room[c] != GOPT_COUNTRY_HOLE && !borders(s, c, f, &hit)) return f->rule = GOPT_COUNTRY_RULE_BORDER, -1;
    for (int r = 0; r < p->nrooms && !hit; r++)
        if (!count(s, r, f, &hit)) return f->rule = GOPT_COUNTRY_RULE_COUNT, -1;
    for (int r = 0; r < p->nrooms && !hit; r++)
        if (!once(s, r, f, &hit)) return f->rule = GOPT_COUNTRY_RULE_ONCE, -1;
    if (!hit && !one_loop(s, scratch, scratch + g->ncells, f, &hit)) return f->rule = GOPT_COUNTRY_RULE_LOOP, -1;
    return hit ? 1 : 0;
}

/* Propagates to the end; false with *broke set on a contradiction. */
static bool propagate(state *s, int *scratch, gopt_country_rule *broke) {
    found f;
    for (;;) {
        int r = next_step(s, scratch, &f);
        if (r < 0) return *broke = f.rule, false;
        if (r == 0) return true;
        s->val[f.var] = (int8_t)f.value;
    }
}

const char *gopt_country_rule_name(gopt_country_rule r) {
    static const char *const names[] = {"degree two", "border rule", "room count", "room entered once",
                                        "no second loop", "trial", "guess"};
    return names[r];
}

static void push(gopt_country_explanation *x, const found *f, int because) {
    gopt_grow(&x->steps, &x->cap, (size_t)x->nsteps + 1, sizeof *x->steps);
    x->steps[x->nsteps++] = (gopt_country_step){f->var, f->value != 0, f->rule, f->at, because < 0 ? f->why : because};
}

gopt_country_explanation *gopt_country_explain(const gopt_country_puzzle *p) {
    gopt_country_explanation *x = gopt_calloc(1, sizeof *x);
    x->p = p;
    country_graph *g = gopt_calloc(1, sizeof *g);
    country_graph_init(g, p);
    x->graph = g;
    x->nedges = g->nedges;
    x->ncells = g->ncells;
    /* The solver's loops: the first guides guesses; a second one means no explanation can end
     * with one loop. */
    country_run run = {.p = p, .count = 2};
    run.first = gopt_calloc((size_t)g->ncells, 1);
    country_solve_sat(&run);
    x->solutions = run.complete || run.found == 2 ? run.found : -1;
    int V = nvars(g);
    int8_t *answer = gopt_malloc((size_t)V);
    for (int e = 0; e < g->nedges; e++) {
        int u = g->eu[e], v = g->ev[e];
        gopt_dir d = v == u + 1 && u / p->size.w == v / p->size.w ? GOPT_E : GOPT_S;
        answer[e] = (int8_t)((run.first[u] & GOPT_DIR_BIT(d)) != 0);
    }
    for (int c = 0; c < g->ncells; c++) answer[cell_of(g, c)] = run.first[c] != 0;
    free(run.first);
    state s = {g, gopt_malloc((size_t)V)}, trial = {g, gopt_malloc((size_t)V)};
    memset(s.val, -1, (size_t)V);
    for (int c = 0; c < g->ncells; c++)
        if (p->room[c] == GOPT_COUNTRY_HOLE) s.val[cell_of(g, c)] = 0;
    int *scratch = gopt_malloc((size_t)(2 * g->ncells + 1) * sizeof *scratch);
    bool stuck = x->solutions < 1;
    while (!stuck) {
        found f;
        int r = next_step(&s, scratch, &f);
        if (r < 0) break; /* cannot happen on a solvable puzzle; stop rather than loop */
        if (r == 1) {
            s.val[f.var] = (int8_t)f.value;
            push(x, &f, -1);
            continue;
        }
        /* Stuck: a trial on each open variable, against the solver's value. */
        int var = -1;
        gopt_country_rule broke = GOPT_COUNTRY_RULE_DEGREE;
        for (int v = 0; v < V && var < 0; v++) {
            if (s.val[v] >= 0) continue;
            memcpy(trial.val, s.val, (size_t)V);
            trial.val[v] = (int8_t)!answer[v];
            if (!propagate(&trial, scratch, &broke)) var = v;
        }
        if (var >= 0) {
            f = (found){var, answer[var], GOPT_COUNTRY_RULE_TRIAL, var < g->nedges ? g->eu[var] : var - g->nedges, -1};
            s.val[var] = answer[var];
            push(x, &f, (int)broke);
            continue;
        }
        int open = -1;
        for (int v = 0; v < V && open < 0; v++)
            if (s.val[v] < 0) open = v;
        if (open < 0) break;
        f = (found){open, answer[open], GOPT_COUNTRY_RULE_GUESS, open < g->nedges ? g->eu[open] : open - g->nedges, -1};
        s.val[open] = answer[open];
        push(x, &f, -1);
        x->guesses++;
    }
    x->complete = true;
    for (int v = 0; v < V; v++) x->complete &= s.val[v] >= 0;
    if (x->complete) {
        x->loop = gopt_calloc((size_t)g->ncells, 1);
        bool *on = gopt_malloc((size_t)(g->nedges + 1) * sizeof *on);
        for (int e = 0; e < g->nedges; e++) on[e] = s.val[e] == 1;
        country_graph_dirs(g, on, x->loop);
        free(on);
    }
    free(scratch);
    free(answer);
    free(s.val);
    free(trial.val);
    return x;
}

void gopt_country_explanation_free(gopt_country_explanation *x) {
    if (!x) return;
    country_graph_free(x->graph);
    free(x->graph);
    free(x->steps);
    free(x->loop);
    free(x);
}

int gopt_country_step_literal(const gopt_country_explanation *x, const gopt_country_step *st) {
    int v = st->var < x->nedges ? country_edge_var(st->var) : country_cell_var(x->graph, st->var - x->nedges);
    return st->value ? v : -v;
}

/* ---------------------------------------------------------------- text */

static void cell_name(const gopt_country_puzzle *p, int c, char *buf, size_t size) {
    snprintf(buf, size, "r%dc%d", c / p->size.w + 1, c % p->size.w + 1);
}

static void describe(const gopt_country_explanation *x, const gopt_country_step *st, gopt_buf *b) {
    const gopt_country_puzzle *p = x->p;
    const country_graph *g = x->graph;
    char a[16], c2[16];
    if (st->var < x->nedges) {
        cell_name(p, g->eu[st->var], a, sizeof a);
        cell_name(p, g->ev[st->var], c2, sizeof c2);
        gopt_buf_printf(b, "%s-%s %s", a, c2, st->value ? "on the loop" : "not on the loop");
    } else {
        cell_name(p, st->var - x->nedges, a, sizeof a);
        gopt_buf_printf(b, "%s %s", a, st->value ? "used" : "unused");
    }
    cell_name(p, st->rule == GOPT_COUNTRY_RULE_COUNT || st->rule == GOPT_COUNTRY_RULE_ONCE ? p->room_first[st->at] : st->at,
              a, sizeof a);
    switch (st->rule) {
    case GOPT_COUNTRY_RULE_DEGREE: {
        static const char *const why[] = {"a loop edge reaches %s", "%s has fewer than two possible edges",
                                          "%s is unused", "%s has its two loop edges", "%s is used and has only two possible edges"};
        gopt_buf_puts(b, " (");
        gopt_buf_printf(b, why[st->because >= 0 && st->because < 5 ? st->because : 0], a);
        gopt_buf_puts(b, ")");
        break;
    }
    case GOPT_COUNTRY_RULE_BORDER: gopt_buf_printf(b, " (%s across the border is unused)", a); break;
    case GOPT_COUNTRY_RULE_COUNT:
        gopt_buf_printf(b, " (the room at %s uses exactly %d cells)", a, p->number[st->at]);
        break;
    case GOPT_COUNTRY_RULE_ONCE: gopt_buf_printf(b, " (the loop crosses the border of the room at %s twice)", a); break;
    case GOPT_COUNTRY_RULE_LOOP: gopt_buf_printf(b, " (it would close a loop that leaves loop pieces or rooms out)"); break;
    case GOPT_COUNTRY_RULE_TRIAL:
        gopt_buf_printf(b, " (the other way the %s rule breaks a few steps later)", gopt_country_rule_name(st->because));
        break;
    case GOPT_COUNTRY_RULE_GUESS: gopt_buf_printf(b, " (no rule decides here: a guess is needed; we take the solution's value)"); break;
    }
}

void gopt_country_explain_print(FILE *out, const gopt_country_explanation *x, bool unicode) {
    gopt_buf b = {0};
    for (int i = 0; i < x->nsteps; i++) {
        const gopt_country_step *st = &x->steps[i];
        gopt_buf_printf(&b, "%d. %s: ", i + 1, gopt_country_rule_name(st->rule));
        describe(x, st, &b);
        gopt_buf_putc(&b, '\n');
    }
    if (b.data) fputs(b.data, out);
    gopt_buf_free(&b);
    if (x->solutions < 1) {
        fprintf(out, "the puzzle has no solution: nothing to explain\n");
        return;
    }
    int trials = 0;
    for (int i = 0; i < x->nsteps; i++) trials += x->steps[i].rule == GOPT_COUNTRY_RULE_TRIAL;
    fprintf(out, "%d steps: %d by the rules alone, %d by a trial, %d guesses%s\n", x->nsteps,
            x->nsteps - trials - x->guesses, trials, x->guesses,
            x->solutions == 2 ? " (the puzzle has more than one solution)" : "");
    if (x->complete) {
        fprintf(out, "the loop (%d cells):\n", country_loop_length(x->loop, x->ncells));
        gopt_country_draw(out, x->p, x->loop, unicode);
    }
}

json_t *gopt_country_explain_json(const gopt_country_explanation *x) {
    json_t *steps = json_array();
    gopt_buf b = {0};
    for (int i = 0; i < x->nsteps; i++) {
        b.len = 0;
        describe(x, &x->steps[i], &b);
        json_array_append_new(steps, json_pack("{s:s, s:s}", "rule", gopt_country_rule_name(x->steps[i].rule), "text",
                                               b.data ? b.data : ""));
    }
    gopt_buf_free(&b);
    return json_pack("{s:o, s:i, s:I, s:b}", "steps", steps, "guesses", x->guesses, "solutions",
                     (json_int_t)x->solutions, "complete", x->complete);
}

/* The state after `upto` steps, as loop edges and known cells, for pictures. */
void country_explain_state(const gopt_country_explanation *x, int upto, uint8_t *dirs, int8_t *cells, uint8_t *cut) {
    const country_graph *g = x->graph;
    memset(dirs, 0, (size_t)x->ncells);
    memset(cut, 0, (size_t)x->ncells);
    memset(cells, -1, (size_t)x->ncells);
    for (int i = 0; i < upto && i < x->nsteps; i++) {
        const gopt_country_step *st = &x->steps[i];
        if (st->var >= x->nedges) {
            cells[st->var - x->nedges] = (int8_t)st->value;
            continue;
        }
        int u = g->eu[st->var], v = g->ev[st->var];
        gopt_dir d = v == u + 1 && u / x->p->size.w == v / x->p->size.w ? GOPT_E : GOPT_S;
        if (st->value) dirs[u] |= (uint8_t)GOPT_DIR_BIT(d), dirs[v] |= (uint8_t)GOPT_DIR_BIT(gopt_dir_opposite(d));
        else cut[u] |= (uint8_t)GOPT_DIR_BIT(d);
    }
}

/* ---------------------------------------------------------------- hooks for hints (rules.h) */

int country_next_step(const country_state *s, int *scratch, country_found *f) { return next_step(s, scratch, f); }
bool country_propagate(country_state *s, int *scratch, gopt_country_rule *broke) { return propagate(s, scratch, broke); }
void country_step_text(const gopt_country_puzzle *p, const country_graph *g, const gopt_country_step *st, gopt_buf *b) {
    gopt_country_explanation x = {.p = p, .graph = (country_graph *)g, .nedges = g->nedges, .ncells = g->ncells};
    describe(&x, st, b);
}
