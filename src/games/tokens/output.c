/* Answers for people (a table per new tile) and for programs (one JSON object per new
 * tile: tile, color, feasible_rotations and per rotation placements, unique and why). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/bitset.h"
#include "gameopt/json.h"
#include "gameopt/tokens.h"
#include "games/tokens/internal.h"

const char *gopt_tokens_tile_title(const gopt_tokens_tile *tile, char *buf, size_t size) {
    if (tile->name[0]) {
        snprintf(buf, size, "%s", tile->name);
    } else {
        char *code = gopt_tokens_tile_format(tile);
        snprintf(buf, size, "%s", code);
        free(code);
    }
    return buf;
}

static void describe_tile(FILE *out, const gopt_tokens_tile *t) {
    char title[256], labels[160];
    gopt_tokens_tile_title(t, title, sizeof title);
    gopt_tokens_label_text(t, labels, sizeof labels);
    fprintf(out, "%s (%s%s%s)", title, gopt_tokens_colour_name(t->colour), labels[0] ? ", label " : "", labels);
}

static const char *slots_text(int slots) { return slots == 1 ? "slot" : "slots"; }

void gopt_tokens_print_question(FILE *out, const gopt_tokens_question *q) {
    const gopt_tokens_tile *from = q->from;
    fputs("old tile ", out);
    describe_tile(out, from);
    fprintf(out, " at rotation %d, %s rules%s%s%s%s\n", q->from_rotation, gopt_tokens_rules_name(q->rules),
            q->rules == GOPT_TOKENS_RULES_FULL && q->split ? (q->split_exits ? " (cities may split, exits shared out)" : " (cities may split)") : "",
            q->duplicates == GOPT_TOKENS_DUPLICATES_RETURN ? ", duplicate tokens returned" : "",
            q->shrink ? ", slots may shrink" : "",
            q->placer == GOPT_TOKENS_PLACER_FIRST   ? ", the game places tokens (first city holding their edges)"
            : q->placer == GOPT_TOKENS_PLACER_INDEX ? ", the game places tokens (by index, else first city holding their edges)"
                                                    : "");
    if (q->map_known || q->closed) {
        char edges[32];
        fprintf(out, "  sides that lead somewhere: %s\n", gopt_tokens_edges_text((uint8_t)(~q->closed & 0x3F), edges, sizeof edges));
    } else {
        fputs("  all six neighbours assumed present (--open or --hex say otherwise)\n", out);
    }
    for (int i = 0; i < from->npartitions + q->npartitions; i++) {
        bool own = i < from->npartitions;
        const gopt_tokens_partition *p = own ? &from->partitions[i] : &q->partitions[i - from->npartitions];
        int turn = own ? q->from_rotation : 0;
        char text[96], inner[32], outer[32];
        fprintf(out, "  partition %s (%s): inner side %s, outer side %s, %s\n", gopt_tokens_partition_text(p, text, sizeof text),
                own ? "the old tile's" : "the map's", gopt_tokens_edges_text(gopt_tokens_rotate(p->inner, turn), inner, sizeof inner),
                gopt_tokens_edges_text(gopt_tokens_rotate(p->outer, turn), outer, sizeof outer),
                q->partition_follow ? "followed: no path may cross it" : "ignored (--partition follow binds it)");
    }
    if (q->stubs_set) {
        char sides[32];
        fprintf(out, "  stubs still binding (--stubs): %s\n", q->stubs_now ? gopt_tokens_edges_text(q->stubs_now, sides, sizeof sides) : "none");
    }
    for (int s = 0; s < GOPT_TOKENS_EDGES; s++)
        for (int g = 0; g < 4; g++)
            if (q->neighbour_gauges[s] >> g & 1)
                fprintf(out, "  the neighbour at side %d has %s track: the new tile's track there must share a gauge with it%s\n", s,
                        gopt_tokens_track_name((gopt_tokens_track)g), q->neighbour_meet_one ? " (at one such side at least)" : "");
    for (int i = 0; i < q->nhex_rules; i++) {
        const gopt_tokens_hex_rotations *h = &q->hex_rules[i];
        char rots[32];
        fprintf(out, "  the map's rule: %s%s only at rotations %s\n", h->tile[0] ? h->tile : gopt_tokens_colour_name(h->colour),
                h->tile[0] ? "" : " tiles", gopt_tokens_edges_text(h->rotations, rots, sizeof rots));
    }
    for (int c = 0; c < from->ncities; c++) {
        char edges[32];
        uint8_t e = gopt_tokens_city_edges(from, c, q->from_rotation);
        int slots = gopt_tokens_city_slots(from, c);
        fprintf(out, "  city %d: %d %s, ", c, slots, slots_text(slots));
        if (e) fprintf(out, "edges %s", gopt_tokens_edges_text(e, edges, sizeof edges));
        else fputs("no track", out);
        int k = 0;
        for (int i = 0; i < q->ntokens; i++)
            if (q->tokens[i].city == c)
                fprintf(out, "%s%s%s%s", k++ ? ", " : ": ", q->tokens[i].reserved ? "reserved:" : q->tokens[i].extra ? "extra:" : "",
                        q->tokens[i].name, q->tokens[i].returned ? " (returned by the game)" : "");
        fputc('\n', out);
    }
}

static void print_placement(FILE *out, const gopt_tokens_question *q, const int8_t *row) {
    if (q->ntokens == 0) fputs("(no tokens)", out);
    for (int i = 0; i < q->ntokens; i++) {
        char key[64];
        if (row[i] < 0) fprintf(out, "%s%s->returned", i ? " " : "", gopt_tokens_token_key(q, i, key, sizeof key));
        else fprintf(out, "%s%s->%d", i ? " " : "", gopt_tokens_token_key(q, i, key, sizeof key), row[i]);
    }
}

/* Tokens of one company that end in one new city: flagged, and returned when the game says so. */
static void print_duplicates(FILE *out, const gopt_tokens_question *q, const int8_t *row) {
    uint64_t dup = gopt_tokens_duplicates(q, row);
    if (!dup) return;
    fputs("  duplicate:", out);
    for (int i = 0; i < q->ntokens; i++)
        if (dup >> i & 1) {
            char key[64];
            fprintf(out, " %s", gopt_tokens_token_key(q, i, key, sizeof key));
        }
    fputs(q->duplicates == GOPT_TOKENS_DUPLICATES_RETURN ? " (returned to its company)" : " (kept)", out);
}

