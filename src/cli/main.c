/* gameopt <game> <verb> [options] [FILE|-]: dispatch, and help generated from the tables. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static void print_main_help(FILE *out) {
    fputs("usage: gameopt <game> <verb> [options] [FILE|-]\n"
          "       gameopt <game> --help | gameopt --help | gameopt --version\n\n"
          "Solves board-game and pencil-puzzle questions by reducing them to classic problems\n"
          "(maximum flow, SAT, integer programming, search); every answer is checked by\n"
          "independent code before it is printed.\n\ngames:\n",
          out);
    for (const gopt_cli_game *const *g = gopt_cli_games; *g; g++) fprintf(out, "  %-10s %s\n", (*g)->name, (*g)->summary);
    if (!gopt_cli_games[0]) fputs("  (none built yet)\n", out);
    fputs("\n  gameopt serve [--port N]   the local web page and JSON API (gameopt serve --help)\n", out);
    fputs("\nexit codes: 0 solved / ok, 1 proven no solution, 2 bad input or usage,\n"
          "            3 limit reached (nothing proven), 4 internal error\n"
          "errors go to stderr as `gameopt: FILE:LINE:COL: what is wrong`.\n",
          out);
}

static void print_game_help(FILE *out, const gopt_cli_game *g) {
    fprintf(out, "usage: gameopt %s <verb> [options]\n\n%s\n\nverbs:\n", g->name, g->summary);
    for (const gopt_cli_verb *v = g->verbs; v->name; v++) fprintf(out, "  %-12s %s\n", v->name, v->summary);
    if (g->game && g->game->formats) {
        fputs("\ninput formats:", out);
        for (const char *const *f = g->game->formats; *f; f++) fprintf(out, " %s", *f);
        fputc('\n', out);
    }
    if (g->game && g->game->methods) {
        fputs("methods:", out);
        for (const char *const *m = g->game->methods; *m; m++)
            fprintf(out, " %s%s", *m, m == g->game->methods ? " (default)" : "");
        fputc('\n', out);
    }
    if (g->help) fprintf(out, "\n%s", g->help);
    fprintf(out, "\n`gameopt %s <verb> --help` lists a verb's options.\n", g->name);
}

static const gopt_cli_game *find_game(const char *name) {
    for (const gopt_cli_game *const *g = gopt_cli_games; *g; g++)
        if (strcmp((*g)->name, name) == 0) return *g;
    return NULL;
}

static const gopt_cli_verb *find_verb(const gopt_cli_game *g, const char *name) {
    for (const gopt_cli_verb *v = g->verbs; v->name; v++)
        if (strcmp(v->name, name) == 0) return v;
    return NULL;
}

/* Flushes stdout and turns a failed write (a full disk, a closed pipe) into an error. */
static int finish(int code) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs("gameopt: cannot write the output\n", stderr);
        return code ? code : 4;
    }
    return code;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        print_main_help(stderr);
        return 2;
    }
    const char *first = argv[1];
    if (strcmp(first, "--help") == 0 || strcmp(first, "-h") == 0 || strcmp(first, "help") == 0) {
        print_main_help(stdout);
        return finish(0);
    }
    if (strcmp(first, "--version") == 0) {
        printf("gameopt %s\n", gopt_version());
        return finish(0);
    }
    if (strcmp(first, "serve") == 0) return finish(cli_run_serve(argc - 2, argv + 2));
    if (first[0] == '-') return cli_usage_error("unknown option '%s' (see gameopt --help)", first);
    const gopt_cli_game *g = find_game(first);
    if (!g) return cli_usage_error("unknown game '%s' (see gameopt --help)", first);
    if (argc < 3) {
        print_game_help(stderr, g);
        return 2;
    }
    const char *verb = argv[2];
    if (strcmp(verb, "--help") == 0 || strcmp(verb, "-h") == 0 || strcmp(verb, "help") == 0) {
        print_game_help(stdout, g);
        return finish(0);
    }
    const gopt_cli_verb *v = find_verb(g, verb);
    if (!v) return cli_usage_error("%s: unknown verb '%s' (see gameopt %s --help)", g->name, verb, g->name);

    gopt_cli_call call = {.game = g, .verb = v};
    gopt_options_init(&call.opts);
    bool help = false;
    if (!cli_parse_options(&call, argc - 3, argv + 3, &help)) return 2;
    if (help) {
        cli_print_verb_help(stdout, g, v);
        return finish(0);
    }
    return finish(v->run(&call));
}
