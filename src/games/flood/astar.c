/* Exact A* over region-graph states. Each stored node is its bitset of flooded regions
 * followed by one word of bookkeeping (parent, g, h, the free move that led here, flags),
 * in fixed-size chunks, so nothing is allocated per node and nothing moves. The closed set
 * is an open-addressing table of node numbers; the open list is a bucket queue by f, then
 * deepest g first. A heuristic sequence gives the first upper bound: only nodes with
 * f < UB are ever stored, and the search ends when the smallest f reaches UB, which
 * proves UB optimal. Goals are recognised when generated. The first cut is tentative: UB - 1
 * while the heuristic's sequence may be one too long (raise_cut), which keeps the layer
 * f = UB - 1 out of memory when it is.
 *
 * With several threads one board's search is shared: the threads take a whole bucket
 * (f, g) at a time and expand its nodes in parallel, each with its own expander (the
 * bounds, most of the work, need no lock); the closed set, the node store and the open
 * list are shared under one lock. Every child of a node in bucket (f, g) goes to a deeper g
 * or a larger f, so a bucket never grows while it is expanded, and since every node with
 * f < UB is expanded whatever the order within a layer, the optimum (and the proof) is the
 * one thread's; docs/methods.md has the argument. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/require.h"
#include "gameopt/budget.h"
#include "gameopt/stop.h"
#include "astar_internal.h"
#include "checkpoint.h"
#include "gameopt/alloc.h"
#include "gameopt/timer.h"

uint64_t astar_note(void *ctx, const uint64_t *state) {
    filter_ctx *fc = ctx;
    astar *s = fc->s;
    uint64_t hash = flood_hash(state, s->nw);
    /* Threaded, another thread may be replacing the table: the two loads may then not match,
     * but a prefetch never faults, so the worst is a useless one. */
    uint64_t *table = __atomic_load_n(&s->table, __ATOMIC_RELAXED);
    size_t cap = __atomic_load_n(&s->table_cap, __ATOMIC_RELAXED);
    __builtin_prefetch(&table[(size_t)flood_hash_tag(hash) & (cap - 1)]);
    return hash;
}

static bool filter_locked(filter_ctx *fc, const uint64_t *state, int g_add, uint64_t hash);

/* With several threads the lookup runs without the lock (it was most of the time spent
 * waiting for it): only a merge, which changes the stored node, takes the lock and decides
 * again. A node's g only falls and its NO_COMMUTE flag is only set, so a "drop" read here
 * stays right; a "keep" is checked again by store_successors. */
static bool astar_filter(void *ctx, const uint64_t *state, int g_add, uint64_t hash) {
    filter_ctx *fc = ctx;
    astar *s = fc->s;
    if (s->threaded) {
        __atomic_fetch_add(fc->probing, 1, __ATOMIC_SEQ_CST); /* odd: looking up */
        uint64_t e = astar_shared_entry(s, state, hash);
        __atomic_fetch_add(fc->probing, 1, __ATOMIC_RELEASE);
        if (!e) return true;
        meta old = node_meta(s, flood_entry_node(e));
        int g2 = fc->g + g_add;
        if (old.g > g2) {
            fc->out->duplicates++;
            return true;
        }
        if (!(old.g == g2 && old.parent != fc->parent && !(old.flags & NO_COMMUTE))) {
            fc->out->duplicates++;
            return false;
        }
    }
    lock(s);
    bool keep = filter_locked(fc, state, g_add, hash);
    unlock(s);
    return keep;
}

static bool filter_locked(filter_ctx *fc, const uint64_t *state, int g_add, uint64_t hash) {
    astar *s = fc->s;
    size_t slot = table_find(s, state, hash);
    if (!s->table[slot]) return true;
    uint32_t j = slot_node(s, slot);
    meta old = node_meta(s, j);
    int g2 = fc->g + g_add;
    fc->out->duplicates++;
    if (old.g > g2) return true;
    if (old.g == g2 && old.parent != fc->parent && !(old.flags & NO_COMMUTE)) {
        fc->out->merged++;
        old.flags |= NO_COMMUTE;
        if (old.flags & EXPANDED) {
            old.flags |= REEXPAND;
            flood_open_push(&s->open, old.g + old.h, old.g, j);
        }
        node_set_meta(s, j, old);
    }
    return false;
}

static void worker_init(worker *w, const flood_graph *g) {
    memset(w, 0, sizeof *w);
    flood_expander_init(&w->ex, g);
    w->F = gopt_malloc(8 * (size_t)g->nwords * sizeof *w->F);
}

static void worker_free(worker *w) {
    flood_expander_free(&w->ex);
    free(w->F);
}

