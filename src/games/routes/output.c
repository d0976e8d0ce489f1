/* Answers for people and programs: each route with its stops, what counts and why, as text
 * and JSON (docs/formats.md#routes), and routes read back from that JSON (`routes check`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/json.h"
#include "games/routes/internal.h"

static const char *stop_name(const gopt_routes_state *s, int hex, int node, char *buf, size_t size) {
    char label[32];
    gopt_routes_stop_label(s, hex, node, label, sizeof label);
    if (s->hexes[hex].name[0]) snprintf(buf, size, "%s %s", label, s->hexes[hex].name);
    else snprintf(buf, size, "%s", label);
    return buf;
}

static int stop_value(const gopt_routes_state *s, const gopt_routes_route *r, int i) {
    gopt_routes_train tr = routes_effective_train(s, r->train);
    return gopt_routes_node_revenue(s, &s->hexes[r->stop_hex[i]], r->stop_node[i], &tr);
}

const char *gopt_routes_route_reason(const gopt_routes_state *s, const gopt_routes_route *r, char *buf, size_t size) {
    gopt_routes_train tr = routes_effective_train(s, r->train);
    size_t n = 0;
    buf[0] = 0;
    if (r->nstops == 0) return snprintf(buf, size, "idle: no legal route earns anything more"), buf;
    n += (size_t)snprintf(buf + n, size - n, "counts");
    int counted = 0, skipped = 0;
    for (int i = 0; i < r->nstops && n < size; i++)
        if (r->paid >> i & 1) {
            char name[96];
            n += (size_t)snprintf(buf + n, size - n, "%s %s %d", counted++ ? " +" : "", stop_name(s, r->stop_hex[i], r->stop_node[i], name, sizeof name),
                                  stop_value(s, r, i));
        }
    if (n < size) n += (size_t)snprintf(buf + n, size - n, " = %d", r->stops_value);
    for (int i = 0; i < r->nstops && n < size; i++)
        if (!(r->paid >> i & 1)) {
            char name[96];
            n += (size_t)snprintf(buf + n, size - n, "%s %s (%d)", skipped++ ? "," : "; skips", stop_name(s, r->stop_hex[i], r->stop_node[i], name, sizeof name),
                                  stop_value(s, r, i));
        }
    if (tr.multiplier > 1 && n < size) n += (size_t)snprintf(buf + n, size - n, "; x%d = %d", tr.multiplier, r->stops_value * tr.multiplier);
    int named = 0;
    for (int b = 0; b < s->nbonuses && n < size; b++)
        if (r->bonuses >> b & 1) n += (size_t)snprintf(buf + n, size - n, "%s %s", named++ ? "," : "; bonus", s->bonuses[b].name);
    int rest = r->bonus;
    if (rest && n < size) {
        /* per-stop bonuses have no bit: name them from the counted stops */
        for (int b = 0; b < s->nbonuses && n < size; b++) {
            if (s->bonuses[b].kind != GOPT_ROUTES_BONUS_EACH) continue;
            bool met = false;
            for (int i = 0; i < r->nstops && !met; i++)
                for (int k = 0; k < s->bonuses[b].sets[0].n; k++)
                    met |= (r->paid >> i & 1) && s->bonuses[b].sets[0].hex[k] == r->stop_hex[i];
            if (met) n += (size_t)snprintf(buf + n, size - n, "%s %s", named++ ? "," : "; bonus", s->bonuses[b].name);
        }
        if (n < size) n += (size_t)snprintf(buf + n, size - n, " +%d", rest);
    }
    return buf;
}

static void route_line(FILE *out, const gopt_routes_state *s, const gopt_routes_route *r) {
    const gopt_routes_train *tr = &s->trains[r->train];
    fprintf(out, "  %-6s", tr->name);
    if (r->nstops == 0) {
        fprintf(out, " idle\n");
        return;
    }
    for (int i = 0; i < r->nstops; i++) {
        char label[32];
        gopt_routes_stop_label(s, r->stop_hex[i], r->stop_node[i], label, sizeof label);
        fprintf(out, "%s%s%s%s", i ? "-" : " ", (r->paid >> i & 1) ? "" : "(", label, (r->paid >> i & 1) ? "" : ")");
    }
    char why[1024];
    fprintf(out, "  = %d\n         %s\n", r->revenue, gopt_routes_route_reason(s, r, why, sizeof why));
}

