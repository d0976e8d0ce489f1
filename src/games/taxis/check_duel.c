/* The independent checker of a two-player game (the paper's §5.2): the moves are replayed on
 * the shared display with the rules written out again, from the setting's cards and the
 * graph's adjacency lists only. */
#include <stdlib.h>
#include <string.h>

#include "games/taxis/internal.h"

typedef struct side {
    int *node; /* the path in node[lo .. lo + len) */
    int lo, len;
    bool *on;
} side;

typedef struct replay {
    const gopt_taxis_graph *g;
    const gopt_taxis_setting *s;
    gopt_taxis_reading reading;
    int *count; /* face-up cards per node */
    int next;   /* the next card of the deck */
    side p[2];
} replay;

static bool joins(const replay *r, const side *p, int v, gopt_taxis_end end) {
    if (r->count[v] == 0 || p->on[v]) return false;
    const side *other = p == &r->p[0] ? &r->p[1] : &r->p[0];
    if (r->reading.closed && other->on[v]) return false; /* the opponent's node is not on offer */
    if (p->len == 0) return end == GOPT_TAXIS_AT_START;
    int at = end == GOPT_TAXIS_AT_FRONT ? p->node[p->lo] : end == GOPT_TAXIS_AT_BACK ? p->node[p->lo + p->len - 1] : -1;
    return at >= 0 && gopt_graph_has_edge(r->g->graph, at, v);
}

/* A node the player could take now, or -1. */
static int any_move(const replay *r, const side *p) {
    for (int v = 0; v < r->g->n; v++)
        for (int e = GOPT_TAXIS_AT_START; e <= GOPT_TAXIS_AT_BACK; e++)
            if (joins(r, p, v, (gopt_taxis_end)e)) return v;
    return -1;
}

/* Reading clear: a node no player may take (on both paths; on either when closed). */
static bool dead(const replay *r, int v) {
    return r->reading.closed ? r->p[0].on[v] || r->p[1].on[v] : r->p[0].on[v] && r->p[1].on[v];
}

static void take(replay *r, side *p, int v, gopt_taxis_end end) {
    if (end == GOPT_TAXIS_AT_FRONT) p->node[--p->lo] = v;
    else p->node[p->lo + p->len] = v;
    p->len++;
    p->on[v] = true;
    r->count[v]--;
    if (r->reading.refill) { /* refill: v's other face-up copies leave too; the display refills to c */
        r->count[v] = 0;
        int up = 0;
        for (int u = 0; u < r->g->n; u++) up += r->count[u];
        while (up < r->s->c && r->next < r->s->ncards) r->count[r->s->cards[r->next++]]++, up++;
        return;
    }
    if (!r->reading.clear) {
        if (r->next < r->s->ncards) r->count[r->s->cards[r->next++]]++;
        return;
    }
    /* clear: cards nobody may take leave, and the display refills to c, skipping such cards */
    int up = 0;
    for (int u = 0; u < r->g->n; u++) {
        if (dead(r, u)) r->count[u] = 0;
        up += r->count[u];
    }
    while (up < r->s->c && r->next < r->s->ncards) {
        int u = r->s->cards[r->next++];
        if (!dead(r, u)) r->count[u]++, up++;
    }
}

/* Move k (0-based) of the duel by `player`, who is to move: takes its node, or checks that a
 * player who gives up had no node to take. 0, or -1 with the reason. Both readings share it. */
static int replay_move(replay *r, const gopt_taxis_duel_move *m, int k, int player, char *why, size_t size) {
    if (m->player != player)
        return snprintf(why, size, "move %d is by player %d, but player %d is to move", k + 1, m->player + 1, player + 1), -1;
    side *p = &r->p[player];
    if (m->node >= 0) {
        if (m->node >= r->g->n || !joins(r, p, m->node, m->end))
            return snprintf(why, size, "move %d: player %d cannot take that node there", k + 1, player + 1), -1;
        take(r, p, m->node, m->end);
    } else {
        int v = any_move(r, p);
        if (v >= 0)
            return snprintf(why, size, "move %d: player %d gave up although '%s' was free to take", k + 1, player + 1,
                            gopt_taxis_name(r->g, v)), -1;
    }
    return 0;
}

