/* 18xx routes: the set of routes, one per train, of greatest total revenue for one company.
 *
 * A map state (docs/formats.md#routes) names a game (its board, trains, phases, bonuses and
 * rules: data/routes/games/<game>.txt), the tiles laid on the map with their rotations and
 * station tokens (tiles in the 18xx.games tile language, from the tokens family's catalogues:
 * gameopt/tokens.h), the phase, the company and its trains. A route runs along track from stop
 * to stop; the rules (docs/methods.md#routes) say which routes are legal and what each pays.
 *
 * Two exact methods answer: a branch and bound over the routes of the trains with a revenue
 * bound (`search`), and an integer program on CBC whose connectivity rows are added lazily
 * (`mip`, gameopt/cuts.h). Every answer passes gopt_routes_check, which shares nothing with
 * the methods but this model: it walks the named tile paths on the map itself and recomputes
 * each route's legality and revenue. */
#ifndef GAMEOPT_ROUTES_H
#define GAMEOPT_ROUTES_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gameopt/error.h"
#include "gameopt/text.h"
#include "gameopt/timer.h"
#include "gameopt/tokens.h"

#define GOPT_ROUTES_NAME_SIZE 32      /* company, train, bonus and group names, with the NUL */
#define GOPT_ROUTES_MAX_TRAINS 8      /* trains one company runs */
#define GOPT_ROUTES_MAX_TYPES 48      /* train types a game defines */
#define GOPT_ROUTES_MAX_BONUSES 16
#define GOPT_ROUTES_MAX_GROUPS 16
#define GOPT_ROUTES_MAX_PHASES 16
#define GOPT_ROUTES_MAX_NEUTRAL 8
#define GOPT_ROUTES_MAX_HEXES 1024
#define GOPT_ROUTES_BONUS_HEXES 16    /* hexes on one side of a bonus */
#define GOPT_ROUTES_GROUP_HEXES 8
#define GOPT_ROUTES_ROUTE_STOPS 64    /* stops one route visits */
#define GOPT_ROUTES_ROUTE_PATHS 512   /* tile paths one route runs along */
#define GOPT_ROUTES_MANIFEST 160     /* tile names of a game's manifest */
#define GOPT_ROUTES_UNLIMITED (-1)

/* ------------------------------------------------------------------ the map state */

typedef enum gopt_routes_layout { GOPT_ROUTES_FLAT, GOPT_ROUTES_POINTY } gopt_routes_layout;

/* Classes of stops, as the train rules count them (halts count as towns, passes as cities). */
typedef enum gopt_routes_class { GOPT_ROUTES_CITY, GOPT_ROUTES_TOWN, GOPT_ROUTES_OFFBOARD } gopt_routes_class;
#define GOPT_ROUTES_CLASS_BIT(c) (1u << (c))

/* A station token: the city (0-based, in the tile string's city order) and its company. */
typedef struct gopt_routes_token {
    int city;
    char company[GOPT_ROUTES_NAME_SIZE];
} gopt_routes_token;

typedef struct gopt_routes_hex {
    char coord[8];           /* as the game's map names it: "L12" */
    int x, y;                /* doubled coordinates: neighbours differ by the layout's steps */
    char name[48];           /* location name ("Montreal"), "" when none */
    char tile_name[GOPT_TOKENS_NAME_SIZE]; /* catalogue name, "" for an inline tile string */
    gopt_tokens_tile tile;   /* its own copy */
    gopt_tokens_colour colour;
    int rotation;            /* 0..5 */
    int ntokens;
    gopt_routes_token tokens[GOPT_TOKENS_MAX_TOKENS];
    uint8_t closed;          /* map sides no track may cross (impassable borders) */
    int line;                /* the state line that laid it (for messages) */
} gopt_routes_hex;

/* A train type. Limits are GOPT_ROUTES_UNLIMITED when absent. A route's visited stops must fit
 * the limits; its revenue counts the best `pay` of them (all when unlimited), the classes in
 * `first` before any other, times `multiplier`. */
