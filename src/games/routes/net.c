/* Compiling a state into the network of net.h: stops, and every segment of track between two
 * stops, found by walking tile paths from each stop across hex sides (never across a side
 * twice, never through another stop, through junctions at most once), as 18xx.games walks
 * them. Parallel segments between the same two stops are kept only when no other one uses a
 * subset of their track and no more hex sides (a route could always take the other). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/bitset.h"
#include "games/routes/net.h"

#define MAX_SEGMENTS 2000000
#define WALK_PATHS 256

typedef struct builder {
    routes_net *n;
    const gopt_routes_state *s;
    int *stop_of;      /* stop index of (hex, node): stop_of[hex * MAX_NODES + node], -1 */
    int *side_of;      /* resource of (hex, edge), -1: no track crosses there */
    int *path_res;     /* resource of a node-to-node path (hex * MAX_PATHS + path), -1 */
    size_t segs_cap, res_cap, paths_cap;
    /* the walk in progress */
    int start;
    int res[WALK_PATHS];
    int nres;
    int16_t phex[WALK_PATHS];
    int8_t pidx[WALK_PATHS];
    int npaths;
    int sides;
    uint32_t junctions[GOPT_ROUTES_MAX_HEXES]; /* junction nodes visited, per hex (the walk's) */
    bool overflow;
} builder;

static int stop_at(const builder *b, int hex, int node) { return b->stop_of[hex * GOPT_TOKENS_MAX_NODES + node]; }

/* Track at an edge of a hex (map orientation): some path ends there. */
static bool has_track(const gopt_routes_hex *h, int edge) {
    for (int p = 0; p < h->tile.npaths; p++)
        if (gopt_routes_path_end(h, p, 0) == edge || gopt_routes_path_end(h, p, 1) == edge) return true;
    return false;
}

/* A side is track when both hexes have track at it and neither closes it. */
static void number_resources(builder *b) {
    const gopt_routes_state *s = b->s;
    routes_net *n = b->n;
    b->side_of = gopt_malloc((size_t)s->nhexes * 6 * sizeof *b->side_of);
    b->path_res = gopt_malloc((size_t)s->nhexes * GOPT_TOKENS_MAX_PATHS * sizeof *b->path_res);
    for (int i = 0; i < s->nhexes * 6; i++) b->side_of[i] = -1;
    for (int i = 0; i < s->nhexes * GOPT_TOKENS_MAX_PATHS; i++) b->path_res[i] = -1;
    for (int h = 0; h < s->nhexes; h++)
        for (int e = 0; e < 6; e++) {
            int o = gopt_routes_neighbour(s, h, e), f = (e + 3) % 6;
            if (o < 0 || b->side_of[h * 6 + e] >= 0) continue;
            if ((s->hexes[h].closed >> e & 1) || (s->hexes[o].closed >> f & 1)) continue;
            if (!has_track(&s->hexes[h], e) || !has_track(&s->hexes[o], f)) continue;
            b->side_of[h * 6 + e] = b->side_of[o * 6 + f] = n->nres++;
        }
    for (int h = 0; h < s->nhexes; h++)
        for (int p = 0; p < s->hexes[h].tile.npaths; p++)
            if (gopt_routes_path_end(&s->hexes[h], p, 0) >= 6 && gopt_routes_path_end(&s->hexes[h], p, 1) >= 6)
                b->path_res[h * GOPT_TOKENS_MAX_PATHS + p] = n->nres++;
}

static bool used_res(const builder *b, int r) {
    for (int i = 0; i < b->nres; i++)
        if (b->res[i] == r) return true;
    return false;
}

static void emit(builder *b, int end) {
    routes_net *n = b->n;
    if (end <= b->start) return; /* each walk is found from both ends: keep the one from the lower */
    if (n->nsegs >= MAX_SEGMENTS) {
        b->overflow = true;
        return;
    }
    gopt_grow(&n->segs, &b->segs_cap, (size_t)n->nsegs + 1, sizeof *n->segs);
    int res0 = n->nsegs ? n->segs[n->nsegs - 1].res0 + n->segs[n->nsegs - 1].nres : 0;
    int path0 = n->nsegs ? n->segs[n->nsegs - 1].path0 + n->segs[n->nsegs - 1].npaths : 0;
    gopt_grow(&n->res, &b->res_cap, (size_t)res0 + (size_t)b->nres + 1, sizeof *n->res);
    size_t cap = b->paths_cap;
    gopt_grow(&n->path_hex, &b->paths_cap, (size_t)path0 + (size_t)b->npaths + 1, sizeof *n->path_hex);
    if (b->paths_cap != cap) n->path_index = gopt_realloc(n->path_index, b->paths_cap * sizeof *n->path_index);
    memcpy(n->res + res0, b->res, (size_t)b->nres * sizeof *b->res);
    memcpy(n->path_hex + path0, b->phex, (size_t)b->npaths * sizeof *b->phex);
    memcpy(n->path_index + path0, b->pidx, (size_t)b->npaths * sizeof *b->pidx);
    n->segs[n->nsegs++] = (net_seg){b->start, end, b->sides, res0, b->nres, path0, b->npaths};
}

