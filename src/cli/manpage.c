/* `gameopt --man`: the man page (roff) generated from the same tables as --help (the games,
 * each game's rules, formats, methods and examples, each verb with its options and their
 * ranges and defaults, the common options, serve's options) around a few fixed sections
 * (exit status, environment, files, completion). docs/gameopt.1 is its output, installed by
 * `make install`; the test cli/man-page fails when the two differ, so the page cannot drift
 * from --help (issue 35 item 6). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* Text as roff: backslashes and hyphens escaped, a line never starting with a control
 * character; in a macro's quoted argument (line_start false) a double quote as \(dq. */
static void roff_n(FILE *out, const char *s, size_t n, bool line_start) {
    bool quoted = !line_start;
    for (size_t i = 0; i < n && s[i]; i++) {
        char c = s[i];
        if (line_start && (c == '.' || c == '\'')) fputs("\\&", out);
        line_start = c == '\n';
        if (c == '\\') fputs("\\e", out);
        else if (c == '-') fputs("\\-", out);
        else if (c == '"' && quoted) fputs("\\(dq", out);
        else fputc(c, out);
    }
}

static void roff(FILE *out, const char *s) { roff_n(out, s, strlen(s), true); }

static void option_line(FILE *out, const gopt_verb *v, const gopt_opt *s) {
    fputs(s->arg ? ".TP\n.BI \"\\-\\-" : ".TP\n.B \"\\-\\-", out); /* the tag is one line */
    roff_n(out, s->name, strlen(s->name), false);
    if (s->arg) {
        fputs(" \" \"", out);
        roff_n(out, s->arg, strlen(s->arg), false);
    }
    fputs("\"\n", out);
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    gopt_print_option_text(m, v, s);
    fclose(m);
    /* a help wrapped for --help's column (a newline, then spaces) is one paragraph here */
    size_t k = 0;
    for (size_t i = 0; text[i]; i++) {
        if (text[i] == '\n') {
            while (k && text[k - 1] == ' ') k--;
            while (text[i + 1] == ' ') i++;
            text[k++] = ' ';
        } else {
            text[k++] = text[i];
        }
    }
    text[k] = 0;
    roff(out, text);
    fputc('\n', out);
    free(text);
}

/* A game's help text: paragraphs (re-filled), indented lines kept as they are, and the
 * examples after "examples:" as one tagged paragraph each (command, then what it does:
 * they are separated by two spaces or more). */
static void game_text(FILE *out, const char *help) {
    const char *ex = strstr(help, "examples:\n");
    const char *end = ex ? ex : help + strlen(help);
    bool literal = false, paragraph = true;
    for (const char *l = help; l < end;) {
        const char *nl = memchr(l, '\n', (size_t)(end - l));
        size_t n = nl ? (size_t)(nl - l) : (size_t)(end - l);
        bool blank = n == 0, indented = n >= 2 && l[0] == ' ' && l[1] == ' ';
        if (literal && !indented) fputs(".fi\n.RE\n", out), literal = false;
        if (blank) {
            paragraph = true;
        } else {
            if (paragraph && !indented) fputs(".PP\n", out);
            if (indented && !literal) fputs(".RS\n.nf\n", out), literal = true;
            paragraph = false;
            roff_n(out, indented ? l + 2 : l, indented ? n - 2 : n, true);
            fputc('\n', out);
        }
        l += n + 1;
    }
    if (literal) fputs(".fi\n.RE\n", out);
    if (!ex) return;
    fputs(".PP\nExamples:\n", out);
    for (const char *l = ex + strlen("examples:\n"); *l;) {
        const char *nl = strchr(l, '\n');
        size_t n = nl ? (size_t)(nl - l) : strlen(l);
        while (n && *l == ' ') l++, n--;
        if (n) {
            size_t cmd = n; /* the comment starts after the last run of two spaces or more */
            for (size_t i = n; i-- > 1;)
                if (l[i] == ' ' && l[i - 1] == ' ') {
                    cmd = i - 1;
                    while (cmd && l[cmd - 1] == ' ') cmd--;
                    break;
                }
            fputs(".TP\n.B \"", out);
            roff_n(out, l, cmd, false);
            fputs("\"\n", out);
            const char *c = l + cmd;
            while (c < l + n && *c == ' ') c++;
            if (c < l + n) roff_n(out, c, (size_t)(l + n - c), true);
            fputc('\n', out);
        }
        if (!nl) break;
        l = nl + 1;
    }
}

static void list(FILE *out, const char *title, const char *const *items, bool mark_default) {
    if (!items) return;
    fprintf(out, ".PP\n%s", title);
    for (const char *const *m = items; *m; m++) {
        fputs(m == items ? " " : ", ", out);
        fputs("\\fB", out);
        roff_n(out, *m, strlen(*m), false);
        fputs(mark_default && m == items ? "\\fR (default)" : "\\fR", out);
    }
    fputs(".\n", out);
}

