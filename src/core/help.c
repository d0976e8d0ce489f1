/* Help text generated from the game tables: the games, a game's verbs, a verb's options. */
#include <string.h>

#include "gameopt/game.h"

void gopt_print_games_help(FILE *out) {
    fputs("usage: gameopt <game> <verb> [options] [FILE|-]\n"
          "       gameopt <game> --help | gameopt --help | gameopt --version\n\n"
          "Solves board-game and pencil-puzzle questions by reducing them to classic problems\n"
          "(maximum flow, SAT, integer programming, search); every answer is checked by\n"
          "independent code before it is printed.\n\ngames:\n",
          out);
    for (const gopt_game *const *g = gopt_games; *g; g++) fprintf(out, "  %-10s %s\n", (*g)->name, (*g)->summary);
    fputs("\n  gameopt serve [--port N]   the local web page and JSON API (gameopt serve --help)\n", out);
    fputs("\nexit codes: 0 solved / ok, 1 proven no solution, 2 bad input or usage,\n"
          "            3 limit reached (nothing proven), 4 internal error\n"
          "errors go to stderr as `gameopt: FILE:LINE:COL: what is wrong`.\n",
          out);
}

static void print_list(FILE *out, const char *title, const char *const *list, bool mark_default) {
    if (!list) return;
    fputs(title, out);
    for (const char *const *m = list; *m; m++) fprintf(out, " %s%s", *m, mark_default && m == list ? " (default)" : "");
    fputc('\n', out);
}

void gopt_print_game_help(FILE *out, const gopt_game *g) {
    fprintf(out, "usage: gameopt %s <verb> [options]\n\n%s\n\nverbs:\n", g->name, g->summary);
    for (const gopt_verb *v = g->verbs; v->name; v++) fprintf(out, "  %-12s %s\n", v->name, v->summary);
    if (g->formats) fputc('\n', out);
    print_list(out, "input formats:", g->formats, false);
    print_list(out, "methods:", g->methods, true);
    if (g->help) fprintf(out, "\n%s", g->help);
    fprintf(out, "\n`gameopt %s <verb> --help` lists a verb's options.\n", g->name);
}

/* The common options mean something else in a verb that writes puzzles (`generate`) or a
 * model (`lp`) than in one that reads and solves them: the help says what they do there. */
static const char *common_help(const gopt_verb *v, const gopt_opt *s) {
    bool generate = strcmp(v->name, "generate") == 0, lp = strcmp(v->name, "lp") == 0;
    if (generate && strcmp(s->name, "format") == 0) return "format of the puzzles written (the first format when omitted)";
    if (generate && strcmp(s->name, "count") == 0) return "how many puzzles to make";
    if (generate && strcmp(s->name, "output") == 0) return "write the puzzles to FILE instead of standard output";
    if (lp && strcmp(s->name, "output") == 0) return "write the model to FILE (CPLEX LP text) instead of standard output";
    return s->help;
}

/* Numbers show their accepted range; an upper end of 1e9 or more is "no upper end". */
static void print_range(FILE *out, const gopt_opt *s) {
    if (s->type != GOPT_OPT_INT && s->type != GOPT_OPT_REAL && s->type != GOPT_OPT_RANGE && s->type != GOPT_OPT_SIZE)
        return;
    const char *fmt = s->type == GOPT_OPT_REAL ? "%g" : "%.0f";
    fputs(s->type == GOPT_OPT_SIZE ? " (sides " : " (", out);
    if (s->max >= 1e9) {
        fputs(">= ", out);
        fprintf(out, fmt, s->min);
    } else {
        fprintf(out, fmt, s->min);
        fputs("..", out);
        fprintf(out, fmt, s->max);
    }
    fputc(')', out);
}

/* What an option does in verb v (NULL: a verb's own option, in its own words), its range
 * and its default, without a newline: the help's right column, the man page's paragraph. */
void gopt_print_option_text(FILE *out, const gopt_verb *v, const gopt_opt *s) {
    fputs(v ? common_help(v, s) : s->help, out);
    print_range(out, s);
    if (s->def && s->type != GOPT_OPT_FLAG) fprintf(out, " (default %s)", s->def);
}

static void print_option(FILE *out, const gopt_verb *v, const gopt_opt *s) {
    char left[64];
    snprintf(left, sizeof left, "--%s%s%s", s->name, s->arg ? " " : "", s->arg ? s->arg : "");
    fprintf(out, "  %-24s ", left);
    gopt_print_option_text(out, v, s);
    fputc('\n', out);
}

void gopt_print_verb_help(FILE *out, const gopt_game *g, const gopt_verb *v) {
    fprintf(out, "usage: gameopt %s %s [options] %s\n\n%s\n\noptions:\n", g->name, v->name, v->usage ? v->usage : "",
            v->summary);
    for (const gopt_opt *s = v->options; s && s->name; s++) print_option(out, NULL, s); /* its own words */
    /* every option the verb takes, the ones every verb takes (--time-limit, --memory-limit,
     * --json, --manifest) too: a person reads a verb's help to learn what it accepts */
    for (int i = 0; gopt_common_opts[i].name; i++)
        if ((v->common | GOPT_COMMON_ALWAYS) & gopt_common_bits[i]) print_option(out, v, &gopt_common_opts[i]);
    print_option(out, v, &(gopt_opt)GOPT_FLAG("help", "show this help"));
    if ((v->common & GOPT_COMMON_FORMAT) && g->formats) fputc('\n', out);
    if (v->common & GOPT_COMMON_FORMAT) print_list(out, "formats:", g->formats, false);
    if (v->common & GOPT_COMMON_METHOD) print_list(out, "methods:", g->methods, true);
}
