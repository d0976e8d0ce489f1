/* The exact search for the ideal path (the longest TT-path of a setting, known deck): a
 * depth-first branch and bound over the online procedure with complete knowledge, written
 * once over the node sets of set64.h / setwide.h and compiled by search64.c and
 * searchwide.c (like engine.h). docs/methods.md (taxis, "The exact search") gives the
 * argument why every cut is exact.
 *
 * A state of the procedure is (on, front, back): the nodes taken and the two ends. Its
 * future depends on nothing else, since after len = |on| turns the face-up nodes off the path
 * are exactly those revealed by turn len + 1 (rev[len + 1]) minus `on`. So the search
 *   - remembers every state it has entered (a lossy hash table): a state met again cannot
 *     lead past the incumbent, which is at least as good as everything below the first visit;
 *   - cuts a state whose upper bound (nodes reachable from the ends off the path, and when
 *     they are revealed) cannot beat the incumbent;
 *   - stops when the incumbent reaches the bound of the whole setting.
 * Nothing is allocated per state: the recursion holds masks, the tables live in the solver. */
#include <string.h>

#include "games/taxis/internal.h"
#include "gameopt/stop.h"
#include "gameopt/timer.h"

/* States between looks at the clock. */
#define CLOCK_EVERY 4096

typedef struct memo_slot {
    tset on;
    uint32_t stamp;      /* the run that wrote the slot; older slots are empty */
    uint16_t low, high;  /* the ends, smaller first (front and back are interchangeable) */
} memo_slot;

/* Slots per bucket: a state is looked for in one bucket and, when new, replaces its oldest. */
#define BUCKET 4

typedef struct search {
    const tset *adj;
    int n;
    tset all;
    tset *rev;            /* rev[t], t = 0..n + 1: nodes with a card revealed by turn t */
    memo_slot *memo;
    size_t buckets;       /* a power of two */
    uint32_t stamp;
    gopt_taxis_move *moves, *best_moves;
    int best, target;     /* the incumbent's length; stop on reaching target */
    bool record;          /* keep the incumbent's moves (not for search_from) */
    bool stopped;
    double deadline;      /* gopt_now() value, 0: none */
    int64_t states, memo_hits, bound_cuts;
} search;

/* ---------------------------------------------------------------- the memo */

static uint64_t state_hash(tset on, int low, int high) {
    uint64_t h = ((uint64_t)low << 32 | (uint64_t)high) * 0x9E3779B97F4A7C15ull;
#if TSET_WORDS == 1
    h ^= on * 0xC2B2AE3D27D4EB4Full;
#else
    for (int k = 0; k < TSET_WORDS; k++) h = (h ^ on.w[k]) * 0xC2B2AE3D27D4EB4Full;
#endif
    return h ^ (h >> 29);
}

static bool same_set(tset a, tset b) {
#if TSET_WORDS == 1
    return a == b;
#else
    return memcmp(&a, &b, sizeof a) == 0;
#endif
}

/* Records the state; false when it was there already. */
static bool memo_enter(search *s, tset on, int front, int back) {
    int low = front < back ? front : back, high = front < back ? back : front;
    memo_slot *bucket = s->memo + (state_hash(on, low, high) & (s->buckets - 1)) * BUCKET;
    for (int k = 0; k < BUCKET; k++) {
        memo_slot *slot = &bucket[k];
        if (slot->stamp != s->stamp) { /* empty: the state is new */
            *slot = (memo_slot){on, s->stamp, (uint16_t)low, (uint16_t)high};
            return true;
        }
        if (slot->low == low && slot->high == high && same_set(slot->on, on)) return false;
    }
    /* A full bucket: forget its first slot, keep the others (losing a state costs time only). */
    memmove(bucket, bucket + 1, (BUCKET - 1) * sizeof *bucket);
    bucket[BUCKET - 1] = (memo_slot){on, s->stamp, (uint16_t)low, (uint16_t)high};
    return true;
}

/* ---------------------------------------------------------------- the bound */

/* An upper bound on the node length of any path the state can still become. The nodes it
 * gains lie in `reach`, the nodes off the path connected to an end through nodes off the
 * path; and the k-th of them is taken in turn len + k, so it must be revealed by then: the
 * path can gain k nodes only if reach holds at least j nodes revealed by turn len + j for
 * every j <= k. */
static int upper_bound(const search *s, tset on, int front, int back, int len) {
    tset off = ts_minus(s->all, on);
    tset reach = ts_and(ts_or(s->adj[front], s->adj[back]), off), frontier = reach;
    while (ts_any(frontier)) {
        int v = ts_first(frontier);
        frontier = ts_minus(frontier, ts_single(v));
        tset fresh = ts_minus(ts_and(s->adj[v], off), reach);
        reach = ts_or(reach, fresh);
        frontier = ts_or(frontier, fresh);
    }
    int size = ts_count(reach), bound = len;
    if (len + size <= s->best) return len + size;
    for (int t = len + 1; t <= len + size && ts_count(ts_and(reach, s->rev[t])) >= t - len; t++) bound = t;
    return bound;
}

/* ---------------------------------------------------------------- the search */

static bool out_of_time(search *s) {
    /* The solve's own limits too (Ctrl-C, cancel, the --time-limit of a tournament whose mc
     * players call search_from many times): the search is exponential, so it must look. */
    if (s->states % CLOCK_EVERY == 0 &&
        ((s->deadline > 0 && gopt_now() > s->deadline) || gopt_stop_check() != GOPT_GO))
        s->stopped = true;
    return s->stopped;
}

static void improve(search *s, int len) {
    s->best = len;
    if (s->record) memcpy(s->best_moves, s->moves, (size_t)len * sizeof *s->moves);
}