static void verb_section(FILE *out, const gopt_game *g, const gopt_verb *v) {
    fprintf(out, ".SS \"gameopt %s %s\"\n", g->name, v->name);
    fprintf(out, ".B gameopt %s %s\n[\\fIoptions\\fR]", g->name, v->name);
    if (v->usage && *v->usage) {
        fputc(' ', out);
        roff_n(out, v->usage, strlen(v->usage), false);
    }
    fputs("\n.PP\n", out);
    roff(out, v->summary);
    fputs(".\n", out);
    for (const gopt_opt *s = v->options; s && s->name; s++) option_line(out, NULL, s);
    /* the common options it takes: named here, told once under COMMON OPTIONS, except
     * where a verb gives them another sense (generate's --format, --count, --output) */
    fputs(".PP\nAlso:", out);
    for (int i = 0; gopt_common_opts[i].name; i++)
        if ((v->common | GOPT_COMMON_ALWAYS) & gopt_common_bits[i]) {
            fprintf(out, "%s\\fB\\-\\-", i ? ", " : " ");
            roff_n(out, gopt_common_opts[i].name, strlen(gopt_common_opts[i].name), false);
            fputs("\\fR", out);
        }
    fputs(".\n", out);
}

static void serve_section(FILE *out) {
    const char *h = cli_serve_help;
    const char *desc = strstr(h, "\n\n"), *opts = strstr(h, "options:\n");
    fputs(".SH SERVE\n.B gameopt serve\n[\\fIoptions\\fR]\n.PP\n", out);
    if (desc && opts && desc < opts) {
        desc += 2;
        roff_n(out, desc, (size_t)(opts - desc), true);
    }
    if (!opts) return;
    /* "  --name ARG   text" and continuation lines indented further; then a last paragraph */
    for (const char *l = opts + strlen("options:\n"); *l;) {
        const char *nl = strchr(l, '\n');
        size_t n = nl ? (size_t)(nl - l) : strlen(l);
        if (n > 4 && strncmp(l, "  --", 4) == 0) {
            const char *name = l + 4, *sp = memchr(name, ' ', n - 4);
            size_t nn = sp ? (size_t)(sp - name) : n - 4;
            const char *rest = name + nn;
            while (rest < l + n && *rest == ' ') rest++;
            /* ARG: a word in capitals (N, FILE, ADDR), then the text */
            const char *gap = rest;
            while (gap < l + n && ((*gap >= 'A' && *gap <= 'Z') || *gap == '/')) gap++;
            bool arg = gap > rest && gap < l + n && *gap == ' ';
            fputs(arg ? ".TP\n.BI \"\\-\\-" : ".TP\n.B \"\\-\\-", out);
            roff_n(out, name, nn, false);
            if (arg) {
                fputs(" \" \"", out);
                roff_n(out, rest, (size_t)(gap - rest), false);
                rest = gap;
                while (rest < l + n && *rest == ' ') rest++;
            }
            fputs("\"\n", out);
            roff_n(out, rest, (size_t)(l + n - rest), true);
            fputc('\n', out);
        } else if (n > 0 && l[0] == ' ') {
            const char *t = l;
            while (t < l + n && *t == ' ') t++;
            roff_n(out, t, (size_t)(l + n - t), true);
            fputc('\n', out);
        } else if (n > 0) {
            fputs(".PP\n", out);
            roff_n(out, l, n, true);
            fputc('\n', out);
        }
        if (!nl) break;
        l = nl + 1;
    }
    fputs(".PP\nExamples:\n"
          ".TP\n.B gameopt serve\nthe page at http://127.0.0.1:8080/, for this machine only\n"
          ".TP\n.B \"gameopt serve \\-\\-port 0 \\-\\-port\\-file port.txt \\-\\-quiet\"\na free port, written to port.txt (scripts, tests)\n"
          ".TP\n.B \"gameopt serve \\-\\-bind 0.0.0.0 \\-\\-threads 4 \\-\\-time\\-limit 10\"\n"
          "for the local network: four requests at once, ten seconds each\n"
          ".TP\n.B \"curl \\-d '{\\(dqinput\\(dq:\\(dq...\\(dq}' \\-H 'Content\\-Type: application/json' http://127.0.0.1:8080/api/flood/solve\"\n"
          "an answer as JSON (the envelope: exit, status, answers, text, warnings, outputs, error)\n"
          ".PP\nThe page is at \\fIhttp://127.0.0.1:8080/\\fR by default; the API and its replies:\n"
          ".IR docs/serve.md \" and \" docs/formats.md\n"
          "in the source tree.\n",
          out);
}

