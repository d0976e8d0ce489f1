/* The Monte Carlo player "mc": the exact ideal-path search (search.h) as the inner engine of
 * an online player. Part of the engine template: engine.h includes it after its helpers, with
 * the set type and ENGINE() of its width; the search it calls is compiled for the same width.
 *
 * At its turn the player knows the graph, its path, the face-up cards and every card turned up
 * so far (face up, or taken by anyone); the deck holds N_D cards of each node, so the cards not
 * yet seen are known as a multiset, not in order. For each legal move (node, end) it asks: how
 * long would my path end if the unseen cards came in this order and I then played perfectly?
 * It draws K orders, the same K for every move (common random numbers: the moves are compared
 * on the same futures, so their difference has far less noise than their values), solves each
 * exactly from the state after the move, and takes the move with the largest total. That is
 * the move maximising the expected final length *if the future were then revealed*; it is not
 * the ideal path, which knows the deck from the start (docs/methods.md, taxis, "mc"). */

#include "gameopt/timer.h"

/* search.h, same width: the longest the path (on, front, back, len) can become when `up` is
 * face up and future[0..nfuture) are turned up next, one per turn. */
int ENGINE(search_from)(void *search, const tset *up, const int *future, int nfuture, const tset *on, int front,
                        int back, int len);

/* A remembered-state table of 4 * 2^MC_MEMO_BITS states: a search from a mid-game state
 * meets a few hundred states at most on the paper's graphs. */
#define MC_MEMO_BITS 11

/* A game's scratch for its mc players: the search's tables and the sampled cards. */
typedef struct mc_work {
    void *search;
    int *unseen;           /* the cards not yet seen, in the order of the last sample */
    int64_t *total;        /* per candidate move */
    gopt_taxis_move *moves;
    uint8_t *seen;
    /* eval ply2: the replies to each move once the next card is known, and their totals */
    gopt_taxis_move *replies; /* (2n + 1) per move */
    int *nreplies;
    int64_t *reply_total;
    int *order;               /* one sampled future: the next card, then the rest */
} mc_work;

static mc_work *mc_work_new(const gopt_taxis_graph *g, const gopt_taxis_setting *s) {
    mc_work *w = gopt_malloc(sizeof *w);
    w->search = ENGINE(search_new)(g, MC_MEMO_BITS);
    w->unseen = gopt_malloc((size_t)s->ncards * sizeof *w->unseen);
    w->total = gopt_malloc((size_t)(2 * g->n + 1) * sizeof *w->total);
    w->moves = gopt_malloc((size_t)(2 * g->n + 1) * sizeof *w->moves);
    w->seen = gopt_malloc((size_t)g->n);
    size_t moves = (size_t)(2 * g->n + 1);
    w->replies = gopt_malloc(moves * moves * sizeof *w->replies);
    w->nreplies = gopt_malloc(moves * sizeof *w->nreplies);
    w->reply_total = gopt_malloc(moves * moves * sizeof *w->reply_total);
    w->order = gopt_malloc((size_t)(s->ncards + 1) * sizeof *w->order);
    return w;
}

static void mc_work_free(mc_work *w) {
    if (!w) return;
    ENGINE(search_free)(w->search);
    free(w->unseen);
    free(w->total);
    free(w->moves);
    free(w->seen);
    free(w->replies);
    free(w->nreplies);
    free(w->reply_total);
    free(w->order);
    free(w);
}

/* The legal moves in a fixed order: a start on each face-up node; else each available
 * tentacle at the back (the only end of a one-node path) and at the front, by node. */
static int mc_legal(const view *g, const path *p, const table *t, gopt_taxis_move *out) {
    int k = 0;
    if (p->len == 0) {
        TS_FOR(v, t->up) out[k++] = (gopt_taxis_move){v, GOPT_TAXIS_AT_START};
        return k;
    }
    tset avail = ts_minus(t->up, p->on);
    TS_FOR(v, avail) {
        if (p->len >= 2 && ts_has(g->adj[p->front], v)) out[k++] = (gopt_taxis_move){v, GOPT_TAXIS_AT_FRONT};
        if (ts_has(g->adj[p->back], v)) out[k++] = (gopt_taxis_move){v, GOPT_TAXIS_AT_BACK};
    }
    return k;
}

/* The cards not yet seen: N_D of each node minus those turned up so far. Only the prefix of
 * the deck already revealed is read, never its order beyond. */
static int mc_unseen(const view *g, const table *t, mc_work *w) {
    int dups = t->ncards / g->n, k = 0;
    memset(w->seen, 0, (size_t)g->n);
    for (int i = 0; i < t->next; i++) w->seen[t->cards[i]]++;
    for (int v = 0; v < g->n; v++)
        for (int c = w->seen[v]; c < dups; c++) w->unseen[k++] = v;
    return k;
}

