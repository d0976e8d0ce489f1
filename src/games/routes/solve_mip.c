/* The integer program (--method mip), solved by CBC with connectivity rows added lazily
 * (gameopt/cuts.h), a cousin of the taxis program: each train picks segments of track that
 * form one path between two stops.
 *
 * Per train t: x(t,e) takes segment e; v(t,s) visits stop s; d(t,s) ends the route at s;
 * u(t) runs the train; p(t,s) counts s (only when the train may count fewer stops than it
 * visits, else p = v); z(t,b) earns all-of bonus b and y(t,b,j,s) says stop s meets its set j.
 *   degree       sum of x(t,e) at s = 2 v(t,s) - d(t,s);  d <= v;  d = v where a route may not
 *                pass (off-boards, cities full of other tokens): they can only end it
 *   two ends     sum_s d(t,s) = 2 u(t);  v(t,s) <= u(t)
 *   a token      sum of v(t,s) over the company's token cities >= u(t)
 *   length       cities, towns, counted stops, hexes (sides crossed + 1) within the train's
 *   places       at most one stop of a place (a group, a hex under hex-once)
 *   counting     p <= v, sum p <= the train's count, p = v for classes that always count, and
 *                a counted token city (the rule 18xx.games calls requires_token)
 *   track        every piece of track in at most one segment of all trains
 *   bonuses      y(t,b,j,s) <= p(t,s), sum_s y(t,b,j,s) = z(t,b); once-only: sum_t z(t,b) <= 1
 *   identical    trains of one type in order of revenue
 * maximise the counted stops' values (multipliers and per-stop bonuses in) and the bonuses.
 *
 * What the rows above allow beyond routes are cycles apart from the path (every stop of a
 * cycle has degree two): the separator finds the components of each train's segments and
 * cuts every component without an end with
 *     sum of x(t,e) inside S <= sum of v(t,s) over S minus one of them
 * (a path holds fewer segments inside any stop set than stops), for every train. An answer
 * without such a component is a set of routes: optimal for the full model. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/cuts.h"
#include "gameopt/maxflow.h"
#include "gameopt/mip.h"
#include "gameopt/stop.h"
#include "games/routes/net.h"

/* Rounds of the root's cutting loop at most (it stops when a round finds no violated row). */
#define ROOT_ROUNDS 30

typedef struct model {
    const routes_net *n;
    gopt_mip *mip;
    int T;
    bool *usable;         /* stops some route could visit */
    int *x, *v, *d, *p, *u; /* column indices: x[t * nsegs + e], v/d/p[t * nstops + s], u[t]; -1 absent */
    int *z;               /* z[t * nbonuses + b] */
    int *y;               /* y[((t * nbonuses + b) * 2 + j) * nstops + s] */
    bool counting[GOPT_ROUTES_MAX_TRAINS]; /* the train has p columns */
    /* row scratch */
    int *col;
    double *coef;
    int nterms, cap;
    int64_t cycles;
    gopt_mip_kind kind;   /* BINARY, or CONTINUOUS for the root relaxation */
    /* rows found by the root's cutting loop, to add to the integer program */
    int ncuts, *cut_start, *cut_col;
    double *cut_coef;
    size_t cuts_cap, terms_cap;
    int64_t root_cuts, root_rounds;
} model;

static void term(model *m, int col, double c) {
    if (col < 0) return;
    if (m->nterms == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 64;
        m->col = gopt_realloc(m->col, (size_t)m->cap * sizeof *m->col);
        m->coef = gopt_realloc(m->coef, (size_t)m->cap * sizeof *m->coef);
    }
    m->col[m->nterms] = col;
    m->coef[m->nterms++] = c;
}

static void row(model *m, char sense, double rhs) {
    if (m->nterms) gopt_mip_row(m->mip, NULL, m->nterms, m->col, m->coef, sense, rhs);
    m->nterms = 0;
}

