/* 18xx tile upgrades that keep every station token connected.
 *
 * In 18xx games a tile holding station tokens is upgraded to a tile of the next colour; the
 * tokens must be re-placed in the new tile's cities so that every token still reaches every
 * tile edge its old city reached, for each of the six rotations. The question reduces to a
 * maximum flow (source -> token -> city -> sink, city capacity = its slots), which
 * gameopt/maxflow.h answers; an infeasible rotation is explained by the minimum cut.
 *
 * Tiles are written in the tile language of 18xx.games, e.g.
 *     city=revenue:40;city=revenue:40;city=revenue:40,loc:5;path=a:1,b:_0;path=a:3,b:_1;label=M
 * Edges are numbered 0 Bottom, 1 LowerLeft, 2 UpperLeft, 3 Top, 4 UpperRight, 5 LowerRight
 * (flat-topped hex, clockwise); rotating a tile by r maps edge e to (e + r) mod 6.
 * docs/formats.md describes the language as read here and the catalogue files; docs/methods.md
 * the reduction and the two rule sets. */
#ifndef GAMEOPT_TOKENS_H
#define GAMEOPT_TOKENS_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gameopt/canvas.h"
#include "gameopt/error.h"
#include "gameopt/text.h"
#include "gameopt/timer.h"

#define GOPT_TOKENS_EDGES 6
#define GOPT_TOKENS_MAX_NODES 24  /* revenue centres and junctions on one tile */
#define GOPT_TOKENS_MAX_PATHS 64
#define GOPT_TOKENS_MAX_CITIES 12
#define GOPT_TOKENS_MAX_SLOTS 16  /* token spaces of one city */
#define GOPT_TOKENS_MAX_TOKENS 32 /* station tokens on one tile */
#define GOPT_TOKENS_MAX_LABELS 4
#define GOPT_TOKENS_NAME_SIZE 32  /* tile, label and token names, with the NUL */
#define GOPT_TOKENS_MAX_PARTITIONS 4 /* barriers inside one hex (`partition=`) */

/* ------------------------------------------------------------------ tiles */

/* Tile colours in upgrade order (white -> yellow -> green -> brown -> gray); red, blue and
 * sepia tiles are never upgraded. */
typedef enum gopt_tokens_colour {
    GOPT_TOKENS_UNKNOWN_COLOUR,
    GOPT_TOKENS_WHITE,
    GOPT_TOKENS_YELLOW,
    GOPT_TOKENS_GREEN,
    GOPT_TOKENS_BROWN,
    GOPT_TOKENS_GRAY,
    GOPT_TOKENS_RED,
    GOPT_TOKENS_BLUE,
    GOPT_TOKENS_SEPIA,
} gopt_tokens_colour;

/* "yellow", ...; "unknown" for GOPT_TOKENS_UNKNOWN_COLOUR. */
const char *gopt_tokens_colour_name(gopt_tokens_colour c);
/* Reads a colour name ("grey" is taken for "gray"); false when it is not one. */
bool gopt_tokens_colour_parse(const char *name, gopt_tokens_colour *out);
/* The colour a tile of colour c is upgraded to, or GOPT_TOKENS_UNKNOWN_COLOUR when none. */
gopt_tokens_colour gopt_tokens_next_colour(gopt_tokens_colour c);

typedef enum gopt_tokens_node_kind {
    GOPT_TOKENS_CITY,     /* holds station tokens in its slots */
    GOPT_TOKENS_TOWN,
    GOPT_TOKENS_OFFBOARD,
    GOPT_TOKENS_HALT,
    GOPT_TOKENS_PASS,
    GOPT_TOKENS_JUNCTION, /* track crossing without a stop (Lawson tiles) */
} gopt_tokens_node_kind;

/* A revenue centre or junction, in declaration order (`_0`, `_1`, ... in paths). */
typedef struct gopt_tokens_node {
    gopt_tokens_node_kind kind;
    int slots;         /* cities: token spaces (default 1); 0 for the others */
    char revenue[64];  /* as written ("40", "yellow_20|green_30"); "" when not given */
    bool has_loc;      /* a position was given with loc: */
    double loc;        /* in edge units: 0..6 (0.5 = the corner between edges 0 and 1); -1 centre */
    uint8_t edges;     /* tile edges the node reaches through track at rotation 0 (bit e = edge e) */
    char reservation[GOPT_TOKENS_NAME_SIZE]; /* cities: `reservation:NAME` (1894's X1), "" when none */
} gopt_tokens_node;

/* Track gauge of a path (`track:` in the tile language; broad when not given). Old track
 * survives an upgrade only on track that carries its trains: broad on broad or dual,
 * narrow on narrow or dual, dual only on dual. */
