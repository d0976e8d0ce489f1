/* When the A*'s store is full: depth-first from its frontier. A full store used to end the
 * search with bounds. Now the search goes on in the memory it has, as IDA* from the stored
 * frontier: for each threshold T from the proven lower bound up to UB - 1, a depth-first search
 * below T (f <= T) from every stored node with f <= T whose successors are not all stored
 * (never expanded, to be expanded again, or cut by the tentative cut when T reaches it). The
 * table is only read: a successor it holds at a smaller depth (or at the same depth under A*'s
 * own conditions) is dropped, since the stored node either is such a root itself or has its
 * successors stored, so whatever continues from the dropped one continues from the stored one
 * within the threshold; the rest is searched without being stored. So every sequence of at most
 * T moves is found, a threshold that finds none is a proven lower bound, and the first that
 * finds one gives the optimum (docs/methods.md). Nothing is written, so the threads share the
 * table without a lock. */

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/stop.h"
#include "astar_internal.h"
#include "checkpoint.h"
#include "tail_cache.h"
#include "gameopt/alloc.h"
#include "gameopt/timer.h"


#define TAIL_NO_NODE 0xfffffffeu /* a successor found depth-first, not stored */

typedef struct tail_walk tail_walk;

typedef struct tail {
    astar *s;
    int T;
    uint32_t next;       /* nodes taken so far, from the newest down (under s->lock) */
    tail_walk *walks;    /* every thread's, for the progress a checkpoint keeps */
    int nwalks;
    double saved_at;     /* when the checkpoint's progress was last written (0: no checkpoint) */
    /* the sequence found (under s->lock when threaded) */
    bool found;
    uint8_t *found_free; /* its free moves */
    int found_nfree;
} tail;

/* One thread's walk: per depth, the successors copied out of the expander. */
struct tail_walk {
    tail *t;
    worker *w;
    int index;           /* 0: the calling thread, which polls the limits */
    int k;               /* successors per depth at most */
    flood_succ *succ;    /* (T + 2) x k */
    uint64_t *states;    /* (T + 2) x k x 2nw */
    uint8_t *path;       /* free moves from the root of this walk */
    uint32_t root;
    int64_t polls;
    flood_tail_cache cache;
    int64_t cache_drops;
    uint32_t busy;       /* the `next` of the nodes it is searching from, or NO_PARENT */
};

static bool tail_filter(void *ctx, const uint64_t *state, int g_add, uint64_t hash) {
    filter_ctx *fc = ctx;
    astar *s = fc->s;
    uint64_t e = astar_shared_entry(s, state, hash);
    if (!e) return true;
    meta old = node_meta(s, flood_entry_node(e));
    int g2 = fc->g + g_add;
    if (old.g > g2) return true;
    if (old.g < g2 || old.parent == fc->parent || (old.flags & NO_COMMUTE)) {
        fc->out->duplicates++;
        return false;
    }
    return true; /* equal depth, another parent: searched here under this path's rules */
}

static int tail_order(const void *x, const void *y) {
    const flood_succ *a = x, *b = y;
    int fa = a->g_add + a->h, fb = b->g_add + b->h;
    if (fa != fb) return fa < fb ? -1 : 1;
    return b->absorbed - a->absorbed;
}

static void tail_found(tail_walk *tw, int depth) {
    astar *s = tw->t->s;
    lock(s);
    if (!tw->t->found) {
        uint8_t *buf = gopt_malloc((size_t)s->g->nregions + (size_t)depth + 2);
        int n = astar_free_moves_to(s, tw->root, buf);
        memcpy(buf + n, tw->path, (size_t)depth + 1);
        tw->t->found_free = buf;
        tw->t->found_nfree = n + depth + 1;
        __atomic_store_n(&tw->t->found, true, __ATOMIC_RELAXED);
    }
    unlock(s);
}

