/* argv into a gopt_call: the common options (design §5) and the verb's own, from the tables
 * in include/gameopt/game.h. Values are checked against their declarations here, so a bad
 * value exits 2 with `gameopt: --NAME: ...` before anything runs. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static bool parse_long(const char *s, const gopt_opt *spec, long *out) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || (double)v < spec->min || (double)v > spec->max) return false;
    *out = v;
    return true;
}

static bool parse_shard(const char *value, int *k, int *n) {
    static const gopt_opt part = GOPT_INT("shard", "K", NULL, 1, 1000000, "");
    const char *slash = strchr(value, '/');
    char kbuf[32];
    long a, b;
    if (!slash || (size_t)(slash - value) >= sizeof kbuf) return false;
    memcpy(kbuf, value, (size_t)(slash - value));
    kbuf[slash - value] = 0;
    if (!parse_long(kbuf, &part, &a) || !parse_long(slash + 1, &part, &b) || a > b) return false;
    *k = (int)a;
    *n = (int)b;
    return true;
}

/* Stores a common option's value; false with call->err set when it is malformed. */
static bool set_common(gopt_call *call, const gopt_opt *c, const char *value) {
    gopt_options *o = &call->opts;
    const char *n = c->name;
    long v;
    gopt_error err = {0};
    if (strcmp(n, "format") == 0) o->format = value;
    else if (strcmp(n, "output") == 0) o->output = value;
    else if (strcmp(n, "method") == 0) o->method = value;
    else if (strcmp(n, "json") == 0) o->json = true;
    else if (strcmp(n, "stats") == 0) o->stats = true;
    else if (strcmp(n, "verify") == 0 || strcmp(n, "no-verify") == 0) o->verify = n[0] == 'v';
    else if (strcmp(n, "quiet") == 0) o->quiet = true;
    else if (strcmp(n, "progress") == 0) o->progress = true;
    else if (strcmp(n, "shard") == 0) {
        if (!parse_shard(value, &o->shard_k, &o->shard_n)) return gopt_call_usage(call, "--shard: invalid value '%s' (expected K/N with 1 <= K <= N <= 1000000)", value), false;
    } else if (strcmp(n, "seed") == 0) {
        char *end;
        errno = 0;
        unsigned long long s = strtoull(value, &end, 10);
        if (!*value || *value == '-' || *end || errno) return gopt_call_usage(call, "--seed: invalid value '%s' (expected a whole number in 0..18446744073709551615)", value), false;
        o->seed = s;
    } else if (!gopt_opt_check(c, value, &err)) {
        return gopt_call_input(call, &err), false;
    } else if (strcmp(n, "time-limit") == 0) o->time_limit = strtod(value, NULL);
    else if (strcmp(n, "total-time-limit") == 0) o->total_time_limit = strtod(value, NULL);
    else if (strcmp(n, "memory-limit") == 0) o->memory_limit_mb = strtod(value, NULL);
    else if (strcmp(n, "threads") == 0 && parse_long(value, c, &v)) o->threads = (int)v;
    else if (strcmp(n, "count") == 0 && parse_long(value, c, &v)) o->count = v;
    return true;
}

static const gopt_opt *find_common(const gopt_verb *v, const char *name, size_t len) {
    for (int i = 0; gopt_common_opts[i].name; i++)
        if ((v->common & gopt_common_bits[i]) && strlen(gopt_common_opts[i].name) == len &&
            strncmp(gopt_common_opts[i].name, name, len) == 0)
            return &gopt_common_opts[i];
    return NULL;
}

static const gopt_opt *find_own(const gopt_verb *v, const char *name, size_t len) {
    for (const gopt_opt *s = v->options; s && s->name; s++)
        if (strlen(s->name) == len && strncmp(s->name, name, len) == 0) return s;
    return NULL;
}

/* One "--name[=value]" at argv[*i]; takes the next argument as the value when needed. */
static bool parse_one(gopt_call *call, int argc, char **argv, int *i) {
    const gopt_verb *v = call->verb;
    const char *a = argv[*i], *name = a + 2, *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    const gopt_opt *c = find_common(v, name, len);
    const gopt_opt *own = c ? NULL : find_own(v, name, len);
    if (!c && !own)
        return gopt_call_usage(call, "%s %s: unknown option '--%.*s' (see --help)", call->game->name, v->name, (int)len, name), false;
    const gopt_opt *spec = c ? c : own;
    const char *value = "";
    if (spec->type != GOPT_OPT_FLAG) {
        if (eq) value = eq + 1;
        else if (*i + 1 < argc) value = argv[++*i];
        else return gopt_call_usage(call, "--%.*s needs a value (%s)", (int)len, name, spec->arg), false;
    } else if (eq) {
        return gopt_call_usage(call, "--%.*s takes no value", (int)len, name), false;
    }
    if (c) return set_common(call, c, value);
    gopt_error err = {0};
    if (!gopt_opt_check(own, value, &err)) return gopt_call_input(call, &err), false;
    gopt_options *o = &call->opts;
    if (o->nextra >= GOPT_MAX_EXTRA_OPTIONS) return gopt_call_usage(call, "too many options"), false;
    o->extra_name[o->nextra] = own->name;
    o->extra_value[o->nextra++] = value;
    return true;
}

bool cli_parse_options(gopt_call *call, int argc, char **argv, bool *help) {
    call->args = argv;
    call->nargs = 0;
    bool only_args = false;
    for (int i = 0; i < argc; i++) {
        char *a = argv[i];
        if (only_args || a[0] != '-' || strcmp(a, "-") == 0) {
            call->args[call->nargs++] = a; /* positional: compacted in place */
        } else if (strcmp(a, "--") == 0) {
            only_args = true;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            *help = true;
            return true;
        } else if (a[1] != '-') {
            return gopt_call_usage(call, "%s %s: unknown option '%s' (see --help)", call->game->name, call->verb->name, a), false;
        } else if (!parse_one(call, argc, argv, &i)) {
            return false;
        }
    }
    return true;
}
