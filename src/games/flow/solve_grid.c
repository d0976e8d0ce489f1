/* The search on plain rectangles: the sweep of solve_search.c specialised to a grid, where
 * every cell has its links to the north and west decided when its turn comes and chooses
 * those to the east and south, so the whole state is each cell's connection bits plus the
 * fragment ends. Cells are visited along anti-diagonals, top-right to bottom-left within one
 * (so a cell's north-east neighbour is decided before it, and its south-west neighbour is
 * next). The board is padded with a frame of walls, so no step needs a bounds check.
 *
 * With `lemma` (full coverage, looking for one solution), the search assumes that no path
 * touches itself and uses the corner rule: a turn ┌ ┐ └ ┘ has, in the diagonal cell inside
 * the turn, an endpoint or the same turn. Proof for ┌ at c, with east neighbour e, south
 * neighbour s, and d south-east: d touches e and s, both on c's path. If d were on that path,
 * not touching itself means d is joined to both e and s, closing the cycle c-e-d-s. So d is
 * on another path, joined to neither e nor s; being covered, d is an endpoint or uses its
 * other two sides, east and south: a ┌. Corners therefore come in diagonal spikes rooted at
 * endpoints, which prunes open areas drastically. The consequences, all checked as early as
 * the cells involved are decided:
 *   - a cell can turn ┌ only on a diagonal spike running north-west from an endpoint
 *     (static); it must turn ┌ if its north-west neighbour did;
 *   - ┐ needs the cells down its south-west diagonal to be entered from the west only, up to
 *     an endpoint (they are all decided by then); a cell must turn ┐ if its north-east
 *     neighbour did;
 *   - └ and ┘ need their north-east / north-west neighbour to be an endpoint or the same turn;
 *   - a line going east (south) must meet, before the border, a cell where it may stop or
 *     turn: an endpoint, or a cell on a spike that allows ┐ or ┘ (└ or ┘).
 * A failed search under the lemma proves nothing; without it the sweep is complete.
 *
 * The crossing test (frontier.c) refuses a state where two colours, each with both ends open
 * on the frontier, alternate along it on one face, so would have to cross. It runs at the
 * start of a diagonal when the open ends' colours or tunnels changed since the last test:
 * testing after every change halved the nodes of some 50x50 boards but cost more than it
 * saved. It is exact (no state with a completion is refused), lemma or not. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/stop.h"
#include "internal.h"

enum { N = 1, E = 2, S = 4, W = 8 };

/* The hot helpers below are small; inlining them into the sweep is most of its speed. */
#define HOT static inline __attribute__((always_inline))
enum { WALL = -2, EMPTY = -1 };

typedef struct trail_entry {
    int at;      /* the cell whose frag it was */
    uint64_t old; /* its value before */
} trail_entry;

/* The decision at one position of the sweep. */
typedef struct frame {
    int cell;
    uint8_t in;                     /* the links from the north and west */
    uint8_t choice, nopts, opts[2]; /* options (E and S bits), and the next one to try */
    uint32_t mark;                  /* the trail's length on arrival */
    int done;                       /* colours joined before this decision */
    bool dirty;                     /* the frontier changed since the last crossing test */
    bool memo;                      /* a diagonal start whose frontier is stored if it fails */
    long found;                     /* solutions found before this decision */
} frame;

typedef struct grid {
    int w, h, W;    /* W: the padded width */
    int cells;      /* padded */
    bool lemma, partial;
    /* static */
    int *colour;    /* colour of an endpoint, EMPTY, or WALL */
    uint8_t *can_se;
    int *stop_e, *stop_s; /* the first cell east / south where a line may stop or turn */
    int *order;     /* the sweep */
    /* dynamic: the connection bits of decided cells (written when decided, read only while
     * decided, so never undone), and per cell at a fragment end the other end (low 32 bits)
     * and the fragment's colour (high 32 bits), undone through the trail */
    uint8_t *con;
    uint64_t *frag;
    trail_entry *trail;
    size_t ntrail, trail_cap;
    frame *stack; /* the decision at each position of the sweep */
    int64_t nodes;
    int joined; /* the colour of the fragment the last connect made */
    /* the crossing test at the start of each anti-diagonal (frontier.c) */
    int *diag_end;  /* per diagonal, one past its last position */
    flow_frontier *front;
    flow_open_end *ends;
    int *paired_by; /* per position, how many colours may have both ends on the frontier by then */
    int done;       /* colours joined so far */
    uint8_t *is_start;
    bool changed; /* the last decision joined fragments or started a line at an endpoint */
    int64_t crossings;
    flow_memo *memo; /* frontiers searched in vain (memo.c), or NULL */
    uint32_t *key;
} grid;

