/* taxis heuristics against slow reference implementations: on random small graphs, paths and
 * displays, each reference writes the paper's rule out directly (lists, breadth-first search,
 * every path enumerated, tentacles counted by gopt_taxis_tentacles) and gives the set of
 * choices the rule allows; every decision of the fast engine must lie in that set. The
 * readings are those of docs/methods.md (taxis). */
#include <stdlib.h>
#include <string.h>

#include "games/taxis/internal.h"
#include "test_support.h"
#include "taxis_random.h"

#define MAXN 12

typedef struct game_state {
    const gopt_taxis_graph *g;
    int path[MAXN], len;
    int display[MAXN], nd;
    bool on[MAXN], avail[MAXN];
} game_state;

/* allowed[v][end]: the rule allows taking v at `end` */
typedef bool allowed_t[MAXN][3];

/* ---------------------------------------------------------------- helpers */

static int deg(const game_state *s, int v) { return s->g->degree[v]; }

/* Components of the nodes `within`: comp[v] (-1 outside); returns their number. */
static int components(const game_state *s, const bool *within, int *comp) {
    int n = s->g->n, count = 0, queue[MAXN];
    for (int v = 0; v < n; v++) comp[v] = -1;
    for (int v = 0; v < n; v++) {
        if (!within[v] || comp[v] >= 0) continue;
        int head = 0, tail = 0;
        queue[tail++] = v;
        comp[v] = count;
        while (head < tail) {
            int u = queue[head++];
            for (int w = 0; w < n; w++)
                if (within[w] && comp[w] < 0 && gopt_taxis_adjacent(s->g, u, w)) comp[w] = count, queue[tail++] = w;
        }
        count++;
    }
    return count;
}

static int comp_size(const game_state *s, const int *comp, int c) {
    int size = 0;
    for (int v = 0; v < s->g->n; v++) size += comp[v] == c;
    return size;
}

static long key(int length, int tentacles) { return (long)length * 1000 + tentacles; }

/* ---------------------------------------------------------------- starts */

static void argmax_degree(const game_state *s, const bool *set, bool *out) {
    int best = -1;
    for (int v = 0; v < s->g->n; v++)
        if (set[v] && deg(s, v) > best) best = deg(s, v);
    for (int v = 0; v < s->g->n; v++) out[v] = set[v] && deg(s, v) == best;
}

static void argmin_degree(const game_state *s, const bool *set, bool *out) {
    int best = 1 << 30;
    for (int v = 0; v < s->g->n; v++)
        if (set[v] && deg(s, v) < best) best = deg(s, v);
    for (int v = 0; v < s->g->n; v++) out[v] = set[v] && deg(s, v) == best;
}

/* Every simple path inside component c: calls visit(path) for each (both directions). */
typedef struct paths {
    const game_state *s;
    const int *comp;
    int c;
    int seq[MAXN];
    void (*visit)(struct paths *p, int len);
    long best;
    bool *out;
} paths;

static void each_path(paths *p, int len) {
    p->visit(p, len);
    for (int w = 0; w < p->s->g->n; w++) {
        bool used = false;
        for (int k = 0; k < len; k++) used |= p->seq[k] == w;
        if (used || p->comp[w] != p->c || !gopt_taxis_adjacent(p->s->g, p->seq[len - 1], w)) continue;
        p->seq[len] = w;
        each_path(p, len + 1);
    }
}

static void paths_in(paths *p) {
    for (int v = 0; v < p->s->g->n; v++)
        if (p->comp[v] == p->c) {
            p->seq[0] = v;
            each_path(p, 1);
        }
}

static void best_path(paths *p, int len) {
    long k = key(len, gopt_taxis_tentacles(p->s->g, p->seq, len));
    if (k > p->best) p->best = k;
}

static void min_degree_on_best(paths *p, int len) {
    if (key(len, gopt_taxis_tentacles(p->s->g, p->seq, len)) != p->best) return;
    bool on[MAXN] = {false}, low[MAXN];
    for (int k = 0; k < len; k++) on[p->seq[k]] = true;
    argmin_degree(p->s, on, low);
    for (int v = 0; v < p->s->g->n; v++) p->out[v] |= low[v];
}