int cli_print_man(FILE *out) {
    fprintf(out, ".\\\" Generated by `gameopt --man` from the game tables: edit those (or src/cli/manpage.c),\n"
                 ".\\\" then regenerate docs/gameopt.1; the test cli/man-page compares them.\n"
                 ".TH GAMEOPT 1 \"2026\" \"gameopt %s\" \"User Commands\"\n",
            gopt_version());
    fputs(".SH NAME\n"
          "gameopt \\- solve board-game and pencil-puzzle questions by reduction to classic problems\n"
          ".SH SYNOPSIS\n"
          ".B gameopt\n.I game verb\n[\\fIoptions\\fR] [\\fIFILE\\fR|\\fB\\-\\fR]...\n.br\n"
          ".B gameopt\n.I game\n.B \\-\\-help\n.br\n"
          ".B gameopt serve\n[\\fIoptions\\fR]\n.br\n"
          ".B gameopt\n.RB [ \\-\\-help | \\-\\-version | \"\\-\\-completion bash\" | \\-\\-man ]\n"
          ".SH DESCRIPTION\n"
          ".B gameopt\n"
          "reduces each game question to maximum flow, SAT, integer programming or search, solves it with\n"
          "igraph, CaDiCaL or CBC, and checks every answer with independent code before it is printed.\n"
          "Puzzles are read from the files named (or standard input, or \\fB\\-\\fR), several to a file\n"
          "where the format allows; the format is guessed when \\fB\\-\\-format\\fR is not given.\n"
          "Each game's verbs, with their options, follow; \\fBgameopt\\fR \\fIgame verb\\fR \\fB\\-\\-help\\fR\n"
          "prints the same.\n"
          ".PP\nGames:\n",
          out);
    for (const gopt_game *const *g = gopt_games; *g; g++) {
        fprintf(out, ".TP\n.B %s\n", (*g)->name);
        roff(out, (*g)->summary);
        fputc('\n', out);
    }
    fputs(".SH COMMON OPTIONS\nWhich of these a verb takes is listed with the verb (\\fBAlso:\\fR).\n", out);
    for (int i = 0; gopt_common_opts[i].name; i++) option_line(out, NULL, &gopt_common_opts[i]);
    fputs(".TP\n.B \\-\\-help\nthe verb's options, as below\n", out);
    for (const gopt_game *const *g = gopt_games; *g; g++) {
        fprintf(out, ".SH \"%s\" (gameopt %s)\n", (*g)->name, (*g)->name);
        roff(out, (*g)->summary);
        fputs(".\n", out);
        list(out, "Input formats:", (*g)->formats, false);
        list(out, "Methods:", (*g)->methods, true);
        if ((*g)->help) game_text(out, (*g)->help);
        for (const gopt_verb *v = (*g)->verbs; v->name; v++) verb_section(out, *g, v);
    }
    serve_section(out);
    fputs(".SH EXIT STATUS\n"
          "0 solved (or ok), 1 proven no solution, 2 bad input or usage, 3 a limit reached (the bounds\n"
          "known are printed; nothing is claimed beyond them), 4 internal error.\n"
          "Errors go to standard error as\n"
          ".IR \"gameopt: FILE:LINE:COL: what is wrong\" .\n"
          "Ctrl-C stops a run as a limit does: exit 3 with what is known.\n"
          "A limit met while reading is a limit too (exit 3), except an input that declares more than\n"
          "it holds (more than 4,096 bytes of memory a byte, such as a 51-byte file declaring a\n"
          "1024x1024 board): that is bad input (exit 2) whatever the limit.\n"
          ".SH ENVIRONMENT\n"
          ".TP\n.B GAMEOPT_DATA\n"
          "the folder of the bundled data (catalogues, maps, the page); by default the source tree the\n"
          "program was built from, then \\fIshare/gameopt\\fR under the installation prefix.\n"
          ".TP\n.B NO_COLOR\n"
          "set: no colours in the text for people.\n"
          ".SH FILES\n"
          "igraph, cairo and CBC are opened with\n.BR dlopen (3)\n"
          "when a command first needs them (graphs and max flow, pictures,\n.BR \"\\-\\-method mip\" ),\n"
          "as\n.IR libigraph.so.3 ,\n.I libcairo.so.2\nand\n.IR libCbcSolver.so.3 ;\n"
          "without one, only the commands that need it fail, with a message naming the package.\n"
          ".SH SHELL COMPLETION\n"
          ".B gameopt \\-\\-completion bash\n"
          "prints a bash completion script generated from the same tables (games, verbs, each verb's\n"
          "options);\n.B make install\nputs it in\n.I share/bash\\-completion/completions/gameopt\n"
          "under the installation prefix.\n"
          ".SH SEE ALSO\n"
          "README.md and docs/ in the source tree: formats.md (every input and output format),\n"
          "methods.md (how each question is solved), serve.md (the page and the API), limits.md.\n",
          out);
    return ferror(out) ? GOPT_ERROR : 0;
}