typedef struct gopt_routes_train {
    char name[GOPT_ROUTES_NAME_SIZE];
    int stops;        /* stops visited, towns included unless towns_free */
    int cities;       /* cities and off-boards visited (n of an n+m train) */
    int towns;        /* towns visited */
    int pay;          /* stops that count (express: the best n) */
    int hexes;        /* hex trains: hexes entered, the first included */
    bool towns_free;  /* towns do not count toward `stops`; they pay while `stops` has room */
    uint8_t first;    /* classes that always count (GOPT_ROUTES_CLASS_BIT) */
    int multiplier;   /* 2 for double-revenue trains */
    bool diesel;      /* takes a hex's `diesel_N` revenue when it has one (18xx.games' D trains) */
} gopt_routes_train;

/* A bonus. Kind ALL: a route whose counted stops include a stop in every set earns `amount`
 * plus the value listed for the stop that meets each set (east-west, destinations, 1867's
 * Timmins). Kind EACH: `amount` for every counted stop in the (one) set. `multiplied`: the
 * train's multiplier applies. `once`: at most one of the company's trains earns it. */
typedef enum gopt_routes_bonus_kind { GOPT_ROUTES_BONUS_ALL, GOPT_ROUTES_BONUS_EACH } gopt_routes_bonus_kind;
typedef struct gopt_routes_bonus_set {
    int n;
    int hex[GOPT_ROUTES_BONUS_HEXES]; /* hex indices */
    int value[GOPT_ROUTES_BONUS_HEXES];
} gopt_routes_bonus_set;
typedef struct gopt_routes_bonus {
    char name[GOPT_ROUTES_NAME_SIZE];
    gopt_routes_bonus_kind kind;
    int amount;
    bool multiplied, once;
    int nsets; /* 1 or 2 */
    gopt_routes_bonus_set sets[2];
} gopt_routes_bonus;

/* Stops in the hexes of a group are one place (1830's Gulf, 1867's Detroit): a route visits
 * at most one of them. */
typedef struct gopt_routes_group {
    char name[GOPT_ROUTES_NAME_SIZE];
    int n;
    int hex[GOPT_ROUTES_GROUP_HEXES];
} gopt_routes_group;

/* Rule options: what a game does differently (docs/methods.md#routes, "Rule options"). */
enum {
    GOPT_ROUTES_RULE_HEX_ONCE = 1 << 0,   /* a route visits at most one stop of a hex (1867) */
    GOPT_ROUTES_RULE_ANY_TOKEN = 1 << 1,  /* a train that skips stops need not count its token city */
    GOPT_ROUTES_RULE_TOWNS_FREE = 1 << 2, /* towns never count toward a train's length (1867) */
    GOPT_ROUTES_RULE_NO_BLOCK = 1 << 3,   /* cities full of other tokens do not block */
};
extern const char *const gopt_routes_rule_names[]; /* "hex-once", ..., NULL (bit i = name i) */

typedef struct gopt_routes_phase {
    char name[GOPT_ROUTES_NAME_SIZE];
    gopt_tokens_colour colour;
} gopt_routes_phase;

typedef struct gopt_routes_state {
    char name[64];           /* the state's `name`, "" when none */
    char game[32];           /* the `game` it builds on, "" when none */
    gopt_routes_layout layout;
    char phase[GOPT_ROUTES_NAME_SIZE];
    gopt_tokens_colour phase_colour; /* the newest colour of the phase: revenues by phase use it */
    char company[GOPT_ROUTES_NAME_SIZE];
    int nneutral;
    char neutral[GOPT_ROUTES_MAX_NEUTRAL][GOPT_ROUTES_NAME_SIZE];
    unsigned rules;
    int nphases;
    gopt_routes_phase phases[GOPT_ROUTES_MAX_PHASES];
    int ntypes;
    gopt_routes_train types[GOPT_ROUTES_MAX_TYPES];
    int ntrains;
    gopt_routes_train trains[GOPT_ROUTES_MAX_TRAINS];
    int nhexes;
    gopt_routes_hex *hexes;
    int nbonuses;
    gopt_routes_bonus bonuses[GOPT_ROUTES_MAX_BONUSES];
    int ngroups;
    gopt_routes_group groups[GOPT_ROUTES_MAX_GROUPS];
    bool map_known;          /* impassable sides came from a map (`map`) */
    int ncatalogs;           /* the catalogues named (`catalog`), for tools that lay tiles */
    char catalogs[8][32];
    int nmanifest;           /* the game's tiles (`manifest`): what `routes generate --game` lays */
    char manifest[GOPT_ROUTES_MANIFEST][GOPT_TOKENS_NAME_SIZE];
    /* the library's own: hex index by doubled coordinate, -1 where there is none */
    int *cell;
    int cell_x0, cell_y0, cell_w, cell_h;
} gopt_routes_state;

