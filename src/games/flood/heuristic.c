/* Heuristic methods: sequences without a proof of optimality.
 *   greedy     one step: the move that floods the most cells.
 *   lookahead  Tatham's: try every sequence of up to `depth` moves and play the first move
 *              of the best, judged as Tatham's solver does: the fewest layers of regions
 *              left (eccentricity), then the fewest cells in the last layer, then the most
 *              cells flooded; finishing sooner beats everything.
 *   beam       layer by layer, keep the `width` best states by f = g + h (the admissible
 *              bound of the exact search, so the beam aims at short sequences), ties to the
 *              state with more cells flooded; uses the exact search's pruning rules. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "gameopt/alloc.h"
#include "gameopt/stop.h"

/* A growing sequence of moves. */
typedef struct seq {
    uint8_t *v;
    size_t n, cap;
} seq;

static void seq_push(seq *s, int c) {
    gopt_grow(&s->v, &s->cap, s->n + 1, 1);
    s->v[s->n++] = (uint8_t)c;
}

static void finish(flood_outcome *out, seq *s) {
    out->status = GOPT_SOLVED;
    out->length = (int)s->n;
    out->moves = s->v ? s->v : gopt_malloc(1);
}

/* Cells flooded by playing c (without playing it). */
static int64_t gain(const flood_graph *g, const uint64_t *border, int c) {
    const uint64_t *cs = flood_colour_set(g, c);
    int64_t n = 0;
    for (int k = 0; k < g->nwords; k++) {
        uint64_t x = border[k] & cs[k];
        while (x) {
            n += g->cells[k * 64 + __builtin_ctzll(x)];
            x &= x - 1;
        }
    }
    return n;
}

/* Plays, from the start, the move `choose` picks at each state until the board is one
 * colour. */
typedef int (*chooser)(void *ctx, const uint64_t *F, const uint64_t *border);

static void play_out(const flood_graph *g, chooser choose, void *ctx, flood_outcome *out) {
    size_t nw = (size_t)g->nwords;
    uint64_t *F = gopt_malloc(4 * nw * sizeof *F), *border = F + nw, *scratch = F + 2 * nw;
    seq s = {0};
    gopt_bits_zero(F, nw);
    gopt_bits_set(F, (size_t)g->root);
    flood_border(g, F, border);
    while (gopt_bits_any(border, nw)) {
        int best = choose(ctx, F, border);
        flood_play(g, F, border, best, scratch, NULL);
        seq_push(&s, best);
        out->nodes++;
    }
    free(F);
    finish(out, &s);
}

/* greedy: the most cells now, the smaller colour on ties */
static int choose_greedy(void *ctx, const uint64_t *F, const uint64_t *border) {
    const flood_graph *g = ctx;
    (void)F;
    uint64_t cols = flood_colours_of(g, border);
    int best = -1;
    int64_t best_gain = -1;
    GOPT_FOR_BITS(c, cols) {
        int64_t n = gain(g, border, c);
        if (n > best_gain) best_gain = n, best = c;
    }
    return best;
}

void flood_greedy(const flood_graph *g, flood_outcome *out) {
    memset(out, 0, sizeof *out);
    play_out(g, choose_greedy, (void *)g, out);
    out->peak_bytes = (double)(4 * (size_t)g->nwords * 8);
}

/* ---- lookahead ---- */

typedef struct look {
    const flood_graph *g;
    int depth;
    uint64_t *buf; /* per level: F, border, scratch (4 words each per nword); then 3 for BFS */
    int64_t nodes;
} look;

/* Tatham's judgement of a state, smaller is better: layers left, then cells in the last
 * layer, then cells not flooded. */
static int64_t tatham_score(look *L, const uint64_t *F, const uint64_t *border) {
    const flood_graph *g = L->g;
    size_t nw = (size_t)g->nwords;
    uint64_t *seen = L->buf + (size_t)(L->depth + 2) * 4 * nw, *cur = seen + nw, *next = cur + nw;
    memcpy(cur, border, nw * sizeof *cur);
    for (size_t k = 0; k < nw; k++) seen[k] = F[k] | border[k];
    int64_t layers = 1;
    for (;;) {
        gopt_bits_zero(next, nw);
        flood_neighbours_or(g, cur, next);
        bool more = false;
        for (size_t k = 0; k < nw; k++) {
            next[k] &= ~seen[k];
            seen[k] |= next[k];
            more = more || next[k];
        }
        if (!more) break;
        memcpy(cur, next, nw * sizeof *cur);
        layers++;
    }
    int64_t total = (int64_t)g->w * g->h;
    return (layers << 44) + (flood_cells(g, cur) << 22) + (total - flood_cells(g, F));
}

