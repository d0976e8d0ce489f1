/* The online path extension procedure and every heuristic of the paper's §4.2, written once
 * over an abstract node set `tset` and compiled twice: engine64.c (one 64-bit mask, graphs of
 * at most 64 nodes) and enginewide.c (GOPT_TAXIS_WIDE_WORDS words). The including file
 * defines the set type (set64.h or setwide.h) and ENGINE(name), the exported names.
 *
 * Nothing here allocates: a game lives in a few masks and one small counter array on the
 * stack. Every random choice draws from the game's own stream, so results depend only on the
 * setting and that stream. Where the paper's pseudo-code is ambiguous, the reading chosen is
 * documented in docs/methods.md (taxis) and marked "reading:" below. */
#include <limits.h>
#include <string.h>

#include "gameopt/stop.h"
#include "games/taxis/internal.h"

/* ---------------------------------------------------------------- the graph and the table */

typedef struct view {
    const tset *adj;       /* neighbours of each node */
    const tset *by_degree; /* nodes of each degree */
    int n, max_degree;
    bool start_all, ties_first; /* one-player readings of Algorithms 8 and 9 (gopt_taxis_reading) */
} view;

static view view_of(const gopt_taxis_graph *g) {
    return (view){(const tset *)(const void *)g->adj, (const tset *)(const void *)g->by_degree, g->n, g->max_degree, false, false};
}

/* The shared display: face-up cards per node, and the deck still to turn up. */
typedef struct table {
    const int *cards;
    int ncards, next;
    int faceup;   /* face-up cards */
    tset up;      /* nodes with at least one face-up card */
    uint8_t count[TSET_CAPACITY];
    bool clear;   /* reading clear: dead cards leave the display (gopt_taxis_reading) */
    bool refill;  /* reading refill: every face-up copy of a taken node leaves with it */
    int target;   /* with clear: face-up cards to refill to (c) */
} table;

static void table_reveal(table *t) {
    if (t->next == t->ncards) return;
    int v = t->cards[t->next++];
    t->count[v]++;
    t->up = ts_add(t->up, v);
    t->faceup++;
}

/* Reading clear: the face-up cards of `dead` nodes (no player can take them any more) leave,
 * and cards are turned up until `target` are face up, a dead card going straight on. */
static void table_clear(table *t, tset dead) {
    TS_FOR(u, ts_and(t->up, dead)) {
        t->faceup -= t->count[u];
        t->count[u] = 0;
    }
    t->up = ts_minus(t->up, dead);
    while (t->faceup < t->target && t->next < t->ncards) {
        int v = t->cards[t->next++];
        if (ts_has(dead, v)) continue;
        t->count[v]++;
        t->up = ts_add(t->up, v);
        t->faceup++;
    }
}

static void table_init(table *t, const gopt_taxis_setting *s) {
    t->cards = s->cards;
    t->ncards = s->ncards;
    t->next = 0;
    t->faceup = 0;
    t->up = ts_empty();
    memset(t->count, 0, (size_t)s->n);
    t->clear = t->refill = false;
    t->target = s->c;
    for (int k = 0; k < s->c; k++) table_reveal(t);
}

/* A card of v leaves the display and the next card of the deck is turned up; with the clear
 * reading the cards of the nodes in `dead` (v's included) leave too and the display refills. */
static void table_take(table *t, int v, tset dead) {
    if (--t->count[v] == 0) t->up = ts_minus(t->up, ts_single(v));
    t->faceup--;
    if (t->clear) table_clear(t, dead);
    else if (t->refill) { /* its other copies leave too; cards turned up from now on stay */
        t->faceup -= t->count[v];
        t->count[v] = 0;
        t->up = ts_minus(t->up, ts_single(v));
        while (t->faceup < t->target && t->next < t->ncards) table_reveal(t);
    }
    else table_reveal(t);
}

/* One player's path: its ends p_1 (front) and p_k (back) and its nodes. */
typedef struct path {
    int len, front, back;
    tset on;
} path;

static void path_add(path *p, int v, gopt_taxis_end end) {
    if (p->len == 0) p->front = p->back = v;
    else if (end == GOPT_TAXIS_AT_FRONT) p->front = v;
    else p->back = v;
    p->on = ts_add(p->on, v);
    p->len++;
}