/* Whether every rotation has the same feasible answer (a new tile whose cities all reach
 * the same edges whatever its rotation, e.g. a tile without track): then --all prints the
 * list once instead of six times. */
static bool same_everywhere(const gopt_tokens_question *q, const gopt_tokens_answer *a) {
    const gopt_tokens_rotation *r0 = &a->rotations[0];
    if (!r0->feasible) return false;
    for (int r = 1; r < GOPT_TOKENS_EDGES; r++) {
        const gopt_tokens_rotation *x = &a->rotations[r];
        if (!x->feasible || x->count != r0->count || x->complete != r0->complete || x->unique != r0->unique ||
            memcmp(x->city_map, r0->city_map, sizeof x->city_map) != 0 ||
            (q->ntokens && memcmp(x->placements, r0->placements, (size_t)(x->count * q->ntokens)) != 0))
            return false;
    }
    return true;
}

static void print_rotation(FILE *out, const gopt_tokens_question *q, const gopt_tokens_answer *a,
                           const gopt_tokens_rotation *r, bool all, bool every) {
    if (every) fputs("  0-5  ", out);
    else fprintf(out, "  %3d  ", r->rotation);
    if (!r->feasible) {
        char why[512];
        fprintf(out, "%s: %s\n", r->verdict == GOPT_TOKENS_UNKNOWN ? "unknown" : "no",
                gopt_tokens_reason(q, a->to, r, why, sizeof why));
        return;
    }
    print_placement(out, q, r->placements);
    if (r->unique) fputs("  (unique)", out);
    else if (r->limited && r->count == 1) fputs("  (uniqueness unknown: the search gave up)", out);
    else if (r->complete) fprintf(out, "  (one of %ld: the owner chooses)", r->count);
    else fputs("  (not unique: the owner chooses)", out);
    if (r->nreturned) {
        fprintf(out, "  [%d token%s must go, from", r->nreturned, r->nreturned == 1 ? "" : "s");
        for (int i = 0; i < q->ntokens; i++)
            if (r->may_return >> i & 1) {
                char key[64];
                fprintf(out, " %s", gopt_tokens_token_key(q, i, key, sizeof key));
            }
        fputc(']', out);
    }
    if (q->rules == GOPT_TOKENS_RULES_FULL && !q->split && q->from->ncities > 0) {
        fputs("  [old cities", out);
        for (int c = 0; c < q->from->ncities; c++) fprintf(out, " %d->%d", c, r->city_map[c]);
        fputc(']', out);
    }
    print_duplicates(out, q, r->placements);
    fputc('\n', out);
    for (long k = 1; all && k < r->count; k++) {
        fputs("       ", out);
        print_placement(out, q, r->placements + k * q->ntokens);
        print_duplicates(out, q, r->placements + k * q->ntokens);
        fputc('\n', out);
    }
    if (all && !r->complete) fprintf(out, "       (stopped after %ld placements)\n", r->count);
}