typedef enum gopt_tokens_track {
    GOPT_TOKENS_BROAD,
    GOPT_TOKENS_NARROW,
    GOPT_TOKENS_DUAL,
    GOPT_TOKENS_OTHER_TRACK, /* `track:thin` (1822MX's sea lanes): carries neither gauge */
    GOPT_TOKENS_FUTURE_TRACK, /* `track:future` (1840, 1844): printed, not track yet; such
                                 paths are read and left out of the tile's paths */
} gopt_tokens_track;
/* "broad", "narrow", "dual", "thin" */
const char *gopt_tokens_track_name(gopt_tokens_track g);
/* Whether track of gauge `g` survives under new track of gauge `by`. */
bool gopt_tokens_gauge_keeps(gopt_tokens_track g, gopt_tokens_track by);

/* A path joins two ends: 0..5 is a tile edge, GOPT_TOKENS_NODE_END + k is node k. */
#define GOPT_TOKENS_NODE_END 6
typedef struct gopt_tokens_path {
    int8_t a, b;
    uint8_t track; /* gopt_tokens_track */
    uint8_t terminal; /* `terminal:N` (1 or 2; 0 when not given): a track spike that ends here */
} gopt_tokens_path;

/* A barrier inside a hex (`partition=a:V,b:V[,type:T][,restrict:inner|outer]`: 1870's
 * Mississippi, 18Mag's rivers), between vertices a and b (vertex 0 is the bottom one, then
 * clockwise; a sign after the number only moves the drawing). As the online engine reads it
 * (lib/engine/part/partition.rb): the inner side holds edges min(a,b) .. max(a,b)-1, the
 * outer side the others; `restrict:inner` leaves the outer side no edges, `outer` the inner.
 * While the game enforces it (--partition follow), every path of a tile laid on the hex has
 * all its edges on one side. */
typedef enum gopt_tokens_partition_restrict {
    GOPT_TOKENS_PARTITION_BOTH,
    GOPT_TOKENS_PARTITION_INNER,
    GOPT_TOKENS_PARTITION_OUTER,
} gopt_tokens_partition_restrict;
typedef struct gopt_tokens_partition {
    int8_t a, b;           /* vertices 0..5 */
    int8_t a_sign, b_sign; /* -1, 0, +1: drawn a little before or after the vertex */
    uint8_t restrict_to;   /* gopt_tokens_partition_restrict */
    uint8_t inner, outer;  /* edge sets of the two sides, at rotation 0 */
    char type[GOPT_TOKENS_NAME_SIZE]; /* "water", "divider", ...; "" when not given */
} gopt_tokens_partition;
/* Reads `a:V,b:V[,type:T][,restrict:inner|outer]` (a map's or a tile's partition); `where`
 * names the text in errors. */
bool gopt_tokens_parse_partition(const char *spec, const char *where, gopt_tokens_partition *out, gopt_error *err);
/* Fills in the sides from a, b and restrict_to. */
void gopt_tokens_partition_sides(gopt_tokens_partition *p);
/* The partition written back in the tile language's keys ("a:0-,b:2+,type:water,restrict:outer"). */
const char *gopt_tokens_partition_text(const gopt_tokens_partition *p, char *buf, size_t size);

typedef struct gopt_tokens_tile {
    char name[GOPT_TOKENS_NAME_SIZE]; /* catalogue name; "" for an inline tile string */
    gopt_tokens_colour colour;        /* from the catalogue; UNKNOWN for an inline string */
    int nnodes;
    gopt_tokens_node nodes[GOPT_TOKENS_MAX_NODES];
    int npaths;
    gopt_tokens_path paths[GOPT_TOKENS_MAX_PATHS];
    int ncities; /* cities in declaration order: city i is node city_node[i] */
    int8_t city_node[GOPT_TOKENS_MAX_CITIES];
    int ntowns;
    int8_t town_node[GOPT_TOKENS_MAX_NODES];
    int nlabels;
    char labels[GOPT_TOKENS_MAX_LABELS][GOPT_TOKENS_NAME_SIZE];
    /* Through track: bit b of links[a] is set when a path joins edges a and b without a stop
     * (directly, or through junctions). */
    uint8_t links[GOPT_TOKENS_EDGES];
    uint8_t exits; /* every edge any track reaches */
    /* Gauges of the track at each edge: bit g (gopt_tokens_track) of gauges[e] is set when
     * a path of gauge g ends at edge e. */
    uint8_t gauges[GOPT_TOKENS_EDGES];
    /* The rotations the game lets it be laid in (bit r; `NAME @ R,...` in a catalogue), 0: any. */
    uint8_t rotations;
    /* Edges (at rotation 0) where the printed map commits track to come: `stub=edge:N`
     * (1867, the 1822 family, 18 Los Angeles) and the edges of `track:future` paths (1858's
     * private railways, 1840's orange hexes). A tile laid here must have track at each. */
    uint8_t stubs;
    /* Edges (at rotation 0) of long spikes: `terminal:1` paths from an edge to a junction,
     * which 1822MX and 1822PNW print on their water hexes to show where a port tile may lie. */
    uint8_t port_spikes;
    /* The part of `stubs` each comes from: `stub=edge:N` marks, and `track:future` edges. */
    uint8_t stub_marks, future;
    /* Every path ends at a terminal (a port tile: 1822MX's and 1822PNW's P1, P2). */
    bool terminal_only;
    /* Laying it, the slots may shrink (`NAME shrinks` in a catalogue: 1837's Vienna 436):
     * the question is answered as with `shrink`. */
    bool shrinks;
    /* Barriers inside the hex (`partition=`), at rotation 0: they belong to the hex (the
     * online engine's Hex#lay moves them from tile to tile), so only the old tile's count. */
    int npartitions;
    gopt_tokens_partition partitions[GOPT_TOKENS_MAX_PARTITIONS];
} gopt_tokens_tile;

