/* The setter's assistant: which numbers a unique puzzle can do without, and how to make a
 * puzzle with several solutions unique by adding a room number.
 *
 * One solver for everything. Its model holds the rules without numbers (in the variant of
 * unvisited rooms the numbers decide which rooms must be visited, which the model's 2x2
 * clauses and the cuts use, so they are built without any: weaker, valid for every set of
 * numbers); each number is an "exactly k" behind a selector variable, so a set of numbers is a
 * set of assumptions. A solution T is excluded by a clause behind an activation literal ("one
 * of T's edges is unused": no other loop contains them all). Then:
 *  - number r is redundant when, with every other number assumed and T excluded, the lazy loop
 *    proves there is no loop: the puzzle without it still has T alone. Each is tested with all
 *    other numbers present; a second, greedy pass finds numbers that can all go together.
 *  - a repair by one number: for each room without one and each count v, a loop with v cells
 *    there (one test), then whether a second loop has them too (a test with the first
 *    excluded); "none" makes (room, v) a repair. Two loops found with one count in a room rule
 *    that count out there, so most pairs need no test. This tries every single number, so when
 *    it finds none, none exists; numbers are then added greedily, each keeping the first loop
 *    and chosen against the last loop found.
 * The repaired puzzle is then solved afresh (count 2) to check that it is unique. */
#include <stdlib.h>
#include <string.h>

#include "assist.h"

typedef struct setter {
    const gopt_country_puzzle *p;
    country_model m;
    gopt_country_puzzle *bare; /* p without numbers: the model's rules */
    int *sel;                  /* per room: the selector of its number, 0 for none */
    int *cells;                /* scratch: literals of a room's cells */
} setter;

/* Room r holds exactly k used cells when the returned selector is true. */
static int guarded_count(setter *x, int r, int k) {
    const gopt_country_puzzle *p = x->p;
    int n = 0, size = p->room_size[r];
    bool unused = k > size - k && k <= size; /* the totalizer grows with k: count the fewer */
    for (int c = 0; c < x->m.g.ncells; c++)
        if (p->room[c] == r) x->cells[n++] = unused ? -country_cell_var(&x->m.g, c) : country_cell_var(&x->m.g, c);
    int sel = gopt_sat_var(x->m.s);
    gopt_sat_exactly_if(x->m.s, sel, x->cells, n, unused ? n - k : k);
    return sel;
}

static void setter_init(setter *x, const gopt_country_puzzle *p, double time_limit) {
    memset(x, 0, sizeof *x);
    x->p = p;
    x->bare = gopt_country_copy(p);
    for (int r = 0; r < p->nrooms; r++)
        if (x->bare->number[r] >= 0) x->bare->number[r] = GOPT_COUNTRY_NO_NUMBER;
    country_model_init(&x->m, x->bare, time_limit);
    x->cells = gopt_malloc((size_t)(x->m.g.ncells + 1) * sizeof *x->cells);
    x->sel = gopt_calloc((size_t)p->nrooms + 1, sizeof *x->sel);
    for (int r = 0; r < p->nrooms; r++)
        if (p->number[r] >= 0) x->sel[r] = guarded_count(x, r, p->number[r]);
}

static void setter_free(setter *x) {
    country_model_free(&x->m);
    gopt_country_free(x->bare);
    free(x->sel);
    free(x->cells);
}

/* An activation literal that excludes the solver's current loop; *on gets its edges. */
static int exclude_current(setter *x, uint8_t *on) {
    int ne = x->m.g.nedges, act = gopt_sat_var(x->m.s), len = 0;
    int *clause = gopt_malloc(((size_t)ne + 2) * sizeof *clause);
    clause[len++] = -act;
    for (int e = 0; e < ne; e++) {
        on[e] = gopt_sat_val(x->m.s, country_edge_var(e));
        if (on[e]) clause[len++] = -country_edge_var(e);
    }
    gopt_sat_clause(x->m.s, clause, len);
    free(clause);
    return act;
}

/* Used cells of the current loop per room. */
static void room_counts(setter *x, int *count) {
    memset(count, 0, (size_t)x->p->nrooms * sizeof *count);
    for (int c = 0; c < x->m.g.ncells; c++)
        if (x->p->room[c] >= 0 && gopt_sat_val(x->m.s, country_cell_var(&x->m.g, c))) count[x->p->room[c]]++;
}

