/* The memory-bounded prover: depth-first search with a threshold on f = g + h and a fixed
 * transposition table, in two flavours.
 *   ida    IDA*: thresholds from the start's lower bound upwards; the first threshold with
 *          a sequence gives an optimal one, and each failed threshold is a proven lower
 *          bound, so a limit still leaves the best bounds known.
 *   dfbnb  depth-first branch and bound: one search below the heuristic upper bound UB,
 *          lowered to each better sequence found; finishing refutes "optimum <= UB - 1".
 * The table remembers, for states whose search failed, a lower bound learned from it (the
 * smallest f that went over the threshold, minus g). The pruning rules make a search from a
 * state depend on how it was reached only through the first level's commuting rule, so an
 * entry also records which first moves that rule skipped; it is used only when the new
 * visit skips at least those. Entries are whole states (compared word by word), so no hash
 * collision can prune anything; the table's size is fixed by --memory-limit. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/stop.h"
#include "internal.h"
#include "gameopt/alloc.h"
#include "gameopt/timer.h"

#define WAYS 4           /* entries per bucket */
#define INF_F 0x7fffffff

typedef struct tt {
    uint64_t *slots;     /* per entry: state (nw), meta, skipped mask */
    size_t nbuckets;     /* power of two */
    size_t max_buckets;  /* the memory limit's share */
    size_t live;         /* entries in use */
    double peak;         /* bytes at the largest (while growing: old and new together) */
    int stride;          /* nw + 2 */
    int nw;
    int64_t stores;
} tt;

/* meta: learned h (16) | work (16: the threshold margin it was searched with) | used (1) */
static inline uint64_t tt_meta(int h, int work) { return (uint64_t)h | (uint64_t)work << 16 | (uint64_t)1 << 32; }

/* The table starts small and doubles while it is half full, up to `bytes`: counting the
 * doubling itself, when the old table (half the size) still lives beside the new one; sized
 * by the final table alone, a 100 MB limit let a run reach 114 MB (issue 16 item 5). */
static void tt_init(tt *t, int nw, double bytes) {
    memset(t, 0, sizeof *t);
    t->nw = nw;
    t->stride = nw + 2;
    size_t bucket = (size_t)t->stride * sizeof(uint64_t) * WAYS;
    t->max_buckets = 1;
    while (1.5 * (double)(t->max_buckets * 2 * bucket) <= bytes) t->max_buckets *= 2;
    t->nbuckets = t->max_buckets < 1024 ? t->max_buckets : 1024;
    t->slots = gopt_calloc(t->nbuckets * WAYS, (size_t)t->stride * sizeof(uint64_t));
}

static double tt_bytes(const tt *t) { return (double)t->nbuckets * WAYS * (double)t->stride * 8; }

static uint64_t *tt_bucket(tt *t, uint64_t hash) {
    return t->slots + (hash & (t->nbuckets - 1)) * WAYS * (size_t)t->stride;
}

static void tt_grow(tt *t);

static uint64_t *tt_find(tt *t, const uint64_t *state, uint64_t hash) {
    uint64_t *b = tt_bucket(t, hash);
    for (int w = 0; w < WAYS; w++) {
        uint64_t *e = b + w * t->stride;
        if ((e[t->nw] >> 32 & 1) && memcmp(e, state, (size_t)t->nw * sizeof *e) == 0) return e;
    }
    return NULL;
}

/* Records a failure; an existing entry for the state is replaced, else the entry searched
 * with the smallest margin (the least work to redo). */
static void tt_store(tt *t, const uint64_t *state, uint64_t hash, int h, int work, uint64_t skipped) {
    uint64_t *e = tt_find(t, state, hash);
    if (!e) {
        if (t->live * 2 >= t->nbuckets * WAYS && t->nbuckets < t->max_buckets) {
            double before = tt_bytes(t);
            tt_grow(t);
            if (before + tt_bytes(t) > t->peak) t->peak = before + tt_bytes(t);
        }
        uint64_t *b = tt_bucket(t, hash);
        int least = INF_F;
        for (int w = 0; w < WAYS; w++) {
            uint64_t *c = b + w * t->stride;
            int cw = (c[t->nw] >> 32 & 1) ? (int)(c[t->nw] >> 16 & 0xffff) : -1;
            if (cw < least) least = cw, e = c;
        }
        if (least < 0) t->live++;
    } else if ((e[t->nw + 1] & ~skipped) == 0 && (int)(e[t->nw] & 0xffff) > h) {
        return; /* the entry already says more, under fewer conditions */
    }
    memcpy(e, state, (size_t)t->nw * sizeof *e);
    e[t->nw] = tt_meta(h, work);
    e[t->nw + 1] = skipped;
    t->stores++;
}

/* Doubles the table, moving every entry (an entry may only lose its place when its new
 * bucket is full, which the halved load makes rare; losing one only costs work). */