/* Parses a tile string of the 18xx.games tile language. `where` names the text in errors
 * (e.g. "--from"); columns count from 1 at the string's start. Unknown part types and keys,
 * malformed values and paths to undeclared nodes are errors. Computes every node's edge set:
 * the edges its track reaches, passing through junctions but never through another stop. */
bool gopt_tokens_tile_parse(gopt_tokens_tile *tile, const char *code, const char *where, gopt_error *err);
/* The same, reading from t up to the end of the line (for files holding tile strings). */
bool gopt_tokens_tile_read(gopt_tokens_tile *tile, gopt_text *t, gopt_error *err);
/* The tile's track, cities, towns and labels as a canonical tile string (parts that do not
 * matter for tokens, such as terrain costs and borders, are left out). Caller frees. */
char *gopt_tokens_tile_format(const gopt_tokens_tile *tile);

/* Rotates an edge set (bit e = edge e) by r sixths clockwise: edge e becomes (e + r) mod 6. */
static inline uint8_t gopt_tokens_rotate(uint8_t edges, int r) {
    r = ((r % 6) + 6) % 6;
    return (uint8_t)(((edges << r) | (edges >> (6 - r))) & 0x3F);
}
/* The edge set of city i when the tile lies with rotation r. */
uint8_t gopt_tokens_city_edges(const gopt_tokens_tile *tile, int city, int r);
int gopt_tokens_city_slots(const gopt_tokens_tile *tile, int city);
/* "{0,3}" or "{}" into buf. */
const char *gopt_tokens_edges_text(uint8_t edges, char *buf, size_t size);
/* The labels joined with '/', "" when none (tiles upgrade only to tiles with equal labels). */
const char *gopt_tokens_label_text(const gopt_tokens_tile *tile, char *buf, size_t size);

/* ------------------------------------------------------------------ catalogues */

/* A set of named tiles with colours, from a file of lines `NAME COLOUR TILE-STRING`
 * (docs/formats.md), plus optional game rules `NAME -> NAME...` listing the only tiles a
 * tile may be upgraded to. */
typedef struct gopt_tokens_catalog gopt_tokens_catalog;

/* Reads a catalogue from a text (all of it). NULL with err set on bad input. */
gopt_tokens_catalog *gopt_tokens_catalog_read(gopt_text *t, gopt_error *err);
/* A bundled game ("1867", "1822CA": data/tiles/<game in lower case>.txt found through
 * gopt_data_path) or, when `game_or_path` names a readable file, that file. */
gopt_tokens_catalog *gopt_tokens_catalog_open(const char *game_or_path, gopt_error *err);
void gopt_tokens_catalog_free(gopt_tokens_catalog *c);
/* Where it came from: the game name for bundled catalogues, else the path. */
const char *gopt_tokens_catalog_name(const gopt_tokens_catalog *c);
int gopt_tokens_catalog_size(const gopt_tokens_catalog *c);
const gopt_tokens_tile *gopt_tokens_catalog_tile(const gopt_tokens_catalog *c, int i);
/* The tile of that name (exact match), or NULL. */
const gopt_tokens_tile *gopt_tokens_catalog_find(const gopt_tokens_catalog *c, const char *name);
/* The colour after `colour` in the catalogue's order (`order` line; else the usual one). */
gopt_tokens_colour gopt_tokens_catalog_next_colour(const gopt_tokens_catalog *c, gopt_tokens_colour colour);
/* The tiles that may replace `from`: of the next colour with equal labels, limited to the
 * catalogue's `from -> ...` list when it has one. Writes up to max tiles; returns the count. */
int gopt_tokens_catalog_upgrades(const gopt_tokens_catalog *c, const gopt_tokens_tile *from,
                                 const gopt_tokens_tile **out, int max);

/* Tiles from what users write. A library keeps the catalogues and inline tiles it was asked
 * for until it is freed. */