static bool choose(const view *g, gopt_taxis_heuristic h, const path *p, const table *t, gopt_rng *rng, void *mc,
                   int *node, gopt_taxis_end *end);

/* pp from path q and display u (whose deck is a sampled future) until the path cannot grow: a
 * rollout, which never assumes the player will see the future. */
static int mc_rollout(const view *g, path q, table u, gopt_rng *rng) {
    gopt_taxis_heuristic pp = {GOPT_TAXIS_START_LONGEST, GOPT_TAXIS_EXT_LONGEST, NULL, NULL};
    int node;
    gopt_taxis_end end;
    while (choose(g, pp, &q, &u, rng, NULL, &node, &end)) {
        path_add(&q, node, end);
        table_take(&u, node, q.on);
    }
    return q.len;
}

/* The path and display after move m when the deck is the sampled order `cards` (n cards). */
static inline void mc_after(const path *p, const table *t, gopt_taxis_move m, const int *cards, int n, path *q,
                            table *u) {
    *q = *p;
    path_add(q, m.node, m.end);
    *u = *t;
    u->cards = cards, u->ncards = n, u->next = 0;
    table_take(u, m.node, q->on);
}

/* The value of move m on the sampled future: the exact ideal length from the state after it
 * (eval ideal: optimistic, it sees the whole future), the length pp reaches from there (eval
 * pp: pessimistic, pp plays on), or their sum (eval mix). */
static int mc_value(const view *g, const gopt_taxis_mc *o, const path *p, const table *t, mc_work *w,
                    gopt_taxis_move m, int nfuture, int nunseen, gopt_rng *rng) {
    path q;
    table u; /* the display as it is, then the sampled cards as the deck */
    mc_after(p, t, m, w->unseen, nunseen, &q, &u);
    int ideal = 0;
    if (o->eval == GOPT_TAXIS_EVAL_IDEAL || o->eval == GOPT_TAXIS_EVAL_MIX)
        ideal = ENGINE(search_from)(w->search, &t->up, w->unseen, nfuture, &q.on, q.front, q.back, q.len);
    if (o->eval == GOPT_TAXIS_EVAL_IDEAL) return ideal;
    return ideal + mc_rollout(g, q, u, rng); /* eval mix: both, with equal weight */
}

/* Eval ply2: one more ply searched on the information the player will really have. After
 * move m the next card x is turned up and the player chooses its reply knowing x but not the
 * rest, so m is worth sum over x of P(x) * max over replies r of E[rollout after m, r | x]:
 * an expectimax over the next card, pp rollouts below. Each distinct x (weight: its count
 * among the unseen cards) gets the same ceil(K / #distinct) orders of the rest, shared by
 * every move and reply (common random numbers); totals stay integers, so ties are exact.
 * Unlike eval ideal this never lets the second choice see past the card it will have seen. */
static void mc_ply2(const view *g, const gopt_taxis_mc *o, const path *p, const table *t, mc_work *w, int nm,
                    int nunseen, int nfuture, gopt_rng *rng) {
    int stride = 2 * g->n + 1, nx = 0;
    for (int v = 0; v < g->n; v++) nx += w->seen[v] < t->ncards / g->n;
    int per = (o->samples + nx - 1) / nx;
    double started = o->budget > 0 ? gopt_thread_cpu_seconds() : 0;
    for (int x = 0; x < g->n; x++) {
        int count = t->ncards / g->n - w->seen[x];
        if (count <= 0) continue;
        /* the future: x, then the unseen cards without one x */
        int k = 1;
        bool skipped = false;
        w->order[0] = x;
        for (int j = 0; j < nunseen; j++) {
            if (w->unseen[j] == x && !skipped) skipped = true;
            else w->order[k++] = w->unseen[j];
        }
        for (int m = 0; m < nm; m++) {
            path q;
            table u;
            mc_after(p, t, w->moves[m], w->order, nunseen, &q, &u);
            w->nreplies[m] = mc_legal(g, &q, &u, w->replies + m * stride);
            memset(w->reply_total + m * stride, 0, (size_t)w->nreplies[m] * sizeof *w->reply_total);
        }
        for (int s = 0; s < per; s++) {
            for (int j = 1; j < nfuture; j++) { /* a uniform order of the rest's first cards */
                int r = j + (int)gopt_rng_below(rng, (uint32_t)(nunseen - j));
                int c = w->order[j];
                w->order[j] = w->order[r];
                w->order[r] = c;
            }
            for (int m = 0; m < nm; m++) {
                path q;
                table u;
                mc_after(p, t, w->moves[m], w->order, nunseen, &q, &u);
                for (int r = 0; r < w->nreplies[m]; r++) {
                    gopt_taxis_move reply = w->replies[m * stride + r];
                    path q2 = q;
                    table u2 = u;
                    path_add(&q2, reply.node, reply.end);
                    table_take(&u2, reply.node, q2.on);
                    w->reply_total[m * stride + r] += mc_rollout(g, q2, u2, rng);
                }
            }
        }
        for (int m = 0; m < nm; m++) {
            int64_t top = (int64_t)(p->len + 1) * per; /* no reply: the path ends after m */
            for (int r = 0; r < w->nreplies[m]; r++)
                if (w->reply_total[m * stride + r] > top) top = w->reply_total[m * stride + r];
            w->total[m] += count * top;
        }
        /* A budget stops between cards, so every move is valued on the same cards. */
        if (o->budget > 0 && gopt_thread_cpu_seconds() - started > o->budget) break;
    }
}