/* The nodes searched from so far in this threshold: up to the first that a thread holds. */
static uint32_t tail_done(tail *t) {
    uint32_t done = t->next < t->s->nnodes ? t->next : t->s->nnodes;
    for (int j = 0; j < t->nwalks; j++)
        if (t->walks[j].busy < done) done = t->walks[j].busy;
    return done;
}

static void tail_save_progress(tail *t) {
    lock(t->s);
    uint32_t done = tail_done(t);
    unlock(t->s);
    flood_ckpt_progress(t->s->lim->files, t->s->lim->checkpoint, t->T, done);
    t->saved_at = gopt_now();
}

/* Searches below the threshold from F (g moves, bound h, `depth` moves below the root),
 * only the moves in `only`; true when a sequence was found. *skipped: the moves the
 * commuting rule skipped at F. */
static bool tail_dfs(tail_walk *tw, const uint64_t *F, int g, int h, int depth, uint32_t parent,
                     const flood_context *ctx, uint64_t only, uint64_t *skipped) {
    tail *t = tw->t;
    astar *s = t->s;
    worker *w = tw->w;
    if ((++tw->polls & 255) == 0 && tw->index == 0) {
        const char *why = astar_stop_reason(s->lim);
        if (why) set_stopped(s, why);
        int64_t nodes = 0; /* the others count on meanwhile: a glimpse, for the watcher only */
        for (int j = 0; j < t->nwalks; j++) nodes += __atomic_load_n(&t->walks[j].w->expanded, __ATOMIC_RELAXED);
        flood_progress_bounds(t->T, s->UB, nodes);
        if (t->saved_at > 0 && gopt_now() - t->saved_at >= FLOOD_CKPT_EVERY) tail_save_progress(t);
    }
    if (get_stopped(s) || __atomic_load_n(&t->found, __ATOMIC_RELAXED)) return false;
    size_t nw = (size_t)s->nw;
    filter_ctx fc = {s, parent, g, &w->counts, NULL};
    w->ex.filter = tail_filter;
    w->ex.note = astar_note;
    w->ex.filter_ctx = &fc;
    w->expanded++;
    int n = flood_expand(&w->ex, F, ctx, t->T + 1 - g);
    *skipped = w->ex.commuted;
    flood_succ *succ = tw->succ + (size_t)depth * (size_t)tw->k;
    uint64_t *buf = tw->states + (size_t)depth * (size_t)tw->k * 2 * nw;
    for (int k = 0; k < n; k++) {
        succ[k] = w->ex.succ[k];
        memcpy(buf + (size_t)k * 2 * nw, succ[k].state, 2 * nw * sizeof *buf);
        succ[k].state = buf + (size_t)k * 2 * nw;
        succ[k].border = succ[k].state + nw;
        if (succ[k].h < h - succ[k].g_add) succ[k].h = h - succ[k].g_add; /* pathmax */
    }
    qsort(succ, (size_t)n, sizeof *succ, tail_order);
    for (int k = 0; k < n; k++) {
        const flood_succ *c = &succ[k];
        int g2 = g + c->g_add;
        if (!(only >> c->colour & 1)) continue;
        tw->path[depth] = (uint8_t)c->colour;
        if (c->goal) {
            if (g2 > t->T) continue;
            tail_found(tw, depth);
            return true;
        }
        if (g2 + c->h > t->T || g2 > FLOOD_MAX_G) continue;
        flood_context cctx = flood_context_of(ctx, c, 1); /* A*'s window (astar_context_of) */
        /* searched before (tail_cache.h): dropped as A*'s filter would, or merged as A*
         * does, by searching again without the commuting rule the moves it skipped there */
        uint64_t hash = flood_hash(c->state, s->nw), was_skipped = 0;
        uint64_t seen = flood_tail_cache_get(&tw->cache, c->state, hash, &was_skipped);
        int seen_g = (int)(seen & FLOOD_CACHE_G);
        if (seen && (seen_g < g2 || (seen_g == g2 && (seen & FLOOD_CACHE_NO_COMMUTE)))) {
            tw->cache_drops++;
            continue;
        }
        bool merge = seen && seen_g == g2;
        if (merge) cctx = (flood_context){0};
        uint64_t child_skipped;
        if (tail_dfs(tw, c->state, g2, c->h, depth + 1, TAIL_NO_NODE, &cctx, merge ? was_skipped : ~0ull,
                     &child_skipped))
            return true;
        if (get_stopped(s) || __atomic_load_n(&t->found, __ATOMIC_RELAXED)) return false;
        flood_tail_cache_put(&tw->cache, c->state, hash, g2, cctx.n == 0, child_skipped);
    }
    return false;
}