typedef struct gopt_tokens_library gopt_tokens_library;
gopt_tokens_library *gopt_tokens_library_new(void);
void gopt_tokens_library_free(gopt_tokens_library *l);
/* The catalogue of a bundled game or file, opened once. */
gopt_tokens_catalog *gopt_tokens_library_catalog(gopt_tokens_library *l, const char *game_or_path, gopt_error *err);
/* Resolves `TILE[@ROT]`: GAME:NAME, a name in `catalog` (may be NULL), or an inline tile
 * string (given `inline_colour`). With `rotation` NULL a rotation is an error; `found_in`
 * (may be NULL) receives the catalogue the tile came from. NULL with err set (the column of
 * a bad tile string within `where`) when it cannot be found. */
const gopt_tokens_tile *gopt_tokens_lookup(gopt_tokens_library *l, const char *spec, const char *where,
                                           const gopt_tokens_catalog *catalog, gopt_tokens_colour inline_colour,
                                           int *rotation, const gopt_tokens_catalog **found_in, gopt_error *err);

/* ------------------------------------------------------------------ the map around a hex */

/* A game's map (data/maps/<game>.txt, docs/formats.md): hexes, fixed track, impassable sides. */
typedef struct gopt_tokens_map gopt_tokens_map;
gopt_tokens_map *gopt_tokens_map_read(gopt_text *t, gopt_error *err);
/* A bundled game's map ("1867") or a map file. NULL with err set. */
gopt_tokens_map *gopt_tokens_map_open(const char *game_or_path, gopt_error *err);
void gopt_tokens_map_free(gopt_tokens_map *m);
int gopt_tokens_map_size(const gopt_tokens_map *m);
/* The coordinate of hex i ("L12"), in the file's order. */
const char *gopt_tokens_map_coord(const gopt_tokens_map *m, int i);
/* The sides of hex `coord` ("L12") that track may cross: a neighbour lies beyond, no
 * impassable border, and a fixed neighbour (gray, red, blue) has track there. */
bool gopt_tokens_map_open_edges(const gopt_tokens_map *m, const char *coord, uint8_t *open, gopt_error *err);
/* The partitions of hex `coord` (`partition:` in the map, in map orientation): up to max
 * into out; the count, or -1 with err set when the map has no such hex. */
int gopt_tokens_map_partitions(const gopt_tokens_map *m, const char *coord, gopt_tokens_partition *out, int max,
                               gopt_error *err);
/* A map's rule for the rotations of tiles laid on one hex (`rotations:SELECTOR:R,R` in a map:
 * 1850's Chicago I18 takes its yellow tile in any rotation but 2, 18NY's J20 its NYC tiles in
 * rotation 0), for the tiles of one colour or one name. */
#define GOPT_TOKENS_MAX_HEX_RULES 4
typedef struct gopt_tokens_hex_rotations {
    char tile[GOPT_TOKENS_NAME_SIZE]; /* the tile it is for; "" when it is for a colour */
    gopt_tokens_colour colour;        /* the colour it is for (UNKNOWN when for a tile) */
    uint8_t rotations;                /* the rotations allowed (bit r) */
} gopt_tokens_hex_rotations;
/* The rotation rules of hex `coord`: up to max into out; the count, or -1 with err set when
 * the map has no such hex. */
int gopt_tokens_map_rotations(const gopt_tokens_map *m, const char *coord, gopt_tokens_hex_rotations *out, int max,
                              gopt_error *err);
/* Reads an edge list "0,1,5" into a bit set; `where` names the text in errors. */
bool gopt_tokens_parse_edges(const char *spec, const char *where, uint8_t *out, gopt_error *err);

/* ------------------------------------------------------------------ the question */

/* A station token on the old tile: its owner's name and the city (0-based) it sits in. A
 * reservation (a home or company reservation) follows its city and takes a slot the same.
 * An extra token sits beyond the slots (1822's destination tokens placed in a full city,
 * the "cheater" tokens of 18Chesapeake and 1846, 1870's extra station): it takes no slot in
 * the old city nor in the new one, yet must keep its old city's edges like any token. */
typedef struct gopt_tokens_station {
    char name[GOPT_TOKENS_NAME_SIZE];
    int city;
    bool reserved;
    bool extra;
    /* The game returns it to its company in this upgrade (--return; 1837's KK keeps only its
     * home token in Vienna): it is placed nowhere (-1 in placements). */
    bool returned;
} gopt_tokens_station;

/* What the game does with two tokens of one company that end in one city: keep both, or
 * return one to the company (the 1822 family). Under full rules slots move with their old
 * cities, so the rule changes the outcome, never which rotations are legal. */
typedef enum gopt_tokens_duplicate_rule { GOPT_TOKENS_DUPLICATES_KEEP, GOPT_TOKENS_DUPLICATES_RETURN } gopt_tokens_duplicate_rule;
const char *gopt_tokens_duplicates_name(gopt_tokens_duplicate_rule d);