/* ---------------------------------------------------------------- choices */

/* Uniform choice in a non-empty set; a set of one draws nothing. */
static int pick(tset s, gopt_rng *rng) {
    int k = ts_count(s);
    return ts_nth(s, k == 1 ? 0 : (int)gopt_rng_below(rng, (uint32_t)k));
}

/* The best of candidates offered one at a time, ties broken uniformly in one pass: the k-th
 * candidate tying the best replaces the kept one with probability 1/k (reservoir sampling). */
typedef struct best {
    long key;
    int ties;
} best;

static const best best_none = {LONG_MIN, 0};

static bool best_offer(best *b, long key, gopt_rng *rng) {
    if (key > b->key) {
        b->key = key;
        b->ties = 1;
        return true;
    }
    if (key < b->key) return false;
    return gopt_rng_below(rng, (uint32_t)++b->ties) == 0;
}

/* Between the components of Algorithms 8 and 9: uniformly, or (reading ties-first) the first
 * best one met, as the printed strict comparisons keep it. */
static bool best_offer_component(const view *g, best *b, long key, gopt_rng *rng) {
    if (!g->ties_first) return best_offer(b, key, rng);
    if (key <= b->key) return false;
    b->key = key;
    b->ties = 1;
    return true;
}

/* Keys order first by node length, then by tentacles (< 2^16). */
static long key_of(int length, int tentacles) { return ((long)length << 16) | tentacles; }
static int key_length(long key) { return (int)(key >> 16); }

static tset max_degree_nodes(const view *g, tset s) {
    for (int d = g->max_degree; d >= 0; d--)
        if (ts_meets(s, g->by_degree[d])) return ts_and(s, g->by_degree[d]);
    return ts_empty();
}

static tset min_degree_nodes(const view *g, tset s) {
    for (int d = 0; d <= g->max_degree; d++)
        if (ts_meets(s, g->by_degree[d])) return ts_and(s, g->by_degree[d]);
    return ts_empty();
}

/* The tentacles of a path with ends x and y and nodes `on` (Definition 1). */
static int tentacles(const view *g, int x, int y, tset on) {
    return ts_count(ts_minus(ts_or(g->adj[x], g->adj[y]), on));
}

/* The component of `within` that holds s. */
static tset component(const view *g, tset within, int s) {
    tset comp = ts_single(s), frontier = comp;
    while (ts_any(frontier)) {
        int v = ts_first(frontier);
        frontier = ts_minus(frontier, ts_single(v));
        tset fresh = ts_minus(ts_and(g->adj[v], within), comp);
        comp = ts_or(comp, fresh);
        frontier = ts_or(frontier, fresh);
    }
    return comp;
}

/* The largest size z of the components of `within` that meet `seeds`, and the union of those
 * of size z. */
static int largest_components(const view *g, tset within, tset seeds, tset *largest) {
    int z = 0;
    *largest = ts_empty();
    while (ts_any(seeds)) {
        tset comp = component(g, within, ts_first(seeds));
        seeds = ts_minus(seeds, comp);
        int size = ts_count(comp);
        if (size > z) z = size, *largest = comp;
        else if (size == z) *largest = ts_or(*largest, comp);
    }
    return z;
}

/* Which end a chosen extension v goes to: the end it is adjacent to, a fair coin when it is
 * adjacent to both (pos = 1 is the front). reading: a path of one node has one end, so the
 * first extension goes to the back and draws nothing. */
static gopt_taxis_end end_for(const view *g, const path *p, int v, gopt_rng *rng) {
    if (p->len == 1) return GOPT_TAXIS_AT_BACK;
    bool front = ts_has(g->adj[p->front], v), back = ts_has(g->adj[p->back], v);
    if (front && back) return gopt_rng_below(rng, 2) ? GOPT_TAXIS_AT_FRONT : GOPT_TAXIS_AT_BACK;
    return front ? GOPT_TAXIS_AT_FRONT : GOPT_TAXIS_AT_BACK;
}

/* ---------------------------------------------------------------- starts */

/* Algorithm 1: a uniformly random face-up card (so a node with two face-up cards is twice as
 * likely, as i_r with r uniform in 1..c is). */