/* The selectors of the numbers, but for room `skip` and rooms marked in `gone`, plus extra. */
static int numbers(const setter *x, int skip, const uint8_t *gone, int *lits) {
    int n = 0;
    for (int r = 0; r < x->p->nrooms; r++)
        if (x->sel[r] && r != skip && !(gone && gone[r])) lits[n++] = x->sel[r];
    return n;
}

static gopt_cuts_result redundant(setter *x, int act, gopt_country_setter *out) {
    const gopt_country_puzzle *p = x->p;
    int *lits = gopt_malloc(((size_t)p->nrooms + 2) * sizeof *lits);
    uint8_t *gone = gopt_calloc((size_t)p->nrooms + 1, 1);
    out->redundant = gopt_malloc(((size_t)p->nrooms + 1) * sizeof *out->redundant);
    out->together = gopt_malloc(((size_t)p->nrooms + 1) * sizeof *out->together);
    gopt_cuts_result r = GOPT_CUTS_FOUND;
    for (int room = 0; room < p->nrooms && r != GOPT_CUTS_LIMIT; room++) {
        if (!x->sel[room]) continue;
        int n = numbers(x, room, NULL, lits);
        lits[n++] = act;
        r = gopt_cuts_sat_assuming(x->m.s, &x->m.loop, lits, n);
        if (r == GOPT_CUTS_NONE) out->redundant[out->nredundant++] = room;
    }
    /* greedily, the ones that can go together */
    for (int i = 0; i < out->nredundant && r != GOPT_CUTS_LIMIT; i++) {
        int room = out->redundant[i];
        int n = numbers(x, room, gone, lits);
        lits[n++] = act;
        r = gopt_cuts_sat_assuming(x->m.s, &x->m.loop, lits, n);
        if (r == GOPT_CUTS_NONE) gone[room] = 1, out->together[out->ntogether++] = room;
    }
    free(lits);
    free(gone);
    return r == GOPT_CUTS_LIMIT ? r : GOPT_CUTS_FOUND;
}

/* The two loops found first (the greedy repair keeps the first, against the second), and the
 * selectors of room counts made so far. */
#define MAX_KEEP 2
typedef struct pool {
    int n;
    uint8_t *on[MAX_KEEP + 1];
    int *count[MAX_KEEP + 1];
    int **sel;            /* per room, per value: the selector of "room r has value cells", 0 when not made */
    int act[MAX_KEEP + 1];  /* per loop: the literal that excludes it, 0 when not made */
} pool;

static void pool_add(setter *x, pool *q) {
    if (q->n > MAX_KEEP) return;
    int ne = x->m.g.nedges;
    q->on[q->n] = gopt_malloc((size_t)ne + 1);
    for (int e = 0; e < ne; e++) q->on[q->n][e] = gopt_sat_val(x->m.s, country_edge_var(e));
    q->count[q->n] = gopt_malloc(((size_t)x->p->nrooms + 1) * sizeof *q->count[0]);
    room_counts(x, q->count[q->n]);
    q->n++;
}

static int selector(setter *x, pool *q, int r, int value) {
    if (!q->sel[r]) q->sel[r] = gopt_calloc((size_t)x->p->room_size[r] + 1, sizeof *q->sel[r]);
    if (!q->sel[r][value]) q->sel[r][value] = guarded_count(x, r, value);
    return q->sel[r][value];
}

/* An activation literal excluding loop i of the pool. */
static int exclude(setter *x, pool *q, int i) {
    if (q->act[i]) return q->act[i];
    int ne = x->m.g.nedges, act = q->act[i] = gopt_sat_var(x->m.s), len = 0;
    int *clause = gopt_malloc(((size_t)ne + 2) * sizeof *clause);
    clause[len++] = -act;
    for (int e = 0; e < ne; e++)
        if (q->on[i][e]) clause[len++] = -country_edge_var(e);
    gopt_sat_clause(x->m.s, clause, len);
    free(clause);
    return act;
}

/* One number: for each room without one and each count, a loop with that count (a test), then
 * whether a second one has it too (a test with the first excluded); none makes the number a
 * repair. Two loops found with one count in a room rule out that count there for good. */