/* Takes the stored nodes a few hundred at a time, newest first, and searches from those that
 * are roots. */
static void *tail_run(void *arg) {
    tail_walk *tw = arg;
    tail *t = tw->t;
    astar *s = t->s;
    size_t nw = (size_t)s->nw;
    uint64_t *F = tw->w->F, *scratch = F + 2 * nw;
    for (;;) {
        /* newest first: the deepest nodes of the last layer, where a sequence of T moves, if
         * there is one, is nearest */
        lock(s);
        uint32_t taken = t->next;
        t->next += 256;
        tw->busy = taken < s->nnodes ? taken : NO_PARENT;
        unlock(s);
        if (taken >= s->nnodes) return NULL;
        uint32_t top = s->nnodes - taken, from = top > 256 ? top - 256 : 0;
        for (uint32_t i = top; i-- > from;) {
            if (get_stopped(s) || __atomic_load_n(&t->found, __ATOMIC_RELAXED)) return NULL;
            meta m = node_meta(s, i);
            if (m.g + m.h > t->T) continue;
            if ((m.flags & EXPANDED) && !(m.flags & REEXPAND) && !((m.flags & DEFERRED) && t->T >= s->cut)) continue;
            astar_state_of(s, i, F);
            flood_context ctx = astar_context_of(s, i, m, scratch);
            tw->root = i;
            uint64_t skipped;
            tail_dfs(tw, F, m.g, m.h, 0, i, &ctx, ~0ull, &skipped);
        }
    }
}

/* The store, saved for --checkpoint when the tail starts (threshold T, nothing searched);
 * false when there is none (then no progress is written either). Another board's
 * checkpoint is left alone. */
static bool tail_checkpoint(astar *s, int T) {
    flood_ckpt c = {.digest = flood_graph_digest(s->g), .nw = s->nw, .stride = s->stride, .light = s->light,
                    .cut = s->cut, .UB = s->UB, .nnodes = s->nnodes, .nstates = s->nstates,
                    .table_cap = s->table_cap, .T = T, .done = 0, .peak = s->peak};
    char why[300];
    if (flood_ckpt_foreign(s->lim->files, s->lim->checkpoint, c.digest)) {
        gopt_warn("--checkpoint %s holds another board's search: left alone, this one keeps none", s->lim->checkpoint);
        return false;
    }
    if (flood_ckpt_save(s->lim->files, s->lim->checkpoint, &c, s->chunks, s->states, s->table, why, sizeof why)) return true;
    gopt_warn("--checkpoint: %s (the search goes on without)", why);
    return false;
}

/* Called when the store is full: the thresholds from *LB up, on every thread, the first from
 * `done` stored nodes on (a checkpoint's progress: `resumed`). True when it ended them (a
 * sequence found, *found_free set, or UB proven); false at another limit. */
