/* What the files of the routes family share. The model (routes.h) is shared by everyone;
 * the compiled network (net_*) only by the methods: the checker (check.c) never sees it. */
#ifndef GAMEOPT_ROUTES_INTERNAL_H
#define GAMEOPT_ROUTES_INTERNAL_H

#include "gameopt/game.h"
#include "gameopt/routes.h"

extern const gopt_game gopt_game_routes;
extern const gopt_verb routes_verbs[];
extern const gopt_opt routes_solve_opts[];
extern const char routes_help[];

/* ---- model.c ---- */
/* Parses "L12" into doubled coordinates for the layout; false when it is not a coordinate. */
bool routes_coord_xy(const char *coord, gopt_routes_layout layout, int *x, int *y);
/* Builds the coordinate index (state->cell); call after hexes were added or moved. */
void routes_index_hexes(gopt_routes_state *s);
/* A node's revenue from its revenue text, in phase colour `phase` (diesel: prefer diesel_N). */
int routes_revenue_text(const char *text, gopt_tokens_colour phase, bool diesel);
/* The group (index in s->groups) a hex belongs to, or -1. */
int routes_hex_group(const gopt_routes_state *s, int hex);
/* The train with the state's rule options applied (towns-free). */
gopt_routes_train routes_effective_train(const gopt_routes_state *s, int t);

/* ---- state.c ---- */
/* A bundled catalogue by name: "routes" (data/routes/tiles.txt) or a tokens game ("1867"). */
gopt_tokens_catalog *routes_open_catalog(const char *name, gopt_error *err);

/* ---- tile_extra.c: parts of a tile string the tokens model drops but routes need ---- */
typedef struct routes_tile_extra {
    uint8_t impassable;                          /* border=edge:E,type:impassable (tile orientation) */
    char group[GOPT_TOKENS_MAX_NODES][GOPT_ROUTES_NAME_SIZE]; /* groups:NAME of each node ("" none) */
} routes_tile_extra;
void routes_tile_extra_scan(const char *code, routes_tile_extra *x);

#endif