/* With the play-out reading: players alternate until one fails, the other then moves alone
 * until it fails too; the longer path wins. The outcome, or -1 with the reason. */
static int play_back_out(replay *r, const gopt_taxis_duel_move *moves, int nmoves, char *why, size_t size) {
    bool done[2] = {false, false};
    int player = 0;
    for (int k = 0; k < nmoves; k++) {
        if (done[0] && done[1]) return snprintf(why, size, "moves follow the end of the duel"), -1;
        if (done[player]) player ^= 1;
        const gopt_taxis_duel_move *m = &moves[k];
        if (replay_move(r, m, k, player, why, size) < 0) return -1;
        if (m->node < 0) done[player] = true;
        player ^= 1;
    }
    if (!done[0] || !done[1]) return snprintf(why, size, "the moves stop before the duel ends"), -1;
    int a = r->p[0].len, b = r->p[1].len;
    return a > b ? GOPT_TAXIS_FIRST_WINS : b > a ? GOPT_TAXIS_SECOND_WINS : GOPT_TAXIS_TIE;
}

/* Replays the moves; the outcome the rules give, or -1 with the reason. */
static int play_back(replay *r, const gopt_taxis_duel_move *moves, int nmoves, char *why, size_t size) {
    if (r->reading.play_out) return play_back_out(r, moves, nmoves, why, size);
    bool first_failed = false;
    int player = 0;
    for (int k = 0; k < nmoves; k++, player ^= 1) {
        const gopt_taxis_duel_move *m = &moves[k];
        if (first_failed) player = 1;
        if (replay_move(r, m, k, player, why, size) < 0) return -1;
        bool over = first_failed || (m->node < 0 && player == 1);
        if (over && k != nmoves - 1) return snprintf(why, size, "moves follow the end of the duel"), -1;
        if (over) return first_failed ? (m->node >= 0 ? GOPT_TAXIS_SECOND_WINS : GOPT_TAXIS_TIE) : GOPT_TAXIS_FIRST_WINS;
        if (m->node < 0) first_failed = true;
    }
    return snprintf(why, size, "the moves stop before the duel ends"), -1;
}

bool gopt_taxis_check_duel(const gopt_taxis_graph *g, const gopt_taxis_setting *s, const gopt_taxis_duel_move *moves,
                           int nmoves, gopt_taxis_outcome outcome, const int length[2], char *why, size_t why_size) {
    return gopt_taxis_check_duel_read(g, s, (gopt_taxis_reading){0}, moves, nmoves, outcome, length, why,
                                      why_size);
}

bool gopt_taxis_check_duel_read(const gopt_taxis_graph *g, const gopt_taxis_setting *s, gopt_taxis_reading reading,
                                const gopt_taxis_duel_move *moves, int nmoves, gopt_taxis_outcome outcome,
                                const int length[2], char *why, size_t why_size) {
    if (!gopt_taxis_setting_valid(g, s, why, why_size)) return false;
    int n = g->n;
    replay r = {g, s, reading, gopt_calloc((size_t)n, sizeof *r.count), s->c, {{0}}};
    for (int k = 0; k < s->c; k++) r.count[s->cards[k]]++;
    for (int i = 0; i < 2; i++)
        r.p[i] = (side){gopt_malloc((size_t)(2 * n + 1) * sizeof(int)), n, 0, gopt_calloc((size_t)n, sizeof(bool))};
    int result = play_back(&r, moves, nmoves, why, why_size);
    bool ok = result >= 0;
    if (ok && result != (int)outcome) ok = false, snprintf(why, why_size, "the duel's outcome does not follow the rules");
    if (ok && (r.p[0].len != length[0] || r.p[1].len != length[1]))
        ok = false, snprintf(why, why_size, "the node lengths %d and %d are not those of the moves (%d and %d)", length[0],
                             length[1], r.p[0].len, r.p[1].len);
    for (int i = 0; i < 2; i++) {
        free(r.p[i].node);
        free(r.p[i].on);
    }
    free(r.count);
    return ok;
}
