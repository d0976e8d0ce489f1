/* The request's "options" object -> gopt_options, with the command line's names (without
 * "--"), checked against the same tables: the common options the verb accepts, and the
 * verb's own typed options (gopt_opt_check gives the command line's messages). Options that
 * would name a file on the server (output, any option whose value is a FILE) or that belong
 * to the server (threads, shard, progress) are refused. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "serve/api_internal.h"

static bool fail(api_request *q, const char *fmt, const char *name) {
    snprintf(q->why, sizeof q->why, fmt, name);
    return false;
}

/* A number option in [min, max]; JSON numbers or decimal strings (as typed in a form). */
static bool number(api_request *q, const char *name, json_t *v, double min, double max, double *out) {
    double x;
    if (json_is_number(v)) x = json_number_value(v);
    else if (json_is_string(v)) {
        const char *s = json_string_value(v);
        char *end;
        x = strtod(s, &end);
        if (!*s || *end) return fail(q, "option '%s': expected a number", name);
    } else return fail(q, "option '%s': expected a number", name);
    if (!(x >= min && x <= max) || !isfinite(x)) return fail(q, "option '%s': out of range", name);
    *out = x;
    return true;
}

static bool integer(api_request *q, const char *name, json_t *v, double min, double max, double *out) {
    if (!number(q, name, v, min, max, out)) return false;
    if (*out != floor(*out)) return fail(q, "option '%s': expected a whole number", name);
    return true;
}

static bool boolean(api_request *q, const char *name, json_t *v, bool *out) {
    if (!json_is_boolean(v)) return fail(q, "option '%s': expected true or false", name);
    *out = json_is_true(v);
    return true;
}

static bool text(api_request *q, const char *name, json_t *v, const char **out) {
    if (!json_is_string(v)) return fail(q, "option '%s': expected a string", name);
    *out = json_string_value(v);
    return true;
}

bool api_option_refused(const char *name) {
    return strcmp(name, "output") == 0 || strcmp(name, "threads") == 0 || strcmp(name, "shard") == 0 ||
           strcmp(name, "progress") == 0;
}

bool api_option_offered(const gopt_opt *spec) {
    return !api_option_refused(spec->name) && !(spec->arg && strstr(spec->arg, "FILE"));
}

/* The bit of a common option, or 0 when `name` is not one. */
static unsigned common_bit(const char *name) {
    for (int i = 0; gopt_common_opts[i].name; i++)
        if (strcmp(gopt_common_opts[i].name, name) == 0) return gopt_common_bits[i];
    return 0;
}

/* The options every verb may share (design §5), when the verb takes them. */
static bool common(api_request *q, const char *name, json_t *v) {
    gopt_options *o = &q->opts;
    double x;
    bool b;
    if (strcmp(name, "output") == 0)
        return fail(q, "option '%s' is not available here: no request names a file on the server", name);
    if (api_option_refused(name)) return fail(q, "option '%s' belongs to the server (gameopt serve --help)", name);
    if (strcmp(name, "format") == 0) return text(q, name, v, &o->format);
    if (strcmp(name, "method") == 0) return text(q, name, v, &o->method);
    if (strcmp(name, "time-limit") == 0) return number(q, name, v, 0, 1e9, &o->time_limit);
    if (strcmp(name, "memory-limit") == 0) return number(q, name, v, 1, 1e9, &o->memory_limit_mb);
    if (strcmp(name, "count") == 0) return integer(q, name, v, 1, 1e9, &x) && (o->count = (long)x, true);
    if (strcmp(name, "seed") == 0) return integer(q, name, v, 0, 9007199254740992.0, &x) && (o->seed = (uint64_t)x, true);
    if (strcmp(name, "stats") == 0) return boolean(q, name, v, &o->stats);
    if (strcmp(name, "quiet") == 0) return boolean(q, name, v, &o->quiet);
    if (strcmp(name, "verify") == 0) return boolean(q, name, v, &o->verify);
    if (strcmp(name, "no-verify") == 0) return boolean(q, name, v, &b) && (o->verify = !b, true);
    if (strcmp(name, "json") == 0) return boolean(q, name, v, &b); /* answers are JSON anyway */
    return fail(q, "unknown option '%s'", name);
}

/* A verb's own option: a flag (true, or false for absent) or a value checked against its
 * declaration. */
static bool own(api_request *q, const gopt_opt *spec, json_t *v) {
    const char *value;
    if (!api_option_offered(spec))
        return fail(q, "option '%s' is not available here: no request names a file on the server", spec->name);
    if (spec->type == GOPT_OPT_FLAG) {
        bool on;
        if (!boolean(q, spec->name, v, &on)) return false;
        if (!on) return true;
        value = "";
    } else if (json_is_string(v)) {
        value = json_string_value(v);
    } else if (json_is_integer(v)) {
        value = q->texts[q->ntexts++] = gopt_format("%lld", (long long)json_integer_value(v));
    } else if (json_is_real(v)) {
        value = q->texts[q->ntexts++] = gopt_format("%.17g", json_real_value(v));
    } else {
        return fail(q, "option '%s': expected a string or a number", spec->name);
    }
    gopt_error err = {0};
    if (!gopt_opt_check(spec, value, &err)) {
        char buf[600];
        return fail(q, "%s", gopt_error_text(&err, buf, sizeof buf));
    }
    if (q->opts.nextra >= GOPT_MAX_EXTRA_OPTIONS) return fail(q, "option '%s': too many options", spec->name);
    q->opts.extra_name[q->opts.nextra] = spec->name;
    q->opts.extra_value[q->opts.nextra++] = value;
    return true;
}

bool api_read_options(api_request *q, json_t *options) {
    gopt_options_init(&q->opts);
    q->opts.json = true;
    if (!options || json_is_null(options)) return true;
    if (!json_is_object(options)) return fail(q, "%s: expected an object of options", "options");
    const char *name;
    json_t *v;
    json_object_foreach(options, name, v) {
        if (json_is_null(v)) continue; /* a form's empty field: the default */
        const gopt_opt *spec = q->verb ? gopt_opt_find(q->verb->options, name) : NULL;
        if (spec) {
            if (q->ntexts >= API_MAX_TEXTS) return fail(q, "option '%s': too many options", name);
            if (!own(q, spec, v)) return false;
            continue;
        }
        unsigned bit = common_bit(name);
        if (strcmp(name, "no-verify") == 0) bit = GOPT_COMMON_VERIFY;
        unsigned accepted = q->verb ? q->verb->common : GOPT_COMMON_FORMAT;
        if (!bit || !(accepted & bit))
            return snprintf(q->why, sizeof q->why, "unknown option '%s' for %s %s", name, q->game->name, q->verb_name),
                   false;
        if (!common(q, name, v)) return false;
    }
    return true;
}

/* The server's limits bound the request's: the smaller one wins, and a request without
 * one gets the server's. */
static double bounded(double asked, double server) {
    if (server <= 0) return asked;
    return asked > 0 && asked < server ? asked : server;
}

void api_apply_limits(api_request *q, const serve_config *c) {
    q->opts.time_limit = bounded(q->opts.time_limit, c ? c->time_limit : 0);
    q->opts.memory_limit_mb = bounded(q->opts.memory_limit_mb, c ? c->memory_limit_mb : 0);
    q->opts.threads = 1; /* one worker per request; the server's --threads runs requests side by side */
}
