/* Option parsing from the verb tables: common options (design §5) and each verb's own. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

typedef struct common_option {
    unsigned bit;
    const char *name;
    const char *arg;
    const char *help;
} common_option;

static const common_option common_options[] = {
    {CLI_FORMAT, "format", "FMT", "input format (guessed when omitted)"},
    {CLI_OUTPUT, "output", "FILE", "write to FILE; .svg .png .pdf draw a picture, .txt .json take the results"},
    {CLI_JSON, "json", NULL, "one JSON object per result"},
    {CLI_METHOD, "method", "M", "solution method"},
    {CLI_TIME_LIMIT, "time-limit", "S", "give up after S seconds (exit 3)"},
    {CLI_MEMORY_LIMIT, "memory-limit", "MB", "give up beyond MB megabytes (exit 3)"},
    {CLI_THREADS, "threads", "N", "worker threads (default 1)"},
    {CLI_SEED, "seed", "N", "random seed (default 1)"},
    {CLI_COUNT, "count", "N", "look for up to N solutions (2 proves uniqueness)"},
    {CLI_STATS, "stats", NULL, "print work counters (nodes, conflicts, cuts, ...)"},
    {CLI_VERIFY, "verify", NULL, "check every answer before printing it (default)"},
    {CLI_VERIFY, "no-verify", NULL, "skip the independent checker"},
    {CLI_QUIET, "quiet", NULL, "print less"},
    {CLI_SHARD, "shard", "K/N", "run only the K-th of N equal slices of the work"},
    {CLI_PROGRESS, "progress", NULL, "draw the progress bar even when stderr is not a terminal"},
};
#define NCOMMON (sizeof common_options / sizeof common_options[0])

int cli_usage_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("gameopt: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

int cli_input_error(const gopt_error *err) {
    gopt_error_print(stderr, err);
    return 2;
}

static bool parse_long(const char *s, long min, long max, long *out) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < min || v > max) return false;
    *out = v;
    return true;
}

static bool parse_double(const char *s, double min, double max, double *out) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (!*s || *end || errno || !(v >= min && v <= max)) return false;
    *out = v;
    return true;
}

/* Stores a common option's value; false (after printing why) when it is malformed. */
static bool set_common(gopt_options *o, const common_option *c, const char *value) {
    long n;
    switch (c->bit) {
    case CLI_FORMAT: o->format = value; return true;
    case CLI_OUTPUT: o->output = value; return true;
    case CLI_JSON: o->json = true; return true;
    case CLI_METHOD: o->method = value; return true;
    case CLI_STATS: o->stats = true; return true;
    case CLI_VERIFY: o->verify = strcmp(c->name, "verify") == 0; return true;
    case CLI_QUIET: o->quiet = true; return true;
    case CLI_PROGRESS: o->progress = true; return true;
    case CLI_TIME_LIMIT:
        if (parse_double(value, 0, 1e9, &o->time_limit)) return true;
        break;
    case CLI_MEMORY_LIMIT:
        if (parse_double(value, 1, 1e9, &o->memory_limit_mb)) return true;
        break;
    case CLI_THREADS:
        if (parse_long(value, 1, 1024, &n)) return o->threads = (int)n, true;
        break;
    case CLI_COUNT:
        if (parse_long(value, 1, 1000000000L, &n)) return o->count = n, true;
        break;
    case CLI_SEED: {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(value, &end, 10);
        if (*value && *value != '-' && !*end && !errno) return o->seed = v, true;
        break;
    }
    case CLI_SHARD: {
        long k, total;
        const char *slash = strchr(value, '/');
        char kbuf[32];
        if (slash && (size_t)(slash - value) < sizeof kbuf) {
            memcpy(kbuf, value, (size_t)(slash - value));
            kbuf[slash - value] = 0;
            if (parse_long(kbuf, 1, 1000000, &k) && parse_long(slash + 1, 1, 1000000, &total) && k <= total) {
                o->shard_k = (int)k;
                o->shard_n = (int)total;
                return true;
            }
        }
        break;
    }
    }
    cli_usage_error("--%s: invalid value '%s' (expected %s)", c->name, value, c->arg);
    return false;
}

/* Finds an option by name among the verb's own and its accepted common ones. */
static const gopt_cli_option *find_own(const gopt_cli_verb *v, const char *name, size_t len) {
    for (const gopt_cli_option *o = v->options; o && o->name; o++)
        if (strlen(o->name) == len && strncmp(o->name, name, len) == 0) return o;
    return NULL;
}

static const common_option *find_common(const gopt_cli_verb *v, const char *name, size_t len) {
    for (size_t i = 0; i < NCOMMON; i++)
        if ((v->common & common_options[i].bit) && strlen(common_options[i].name) == len &&
            strncmp(common_options[i].name, name, len) == 0)
            return &common_options[i];
    return NULL;
}