/* One decision changes at most this many slots (two links of two). */
#define TRAIL_PER_CELL 4

/* The trail grown (out of line, and through its own locals: the sweep's grid must not have
 * its address taken, see flow_grid_run). */
static __attribute__((noinline)) trail_entry *grown(trail_entry *trail, size_t *cap, size_t need) {
    gopt_grow(&trail, cap, need, sizeof *trail);
    return trail;
}

/* Room for one more decision on the trail (so `set` needs no check). */
HOT void reserve(grid *g) {
    if (g->ntrail + TRAIL_PER_CELL <= g->trail_cap) return;
    size_t cap = g->trail_cap;
    g->trail = grown(g->trail, &cap, g->ntrail + TRAIL_PER_CELL);
    g->trail_cap = cap;
}

HOT void set_frag(grid *g, int cell, uint64_t value) {
    g->trail[g->ntrail++] = (trail_entry){cell, g->frag[cell]};
    g->frag[cell] = value;
}

/* A fragment end's word: the other end, and the colour + 1 (0 for none) above it. */
static inline uint64_t fragment(int other_end, int colour) { return (uint64_t)(uint32_t)other_end | (uint64_t)(colour + 1) << 32; }
static inline int end_of(uint64_t f) { return (int)(uint32_t)f; }
static inline int colour_of(uint64_t f) { return (int)(f >> 32) - 1; }
#define COLOUR_BITS 0xffffffff00000000u

HOT void undo_to(grid *g, size_t mark) {
    /* (undone in reverse, so a slot set twice gets its oldest value back) */
    while (g->ntrail > mark) {
        const trail_entry *t = &g->trail[--g->ntrail];
        g->frag[t->at] = t->old;
    }
}

static inline bool is_end(const grid *g, int p) { return g->colour[p] >= 0; }

/* The links into x from the north and west (both neighbours decided). */
HOT int in_bits(const grid *g, int x) { return (g->con[x - g->W] & S ? N : 0) | (g->con[x - 1] & E ? W : 0); }

/* Joins the fragments ending at p and q (q east of p, whose bits are written, or south). */
HOT bool connect(grid *g, int p, int q, bool east) {
    int cq = g->colour[q];
    if (cq == WALL) return false;
    if (cq >= 0 && east && in_bits(g, q) != W) return false; /* an endpoint takes one link */
    uint64_t fp = g->frag[p], fq = g->frag[q];
    int ep = end_of(fp), eq = end_of(fq);
    if (ep == q) return false; /* a cycle */
    /* The colours stay in the high words, so the new ends' words are one OR: converting
     * a colour to an int and back made the compiler spill 32-bit halves and reload them
     * as 64-bit words, a store it cannot forward, at every join (6 % of the time on
     * inputs10). */
    uint64_t hp = fp & COLOUR_BITS, hq = fq & COLOUR_BITS;
    if (hp && hq && hp != hq) return false;
    uint64_t hk = hp | hq; /* the one colour there is, or none */
    g->joined = colour_of(hk);
    if (hp && hq) g->done++; /* both ends of colour k: its path is complete */
    /* A plain step (a fragment going on into a fresh cell) keeps the order and the colours
     * of the open ends, a new ┌ opens a tunnel with nothing inside, a colour reaching its
     * own colour only removes ends; anything else (a line leaving an endpoint, a colour
     * spreading into a colourless fragment, two tunnels joining) may set two colours against
     * each other, so the crossing test runs before the next decision. */
    bool fresh = eq == q && cq < 0;
    if (!(fresh && (ep != p || !hp)) && !(hp && hq)) g->changed = true;
    set_frag(g, ep, (uint32_t)eq | hk);
    set_frag(g, eq, (uint32_t)ep | hk);
    return true;
}