/* Stops a route could reach from a token city (passing only stops it may pass). */
static void find_usable(model *m) {
    const routes_net *n = m->n;
    m->usable = gopt_calloc((size_t)n->nstops + 1, sizeof *m->usable);
    int *queue = gopt_malloc((size_t)(n->nstops + 1) * sizeof *queue), nq = 0;
    for (int s = 0; s < n->nstops; s++)
        if (n->stops[s].token) m->usable[s] = true, queue[nq++] = s;
    for (int head = 0; head < nq; head++) {
        int s = queue[head];
        if (!n->stops[s].pass) continue;
        for (int i = n->adj0[s]; i < n->adj0[s + 1]; i++) {
            int o = net_other(n, n->adj[i], s);
            if (!m->usable[o]) m->usable[o] = true, queue[nq++] = o;
        }
    }
    free(queue);
}

static int cap_of(const gopt_routes_train *tr) {
    if (tr->pay != GOPT_ROUTES_UNLIMITED) return tr->pay;
    if (tr->towns_free && tr->stops != GOPT_ROUTES_UNLIMITED) return tr->stops;
    return -1;
}

static int pay_col(const model *m, int t, int s) {
    return m->counting[t] ? m->p[t * m->n->nstops + s] : m->v[t * m->n->nstops + s];
}

static void add_columns(model *m) {
    const routes_net *n = m->n;
    int T = m->T, S = n->nstops, E = n->nsegs, B = n->nbonuses;
    m->x = gopt_malloc((size_t)(T * E + 1) * sizeof *m->x);
    m->v = gopt_malloc((size_t)(T * S + 1) * sizeof *m->v);
    m->d = gopt_malloc((size_t)(T * S + 1) * sizeof *m->d);
    m->p = gopt_malloc((size_t)(T * S + 1) * sizeof *m->p);
    m->u = gopt_malloc((size_t)(T + 1) * sizeof *m->u);
    m->z = gopt_malloc((size_t)(T * B + 1) * sizeof *m->z);
    m->y = gopt_malloc((size_t)(T * B * 2 * S + 1) * sizeof *m->y);
    for (int t = 0; t < T; t++) {
        const gopt_routes_train *tr = &n->trains[t];
        m->counting[t] = cap_of(tr) >= 0;
        m->u[t] = gopt_mip_col(m->mip, NULL, m->kind, 0, 1, 0);
        for (int e = 0; e < E; e++) {
            bool ok = m->usable[n->segs[e].a] && m->usable[n->segs[e].b];
            if (ok && tr->hexes != GOPT_ROUTES_UNLIMITED && n->segs[e].sides + 1 > tr->hexes) ok = false;
            m->x[t * E + e] = ok ? gopt_mip_col(m->mip, NULL, m->kind, 0, 1, 0) : -1;
        }
        for (int s = 0; s < S; s++) {
            int value = n->w[t * S + s];
            bool ok = m->usable[s];
            m->v[t * S + s] = ok ? gopt_mip_col(m->mip, NULL, m->kind, 0, 1, m->counting[t] ? 0 : value) : -1;
            m->d[t * S + s] = ok ? gopt_mip_col(m->mip, NULL, m->kind, 0, 1, 0) : -1;
            m->p[t * S + s] = ok && m->counting[t] ? gopt_mip_col(m->mip, NULL, m->kind, 0, 1, value) : -1;
        }
        for (int b = 0; b < B; b++) {
            const net_bonus *nb = &n->bonuses[b];
            int scale = nb->multiplied ? tr->multiplier : 1;
            m->z[t * B + b] = gopt_mip_col(m->mip, NULL, m->kind, 0, 1, nb->amount * scale);
            for (int j = 0; j < 2; j++)
                for (int s = 0; s < S; s++) {
                    int at = ((t * B + b) * 2 + j) * S + s;
                    bool in = j < nb->nsets && m->usable[s] && nb->set_value[j][s] >= 0;
                    m->y[at] = in ? gopt_mip_col(m->mip, NULL, GOPT_MIP_CONTINUOUS, 0, 1, nb->set_value[j][s] * scale) : -1;
                }
        }
    }
}