static void walk_from(builder *b, int hex, int end);

/* Walks path p of hex `hex`, entered at its end `from` (an edge, or 6 + node). */
static void walk_path(builder *b, int hex, int p, int from) {
    if (b->overflow || b->npaths == WALK_PATHS) return;
    const gopt_routes_hex *h = &b->s->hexes[hex];
    int a = gopt_routes_path_end(h, p, 0), z = gopt_routes_path_end(h, p, 1);
    int to = a == from ? z : a;
    int pres = b->path_res[hex * GOPT_TOKENS_MAX_PATHS + p];
    if (pres >= 0 && used_res(b, pres)) return;
    if (pres >= 0) b->res[b->nres++] = pres;
    b->phex[b->npaths] = (int16_t)hex;
    b->pidx[b->npaths++] = (int8_t)p;
    if (to >= 6) {
        int node = to - 6, stop = stop_at(b, hex, node);
        if (stop >= 0) emit(b, stop);
        else if (h->tile.nodes[node].kind == GOPT_TOKENS_JUNCTION && !(b->junctions[hex] >> node & 1)) {
            b->junctions[hex] |= 1u << node;
            walk_from(b, hex, to);
            b->junctions[hex] &= ~(1u << node);
        }
    } else {
        int side = b->side_of[hex * 6 + to];
        if (side >= 0 && !used_res(b, side)) {
            int o = gopt_routes_neighbour(b->s, hex, to);
            b->res[b->nres++] = side;
            b->sides++;
            walk_from(b, o, (to + 3) % 6);
            b->sides--;
            b->nres--;
        }
    }
    b->npaths--;
    if (pres >= 0) b->nres--;
}

/* Every path of the hex with an end at `end` (an edge in map orientation, or 6 + node). */
static void walk_from(builder *b, int hex, int end) {
    const gopt_routes_hex *h = &b->s->hexes[hex];
    for (int p = 0; p < h->tile.npaths; p++) {
        if (gopt_routes_path_end(h, p, 0) == end) walk_path(b, hex, p, end);
        else if (gopt_routes_path_end(h, p, 1) == end) walk_path(b, hex, p, end);
    }
}

static void find_stops(builder *b) {
    const gopt_routes_state *s = b->s;
    routes_net *n = b->n;
    b->stop_of = gopt_malloc((size_t)s->nhexes * GOPT_TOKENS_MAX_NODES * sizeof *b->stop_of);
    for (int i = 0; i < s->nhexes * GOPT_TOKENS_MAX_NODES; i++) b->stop_of[i] = -1;
    n->stops = gopt_calloc((size_t)s->nhexes * GOPT_TOKENS_MAX_NODES + 1, sizeof *n->stops);
    int *hex_place = gopt_malloc((size_t)s->nhexes * sizeof *hex_place);
    for (int h = 0; h < s->nhexes; h++) {
        hex_place[h] = -1;
        const gopt_routes_hex *hx = &s->hexes[h];
        int nstops_here = 0;
        for (int k = 0; k < hx->tile.nnodes; k++) nstops_here += gopt_routes_is_stop(hx, k, NULL);
        int group = routes_hex_group(s, h);
        if (group >= 0) hex_place[h] = group;
        else if ((s->rules & GOPT_ROUTES_RULE_HEX_ONCE) && nstops_here > 1) hex_place[h] = s->ngroups + h;
        for (int k = 0; k < hx->tile.nnodes; k++) {
            gopt_routes_class cls;
            if (!gopt_routes_is_stop(hx, k, &cls)) continue;
            net_stop *st = &n->stops[n->nstops];
            st->hex = h, st->node = k, st->cls = cls;
            st->token = gopt_routes_city_tokened(s, hx, k);
            st->pass = cls != GOPT_ROUTES_OFFBOARD && !gopt_routes_city_blocked(s, hx, k);
            st->place = hex_place[h];
            b->stop_of[h * GOPT_TOKENS_MAX_NODES + k] = n->nstops++;
        }
    }
    /* places numbered densely */
    int *dense = gopt_malloc((size_t)(s->ngroups + s->nhexes + 1) * sizeof *dense);
    for (int i = 0; i < s->ngroups + s->nhexes; i++) dense[i] = -1;
    for (int v = 0; v < n->nstops; v++)
        if (n->stops[v].place >= 0) {
            int *d = &dense[n->stops[v].place];
            if (*d < 0) *d = n->nplaces++;
            n->stops[v].place = *d;
        }
    free(dense);
    free(hex_place);
}

