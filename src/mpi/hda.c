/* The HDA* loop of one rank. Each turn: take the batches that arrived (each successor goes
 * into this rank's table and open list, bounded here, where its duplicates are known, so a
 * duplicate costs no bound), expand a few of this rank's open nodes (successors it owns are
 * taken at once, the others batched for their owners), and advance the round in progress.
 * Only nodes with f below the incumbent are kept; the search ends when a round finds every
 * rank idle and no batch on its way (docs/methods.md, "flood across machines").
 *
 * A rank expands no node with f above the smallest f of all ranks at the last round: a rank
 * that ran ahead into the next f layer (it had fewer nodes, or more of a shared core) would
 * expand nodes the single process never reaches, since the goal that lowers the incumbent to
 * the optimum cuts the last layer short. Waiting for the others costs a little wall time;
 * running ahead cost 67 % more nodes on b24c6 board 1 on a loaded machine. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mpi/hda_search.h"
#include "gameopt/alloc.h"
#include "gameopt/require.h"
#include "gameopt/stop.h"
#include "gameopt/timer.h"

hda_config hda_cfg = {.comm = MPI_COMM_NULL, .rank = 0, .size = 1};

/* Expansions per turn, and between flushes of the partly filled batches (so that ranks
 * waiting for work get it soon, and the open lists stay close to best-first globally). */
#define TURN 16
#define FLUSH_EVERY 64

/* A successor on its way to its owner: the state, then
 *   word 1: g (10) | parent's f (10) | free move (6) | forced moves followed (1) | absorbed (16)
 *   word 2: parent's rank (32) | parent's node (32)
 *   word 3: the colours the free move exposed.
 * The parent's f is the pathmax bound of the successor: f >= parent's f (the heuristic's
 * bound is admissible, and one move costs one). */
typedef struct hda_rec {
    const uint64_t *state;
    int g, fpar, colour, absorbed, parent_rank;
    bool chained;
    uint32_t parent;
    uint64_t exposed;
} hda_rec;

static void rec_pack(uint64_t *w, int nw, const hda_rec *r) {
    memcpy(w, r->state, (size_t)nw * sizeof *w);
    w[nw] = (uint64_t)r->g | (uint64_t)r->fpar << 10 | (uint64_t)r->colour << 20 | (uint64_t)r->chained << 26 |
            (uint64_t)r->absorbed << 27;
    w[nw + 1] = (uint64_t)(uint32_t)r->parent_rank << 32 | r->parent;
    w[nw + 2] = r->exposed;
}

static hda_rec rec_unpack(const uint64_t *w, int nw) {
    return (hda_rec){
        .state = w,
        .g = (int)(w[nw] & 1023),
        .fpar = (int)(w[nw] >> 10 & 1023),
        .colour = (int)(w[nw] >> 20 & 63),
        .chained = (w[nw] >> 26 & 1) != 0,
        .absorbed = (int)(w[nw] >> 27 & 0xffff),
        .parent_rank = (int)(uint32_t)(w[nw + 1] >> 32),
        .parent = (uint32_t)w[nw + 1],
        .exposed = w[nw + 2],
    };
}

static inline int imax(int a, int b) { return a > b ? a : b; }

static hda_node node_of(const hda_rec *r, int h) {
    return (hda_node){.g = r->g, .h = h, .colour = r->colour, .flags = r->chained ? HDA_CHAINED : 0,
                      .parent_rank = r->parent_rank, .parent = r->parent, .absorbed = r->absorbed,
                      .exposed = r->exposed};
}

/* A state reached again: as astar.c's filter. A second parent at the same depth turns the
 * commuting rule off there (and asks for the moves it skipped: the node is expanded again);
 * a shorter path reopens the node, whose bound is kept (a bound depends on the state only). */
static void take_again(hda *h, uint32_t j, const hda_rec *r) {
    hda_node old = hda_get(&h->st, j);
    h->duplicates++;
    if (old.g < r->g) return;
    if (old.g == r->g) {
        bool other = old.parent_rank != r->parent_rank || old.parent != r->parent;
        if (other && !(old.flags & HDA_NO_COMMUTE)) {
            h->merged++;
            old.flags |= HDA_NO_COMMUTE;
            if (old.flags & HDA_EXPANDED) {
                old.flags |= HDA_REEXPAND;
                flood_open_push(&h->st.open, old.g + old.h, old.g, j);
            }
            hda_set(&h->st, j, &old);
        }
        return;
    }
    int hh = imax(old.h, r->fpar - r->g);
    if (r->g + hh >= h->ub) return;
    h->reopened++;
    hda_node n = node_of(r, hh);
    hda_set(&h->st, j, &n);
    flood_open_push(&h->st.open, r->g + hh, r->g, j);
}