static void add_route_rows(model *m, int t) {
    const routes_net *n = m->n;
    const gopt_routes_train *tr = &n->trains[t];
    int S = n->nstops, E = n->nsegs;
    for (int s = 0; s < S; s++) {
        if (!m->usable[s]) continue;
        int v = m->v[t * S + s], d = m->d[t * S + s];
        for (int i = n->adj0[s]; i < n->adj0[s + 1]; i++) term(m, m->x[t * E + n->adj[i]], 1);
        term(m, v, -2), term(m, d, 1);
        row(m, '=', 0);
        term(m, d, 1), term(m, v, -1);
        row(m, n->stops[s].pass ? '<' : '=', 0);
        term(m, v, 1), term(m, m->u[t], -1);
        row(m, '<', 0);
    }
    for (int s = 0; s < S; s++) term(m, m->d[t * S + s], 1);
    term(m, m->u[t], -2);
    row(m, '=', 0);
    for (int s = 0; s < S; s++)
        if (n->stops[s].token) term(m, m->v[t * S + s], 1);
    term(m, m->u[t], -1);
    row(m, '>', 0);
    /* lengths */
    if (tr->cities != GOPT_ROUTES_UNLIMITED) {
        for (int s = 0; s < S; s++)
            if (n->stops[s].cls != GOPT_ROUTES_TOWN) term(m, m->v[t * S + s], 1);
        row(m, '<', tr->cities);
    }
    if (tr->towns != GOPT_ROUTES_UNLIMITED) {
        for (int s = 0; s < S; s++)
            if (n->stops[s].cls == GOPT_ROUTES_TOWN) term(m, m->v[t * S + s], 1);
        row(m, '<', tr->towns);
    }
    if (tr->stops != GOPT_ROUTES_UNLIMITED) {
        for (int s = 0; s < S; s++)
            if (!(tr->towns_free && n->stops[s].cls == GOPT_ROUTES_TOWN)) term(m, m->v[t * S + s], 1);
        row(m, '<', tr->stops);
    }
    if (tr->hexes != GOPT_ROUTES_UNLIMITED) {
        for (int e = 0; e < E; e++) term(m, m->x[t * E + e], n->segs[e].sides);
        term(m, m->u[t], 1);
        row(m, '<', tr->hexes);
    }
    /* places */
    for (int pl = 0; pl < n->nplaces; pl++) {
        for (int s = 0; s < S; s++)
            if (n->stops[s].place == pl) term(m, m->v[t * S + s], 1);
        if (m->nterms > 1) row(m, '<', 1);
        m->nterms = 0;
    }
    /* two segments between one pair of stops make a cycle at once: say so now */
    for (int e = 0; e < E; e++) {
        if (m->x[t * E + e] < 0) continue;
        int parallel = 0;
        for (int f = e + 1; f < E && n->segs[f].a == n->segs[e].a; f++)
            if (n->segs[f].b == n->segs[e].b && m->x[t * E + f] >= 0) parallel++;
        bool first = true;
        for (int f = 0; f < e && first; f++)
            if (n->segs[f].a == n->segs[e].a && n->segs[f].b == n->segs[e].b && m->x[t * E + f] >= 0) first = false;
        if (!parallel || !first) continue;
        for (int f = e; f < E && n->segs[f].a == n->segs[e].a; f++)
            if (n->segs[f].b == n->segs[e].b) term(m, m->x[t * E + f], 1);
        row(m, '<', 1);
    }
    /* counting */
    if (m->counting[t]) {
        uint8_t first = tr->first;
        if (tr->towns_free) first |= GOPT_ROUTES_CLASS_BIT(GOPT_ROUTES_CITY) | GOPT_ROUTES_CLASS_BIT(GOPT_ROUTES_OFFBOARD);
        for (int s = 0; s < S; s++) {
            if (!m->usable[s]) continue;
            term(m, m->p[t * S + s], 1), term(m, m->v[t * S + s], -1);
            row(m, (first & GOPT_ROUTES_CLASS_BIT(n->stops[s].cls)) ? '=' : '<', 0);
        }
        for (int s = 0; s < S; s++) term(m, m->p[t * S + s], 1);
        row(m, '<', cap_of(tr));
        if (n->count_token) {
            for (int s = 0; s < S; s++)
                if (n->stops[s].token) term(m, m->p[t * S + s], 1);
            term(m, m->u[t], -1);
            row(m, '>', 0);
        }
    }
    /* bonuses */
    for (int b = 0; b < n->nbonuses; b++) {
        int B = n->nbonuses;
        for (int j = 0; j < n->bonuses[b].nsets; j++) {
            for (int s = 0; s < S; s++) {
                int y = m->y[((t * B + b) * 2 + j) * S + s];
                if (y < 0) continue;
                term(m, y, 1), term(m, pay_col(m, t, s), -1);
                row(m, '<', 0);
            }
            for (int s = 0; s < S; s++) term(m, m->y[((t * B + b) * 2 + j) * S + s], 1);
            term(m, m->z[t * B + b], -1);
            row(m, '=', 0);
        }
    }
}