/* ┐ at p: the cells down the south-west diagonal, all decided from the north and west, are
 * entered from the west only until an endpoint. */
HOT bool spike_south_west(const grid *g, int p) {
    int step = g->W - 1;
    for (int q = p + step;; q += step) {
        int k = g->colour[q];
        if (k >= 0) return true;
        if (k == WALL || in_bits(g, q) != W || g->colour[q + g->W] == WALL) return false;
    }
}

/* The corner rule at p, now shaped `shape`. */
HOT bool corner_ok(const grid *g, int p, int shape) {
    if (is_end(g, p)) return true;
    int nw = p - g->W - 1, ne = p - g->W + 1;
    if (g->con[nw] == (E | S) && !is_end(g, nw) && shape != (E | S)) return false;
    if (g->con[ne] == (W | S) && !is_end(g, ne) && shape != (W | S)) return false;
    switch (shape) {
    case E | S: return g->can_se[p];
    case W | S: return spike_south_west(g, p);
    case N | E: return is_end(g, ne) || g->con[ne] == (N | E);
    case N | W: return is_end(g, nw) || g->con[nw] == (N | W);
    default: return true;
    }
}

/* x's links from the north and west are decided: can it still be completed? */
HOT bool settled_ok(const grid *g, int x) {
    int k = g->colour[x];
    if (k == WALL) return true;
    int in = in_bits(g, x);
    bool east = g->colour[x + 1] != WALL, south = g->colour[x + g->W] != WALL;
    if (k >= 0) return in || east || south;
    if (!in) {
        if (g->partial) return true;
        if (!east || !south) return false;
        return !g->lemma || g->can_se[x];
    }
    if (in != (N | W) && !east && !south) return false;
    if (!g->lemma) return true;
    int nw = x - g->W - 1;
    if (g->con[nw] == (E | S) && !is_end(g, nw)) return false; /* x had to turn ┌ */
    if (in == (N | W)) return is_end(g, nw) || g->con[nw] == (N | W);
    return true;
}

/* The line just joined east or south reaches x first where it may stop or turn: x must
 * exist, and an endpoint there must have the line's colour. */
HOT bool line_ok(const grid *g, int x) {
    if (x < 0) return false;
    int k = g->colour[x];
    return k < 0 || g->joined < 0 || g->joined == k;
}

/* Takes option `out` (E and/or S bits) at p. */
HOT bool apply(grid *g, int p, int in, int out) {
    g->con[p] = (uint8_t)(in | out);
    g->changed = false;
    if ((out & E) && (!connect(g, p, p + 1, true) || (g->lemma && !line_ok(g, g->stop_e[p])))) return false;
    if ((out & S) && (!connect(g, p, p + g->W, false) || (g->lemma && !line_ok(g, g->stop_s[p])))) return false;
    if (g->lemma && !corner_ok(g, p, in | out)) return false;
    if (!settled_ok(g, p + 1)) return false;
    if (g->colour[p + g->W - 1] == WALL && !settled_ok(g, p + g->W)) return false;
    return true;
}

/* The options at p (E and S bits), most promising first. */
HOT int options(const grid *g, int p, int in, uint8_t opts[2]) {
    int n = 0;
    if (is_end(g, p)) {
        if (in) opts[n++] = 0;
        else opts[n++] = E, opts[n++] = S;
        return n;
    }
    switch (in) {
    case 0:
        if (!g->lemma || g->can_se[p]) opts[n++] = E | S;
        if (g->partial) opts[n++] = 0;
        break;
    case W: opts[n++] = S, opts[n++] = E; break; /* a turn first: turns are rare and checked */
    case N: opts[n++] = E, opts[n++] = S; break;
    default: opts[n++] = 0; break;
    }
    return n;
}

