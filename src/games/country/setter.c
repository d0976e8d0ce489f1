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
 *  - a repair keeps one solution T and adds, for a room without a number, the count of T's
 *    cells in it. Only rooms where the other solution found has another count can help; each
 *    test either proves uniqueness or yields a loop that rules out every room it agrees with.
 *    When no single number does, numbers are added greedily, each against the last loop found.
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

/* A repair keeping the loop T excluded by `act`, whose room counts are `keep`, against the other
 * loop's counts `other`: one number when one suffices, else numbers added greedily. Returns LIMIT,
 * NONE (no repair: every candidate tried) or FOUND with the numbers in out. */
static gopt_cuts_result repair(setter *x, int act, const int *keep, int *other, gopt_country_setter *out) {
    const gopt_country_puzzle *p = x->p;
    int nr = p->nrooms;
    int *cand = gopt_calloc((size_t)nr + 1, sizeof *cand); /* selector of "room r has keep[r]" */
    uint8_t *ruled_out = gopt_calloc((size_t)nr + 1, 1);
    int *lits = gopt_malloc(((size_t)nr + 3) * sizeof *lits);
    for (int r = 0; r < nr; r++)
        if (!x->sel[r] && p->room_size[r] > 0) cand[r] = guarded_count(x, r, keep[r]);
    gopt_cuts_result res = GOPT_CUTS_NONE;
    /* one number: it must tell T from the other loop */
    for (int r = 0; r < nr && res == GOPT_CUTS_NONE; r++) {
        if (!cand[r] || ruled_out[r] || other[r] == keep[r]) continue;
        int n = numbers(x, -1, NULL, lits);
        lits[n++] = act;
        lits[n++] = cand[r];
        gopt_cuts_result t = gopt_cuts_sat_assuming(x->m.s, &x->m.loop, lits, n);
        if (t == GOPT_CUTS_LIMIT) res = t;
        if (t == GOPT_CUTS_NONE) {
            out->repair_room[0] = r, out->repair_number[0] = keep[r], out->nrepair = 1;
            res = GOPT_CUTS_FOUND;
        }
        if (t == GOPT_CUTS_FOUND) { /* that loop survives every room it agrees with */
            room_counts(x, other);
            for (int q = 0; q < nr; q++) ruled_out[q] |= cand[q] && other[q] == keep[q];
        }
    }
    /* several numbers, each against the last loop found */
    int added = 0;
    for (int guard = 0; res == GOPT_CUTS_NONE && guard < nr; guard++) {
        int pick = -1;
        for (int r = 0; r < nr && pick < 0; r++) {
            bool used = false;
            for (int i = 0; i < added; i++) used |= out->repair_room[i] == r;
            if (cand[r] && !used && other[r] != keep[r]) pick = r;
        }
        if (pick < 0) break;
        out->repair_room[added] = pick, out->repair_number[added++] = keep[pick];
        int n = numbers(x, -1, NULL, lits);
        lits[n++] = act;
        int *all = gopt_malloc(((size_t)n + (size_t)added + 1) * sizeof *all);
        memcpy(all, lits, (size_t)n * sizeof *all);
        for (int i = 0; i < added; i++) all[n + i] = cand[out->repair_room[i]];
        gopt_cuts_result t = gopt_cuts_sat_assuming(x->m.s, &x->m.loop, all, n + added);
        free(all);
        if (t == GOPT_CUTS_LIMIT) res = t;
        if (t == GOPT_CUTS_NONE) out->nrepair = added, res = GOPT_CUTS_FOUND;
        if (t == GOPT_CUTS_FOUND) room_counts(x, other);
    }
    free(cand);
    free(ruled_out);
    free(lits);
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
            room_counts(&x, other);
            r = repair(&x, act, keep, other, out);
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