/* The revenue of train t as terms (for the order of identical trains). */
static void revenue_terms(model *m, int t, double sign) {
    const routes_net *n = m->n;
    int S = n->nstops, B = n->nbonuses;
    for (int s = 0; s < S; s++) term(m, pay_col(m, t, s), sign * n->w[t * S + s]);
    for (int b = 0; b < B; b++) {
        int scale = n->bonuses[b].multiplied ? n->trains[t].multiplier : 1;
        term(m, m->z[t * B + b], sign * n->bonuses[b].amount * scale);
        for (int j = 0; j < n->bonuses[b].nsets; j++)
            for (int s = 0; s < S; s++) {
                int y = m->y[((t * B + b) * 2 + j) * S + s];
                if (y >= 0) term(m, y, sign * n->bonuses[b].set_value[j][s] * scale);
            }
    }
}

static void add_shared_rows(model *m) {
    const routes_net *n = m->n;
    int T = m->T, E = n->nsegs;
    /* every piece of track in one segment of one train at most */
    int *first = gopt_malloc((size_t)(n->nres + 1) * sizeof *first);
    /* resources -> segments (inverted index) */
    int *count = gopt_calloc((size_t)n->nres + 2, sizeof *count);
    for (int e = 0; e < E; e++)
        for (int k = 0; k < n->segs[e].nres; k++) count[n->res[n->segs[e].res0 + k] + 1]++;
    for (int r = 0; r < n->nres; r++) count[r + 1] += count[r];
    int *list = gopt_malloc((size_t)(count[n->nres] + 1) * sizeof *list);
    memcpy(first, count, (size_t)(n->nres + 1) * sizeof *first);
    for (int e = 0; e < E; e++)
        for (int k = 0; k < n->segs[e].nres; k++) list[first[n->res[n->segs[e].res0 + k]]++] = e;
    for (int r = 0; r < n->nres; r++) {
        int terms = 0;
        for (int i = count[r]; i < count[r + 1]; i++)
            for (int t = 0; t < T; t++)
                if (m->x[t * E + list[i]] >= 0) term(m, m->x[t * E + list[i]], 1), terms++;
        if (terms > 1) row(m, '<', 1);
        m->nterms = 0;
    }
    free(first);
    free(count);
    free(list);
    /* once-only bonuses */
    for (int b = 0; b < n->nbonuses; b++) {
        if (!n->bonuses[b].once) continue;
        for (int t = 0; t < T; t++) term(m, m->z[t * n->nbonuses + b], 1);
        row(m, '<', 1);
    }
    /* identical trains: the earlier one earns at least as much, and runs if the later does */
    for (int t = 1; t < T; t++)
        for (int s = t - 1; s >= 0; s--)
            if (memcmp(&n->trains[s], &n->trains[t], sizeof n->trains[0]) == 0) {
                revenue_terms(m, s, 1), revenue_terms(m, t, -1);
                row(m, '>', 0);
                term(m, m->u[s], 1), term(m, m->u[t], -1);
                row(m, '>', 0);
                break;
            }
}