static void tt_grow(tt *t) {
    tt old = *t;
    t->nbuckets *= 2;
    t->live = 0;
    t->slots = gopt_calloc(t->nbuckets * WAYS, (size_t)t->stride * sizeof(uint64_t));
    for (size_t i = 0; i < old.nbuckets * WAYS; i++) {
        uint64_t *e = old.slots + i * (size_t)old.stride;
        if (!(e[t->nw] >> 32 & 1)) continue;
        uint64_t *b = tt_bucket(t, flood_hash(e, t->nw));
        for (int w = 0; w < WAYS; w++) {
            uint64_t *c = b + w * t->stride;
            if (!(c[t->nw] >> 32 & 1)) {
                memcpy(c, e, (size_t)t->stride * sizeof *c);
                t->live++;
                break;
            }
        }
    }
    free(old.slots);
}

typedef struct prover {
    const flood_graph *g;
    int nw;
    flood_expander ex;
    tt table;
    const flood_limits *lim;
    /* per depth, allocated when first reached: successors copied out of the expander */
    flood_succ **succ;   /* [depth] -> k successors */
    uint64_t **states;   /* [depth] -> k x 2nw words */
    int k;               /* colours on the board: the most successors a state has */
    int max_depth;
    double stack_bytes;
    uint8_t *path;       /* free moves from the start */
    int best_len;        /* best full sequence so far (INF_F: none) */
    uint8_t *best_free;  /* its free moves */
    int best_nfree;
    int64_t nodes;
    int lower, upper;    /* the bounds proven and known, for whoever watches */
    const char *stopped;
    bool first_only;     /* IDA*: stop at the first sequence */
} prover;

static int cmp_succ(const void *x, const void *y) {
    const flood_succ *a = x, *b = y;
    int fa = a->g_add + a->h, fb = b->g_add + b->h;
    if (fa != fb) return fa < fb ? -1 : 1;
    if (a->absorbed != b->absorbed) return a->absorbed > b->absorbed ? -1 : 1;
    return a->colour - b->colour;
}

static bool out_of_time(prover *p) {
    if (p->stopped) return true;
    if ((p->nodes & 1023) == 0) flood_progress_bounds(p->lower, p->best_len < p->upper ? p->best_len : p->upper, p->nodes);
    if ((p->nodes & 1023) == 0 && p->lim->deadline > 0 && gopt_now() > p->lim->deadline) p->stopped = "time limit";
    if ((p->nodes & 1023) == 0 && !p->stopped && gopt_stop_check() != GOPT_GO) p->stopped = gopt_stop_word(gopt_stop_check());
    return p->stopped != NULL;
}

/* Searches below threshold T (inclusive) from F at depth `depth` (free moves so far) with
 * g moves played and bound h. Returns the smallest f over the threshold in the subtree
 * (INF_F when exhausted), or -1 when a sequence of at most T moves was found (IDA*). */
static int dfs(prover *p, const uint64_t *F, int g, int h, int depth, int T, const flood_context *ctx) {
    if (out_of_time(p)) return INF_F;
    if (!p->succ[depth]) {
        p->succ[depth] = gopt_malloc((size_t)p->k * sizeof **p->succ);
        p->states[depth] = gopt_malloc((size_t)p->k * 2 * (size_t)p->nw * sizeof **p->states);
        p->stack_bytes += (double)p->k * (sizeof **p->succ + 16.0 * p->nw);
    }
    int best_before = p->best_len;
    uint64_t hash = flood_hash(F, p->nw);
    uint64_t *entry = tt_find(&p->table, F, hash);
    if (entry) {
        int learned = (int)(entry[p->nw] & 0xffff);
        if (learned > h && entry[p->nw + 1] == 0) h = learned;
        if (g + h > T) return g + h;
    }
    p->nodes++;
    int n = flood_expand(&p->ex, F, ctx, T + 1 - g);
    uint64_t skipped = p->ex.commuted;
    if (entry && (entry[p->nw + 1] & ~skipped) == 0) {
        int learned = (int)(entry[p->nw] & 0xffff);
        if (g + learned > T) return g + learned;
    }
    flood_succ *succ = p->succ[depth];
    uint64_t *buf = p->states[depth];
    for (int k = 0; k < n; k++) {
        succ[k] = p->ex.succ[k];
        memcpy(buf + (size_t)k * 2 * (size_t)p->nw, succ[k].state, 2 * (size_t)p->nw * sizeof *buf);
        succ[k].state = buf + (size_t)k * 2 * (size_t)p->nw;
        if (succ[k].h < h - succ[k].g_add) succ[k].h = h - succ[k].g_add; /* pathmax */
    }
    qsort(succ, (size_t)n, sizeof *succ, cmp_succ);
    int next = INF_F;
    for (int k = 0; k < n; k++) {
        const flood_succ *c = &succ[k];
        int g2 = g + c->g_add, f2 = g2 + c->h;
        p->path[depth] = (uint8_t)c->colour;
        if (c->goal) {
            if (g2 <= T && g2 < p->best_len) {
                p->best_len = g2;
                p->best_nfree = depth + 1;
                memcpy(p->best_free, p->path, (size_t)depth + 1);
                if (p->first_only) return -1;
                T = g2 - 1; /* branch and bound: look for shorter ones only */
            } else if (g2 < next) {
                next = g2;
            }
            continue;
        }
        if (f2 > T) {
            if (f2 < next) next = f2;
            continue;
        }
        flood_context cctx = flood_context_of(ctx, c, FLOOD_WINDOW);
        int r = dfs(p, c->state, g2, c->h, depth + 1, T, &cctx);
        if (r < 0) return -1;
        if (p->stopped) return INF_F;
        if (r < next) next = r;
        if (p->best_len <= T) T = p->best_len - 1;
    }
    /* Failed below T: no sequence of fewer than next - g moves from here (given the moves
     * skipped). Not when a sequence turned up below: then the margin was only lowered. */
    if (p->best_len == best_before && next < INF_F && next - g > h)
        tt_store(&p->table, F, hash, next - g, T - g, skipped);
    return next;
}