void gopt_tokens_print(FILE *out, const gopt_tokens_question *q, const gopt_tokens_answer *a, bool all) {
    const gopt_tokens_tile *to = a->to;
    fputs("\nnew tile ", out);
    describe_tile(out, to);
    fputs(":", out);
    for (int c = 0; c < to->ncities; c++) {
        char edges[32];
        int slots = gopt_tokens_city_slots(to, c);
        fprintf(out, "%s city %d %s %d %s", c ? ";" : "", c,
                gopt_tokens_edges_text(gopt_tokens_city_edges(to, c, 0), edges, sizeof edges), slots, slots_text(slots));
    }
    if (to->ncities == 0) fputs(" no cities", out);
    if (to->shrinks && !q->shrink) fputs("\n  the game's catalogue: laying it, the slots may shrink", out);
    if (tokens_town_or_city_drops(q, to)) fputs("\n  town or city (1880): it keeps the towns, so the old cities are dropped (->-1)", out);
    fputs("\n  rot  placement (token->new city)\n", out);
    if (all && same_everywhere(q, a)) print_rotation(out, q, a, &a->rotations[0], all, true);
    else
        for (int r = 0; r < GOPT_TOKENS_EDGES; r++) print_rotation(out, q, a, &a->rotations[r], all, false);
    fputs("  feasible rotations:", out);
    for (int r = 0; r < GOPT_TOKENS_EDGES; r++)
        if (a->rotations[r].feasible) fprintf(out, " %d", r);
    if (!a->nfeasible) fputs(" none", out);
    fputc('\n', out);
}

static json_t *placement_json(const gopt_tokens_question *q, const int8_t *row) {
    json_t *o = json_object();
    for (int i = 0; i < q->ntokens; i++) {
        char key[64];
        json_object_set_new(o, gopt_tokens_token_key(q, i, key, sizeof key), row[i] < 0 ? json_string("returned") : json_integer(row[i]));
    }
    return o;
}

static json_t *names_json(const gopt_tokens_question *q, uint64_t set) {
    json_t *a = json_array();
    for (int i = 0; i < q->ntokens; i++)
        if (set >> i & 1) {
            char key[64];
            json_array_append_new(a, json_string(gopt_tokens_token_key(q, i, key, sizeof key)));
        }
    return a;
}

static json_t *indices_json(uint32_t set) {
    json_t *a = json_array();
    GOPT_FOR_BITS(i, set) json_array_append_new(a, json_integer(i));
    return a;
}

static const char *const verdict_names[] = {"feasible",  "short",     "no-city",    "unsplittable",
                                            "city-count", "town-lost", "track-lost", "unknown",
                                            "off-map",    "rotation",  "gauge",      "stub",
                                            "exit-lost", "port", "partition", "neighbour-gauge"};

