/* argv into a gopt_call through the one option setter (gopt_opt_set): the common options the
 * verb takes and its own, from the tables in include/gameopt/game.h. Values are checked
 * against their declarations here, so a bad value exits 2 with `gameopt: --NAME: ...` before
 * anything runs. argv outlives the call, so values are not copied. */
#include <string.h>

#include "cli/cli.h"

/* One "--name[=value]" at argv[*i]; takes the next argument as the value when needed. */
static bool parse_one(gopt_call *call, int argc, char **argv, int *i) {
    const gopt_verb *v = call->verb;
    unsigned common = v->common | GOPT_COMMON_ALWAYS;
    const char *a = argv[*i], *name = a + 2, *eq = strchr(name, '=');
    char key[128];
    snprintf(key, sizeof key, "%.*s", eq ? (int)(eq - name) : (int)strlen(name), name);
    const gopt_opt *spec = gopt_opt_lookup(v->options, common, key);
    const char *value = NULL;
    if (spec && spec->type != GOPT_OPT_FLAG) {
        if (eq) value = eq + 1;
        else if (*i + 1 < argc) value = argv[++*i];
        else return gopt_call_usage(call, "--%s needs a value (%s)", key, spec->arg), false;
    } else if (eq) {
        value = eq + 1; /* a flag given a value: the setter says so */
    }
    gopt_error err = {0};
    if (!gopt_opt_set(&call->opts, v->options, common, key, value, NULL, NULL, &err)) {
        if (!err.file[0] && strncmp(err.msg, "unknown option", 14) == 0)
            return gopt_call_usage(call, "%s %s: %s", call->game->name, v->name, err.msg), false;
        return gopt_call_input(call, &err), false;
    }
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
