/* The network the methods run on, compiled once from a state (net.c): stops, and segments of
 * track between two stops that pass no other stop, each with the pieces of track it uses.
 *
 * A piece of track ("resource") is a hex side crossed (18xx.games keys track by hex and edge:
 * two routes that cross one side share track, whatever paths lead there) or a tile path
 * between two nodes of one hex. A route is a sequence of distinct stops joined by segments
 * that share no resource; the routes of one company's trains share none either. The checker
 * (check.c) knows nothing of this: it walks the tile paths on the map. */
#ifndef GAMEOPT_ROUTES_NET_H
#define GAMEOPT_ROUTES_NET_H

#include <stdint.h>

#include "games/routes/internal.h"

typedef struct net_stop {
    int hex, node;
    gopt_routes_class cls;
    bool token;  /* holds one of the company's station tokens */
    bool pass;   /* a route may run through it (not an off-board, not blocked) */
    int place;   /* stops of one place (a group's hexes; with hex-once, a hex): at most one per route; -1 none */
} net_stop;

typedef struct net_seg {
    int a, b;           /* stops, a < b */
    int sides;          /* hex sides crossed (hex trains count them) */
    int res0, nres;     /* its resources: res[res0 .. res0 + nres) */
    int path0, npaths;  /* tile paths from a to b: path_hex/path_index[path0 ..] */
} net_seg;

/* A bonus a route earns when its counted stops meet every set (kind ALL). */
typedef struct net_bonus {
    int nsets;
    int amount;
    bool multiplied, once;
    int *set_value[2]; /* per stop: its value for set j, or -1 when it is not in the set */
    int nin[2];        /* the stops of set j: in[j][0 .. nin[j]) */
    int *in[2];
} net_bonus;

typedef struct routes_net {
    const gopt_routes_state *s;
    int ntrains;
    gopt_routes_train trains[GOPT_ROUTES_MAX_TRAINS]; /* rule options applied */
    int nstops;
    net_stop *stops;
    int nsegs;
    net_seg *segs;
    int nres, words;     /* resources, and 64-bit words of a resource set */
    uint64_t *resbits;   /* segment e's resources: resbits + e * words */
    int *res;
    int16_t *path_hex;
    int8_t *path_index;
    int *adj0, *adj;     /* segments at stop v: adj[adj0[v] .. adj0[v + 1]) */
    int *w;              /* w[t * nstops + v]: what counting v earns train t (multiplier, per-stop bonuses) */
    int nbonuses;        /* ALL bonuses only (EACH ones are in w) */
    net_bonus bonuses[GOPT_ROUTES_MAX_BONUSES];
    int bonus_index[GOPT_ROUTES_MAX_BONUSES]; /* its index in s->bonuses */
    bool count_token;    /* trains that skip stops must count a token city */
    int nplaces;
    long segments_dropped; /* dominated parallel segments */
} routes_net;

/* Compiles; false with err set when the network is too large (segments beyond a cap). */
bool net_build(routes_net *n, const gopt_routes_state *s, gopt_error *err);
void net_free(routes_net *n);
static inline const uint64_t *net_segbits(const routes_net *n, int e) { return n->resbits + (size_t)e * (size_t)n->words; }
static inline int net_other(const routes_net *n, int e, int v) { return n->segs[e].a == v ? n->segs[e].b : n->segs[e].a; }

/* ---- eval.c: one route's legality and best counted stops ---- */
typedef struct net_eval {
    int revenue;        /* with multiplier and bonuses */
    int stops_value;    /* counted stops' values before the multiplier */
    int bonus;
    uint32_t bonuses;   /* net bonus indices earned */
    uint64_t paid;      /* bit i: stop i counts */
} net_eval;

/* Whether a route of train t visiting stops[0..k) (in order) and crossing `sides` hex sides is
 * legal for the train (lengths, places, a token city, counting rules), and its best revenue
 * with the bonuses in `allowed` (net bonus bits). Track and pass-through are the caller's. */
bool net_route_eval(const routes_net *n, int t, const int *stops, int k, int sides, uint32_t allowed, net_eval *out);

/* A route of the methods: train, stops and segments in order. */
typedef struct net_route {
    int nstops;
    int stops[GOPT_ROUTES_ROUTE_STOPS];
    int segs[GOPT_ROUTES_ROUTE_STOPS];
    net_eval eval;
} net_route;
/* Into the model's terms (hexes, nodes, tile paths), for output and the checker. */
void net_route_export(const routes_net *n, int train, const net_route *r, gopt_routes_route *out);

/* ---- the methods ---- */
typedef struct net_answer {
    net_route routes[GOPT_ROUTES_MAX_TRAINS];
    int total;
    bool found, optimal;
    int bound;
    gopt_counters counters;
    char note[200];
} net_answer;

/* brute.c: every route set, for tests on small maps (false: too many routes). */
bool net_solve_brute(const routes_net *n, net_answer *a, long max_routes);
/* search.c: branch and bound; `plain`: without the sub-problem bounds (tests cross-check). */
void net_solve_search(const routes_net *n, bool plain, net_answer *a);
/* What every train could earn alone on the whole map (a proven upper bound, loose). */
int net_static_bound(const routes_net *n);
/* solve_mip.c: CBC with lazy connectivity rows; `start` (may be NULL) is handed to CBC. */
bool net_solve_mip(const routes_net *n, const net_answer *start, double time_limit, net_answer *a);
/* The integer program without its lazy rows, as a CPLEX-LP file ("-": stdout). */
char *net_mip_lp_text(const routes_net *n);

#endif