bool astar_tail(astar *s, worker *w, int threads, int *LB, bool resumed, uint32_t done_before,
                       uint8_t **found_free, int *found_nfree) {
    set_stopped(s, NULL);
    /* whether this search keeps the checkpoint: one it resumed from or saves below; only
     * such a file is ever rewritten or removed here (never another board's, nor one this
     * search did not write: the command line also holds the file for the run, statefile.h) */
    bool keep = s->lim->checkpoint != NULL && resumed;
    /* a refused charge also marked the solve stopped for memory (budget.h), which would end
     * the tail at its first poll: it is what the tail recovers from */
    gopt_stop_recovered(GOPT_STOP_MEMORY);
    int k = flood_popcount(s->g->present);
    tail_walk *tw = gopt_calloc((size_t)threads, sizeof *tw);
    pthread_t *th = gopt_malloc((size_t)threads * sizeof *th);
    /* the caches, in what the store left of the limit (at least tail_reserve, unless the
     * open list's last growth took some of it) */
    double room = s->tail_reserve > 0 ? s->lim->memory_bytes - s->peak - s->extra_bytes : 0;
    size_t buckets = flood_tail_cache_fit(room / threads, s->nw);
    size_t cache_bytes = (size_t)threads * flood_tail_cache_bytes(buckets, s->nw);
    if (buckets && s->budget && !gopt_budget_charge(s->budget, cache_bytes)) {
        gopt_stop_recovered(GOPT_STOP_MEMORY);
        buckets = 0;
    }
    flood_tail_cache *caches = gopt_calloc((size_t)threads, sizeof *caches);
    for (int j = 0; j < threads && buckets; j++)
        caches[j] = (flood_tail_cache){gopt_malloc(flood_tail_cache_bytes(buckets, s->nw)), buckets, s->nw};
    if (buckets) s->extra_bytes += (double)cache_bytes;
    bool done = *LB >= s->UB;
    if (s->lim->checkpoint && !resumed && !done) keep = tail_checkpoint(s, *LB);
    for (int first = *LB, T = first; T < s->UB && !done; T++) {
        tail t = {.s = s, .T = T, .next = T == first ? done_before : 0, .walks = tw, .nwalks = threads,
                  .saved_at = keep ? gopt_now() : 0};
        for (int j = 0; j < threads; j++) {
            flood_tail_cache_clear(&caches[j]); /* an entry holds for its threshold */
            tw[j] = (tail_walk){.t = &t, .w = &w[j], .index = j, .k = k, .cache = caches[j], .busy = NO_PARENT};
            tw[j].succ = gopt_malloc((size_t)(T + 2) * (size_t)k * sizeof *tw[j].succ);
            tw[j].states = gopt_malloc((size_t)(T + 2) * (size_t)k * 2 * (size_t)s->nw * sizeof *tw[j].states);
            tw[j].path = gopt_malloc((size_t)T + 2);
        }
        int started = 1;
        for (int j = 1; j < threads && s->threaded; j++, started++)
            if (pthread_create(&th[j], NULL, tail_run, &tw[j]) != 0) break;
        tail_run(&tw[0]);
        for (int j = 1; j < started; j++) pthread_join(th[j], NULL);
        for (int j = 0; j < threads; j++) {
            free(tw[j].succ), free(tw[j].states), free(tw[j].path);
            s->cache_drops += tw[j].cache_drops;
        }
        if (t.found) {
            *found_free = t.found_free;
            *found_nfree = t.found_nfree;
            *LB = T;
            done = true;
        } else if (get_stopped(s)) {
            if (keep) tail_save_progress(&t); /* the next run goes on from here */
            break;
        } else {
            *LB = T + 1;
            done = *LB >= s->UB;
            if (keep && !done) flood_ckpt_progress(s->lim->files, s->lim->checkpoint, T + 1, 0);
        }
    }
    if (keep && done) s->lim->files->remove(s->lim->files->ctx, s->lim->checkpoint); /* the proof is complete: nothing to resume */
    for (int j = 0; j < threads; j++) free(caches[j].slots);
    free(caches);
    if (buckets && s->budget) gopt_budget_release(s->budget, cache_bytes);
    free(tw);
    free(th);
    return done;
}
