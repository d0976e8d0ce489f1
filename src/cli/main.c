/* gameopt <game> <verb> [options] [FILE|-]: dispatch through the game tables (no game is
 * named here), with help generated from them. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

/* Flushes stdout and turns a failed write (a full disk, a closed pipe) into an error. */
static int finish(int code) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs("gameopt: cannot write the output\n", stderr);
        return code ? code : 4;
    }
    return code;
}

static bool is_help(const char *a) { return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0 || strcmp(a, "help") == 0; }

static int usage(const char *fmt, const char *a, const char *b) {
    fputs("gameopt: ", stderr);
    fprintf(stderr, fmt, a, b, a);
    fputc('\n', stderr);
    return 2;
}

static int run_verb(const gopt_game *g, const gopt_verb *v, int argc, char **argv) {
    gopt_call call = {.game = g, .verb = v, .out = stdout, .diag = stderr};
    gopt_options_init(&call.opts);
    bool help = false;
    int code = 2;
    if (cli_parse_options(&call, argc, argv, &help)) {
        if (help) {
            gopt_print_verb_help(stdout, g, v);
            return finish(0);
        }
        /* Ctrl-C and SIGTERM stop the work cleanly: what is known is printed, exit 3. */
        gopt_stop_install_signals();
        gopt_budget_set_process(call.opts.memory_limit_mb);
        code = v->run(&call);
    }
    if (call.err.set) gopt_error_print(stderr, &call.err);
    int sig = gopt_stop_signalled();
    if (sig) {
        fprintf(stderr, "gameopt: stopped by %s; printed what was known\n", sig == SIGTERM ? "SIGTERM" : "Ctrl-C");
        code = gopt_status_worst((gopt_status)code, GOPT_LIMIT);
    }
    return finish(code);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        gopt_print_games_help(stderr);
        return 2;
    }
    const char *first = argv[1];
    if (is_help(first)) {
        gopt_print_games_help(stdout);
        return finish(0);
    }
    if (strcmp(first, "--version") == 0) {
        printf("gameopt %s\n", gopt_version());
        return finish(0);
    }
    if (strcmp(first, "serve") == 0) return finish(cli_run_serve(argc - 2, argv + 2));
    if (first[0] == '-') return usage("unknown option '%s' (see gameopt --help)", first, "");
    const gopt_game *g = gopt_game_find(first);
    if (!g) return usage("unknown game '%s' (see gameopt --help)", first, "");
    if (argc < 3) {
        gopt_print_game_help(stderr, g);
        return 2;
    }
    if (is_help(argv[2])) {
        gopt_print_game_help(stdout, g);
        return finish(0);
    }
    const gopt_verb *v = gopt_verb_find(g, argv[2]);
    if (!v) return usage("%s: unknown verb '%s' (see gameopt %s --help)", g->name, argv[2]);
    return run_verb(g, v, argc - 3, argv + 3);
}