static int start_random(const table *t, gopt_rng *rng) {
    int r = t->faceup == 1 ? 0 : (int)gopt_rng_below(rng, (uint32_t)t->faceup);
    TS_FOR(v, t->up) {
        if (r < t->count[v]) return v;
        r -= t->count[v];
    }
    return -1; /* unreachable: faceup counts the cards of `up` */
}

/* Algorithm 3: a face-up node of largest degree. */
static int start_degree(const view *g, tset up, gopt_rng *rng) { return pick(max_degree_nodes(g, up), rng); }

/* Algorithm 6: in the largest components of the face-up nodes, one of smallest degree. */
static int start_connected(const view *g, tset up, gopt_rng *rng) {
    tset largest;
    if (largest_components(g, up, up, &largest) == 1) return start_degree(g, up, rng);
    return pick(min_degree_nodes(g, largest), rng);
}

/* The node-longest paths of one component with the most tentacles (Algorithm 8's P_Z^delta):
 * every path is grown from each of its nodes; `plan` keeps the nodes of a uniform choice. */
typedef struct start_search {
    const view *g;
    tset zone;
    gopt_rng *rng;
    best b;
    tset plan;
    tset all; /* the nodes of every path with the best key (reading start-all) */
    int64_t nodes;
    bool stopped; /* Ctrl-C or a time limit: this search is exponential, so it looks (stop.h) */
} start_search;

static void start_dfs(start_search *s, int first, int last, tset used, int len) {
    if (s->stopped || ((++s->nodes & 0x3ff) == 0 && (s->stopped = gopt_stop_check() != GOPT_GO))) return;
    if (s->b.ties && len + ts_count(ts_minus(s->zone, used)) < key_length(s->b.key)) return;
    long key = key_of(len, tentacles(s->g, first, last, used));
    if (key > s->b.key) s->all = used;
    else if (key == s->b.key) s->all = ts_or(s->all, used);
    if (best_offer(&s->b, key, s->rng)) s->plan = used;
    tset next = ts_minus(ts_and(s->g->adj[last], s->zone), used);
    TS_FOR(w, next) start_dfs(s, first, w, ts_add(used, w), len + 1);
}

/* Algorithm 8: over the components of size >= min(z, 3), the longest path with the most
 * tentacles; start on its node of smallest degree. reading: ties between components are
 * broken uniformly too, and "v in P_{Z*}^delta" means the nodes of the chosen path. */
static int start_longest(const view *g, tset up, gopt_rng *rng) {
    tset largest;
    int z = largest_components(g, up, up, &largest);
    if (z == 1) return start_degree(g, up, rng);
    int kappa = z < 3 ? z : 3;
    best across = best_none;
    tset plan = ts_empty(), rest = up;
    while (ts_any(rest)) {
        tset comp = component(g, up, ts_first(rest));
        rest = ts_minus(rest, comp);
        if (ts_count(comp) < kappa) continue;
        start_search s = {g, comp, rng, best_none, ts_empty(), ts_empty(), 0, false};
        TS_FOR(v, comp) start_dfs(&s, v, v, ts_single(v), 1);
        if (best_offer_component(g, &across, s.b.key, rng)) plan = g->start_all ? s.all : s.plan;
    }
    return pick(min_degree_nodes(g, plan), rng);
}

/* ---------------------------------------------------------------- extensions */

/* What an extension heuristic sees: the path, the available nodes off it, and the available
 * tentacles T_P^a (never empty here). */
typedef struct turn {
    const view *g;
    const path *p;
    tset avail, ta;
    gopt_rng *rng;
} turn;

/* Algorithms 2 and 4 end alike: the chosen node goes to an end it is adjacent to. */
static void ext_node(const turn *tu, int v, int *node, gopt_taxis_end *end) {
    *node = v;
    *end = end_for(tu->g, tu->p, v, tu->rng);
}

/* Algorithm 5: the extension (node and end) whose path has the most tentacles. reading: the
 * best starts below every count (the printed delta_max = 0 would choose nothing when every
 * extension has no tentacles), and ties are broken uniformly over (node, end) pairs. */
