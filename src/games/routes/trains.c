/* Train types: what a train may visit and what it counts.
 *
 *   NAME alone      the game's type of that name, else a pattern:
 *                   N      an N-train: N stops, all counted
 *                   N+M    N cities (and off-boards) plus M more stops
 *                   D      diesel: any number of stops (takes `diesel_N` revenues)
 *                   U      unlimited stops
 *                   NE     express: any number of stops, the best N counted
 *                   N/M    M stops, the best N counted (1846's 3/5)
 *                   NH     N hexes (1844, 1858), every stop counted
 *   NAME KEY...     stops:N|unlimited cities:N towns:N pay:N hexes:N free-towns
 *                   first:offboard[,city,town] x2 (or multiplier:N) diesel
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/routes/internal.h"

static gopt_routes_train blank(const char *name) {
    gopt_routes_train t = {.stops = GOPT_ROUTES_UNLIMITED,
                           .cities = GOPT_ROUTES_UNLIMITED,
                           .towns = GOPT_ROUTES_UNLIMITED,
                           .pay = GOPT_ROUTES_UNLIMITED,
                           .hexes = GOPT_ROUTES_UNLIMITED,
                           .multiplier = 1};
    snprintf(t.name, sizeof t.name, "%s", name);
    return t;
}

/* A whole number 1..999 at s, its end in *end; false when there is none. */
static bool number(const char *s, int *out, const char **end) {
    if (!isdigit((unsigned char)*s)) return false;
    long v = strtol(s, (char **)end, 10);
    if (v < 1 || v > 999) return false;
    *out = (int)v;
    return true;
}

static bool pattern(const char *name, gopt_routes_train *t) {
    int n, m;
    const char *end;
    *t = blank(name);
    if (strcmp(name, "D") == 0 || strcmp(name, "Diesel") == 0) return t->diesel = true, true;
    if (strcmp(name, "U") == 0) return true;
    if (!number(name, &n, &end)) return false;
    if (!*end) return t->stops = n, true;
    if ((end[0] == 'E' || end[0] == 'e') && !end[1]) return t->pay = n, true;
    if ((end[0] == 'H' || end[0] == 'h') && !end[1]) return t->hexes = n, true;
    if (end[0] == '+' && number(end + 1, &m, &end) && !*end) return t->cities = n, t->stops = n + m, true;
    if (end[0] == '/' && number(end + 1, &m, &end) && !*end && m >= n) return t->stops = m, t->pay = n, true;
    return false;
}

/* One KEY[:VALUE] word. */
static bool key(gopt_routes_train *t, const char *word, char *msg, size_t size) {
    const char *colon = strchr(word, ':');
    size_t klen = colon ? (size_t)(colon - word) : strlen(word);
    const char *value = colon ? colon + 1 : NULL;
    static const char *const limits[] = {"stops", "cities", "towns", "pay", "hexes"};
    int *fields[] = {&t->stops, &t->cities, &t->towns, &t->pay, &t->hexes};
    for (int k = 0; k < 5; k++) {
        if (strlen(limits[k]) != klen || strncmp(word, limits[k], klen) != 0) continue;
        if (value && strcmp(value, "unlimited") == 0) return *fields[k] = GOPT_ROUTES_UNLIMITED, true;
        const char *end;
        int n;
        if (value && number(value, &n, &end) && !*end) return *fields[k] = n, true;
        return snprintf(msg, size, "%s takes a whole number 1..999 or 'unlimited'", limits[k]), false;
    }
    if (strcmp(word, "free-towns") == 0) return t->towns_free = true, true;
    if (strcmp(word, "diesel") == 0) return t->diesel = true, true;
    if (strcmp(word, "x2") == 0) return t->multiplier = 2, true;
    if (klen == 10 && strncmp(word, "multiplier", 10) == 0) {
        const char *end;
        int n;
        if (value && number(value, &n, &end) && !*end && n <= 10) return t->multiplier = n, true;
        return snprintf(msg, size, "multiplier takes a whole number 1..10"), false;
    }
    if (klen == 5 && strncmp(word, "first", 5) == 0 && value) {
        t->first = 0;
        for (const char *p = value; *p;) {
            const char *comma = strchr(p, ',');
            size_t n = comma ? (size_t)(comma - p) : strlen(p);
            if (n == 4 && strncmp(p, "city", 4) == 0) t->first |= GOPT_ROUTES_CLASS_BIT(GOPT_ROUTES_CITY);
            else if (n == 4 && strncmp(p, "town", 4) == 0) t->first |= GOPT_ROUTES_CLASS_BIT(GOPT_ROUTES_TOWN);
            else if (n == 8 && strncmp(p, "offboard", 8) == 0) t->first |= GOPT_ROUTES_CLASS_BIT(GOPT_ROUTES_OFFBOARD);
            else return snprintf(msg, size, "first takes city, town and offboard"), false;
            p += n;
            if (*p == ',') p++;
        }
        return true;
    }
    snprintf(msg, size,
             "unknown train key '%s' (stops:N, cities:N, towns:N, pay:N, hexes:N, free-towns, first:CLASSES, x2, "
             "multiplier:N, diesel)",
             word);
    return false;
}