bool cli_parse_options(gopt_cli_call *call, int argc, char **argv, bool *help) {
    gopt_options *o = &call->opts;
    const gopt_cli_verb *v = call->verb;
    call->args = argv;
    call->nargs = 0;
    bool only_args = false;
    for (int i = 0; i < argc; i++) {
        char *a = argv[i];
        if (only_args || a[0] != '-' || strcmp(a, "-") == 0) {
            call->args[call->nargs++] = a; /* positional: compacted in place */
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_args = true;
            continue;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            *help = true;
            return true;
        }
        if (a[1] != '-') {
            cli_usage_error("%s %s: unknown option '%s' (see --help)", call->game->name, v->name, a);
            return false;
        }
        const char *name = a + 2, *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        const common_option *c = find_common(v, name, len);
        const gopt_cli_option *own = c ? NULL : find_own(v, name, len);
        if (!c && !own) {
            cli_usage_error("%s %s: unknown option '--%.*s' (see --help)", call->game->name, v->name, (int)len, name);
            return false;
        }
        const char *arg_name = c ? c->arg : own->arg;
        const char *value = "";
        if (arg_name) {
            if (eq) value = eq + 1;
            else if (i + 1 < argc) value = argv[++i];
            else {
                cli_usage_error("--%.*s needs a value (%s)", (int)len, name, arg_name);
                return false;
            }
        } else if (eq) {
            cli_usage_error("--%.*s takes no value", (int)len, name);
            return false;
        }
        if (c) {
            if (!set_common(o, c, value)) return false;
        } else {
            if (o->nextra >= GOPT_MAX_EXTRA_OPTIONS) {
                cli_usage_error("too many options");
                return false;
            }
            o->extra_name[o->nextra] = own->name;
            o->extra_value[o->nextra++] = value;
        }
    }
    return true;
}

static void print_option(FILE *out, const char *name, const char *arg, const char *help) {
    char left[64];
    snprintf(left, sizeof left, "--%s%s%s", name, arg ? " " : "", arg ? arg : "");
    fprintf(out, "  %-24s %s\n", left, help);
}

void cli_print_verb_help(FILE *out, const gopt_cli_game *g, const gopt_cli_verb *v) {
    fprintf(out, "usage: gameopt %s %s [options] %s\n\n%s\n\noptions:\n", g->name, v->name, v->usage ? v->usage : "",
            v->summary);
    for (const gopt_cli_option *o = v->options; o && o->name; o++) print_option(out, o->name, o->arg, o->help);
    for (size_t i = 0; i < NCOMMON; i++)
        if (v->common & common_options[i].bit)
            print_option(out, common_options[i].name, common_options[i].arg, common_options[i].help);
    print_option(out, "help", NULL, "show this help");
    if (g->game && (v->common & CLI_FORMAT) && g->game->formats) {
        fputs("\nformats:", out);
        for (const char *const *f = g->game->formats; *f; f++) fprintf(out, " %s", *f);
        fputc('\n', out);
    }
    if (g->game && (v->common & CLI_METHOD) && g->game->methods) {
        fputs("methods:", out);
        for (const char *const *m = g->game->methods; *m; m++)
            fprintf(out, " %s%s", *m, m == g->game->methods ? " (default)" : "");
        fputc('\n', out);
    }
}

bool cli_option_int(const gopt_options *o, const char *name, long min, long max, long *out) {
    const char *v = gopt_option(o, name);
    if (!v) return true;
    if (parse_long(v, min, max, out)) return true;
    cli_usage_error("--%s: invalid value '%s' (expected a whole number in %ld..%ld)", name, v, min, max);
    return false;
}

bool cli_option_double(const gopt_options *o, const char *name, double min, double max, double *out) {
    const char *v = gopt_option(o, name);
    if (!v) return true;
    if (parse_double(v, min, max, out)) return true;
    cli_usage_error("--%s: invalid value '%s' (expected a number in %g..%g)", name, v, min, max);
    return false;
}

bool cli_option_range(const gopt_options *o, const char *name, long min, long max, long *lo, long *hi) {
    const char *v = gopt_option(o, name);
    if (!v) return true;
    const char *dots = strstr(v, "..");
    char first[32];
    bool ok;
    if (!dots) {
        ok = parse_long(v, min, max, lo);
        *hi = *lo;
    } else {
        size_t n = (size_t)(dots - v);
        ok = n < sizeof first;
        if (ok) {
            memcpy(first, v, n);
            first[n] = 0;
            ok = parse_long(first, min, max, lo) && parse_long(dots + 2, min, max, hi) && *lo <= *hi;
        }
    }
    if (!ok) cli_usage_error("--%s: invalid value '%s' (expected A or A..B within %ld..%ld)", name, v, min, max);
    return ok;
}