/* A successor arrives at its owner. */
static void take(hda *h, const hda_rec *r, uint64_t hash) {
    if (h->stop || h->agreed_stop) { /* stopping: keep nothing, remember the bound */
        if (r->fpar < h->lb_drop) h->lb_drop = r->fpar;
        return;
    }
    if (r->g >= h->ub) return;
    hda_reserve(&h->st);
    size_t slot = hda_find(&h->st, r->state, hash);
    if (h->st.table[slot]) {
        take_again(h, hda_slot_node(&h->st, slot), r);
        return;
    }
    flood_border(h->g, r->state, h->border);
    int f = imax(r->g + flood_bound_cut(&h->bounder, r->state, h->border, h->ub - r->g), r->fpar);
    if (f >= h->ub || f - r->g > FLOOD_MAX_G) return;
    hda_node n = node_of(r, f - r->g);
    uint32_t j = hda_add(&h->st, r->state, &n);
    if (j == HDA_NONE) { /* 2^32 nodes on one rank: more ranks would hold them */
        h->stop = GOPT_STOP_MEMORY;
        if (f < h->lb_drop) h->lb_drop = f;
        return;
    }
    hda_slot_set(&h->st, slot, hash, j);
    flood_open_push(&h->st.open, f, r->g, j);
}

static void take_message_record(void *ctx, const uint64_t *w) {
    hda *h = ctx;
    hda_rec r = rec_unpack(w, h->nw);
    take(h, &r, flood_hash(w, h->nw));
}

/* flood_expand's filter, asked for each successor before its bound: every successor goes to
 * its owner (this rank's own at once), and none is bounded here. */
static bool send_successor(void *ctx, const uint64_t *state, int g_add, uint64_t key) {
    hda *h = ctx;
    (void)key;
    int g2 = h->cur_g + g_add;
    if (g2 >= h->ub) return false;
    const flood_succ *s = NULL;
    for (int k = 0; k < GOPT_FLOOD_MAX_COLOURS && !s; k++)
        if (h->ex.succ[k].state == state) s = &h->ex.succ[k];
    GOPT_REQUIRE(s, "the filter's state is one of the expander's successors");
    hda_rec r = {.state = state, .g = g2, .fpar = h->cur_f, .colour = s->colour, .chained = s->forced > 0,
                 .absorbed = s->absorbed, .exposed = s->exposed, .parent_rank = h->comm.rank, .parent = h->cur};
    uint64_t hash = flood_hash(state, h->nw);
    int owner = hda_owner(hash, h->comm.size);
    if (owner == h->comm.rank) {
        rec_pack(h->rec, h->nw, &r);
        take(h, &r, hash);
    } else {
        rec_pack(hda_comm_slot(&h->comm, owner), h->nw, &r);
    }
    return false;
}

static void expand(hda *h, uint32_t i, int gpop, uint64_t *F) {
    hda_node m = hda_get(&h->st, i);
    if (m.g != gpop) return; /* stale: reached later by a shorter path */
    bool again = (m.flags & HDA_EXPANDED) != 0;
    if (again && !(m.flags & HDA_REEXPAND)) return;
    memcpy(F, hda_state(&h->st, i), (size_t)h->nw * sizeof *F);
    flood_context ctx = {0};
    if (!again && m.parent_rank >= 0 && !(m.flags & (HDA_CHAINED | HDA_NO_COMMUTE))) {
        ctx.n = 1;
        ctx.colour[0] = (uint8_t)m.colour;
        ctx.exposed[0] = m.exposed;
        ctx.last_absorbed = m.absorbed;
    }
    m.flags = (m.flags | HDA_EXPANDED) & ~HDA_REEXPAND;
    hda_set(&h->st, i, &m);
    h->cur = i;
    h->cur_g = m.g;
    h->cur_f = m.g + m.h;
    h->expanded++;
    int n = flood_expand(&h->ex, F, &ctx, 0);
    for (int k = 0; k < n; k++) { /* only goals come back: the filter took the rest */
        const flood_succ *c = &h->ex.succ[k];
        int g2 = m.g + c->g_add;
        if (c->goal && g2 < h->ub) {
            h->ub = h->goal_len = g2;
            h->have_goal = true;
            h->goal_parent = i;
            h->goal_colour = c->colour;
        }
    }
}

static double bytes_now(hda *h) {
    hda_account(&h->st);
    double b = h->st.bytes + hda_comm_bytes(&h->comm) + h->extra_bytes;
    if (b > h->peak) h->peak = b;
    return b;
}

/* Ctrl-C, the time limit, the memory budget: this rank's reason to stop, if any. */
static void check_limits(hda *h, const flood_limits *lim) {
    if (h->stop) return;
    gopt_stop_reason why = gopt_stop_check();
    if (why == GOPT_GO && lim->deadline > 0 && gopt_now() > lim->deadline) why = GOPT_STOP_TIME;
    if (why == GOPT_GO && lim->memory_bytes > 0 && bytes_now(h) > lim->memory_bytes) why = GOPT_STOP_MEMORY;
    h->stop = why;
}