/* Reads the next state from t (`---` separates states in one file): 1 and *out set, 0 at the
 * end of the input, -1 with err set (file, line, column) on bad input. `game` lines read the
 * bundled game file (data/routes/games/<game>.txt) and the tile catalogues it names. */
int gopt_routes_read(gopt_text *t, gopt_routes_state **out, gopt_error *err);
gopt_routes_state *gopt_routes_parse(const char *name, const char *text, gopt_error *err);
void gopt_routes_free(gopt_routes_state *s);
/* The state as text that reads back to the same state (every hex written out in full). */
char *gopt_routes_format(const gopt_routes_state *s);

/* The hex at a coordinate, or -1. */
int gopt_routes_hex_find(const gopt_routes_state *s, const char *coord);
/* The hex beyond side `edge` of hex h (map orientation), or -1 when none is on the map. */
int gopt_routes_neighbour(const gopt_routes_state *s, int h, int edge);
/* The rotated end of a tile path: an edge in map orientation (0..5), or 6 + node index. */
int gopt_routes_path_end(const gopt_routes_hex *h, int path, int end);
/* Whether node k of hex h is a stop (city, town, off-board, halt, pass), and its class. */
bool gopt_routes_is_stop(const gopt_routes_hex *h, int node, gopt_routes_class *cls);
/* A node's revenue in the state's phase for train t (diesel values for diesel trains). */
int gopt_routes_node_revenue(const gopt_routes_state *s, const gopt_routes_hex *h, int node,
                             const gopt_routes_train *t);
/* The city index of node k (its place among the tile's cities), or -1. */
int gopt_routes_node_city(const gopt_routes_hex *h, int node);
/* Whether the company has a station token in city node k; whether others fill it (blocking). */
bool gopt_routes_city_tokened(const gopt_routes_state *s, const gopt_routes_hex *h, int node);
bool gopt_routes_city_blocked(const gopt_routes_state *s, const gopt_routes_hex *h, int node);
/* "5+5E: unlimited stops, best 5 count, off-boards first, x2" */
const char *gopt_routes_train_text(const gopt_routes_train *t, char *buf, size_t size);
/* Reads a train type: NAME alone (the game's type of that name, else a pattern: 4, 3+1, D,
 * 6E, 3/5, 8H, with x2 for double revenue) or NAME followed by keys (docs/formats.md). */
bool gopt_routes_train_parse(const gopt_routes_state *s, const char *spec, const char *where,
                             gopt_routes_train *out, gopt_error *err);

/* ------------------------------------------------------------------ answers */

/* One train's route: its stops in order and the tile paths between them. Leg i (stop i to
 * stop i + 1) runs along paths leg[i] .. leg[i + 1] - 1. */
typedef struct gopt_routes_route {
    int train;   /* index in state->trains */
    int nstops;  /* 0: the train does not run */
    int16_t stop_hex[GOPT_ROUTES_ROUTE_STOPS];
    int8_t stop_node[GOPT_ROUTES_ROUTE_STOPS];
    int16_t leg[GOPT_ROUTES_ROUTE_STOPS];
    int npaths;
    int16_t path_hex[GOPT_ROUTES_ROUTE_PATHS];
    int8_t path_index[GOPT_ROUTES_ROUTE_PATHS];
    uint64_t paid;  /* bit i: stop i counts */
    int revenue;    /* what the train earns: counted stops times the multiplier, plus bonuses */
    int stops_value; /* the counted stops' values, before the multiplier */
    int bonus;      /* the bonuses' part of revenue */
    uint32_t bonuses; /* bit k: bonus k is earned */
} gopt_routes_route;