/* ---------------------------------------------------------------- setup */

/* Static consequences of the corner rule (see the top comment). */
static void spikes(grid *g) {
    int C = g->cells, Wd = g->W;
    uint8_t *sw = gopt_calloc((size_t)C, 1), *ne = gopt_calloc((size_t)C, 1), *nw = gopt_calloc((size_t)C, 1);
    for (int p = C - 1; p >= 0; p--) { /* ┌ and ┐ look south */
        if (g->colour[p] == WALL) continue;
        int d = p + Wd + 1, e = p + Wd - 1;
        g->can_se[p] = g->colour[d] != WALL && (is_end(g, d) || g->can_se[d]);
        sw[p] = g->colour[e] != WALL && (is_end(g, e) || sw[e]);
    }
    for (int p = 0; p < C; p++) { /* └ and ┘ look north */
        if (g->colour[p] == WALL) continue;
        int d = p - Wd + 1, e = p - Wd - 1;
        ne[p] = g->colour[d] != WALL && (is_end(g, d) || ne[d]);
        nw[p] = g->colour[e] != WALL && (is_end(g, e) || nw[e]);
    }
    for (int p = C - 1; p >= 0; p--) {
        g->stop_e[p] = g->stop_s[p] = -1;
        if (g->colour[p] == WALL) continue;
        int x = p + 1, y = p + Wd;
        if (g->colour[x] != WALL) g->stop_e[p] = is_end(g, x) || sw[x] || nw[x] ? x : g->stop_e[x];
        if (g->colour[y] != WALL) g->stop_s[p] = is_end(g, y) || ne[y] || nw[y] ? y : g->stop_s[y];
    }
    free(sw);
    free(ne);
    free(nw);
}

static void setup(grid *g, const gopt_flow_puzzle *p, bool lemma) {
    memset(g, 0, sizeof *g);
    g->w = p->cols;
    g->h = p->rows;
    g->W = g->w + 2;
    g->cells = g->W * (g->h + 2);
    g->lemma = lemma;
    g->partial = p->partial;
    size_t C = (size_t)g->cells;
    g->colour = gopt_malloc(C * sizeof *g->colour);
    for (size_t i = 0; i < C; i++) g->colour[i] = WALL;
    for (int r = 0; r < g->h; r++)
        for (int c = 0; c < g->w; c++) g->colour[(r + 1) * g->W + c + 1] = p->colour[r * g->w + c];
    g->con = gopt_calloc(C, 1);
    g->frag = gopt_malloc(C * sizeof *g->frag);
    for (size_t i = 0; i < C; i++) g->frag[i] = fragment((int)i, g->colour[i] >= 0 ? g->colour[i] : -1);
    g->can_se = gopt_calloc(C, 1);
    g->stop_e = gopt_malloc(C * sizeof *g->stop_e);
    g->stop_s = gopt_malloc(C * sizeof *g->stop_s);
    if (lemma) spikes(g);
    int n = g->w * g->h, i = 0;
    g->order = gopt_malloc((size_t)n * sizeof *g->order);
    for (int d = 0; d < g->w + g->h - 1; d++)
        for (int r = d < g->w ? 0 : d - g->w + 1; r < g->h && r <= d; r++) g->order[i++] = (r + 1) * g->W + (d - r) + 1;
    g->stack = gopt_calloc((size_t)n + 1, sizeof *g->stack);
    int nd = g->w + g->h - 1;
    g->diag_end = gopt_malloc((size_t)nd * sizeof *g->diag_end);
    g->is_start = gopt_calloc((size_t)n + 1, 1);
    for (int d = 0, k = 0; d < nd; d++) {
        int lo = d < g->w ? 0 : d - g->w + 1, hi = d < g->h ? d : g->h - 1;
        k += hi - lo + 1;
        g->diag_end[d] = k;
        if (k < n) g->is_start[k] = 1;
    }
    /* A colour can have two open ends from position i on only once both its endpoints can be
     * linked: an endpoint is linked at the latest when it is decided, at the earliest when its
     * north or west neighbour is. */
    int *at = gopt_malloc(C * sizeof *at);
    for (size_t c = 0; c < C; c++) at[c] = n;
    for (int k = 0; k < n; k++) at[g->order[k]] = k;
    g->paired_by = gopt_calloc((size_t)n + 2, sizeof *g->paired_by);
    for (int k = 0; k < p->ncolours; k++) {
        int latest = 0;
        for (int e = 0; e < 2; e++) {
            int v = p->ends[k][e], c = (p->row[v] + 1) * g->W + p->col[v] + 1;
            int t = at[c];
            if (at[c - g->W] < t) t = at[c - g->W];
            if (at[c - 1] < t) t = at[c - 1];
            if (t > latest) latest = t;
        }
        g->paired_by[latest + 1]++;
    }
    for (int k = 1; k <= n; k++) g->paired_by[k] += g->paired_by[k - 1];
    free(at);
    int longest = g->w < g->h ? g->w : g->h;
    g->ends = gopt_malloc((size_t)(2 * longest + 2) * sizeof *g->ends);
    g->front = flow_frontier_new(p->ncolours, 2 * longest + 2, g->cells);
    /* Dead ends are remembered where the frontier alone decides the future: without the
     * corner rule (which also reads the cells behind the frontier) and without the
     * untouching test at the leaves (which reads the whole past). */
    if (!lemma && !p->untouching) {
        g->memo = flow_memo_new((size_t)64 << 20);
        g->key = gopt_malloc(((size_t)longest + 2) * sizeof *g->key);
    }
}