static void reference_start(const game_state *s, gopt_taxis_start rule, allowed_t allowed) {
    int n = s->g->n, comp[MAXN];
    bool up[MAXN] = {false}, out[MAXN] = {false};
    for (int k = 0; k < s->nd; k++) up[s->display[k]] = true;
    int count = components(s, up, comp), z = 0;
    for (int c = 0; c < count; c++) z = comp_size(s, comp, c) > z ? comp_size(s, comp, c) : z;
    if (rule == GOPT_TAXIS_START_RANDOM) memcpy(out, up, sizeof out);
    else if (rule == GOPT_TAXIS_START_DEGREE || z == 1) argmax_degree(s, up, out);
    else if (rule == GOPT_TAXIS_START_CONNECTED) {
        bool largest[MAXN];
        for (int v = 0; v < n; v++) largest[v] = up[v] && comp_size(s, comp, comp[v]) == z;
        argmin_degree(s, largest, out);
    } else {
        int kappa = z < 3 ? z : 3;
        long best = -1, per[MAXN];
        for (int c = 0; c < count; c++) {
            paths p = {s, comp, c, {0}, best_path, -1, NULL};
            if (comp_size(s, comp, c) >= kappa) paths_in(&p);
            per[c] = p.best;
            if (p.best > best) best = p.best;
        }
        for (int c = 0; c < count; c++) {
            paths p = {s, comp, c, {0}, min_degree_on_best, best, out};
            if (per[c] == best) paths_in(&p);
        }
    }
    for (int v = 0; v < n; v++) allowed[v][GOPT_TAXIS_AT_START] = out[v];
}

/* ---------------------------------------------------------------- extensions */

static bool is_tentacle(const game_state *s, int v) {
    return s->avail[v] && (gopt_taxis_adjacent(s->g, s->path[0], v) || gopt_taxis_adjacent(s->g, s->path[s->len - 1], v));
}

/* The node length after taking v at `end`: the new sequence into seq; returns its length. */
static int extended(const game_state *s, int v, gopt_taxis_end end, int *seq) {
    if (end == GOPT_TAXIS_AT_FRONT) {
        seq[0] = v;
        memcpy(seq + 1, s->path, (size_t)s->len * sizeof *seq);
    } else {
        memcpy(seq, s->path, (size_t)s->len * sizeof *seq);
        seq[s->len] = v;
    }
    return s->len + 1;
}

/* The ends v may join: the back for a path of one node, else each end it neighbours. */
static bool end_ok(const game_state *s, int v, gopt_taxis_end end) {
    if (s->len == 1) return end == GOPT_TAXIS_AT_BACK;
    int at = end == GOPT_TAXIS_AT_FRONT ? s->path[0] : s->path[s->len - 1];
    return end != GOPT_TAXIS_AT_START && gopt_taxis_adjacent(s->g, at, v);
}

static void allow_nodes(const game_state *s, const bool *nodes, allowed_t allowed) {
    for (int v = 0; v < s->g->n; v++)
        for (int e = GOPT_TAXIS_AT_FRONT; e <= GOPT_TAXIS_AT_BACK; e++)
            allowed[v][e] = nodes[v] && is_tentacle(s, v) && end_ok(s, v, (gopt_taxis_end)e);
}

static void reference_tentacles(const game_state *s, allowed_t allowed) {
    int seq[MAXN + 1], best = -1;
    for (int pass = 0; pass < 2; pass++)
        for (int v = 0; v < s->g->n; v++)
            for (int e = GOPT_TAXIS_AT_FRONT; e <= GOPT_TAXIS_AT_BACK; e++) {
                if (!is_tentacle(s, v) || !end_ok(s, v, (gopt_taxis_end)e)) continue;
                int d = gopt_taxis_tentacles(s->g, seq, extended(s, v, (gopt_taxis_end)e, seq));
                if (pass == 0 && d > best) best = d;
                if (pass == 1) allowed[v][e] = d == best;
            }
}

/* P extended inside one component: Q1 (before p_1, grown outwards) and Q2 (after p_k). */
typedef struct growth {
    const game_state *s;
    const int *comp;
    int c;
    int q1[MAXN], n1, q2[MAXN], n2;
    bool pass_choose; /* false: find the best key; true: allow the first steps of best growths */
    long best;
    allowed_t *allowed;
} growth;