static gopt_cuts_result one_number(setter *x, pool *q, gopt_country_setter *out) {
    const gopt_country_puzzle *p = x->p;
    int nr = p->nrooms, ne = x->m.g.nedges;
    int *lits = gopt_malloc(((size_t)nr + 3) * sizeof *lits), *a = gopt_malloc(((size_t)nr + 1) * sizeof *a);
    int *b = gopt_malloc(((size_t)nr + 1) * sizeof *b);
    uint8_t **shared = gopt_calloc((size_t)nr + 1, sizeof *shared), *on = gopt_malloc((size_t)ne + 1);
    for (int r = 0; r < nr; r++) shared[r] = gopt_calloc((size_t)p->room_size[r] + 1, 1);
    /* the loops known: any two share the counts they agree on */
    for (int i = 0; i < q->n; i++)
        for (int j = i + 1; j < q->n; j++)
            for (int r = 0; r < nr; r++)
                if (q->count[i][r] == q->count[j][r]) shared[r][q->count[i][r]] = 1;
    gopt_cuts_result res = GOPT_CUTS_NONE;
    for (int r = 0; r < nr && res == GOPT_CUTS_NONE; r++) {
        if (x->sel[r] || p->room_size[r] == 0) continue;
        for (int v = 0; v <= p->room_size[r] && res == GOPT_CUTS_NONE; v++) {
            if (shared[r][v]) continue;
            int n = numbers(x, -1, NULL, lits);
            lits[n++] = selector(x, q, r, v);
            gopt_cuts_result t = gopt_cuts_sat_assuming(x->m.s, &x->m.loop, lits, n);
            if (t != GOPT_CUTS_FOUND) {
                if (t == GOPT_CUTS_LIMIT) res = t;
                continue; /* (no loop has v cells in r) */
            }
            room_counts(x, a);
            lits[n++] = exclude_current(x, on);
            t = gopt_cuts_sat_assuming(x->m.s, &x->m.loop, lits, n);
            if (t == GOPT_CUTS_LIMIT) res = t;
            if (t == GOPT_CUTS_NONE) {
                out->repair_room[0] = r, out->repair_number[0] = v, out->nrepair = 1;
                res = GOPT_CUTS_FOUND;
            }
            if (t == GOPT_CUTS_FOUND) {
                room_counts(x, b);
                for (int r2 = 0; r2 < nr; r2++)
                    if (a[r2] == b[r2]) shared[r2][a[r2]] = 1;
            }
        }
    }
    for (int r = 0; r < nr; r++) free(shared[r]);
    free(shared);
    free(lits), free(a), free(b), free(on);
    return res;
}

/* Several numbers keeping loop 0, added greedily, each against the last loop found. */
static gopt_cuts_result greedy(setter *x, pool *q, gopt_country_setter *out) {
    const gopt_country_puzzle *p = x->p;
    int nr = p->nrooms, act = exclude(x, q, 0), added = 0;
    int *lits = gopt_malloc(((size_t)nr * 2 + 3) * sizeof *lits), *other = gopt_malloc(((size_t)nr + 1) * sizeof *other);
    memcpy(other, q->count[q->n > 1 ? 1 : 0], (size_t)nr * sizeof *other);
    gopt_cuts_result res = GOPT_CUTS_NONE;
    for (int guard = 0; res == GOPT_CUTS_NONE && guard < nr; guard++) {
        int pick = -1;
        for (int r = 0; r < nr && pick < 0; r++) {
            bool used = false;
            for (int i = 0; i < added; i++) used |= out->repair_room[i] == r;
            if (!x->sel[r] && p->room_size[r] > 0 && !used && other[r] != q->count[0][r]) pick = r;
        }
        if (pick < 0) break; /* two loops with the same count in every room: numbers cannot tell them apart */
        out->repair_room[added] = pick, out->repair_number[added++] = q->count[0][pick];
        int n = numbers(x, -1, NULL, lits);
        lits[n++] = act;
        for (int i = 0; i < added; i++) lits[n++] = selector(x, q, out->repair_room[i], out->repair_number[i]);
        gopt_cuts_result t = gopt_cuts_sat_assuming(x->m.s, &x->m.loop, lits, n);
        if (t == GOPT_CUTS_LIMIT) res = t;
        if (t == GOPT_CUTS_NONE) out->nrepair = added, res = GOPT_CUTS_FOUND;
        if (t == GOPT_CUTS_FOUND) room_counts(x, other);
    }
    free(lits);
    free(other);
    return res;
}

/* A repair: one number when one does, else several keeping the first loop. The solver holds the
 * second loop when this is called; `first_on` / `first_count` describe the first. */