static void teardown(grid *g) {
    free(g->colour);
    free(g->con);
    free(g->frag);
    free(g->can_se);
    free(g->stop_e);
    free(g->stop_s);
    free(g->order);
    free(g->trail);
    free(g->stack);
    free(g->diag_end);
    free(g->is_start);
    flow_frontier_free(g->front);
    flow_memo_free(g->memo);
    free(g->key);
    free(g->ends);
    free(g->paired_by);
}

/* The open ends before deciding position i (cell (r, d - r)), in order along the frontier:
 * the cells of diagonal d + 1 down to row r (entered from the decided cells of d; at row r
 * only from the north, the west being undecided), then those of d from row r on (entered
 * from d - 1). An open end is a cell entered by one link that is not an endpoint. */
static bool frontier_ok(const grid *g, int i) {
    int x = g->order[i], r = x / g->W - 1, d = r + x % g->W - 1, n = 0;
    flow_open_end *e = g->ends;
    if (d + 1 < g->w + g->h - 1) {
        int first = g->diag_end[d], lo = d + 1 < g->w ? 0 : d + 2 - g->w;
        for (int t = lo; t <= r; t++) {
            int y = g->order[first + t - lo];
            int in = t < r ? in_bits(g, y) : (g->con[y - g->W] & S ? N : 0);
            if ((in == N || in == W) && g->colour[y] < 0) e[n++] = (flow_open_end){y, end_of(g->frag[y]), colour_of(g->frag[y])};
        }
    }
    for (int k = i; k < g->diag_end[d]; k++) {
        int y = g->order[k], in = in_bits(g, y);
        if ((in == N || in == W) && g->colour[y] < 0) e[n++] = (flow_open_end){y, end_of(g->frag[y]), colour_of(g->frag[y])};
    }
    return flow_frontier_ok(g->front, e, n);
}

/* The frontier before position i, the first of its diagonal d: per cell of d, its links
 * from d - 1 and, at an open end, its fragment's colour or the row where its tunnel comes
 * back up (in d too). Everything after position i depends on this alone when the corner
 * rule is off: the cells' links from the past, and which open ends are joined below the line
 * or to which colour. */