static void dfs(search *s, tset on, int front, int back, int len) {
    if (len > s->best) improve(s, len);
    if (s->best >= s->target || s->stopped) return;
    tset avail = ts_minus(s->rev[len + 1], on);
    tset at_back = ts_and(s->adj[back], avail);
    tset at_front = len > 1 ? ts_and(s->adj[front], avail) : ts_empty();
    if (!ts_any(ts_or(at_back, at_front))) return;
    s->states++;
    if (out_of_time(s)) return;
    if (!memo_enter(s, on, front, back)) {
        s->memo_hits++;
        return;
    }
    if (upper_bound(s, on, front, back, len) <= s->best) {
        s->bound_cuts++;
        return;
    }
    TS_FOR(v, at_back) {
        s->moves[len] = (gopt_taxis_move){v, GOPT_TAXIS_AT_BACK};
        dfs(s, ts_add(on, v), front, v, len + 1);
    }
    TS_FOR(v, at_front) {
        s->moves[len] = (gopt_taxis_move){v, GOPT_TAXIS_AT_FRONT};
        dfs(s, ts_add(on, v), v, back, len + 1);
    }
}

/* rev[t] for the setting: a node's first card at deck position k < c is face up from turn 1,
 * at k >= c from turn k - c + 2 (after k - c + 1 turns, c + k - c + 1 cards are revealed). */
static void reveal_sets(search *s, const gopt_taxis_setting *st) {
    for (int t = 0; t <= s->n + 1; t++) s->rev[t] = ts_empty();
    for (int k = 0; k < st->ncards; k++) {
        int turn = k < st->c ? 1 : k - st->c + 2;
        if (turn <= s->n) s->rev[turn] = ts_add(s->rev[turn], st->cards[k]);
    }
    for (int t = 1; t <= s->n + 1; t++) s->rev[t] = ts_or(s->rev[t], s->rev[t - 1]);
}

void *ENGINE(search_new)(const gopt_taxis_graph *g, int memo_bits) {
    search *s = gopt_calloc(1, sizeof *s);
    s->adj = (const tset *)(const void *)g->adj;
    s->n = g->n;
    for (int v = 0; v < g->n; v++) s->all = ts_add(s->all, v);
    s->rev = gopt_malloc((size_t)(g->n + 2) * sizeof *s->rev);
    s->buckets = (size_t)1 << memo_bits;
    s->memo = gopt_calloc(s->buckets * BUCKET, sizeof *s->memo);
    s->moves = gopt_malloc((size_t)g->n * sizeof *s->moves);
    s->best_moves = gopt_malloc((size_t)g->n * sizeof *s->best_moves);
    return s;
}

void ENGINE(search_free)(void *p) {
    search *s = p;
    if (!s) return;
    free(s->rev);
    free(s->memo);
    free(s->moves);
    free(s->best_moves);
    free(s);
}

gopt_status ENGINE(search_run)(void *p, const gopt_taxis_setting *st, double time_limit, gopt_taxis_move *moves,
                               gopt_taxis_ideal *result) {
    search *s = p;
    if (++s->stamp == 0) { /* every slot's stamp is older than 1 again */
        memset(s->memo, 0, s->buckets * BUCKET * sizeof *s->memo);
        s->stamp = 1;
    }
    reveal_sets(s, st);
    s->record = true;
    s->best = 0;
    s->stopped = false;
    s->deadline = time_limit > 0 ? gopt_now() + time_limit : 0;
    s->states = s->memo_hits = s->bound_cuts = 0;
    /* The bound of the whole setting: the best bound over the starts. */
    s->target = 1;
    TS_FOR(v, s->rev[1]) {
        int bound = upper_bound(s, ts_single(v), v, v, 1);
        if (bound > s->target) s->target = bound;
    }
    TS_FOR(v, s->rev[1]) {
        s->moves[0] = (gopt_taxis_move){v, GOPT_TAXIS_AT_START};
        dfs(s, ts_single(v), v, v, 1);
    }
    memcpy(moves, s->best_moves, (size_t)s->best * sizeof *moves);
    result->length = s->best;
    result->bound = s->stopped ? s->target : s->best;
    gopt_counter_add(&result->counters, "states", s->states);
    gopt_counter_add(&result->counters, "memo_hits", s->memo_hits);
    gopt_counter_add(&result->counters, "bound_cuts", s->bound_cuts);
    return s->stopped ? GOPT_LIMIT : GOPT_SOLVED;
}

/* The longest the path (on, front, back, len) can become when the nodes face up now are `up`
 * and the cards future[0..nfuture) are turned up next, one per turn: the state just after a
 * move, whose card has left the display and whose first new card is future[0]. Nodes of `up`
 * stay face up (a card leaves only when its node joins the path), so after len + j turns the
 * face-up nodes off the path are up + future[0..j] minus the path: rev[len + 1 + j]. This is
 * what the Monte Carlo player (mc.h) asks once per sampled deck and move. */
int ENGINE(search_from)(void *p, const tset *up, const int *future, int nfuture, const tset *on, int front, int back,
                        int len) {
    search *s = p;
    if (++s->stamp == 0) {
        memset(s->memo, 0, s->buckets * BUCKET * sizeof *s->memo);
        s->stamp = 1;
    }
    tset shown = *up;
    for (int t = 0; t <= len; t++) s->rev[t] = ts_empty(); /* never read: the path only grows */
    for (int t = len + 1, j = 0; t <= s->n + 1; t++, j++) {
        if (j < nfuture) shown = ts_add(shown, future[j]);
        s->rev[t] = shown;
    }
    s->record = false;
    s->best = len;
    s->stopped = false;
    s->deadline = 0;
    s->target = upper_bound(s, *on, front, back, len);
    dfs(s, *on, front, back, len);
    return s->best;
}