/* ---------------------------------------------------------------- lazy cuts */

static int find(int *parent, int a) {
    while (parent[a] != a) a = parent[a] = parent[parent[a]];
    return a;
}

/* The cycle row of stop set `in` for train tt, k the stop left out of its right side, into
 * m's row scratch: x(E(S)) - v(S - k) <= 0. Returns the segments in it (0: no row). */
static int set_row_terms(model *m, const bool *in, int k, int tt) {
    const routes_net *n = m->n;
    int S = n->nstops, E = n->nsegs, nt = 0;
    for (int e = 0; e < E; e++)
        if (in[n->segs[e].a] && in[n->segs[e].b] && m->x[tt * E + e] >= 0) term(m, m->x[tt * E + e], 1), nt++;
    for (int r = 0; r < S; r++)
        if (in[r] && r != k) term(m, m->v[tt * S + r], -1);
    return nt;
}

static bool chosen(const gopt_cut_sink *k, int col) { return col >= 0 && gopt_cut_value(k, col + 1); }

static int separate(void *user, gopt_cut_sink *k) {
    model *m = user;
    const routes_net *n = m->n;
    int S = n->nstops, E = n->nsegs, added = 0;
    int *parent = gopt_malloc((size_t)(S + 1) * sizeof *parent);
    bool *has_end = gopt_malloc((size_t)(S + 1) * sizeof *has_end);
    bool *in = gopt_malloc((size_t)(S + 1) * sizeof *in);
    bool *done = gopt_malloc((size_t)(S + 1) * sizeof *done);
    for (int t = 0; t < m->T; t++) {
        for (int s = 0; s < S; s++) parent[s] = s, has_end[s] = false, done[s] = false;
        for (int e = 0; e < E; e++)
            if (chosen(k, m->x[t * E + e])) parent[find(parent, n->segs[e].a)] = find(parent, n->segs[e].b);
        for (int s = 0; s < S; s++)
            if (chosen(k, m->d[t * S + s])) has_end[find(parent, s)] = true;
        for (int s = 0; s < S; s++) {
            int root = find(parent, s);
            if (done[root] || has_end[root] || !chosen(k, m->v[t * S + s])) continue;
            done[root] = true;
            /* a cycle: stops of the component */
            int size = 0, anchor = -1;
            for (int r = 0; r < S; r++) {
                in[r] = find(parent, r) == root && chosen(k, m->v[t * S + r]);
                if (in[r]) {
                    size++;
                    if (anchor < 0) anchor = r;
                }
            }
            if (size < 2) continue;
            m->cycles++;
            for (int tt = 0; tt < m->T; tt++) {
                if (set_row_terms(m, in, anchor, tt)) {
                    gopt_cut_row(k, m->nterms, m->col, m->coef, '<', 0);
                    added++;
                }
                m->nterms = 0;
            }
        }
    }
    free(parent);
    free(has_end);
    free(in);
    free(done);
    return added;
}

static void build(model *m, bool relaxed);
static void model_free(model *m);

/* ---------------------------------------------------------------- root cuts */

/* Keeps the row now in m's scratch as a cut for the integer program. */
static void keep_cut(model *m) {
    gopt_grow(&m->cut_start, &m->cuts_cap, (size_t)m->ncuts + 2, sizeof *m->cut_start);
    size_t at = m->ncuts ? (size_t)m->cut_start[m->ncuts] : 0;
    if (!m->ncuts) m->cut_start[0] = 0;
    size_t cap = m->terms_cap;
    gopt_grow(&m->cut_col, &m->terms_cap, at + (size_t)m->nterms + 1, sizeof *m->cut_col);
    if (cap != m->terms_cap) m->cut_coef = gopt_realloc(m->cut_coef, m->terms_cap * sizeof *m->cut_coef);
    memcpy(m->cut_col + at, m->col, (size_t)m->nterms * sizeof *m->col);
    memcpy(m->cut_coef + at, m->coef, (size_t)m->nterms * sizeof *m->coef);
    m->cut_start[++m->ncuts] = (int)(at + (size_t)m->nterms);
}

