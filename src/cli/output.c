/* The call's outputs put where the command line's options say (cli.h). Files appear whole or
 * not at all (outfile.h); nothing is written to stdout when the call failed on bad input. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"
#include "gameopt/json.h"
#include "gameopt/outfile.h"
#include "gameopt/statefile.h"

/* The value of the option a side output names (NULL: not given). */
static const char *side_path(const gopt_call *call, const char *option) {
    if (strcmp(option, "output") == 0) return call->opts.output;
    return *option ? gopt_option(&call->opts, option) : NULL;
}

/* Is --output where the results go (a .txt or .json file)? */
bool cli_results_to_file(const gopt_call *call) {
    const char *o = call->opts.output, *dot = o ? strrchr(o, '.') : NULL;
    return dot && (strcasecmp(dot, ".txt") == 0 || strcasecmp(dot, ".json") == 0);
}

static bool want_json(const gopt_call *call) {
    const char *o = call->opts.output, *dot = o ? strrchr(o, '.') : NULL;
    return call->opts.json || (cli_results_to_file(call) && strcasecmp(dot, ".json") == 0);
}

static void write_results(gopt_call *call, FILE *f) {
    if (want_json(call)) {
        size_t i;
        json_t *a;
        json_array_foreach(call->answers, i, a) gopt_json_print(f, a);
        return;
    }
    size_t n;
    const char *text = gopt_call_text(call, &n);
    fwrite(text, 1, n, f);
}

static bool write_file(const char *path, const char *data, size_t len, gopt_call *call, FILE *results) {
    gopt_outfile file;
    gopt_error err = {0};
    if (!gopt_outfile_open(&file, path, &err)) return gopt_error_print(stderr, &err), false;
    if (results) write_results(call, file.f);
    else fwrite(data, 1, len, file.f);
    if (!gopt_outfile_commit(&file, &err)) return gopt_error_print(stderr, &err), false;
    return true;
}

/* How many sides an option has, so that several are numbered (out-1.svg, out-2.svg). */
static long sides_of(const gopt_call *call, const char *option) {
    long n = 0;
    for (size_t i = 0; i < call->nsides; i++) n += strcmp(call->sides[i].option, option) == 0;
    return n;
}

int cli_write_outputs(gopt_call *call, int code) {
    size_t n;
    const char *warnings = gopt_call_warnings(call, &n);
    fwrite(warnings, 1, n, stderr);
    if (code == GOPT_BAD_INPUT) return code; /* no partial output */
    bool ok = true;
    if (cli_results_to_file(call)) ok = write_file(call->opts.output, NULL, 0, call, stdout);
    else write_results(call, stdout);
    for (size_t i = 0; i < call->nsides; i++) {
        const gopt_side *s = &call->sides[i];
        const char *path = side_path(call, s->option);
        if (!path && want_json(call)) continue; /* JSON lines only: the answer carries it where it matters */
        if (!path || strcmp(path, "-") == 0 || (strcmp(s->option, "output") == 0 && cli_results_to_file(call))) {
            fwrite(s->data, 1, s->len, stdout);
            continue;
        }
        char *numbered = gopt_numbered_path(path, s->number, sides_of(call, s->option) > 1);
        ok = write_file(numbered, s->data, s->len, call, NULL) && ok;
        free(numbered);
    }
    return ok ? code : (int)gopt_status_worst((gopt_status)code, GOPT_ERROR);
}

/* The files of state options this process holds until cli_release_states. */
static gopt_statefile claims[GOPT_MAX_EXTRA_OPTIONS];
static int nclaims;

bool cli_check_outputs(gopt_call *call) {
    const gopt_opt *own = call->verb->options;
    gopt_error err = {0};
    if (call->opts.output && strcmp(call->opts.output, "-") != 0 && !gopt_outfile_check(call->opts.output, &err))
        return gopt_call_input(call, &err), false;
    for (const gopt_opt *s = own; s && s->name; s++) {
        const char *v = s->type == GOPT_OPT_OUTPUT || s->type == GOPT_OPT_STATE ? gopt_option(&call->opts, s->name) : NULL;
        if (v && s->type == GOPT_OPT_OUTPUT && strcmp(v, "-") != 0 && !gopt_outfile_check(v, &err))
            return gopt_call_input(call, &err), false;
        /* a kept file: its place checked and held for the whole run (statefile.h) */
        if (v && s->type == GOPT_OPT_STATE && nclaims < GOPT_MAX_EXTRA_OPTIONS) {
            if (!gopt_statefile_claim(&claims[nclaims], v, &err)) return gopt_call_input(call, &err), false;
            nclaims++;
        }
    }
    return true;
}

void cli_release_states(void) {
    while (nclaims > 0) gopt_statefile_release(&claims[--nclaims]);
}