static int frontier_key(const grid *g, int i, uint32_t *key) {
    int x = g->order[i], d = x / g->W + x % g->W - 2, n = 0;
    key[n++] = (uint32_t)d;
    for (int k = i; k < g->diag_end[d]; k++) {
        int y = g->order[k], in = in_bits(g, y);
        uint32_t code = (uint32_t)in;
        if ((in == N || in == W) && g->colour[y] < 0) {
            uint64_t f = g->frag[y];
            int c = colour_of(f);
            code |= c >= 0 ? (uint32_t)(c + 1) << 5 : 16u | (uint32_t)(end_of(f) / g->W) << 5;
        }
        key[n++] = code;
    }
    return n;
}

static gopt_flow_solution *solution(const grid *g, const gopt_flow_puzzle *p) {
    gopt_flow_solution *s = gopt_flow_solution_new(p);
    for (int v = 0; v < p->nnodes; v++) {
        int bits = g->con[(p->row[v] + 1) * g->W + p->col[v] + 1];
        for (const gopt_flow_link *l = flow_links(p, v), *end = l + flow_degree(p, v); l < end; l++)
            if (bits & (1 << l->dir)) s->used[l->edge] = 1;
    }
    gopt_flow_solution_paint(p, s);
    return s;
}

/* ---------------------------------------------------------------- the sweep */

/* A sweep that can be paused at a node budget and resumed (the portfolio interleaves it
 * with SAT): the loop's position lives here, not in locals. */
struct flow_grid {
    grid g;
    flow_run *r;
    int n, i;
    long found;
    int64_t skipped;
    bool proves, ended, bad;
    gopt_status status; /* once ended */
};

flow_grid *flow_grid_new(flow_run *r, bool lemma) {
    const gopt_flow_puzzle *p = r->p;
    flow_grid *s = gopt_calloc(1, sizeof *s);
    grid *g = &s->g;
    setup(g, p, lemma);
    s->r = r;
    s->n = g->w * g->h;
    /* Under the untouching convention (full coverage) the lemma is the convention itself, so
     * an exhausted sweep is still a proof. */
    s->proves = !lemma || (p->untouching && !p->partial);
    frame *f = &g->stack[0];
    reserve(g);
    f->cell = g->order[0];
    f->in = (uint8_t)in_bits(g, f->cell);
    f->nopts = (uint8_t)options(g, f->cell, f->in, f->opts);
    return s;
}

bool flow_grid_paused(const flow_grid *s) { return !s->ended; }

int64_t flow_grid_nodes(const flow_grid *s) { return s->g.nodes; }

/* How the sweep ended, with the answer's note. */
static gopt_status grid_end(flow_grid *s, bool exhausted, bool stopped) {
    const gopt_flow_puzzle *p = s->r->p;
    gopt_answer *a = s->r->a;
    s->ended = true;
    a->method = "search";
    a->solutions = s->found;
    a->complete = exhausted && s->proves;
    if (s->bad) return s->status = GOPT_ERROR;
    if (s->found > 0) return s->status = GOPT_SOLVED;
    if (exhausted && s->proves) {
        snprintf(a->note, sizeof a->note, "proven unsolvable by a complete search%s", p->untouching ? UNTOUCHING_NOTE : "");
        return s->status = GOPT_INFEASIBLE;
    }
    if (exhausted)
        snprintf(a->note, sizeof a->note, "no solution whose paths never touch themselves (not a proof: try --method sat)");
    else if (stopped)
        snprintf(a->note, sizeof a->note, "the search reached its %s",
                 gopt_stop_check() == GOPT_STOP_TIME || (s->r->deadline > 0 && gopt_now() > s->r->deadline) ? "time limit"
                                                                                                      : "stop");
    return s->status = GOPT_LIMIT;
}

