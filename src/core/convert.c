/* The generic `convert` verb: every puzzle of the inputs written in another of the game's
 * formats through the table's `format`. Every puzzle is read and asked `writable` before
 * anything is written, so a format that cannot hold one puzzle writes nothing (no partial
 * output) and says which puzzle and why. */
#include <stdlib.h>
#include <string.h>

#include "gameopt/game.h"
#include "gameopt/json.h"
#include "gameopt/require.h"

int gopt_run_convert(gopt_call *call) {
    const gopt_game *g = call->game;
    GOPT_REQUIRE(g->format, "game '%s' cannot write puzzles", g->name);
    const char *to = gopt_option(&call->opts, "to");
    if (!gopt_call_check(call)) return GOPT_BAD_INPUT;
    if (!to) return gopt_call_usage(call, "%s convert: --to FORMAT is required", g->name);
    gopt_batch b = {0};
    int code = gopt_batch_read_call(call, &b) ? GOPT_SOLVED : GOPT_BAD_INPUT;
    for (size_t i = 0; i < b.n && code == GOPT_SOLVED; i++) {
        char why[256] = "";
        if (g->writable && !g->writable(b.items[i].puzzle, to, why, sizeof why))
            code = gopt_call_usage(call, "%s: %s cannot hold this puzzle: %s", b.items[i].name, to, why);
    }
    for (size_t i = 0; i < b.n && code == GOPT_SOLVED; i++) {
        char *text = g->format(b.items[i].puzzle, NULL, to);
        /* puzzles end at blank lines in every text format; links (one line with a scheme) are
         * one a line, as people list them */
        const char *eol = strchr(text, '\n');
        bool link = eol && !eol[1] && strstr(text, "://") && strstr(text, "://") < eol;
        if (i && !link) fputc('\n', call->out);
        fputs(text, call->out);
        gopt_answer a = {.name = b.items[i].name, .status = GOPT_SOLVED, .method = "convert"};
        gopt_call_answer(call, &a, json_pack("{s:s, s:s}", "format", to, "text", text));
        free(text);
    }
    gopt_batch_free(g, &b);
    return code;
}