/* The cycle row for stop set `in` (k: the stop left out of the right side) for every train. */
static int add_set_rows(model *m, const bool *in, int k) {
    int added = 0;
    for (int tt = 0; tt < m->T; tt++) {
        if (set_row_terms(m, in, k, tt)) {
            gopt_mip_row(m->mip, NULL, m->nterms, m->col, m->coef, '<', 0);
            keep_cut(m);
            added++;
        }
        m->nterms = 0;
    }
    return added;
}

/* Fractional cycle rows: a route's stops all lead, along its segments, to its two ends, so
 * for a visited stop k every stop set S around it is left by segments or holds ends worth at
 * least 2 v(k): x(cut of S) + d(S) >= 2 v(k), which is the cycle row for S. The least such
 * S is a minimum cut from k to a sink that every stop reaches with capacity d (gameopt/
 * maxflow.h); a cut below 2 v(k) gives a violated row. */
static int separate_fractional(model *m, const double *val) {
    const routes_net *n = m->n;
    int S = n->nstops, E = n->nsegs, added = 0;
    bool *in = gopt_malloc((size_t)(S + 1) * sizeof *in);
    bool *covered = gopt_malloc((size_t)(S + 1) * sizeof *covered);
    for (int t = 0; t < m->T; t++) {
        memset(covered, 0, (size_t)(S + 1) * sizeof *covered);
        for (int k = 0; k < S; k++) {
            int vk = m->v[t * S + k];
            if (vk < 0 || val[vk] < 0.05 || covered[k]) continue;
            gopt_maxflow_net *net = gopt_maxflow_net_new(S + 1);
            for (int e = 0; e < E; e++) {
                int xe = m->x[t * E + e];
                if (xe < 0 || val[xe] < 1e-6) continue;
                gopt_maxflow_edge(net, n->segs[e].a, n->segs[e].b, val[xe]);
                gopt_maxflow_edge(net, n->segs[e].b, n->segs[e].a, val[xe]);
            }
            for (int i = 0; i < S; i++) {
                int di = m->d[t * S + i];
                if (di >= 0 && val[di] > 1e-6) gopt_maxflow_edge(net, i, S, val[di]);
            }
            gopt_maxflow_result res = {0};
            gopt_error err = {0};
            if (gopt_maxflow(net, k, S, &res, &err) && res.value < 2 * val[vk] - 1e-3) {
                for (int i = 0; i < S; i++) in[i] = res.source_side[i], covered[i] |= in[i];
                in[S] = false;
                added += add_set_rows(m, in, k);
            }
            gopt_maxflow_result_free(&res);
            gopt_maxflow_net_free(net);
        }
    }
    free(in);
    free(covered);
    return added;
}

/* The root's cutting loop: the relaxation solved, its violated cycle rows added, again, a few
 * rounds (the lazy loop alone cuts only integral cycles, and CBC then branches on fractional
 * ones). The rows go to the integer program afterwards. */
static void root_cuts(const routes_net *n, model *m, int rounds) {
    model r = {.n = n, .T = n->ntrains};
    build(&r, true);
    for (int round = 0; round < rounds; round++) {
        gopt_mip_result res = gopt_mip_solve(r.mip);
        if (res != GOPT_MIP_OPTIMAL) break;
        r.root_rounds++;
        const double *val = gopt_mip_values(r.mip);
        int added = separate_fractional(&r, val);
        if (!added) break;
    }
    for (int c = 0; c < r.ncuts; c++)
        gopt_mip_row(m->mip, NULL, r.cut_start[c + 1] - r.cut_start[c], r.cut_col + r.cut_start[c], r.cut_coef + r.cut_start[c], '<', 0);
    m->root_cuts = r.ncuts;
    m->root_rounds = r.root_rounds;
    free(r.cut_start), free(r.cut_col), free(r.cut_coef);
    model_free(&r);
}

/* ---------------------------------------------------------------- answers */