/* The best (smallest) score reachable in `left` more moves from level `lv`; finishing
 * after k more moves scores below every state (sooner is better). */
static int64_t look_score(look *L, int lv, int left) {
    const flood_graph *g = L->g;
    size_t nw = (size_t)g->nwords;
    uint64_t *F = L->buf + (size_t)lv * 4 * nw, *border = F + nw;
    if (!gopt_bits_any(border, nw)) return INT64_MIN + lv;
    if (left == 0) return tatham_score(L, F, border);
    uint64_t *F2 = F + 4 * nw, *border2 = F2 + nw, *scratch = F2 + 2 * nw;
    uint64_t cols = flood_colours_of(g, border);
    int64_t best = INT64_MAX;
    GOPT_FOR_BITS(c, cols) {
        memcpy(F2, F, nw * sizeof *F);
        memcpy(border2, border, nw * sizeof *F);
        flood_play(g, F2, border2, c, scratch, NULL);
        L->nodes++;
        int64_t v = look_score(L, lv + 1, left - 1);
        if (v < best) best = v;
    }
    return best;
}

/* lookahead: the first move of the best sequence of `depth` moves */
static int choose_lookahead(void *ctx, const uint64_t *F, const uint64_t *border) {
    look *L = ctx;
    size_t nw = (size_t)L->g->nwords;
    memcpy(L->buf, F, nw * sizeof *F);
    memcpy(L->buf + nw, border, nw * sizeof *F);
    uint64_t *F1 = L->buf + 4 * nw, *border1 = F1 + nw;
    uint64_t cols = flood_colours_of(L->g, border);
    int best = -1;
    int64_t best_score = INT64_MAX;
    GOPT_FOR_BITS(c, cols) {
        memcpy(F1, F, nw * sizeof *F);
        memcpy(border1, border, nw * sizeof *F);
        flood_play(L->g, F1, border1, c, F1 + 2 * nw, NULL);
        int64_t v = look_score(L, 1, L->depth - 1);
        if (best < 0 || v < best_score) best_score = v, best = c;
    }
    return best;
}

void flood_lookahead(const flood_graph *g, int depth, flood_outcome *out) {
    memset(out, 0, sizeof *out);
    size_t nw = (size_t)g->nwords;
    look L = {.g = g, .depth = depth, .buf = gopt_malloc(((size_t)(depth + 2) * 4 + 3) * nw * sizeof(uint64_t))};
    play_out(g, choose_lookahead, &L, out);
    out->generated = L.nodes;
    out->peak_bytes = (double)(((size_t)(depth + 2) * 4 + 3) * nw * 8);
    free(L.buf);
}

/* ---- beam ---- */

typedef struct beam_entry {
    uint32_t parent;   /* index in the previous layer */
    uint8_t colour;    /* the free move from it */
    int g, h;
    int64_t cells;
    flood_context ctx;
    uint64_t hash;
} beam_entry;

typedef struct beam_layer {
    beam_entry *e;
    uint64_t *states;
    size_t n, cap;
} beam_layer;

static uint64_t *layer_state(beam_layer *l, size_t i, size_t nw) { return l->states + i * nw; }

static void layer_add(beam_layer *l, const beam_entry *e, const uint64_t *state, size_t nw) {
    if (l->n == l->cap) {
        size_t cap = l->cap;
        gopt_grow(&l->e, &l->cap, l->n + 1, sizeof *l->e);
        l->states = gopt_realloc(l->states, l->cap * nw * sizeof *l->states);
        (void)cap;
    }
    l->e[l->n] = *e;
    memcpy(layer_state(l, l->n, nw), state, nw * sizeof *state);
    l->n++;
}

static int cmp_entry(const beam_entry *a, const beam_entry *b) {
    int fa = a->g + a->h, fb = b->g + b->h;
    if (fa != fb) return fa < fb ? -1 : 1;
    if (a->h != b->h) return a->h < b->h ? -1 : 1;
    if (a->cells != b->cells) return a->cells > b->cells ? -1 : 1;
    return 0;
}