void gopt_routes_print(FILE *out, const gopt_routes_state *s, const gopt_routes_solution *x) {
    for (int t = 0; t < x->ntrains; t++) route_line(out, s, &x->routes[t]);
}

json_t *gopt_routes_solution_json(const gopt_routes_state *s, const gopt_routes_solution *x) {
    json_t *routes = json_array();
    for (int t = 0; t < x->ntrains; t++) {
        const gopt_routes_route *r = &x->routes[t];
        json_t *j = json_object(), *stops = json_array(), *paths = json_array(), *legs = json_array(), *bonuses = json_array();
        json_object_set_new(j, "train", json_string(s->trains[r->train].name));
        json_object_set_new(j, "revenue", json_integer(r->revenue));
        for (int i = 0; i < r->nstops; i++) {
            const gopt_routes_hex *h = &s->hexes[r->stop_hex[i]];
            char label[32];
            json_t *st = json_object();
            json_object_set_new(st, "stop", json_string(gopt_routes_stop_label(s, r->stop_hex[i], r->stop_node[i], label, sizeof label)));
            json_object_set_new(st, "hex", json_string(h->coord));
            json_object_set_new(st, "node", json_integer(r->stop_node[i]));
            if (h->name[0]) json_object_set_new(st, "name", json_string(h->name));
            json_object_set_new(st, "value", json_integer(stop_value(s, r, i)));
            json_object_set_new(st, "counted", json_boolean(r->paid >> i & 1));
            json_array_append_new(stops, st);
            if (i + 1 < r->nstops) json_array_append_new(legs, json_integer(r->leg[i]));
        }
        for (int k = 0; k < r->npaths; k++)
            json_array_append_new(paths, json_pack("[si]", s->hexes[r->path_hex[k]].coord, (int)r->path_index[k]));
        for (int b = 0; b < s->nbonuses; b++)
            if (r->bonuses >> b & 1) json_array_append_new(bonuses, json_string(s->bonuses[b].name));
        json_object_set_new(j, "stops", stops);
        json_object_set_new(j, "legs", legs);
        json_object_set_new(j, "paths", paths);
        json_object_set_new(j, "stops_value", json_integer(r->stops_value));
        json_object_set_new(j, "bonus", json_integer(r->bonus));
        json_object_set_new(j, "bonuses", bonuses);
        char why[1024];
        json_object_set_new(j, "reason", json_string(gopt_routes_route_reason(s, r, why, sizeof why)));
        json_array_append_new(routes, j);
    }
    json_t *o = json_object();
    json_object_set_new(o, "total", json_integer(x->total));
    json_object_set_new(o, "optimal", json_boolean(x->optimal));
    json_object_set_new(o, "bound", json_integer(x->bound));
    json_object_set_new(o, "routes", routes);
    return o;
}

/* ---- reading routes back ---- */

static int hex_of(const gopt_routes_state *s, const json_t *v) {
    return json_is_string(v) ? gopt_routes_hex_find(s, json_string_value(v)) : -1;
}