static void ext_tentacles(const turn *tu, int *node, gopt_taxis_end *end) {
    const view *g = tu->g;
    const path *p = tu->p;
    best b = best_none;
    TS_FOR(v, tu->ta) {
        tset on = ts_add(p->on, v);
        if (p->len >= 2 && ts_has(g->adj[p->front], v) &&
            best_offer(&b, tentacles(g, v, p->back, on), tu->rng))
            *node = v, *end = GOPT_TAXIS_AT_FRONT;
        if (ts_has(g->adj[p->back], v) && best_offer(&b, tentacles(g, p->front, v, on), tu->rng))
            *node = v, *end = GOPT_TAXIS_AT_BACK;
    }
}

/* Algorithm 7: among the available tentacles in the largest components of the available
 * nodes adjacent to the path, one of smallest degree; Algorithm 5 when those are single. */
static void ext_connected(const turn *tu, int *node, gopt_taxis_end *end) {
    tset largest;
    if (largest_components(tu->g, tu->avail, tu->ta, &largest) == 1) {
        ext_tentacles(tu, node, end);
        return;
    }
    ext_node(tu, pick(min_degree_nodes(tu->g, ts_and(largest, tu->ta)), tu->rng), node, end);
}

/* The node-longest paths in P + Z containing P (Algorithm 9's P_Z(P)) with the most
 * tentacles: P grows by a path Q1 in Z before its front and a disjoint Q2 after its back.
 * Every Q2 (grown from the back) is combined with every Q1 (grown from the front); a branch
 * stops when even taking all of Z left could not reach the best length. For a path of one
 * node both grow from it, so each path is met twice, which keeps the choice uniform. */
typedef struct ext_search {
    const view *g;
    tset zone, on;
    int front;
    gopt_rng *rng;
    best b;
    int first_front, first_back; /* the chosen path's first nodes of Q1 and Q2 (-1: empty) */
    int64_t nodes;
    bool stopped; /* Ctrl-C or a time limit: this search is exponential too, so it looks */
} ext_search;

/* A branch is dropped when it cannot beat the best, or when the solve must stop (then the best
 * so far is chosen: the caller's game is abandoned by the experiment anyway). */
static bool ext_hopeless(ext_search *s, tset used, int len) {
    if (s->stopped || ((++s->nodes & 0x3ff) == 0 && (s->stopped = gopt_stop_check() != GOPT_GO))) return true;
    return s->b.ties && len + ts_count(ts_minus(s->zone, used)) < key_length(s->b.key);
}

static void ext_grow_front(ext_search *s, int e1, int f1, tset used, int e2, int f2, int len) {
    if (ext_hopeless(s, used, len)) return;
    if (len > 0 && best_offer(&s->b, key_of(len, tentacles(s->g, e1, e2, ts_or(s->on, used))), s->rng))
        s->first_front = f1, s->first_back = f2;
    tset next = ts_minus(ts_and(s->g->adj[e1], s->zone), used);
    TS_FOR(w, next) ext_grow_front(s, w, f1 < 0 ? w : f1, ts_add(used, w), e2, f2, len + 1);
}

static void ext_grow_back(ext_search *s, int e2, int f2, tset used, int len) {
    if (ext_hopeless(s, used, len)) return;
    ext_grow_front(s, s->front, -1, used, e2, f2, len);
    tset next = ts_minus(ts_and(s->g->adj[e2], s->zone), used);
    TS_FOR(w, next) ext_grow_back(s, w, f2 < 0 ? w : f2, ts_add(used, w), len + 1);
}

/* Algorithm 9: over the adjacent components of size >= min(z, 3), the longest extended path
 * with the most tentacles (ties uniformly, also between components); its first step at the
 * front or the back, whichever leaves more tentacles (ties uniformly). Algorithm 5 when every
 * adjacent component is a single node. reading: "node-longest paths containing P" are paths
 * that contain P as a contiguous piece, i.e. P extended at its two ends inside Z. */