typedef struct gopt_routes_solution {
    int ntrains;
    gopt_routes_route routes[GOPT_ROUTES_MAX_TRAINS];
    int total;
    bool optimal;  /* proven */
    int bound;     /* a proven upper bound on the optimum (== total when optimal) */
} gopt_routes_solution;

typedef enum gopt_routes_method { GOPT_ROUTES_SEARCH, GOPT_ROUTES_MIP, GOPT_ROUTES_BOTH, GOPT_ROUTES_BRUTE } gopt_routes_method;

typedef struct gopt_routes_settings {
    gopt_routes_method method;
    double time_limit;  /* seconds; 0: none (the solve context's limits hold as well) */
    int threads;
    bool plain;         /* search: without the bounds of its train-set sub-problems (tests) */
} gopt_routes_settings;

typedef struct gopt_routes_result {
    gopt_routes_solution solution; /* the best found (total 0, no routes: none) */
    bool found;        /* solution holds the best found */
    bool optimal;
    int bound;         /* proven upper bound */
    gopt_counters counters;
    char note[256];
    const char *method;
} gopt_routes_result;

/* Solves the state: GOPT_SOLVED (optimal), GOPT_LIMIT (a limit stopped it; the best found and
 * the bound are in r), GOPT_ERROR (the methods disagreed, or an engine failed: r->note). */
int gopt_routes_solve(const gopt_routes_state *s, const gopt_routes_settings *how, gopt_routes_result *r);

/* The independent checker: walks every route's paths on the map, checks the rules, recomputes
 * every route's counted stops, bonuses and revenue and the total, and (with `optimal_counting`)
 * that no other choice of counted stops pays more. False with the reason in why. */
bool gopt_routes_check(const gopt_routes_state *s, const gopt_routes_solution *x, char *why, size_t why_size);

/* A stop's short label: "L12 Montreal" or "L12.1" (city 1 of an OO hex). */
const char *gopt_routes_stop_label(const gopt_routes_state *s, int hex, int node, char *buf, size_t size);
/* Why a route earns what it does, for people: the counted stops and their values, the stops
 * passed without counting, the bonuses and the multiplier. */
const char *gopt_routes_route_reason(const gopt_routes_state *s, const gopt_routes_route *r, char *buf, size_t size);
void gopt_routes_print(FILE *out, const gopt_routes_state *s, const gopt_routes_solution *x);
json_t *gopt_routes_solution_json(const gopt_routes_state *s, const gopt_routes_solution *x);
/* The map with the routes drawn (x may be NULL: the map alone); the caller frees the canvas. */
gopt_canvas *gopt_routes_render(const gopt_routes_state *s, const gopt_routes_solution *x);

/* Reads routes written as JSON (the `routes` array of gopt_routes_solution_json) into x, for
 * `routes check`. */
bool gopt_routes_solution_from_json(const gopt_routes_state *s, const json_t *j, gopt_routes_solution *x,
                                    gopt_error *err);

/* ------------------------------------------------------------------ random states (tests) */

typedef struct gopt_routes_random {
    int width, height;  /* hexes */
    int max_trains;
    bool rules;         /* random rule options and bonuses too */
} gopt_routes_random;
/* A random small map with track, stops, tokens and trains, seeded (tests cross-check methods). */
gopt_routes_state *gopt_routes_generate(const gopt_routes_random *p, uint64_t seed);

/* A plausible position on a real board: the board (a state read from `game NAME`) with its
 * cities and towns upgraded for a stage of the game (1 early: yellow, 2 middle: green,
 * 3 late: brown and gray), a share `track` of its plain hexes laid with the game's tiles
 * turned to meet the track around them, `own_tokens` of the company's station tokens and
 * other companies' tokens in a share `others` of the free slots. NULL with err set. */
typedef struct gopt_routes_fill_params {
    double track;
    int stage;
    int own_tokens;
    double others;
    char company[GOPT_ROUTES_NAME_SIZE];
} gopt_routes_fill_params;
gopt_routes_state *gopt_routes_fill(const gopt_routes_state *board, const gopt_routes_fill_params *p, uint64_t seed,
                                    gopt_error *err);

#endif
