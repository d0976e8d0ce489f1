/* What the files of the tokens game share but users do not see: the item/city model that
 * the flow network is built from, and the network itself. The checker (check.c) uses
 * neither: it recomputes everything from the tile model. */
#ifndef GAMEOPT_TOKENS_INTERNAL_H
#define GAMEOPT_TOKENS_INTERNAL_H

/* The games with a bundled map (data/maps/<game>.txt), for --hex GAME:COORD. */
#define GOPT_TOKENS_MAPS "1822CA, 1830, 1841, 1846, 1850, 1860, 1860-23P, 1861, 1867, 1870, 1889, 18CO, 18Chesapeake, 18NY"

#include "gameopt/game.h"
#include "gameopt/maxflow.h"
#include "gameopt/tokens.h"

/* A tile colour as drawn (render.c): the colours 18xx maps print, shared with routes' map. */
struct gopt_rgb tokens_colour_rgb(gopt_tokens_colour c);

/* The verbs (verbs.c). */
extern const gopt_verb tokens_verbs[];
extern const char tokens_help[];
extern const gopt_game gopt_game_tokens;

/* Items are what must be placed: tokens under tokens rules, old cities under full rules;
 * with splitting cities, the tokens and each old city's empty slots. */
#define TOKENS_MAX_ITEMS (GOPT_TOKENS_MAX_TOKENS + GOPT_TOKENS_MAX_CITIES)

/* Computes node edge sets, through-track links and exits once the parts are read. */
void tokens_tile_finish(gopt_tokens_tile *tile);

/* One rotation's assignment problem: items with demands, each to one candidate new city
 * (a "bin") whole, within the bins' slots. */
typedef struct tokens_problem {
    int nitems, nbins;
    int demand[TOKENS_MAX_ITEMS];      /* tokens: 1; old cities: their slots */
    uint32_t cand[TOKENS_MAX_ITEMS];   /* candidate bins: rotated edges contain the item's */
    bool carries[TOKENS_MAX_ITEMS];    /* the item holds tokens, so its bin is part of a placement */
    bool whole[TOKENS_MAX_ITEMS];      /* it may not be split between bins (an old city, not split) */
    int8_t item_city[TOKENS_MAX_ITEMS]; /* full rules: the old city it stands for */
    uint8_t edges[TOKENS_MAX_ITEMS];   /* the item's edges in map orientation */
    int token_item[GOPT_TOKENS_MAX_TOKENS];
    int slots[GOPT_TOKENS_MAX_CITIES];
    uint8_t bin_edges[GOPT_TOKENS_MAX_CITIES]; /* new cities' edges in map orientation */
    int total;                         /* sum of demands */
} tokens_problem;

void tokens_problem_build(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation, tokens_problem *p);

/* The seed's network: source -> item (demand) -> candidate bin (demand) -> sink (slots). */
typedef struct tokens_network {
    gopt_maxflow_net *net;
    int source, sink;
    int item_edge[TOKENS_MAX_ITEMS];
    int pair_edge[TOKENS_MAX_ITEMS][GOPT_TOKENS_MAX_CITIES]; /* -1: not a candidate */
    int bin_edge[GOPT_TOKENS_MAX_CITIES];
} tokens_network;

void tokens_network_build(const tokens_problem *p, tokens_network *n);
void tokens_network_free(tokens_network *n);
static inline int tokens_item_node(int i) { return 2 + i; }
static inline int tokens_bin_node(const tokens_problem *p, int b) { return 2 + p->nitems + b; }

/* Full rules about the tile as a whole (city and town counts, towns, through track) for
 * `to` lying with `rotation`: GOPT_TOKENS_FEASIBLE, or the verdict with r->why_* filled in. */
/* A port tile (every path terminal) laid on a hex printed with long spikes (1822MX, 1822PNW):
 * it goes along a spike and replaces the hex's printed track. */
bool tokens_port_lay(const gopt_tokens_question *q, const gopt_tokens_tile *to);
gopt_tokens_verdict tokens_tile_rules(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation,
                                      gopt_tokens_rotation *r);

/* Partitions followed (q->partition_follow): whether a path of `to` lying with `rotation`
 * crosses a partition of the hex or lies on its closed side; its edges (map orientation)
 * in *edge_a and *edge_b (-1 for a path with one edge). partition.c. */
bool tokens_partition_crossed(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation, int *edge_a,
                              int *edge_b);

/* The neighbours' track (q->neighbour_gauges): whether the new tile lying with `rotation`
 * breaks the gauge rule; *side the first side where its track (gauge *ours) meets a
 * neighbour's (*theirs) it shares no train with. neighbour_gauge.c. */
bool tokens_neighbour_gauge_unmet(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation, int *side,
                                  int *ours, int *theirs);
/* Town-or-city hexes (q->town_or_city, 1880): whether laying `to` drops the old tile's
 * cities (town_or_city.c); the question then asked is the view's, about the old tile without
 * its cities (freed with free()). */
typedef struct tokens_town_or_city_view {
    gopt_tokens_question q;
    gopt_tokens_tile from;
} tokens_town_or_city_view;
bool tokens_town_or_city_drops(const gopt_tokens_question *q, const gopt_tokens_tile *to);
tokens_town_or_city_view *tokens_town_or_city_view_new(const gopt_tokens_question *q);

/* catalog.c, also for map files: a name is a run of printable characters other than space,
 * at most size - 1 of them; `what` names it in the error ("a tile name"). */
bool tokens_read_name(gopt_text *t, char *buf, size_t size, const char *what, gopt_error *err);

#endif