bool gopt_routes_train_parse(const gopt_routes_state *s, const char *spec, const char *where, gopt_routes_train *out,
                             gopt_error *err) {
    char buf[256];
    snprintf(buf, sizeof buf, "%s", spec);
    char *save = NULL, *name = strtok_r(buf, " \t", &save);
    if (!name) return gopt_fail(err, where, 0, 0, "a train needs a name");
    if (strlen(name) >= GOPT_ROUTES_NAME_SIZE)
        return gopt_fail(err, where, 0, 0, "train name '%s' is longer than %d characters", name, GOPT_ROUTES_NAME_SIZE - 1);
    char *word = strtok_r(NULL, " \t", &save);
    if (!word) {
        for (int i = s ? s->ntypes - 1 : -1; i >= 0; i--)
            if (strcmp(s->types[i].name, name) == 0) return *out = s->types[i], true;
        if (pattern(name, out)) return true;
        return gopt_fail(err, where, 0, 0,
                         "unknown train '%s': not a type of this game, nor a pattern (4, 3+1, D, 6E, 3/5, 8H)", name);
    }
    *out = blank(name);
    for (; word; word = strtok_r(NULL, " \t", &save)) {
        char msg[256];
        if (!key(out, word, msg, sizeof msg)) return gopt_fail(err, where, 0, 0, "%s", msg);
    }
    if (out->pay != GOPT_ROUTES_UNLIMITED && out->stops != GOPT_ROUTES_UNLIMITED && out->pay > out->stops)
        return gopt_fail(err, where, 0, 0, "train %s counts more stops (pay:%d) than it visits (stops:%d)", out->name,
                         out->pay, out->stops);
    return true;
}

static void limit(char *buf, size_t size, size_t *n, const char *what, int v) {
    if (v == GOPT_ROUTES_UNLIMITED || *n >= size) return;
    *n += (size_t)snprintf(buf + *n, size - *n, "%s%d %s", *n ? ", " : "", v, what);
}

const char *gopt_routes_train_text(const gopt_routes_train *t, char *buf, size_t size) {
    size_t n = 0;
    buf[0] = 0;
    if (t->stops == GOPT_ROUTES_UNLIMITED && t->hexes == GOPT_ROUTES_UNLIMITED && t->cities == GOPT_ROUTES_UNLIMITED)
        n += (size_t)snprintf(buf, size, "unlimited stops");
    limit(buf, size, &n, "stops", t->stops);
    limit(buf, size, &n, "cities", t->cities);
    limit(buf, size, &n, "towns", t->towns);
    limit(buf, size, &n, "hexes", t->hexes);
    if (t->towns_free && n < size) n += (size_t)snprintf(buf + n, size - n, ", towns free");
    if (t->pay != GOPT_ROUTES_UNLIMITED && n < size) n += (size_t)snprintf(buf + n, size - n, ", best %d count", t->pay);
    if (t->first && n < size) {
        n += (size_t)snprintf(buf + n, size - n, ", first:");
        static const char *const names[] = {"city", "town", "offboard"};
        bool comma = false;
        for (int c = 0; c < 3 && n < size; c++)
            if (t->first & (1u << c)) n += (size_t)snprintf(buf + n, size - n, "%s%s", comma ? "," : "", names[c]), comma = true;
    }
    if (t->diesel && n < size) n += (size_t)snprintf(buf + n, size - n, ", diesel values");
    if (t->multiplier > 1 && n < size) snprintf(buf + n, size - n, ", x%d", t->multiplier);
    return buf;
}