/* The tie-break among the candidates with the best total (best[0..nbest)). */
static gopt_taxis_move mc_tie(const view *g, const gopt_taxis_mc *o, const path *p, const table *t,
                              const gopt_taxis_move *top, int ntop, gopt_rng *rng) {
    if (ntop == 1) return top[0];
    if (o->ties == GOPT_TAXIS_TIES_PP) {
        gopt_taxis_move pp;
        gopt_taxis_heuristic h = {GOPT_TAXIS_START_LONGEST, GOPT_TAXIS_EXT_LONGEST, NULL, NULL};
        if (choose(g, h, p, t, rng, NULL, &pp.node, &pp.end))
            for (int k = 0; k < ntop; k++)
                if (top[k].node == pp.node && top[k].end == pp.end) return pp;
    }
    if (o->ties == GOPT_TAXIS_TIES_TENTACLES) {
        best b = best_none;
        gopt_taxis_move chosen = top[0];
        for (int k = 0; k < ntop; k++) {
            path q = *p;
            path_add(&q, top[k].node, top[k].end);
            if (best_offer(&b, tentacles(g, q.front, q.back, q.on), rng)) chosen = top[k];
        }
        return chosen;
    }
    return top[gopt_rng_below(rng, (uint32_t)ntop)];
}

/* One decision of the mc player; false when the path cannot grow. */
static bool mc_choose(const view *g, const gopt_taxis_mc *o, const path *p, const table *t, gopt_rng *rng,
                      mc_work *w, int *node, gopt_taxis_end *end) {
    int nm = mc_legal(g, p, t, w->moves);
    if (nm == 0) return false;
    if (nm > 1) {
        int nunseen = mc_unseen(g, t, w);
        /* After the move the path has len + 1 nodes; cards turned up after n - len - 1 more
         * turns can no longer matter (the path has at most n nodes). */
        int nfuture = g->n - p->len < nunseen ? g->n - p->len : nunseen;
        memset(w->total, 0, (size_t)nm * sizeof *w->total);
        double started = o->budget > 0 ? gopt_thread_cpu_seconds() : 0;
        if (o->eval == GOPT_TAXIS_EVAL_PLY2 && nunseen > 0) mc_ply2(g, o, p, t, w, nm, nunseen, nfuture, rng);
        else for (int k = 0; k < o->samples; k++) {
            /* A uniform order of the first nfuture unseen cards (partial Fisher-Yates; any
             * arrangement of the buffer gives a uniform sample). */
            for (int j = 0; j < nfuture; j++) {
                int r = j + (int)gopt_rng_below(rng, (uint32_t)(nunseen - j));
                int x = w->unseen[j];
                w->unseen[j] = w->unseen[r];
                w->unseen[r] = x;
            }
            for (int m = 0; m < nm; m++) w->total[m] += mc_value(g, o, p, t, w, w->moves[m], nfuture, nunseen, rng);
            if (o->budget > 0 && gopt_thread_cpu_seconds() - started > o->budget) break;
            /* a stop (Ctrl-C, the web client gone, the time limit) ends the sampling too: with
             * a million samples a move runs for seconds between the searches' own checks */
            if ((k & 255) == 255 && gopt_stop_check() != GOPT_GO) break;
        }
        int64_t top = w->total[0];
        for (int m = 1; m < nm; m++)
            if (w->total[m] > top) top = w->total[m];
        int nbest = 0;
        for (int m = 0; m < nm; m++) /* in place: the kept prefix never overtakes m */
            if (w->total[m] == top) w->moves[nbest++] = w->moves[m];
        nm = nbest;
    }
    gopt_taxis_move chosen = mc_tie(g, o, p, t, w->moves, nm, rng);
    *node = chosen.node;
    *end = chosen.end;
    return true;
}
