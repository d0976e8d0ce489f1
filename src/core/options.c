/* Typed option tables: one declaration per option drives checking (with a located error),
 * typed values with their defaults, the help text and JSON (CaDiCaL's options.hpp model). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gameopt/alloc.h"
#include "gameopt/game.h"
#include "gameopt/require.h"

const gopt_opt gopt_common_opts[] = {
    GOPT_ENUM("format", "FMT", NULL, NULL, "input format (guessed when omitted)"),
    GOPT_STRING("output", "FILE", NULL, "write to FILE; .svg .png .pdf draw a picture, .txt .json take the results"),
    GOPT_FLAG("json", "one JSON object per result"),
    GOPT_ENUM("method", "M", NULL, NULL, "solution method"),
    GOPT_REAL("time-limit", "S", NULL, 0, 1e9, "give up on each puzzle (or the run) after S seconds, exit 3; 0: no limit"),
    GOPT_REAL("total-time-limit", "S", NULL, 0, 1e9, "with many puzzles: give up on the rest after S seconds in all; 0: no limit"),
    GOPT_REAL("memory-limit", "MB", NULL, 1, 1e9, "memory budget of the process in MB (--threads N: MB/N per puzzle), exit 3"),
    GOPT_INT("threads", "N", "1", 1, 1024, "worker threads"),
    GOPT_INT("seed", "N", "1", 0, 1.8446744073709552e19, "random seed"),
    GOPT_INT("count", "N", "1", 1, 1000000000, "look for up to N solutions (2 proves uniqueness)"),
    GOPT_FLAG("stats", "print work counters (nodes, conflicts, cuts, ...)"),
    GOPT_FLAG("verify", "check every answer before printing it (default)"),
    GOPT_FLAG("no-verify", "skip the independent checker"),
    GOPT_FLAG("quiet", "print less"),
    GOPT_STRING("shard", "K/N", NULL, "run only the K-th of N equal slices of the work"),
    GOPT_FLAG("progress", "draw the progress bar even when stderr is not a terminal"),
    GOPT_OPT_END,
};

const unsigned gopt_common_bits[] = {
    GOPT_COMMON_FORMAT, GOPT_COMMON_OUTPUT, GOPT_COMMON_JSON,  GOPT_COMMON_METHOD, GOPT_COMMON_TIME_LIMIT,
    GOPT_COMMON_SOLVE_BATCH, GOPT_COMMON_MEMORY_LIMIT, GOPT_COMMON_THREADS, GOPT_COMMON_SEED, GOPT_COMMON_COUNT, GOPT_COMMON_STATS,
    GOPT_COMMON_VERIFY, GOPT_COMMON_VERIFY, GOPT_COMMON_QUIET, GOPT_COMMON_SHARD, GOPT_COMMON_PROGRESS,
};

static const char *const type_names[] = {"flag", "int", "real", "enum", "string", "range", "size"};

const gopt_opt *gopt_opt_find(const gopt_opt *table, const char *name) {
    for (const gopt_opt *s = table; s && s->name; s++)
        if (strcmp(s->name, name) == 0) return s;
    return NULL;
}

static bool parse_long(const char *s, double min, double max, long *out) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || (double)v < min || (double)v > max) return false;
    *out = v;
    return true;
}

static bool parse_real(const char *s, double min, double max, double *out) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (!*s || *end || errno || !(v >= min && v <= max)) return false;
    *out = v;
    return true;
}

static int choice_index(const char *const *choices, const char *s) {
    for (int i = 0; choices && choices[i]; i++)
        if (strcmp(choices[i], s) == 0) return i;
    return -1;
}

/* "A..B" or "A" (a RANGE), or "WxH" (a SIZE, sep 'x'), into two numbers within [min, max]. */
static bool parse_pair(const char *s, const char *sep, double min, double max, bool single_ok, long *a, long *b) {
    const char *mid = strstr(s, sep);
    if (!mid) return single_ok && parse_long(s, min, max, a) && (*b = *a, true);
    char first[32];
    size_t n = (size_t)(mid - s);
    if (n >= sizeof first) return false;
    memcpy(first, s, n);
    first[n] = 0;
    return parse_long(first, min, max, a) && parse_long(mid + strlen(sep), min, max, b);
}