/* Train t's path component, from one end, as a net route (false: none). */
static bool extract(model *m, const double *x, int t, net_route *r) {
    const routes_net *n = m->n;
    int S = n->nstops, E = n->nsegs;
    r->nstops = 0;
    int start = -1;
    for (int s = 0; s < S && start < 0; s++)
        if (m->d[t * S + s] >= 0 && x[m->d[t * S + s]] > 0.5) start = s;
    if (start < 0) return false;
    bool *taken = gopt_calloc((size_t)E + 1, sizeof *taken);
    int at = start, prev_seg = -1;
    r->stops[r->nstops++] = at;
    for (;;) {
        int step = -1;
        for (int i = n->adj0[at]; i < n->adj0[at + 1] && step < 0; i++) {
            int e = n->adj[i];
            if (e != prev_seg && !taken[e] && m->x[t * E + e] >= 0 && x[m->x[t * E + e]] > 0.5) step = e;
        }
        if (step < 0 || r->nstops == GOPT_ROUTES_ROUTE_STOPS) break;
        taken[step] = true;
        r->segs[r->nstops - 1] = step;
        at = net_other(n, step, at);
        r->stops[r->nstops++] = at;
        prev_seg = step;
    }
    free(taken);
    return r->nstops >= 2;
}

/* The routes of a CBC answer, scored by eval.c (each with the once-only bonuses CBC gave it). */
static void answer_from(model *m, const double *x, net_answer *a) {
    const routes_net *n = m->n;
    a->total = 0;
    uint32_t plain = 0, taken = 0;
    for (int b = 0; b < n->nbonuses; b++)
        if (!n->bonuses[b].once) plain |= 1u << b;
    for (int t = 0; t < m->T; t++) {
        net_route *r = &a->routes[t];
        memset(r, 0, sizeof *r);
        if (x[m->u[t]] < 0.5 || !extract(m, x, t, r)) {
            r->nstops = 0;
            continue;
        }
        uint32_t mine = 0;
        for (int b = 0; b < n->nbonuses; b++)
            if (n->bonuses[b].once && x[m->z[t * n->nbonuses + b]] > 0.5 && !(taken >> b & 1)) mine |= 1u << b;
        int sides = 0;
        for (int i = 0; i + 1 < r->nstops; i++) sides += n->segs[r->segs[i]].sides;
        if (!net_route_eval(n, t, r->stops, r->nstops, sides, plain | mine, &r->eval)) {
            r->nstops = 0; /* a path without its token (a limit stopped the cuts): idle */
            continue;
        }
        taken |= r->eval.bonuses & ~plain;
        a->total += r->eval.revenue;
    }
    a->found = true;
}

/* Column values of a net answer, as CBC's initial solution. */
static double *start_values(model *m, const net_answer *st) {
    const routes_net *n = m->n;
    int S = n->nstops, E = n->nsegs, B = n->nbonuses;
    double *x = gopt_calloc((size_t)gopt_mip_num_cols(m->mip) + 1, sizeof *x);
    for (int t = 0; t < m->T; t++) {
        const net_route *r = &st->routes[t];
        if (r->nstops < 2) continue;
        x[m->u[t]] = 1;
        for (int i = 0; i < r->nstops; i++) {
            int s = r->stops[i];
            if (m->v[t * S + s] < 0) return free(x), NULL;
            x[m->v[t * S + s]] = 1;
            if (i == 0 || i + 1 == r->nstops) x[m->d[t * S + s]] = 1;
            if (m->counting[t] && (r->eval.paid >> i & 1)) x[m->p[t * S + s]] = 1;
        }
        for (int i = 0; i + 1 < r->nstops; i++) {
            if (m->x[t * E + r->segs[i]] < 0) return free(x), NULL;
            x[m->x[t * E + r->segs[i]]] = 1;
        }
        for (int b = 0; b < B; b++) {
            if (!(r->eval.bonuses >> b & 1)) continue;
            x[m->z[t * B + b]] = 1;
            for (int j = 0; j < n->bonuses[b].nsets; j++) {
                int pick = -1;
                for (int i = 0; i < r->nstops; i++) {
                    int s = r->stops[i];
                    if ((r->eval.paid >> i & 1) && n->bonuses[b].set_value[j][s] >= 0 &&
                        (pick < 0 || n->bonuses[b].set_value[j][s] > n->bonuses[b].set_value[j][pick]))
                        pick = s;
                }
                if (pick >= 0) x[m->y[((t * B + b) * 2 + j) * S + pick]] = 1;
            }
        }
    }
    return x;
}