static bool in_growth(const growth *gr, int v) {
    for (int k = 0; k < gr->n1; k++)
        if (gr->q1[k] == v) return true;
    for (int k = 0; k < gr->n2; k++)
        if (gr->q2[k] == v) return true;
    return false;
}

static void evaluate(growth *gr) {
    const game_state *s = gr->s;
    if (gr->n1 + gr->n2 == 0) return;
    int seq[2 * MAXN], len = 0;
    for (int k = gr->n1 - 1; k >= 0; k--) seq[len++] = gr->q1[k];
    for (int k = 0; k < s->len; k++) seq[len++] = s->path[k];
    for (int k = 0; k < gr->n2; k++) seq[len++] = gr->q2[k];
    long k = key(gr->n1 + gr->n2, gopt_taxis_tentacles(s->g, seq, len));
    if (!gr->pass_choose) {
        if (k > gr->best) gr->best = k;
        return;
    }
    if (k != gr->best) return;
    /* The first step: Q1's first node or Q2's, whichever leaves more tentacles. */
    int steps[2], ends[2], tent[2], m = 0, one[MAXN + 1];
    if (gr->n1) steps[m] = gr->q1[0], ends[m++] = s->len == 1 ? GOPT_TAXIS_AT_BACK : GOPT_TAXIS_AT_FRONT;
    if (gr->n2) steps[m] = gr->q2[0], ends[m++] = GOPT_TAXIS_AT_BACK;
    int top = -1;
    for (int i = 0; i < m; i++) {
        tent[i] = gopt_taxis_tentacles(s->g, one, extended(s, steps[i], (gopt_taxis_end)ends[i], one));
        top = tent[i] > top ? tent[i] : top;
    }
    for (int i = 0; i < m; i++)
        if (tent[i] == top) (*gr->allowed)[steps[i]][ends[i]] = true;
}

static void grow_front(growth *gr) {
    evaluate(gr);
    const game_state *s = gr->s;
    int end = gr->n1 ? gr->q1[gr->n1 - 1] : s->path[0];
    for (int w = 0; w < s->g->n; w++)
        if (gr->comp[w] == gr->c && !in_growth(gr, w) && gopt_taxis_adjacent(s->g, end, w)) {
            gr->q1[gr->n1++] = w;
            grow_front(gr);
            gr->n1--;
        }
}

static void grow_back(growth *gr) {
    grow_front(gr);
    const game_state *s = gr->s;
    int end = gr->n2 ? gr->q2[gr->n2 - 1] : s->path[s->len - 1];
    for (int w = 0; w < s->g->n; w++)
        if (gr->comp[w] == gr->c && !in_growth(gr, w) && gopt_taxis_adjacent(s->g, end, w)) {
            gr->q2[gr->n2++] = w;
            grow_back(gr);
            gr->n2--;
        }
}

static void reference_extension(const game_state *s, gopt_taxis_extension rule, allowed_t allowed) {
    int n = s->g->n, comp[MAXN];
    bool all[MAXN], ta[MAXN];
    for (int v = 0; v < n; v++) all[v] = true, ta[v] = is_tentacle(s, v);
    int count = components(s, s->avail, comp), z = 0;
    bool adjacent[MAXN] = {false};
    for (int v = 0; v < n; v++)
        if (ta[v]) adjacent[comp[v]] = true;
    for (int c = 0; c < count; c++)
        if (adjacent[c] && comp_size(s, comp, c) > z) z = comp_size(s, comp, c);
    if (rule == GOPT_TAXIS_EXT_RANDOM) return allow_nodes(s, all, allowed);
    if (rule == GOPT_TAXIS_EXT_DEGREE) {
        bool top[MAXN];
        argmax_degree(s, ta, top);
        return allow_nodes(s, top, allowed);
    }
    if (rule == GOPT_TAXIS_EXT_TENTACLES || z == 1) return reference_tentacles(s, allowed);
    if (rule == GOPT_TAXIS_EXT_CONNECTED) {
        bool zmax[MAXN], low[MAXN];
        for (int v = 0; v < n; v++) zmax[v] = ta[v] && adjacent[comp[v]] && comp_size(s, comp, comp[v]) == z;
        argmin_degree(s, zmax, low);
        return allow_nodes(s, low, allowed);
    }
    int kappa = z < 3 ? z : 3;
    long best = -1, per[MAXN];
    for (int c = 0; c < count; c++) {
        growth gr = {.s = s, .comp = comp, .c = c, .best = -1, .allowed = (allowed_t *)allowed};
        if (adjacent[c] && comp_size(s, comp, c) >= kappa) grow_back(&gr);
        per[c] = gr.best;
        if (gr.best > best) best = gr.best;
    }
    for (int c = 0; c < count; c++)
        if (per[c] == best) {
            growth gr = {.s = s, .comp = comp, .c = c, .pass_choose = true, .best = best, .allowed = (allowed_t *)allowed};
            grow_back(&gr);
        }
}