gopt_status flow_grid_run(flow_grid *s, int64_t budget) {
    if (s->ended) return s->status;
    /* The loop works on a copy in a local whose address never leaves this function (every
     * helper it calls on g is inlined): the compiler keeps its fields (the trail's length,
     * the node count) in registers, which it cannot do through s (7 % of the sweep's time),
     * nor once the address escapes (then every store through frag or trail may change them:
     * a reload after each, 2.5 % of the time on inputs10). The out-of-line readers (the
     * crossing test, the memo's key, the solution) get s->g: the same arrays, and they read
     * nothing else that moves. */
    grid local = s->g, *g = &local;
    const grid *same = &s->g;
    gopt_status st = GOPT_LIMIT;
    flow_run *r = s->r;
    const gopt_flow_puzzle *p = r->p;
    int n = s->n, i = s->i;
    int64_t stop_at = budget > 0 ? g->nodes + budget : 0;
    int64_t poll_at = next_poll(g->nodes, stop_at);
    frame *f = &g->stack[i];
    for (;;) {
        if (i == n) {
            gopt_flow_solution *sol = solution(same, p);
            if (p->untouching && flow_touches(p, sol)) { /* not a solution under the convention */
                gopt_flow_solution_free(sol);
                s->skipped++;
            } else {
                s->found++;
                if (!flow_record(r, sol)) {
                    s->bad = true;
                    st = grid_end(s, false, false);
                    break;
                }
                if (s->found >= r->count) {
                    st = grid_end(s, false, false);
                    break;
                }
            }
            f = &g->stack[--i];
        }
        bool advanced = false, out_of_loop = false;
        while (f->choice < f->nopts) {
            /* the budget, the clock and Ctrl-C, every POLL_NODES nodes, before a choice is
             * taken (a paused sweep resumes at this very choice) */
            if (g->nodes >= poll_at) {
                if (flow_stopped(r)) {
                    st = grid_end(s, false, true);
                    out_of_loop = true;
                    break;
                }
                if (stop_at > 0 && g->nodes >= stop_at) { /* paused */
                    out_of_loop = true;
                    break;
                }
                poll_at = next_poll(g->nodes, stop_at);
                flow_progress(g->nodes, s->found);
            }
            undo_to(g, f->mark);
            int out = f->opts[f->choice++];
            g->nodes++;
            g->done = f->done;
            if (apply(g, f->cell, f->in, out)) {
                advanced = true;
                break;
            }
        }
        if (out_of_loop) break;
        if (advanced) {
            if (++i < n) {
                reserve(g);
                f = &g->stack[i];
                f->cell = g->order[i];
                f->choice = 0;
                f->mark = (uint32_t)g->ntrail;
                f->done = g->done;
                f->in = (uint8_t)in_bits(g, f->cell);
                f->nopts = (uint8_t)options(g, f->cell, f->in, f->opts);
                /* The crossing test, at the start of each diagonal when the open ends changed
                 * since the last one (testing after every change costs more than it saves),
                 * and only when two colours can both have two open ends. */
                f->dirty = g->stack[i - 1].dirty || g->changed;
                bool test = f->dirty && g->is_start[i] && g->paired_by[i] - g->done >= 2;
                if (test) f->dirty = false;
                if (test && !frontier_ok(same, i)) {
                    g->crossings++;
                    f->nopts = 0; /* no way on: back at once */
                }
                f->memo = false;
                if (g->memo && g->is_start[i] && f->nopts) {
                    int len = frontier_key(same, i, g->key);
                    if (flow_memo_has(g->memo, g->key, len)) f->nopts = 0;
                    else f->memo = true, f->found = s->found;
                }
            }
            continue;
        }
        undo_to(g, f->mark);
        if (f->memo && s->found == f->found) flow_memo_add(g->memo, g->key, frontier_key(same, i, g->key));
        if (--i < 0) {
            i = 0;
            st = grid_end(s, true, false);
            break;
        }
        f = &g->stack[i];
    }
    s->i = i;
    s->g = local;
    return st;
}

void flow_grid_free(flow_grid *s) {
    if (!s) return;
    gopt_answer *a = s->r->a;
    grid *g = &s->g;
    gopt_counter_add(&a->counters, "nodes", g->nodes);
    if (g->crossings) gopt_counter_add(&a->counters, "crossings", g->crossings);
    flow_memo_counters(g->memo, &a->counters);
    if (s->skipped) gopt_counter_add(&a->counters, "touching", s->skipped);
    teardown(g);
    free(s);
}