/* Who decides which new city an old city's tokens go to when several hold its edges: the
 * owner (every placement the flow allows), or the game: the first new city holding them
 * (the online engine's Hex#city_map_for: "city 0"), or, for an old city without track, the
 * new city of the same index when free, else the first free one ("a home by index", the
 * engine's rule for a blank tile: 1830's Erie, 1856's OO hexes). */
typedef enum gopt_tokens_placer { GOPT_TOKENS_PLACER_OWNER, GOPT_TOKENS_PLACER_FIRST, GOPT_TOKENS_PLACER_INDEX } gopt_tokens_placer;
/* "owner" / "first" / "index" */
const char *gopt_tokens_placer_name(gopt_tokens_placer p);
/* The new city the game picks for each old city (-1: none holds its edges), by rule p. */
void gopt_tokens_game_city_map(const gopt_tokens_tile *from, int from_rotation, const gopt_tokens_tile *to, int rotation,
                               gopt_tokens_placer p, int8_t *map);

typedef enum gopt_tokens_rules {
    /* Only tokens matter (the seed's model): every token goes to a new city whose edges
     * contain its old city's edges, within the slots. */
    GOPT_TOKENS_RULES_TOKENS,
    /* Tokens rules plus the tile: every old city maps whole (with its tokens) to one new city
     * containing its edges, its slots kept (or splits over several, with `split`); several
     * old cities may merge into one; new cities may appear and stay empty; towns map to
     * towns and never appear from nothing; through track survives. */
    GOPT_TOKENS_RULES_FULL,
} gopt_tokens_rules;

/* "tokens" / "full" */
const char *gopt_tokens_rules_name(gopt_tokens_rules r);

/* The old tile as it lies on the map, with its tokens. */
typedef struct gopt_tokens_question {
    const gopt_tokens_tile *from;
    int from_rotation;
    int ntokens;
    gopt_tokens_station tokens[GOPT_TOKENS_MAX_TOKENS];
    gopt_tokens_rules rules;
    /* Full rules: an old city of several slots may split, its slots and tokens spread over
     * several new cities that each hold its edges (false: it maps whole to one new city). */
    bool split;
    /* Map sides (map orientation) that lead nowhere: off the map, across an impassable
     * border, or into a fixed hex without track there. No new track may cross them.
     * 0: all six neighbours are assumed present. */
    uint8_t closed;
    bool map_known; /* closed comes from --open or a map (the text output says which) */
    gopt_tokens_duplicate_rule duplicates;
    long max_flows; /* max-flow runs per rotation before giving up; 0: the default */
    /* With `split`: the exits are shared out (1894's brown tiles): each token and empty slot
     * of an old city goes to a new city holding at least one of its edges, and every edge
     * of the old city stays at some new city (false: each new city holds all its edges). */
    bool split_exits;
    /* Printed future track binds nothing: only `stub=edge:N` marks are stubs (18SJ and
     * Harzbahn 1873, whose dashed lines the online engine never enforces); false: the new
     * tile must follow it too (1858's private railways, 1840's orange hexes). */
    bool future_free;
    /* Slots may shrink (1837's brown Vienna, 1866's gray London): an old city keeps its
     * tokens and reservations, not its empty slots. When the tokens still overflow and the
     * game names none to return (--return), the owners return as few as any placement needs
     * and choose which (placements show them as -1). */
    bool shrink;
    /* Who puts an old city's tokens in a new city when several hold its edges (not with
     * `split`: a city that splits is shared out by its owners). */
    gopt_tokens_placer placer;
    /* The hex's partitions bind (1870 while the Mississippi River Bridge Company's ability
     * holds, 18Mag): every path of the new tile keeps its edges on one side of each
     * partition of the old tile and of `partitions`; false: they bind nothing (the online
     * engine's core). */
    bool partition_follow;
    /* Partitions the map gives the hex (map orientation), beside the old tile's own. */
    int npartitions;
    gopt_tokens_partition partitions[GOPT_TOKENS_MAX_PARTITIONS];
    /* The map's rotation rules for the hex (--hex): a new tile of the rule's colour (known
     * from a catalogue or --color) or name lies only in the rule's rotations. */
    int nhex_rules;
    gopt_tokens_hex_rotations hex_rules[GOPT_TOKENS_MAX_HEX_RULES];
    /* The neighbours' track meeting this hex, by map side: bit g (gopt_tokens_track) of
     * neighbour_gauges[s] is set when a neighbour's track of gauge g ends at side s (all 0:
     * nothing said). Where the new tile's track faces such track it must share a gauge with
     * it (a train runs on both: dual shares with broad and narrow): at every such side
     * (18Ireland), or with neighbour_meet_one at one of them at least when it faces any
     * (1849, whose sides are those the laying company arrives by). Game state: the question
     * carries it (--neighbour-track). */
    uint8_t neighbour_gauges[GOPT_TOKENS_EDGES];
    bool neighbour_meet_one;
    /* Town-or-city hexes (1880, 1880 Romania): on an old tile with both towns and cities, a
     * new tile with as many towns and no city drops the old cities when they hold nothing
     * (no track, token, reservation or extra token); false: every old city needs a new one. */
    bool town_or_city;
    /* stubs_set: the old tile's stubs and future track still binding, by map side
     * (stubs_now), replace the printed ones (--stubs: 1858 drops a private railway's when
     * the private closes). Each must be a side the old tile prints one at. */
    bool stubs_set;
    uint8_t stubs_now;
} gopt_tokens_question;