static bool read_route(const gopt_routes_state *s, const json_t *j, int t, gopt_routes_route *r, gopt_error *err) {
    memset(r, 0, sizeof *r);
    r->train = t;
    const json_t *stops = json_object_get(j, "stops"), *paths = json_object_get(j, "paths"), *legs = json_object_get(j, "legs");
    const json_t *rev = json_object_get(j, "revenue"), *bonuses = json_object_get(j, "bonuses");
    if (!json_is_array(stops) || json_array_size(stops) > GOPT_ROUTES_ROUTE_STOPS)
        return gopt_fail(err, "routes", 0, 0, "route %d: \"stops\" is not an array of at most %d stops", t + 1, GOPT_ROUTES_ROUTE_STOPS);
    r->nstops = (int)json_array_size(stops);
    if (r->nstops == 0) return true;
    if (!json_is_array(paths) || json_array_size(paths) > GOPT_ROUTES_ROUTE_PATHS || !json_is_array(legs) ||
        (int)json_array_size(legs) != r->nstops - 1 || !json_is_integer(rev))
        return gopt_fail(err, "routes", 0, 0, "route %d needs \"paths\", \"legs\" (one per leg) and \"revenue\"", t + 1);
    for (int i = 0; i < r->nstops; i++) {
        const json_t *st = json_array_get(stops, (size_t)i);
        int h = hex_of(s, json_object_get(st, "hex"));
        const json_t *node = json_object_get(st, "node");
        if (h < 0 || !json_is_integer(node) || json_integer_value(node) < 0 || json_integer_value(node) >= GOPT_TOKENS_MAX_NODES)
            return gopt_fail(err, "routes", 0, 0, "route %d, stop %d: needs a \"hex\" on the map and a \"node\"", t + 1, i + 1);
        r->stop_hex[i] = (int16_t)h;
        r->stop_node[i] = (int8_t)json_integer_value(node);
        if (json_is_true(json_object_get(st, "counted")) && i < 64) r->paid |= (uint64_t)1 << i;
    }
    r->npaths = (int)json_array_size(paths);
    for (int k = 0; k < r->npaths; k++) {
        const json_t *p = json_array_get(paths, (size_t)k);
        int h = hex_of(s, json_array_get(p, 0));
        const json_t *idx = json_array_get(p, 1);
        if (h < 0 || !json_is_integer(idx) || json_integer_value(idx) < 0 || json_integer_value(idx) >= GOPT_TOKENS_MAX_PATHS)
            return gopt_fail(err, "routes", 0, 0, "route %d, path %d: expected [\"HEX\", PATH]", t + 1, k + 1);
        r->path_hex[k] = (int16_t)h;
        r->path_index[k] = (int8_t)json_integer_value(idx);
    }
    for (int i = 0; i + 1 < r->nstops; i++) {
        const json_t *l = json_array_get(legs, (size_t)i);
        if (!json_is_integer(l) || json_integer_value(l) < 0 || json_integer_value(l) > r->npaths)
            return gopt_fail(err, "routes", 0, 0, "route %d: leg %d does not start at a path", t + 1, i + 1);
        r->leg[i] = (int16_t)json_integer_value(l);
    }
    r->leg[r->nstops - 1] = (int16_t)r->npaths;
    r->revenue = (int)json_integer_value(rev);
    const json_t *sv = json_object_get(j, "stops_value"), *bo = json_object_get(j, "bonus");
    r->stops_value = json_is_integer(sv) ? (int)json_integer_value(sv) : 0;
    r->bonus = json_is_integer(bo) ? (int)json_integer_value(bo) : 0;
    size_t i;
    const json_t *b;
    json_array_foreach(bonuses, i, b) {
        for (int k = 0; k < s->nbonuses; k++)
            if (json_is_string(b) && strcmp(s->bonuses[k].name, json_string_value(b)) == 0) r->bonuses |= 1u << k;
    }
    return true;
}

bool gopt_routes_solution_from_json(const gopt_routes_state *s, const json_t *j, gopt_routes_solution *x, gopt_error *err) {
    memset(x, 0, sizeof *x);
    const json_t *routes = json_is_array(j) ? j : json_object_get(j, "routes");
    if (!json_is_array(routes)) return gopt_fail(err, "routes", 0, 0, "expected an object with a \"routes\" array");
    if ((int)json_array_size(routes) != s->ntrains)
        return gopt_fail(err, "routes", 0, 0, "%zu routes for %d trains", json_array_size(routes), s->ntrains);
    x->ntrains = s->ntrains;
    for (int t = 0; t < s->ntrains; t++) {
        if (!read_route(s, json_array_get(routes, (size_t)t), t, &x->routes[t], err)) return false;
        x->total += x->routes[t].revenue;
    }
    x->bound = x->total;
    return true;
}