static json_t *rotation_json(const gopt_tokens_question *q, const gopt_tokens_answer *a, const gopt_tokens_rotation *r,
                             bool all) {
    json_t *o = json_pack("{s:i, s:b}", "rotation", r->rotation, "feasible", r->feasible);
    if (r->feasible) {
        json_t *list = json_array();
        for (long k = 0; k < (all ? r->count : 1); k++) json_array_append_new(list, placement_json(q, r->placements + k * q->ntokens));
        json_object_set_new(o, "placements", list);
        json_object_set_new(o, "unique", json_boolean(r->unique));
        if (r->limited) json_object_set_new(o, "limited", json_true());
        if (all) {
            json_object_set_new(o, "count", json_integer(r->count));
            json_object_set_new(o, "complete", json_boolean(r->complete));
        }
        if (q->rules == GOPT_TOKENS_RULES_FULL && !q->split) {
            int map[GOPT_TOKENS_MAX_CITIES];
            for (int c = 0; c < q->from->ncities; c++) map[c] = r->city_map[c];
            json_object_set_new(o, "city_map", gopt_json_int_array(map, q->from->ncities));
        }
        if (r->nreturned) {
            json_object_set_new(o, "returned", json_integer(r->nreturned));
            json_object_set_new(o, "may_return", names_json(q, r->may_return));
        }
        uint64_t dup = q->ntokens ? gopt_tokens_duplicates(q, r->placements) : 0;
        if (dup) {
            json_object_set_new(o, "duplicate", names_json(q, dup));
            json_object_set_new(o, "duplicates", json_string(gopt_tokens_duplicates_name(q->duplicates)));
        }
        return o;
    }
    char why[512];
    json_object_set_new(o, "why", json_string(gopt_tokens_reason(q, a->to, r, why, sizeof why)));
    json_object_set_new(o, "verdict", json_string(verdict_names[r->verdict]));
    if (r->verdict == GOPT_TOKENS_SHORT || r->verdict == GOPT_TOKENS_UNSPLITTABLE) {
        json_object_set_new(o, "tokens", names_json(q, r->why_tokens));
        if (q->rules == GOPT_TOKENS_RULES_FULL) json_object_set_new(o, "old_cities", indices_json(r->why_old_cities));
        json_object_set_new(o, "cities", indices_json(r->why_cities));
        json_object_set_new(o, "demand", json_integer(r->why_demand));
        json_object_set_new(o, "slots", json_integer(r->why_slots));
    }
    return o;
}

static json_t *edges_json(uint8_t edges);

/* The hex's partitions in map orientation, and whether they bind (--partition). */
static json_t *partitions_json(const gopt_tokens_question *q) {
    json_t *list = json_array();
    for (int i = 0; i < q->from->npartitions + q->npartitions; i++) {
        bool own = i < q->from->npartitions;
        const gopt_tokens_partition *p = own ? &q->from->partitions[i] : &q->partitions[i - q->from->npartitions];
        int turn = own ? q->from_rotation : 0;
        char text[96];
        json_array_append_new(list, json_pack("{s:s, s:s, s:o, s:o, s:b}", "partition", gopt_tokens_partition_text(p, text, sizeof text),
                                              "from", own ? "tile" : "map", "inner", edges_json(gopt_tokens_rotate(p->inner, turn)),
                                              "outer", edges_json(gopt_tokens_rotate(p->outer, turn)), "followed", q->partition_follow));
    }
    return list;
}

/* The neighbours' track by side ({"5": "broad"}), or NULL when the question gives none. */
static json_t *neighbour_track_json(const gopt_tokens_question *q) {
    json_t *o = NULL;
    for (int s = 0; s < GOPT_TOKENS_EDGES; s++)
        for (int g = 0; g < 4; g++)
            if (q->neighbour_gauges[s] >> g & 1) {
                char key[4];
                snprintf(key, sizeof key, "%d", s);
                if (!o) o = json_object();
                json_object_set_new(o, key, json_string(gopt_tokens_track_name((gopt_tokens_track)g)));
            }
    return o;
}