/* The rotations the question's hex rules let `to` lie in (0x3F when none is for it). */
uint8_t gopt_tokens_hex_allowed(const gopt_tokens_question *q, const gopt_tokens_tile *to);

#define GOPT_TOKENS_DEFAULT_MAX_FLOWS 200000

/* Reads `CITY:NAME[,CITY:NAME...]` (e.g. "0:LPS,1:QLS") into q->tokens, checking each city
 * index against q->from and each city's slots; `where` names the text in errors. A name may
 * recur in different cities (a company's tokens in two cities of one hex), and in one city
 * only as different kinds (a token and a reservation, or a token and an extra token). */
bool gopt_tokens_parse_stations(gopt_tokens_question *q, const char *spec, const char *where, gopt_error *err);
/* Appends reservations `CITY:NAME[,...]` (after the tokens), checked the same way. */
bool gopt_tokens_parse_reservations(gopt_tokens_question *q, const char *spec, const char *where, gopt_error *err);
/* Appends extra tokens `CITY:NAME[,...]` (beyond the slots: they take none). */
bool gopt_tokens_parse_extras(gopt_tokens_question *q, const char *spec, const char *where, gopt_error *err);
/* Marks the tokens the game returns, `CITY:NAME` or `NAME` (a company's only token on the
 * tile), comma-separated; each must be a token (not a reservation) of the question. */
bool gopt_tokens_parse_returns(gopt_tokens_question *q, const char *spec, const char *where, gopt_error *err);
/* The tokens of a placement row that duplicate an earlier token of the same company in
 * the same new city (bit i: token i; reservations never count): one per extra token. */
uint64_t gopt_tokens_duplicates(const gopt_tokens_question *q, const int8_t *row);
/* Reads the neighbours' track `SIDE:GAUGE[,...]` (map sides 0..5, gauges broad, narrow or
 * dual; "5:broad,3:narrow") into q->neighbour_gauges; `where` names the text in errors. */
bool gopt_tokens_parse_neighbour_track(gopt_tokens_question *q, const char *spec, const char *where, gopt_error *err);
/* Whether track of the gauges in bit sets a and b (bit g: gopt_tokens_track) meets: some
 * train runs on both (dual carries broad and narrow trains, thin only thin ones). */
bool gopt_tokens_gauges_meet(uint8_t a, uint8_t b);
/* The same checks on tokens filled in directly (by library users). */
bool gopt_tokens_question_check(const gopt_tokens_question *q, gopt_error *err);

/* ------------------------------------------------------------------ answers */

typedef enum gopt_tokens_verdict {
    GOPT_TOKENS_FEASIBLE,
    GOPT_TOKENS_SHORT,        /* max flow < demand: the `why_*` items compete for `why_cities` (min cut) */
    GOPT_TOKENS_NO_CITY,      /* full rules: an old city without slots fits no new city */
    GOPT_TOKENS_UNSPLITTABLE, /* full rules: slots suffice only if a multi-slot old city were split */
    GOPT_TOKENS_CITY_COUNT,   /* full rules: more new stops share no side with an old stop than the
                                 tile adds stops (a halt or town jumping to a side of its own) */
    GOPT_TOKENS_TOWN_LOST,    /* full rules: the track of an old town or halt (node why_town) is kept
                                 at no new stop (nor as through track on a tile without towns) */
    GOPT_TOKENS_TRACK_LOST,   /* full rules: through track why_edge_a - why_edge_b is not kept */
    GOPT_TOKENS_UNKNOWN,      /* the flow budget ran out before a decision (nothing is proven) */
    GOPT_TOKENS_OFF_MAP,      /* the new tile's track would cross closed side why_edge_a */
    GOPT_TOKENS_ROTATION_RULE, /* the game lets the new tile lie only in its listed rotations
                                  (its catalogue's, or the map's for this hex) */
    GOPT_TOKENS_GAUGE,        /* full rules: old track of gauge why_gauge at edge why_edge_a finds
                                 no track of a gauge that carries it (why_gauge_new: what is there) */
    GOPT_TOKENS_STUB,         /* the old tile's stub (or future track) at map side why_edge_a meets
                                 no track of the new tile */
    GOPT_TOKENS_EXIT_LOST,    /* split exits: old city why_old_cities's edge why_edge_a reaches no
                                 new city */
    GOPT_TOKENS_PORT,         /* a port tile on a hex with long spikes: its track at side
                                 why_edge_a follows no long spike */
    GOPT_TOKENS_PARTITION,    /* partitions followed: the new tile's path with map sides
                                 why_edge_a (and why_edge_b, -1 when it has one) crosses the
                                 hex's partition, or lies on its closed side */
    GOPT_TOKENS_NEIGHBOUR_GAUGE, /* the new tile's track of gauge why_gauge_new at map side
                                    why_edge_a meets a neighbour's track of gauge why_gauge
                                    that no train shares (neighbour_meet_one: so at every
                                    side where it faces a neighbour's track; the first) */
} gopt_tokens_verdict;