/* Keeps the segments not marked gone, in order, with their resource sets. */
static void keep_segments(routes_net *n, const bool *gone) {
    int kept = 0, W = n->words;
    for (int e = 0; e < n->nsegs; e++) {
        if (gone[e]) {
            n->segments_dropped++;
            continue;
        }
        if (kept != e) {
            n->segs[kept] = n->segs[e];
            memmove(n->resbits + (size_t)kept * W, n->resbits + (size_t)e * W, (size_t)W * sizeof *n->resbits);
        }
        kept++;
    }
    n->nsegs = kept;
}

/* Drops segments whose track is a superset of a parallel one's with no fewer sides. */
static void drop_dominated(routes_net *n) {
    int W = n->words;
    n->resbits = gopt_calloc((size_t)n->nsegs * (size_t)W + 1, sizeof *n->resbits);
    for (int e = 0; e < n->nsegs; e++)
        for (int i = 0; i < n->segs[e].nres; i++) gopt_bits_set(n->resbits + (size_t)e * W, (size_t)n->res[n->segs[e].res0 + i]);
    bool *gone = gopt_calloc((size_t)n->nsegs + 1, sizeof *gone);
    /* segments are emitted grouped by their lower stop; compare within the same pair */
    for (int e = 0; e < n->nsegs; e++) {
        if (gone[e]) continue;
        for (int f = e + 1; f < n->nsegs && n->segs[f].a == n->segs[e].a; f++) {
            if (gone[f] || n->segs[f].b != n->segs[e].b) continue;
            const uint64_t *be = net_segbits(n, e), *bf = net_segbits(n, f);
            if (gopt_bits_subset(be, bf, (size_t)W) && n->segs[e].sides <= n->segs[f].sides) gone[f] = true;
            else if (gopt_bits_subset(bf, be, (size_t)W) && n->segs[f].sides <= n->segs[e].sides) {
                gone[e] = true;
                break;
            }
        }
    }
    keep_segments(n, gone);
    free(gone);
}

/* Segments no route can use: both ends are stops a route cannot run through (a route of
 * two such stops holds no token). */
static void drop_useless(routes_net *n) {
    bool *gone = gopt_calloc((size_t)n->nsegs + 1, sizeof *gone);
    for (int e = 0; e < n->nsegs; e++) gone[e] = !n->stops[n->segs[e].a].pass && !n->stops[n->segs[e].b].pass;
    keep_segments(n, gone);
    free(gone);
}

static void build_adjacency(routes_net *n) {
    n->adj0 = gopt_calloc((size_t)n->nstops + 2, sizeof *n->adj0);
    n->adj = gopt_malloc((size_t)(2 * n->nsegs + 1) * sizeof *n->adj);
    for (int e = 0; e < n->nsegs; e++) n->adj0[n->segs[e].a + 1]++, n->adj0[n->segs[e].b + 1]++;
    for (int v = 0; v < n->nstops; v++) n->adj0[v + 1] += n->adj0[v];
    int *fill = gopt_malloc((size_t)(n->nstops + 1) * sizeof *fill);
    memcpy(fill, n->adj0, (size_t)(n->nstops + 1) * sizeof *fill);
    for (int e = 0; e < n->nsegs; e++) n->adj[fill[n->segs[e].a]++] = e, n->adj[fill[n->segs[e].b]++] = e;
    free(fill);
}