/* Expands up to TURN nodes; whether any was. */
static bool work(hda *h, const flood_limits *lim, uint64_t *F, int64_t *pops) {
    bool any = false;
    for (int k = 0; k < TURN && !h->stop && !h->agreed_stop; k++) {
        int f, gpop;
        uint32_t i;
        int below = h->layer < h->ub ? h->layer + 1 : h->ub;
        if (!flood_open_pop(&h->st.open, below, &f, &gpop, &i)) break;
        any = true;
        if ((++*pops & 63) == 0) check_limits(h, lim);
        if (lim->memory_bytes > 0 && bytes_now(h) > lim->memory_bytes) h->stop = GOPT_STOP_MEMORY;
        if (h->stop) {
            flood_open_push(&h->st.open, f, gpop, i); /* unexpanded: its f still bounds the answer */
            break;
        }
        expand(h, i, gpop, F);
    }
    return any;
}

/* Runs this rank's part of the search until the ranks agree it is over. */
static void search(hda *h, const flood_limits *lim) {
    uint64_t *F = gopt_malloc((size_t)h->nw * sizeof *F);
    hda_round round = {0};
    hda_agreed a;
    int64_t pops = 0, since_flush = 0;
    for (;;) {
        int got = hda_comm_poll(&h->comm, take_message_record, h);
        bool worked = work(h, lim, F, &pops);
        if (worked) since_flush += TURN;
        else check_limits(h, lim);
        bool idle = h->stop || h->agreed_stop || flood_open_min_f(&h->st.open) >= h->ub;
        if (idle || since_flush >= FLUSH_EVERY) {
            hda_comm_flush_all(&h->comm);
            since_flush = 0;
        }
        hda_comm_progress(&h->comm);
        if (round.active && hda_round_test(&round, &a)) {
            if (a.ub < h->ub) h->ub = a.ub;
            h->layer = a.min_f;
            if (a.stop && !h->agreed_stop) h->agreed_stop = a.stop;
            if (a.done) break;
        }
        if (!round.active)
            hda_round_start(&round, &h->comm, h->ub, h->stop, idle && !hda_comm_pending(&h->comm), flood_open_min_f(&h->st.open));
        if (!worked && !got) { /* nothing to do until a message comes: leave the core to others */
            struct timespec pause = {0, 50000};
            nanosleep(&pause, NULL);
        }
    }
    bytes_now(h);
    free(F);
}

void flood_hda(const flood_graph *g, const uint8_t *ub_moves, int ub_len, const flood_limits *lim,
               flood_outcome *out) {
    memset(out, 0, sizeof *out);
    hda h = {.g = g, .nw = g->nwords, .lb_drop = INT32_MAX, .cpu_start = gopt_thread_cpu_seconds()};
    size_t nw = (size_t)g->nwords;
    hda_store_init(&h.st, g);
    hda_comm_init(&h.comm, hda_cfg.comm, (int)nw + 3);
    flood_expander_init(&h.ex, g);
    flood_bounder_init(&h.bounder, g);
    h.ex.filter = send_successor;
    h.ex.filter_ctx = &h;
    h.border = gopt_malloc(nw * sizeof *h.border);
    h.rec = gopt_malloc((nw + 3) * sizeof *h.rec);
    h.extra_bytes = (double)h.ex.bounder.bytes + (double)h.bounder.bytes + 2.0 * (double)nw * 8 * GOPT_FLOOD_MAX_COLOURS;
    uint64_t *F = gopt_malloc(4 * nw * sizeof *F), *border = F + nw;
    int g0 = flood_start(g, F, border, F + 2 * nw, NULL);
    int h0 = gopt_bits_any(border, nw) ? flood_bound(&h.bounder, F, border) : 0;
    int ub_rank = 0;
    bool searched = false;
    if (!hda_agree_start(&h, ub_len, &ub_rank)) {
        out->status = GOPT_LIMIT;
        out->stopped = "the ranks read different boards";
        out->length = -1;
    } else {
        if (h0 > 0 && g0 + h0 < h.ub) { /* else the start's forced moves, or the incumbent, are optimal */
            uint64_t hash = flood_hash(F, (int)nw);
            if (hda_owner(hash, h.comm.size) == h.comm.rank) {
                hda_node root = {.g = g0, .h = h0, .parent_rank = -1, .parent = HDA_NONE};
                uint32_t i = hda_add(&h.st, F, &root);
                hda_slot_set(&h.st, hda_find(&h.st, F, hash), hash, i);
                flood_open_push(&h.st.open, g0 + h0, g0, i);
            }
            h.layer = g0 + h0;
            search(&h, lim);
            searched = true;
        } else if (h0 == 0) {
            h.ub = g0;
            h.start_goal = true;
        }
        hda_answer(&h, ub_moves, ub_len, ub_rank, searched, out);
    }
    free(F);
    free(h.border);
    free(h.rec);
    flood_bounder_free(&h.bounder);
    flood_expander_free(&h.ex);
    hda_comm_free(&h.comm);
    hda_store_free(&h.st);
}