/* Stores (or reopens) the successors of node i (expanded at depth m.g); under the lock. */
static void store_successors(astar *s, worker *w, uint32_t i, meta m, int n) {
    bool deferred = (node_meta(s, i).flags & DEFERRED) != 0;
    for (int k = 0; k < n; k++) {
        const flood_succ *c = &w->ex.succ[k];
        int g2 = m.g + c->g_add;
        if (c->goal) {
            if (g2 < s->UB) {
                s->UB = g2;
                if (s->cut > g2) s->cut = g2;
                s->goal_parent = i;
                s->goal_colour = c->colour;
                s->have_goal = true;
            }
            continue;
        }
        int h2 = c->h > m.h - c->g_add ? c->h : m.h - c->g_add; /* pathmax */
        int f2 = g2 + h2;
        if (f2 >= s->cut && f2 < s->UB && !deferred) { /* wanted only if the optimum is >= cut */
            deferred = true;
            meta now = node_meta(s, i);
            now.flags |= DEFERRED;
            node_set_meta(s, i, now);
            flood_u32s_push(&s->deferred, i, &s->open.bytes);
        }
        if (f2 >= s->cut || g2 > FLOOD_MAX_G || h2 > FLOOD_MAX_G) continue;
        if (s->nnodes + 1 >= table_limit(s)) astar_table_grow(s);
        size_t slot = table_find(s, c->state, c->key); /* the filter hashed it */
        meta cm = {i, g2, h2, c->colour, c->forced ? CHAINED : 0};
        if (!s->table[slot]) {
            if (s->nnodes == NO_PARENT || !astar_room_for_node(s)) {
                set_stopped(s, "memory limit");
                meta now = node_meta(s, i); /* its successors are not all stored: see astar_tail */
                now.flags |= REEXPAND;
                node_set_meta(s, i, now);
                break;
            }
            uint32_t j = astar_node_add(s, c->state, cm);
            __atomic_store_n(&s->table[slot], flood_table_entry(c->key, j), __ATOMIC_RELEASE);
            flood_open_push(&s->open, f2, g2, j);
            continue;
        }
        uint32_t j = slot_node(s, slot);
        meta old = node_meta(s, j);
        if (old.g <= g2) continue; /* another thread stored it meanwhile, no deeper */
        w->counts.reopened++;
        node_set_meta(s, j, cm); /* a shorter path: reopen */
        flood_open_push(&s->open, f2, g2, j);
    }
    astar_account(s);
}

/* Expands node i, popped from bucket (f, gpop): false when the search must stop. */
bool astar_expand_one(astar *s, worker *w, uint32_t i, int f, int gpop) {
    size_t nw = (size_t)s->nw;
    lock(s);
    meta m = node_meta(s, i);
    bool skip = f >= s->cut || get_stopped(s) || m.g != gpop; /* stale: reached later by a shorter path */
    bool again = (m.flags & EXPANDED) != 0;
    if (again && !(m.flags & REEXPAND)) skip = true;
    if (!skip && s->store_limit > 0 && s->bytes + s->extra_bytes > s->store_limit)
        set_stopped(s, "memory limit");
    if (skip || get_stopped(s)) {
        bool go = !get_stopped(s);
        unlock(s);
        return go;
    }
    m.flags = (m.flags | EXPANDED) & ~REEXPAND;
    node_set_meta(s, i, m);
    int cut = s->cut;
    unlock(s);
    uint64_t *F = w->F, *scratch = w->F + 2 * nw;
    astar_state_of(s, i, F); /* a stored state never changes */
    w->expanded++;
    /* a second parent of equal depth (NO_COMMUTE): no commuting rule; a deferred node's
     * second expansion keeps it, as its first did */
    flood_context ctx = astar_context_of(s, i, m, scratch);
    filter_ctx fc = {s, i, m.g, &w->counts, w->probing};
    w->ex.filter = astar_filter;
    w->ex.note = astar_note;
    w->ex.filter_ctx = &fc;
    if (!s->threaded && s->nnodes + GOPT_FLOOD_MAX_COLOURS >= table_limit(s)) astar_table_grow(s);
    int n = flood_expand(&w->ex, F, &ctx, cut <= FLOOD_MAX_G ? cut - m.g : 0);
    lock(s);
    store_successors(s, w, i, m, n);
    bool go = !get_stopped(s);
    unlock(s);
    return go;
}

/* Ctrl-C, a cancelled request, the deadline: the reason to stop, or NULL. */
const char *astar_stop_reason(const flood_limits *lim) {
    if (lim->deadline > 0 && gopt_now() > lim->deadline) return "time limit";
    if (lim->polls_left && __atomic_sub_fetch(lim->polls_left, 1, __ATOMIC_RELAXED) < 0) return "time limit";
    gopt_stop_reason why = gopt_stop_check();
    return why != GOPT_GO ? gopt_stop_word(why) : NULL;
}