static void ext_longest(const turn *tu, int *node, gopt_taxis_end *end) {
    const view *g = tu->g;
    const path *p = tu->p;
    tset largest;
    int z = largest_components(g, tu->avail, tu->ta, &largest);
    if (z == 1) {
        ext_tentacles(tu, node, end);
        return;
    }
    int kappa = z < 3 ? z : 3;
    best across = best_none;
    int f1 = -1, f2 = -1;
    tset rest = tu->ta;
    while (ts_any(rest)) {
        tset comp = component(g, tu->avail, ts_first(rest));
        rest = ts_minus(rest, comp);
        if (ts_count(comp) < kappa) continue;
        ext_search s = {g, comp, p->on, p->front, tu->rng, best_none, -1, -1, 0, false};
        ext_grow_back(&s, p->back, -1, ts_empty(), 0);
        if (best_offer_component(g, &across, s.b.key, tu->rng)) f1 = s.first_front, f2 = s.first_back;
    }
    best step = best_none;
    if (f1 >= 0 && best_offer(&step, tentacles(g, f1, p->back, ts_add(p->on, f1)), tu->rng))
        *node = f1, *end = p->len == 1 ? GOPT_TAXIS_AT_BACK : GOPT_TAXIS_AT_FRONT;
    if (f2 >= 0 && best_offer(&step, tentacles(g, p->front, f2, ts_add(p->on, f2)), tu->rng))
        *node = f2, *end = GOPT_TAXIS_AT_BACK;
}

/* ---------------------------------------------------------------- the mc player */

#include "games/taxis/mc.h"

/* ---------------------------------------------------------------- the procedure */

/* One decision of a combined heuristic (Algorithm 10) or of mc (with its scratch `mc`): false
 * when the path cannot grow. */
static bool choose(const view *g, gopt_taxis_heuristic h, const path *p, const table *t, gopt_rng *rng, void *mc,
                   int *node, gopt_taxis_end *end) {
    if (h.mc) return mc_choose(g, h.mc, p, t, rng, mc, node, end);
    if (p->len == 0) {
        if (t->faceup == 0) return false;
        *end = GOPT_TAXIS_AT_START;
        switch (h.start) {
        case GOPT_TAXIS_START_RANDOM: *node = start_random(t, rng); break;
        case GOPT_TAXIS_START_DEGREE: *node = start_degree(g, t->up, rng); break;
        case GOPT_TAXIS_START_CONNECTED: *node = start_connected(g, t->up, rng); break;
        default: *node = start_longest(g, t->up, rng); break;
        }
        return true;
    }
    tset avail = ts_minus(t->up, p->on);
    turn tu = {g, p, avail, ts_and(ts_or(g->adj[p->front], g->adj[p->back]), avail), rng};
    if (!ts_any(tu.ta)) return false;
    switch (h.extension) {
    case GOPT_TAXIS_EXT_RANDOM: ext_node(&tu, pick(tu.ta, rng), node, end); break;
    case GOPT_TAXIS_EXT_DEGREE: ext_node(&tu, pick(max_degree_nodes(g, tu.ta), rng), node, end); break;
    case GOPT_TAXIS_EXT_TENTACLES: ext_tentacles(&tu, node, end); break;
    case GOPT_TAXIS_EXT_CONNECTED: ext_connected(&tu, node, end); break;
    default: ext_longest(&tu, node, end); break;
    }
    return true;
}

int ENGINE(play)(const gopt_taxis_graph *graph, const gopt_taxis_setting *s, gopt_taxis_heuristic h, gopt_rng *rng,
                 gopt_taxis_move *moves) {
    view g = view_of(graph);
    table t;
    table_init(&t, s);
    if (h.reading) {
        g.start_all = h.reading->start_all;
        g.ties_first = h.reading->ties_first;
        t.clear = h.reading->clear;
        t.refill = h.reading->refill;
    }
    path p = {0, -1, -1, ts_empty()};
    int node;
    gopt_taxis_end end;
    mc_work *mc = h.mc ? mc_work_new(graph, s) : NULL; /* mc's only allocation: once a game */
    while (choose(&g, h, &p, &t, rng, mc, &node, &end)) {
        if (moves) moves[p.len] = (gopt_taxis_move){node, end};
        path_add(&p, node, end);
        table_take(&t, node, p.on); /* one player: a node on its path is dead */
    }
    mc_work_free(mc);
    return p.len;
}

/* One attempt of a duel player; records it and says whether the path grew. With `closed`
 * the nodes of the opponent's path are not on offer: the player sees the display without
 * their cards. */