static int cmp_index(const void *x, const void *y, void *ctx) {
    const beam_layer *l = ctx;
    uint32_t i = *(const uint32_t *)x, j = *(const uint32_t *)y;
    int c = cmp_entry(&l->e[i], &l->e[j]);
    return c ? c : (i < j ? -1 : i > j);
}

/* qsort_r is a GNU extension; a small merge sort keeps this portable and stable. */
static void sort_indices(uint32_t *idx, uint32_t *tmp, size_t n, const beam_layer *l) {
    if (n < 2) return;
    size_t h = n / 2;
    sort_indices(idx, tmp, h, l);
    sort_indices(idx + h, tmp, n - h, l);
    size_t a = 0, b = h, k = 0;
    while (a < h && b < n) tmp[k++] = cmp_index(&idx[b], &idx[a], (void *)l) < 0 ? idx[b++] : idx[a++];
    while (a < h) tmp[k++] = idx[a++];
    while (b < n) tmp[k++] = idx[b++];
    memcpy(idx, tmp, n * sizeof *idx);
}

/* Per-layer history, to rebuild the sequence: parent and free move of each kept state. */
typedef struct beam_history {
    uint32_t *parent;
    uint8_t *colour;
    size_t n;
} beam_history;

/* Remembers a layer's links (parent and free move of each state) for the rebuild. */
static void history_push(beam_history **hist, size_t *nhist, size_t *cap, const beam_layer *cur) {
    gopt_grow(hist, cap, *nhist + 1, sizeof **hist);
    beam_history *hl = &(*hist)[(*nhist)++];
    hl->n = cur->n;
    hl->parent = gopt_malloc(cur->n * sizeof *hl->parent);
    hl->colour = gopt_malloc(cur->n);
    for (size_t i = 0; i < cur->n; i++) hl->parent[i] = cur->e[i].parent, hl->colour[i] = cur->e[i].colour;
}

/* An empty open-addressing table of at least `want` slots (a power of two). */
static void table_reset(uint32_t **table, size_t *cap, size_t want) {
    if (*cap < want) {
        free(*table);
        *cap = 1;
        while (*cap < want) *cap *= 2;
        *table = gopt_malloc(*cap * sizeof **table);
    }
    memset(*table, 0, *cap * sizeof **table);
}

/* Adds e to the layer unless its state is there already: one entry per state, the one
 * reached in fewer moves. table holds index + 1 of each entry (0: empty slot). */
static void layer_add_unique(beam_layer *next, uint32_t *table, size_t table_cap, const beam_entry *e,
                             const uint64_t *state, size_t nw) {
    size_t slot = e->hash & (table_cap - 1);
    while (table[slot]) {
        uint32_t j = table[slot] - 1;
        if (next->e[j].hash == e->hash && memcmp(layer_state(next, j, nw), state, nw * 8) == 0) {
            if (e->g < next->e[j].g) next->e[j] = *e;
            return;
        }
        slot = (slot + 1) & (table_cap - 1);
    }
    layer_add(next, e, state, nw);
    table[slot] = (uint32_t)next->n;
}

/* Scratch for ordering a layer, kept across layers. */
typedef struct beam_sorter {
    uint32_t *order, *tmp;
    size_t cap;
} beam_sorter;

/* The best `width` entries of a layer, as a new layer. */
static beam_layer keep_best(beam_layer *next, int width, beam_sorter *s, size_t nw) {
    if (next->n > s->cap) {
        s->cap = next->n;
        s->order = gopt_realloc(s->order, s->cap * sizeof *s->order);
        s->tmp = gopt_realloc(s->tmp, s->cap * sizeof *s->tmp);
    }
    for (size_t i = 0; i < next->n; i++) s->order[i] = (uint32_t)i;
    sort_indices(s->order, s->tmp, next->n, next);
    size_t keep = next->n < (size_t)width ? next->n : (size_t)width;
    beam_layer kept = {0};
    for (size_t i = 0; i < keep; i++) layer_add(&kept, &next->e[s->order[i]], layer_state(next, s->order[i], nw), nw);
    return kept;
}

/* The free moves of the best sequence, followed back from its last layer's parent. */
static void rebuild_free_moves(const beam_history *hist, size_t best_layer, uint32_t best_parent, uint8_t best_colour,
                               seq *freem) {
    uint8_t *rev = gopt_malloc(best_layer + 2);
    size_t k = 0;
    rev[k++] = best_colour;
    uint32_t at = best_parent;
    for (size_t l = best_layer; l > 0; l--) {
        rev[k++] = hist[l].colour[at];
        at = hist[l].parent[at];
    }
    for (size_t i = k; i-- > 0;) seq_push(freem, rev[i]);
    free(rev);
}