/* The open list holds no node with f < cut: so no sequence is shorter than cut. When cut is
 * still below UB (the first, tentative cut: see flood_astar), raise it to UB and queue again
 * every node that had successors cut in between (its second expansion stores them; those
 * stored already are duplicates and cost no bound). False when the search is over. */
bool astar_raise_cut(astar *s, int *LB) {
    if (s->cut >= s->UB) return false;
    int layer = s->cut;
    *LB = layer;
    s->cut = s->UB;
    for (size_t k = 0; k < s->deferred.n; k++) {
        uint32_t j = s->deferred.v[k];
        meta m = node_meta(s, j);
        if (!(m.flags & DEFERRED)) continue;
        m.flags = (m.flags & ~DEFERRED) | REEXPAND;
        node_set_meta(s, j, m);
        flood_open_push(&s->open, layer, m.g, j);
    }
    s->open.bytes -= s->deferred.cap * sizeof *s->deferred.v;
    free(s->deferred.v);
    s->deferred = (flood_u32s){0};
    astar_account(s);
    return true;
}

/* One thread: pops one node at a time. */
static int64_t search_serial(astar *s, worker *w, int *LB) {
    int f, gpop;
    uint32_t i;
    int64_t pops = 0;
    for (;;) {
        if (!flood_open_pop(&s->open, INT32_MAX, &f, &gpop, &i)) {
            if (astar_raise_cut(s, LB)) continue;
            break;
        }
        if (f >= s->cut) {
            flood_open_push(&s->open, f, gpop, i);
            if (astar_raise_cut(s, LB)) continue;
            break;
        }
        GOPT_ASSERT(f >= *LB); /* f never falls (h is consistent): else the bound proves nothing */
        *LB = f; /* the smallest f in the open list: no shorter sequence remains */
        const char *why;
        if ((++pops & 255) == 0) {
            if ((why = astar_stop_reason(s->lim))) {
                set_stopped(s, why);
                break;
            }
            flood_progress_bounds(*LB, s->UB, w->expanded);
        }
        if (!astar_expand_one(s, w, i, f, gpop)) break;
    }
    return pops;
}