/* ---------------------------------------------------------------- the property */

/* A random state: a self-avoiding walk grown at both ends, and random face-up cards. */
static void random_state(gopt_rng *rng, game_state *s, int len) {
    int n = s->g->n;
    memset(s->on, 0, sizeof s->on);
    s->len = 0;
    if (len > 0) {
        s->path[0] = (int)gopt_rng_below(rng, (uint32_t)n);
        s->on[s->path[0]] = true;
        s->len = 1;
    }
    while (s->len < len) {
        int end = gopt_rng_below(rng, 2) ? s->len - 1 : 0, options[MAXN], k = 0;
        for (int v = 0; v < n; v++)
            if (!s->on[v] && gopt_taxis_adjacent(s->g, s->path[end], v)) options[k++] = v;
        if (k == 0) break;
        int v = options[gopt_rng_below(rng, (uint32_t)k)];
        if (end == 0) memmove(s->path + 1, s->path, (size_t)s->len * sizeof *s->path), s->path[0] = v;
        else s->path[s->len] = v;
        s->on[v] = true;
        s->len++;
    }
    s->nd = 1 + (int)gopt_rng_below(rng, (uint32_t)(n < 9 ? n : 9));
    memset(s->avail, 0, sizeof s->avail);
    for (int k = 0; k < s->nd; k++) {
        s->display[k] = (int)gopt_rng_below(rng, (uint32_t)n);
        if (!s->on[s->display[k]]) s->avail[s->display[k]] = true;
    }
}

static void engine_choices_follow_the_rules(void **unused) {
    (void)unused;
    gopt_rng rng = gopt_rng_stream(31337, 0);
    int decisions = 0, stops = 0;
    for (int c = 0; c < test_cases(2000); c++) {
        int n = 2 + (int)gopt_rng_below(&rng, MAXN - 1);
        gopt_taxis_graph *g = random_graph(&rng, n, 0.15 + 0.5 * gopt_rng_double(&rng));
        game_state s = {.g = g};
        random_state(&rng, &s, c % 4 == 0 ? 0 : 1 + (int)gopt_rng_below(&rng, (uint32_t)n));
        int rules = s.len == 0 ? GOPT_TAXIS_NSTARTS : GOPT_TAXIS_NEXTENSIONS;
        for (int r = 0; r < rules; r++) {
            allowed_t allowed;
            memset(allowed, 0, sizeof allowed);
            gopt_taxis_heuristic h = {GOPT_TAXIS_START_RANDOM, GOPT_TAXIS_EXT_RANDOM, NULL, NULL};
            if (s.len == 0) h.start = (gopt_taxis_start)r, reference_start(&s, h.start, allowed);
            else h.extension = (gopt_taxis_extension)r, reference_extension(&s, h.extension, allowed);
            bool any = false;
            for (int v = 0; v < n; v++) any |= allowed[v][0] || allowed[v][1] || allowed[v][2];
            for (uint64_t seed = 0; seed < 6; seed++) {
                gopt_rng draw = gopt_rng_stream(seed, (uint64_t)c);
                int node;
                gopt_taxis_end end;
                bool moved = taxis_decide(g, h, s.path, s.len, s.display, s.nd, &draw, &node, &end);
                assert_int_equal(moved, any);
                if (!moved) {
                    stops++;
                    break;
                }
                if (!allowed[node][end]) fail_msg("case %d rule %d: the engine took %d at end %d", c, r, node, end);
                decisions++;
            }
        }
        gopt_taxis_graph_free(g);
    }
    assert_true(decisions > 5000 && stops > 50);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(engine_choices_follow_the_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