static void build(model *m, bool relaxed) {
    m->kind = relaxed ? GOPT_MIP_CONTINUOUS : GOPT_MIP_BINARY;
    m->mip = gopt_mip_new("routes");
    gopt_mip_maximize(m->mip, true);
    find_usable(m);
    add_columns(m);
    for (int t = 0; t < m->T; t++) add_route_rows(m, t);
    add_shared_rows(m);
}

static void model_free(model *m) {
    gopt_mip_free(m->mip);
    m->mip = NULL;
    free(m->usable);
    free(m->x), free(m->v), free(m->d), free(m->p), free(m->u), free(m->z), free(m->y);
    free(m->col), free(m->coef);
}

char *net_mip_lp_text(const routes_net *n) {
    model m = {.n = n, .T = n->ntrains};
    build(&m, false);
    char *text = gopt_mip_lp_text(m.mip);
    model_free(&m);
    return text;
}

bool net_solve_mip(const routes_net *n, const net_answer *start, double time_limit, net_answer *a) {
    memset(a, 0, sizeof *a);
    model m = {.n = n, .T = n->ntrains};
    build(&m, false);
    root_cuts(n, &m, ROOT_ROUNDS);
    if (time_limit > 0) gopt_mip_set_time_limit(m.mip, time_limit);
    if (start && start->found) {
        double *x = start_values(&m, start);
        if (x) gopt_mip_set_start(m.mip, x);
        free(x);
    }
    gopt_cuts loop = {.separate = separate, .user = &m};
    gopt_cuts_result res = gopt_cuts_mip(m.mip, &loop);
    const double *x = gopt_mip_values(m.mip);
    bool ok = true;
    if (x && (res == GOPT_CUTS_FOUND || res == GOPT_CUTS_FEASIBLE || res == GOPT_CUTS_LIMIT)) answer_from(&m, x, a);
    double bound = gopt_mip_bound(m.mip);
    if (res == GOPT_CUTS_FOUND) {
        a->optimal = true;
        a->bound = a->total;
        if (fabs(gopt_mip_objective(m.mip) - a->total) > 0.5) {
            snprintf(a->note, sizeof a->note, "the MIP's objective %.0f is not what its routes earn (%d)",
                     gopt_mip_objective(m.mip), a->total);
            ok = false;
        }
    } else if (res == GOPT_CUTS_NONE) {
        /* never: every train may stay idle */
        snprintf(a->note, sizeof a->note, "the MIP found no answer, though idle trains are one");
        ok = false;
    } else {
        a->optimal = false;
        a->bound = isnan(bound) ? -1 : (int)floor(bound + 1e-6);
        if (!x) snprintf(a->note, sizeof a->note, "CBC stopped before it had an answer");
        if (res == GOPT_CUTS_LIMIT && gopt_mip_values(m.mip) == NULL && !gopt_stop_check())
            snprintf(a->note, sizeof a->note, "CBC failed");
    }
    if (a->found && a->bound >= 0 && a->bound < a->total) a->bound = a->total;
    gopt_mip_add_counters(m.mip, &a->counters);
    gopt_cuts_add_counters(&loop, &a->counters);
    gopt_counter_add(&a->counters, "cycles", m.cycles + m.root_cuts);
    gopt_counter_add(&a->counters, "columns", gopt_mip_num_cols(m.mip));
    gopt_counter_add(&a->counters, "rows", gopt_mip_num_rows(m.mip));
    model_free(&m);
    return ok;
}
