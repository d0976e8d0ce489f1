/* Typed option tables: one declaration per option drives the one setter (argv and JSON), the
 * check with a located error, typed values with their defaults, the help text and JSON
 * (CaDiCaL's options.hpp model). Common options are stored in their fields of gopt_options
 * (field kind and offset in the table); a game's own options in its extra values, parsed. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gameopt/alloc.h"
#include "gameopt/game.h"
#include "gameopt/require.h"

#define FIELD(kind, member) kind, offsetof(gopt_options, member)

const gopt_opt gopt_common_opts[] = {
    {"format", GOPT_OPT_ENUM, "FMT", NULL, 0, 0, NULL, "input format (guessed when omitted)", FIELD(GOPT_FIELD_STRING, format)},
    {"output", GOPT_OPT_OUTPUT, "FILE", NULL, 0, 0, NULL,
     "write to FILE; .svg .png .pdf draw a picture, .txt .json take the results", FIELD(GOPT_FIELD_STRING, output)},
    {"json", GOPT_OPT_FLAG, NULL, NULL, 0, 0, NULL, "one JSON object per result", FIELD(GOPT_FIELD_BOOL, json)},
    {"method", GOPT_OPT_ENUM, "M", NULL, 0, 0, NULL, "solution method", FIELD(GOPT_FIELD_STRING, method)},
    {"time-limit", GOPT_OPT_REAL, "S", NULL, 0, 1e9, NULL,
     "give up on each puzzle (or the run) after S seconds, parsing and checking included, exit 3; 0: no limit",
     FIELD(GOPT_FIELD_DOUBLE, time_limit)},
    {"total-time-limit", GOPT_OPT_REAL, "S", NULL, 0, 1e9, NULL,
     "with many puzzles: give up on the rest after S seconds in all; 0: no limit", FIELD(GOPT_FIELD_DOUBLE, total_time_limit)},
    {"memory-limit", GOPT_OPT_REAL, "MB", NULL, 1, 1e9, NULL,
     "memory budget of the process in MB (--threads N: MB/N per puzzle), reading included, exit 3", FIELD(GOPT_FIELD_DOUBLE, memory_limit_mb)},
    {"threads", GOPT_OPT_INT, "N", "1", 1, 1024, NULL, "worker threads", FIELD(GOPT_FIELD_INT, threads)},
    {"seed", GOPT_OPT_INT, "N", "1", 0, 1.8446744073709552e19, NULL, "random seed", FIELD(GOPT_FIELD_U64, seed)},
    {"count", GOPT_OPT_INT, "N", "1", 1, 1000000000, NULL, "look for up to N solutions (2 proves uniqueness)",
     FIELD(GOPT_FIELD_LONG, count)},
    {"stats", GOPT_OPT_FLAG, NULL, NULL, 0, 0, NULL, "print work counters (nodes, conflicts, cuts, ...)", FIELD(GOPT_FIELD_BOOL, stats)},
    {"verify", GOPT_OPT_FLAG, NULL, NULL, 0, 0, NULL, "check every answer before printing it (default)", FIELD(GOPT_FIELD_BOOL, verify)},
    {"no-verify", GOPT_OPT_FLAG, NULL, NULL, 0, 0, NULL, "skip the independent checker", FIELD(GOPT_FIELD_BOOL_NOT, verify)},
    {"quiet", GOPT_OPT_FLAG, NULL, NULL, 0, 0, NULL, "print less", FIELD(GOPT_FIELD_BOOL, quiet)},
    {"shard", GOPT_OPT_SHARD, "K/N", NULL, 1, 1000000, NULL, "run only the K-th of N equal slices of the work",
     FIELD(GOPT_FIELD_SHARD, shard_k)},
    {"progress", GOPT_OPT_FLAG, NULL, NULL, 0, 0, NULL, "show progress even when stderr is not a terminal",
     FIELD(GOPT_FIELD_BOOL, progress)},
    {"manifest", GOPT_OPT_FLAG, NULL, NULL, 0, 0, NULL,
     "add what repeats the run to every result (JSON, CSV's first line, SVG metadata): version,\n"
     "                           options with defaults, seeds, input checksums, machine, date",
     FIELD(GOPT_FIELD_BOOL, manifest)},
    GOPT_OPT_END,
};

const unsigned gopt_common_bits[] = {
    GOPT_COMMON_FORMAT, GOPT_COMMON_OUTPUT, GOPT_COMMON_JSON,  GOPT_COMMON_METHOD, GOPT_COMMON_TIME_LIMIT,
    GOPT_COMMON_SOLVE_BATCH, GOPT_COMMON_MEMORY_LIMIT, GOPT_COMMON_THREADS, GOPT_COMMON_SEED, GOPT_COMMON_COUNT,
    GOPT_COMMON_STATS, GOPT_COMMON_VERIFY, GOPT_COMMON_VERIFY, GOPT_COMMON_QUIET, GOPT_COMMON_SHARD,
    GOPT_COMMON_PROGRESS, GOPT_COMMON_MANIFEST,
};

static const char *const type_names[] = {"flag", "int", "real", "enum", "string", "range", "size", "path", "shard", "output", "state"};

const gopt_opt *gopt_opt_find(const gopt_opt *table, const char *name) {
    for (const gopt_opt *s = table; s && s->name; s++)
        if (strcmp(s->name, name) == 0) return s;
    return NULL;
}

/* ---- parsing one value ---- */

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