void flood_astar(const flood_graph *g, const uint8_t *ub_moves, int ub_len, const flood_limits *lim,
                 flood_outcome *out) {
    memset(out, 0, sizeof *out);
    int threads = lim->threads > 1 ? lim->threads : 1;
    gopt_solve_ctx *solve = gopt_ctx_current();
    int light = lim->light > 1 ? lim->light : 0;
    astar s = {.g = g, .nw = g->nwords, .stride = light ? 2 : g->nwords + 1, .lim = lim, .threaded = threads > 1,
               .budget = solve ? solve->budget : NULL, .light = light, .meta_at = light ? 0 : g->nwords};
    size_t nw = (size_t)g->nwords;
    worker *w = gopt_malloc((size_t)threads * sizeof *w);
    for (int t = 0; t < threads; t++) worker_init(&w[t], g);
    if (s.threaded) {
        s.nthreads = threads;
        s.probing = gopt_calloc((size_t)threads * 8, sizeof *s.probing);
        for (int t = 0; t < threads; t++) w[t].probing = &s.probing[(size_t)t * 8];
        pthread_mutex_init(&s.lock, NULL);
        s.chunks_cap = ((size_t)NO_PARENT >> CHUNK_SHIFT) + 1;
        s.chunks = gopt_calloc(s.chunks_cap, sizeof *s.chunks);
        if (light) {
            s.states_cap = s.chunks_cap;
            s.states = gopt_calloc(s.states_cap, sizeof *s.states);
        }
    }
    uint64_t *F = w[0].F, *border = F + nw, *scratch = F + 2 * nw;
    int g0 = flood_start(g, F, border, scratch, NULL);
    int h0 = gopt_bits_any(border, nw) ? flood_bound(&w[0].ex.bounder, F, border) : 0;
    s.UB = ub_len >= 0 ? ub_len : FLOOD_MAX_G + 1;
    s.goal_parent = NO_PARENT;
    s.goal_colour = -1;
    int LB = g0 + h0;
    if (h0 == 0) { /* the forced moves alone flood everything */
        s.UB = g0;
        s.have_goal = true;
    }
    /* The tentative cut: a heuristic sequence is often one move too long, and then every
     * successor with f = UB - 1 would be stored (and fully bounded) though only a few are
     * expanded before a goal turns up. So store only f < UB - 1 first; if that layer ends
     * without a goal, astar_raise_cut brings back the ones cut in between. */
    s.cut = ub_len >= 0 && s.UB - 1 > LB ? s.UB - 1 : s.UB;
    s.extra_bytes = threads * ((double)w[0].ex.bounder.bytes + 2.0 * (double)nw * 8 * GOPT_FLOOD_MAX_COLOURS) +
                    (s.threaded ? (double)(s.chunks_cap + s.states_cap) * sizeof *s.chunks : 0);
    /* The store starts with one chunk of nodes (and, light, one of states) and the first
     * table: a limit below that cannot hold the root, and checked only as nodes are added it
     * was passed at once and the tail then searched to the time limit (30x30 under 2 MB:
     * peak 6 MB). Said at once instead, with what the search needs (out->need_bytes). */
    double need = s.extra_bytes + (double)CHUNK_NODES * (double)s.stride * 8 +
                  (light ? (double)CHUNK_NODES * (double)nw * 8 : 0) + (double)(1u << 12) * 8;
    if (LB < s.UB && lim->memory_bytes > 0 && need > lim->memory_bytes) {
        out->status = GOPT_LIMIT;
        out->stopped = "memory limit";
        out->need_bytes = need;
        out->lower_bound = LB;
        out->peak_bytes = s.extra_bytes;
        flood_outcome_take(out, ub_moves, ub_len);
        for (int t = 0; t < threads; t++) worker_free(&w[t]);
        free(w);
        astar_free(&s);
        return;
    }
    astar_table_grow(&s);
    flood_ckpt got = {0};
    bool resumed = lim->checkpoint && LB < s.UB && astar_resume(&s, &got, &LB);
    if (LB < s.UB && !resumed) {
        uint32_t root = astar_node_add(&s, F, (meta){NO_PARENT, g0, h0, 0, 0});
        uint64_t hash = flood_hash(F, (int)nw);
        s.table[table_find(&s, F, hash)] = flood_table_entry(hash, root);
        flood_open_push(&s.open, LB, g0, root);
    }
    s.tail_reserve = lim->memory_bytes > 0 ? lim->memory_bytes * lim->cache_share : 0;
    s.store_limit = lim->memory_bytes > 0 ? lim->memory_bytes - s.tail_reserve : 0;
    if (!resumed && (!s.threaded || !astar_search_threaded(&s, w, threads, &LB))) search_serial(&s, w, &LB);
    uint8_t *tail_free = NULL;
    int tail_nfree = 0;
    if (resumed || (s.stopped && strcmp(s.stopped, "memory limit") == 0)) {
        int64_t before = 0;
        for (int t = 0; t < threads; t++) before += w[t].expanded;
        astar_tail(&s, w, threads, &LB, resumed, got.done, &tail_free, &tail_nfree);
        for (int t = 0; t < threads; t++) out->tail_nodes += w[t].expanded;
        out->tail_nodes -= before;
        out->tail_duplicates = s.cache_drops;
    }
    for (int t = 0; t < threads; t++) {
        out->nodes += w[t].expanded;
        out->generated += w[t].ex.generated;
        out->pruned_leaf += w[t].ex.pruned_leaf;
        out->pruned_commute += w[t].ex.pruned_commute;
        out->duplicates += w[t].counts.duplicates;
        out->merged += w[t].counts.merged;
        out->reopened += w[t].counts.reopened;
    }
    out->stopped = s.stopped;
    out->peak_bytes = s.peak + s.extra_bytes;
    if (out->stopped) {
        out->status = GOPT_LIMIT;
        out->lower_bound = LB;
    } else {
        out->status = GOPT_SOLVED;
        out->lower_bound = s.UB; /* and optimal once a sequence is known, below */
    }
    if (tail_free) {
        out->moves = gopt_malloc((size_t)g->nregions + 1);
        out->length = flood_replay(g, tail_free, tail_nfree, out->moves);
        free(tail_free);
    } else if (s.have_goal && s.goal_parent != NO_PARENT) {
        uint8_t last = (uint8_t)s.goal_colour;
        out->length = astar_reconstruct(&s, s.goal_parent, &last, 1, &out->moves);
    } else if (s.have_goal) { /* the start's forced moves */
        out->moves = gopt_malloc((size_t)g0 + 1);
        out->length = flood_start(g, F, border, scratch, out->moves);
    } else {
        flood_outcome_take(out, ub_moves, ub_len);
        if (ub_len < 0 && !out->stopped) out->status = GOPT_ERROR; /* cannot happen: every board floods */
    }
    /* no sequence: ub_moves was NULL and none is shorter than ub_len (the bound is proven) */
    out->optimal = out->status == GOPT_SOLVED && out->length >= 0;
    /* a claimed optimum lies within what was proven: at least the bound A* reached (the tail
     * proves its own threshold above it), at most the best sequence known before */
    GOPT_ASSERT(!out->optimal || (LB <= out->length && out->length <= s.UB));
    GOPT_ASSERT(out->status != GOPT_LIMIT || out->length < 0 || out->lower_bound <= out->length);
    if (out->optimal) out->lower_bound = out->length;
    for (int t = 0; t < threads; t++) worker_free(&w[t]);
    free(w);
    if (s.budget) gopt_budget_release(s.budget, (size_t)s.charged);
    astar_free(&s);
}