/* Parses value into the numbers of its type; false when malformed or out of range. */
static bool parse_value(const gopt_opt *s, const char *value, long n[2], double *x) {
    switch (s->type) {
    case GOPT_OPT_FLAG: return !value || !*value;
    case GOPT_OPT_STRING: return value != NULL;
    case GOPT_OPT_INT: return parse_long(value, s->min, s->max, &n[0]);
    case GOPT_OPT_REAL: return parse_real(value, s->min, s->max, x);
    case GOPT_OPT_ENUM: return (n[0] = choice_index(s->choices, value)) >= 0;
    case GOPT_OPT_RANGE: return parse_pair(value, "..", s->min, s->max, true, &n[0], &n[1]) && n[0] <= n[1];
    case GOPT_OPT_SIZE: return parse_pair(value, "x", s->min, s->max, false, &n[0], &n[1]);
    }
    return false;
}

bool gopt_opt_check(const gopt_opt *s, const char *value, gopt_error *err) {
    long n[2];
    double x;
    if (parse_value(s, value, n, &x)) return true;
    char name[80];
    snprintf(name, sizeof name, "--%s", s->name);
    switch (s->type) {
    case GOPT_OPT_INT:
        return gopt_fail(err, name, 0, 0, "invalid value '%s' (expected a whole number in %.0f..%.0f)", value, s->min,
                         s->max);
    case GOPT_OPT_REAL:
        return gopt_fail(err, name, 0, 0, "invalid value '%s' (expected a number in %g..%g)", value, s->min, s->max);
    case GOPT_OPT_RANGE:
        return gopt_fail(err, name, 0, 0, "invalid value '%s' (expected A or A..B within %.0f..%.0f)", value, s->min,
                         s->max);
    case GOPT_OPT_SIZE:
        return gopt_fail(err, name, 0, 0, "invalid value '%s' (expected WxH with sides in %.0f..%.0f)", value, s->min,
                         s->max);
    case GOPT_OPT_ENUM: {
        char list[256] = "";
        for (int i = 0; s->choices && s->choices[i]; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", s->choices[i]);
        return gopt_fail(err, name, 0, 0, "unknown value '%s' (expected one of %s)", value, list);
    }
    default: return gopt_fail(err, name, 0, 0, "takes no value");
    }
}

bool gopt_options_check(const gopt_options *o, const gopt_opt *table, gopt_error *err) {
    for (int i = 0; i < o->nextra; i++) {
        const gopt_opt *s = gopt_opt_find(table, o->extra_name[i]);
        if (!s) return gopt_fail(err, "", 0, 0, "unknown option '--%s'", o->extra_name[i]);
        if (!gopt_opt_check(s, o->extra_value[i], err)) return false;
    }
    return true;
}

/* The declaration and the text to parse (given, else default); contracts as in game.h. */
static const char *value_of(const gopt_options *o, const gopt_opt *table, const char *name, gopt_opt_type type,
                            const gopt_opt **spec) {
    *spec = gopt_opt_find(table, name);
    GOPT_REQUIRE(*spec, "option '--%s' is not declared in the table", name);
    GOPT_REQUIRE((*spec)->type == type, "option '--%s' is a %s, not a %s", name, type_names[(*spec)->type],
                 type_names[type]);
    const char *v = gopt_option(o, name);
    return v ? v : (*spec)->def;
}

/* The parsed value of a typed option (given, or its default): n[0], n[1] for whole numbers,
 * ranges and sizes, *x for reals. Values were checked when the options were read, so a
 * value that does not parse here is a broken contract, not bad input. */
static void typed_value(const gopt_options *o, const gopt_opt *table, const char *name, gopt_opt_type type,
                        long n[2], double *x) {
    const gopt_opt *s;
    const char *v = value_of(o, table, name, type, &s);
    GOPT_REQUIRE(v, "option '--%s' has no value and no default", s->name);
    GOPT_REQUIRE(parse_value(s, v, n, x), "option '--%s' has the unchecked value '%s'", s->name, v);
}

long gopt_opt_int(const gopt_options *o, const gopt_opt *table, const char *name) {
    long n[2];
    double x;
    typed_value(o, table, name, GOPT_OPT_INT, n, &x);
    return n[0];
}

double gopt_opt_real(const gopt_options *o, const gopt_opt *table, const char *name) {
    long n[2];
    double x;
    typed_value(o, table, name, GOPT_OPT_REAL, n, &x);
    return x;
}

int gopt_opt_enum(const gopt_options *o, const gopt_opt *table, const char *name) {
    long n[2];
    double x;
    typed_value(o, table, name, GOPT_OPT_ENUM, n, &x);
    return (int)n[0];
}

const char *gopt_opt_string(const gopt_options *o, const gopt_opt *table, const char *name) {
    const gopt_opt *s;
    return value_of(o, table, name, GOPT_OPT_STRING, &s);
}

void gopt_opt_range(const gopt_options *o, const gopt_opt *table, const char *name, long *lo, long *hi) {
    long n[2];
    double x;
    typed_value(o, table, name, GOPT_OPT_RANGE, n, &x);
    *lo = n[0];
    *hi = n[1];
}

void gopt_opt_size(const gopt_options *o, const gopt_opt *table, const char *name, int *w, int *h) {
    long n[2];
    double x;
    typed_value(o, table, name, GOPT_OPT_SIZE, n, &x);
    *w = (int)n[0];
    *h = (int)n[1];
}

/* ---- JSON ---- */

static json_t *opt_json(const gopt_opt *s, const char *const *choices) {
    json_t *j = json_object();
    json_object_set_new(j, "name", json_string(s->name));
    json_object_set_new(j, "type", json_string(type_names[s->type]));
    if (s->arg) json_object_set_new(j, "arg", json_string(s->arg));
    json_object_set_new(j, "default", s->def ? json_string(s->def) : json_null());
    if (s->type == GOPT_OPT_INT || s->type == GOPT_OPT_REAL || s->type == GOPT_OPT_RANGE || s->type == GOPT_OPT_SIZE) {
        json_object_set_new(j, "min", json_real(s->min));
        json_object_set_new(j, "max", json_real(s->max));
    }
    if (!choices) choices = s->choices;
    if (s->type == GOPT_OPT_ENUM) {
        json_t *c = json_array();
        for (int i = 0; choices && choices[i]; i++) json_array_append_new(c, json_string(choices[i]));
        json_object_set_new(j, "choices", c);
    }
    json_object_set_new(j, "help", json_string(s->help ? s->help : ""));
    return j;
}

json_t *gopt_opts_json(const gopt_opt *table) {
    json_t *a = json_array();
    for (const gopt_opt *s = table; s && s->name; s++) json_array_append_new(a, opt_json(s, NULL));
    return a;
}

json_t *gopt_options_json(const gopt_options *o, const gopt_opt *table) {
    json_t *j = json_object();
    if (o->method) json_object_set_new(j, "method", json_string(o->method));
    if (o->format) json_object_set_new(j, "format", json_string(o->format));
    for (int i = 0; i < o->nextra; i++) {
        const gopt_opt *s = gopt_opt_find(table, o->extra_name[i]);
        const char *v = o->extra_value[i];
        long n[2];
        double x;
        if (!s || !parse_value(s, v, n, &x)) continue;
        json_t *val = s->type == GOPT_OPT_FLAG ? json_true()
                      : s->type == GOPT_OPT_INT ? json_integer(n[0])
                      : s->type == GOPT_OPT_REAL ? json_real(x)
                                                 : json_string(v);
        json_object_set_new(j, s->name, val);
    }
    return j;
}

json_t *gopt_verb_options_json(const gopt_game *g, const gopt_verb *v) {
    json_t *a = gopt_opts_json(v->options);
    for (int i = 0; gopt_common_opts[i].name; i++) {
        if (!(v->common & gopt_common_bits[i])) continue;
        const gopt_opt *s = &gopt_common_opts[i];
        const char *const *choices = strcmp(s->name, "format") == 0 ? g->formats
                                     : strcmp(s->name, "method") == 0 ? g->methods
                                                                      : NULL;
        json_t *j = opt_json(s, choices);
        if (strcmp(s->name, "method") == 0 && g->methods && g->methods[0])
            json_object_set_new(j, "default", json_string(g->methods[0]));
        json_object_set_new(j, "common", json_true());
        json_array_append_new(a, j);
    }
    return a;
}

static json_t *names_json(const char *const *list) {
    json_t *a = json_array();
    for (; list && *list; list++) json_array_append_new(a, json_string(*list));
    return a;
}

json_t *gopt_games_json(void) {
    json_t *games = json_array();
    for (const gopt_game *const *g = gopt_games; *g; g++) {
        json_t *verbs = json_array();
        for (const gopt_verb *v = (*g)->verbs; v && v->name; v++)
            json_array_append_new(verbs, json_pack("{s:s, s:s, s:s, s:o}", "name", v->name, "summary", v->summary,
                                                   "usage", v->usage ? v->usage : "", "options",
                                                   gopt_verb_options_json(*g, v)));
        json_array_append_new(games, json_pack("{s:s, s:s, s:o, s:o, s:o}", "name", (*g)->name, "summary",
                                               (*g)->summary, "formats", names_json((*g)->formats), "methods",
                                               names_json((*g)->methods), "verbs", verbs));
    }
    return json_pack("{s:o}", "games", games);
}