static bool duel_turn(const view *g, gopt_taxis_heuristic h, path *p, const path *opponent, bool closed, table *t,
                      gopt_rng *rng, void *mc, int player, gopt_taxis_duel_move *moves, int *nmoves) {
    int node = -1;
    gopt_taxis_end end = GOPT_TAXIS_AT_START;
    table seen = *t;
    if (closed) {
        TS_FOR(v, ts_and(seen.up, opponent->on)) {
            seen.faceup -= seen.count[v];
            seen.count[v] = 0;
        }
        seen.up = ts_minus(seen.up, opponent->on);
    }
    bool ok = choose(g, h, p, &seen, rng, mc, &node, &end);
    if (ok) {
        path_add(p, node, end);
        /* dead: no player may take it, i.e. on both paths (on either when closed) */
        table_take(t, node, closed ? ts_or(p->on, opponent->on) : ts_and(p->on, opponent->on));
    }
    if (moves) moves[*nmoves] = (gopt_taxis_duel_move){player, ok ? node : -1, end};
    ++*nmoves;
    return ok;
}

gopt_taxis_outcome ENGINE(duel)(const gopt_taxis_graph *graph, const gopt_taxis_setting *s,
                                const gopt_taxis_heuristic h[2], gopt_taxis_reading r, gopt_rng *rng,
                                gopt_taxis_duel_move *moves, int *nmoves, int length[2]) {
    view g = view_of(graph);
    g.start_all = r.start_all;
    g.ties_first = r.ties_first;
    table t;
    table_init(&t, s);
    t.clear = r.clear;
    t.refill = r.refill;
    path p[2] = {{0, -1, -1, ts_empty()}, {0, -1, -1, ts_empty()}};
    int k = 0;
    gopt_taxis_outcome result;
    /* reading: in a duel mc sees the shared display and every card turned up (its opponent's
     * takes included) but plans as if the opponent took nothing from now on. */
    mc_work *mc = h[0].mc || h[1].mc ? mc_work_new(graph, s) : NULL;
    if (r.play_out) { /* reading: each plays until it fails; the longer path wins */
        bool done[2] = {false, false};
        for (int player = 0; !done[0] || !done[1]; player ^= 1) {
            if (done[player]) continue;
            done[player] = !duel_turn(&g, h[player], &p[player], &p[player ^ 1], r.closed, &t, rng, mc, player, moves, &k);
        }
        result = p[0].len > p[1].len ? GOPT_TAXIS_FIRST_WINS : p[1].len > p[0].len ? GOPT_TAXIS_SECOND_WINS : GOPT_TAXIS_TIE;
    } else
        for (int player = 0;; player ^= 1) {
            if (duel_turn(&g, h[player], &p[player], &p[player ^ 1], r.closed, &t, rng, mc, player, moves, &k)) continue;
            if (player == 1) result = GOPT_TAXIS_FIRST_WINS;
            else
                result = duel_turn(&g, h[1], &p[1], &p[0], r.closed, &t, rng, mc, 1, moves, &k) ? GOPT_TAXIS_SECOND_WINS
                                                                                              : GOPT_TAXIS_TIE;
            break;
        }
    mc_work_free(mc);
    if (nmoves) *nmoves = k;
    length[0] = p[0].len;
    length[1] = p[1].len;
    return result;
}

bool ENGINE(decide)(const gopt_taxis_graph *graph, gopt_taxis_heuristic h, const int *nodes, int len, const int *display,
                    int ndisplay, gopt_rng *rng, int *node, gopt_taxis_end *end) {
    view g = view_of(graph);
    table t = {NULL, 0, 0, 0, ts_empty(), {0}, false, false, 0};
    for (int k = 0; k < ndisplay; k++) {
        t.count[display[k]]++;
        t.up = ts_add(t.up, display[k]);
        t.faceup++;
    }
    path p = {0, -1, -1, ts_empty()};
    for (int k = 0; k < len; k++) path_add(&p, nodes[k], GOPT_TAXIS_AT_BACK);
    h.mc = NULL; /* the oracle test's paper pairs only: mc would need the deck's composition */
    return choose(&g, h, &p, &t, rng, NULL, node, end);
}