json_t *gopt_tokens_answer_json(const gopt_tokens_question *q, const gopt_tokens_answer *a, bool all) {
    char from[512], to[512];
    int feasible[GOPT_TOKENS_EDGES], n = 0;
    for (int r = 0; r < GOPT_TOKENS_EDGES; r++)
        if (a->rotations[r].feasible) feasible[n++] = r;
    json_t *rotations = json_array();
    for (int r = 0; r < GOPT_TOKENS_EDGES; r++) json_array_append_new(rotations, rotation_json(q, a, &a->rotations[r], all));
    json_t *j = json_pack("{s:s, s:i, s:s, s:s, s:s, s:o, s:o, s:o}", "from", gopt_tokens_tile_title(q->from, from, sizeof from),
                          "from_rotation", q->from_rotation, "rules", gopt_tokens_rules_name(q->rules), "tile",
                          gopt_tokens_tile_title(a->to, to, sizeof to), "color", gopt_tokens_colour_name(a->to->colour),
                          "feasible_rotations", gopt_json_int_array(feasible, n), "rotations", rotations, "counters",
                          gopt_counters_json(&a->counters));
    if (q->split) json_object_set_new(j, "split", json_true());
    if (q->split && q->split_exits) json_object_set_new(j, "split_exits", json_true());
    if (q->future_free) json_object_set_new(j, "future_track", json_string("ignore"));
    if (q->town_or_city) json_object_set_new(j, "town_or_city", json_boolean(tokens_town_or_city_drops(q, a->to)));
    if (q->shrink || a->to->shrinks) json_object_set_new(j, "shrink", json_true());
    if (q->from->npartitions + q->npartitions) json_object_set_new(j, "partitions", partitions_json(q));
    if (q->placer != GOPT_TOKENS_PLACER_OWNER) json_object_set_new(j, "placed_by", json_string(gopt_tokens_placer_name(q->placer)));
    if (q->stubs_set) json_object_set_new(j, "stubs", edges_json(q->stubs_now));
    json_t *nt = neighbour_track_json(q);
    if (nt) {
        json_object_set_new(j, "neighbour_track", nt);
        json_object_set_new(j, "neighbour_meet", json_string(q->neighbour_meet_one ? "one" : "every"));
    }
    uint64_t gone = 0;
    for (int i = 0; i < q->ntokens; i++) gone |= (uint64_t)q->tokens[i].returned << i;
    if (gone) json_object_set_new(j, "returned_by_game", names_json(q, gone));
    if (q->map_known || q->closed) { /* the sides that lead somewhere (--open, --hex) */
        int open[GOPT_TOKENS_EDGES], no = 0;
        for (int e = 0; e < GOPT_TOKENS_EDGES; e++)
            if (!(q->closed >> e & 1)) open[no++] = e;
        json_object_set_new(j, "open_sides", gopt_json_int_array(open, no));
    }
    gopt_json_set_times(j, a->seconds, a->cpu_seconds);
    return j;
}

static json_t *edges_json(uint8_t edges) {
    json_t *a = json_array();
    for (int e = 0; e < GOPT_TOKENS_EDGES; e++)
        if (edges >> e & 1) json_array_append_new(a, json_integer(e));
    return a;
}

json_t *gopt_tokens_tile_json(const gopt_tokens_tile *tile, int rotation) {
    char title[512];
    char *code = gopt_tokens_tile_format(tile);
    json_t *cities = json_array(), *towns = json_array(), *track = json_array(), *labels = json_array();
    for (int c = 0; c < tile->ncities; c++) {
        const gopt_tokens_node *n = &tile->nodes[tile->city_node[c]];
        json_t *city = json_pack("{s:i, s:o, s:s}", "slots", n->slots, "edges", edges_json(gopt_tokens_rotate(n->edges, rotation)),
                                 "revenue", n->revenue);
        if (n->reservation[0]) json_object_set_new(city, "reservation", json_string(n->reservation));
        json_array_append_new(cities, city);
    }
    for (int k = 0; k < tile->ntowns; k++)
        json_array_append_new(towns, json_pack("{s:o}", "edges", edges_json(gopt_tokens_rotate(tile->nodes[tile->town_node[k]].edges, rotation))));
    for (int a = 0; a < GOPT_TOKENS_EDGES; a++)
        for (int b = a + 1; b < GOPT_TOKENS_EDGES; b++)
            if (tile->links[a] >> b & 1) json_array_append_new(track, json_pack("[i, i]", (a + rotation) % 6, (b + rotation) % 6));
    for (int i = 0; i < tile->nlabels; i++) json_array_append_new(labels, json_string(tile->labels[i]));
    json_t *o = json_pack("{s:s, s:s, s:i, s:o, s:o, s:o, s:o, s:s}", "tile", gopt_tokens_tile_title(tile, title, sizeof title),
                          "color", gopt_tokens_colour_name(tile->colour), "rotation", rotation, "labels", labels, "cities",
                          cities, "towns", towns, "through_track", track, "code", code);
    free(code);
    return o;
}
