/* Terminal text: colours when wanted, and box-drawing glyphs for paths. */
#include "gameopt/term.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool gopt_term_colour_ok(FILE *f) {
    const char *no_colour = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    if (no_colour && no_colour[0]) return false;
    if (!term || strcmp(term, "dumb") == 0) return false;
    return isatty(fileno(f));
}

const char *gopt_term_fg(int index) {
    /* Bright, distinct ANSI colours (bold where the plain one is too dark). */
    static const char *const colours[] = {
        "\033[31m", "\033[32m", "\033[34m", "\033[33m", "\033[35m", "\033[36m",
        "\033[91m", "\033[92m", "\033[94m", "\033[93m", "\033[95m", "\033[96m",
        "\033[1;31m", "\033[1;32m", "\033[1;34m", "\033[1;33m", "\033[1;35m", "\033[1;36m",
    };
    int n = (int)(sizeof colours / sizeof colours[0]);
    return colours[((index % n) + n) % n];
}

const char *gopt_term_reset(void) { return "\033[0m"; }

/* Indexed by the N=1, E=2, S=4, W=8 bits. */
static const char *const light[16] = {
    " ", "╵", "╶", "└", "╷", "│", "┌", "├", "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼",
};
static const char *const heavy[16] = {
    " ", "╹", "╺", "┗", "╻", "┃", "┏", "┣", "╸", "┛", "━", "┻", "┓", "┫", "┳", "╋",
};
static const char *const ascii[16] = {
    " ", "'", "-", "+", ".", "|", "+", "+", "-", "+", "-", "+", "+", "+", "+", "+",
};

const char *gopt_term_pipe(unsigned dirs, bool unicode) { return (unicode ? light : ascii)[dirs & 15]; }
const char *gopt_term_pipe_heavy(unsigned dirs) { return heavy[dirs & 15]; }