/* Choices match in any case: `--method SAT` is `--method sat`. */
static int choice_index(const char *const *choices, const char *s) {
    for (int i = 0; choices && choices[i]; i++)
        if (strcasecmp(choices[i], s) == 0) return i;
    return -1;
}

/* "A..B" or "A" (a RANGE), "WxH" (a SIZE, sep 'x') or "K/N" (a SHARD), into two numbers
 * within [min, max]. */
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

/* The seed takes every 64-bit value, beyond a long's range. */
static bool parse_u64(const char *s, uint64_t *out) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (!*s || *s == '-' || *s == '+' || *end || errno) return false;
    *out = v;
    return true;
}

/* Parses value into the numbers of its type; false when malformed or out of range. */
static bool parse_value(const gopt_opt *s, const char *value, long n[2], double *x) {
    switch (s->type) {
    case GOPT_OPT_FLAG: return !value || !*value;
    case GOPT_OPT_STRING: return value != NULL;
    case GOPT_OPT_PATH:
    case GOPT_OPT_OUTPUT:
    case GOPT_OPT_STATE: return value != NULL && *value;
    case GOPT_OPT_INT:
        if (s->field == GOPT_FIELD_U64) {
            uint64_t u;
            return value && parse_u64(value, &u);
        }
        return value && parse_long(value, s->min, s->max, &n[0]);
    case GOPT_OPT_REAL: return value && parse_real(value, s->min, s->max, x);
    /* --format and --method: the game's lists, checked with the game (gopt_call_check) */
    case GOPT_OPT_ENUM: return value && (s->choices ? (n[0] = choice_index(s->choices, value)) >= 0 : (n[0] = -1, *value != 0));
    case GOPT_OPT_RANGE: return value && parse_pair(value, "..", s->min, s->max, true, &n[0], &n[1]) && n[0] <= n[1];
    case GOPT_OPT_SIZE: return value && parse_pair(value, "x", s->min, s->max, false, &n[0], &n[1]);
    case GOPT_OPT_SHARD: return value && parse_pair(value, "/", s->min, s->max, false, &n[0], &n[1]) && n[0] <= n[1];
    }
    return false;
}