static gopt_cuts_result repair(setter *x, const uint8_t *first_on, const int *first_count, gopt_country_setter *out) {
    int nr = x->p->nrooms, ne = x->m.g.nedges;
    pool q = {0};
    q.sel = gopt_calloc((size_t)nr + 1, sizeof *q.sel);
    q.on[0] = memcpy(gopt_malloc((size_t)ne + 1), first_on, (size_t)ne);
    q.count[0] = memcpy(gopt_malloc(((size_t)nr + 1) * sizeof *q.count[0]), first_count, (size_t)nr * sizeof *first_count);
    q.n = 1;
    pool_add(x, &q);
    gopt_cuts_result res = one_number(x, &q, out);
    if (res == GOPT_CUTS_NONE) res = greedy(x, &q, out);
    for (int i = 0; i < q.n; i++) free(q.on[i]), free(q.count[i]);
    for (int r = 0; r < nr; r++) free(q.sel[r]);
    free(q.sel);
    return res;
}

/* The puzzle with the repair's numbers, and whether a fresh solve proves it unique. */
static bool apply_repair(const gopt_country_puzzle *p, gopt_country_setter *out) {
    gopt_country_puzzle *q = gopt_country_copy(p);
    free(q->given);
    free(q->given_known);
    q->given = q->given_known = NULL;
    for (int i = 0; i < out->nrepair; i++) q->number[out->repair_room[i]] = out->repair_number[i];
    gopt_answer a = {0};
    gopt_country_solve_options so = {.method = "sat", .count = 2};
    gopt_status s = gopt_country_solve(q, &so, &a);
    bool unique = s == GOPT_SOLVED && a.complete && a.solutions == 1;
    gopt_answer_free(&gopt_game_country, &a);
    if (unique) out->repaired = q;
    else gopt_country_free(q);
    return unique;
}

gopt_country_setter *gopt_country_setter_of(const gopt_country_puzzle *p, const gopt_assist_options *o) {
    gopt_country_setter *out = gopt_calloc(1, sizeof *out);
    out->repair_room = gopt_malloc(((size_t)p->nrooms + 1) * sizeof *out->repair_room);
    out->repair_number = gopt_malloc(((size_t)p->nrooms + 1) * sizeof *out->repair_number);
    setter x;
    setter_init(&x, p, o ? o->time_limit : 0);
    int *lits = gopt_malloc(((size_t)p->nrooms + 2) * sizeof *lits);
    int n = numbers(&x, -1, NULL, lits);
    gopt_cuts_result r = gopt_cuts_sat_assuming(x.m.s, &x.m.loop, lits, n);
    out->status = r == GOPT_CUTS_NONE ? GOPT_INFEASIBLE : GOPT_LIMIT;
    if (r == GOPT_CUTS_FOUND) {
        uint8_t *on = gopt_malloc((size_t)x.m.g.nedges + 1);
        int *keep = gopt_malloc(((size_t)p->nrooms + 1) * sizeof *keep), *other = gopt_malloc(((size_t)p->nrooms + 1) * sizeof *other);
        room_counts(&x, keep);
        int act = exclude_current(&x, on);
        lits[n] = act;
        r = gopt_cuts_sat_assuming(x.m.s, &x.m.loop, lits, n + 1);
        out->solutions = r == GOPT_CUTS_FOUND ? 2 : 1;
        if (r == GOPT_CUTS_NONE) {
            r = redundant(&x, act, out);
        } else if (r == GOPT_CUTS_FOUND) {
            r = repair(&x, on, keep, out);
            if (r == GOPT_CUTS_NONE) r = GOPT_CUTS_FOUND; /* answered: no repair by numbers */
            else if (r == GOPT_CUTS_FOUND && !apply_repair(p, out)) r = GOPT_CUTS_NONE; /* never shown unchecked */
        }
        out->status = r == GOPT_CUTS_FOUND ? GOPT_SOLVED : r == GOPT_CUTS_NONE ? GOPT_ERROR : GOPT_LIMIT;
        free(on);
        free(keep);
        free(other);
    }
    free(lits);
    setter_free(&x);
    return out;
}

void gopt_country_setter_free(gopt_country_setter *x) {
    if (!x) return;
    free(x->redundant);
    free(x->together);
    free(x->repair_room);
    free(x->repair_number);
    gopt_country_free(x->repaired);
    free(x);
}