void flood_prover(const flood_graph *g, bool iterative, const uint8_t *ub_moves, int ub_len,
                  const flood_limits *lim, flood_outcome *out) {
    memset(out, 0, sizeof *out);
    prover p = {.g = g, .nw = g->nwords, .lim = lim, .best_len = INF_F, .first_only = iterative};
    size_t nw = (size_t)g->nwords;
    flood_expander_init(&p.ex, g);
    uint64_t *F = gopt_malloc(4 * nw * sizeof *F), *border = F + nw;
    int g0 = flood_start(g, F, border, F + 2 * nw, NULL);
    int h0 = gopt_bits_any(border, nw) ? flood_bound(&p.ex.bounder, F, border) : 0;
    p.max_depth = g->nregions + 1;
    p.k = flood_popcount(g->present);
    p.succ = gopt_calloc((size_t)p.max_depth + 1, sizeof *p.succ);
    p.states = gopt_calloc((size_t)p.max_depth + 1, sizeof *p.states);
    p.path = gopt_malloc((size_t)p.max_depth + 1);
    p.best_free = gopt_malloc((size_t)p.max_depth + 1);
    /* the table takes what the limit leaves after the rest (1 GB when unlimited) */
    double budget = lim->memory_bytes > 0 ? lim->memory_bytes : 1024.0 * 1048576;
    double fixed = (double)p.ex.bounder.bytes + 2.0 * (double)(p.max_depth + 1) * sizeof(void *) +
                   (double)p.max_depth * (double)p.k * 32.0 * (double)nw;
    tt_init(&p.table, (int)nw, budget * 0.9 - fixed > 1048576 ? budget * 0.9 - fixed : 1048576);
    int UB = ub_len >= 0 ? ub_len : INF_F;
    int LB = g0 + h0;
    if (h0 == 0) {
        UB = g0;
        p.best_len = g0;
        p.best_nfree = 0;
    }
    flood_context none = {0};
    p.lower = LB;
    p.upper = UB;
    if (iterative) {
        /* each threshold that fails is a proven lower bound */
        while (LB < UB && !p.stopped) {
            p.lower = LB;
            int r = dfs(&p, F, g0, h0, 0, LB, &none);
            if (r < 0 || p.stopped) break;
            LB = r > LB ? r : LB + 1;
        }
    } else if (LB < UB) {
        dfs(&p, F, g0, h0, 0, UB - 1, &none);
    }
    out->nodes = p.nodes;
    out->generated = p.ex.generated;
    out->pruned_leaf = p.ex.pruned_leaf;
    out->pruned_commute = p.ex.pruned_commute;
    out->peak_bytes = (p.table.peak > tt_bytes(&p.table) ? p.table.peak : tt_bytes(&p.table)) + p.stack_bytes + (double)p.ex.bounder.bytes;
    bool found = p.best_len < INF_F;
    if (found) {
        out->moves = gopt_malloc((size_t)g->nregions + 1);
        out->length = flood_replay(g, p.best_free, p.best_nfree, out->moves);
    } else {
        flood_outcome_take(out, ub_moves, ub_len);
    }
    if (p.stopped) {
        out->status = GOPT_LIMIT;
        out->stopped = p.stopped;
        out->lower_bound = LB;
    } else {
        out->status = GOPT_SOLVED;
        out->optimal = out->length >= 0;
        out->lower_bound = out->length >= 0 ? out->length : UB; /* none below UB (--shorter-than) */
    }
    for (int d = 0; d <= p.max_depth; d++) free(p.succ[d]), free(p.states[d]);
    free(p.succ);
    free(p.states);
    free(p.path);
    free(p.best_free);
    free(p.table.slots);
    free(F);
    flood_expander_free(&p.ex);
}