bool gopt_opt_check(const gopt_opt *s, const char *value, gopt_error *err) {
    long n[2];
    double x;
    if (parse_value(s, value, n, &x)) return true;
    char name[80];
    snprintf(name, sizeof name, "--%s", s->name);
    const char *v = value ? value : "";
    switch (s->type) {
    case GOPT_OPT_INT:
        if (s->field == GOPT_FIELD_U64)
            return gopt_fail(err, name, 0, 0, "invalid value '%s' (expected a whole number in 0..18446744073709551615)", v);
        return gopt_fail(err, name, 0, 0, "invalid value '%s' (expected a whole number in %.0f..%.0f)", v, s->min, s->max);
    case GOPT_OPT_REAL:
        return gopt_fail(err, name, 0, 0, "invalid value '%s' (expected a number in %g..%g)", v, s->min, s->max);
    case GOPT_OPT_RANGE:
        return gopt_fail(err, name, 0, 0, "invalid value '%s' (expected A or A..B within %.0f..%.0f)", v, s->min, s->max);
    case GOPT_OPT_SIZE:
        return gopt_fail(err, name, 0, 0, "invalid value '%s' (expected WxH with sides in %.0f..%.0f)", v, s->min, s->max);
    case GOPT_OPT_SHARD:
        return gopt_fail(err, name, 0, 0, "invalid value '%s' (expected K/N with 1 <= K <= N <= 1000000)", v);
    case GOPT_OPT_PATH:
    case GOPT_OPT_OUTPUT:
    case GOPT_OPT_STATE: return gopt_fail(err, name, 0, 0, "needs a file name");
    case GOPT_OPT_ENUM: {
        char list[256] = "";
        for (int i = 0; s->choices && s->choices[i]; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", s->choices[i]);
        return gopt_fail(err, name, 0, 0, "unknown value '%s' (expected one of %s)", v, list);
    }
    default: return gopt_fail(err, name, 0, 0, "takes no value");
    }
}

/* ---- names: spellings and suggestions ---- */

/* Levenshtein distance, capped: names are short. */
static int distance(const char *a, const char *b) {
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63) return 99;
    int d[64][64];
    for (size_t i = 0; i <= la; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int sub = d[i - 1][j - 1] + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
            int del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
            d[i][j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
        }
    return d[la][lb];
}

const char *gopt_closest(const char *word, const char *const *list) {
    const char *best = NULL;
    int best_d = 99, limit = (int)strlen(word) / 3 > 2 ? (int)strlen(word) / 3 : 2;
    for (; list && *list; list++) {
        int d = distance(word, *list);
        if (d < best_d) best_d = d, best = *list;
    }
    return best_d <= limit ? best : NULL;
}

/* The table entry a name means among the common options (those in bits) and the own ones. */
static const gopt_opt *lookup_exact(const gopt_opt *own, unsigned common, const char *name) {
    const gopt_opt *s = gopt_opt_find(own, name);
    if (s) return s;
    for (int i = 0; gopt_common_opts[i].name; i++)
        if ((common & gopt_common_bits[i]) && strcmp(gopt_common_opts[i].name, name) == 0) return &gopt_common_opts[i];
    return NULL;
}

/* One spelling of an option name for the other: "color" <-> "colour" anywhere in it, then a
 * plural <-> singular "s" at the end, so --color, --colors, --colour and --colours all find
 * the one a table declares. */
const gopt_opt *gopt_opt_lookup(const gopt_opt *own, unsigned common, const char *name) {
    const gopt_opt *s = lookup_exact(own, common, name);
    if (s || strlen(name) > 60) return s;
    char alt[80];
    const char *at = strstr(name, "colour") ? strstr(name, "colour") : strstr(name, "color");
    if (at) {
        bool british = strncmp(at, "colour", 6) == 0;
        snprintf(alt, sizeof alt, "%.*s%s%s", (int)(at - name), name, british ? "color" : "colour", at + (british ? 6 : 5));
        if ((s = lookup_exact(own, common, alt))) return s;
        name = alt;
    }
    char num[80];
    size_t n = strlen(name);
    if (n > 1 && name[n - 1] == 's') snprintf(num, sizeof num, "%.*s", (int)(n - 1), name);
    else snprintf(num, sizeof num, "%ss", name);
    return lookup_exact(own, common, num);
}

/* "unknown option '--x'", with the closest name the verb takes when one is close. */
static bool unknown_option(const gopt_opt *own, unsigned common, const char *name, gopt_error *err) {
    const char *names[128];
    int n = 0;
    for (const gopt_opt *s = own; s && s->name && n < 120; s++) names[n++] = s->name;
    for (int i = 0; gopt_common_opts[i].name && n < 127; i++)
        if (common & gopt_common_bits[i]) names[n++] = gopt_common_opts[i].name;
    names[n] = NULL;
    const char *best = gopt_closest(name, names);
    if (best) return gopt_fail(err, "", 0, 0, "unknown option '--%s' (did you mean --%s?)", name, best);
    return gopt_fail(err, "", 0, 0, "unknown option '--%s' (see --help)", name);
}

/* ---- the setter ---- */

static void store_common(gopt_options *o, const gopt_opt *s, const char *text, const long n[2], double x) {
    char *field = (char *)o + s->offset;
    switch (s->field) {
    case GOPT_FIELD_BOOL: *(bool *)field = true; break;
    case GOPT_FIELD_BOOL_NOT: *(bool *)field = false; break;
    case GOPT_FIELD_INT: *(int *)field = (int)n[0]; break;
    case GOPT_FIELD_LONG: *(long *)field = n[0]; break;
    case GOPT_FIELD_U64: parse_u64(text, (uint64_t *)field); break;
    case GOPT_FIELD_DOUBLE: *(double *)field = x; break;
    case GOPT_FIELD_STRING: *(const char **)field = text; break;
    case GOPT_FIELD_SHARD:
        o->shard_k = (int)n[0];
        o->shard_n = (int)n[1];
        break;
    case GOPT_FIELD_NONE: GOPT_REQUIRE(false, "common option '--%s' has no field", s->name);
    }
}

bool gopt_opt_set(gopt_options *o, const gopt_opt *own, unsigned common, const char *name, const char *value,
                  gopt_keep_fn keep, void *keep_ctx, gopt_error *err) {
    const gopt_opt *s = gopt_opt_lookup(own, common, name);
    if (!s) return unknown_option(own, common, name, err);
    long n[2] = {0, 0};
    double x = 0;
    if (s->type == GOPT_OPT_FLAG && value && *value) return gopt_fail(err, "", 0, 0, "--%s takes no value", s->name);
    if (!parse_value(s, value, n, &x)) return gopt_opt_check(s, value, err);
    bool listed = s->type == GOPT_OPT_ENUM && s->choices;
    const char *text = s->type == GOPT_OPT_FLAG ? "" : listed ? s->choices[n[0]] : value;
    if (keep && text && s->type != GOPT_OPT_FLAG && !listed) text = keep(keep_ctx, text);
    if (s->field != GOPT_FIELD_NONE) {
        /* the game's formats and methods are checked against the game (gopt_call_check) */
        store_common(o, s, text, n, x);
        return true;
    }
    for (int i = 0; i < o->nextra; i++) /* the last occurrence wins, as on most command lines */
        if (o->extra[i].spec == s) {
            o->extra[i] = (gopt_opt_value){s, text, {n[0], n[1]}, x};
            return true;
        }
    if (o->nextra >= GOPT_MAX_EXTRA_OPTIONS) return gopt_fail(err, "", 0, 0, "too many options");
    o->extra[o->nextra++] = (gopt_opt_value){s, text, {n[0], n[1]}, x};
    return true;
}

bool gopt_options_check(const gopt_options *o, const gopt_opt *table, gopt_error *err) {
    for (int i = 0; i < o->nextra; i++) {
        const gopt_opt *s = o->extra[i].spec;
        if (!s || gopt_opt_find(table, s->name) != s) return gopt_fail(err, "", 0, 0, "unknown option '--%s'", s ? s->name : "?");
        /* a library caller may have filled the values by hand: they are checked again */
        if (!gopt_opt_check(s, o->extra[i].text, err)) return false;
    }
    return true;
}

/* ---- typed values ---- */

static const gopt_opt_value *given(const gopt_options *o, const char *name) {
    for (int i = o->nextra - 1; i >= 0; i--)
        if (strcmp(o->extra[i].spec->name, name) == 0) return &o->extra[i];
    return NULL;
}

const char *gopt_option(const gopt_options *o, const char *name) {
    const gopt_opt_value *v = given(o, name);
    return v ? v->text : NULL;
}

bool gopt_option_flag(const gopt_options *o, const char *name) { return given(o, name) != NULL; }

/* The given value, else the default parsed; contracts as in game.h. */
static gopt_opt_value typed(const gopt_options *o, const gopt_opt *table, const char *name, gopt_opt_type type) {
    const gopt_opt *s = gopt_opt_find(table, name);
    GOPT_REQUIRE(s, "option '--%s' is not declared in the table", name);
    GOPT_REQUIRE(s->type == type, "option '--%s' is a %s, not a %s", name, type_names[s->type], type_names[type]);
    const gopt_opt_value *v = given(o, name);
    if (v) return *v;
    gopt_opt_value d = {s, s->def, {0, 0}, 0};
    if (type == GOPT_OPT_STRING || GOPT_OPT_TYPE_NAMES_FILE(type)) return d;
    GOPT_REQUIRE(s->def, "option '--%s' has no value and no default", s->name);
    GOPT_REQUIRE(parse_value(s, s->def, d.n, &d.x), "option '--%s' has the malformed default '%s'", s->name, s->def);
    return d;
}

long gopt_opt_int(const gopt_options *o, const gopt_opt *table, const char *name) {
    return typed(o, table, name, GOPT_OPT_INT).n[0];
}

double gopt_opt_real(const gopt_options *o, const gopt_opt *table, const char *name) {
    return typed(o, table, name, GOPT_OPT_REAL).x;
}

int gopt_opt_enum(const gopt_options *o, const gopt_opt *table, const char *name) {
    return (int)typed(o, table, name, GOPT_OPT_ENUM).n[0];
}

const char *gopt_opt_string(const gopt_options *o, const gopt_opt *table, const char *name) {
    const gopt_opt *s = gopt_opt_find(table, name);
    GOPT_REQUIRE(s && (s->type == GOPT_OPT_STRING || GOPT_OPT_TYPE_NAMES_FILE(s->type)),
                 "option '--%s' is not a string", name);
    const gopt_opt_value *v = given(o, name);
    return v ? v->text : s->def;
}

void gopt_opt_range(const gopt_options *o, const gopt_opt *table, const char *name, long *lo, long *hi) {
    gopt_opt_value v = typed(o, table, name, GOPT_OPT_RANGE);
    *lo = v.n[0];
    *hi = v.n[1];
}

void gopt_opt_size(const gopt_options *o, const gopt_opt *table, const char *name, int *w, int *h) {
    gopt_opt_value v = typed(o, table, name, GOPT_OPT_SIZE);
    *w = (int)v.n[0];
    *h = (int)v.n[1];
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

/* A value as JSON by its type: flags true, numbers as numbers, the rest as text. */
static json_t *value_json(const gopt_opt *s, const char *text) {
    long n[2];
    double x;
    if (!text || !parse_value(s, text, n, &x)) return json_null();
    switch (s->type) {
    case GOPT_OPT_FLAG: return json_true();
    case GOPT_OPT_INT:
        if (s->field == GOPT_FIELD_U64) return json_string(text);
        return json_integer(n[0]);
    case GOPT_OPT_REAL: return json_real(x);
    case GOPT_OPT_ENUM: return json_string(s->choices && n[0] >= 0 ? s->choices[n[0]] : text);
    default: return json_string(text);
    }
}

/* A common option's value as text, from its field. */
static json_t *common_json(const gopt_options *o, const gopt_opt *s) {
    const char *field = (const char *)o + s->offset;
    switch (s->field) {
    case GOPT_FIELD_BOOL: return json_boolean(*(const bool *)field);
    case GOPT_FIELD_BOOL_NOT: return NULL; /* --no-verify: the echo says "verify" */
    case GOPT_FIELD_INT: return json_integer(*(const int *)field);
    case GOPT_FIELD_LONG: return json_integer(*(const long *)field);
    case GOPT_FIELD_U64: {
        char t[32];
        snprintf(t, sizeof t, "%llu", (unsigned long long)*(const uint64_t *)field);
        return json_string(t); /* a 64-bit seed does not fit JSON's doubles */
    }
    case GOPT_FIELD_DOUBLE: return json_real(*(const double *)field);
    case GOPT_FIELD_STRING: return *(const char *const *)field ? json_string(*(const char *const *)field) : NULL;
    case GOPT_FIELD_SHARD: {
        char t[32];
        snprintf(t, sizeof t, "%d/%d", o->shard_k, o->shard_n);
        return json_string(t);
    }
    default: return NULL;
    }
}

json_t *gopt_options_json(const gopt_options *o, const gopt_opt *own, unsigned common) {
    json_t *j = json_object();
    for (int i = 0; gopt_common_opts[i].name; i++) {
        const gopt_opt *s = &gopt_common_opts[i];
        if (!(common & gopt_common_bits[i]) || GOPT_OPT_TYPE_NAMES_FILE(s->type)) continue;
        json_t *v = common_json(o, s);
        if (v) json_object_set_new(j, s->name, v);
    }
    for (const gopt_opt *s = own; s && s->name; s++) {
        /* a file of the machine that ran it says nothing elsewhere */
        if (GOPT_OPT_TYPE_NAMES_FILE(s->type)) continue;
        const gopt_opt_value *v = given(o, s->name);
        if (v) json_object_set_new(j, s->name, value_json(s, v->text));
        else if (s->type == GOPT_OPT_FLAG) json_object_set_new(j, s->name, json_false());
        else if (s->def) json_object_set_new(j, s->name, value_json(s, s->def));
    }
    return j;
}

json_t *gopt_verb_options_json(const gopt_game *g, const gopt_verb *v) {
    json_t *a = gopt_opts_json(v->options);
    unsigned common = v->common | GOPT_COMMON_ALWAYS;
    for (int i = 0; gopt_common_opts[i].name; i++) {
        if (!(common & gopt_common_bits[i])) continue;
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