/* The answer for one rotation of the new tile. */
typedef struct gopt_tokens_rotation {
    int rotation;
    gopt_tokens_verdict verdict;
    bool feasible;
    /* Feasible: placements[k * ntokens + i] is the new city of token i in placement k. */
    long count;     /* placements found (up to the limit asked for) */
    bool complete;  /* every placement was found, so count is exact */
    bool unique;    /* exactly one placement: the owner has no choice */
    bool limited;   /* the flow budget stopped the enumeration: count is a lower bound and
                       uniqueness is not known */
    int8_t *placements;
    /* Full rules: the new city of each old city in placement 0 (-1 for none). */
    int8_t city_map[GOPT_TOKENS_MAX_CITIES];
    /* Infeasible: what is short (verdicts SHORT, NO_CITY, UNSPLITTABLE). Under tokens rules
     * the competing items are tokens; under full rules, old cities (with their tokens). */
    uint64_t why_tokens;
    uint32_t why_old_cities;
    uint32_t why_cities; /* new cities */
    int why_demand, why_slots;
    int why_edge_a, why_edge_b; /* TRACK_LOST, in map orientation */
    int why_town;               /* TOWN_LOST: the old town's or halt's node */
    int why_gauge, why_gauge_new; /* GAUGE: gopt_tokens_track; why_gauge_new -1 for no track */
    long flows;                 /* max-flow runs spent on this rotation */
    long branches;              /* multi-slot old cities fixed to one new city (full rules) */
    /* Shrinking slots without named returns: tokens each placement returns (the fewest that
     * let the rest fit), and every token some listed placement returns (the owner's choice). */
    int nreturned;
    uint64_t may_return;
} gopt_tokens_rotation;

typedef struct gopt_tokens_answer {
    const gopt_tokens_tile *to;
    gopt_tokens_rotation rotations[GOPT_TOKENS_EDGES];
    int nfeasible;
    gopt_counters counters; /* flows, branches, placements */
    double seconds;         /* wall time of the six placements */
    double cpu_seconds;     /* CPU time of the thread that placed them */
} gopt_tokens_answer;

/* Places the question's tokens on `to` lying with `rotation`, by max flow. Looks for up to
 * `limit` placements (>= 1; 2 decides uniqueness, which is always decided). False with err
 * set only on an engine failure. Free with gopt_tokens_rotation_free. */
bool gopt_tokens_place(const gopt_tokens_question *q, const gopt_tokens_tile *to, int rotation, long limit,
                       gopt_tokens_rotation *out, gopt_error *err);
void gopt_tokens_rotation_free(gopt_tokens_rotation *r);
/* All six rotations. Free with gopt_tokens_answer_free. */
bool gopt_tokens_solve(const gopt_tokens_question *q, const gopt_tokens_tile *to, long limit, gopt_tokens_answer *a,
                       gopt_error *err);
void gopt_tokens_answer_free(gopt_tokens_answer *a);

/* The independent checker: recomputes edge sets, candidates and capacities from the model
 * and confirms every placement, the uniqueness claim and, for infeasible rotations, the
 * certificate (a Hall set from the cut, a lost track, or an exhaustive search). */
bool gopt_tokens_check(const gopt_tokens_question *q, const gopt_tokens_tile *to, const gopt_tokens_rotation *r,
                       char *why, size_t why_size);

/* One sentence on why a rotation is infeasible ("LPS and QLS compete for city 1 with 1 slot"). */
const char *gopt_tokens_reason(const gopt_tokens_question *q, const gopt_tokens_tile *to,
                               const gopt_tokens_rotation *r, char *buf, size_t size);
/* The key of token i in JSON placements: its name, or NAME@CITY when the name recurs;
 * reservations are `reserved:NAME`, extra tokens `extra:NAME`. */
const char *gopt_tokens_token_key(const gopt_tokens_question *q, int i, char *buf, size_t size);

