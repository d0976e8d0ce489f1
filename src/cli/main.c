/* gameopt <game> <verb> [options] [FILE|-]: argv into a call of a verb of a game's table (no
 * game is named here), run by the driver, its outputs written where the options say; help
 * generated from the tables. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "gameopt/front.h"

/* Flushes stdout and turns a failed write (a full disk, a closed pipe) into an error. */
static int finish(int code) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs("gameopt: cannot write the output\n", stderr);
        return code ? code : GOPT_ERROR;
    }
    return code;
}

static bool is_help(const char *a) { return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0 || strcmp(a, "help") == 0; }

static int usage(const char *fmt, const char *a, const char *b, const char *near) {
    fputs("gameopt: ", stderr);
    fprintf(stderr, fmt, a, b, a);
    if (near) fprintf(stderr, " (did you mean '%s'?)", near);
    fputc('\n', stderr);
    return GOPT_BAD_INPUT;
}

/* The names in a game's verbs, or the games', for "did you mean". */
static const char *closest_verb(const gopt_game *g, const char *word) {
    const char *names[64];
    int n = 0;
    for (const gopt_verb *v = g->verbs; v->name && n < 63; v++) names[n++] = v->name;
    names[n] = NULL;
    return gopt_closest(word, names);
}

static const char *closest_game(const char *word) {
    const char *names[64];
    int n = 0;
    for (const gopt_game *const *g = gopt_games; *g && n < 62; g++) names[n++] = (*g)->name;
    names[n++] = "serve";
    names[n] = NULL;
    return gopt_closest(word, names);
}

static int run_verb(const gopt_game *g, const gopt_verb *v, int argc, char **argv) {
    gopt_call call;
    gopt_call_init(&call, g, v);
    call.opts.source = &gopt_local_source;
    bool help = false;
    int code = GOPT_BAD_INPUT;
    if (cli_parse_options(&call, argc, argv, &help)) {
        if (help) {
            gopt_call_free(&call);
            gopt_print_verb_help(stdout, g, v);
            return finish(0);
        }
        /* pictures in the format --output's extension names */
        call.opts.picture = gopt_picture_format_of(call.opts.output);
        call.opts.progress_sink = cli_progress_sink(call.opts.progress);
        /* text drawn for a terminal when the results go to one */
        call.opts.terminal = isatty(STDOUT_FILENO) && !cli_results_to_file(&call);
        call.opts.colour = call.opts.terminal && gopt_term_colour_ok(stdout);
        /* Ctrl-C and SIGTERM stop the work cleanly: what is known is printed, exit 3. */
        gopt_stop_install_signals();
        gopt_budget_set_process(call.opts.memory_limit_mb);
        if (cli_check_outputs(&call)) code = gopt_call_run(&call);
        cli_release_states();
        code = cli_write_outputs(&call, code);
    }
    if (call.err.set) gopt_error_print(stderr, &call.err);
    int sig = gopt_stop_signalled();
    if (sig) {
        fprintf(stderr, "gameopt: stopped by %s; printed what was known\n", sig == SIGTERM ? "SIGTERM" : "Ctrl-C");
        code = gopt_status_worst((gopt_status)code, GOPT_LIMIT);
    }
    gopt_call_free(&call);
    return finish(code);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        gopt_print_games_help(stderr);
        return GOPT_BAD_INPUT;
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
    if (strcmp(first, "--completion") == 0) {
        if (argc != 3 || strcmp(argv[2], "bash") != 0)
            return usage("--completion: which shell? (--completion bash)%s%s", "", "", NULL);
        return finish(cli_print_completion(stdout));
    }
    if (strcmp(first, "--man") == 0) return finish(cli_print_man(stdout));
    if (strcmp(first, "serve") == 0) return finish(cli_run_serve(argc - 2, argv + 2));
    if (first[0] == '-') return usage("unknown option '%s' (see gameopt --help)", first, "", NULL);
    const gopt_game *g = gopt_game_find(first);
    if (!g) return usage("unknown game '%s' (see gameopt --help)", first, "", closest_game(first));
    if (argc < 3) {
        gopt_print_game_help(stderr, g);
        return GOPT_BAD_INPUT;
    }
    if (is_help(argv[2])) {
        gopt_print_game_help(stdout, g);
        return finish(0);
    }
    const gopt_verb *v = gopt_verb_find(g, argv[2]);
    if (!v) return usage("%s: unknown verb '%s' (see gameopt %s --help)", g->name, argv[2], closest_verb(g, argv[2]));
    return run_verb(g, v, argc - 3, argv + 3);
}