static void build_values(routes_net *n) {
    const gopt_routes_state *s = n->s;
    n->w = gopt_calloc((size_t)n->ntrains * (size_t)n->nstops + 1, sizeof *n->w);
    for (int t = 0; t < n->ntrains; t++)
        for (int v = 0; v < n->nstops; v++) {
            const gopt_routes_hex *h = &s->hexes[n->stops[v].hex];
            int value = gopt_routes_node_revenue(s, h, n->stops[v].node, &n->trains[t]) * n->trains[t].multiplier;
            for (int k = 0; k < s->nbonuses; k++) {
                const gopt_routes_bonus *bo = &s->bonuses[k];
                if (bo->kind != GOPT_ROUTES_BONUS_EACH) continue;
                for (int i = 0; i < bo->sets[0].n; i++)
                    if (bo->sets[0].hex[i] == n->stops[v].hex)
                        value += (bo->amount + bo->sets[0].value[i]) * (bo->multiplied ? n->trains[t].multiplier : 1);
            }
            n->w[t * n->nstops + v] = value;
        }
    for (int k = 0; k < s->nbonuses; k++) {
        const gopt_routes_bonus *bo = &s->bonuses[k];
        if (bo->kind != GOPT_ROUTES_BONUS_ALL) continue;
        net_bonus *nb = &n->bonuses[n->nbonuses];
        n->bonus_index[n->nbonuses++] = k;
        nb->nsets = bo->nsets, nb->amount = bo->amount, nb->multiplied = bo->multiplied, nb->once = bo->once;
        for (int j = 0; j < bo->nsets; j++) {
            nb->set_value[j] = gopt_malloc((size_t)(n->nstops + 1) * sizeof *nb->set_value[j]);
            nb->in[j] = gopt_malloc((size_t)(n->nstops + 1) * sizeof *nb->in[j]);
            nb->nin[j] = 0;
            for (int v = 0; v < n->nstops; v++) {
                nb->set_value[j][v] = -1;
                for (int i = 0; i < bo->sets[j].n; i++)
                    if (bo->sets[j].hex[i] == n->stops[v].hex && bo->sets[j].value[i] > nb->set_value[j][v])
                        nb->set_value[j][v] = bo->sets[j].value[i];
                if (nb->set_value[j][v] >= 0) nb->in[j][nb->nin[j]++] = v;
            }
        }
    }
}

bool net_build(routes_net *n, const gopt_routes_state *s, gopt_error *err) {
    memset(n, 0, sizeof *n);
    n->s = s;
    n->ntrains = s->ntrains;
    for (int t = 0; t < s->ntrains; t++) n->trains[t] = routes_effective_train(s, t);
    n->count_token = !(s->rules & GOPT_ROUTES_RULE_ANY_TOKEN);
    builder *b = gopt_calloc(1, sizeof *b);
    b->n = n, b->s = s;
    find_stops(b);
    number_resources(b);
    for (int v = 0; v < n->nstops && !b->overflow; v++) {
        b->start = v;
        walk_from(b, n->stops[v].hex, 6 + n->stops[v].node);
    }
    bool ok = !b->overflow;
    if (!ok) gopt_fail(err, "routes", 0, 0, "the track forms more than %d segments between stops", MAX_SEGMENTS);
    free(b->stop_of);
    free(b->side_of);
    free(b->path_res);
    free(b);
    n->words = (int)gopt_words((size_t)n->nres + 1);
    drop_dominated(n);
    drop_useless(n);
    build_adjacency(n);
    build_values(n);
    return ok;
}

void net_free(routes_net *n) {
    free(n->stops);
    free(n->segs);
    free(n->resbits);
    free(n->res);
    free(n->path_hex);
    free(n->path_index);
    free(n->adj0);
    free(n->adj);
    free(n->w);
    for (int k = 0; k < n->nbonuses; k++)
        for (int j = 0; j < n->bonuses[k].nsets; j++) free(n->bonuses[k].set_value[j]), free(n->bonuses[k].in[j]);
    memset(n, 0, sizeof *n);
}

void net_route_export(const routes_net *n, int train, const net_route *r, gopt_routes_route *out) {
    memset(out, 0, sizeof *out);
    out->train = train;
    out->nstops = r->nstops;
    for (int i = 0; i < r->nstops; i++) {
        out->stop_hex[i] = (int16_t)n->stops[r->stops[i]].hex;
        out->stop_node[i] = (int8_t)n->stops[r->stops[i]].node;
    }
    for (int i = 0; i + 1 < r->nstops; i++) {
        out->leg[i] = (int16_t)out->npaths;
        const net_seg *g = &n->segs[r->segs[i]];
        bool forward = g->a == r->stops[i];
        for (int k = 0; k < g->npaths && out->npaths < GOPT_ROUTES_ROUTE_PATHS; k++) {
            int at = g->path0 + (forward ? k : g->npaths - 1 - k);
            out->path_hex[out->npaths] = n->path_hex[at];
            out->path_index[out->npaths++] = n->path_index[at];
        }
    }
    if (r->nstops) out->leg[r->nstops - 1] = (int16_t)out->npaths;
    out->paid = r->eval.paid;
    out->revenue = r->eval.revenue;
    out->stops_value = r->eval.stops_value;
    out->bonus = r->eval.bonus;
    out->bonuses = 0;
    for (int k = 0; k < n->nbonuses; k++)
        if (r->eval.bonuses >> k & 1) out->bonuses |= 1u << n->bonus_index[k];
}