void flood_beam(const flood_graph *g, int width, flood_outcome *out) {
    memset(out, 0, sizeof *out);
    size_t nw = (size_t)g->nwords;
    flood_expander ex;
    flood_expander_init(&ex, g);
    uint64_t *F = gopt_malloc(4 * nw * sizeof *F), *border = F + nw, *scratch = F + 2 * nw;
    int g0 = flood_start(g, F, border, scratch, NULL);
    beam_layer cur = {0}, next = {0};
    beam_entry root = {.parent = UINT32_MAX, .g = g0};
    root.h = gopt_bits_any(border, nw) ? flood_bound(&ex.bounder, F, border) : 0;
    layer_add(&cur, &root, F, nw);
    beam_history *hist = NULL;
    size_t nhist = 0, hist_cap = 0;
    int best = root.h == 0 ? g0 : INT32_MAX;
    size_t best_layer = 0;
    uint32_t best_parent = UINT32_MAX;
    int best_colour = -1;
    size_t table_cap = 0;
    uint32_t *table = NULL;
    beam_sorter sorter = {0};
    double peak = 0;
    const char *stopped = NULL;
    while (cur.n > 0) {
        history_push(&hist, &nhist, &hist_cap, &cur);
        next.n = 0;
        table_reset(&table, &table_cap, 2 * cur.n * (size_t)flood_popcount(g->present) + 16);
        for (size_t i = 0; i < cur.n; i++) {
            const beam_entry *p = &cur.e[i];
            if (p->g + p->h >= best) continue;
            /* A stop (deadline, cancel, Ctrl-C) narrows the beam to one state: the layers are
             * sorted by f, so the rest is a greedy finish from the best, a few milliseconds,
             * and the caller still gets a sequence (the exact methods their upper bound). */
            if (!stopped && (out->nodes & 255) == 255 && gopt_stop_check() != GOPT_GO) {
                stopped = gopt_stop_word(gopt_stop_check());
                width = 1;
            }
            if (stopped && (next.n > 0 || best < INT32_MAX)) break;
            int n = flood_expand(&ex, layer_state(&cur, i, nw), &p->ctx, 0);
            out->nodes++;
            for (int k = 0; k < n; k++) {
                const flood_succ *c = &ex.succ[k];
                int g2 = p->g + c->g_add;
                if (c->goal) {
                    if (g2 < best) {
                        best = g2;
                        best_layer = nhist - 1;
                        best_parent = (uint32_t)i;
                        best_colour = c->colour;
                    }
                    continue;
                }
                if (g2 + c->h >= best) continue;
                beam_entry e = {(uint32_t)i, (uint8_t)c->colour, g2, c->h, flood_cells(g, c->state),
                                flood_context_of(&p->ctx, c, 1), flood_hash(c->state, (int)nw)};
                layer_add_unique(&next, table, table_cap, &e, c->state, nw);
            }
        }
        beam_layer kept = keep_best(&next, width, &sorter, nw);
        double bytes = (double)(cur.cap + next.cap + kept.cap) * (double)(nw * 8 + sizeof(beam_entry)) +
                       (double)table_cap * 4;
        if (bytes > peak) peak = bytes;
        free(cur.e);
        free(cur.states);
        cur = kept;
    }
    /* rebuild: free moves back through the layers, then replay with the forced ones */
    seq freem = {0};
    if (best_colour >= 0) rebuild_free_moves(hist, best_layer, best_parent, (uint8_t)best_colour, &freem);
    seq full = {0};
    full.v = gopt_malloc((size_t)g->nregions + 1);
    full.n = (size_t)flood_replay(g, freem.v, (int)freem.n, full.v);
    full.cap = (size_t)g->nregions + 1;
    free(freem.v);
    out->generated = ex.generated;
    out->peak_bytes = peak + (double)ex.bounder.bytes;
    finish(out, &full);
    if (stopped) out->status = GOPT_LIMIT, out->stopped = stopped; /* a sequence, narrower than asked */
    for (size_t l = 0; l < nhist; l++) free(hist[l].parent), free(hist[l].colour);
    free(hist);
    free(table);
    free(sorter.order);
    free(sorter.tmp);
    free(cur.e);
    free(cur.states);
    free(next.e);
    free(next.states);
    free(F);
    flood_expander_free(&ex);
}