/* ------------------------------------------------------------------ output */

/* The old tile with its tokens, for people (printed once before the answers). */
void gopt_tokens_print_question(FILE *out, const gopt_tokens_question *q);
/* A table per answer, for people. `all` lists every placement found, not just the first. */
void gopt_tokens_print(FILE *out, const gopt_tokens_question *q, const gopt_tokens_answer *a, bool all);
/* A tile's name, or its tile string when it has none. */
const char *gopt_tokens_tile_title(const gopt_tokens_tile *tile, char *buf, size_t size);
/* One object per answer: tile, color, feasible_rotations and per rotation placements,
 * unique and (when infeasible) why (docs/formats.md). */
json_t *gopt_tokens_answer_json(const gopt_tokens_question *q, const gopt_tokens_answer *a, bool all);
/* The flow network of every rotation of every answer, in Graphviz DOT (the caller frees the
 * text; NULL with err set on failure). */
char *gopt_tokens_network_text(const gopt_tokens_question *q, const gopt_tokens_answer *answers, int n,
                               gopt_error *err);
/* The old tile and every rotation of each new tile as hexes; `pointy` draws pointy-topped
 * hexes (1830, 1846: the same edge numbers, turned by 30 degrees). The caller frees the
 * canvases these return. */
gopt_canvas *gopt_tokens_render(const gopt_tokens_question *q, const gopt_tokens_answer *answers, int n, bool pointy);
/* Rows of (question, answer) pairs, as gopt_tokens_render draws one row; `empty` is
 * written when n is 0 (the audit's sheet of stuck cases). */
gopt_canvas *gopt_tokens_render_cases(const gopt_tokens_question *questions, const gopt_tokens_answer *answers, int n,
                                      const char *empty, bool pointy);
/* Tiles alone, without tokens, tile i with rotation rotations[i], in rows of six. */
gopt_canvas *gopt_tokens_render_tiles(const gopt_tokens_tile *const *tiles, const int *rotations, int n, bool pointy);
/* A tile's cities, towns and track as JSON (the `show` verb). */
json_t *gopt_tokens_tile_json(const gopt_tokens_tile *tile, int rotation);

/* ------------------------------------------------------------------ audit */

/* Every upgrade a catalogue allows between tiles with cities, tried with every way its
 * tokens can sit in the old tile (0..slots tokens per city, companies anonymous), old tile
 * at rotation 0, under the given rules. */
typedef struct gopt_tokens_audit_row {
    const gopt_tokens_tile *from, *to;
    int configurations;       /* token layouts tried */
    int stuck;                /* layouts with no legal rotation: the player is stuck */
    int choice;               /* layouts where some legal rotation leaves the owner a choice */
    int with_rotations;       /* layouts with some legal rotation */
    bool depends;             /* the legal rotations differ between layouts of one token count */
    uint8_t empty_rotations;  /* legal rotations with no tokens at all */
    uint8_t any_rotations;    /* legal for some layout */
    int nstuck_shown;         /* stuck layouts kept in `stuck_layouts` (first ones) */
    int8_t stuck_layouts[8][GOPT_TOKENS_MAX_CITIES]; /* tokens per old city */
} gopt_tokens_audit_row;

typedef struct gopt_tokens_audit {
    int nrows;
    gopt_tokens_audit_row *rows;
    long layouts, solves;     /* layouts tried, rotations solved (and checked) */
    bool checked;             /* every answer passed the checker */
    gopt_tokens_rules rules;
    double seconds;
    int nupgrades;            /* upgrades between tiles with cities in the catalogue */
    int stopped;              /* a gopt_stop_reason: a limit or Ctrl-C ended the audit after
                               * nrows of nupgrades (every row kept is whole); 0: all audited */
} gopt_tokens_audit;

/* Layouts per upgrade stop at this many (a tile with many multi-slot cities). */
#define GOPT_TOKENS_AUDIT_MAX_LAYOUTS 4096

/* Polls gopt_stop_check() before each layout: a stop keeps the whole rows audited so far
 * (a->stopped says why) and still returns true. */
bool gopt_tokens_audit_run(const gopt_tokens_catalog *c, gopt_tokens_rules rules, gopt_tokens_audit *a, gopt_error *err);
void gopt_tokens_audit_free(gopt_tokens_audit *a);
/* The question of a layout (tokens named A, B, ... city by city). */
void gopt_tokens_audit_question(const gopt_tokens_tile *from, const int8_t *layout, gopt_tokens_rules rules,
                                gopt_tokens_question *q);
void gopt_tokens_audit_print(FILE *out, const gopt_tokens_catalog *c, const gopt_tokens_audit *a);
json_t *gopt_tokens_audit_row_json(const gopt_tokens_audit *a, const gopt_tokens_audit_row *r);

#endif
