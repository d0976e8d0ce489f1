/* Proven tables (data/flood/proven/<set>.tsv): what `flood check BOARDS TABLE` replays. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "gameopt/alloc.h"

/* The header that marks a proven table (data/flood/proven/<set>.tsv). */
static const char header[] = "# board\toptimum\tmoves";

bool flood_proven_table(const char *text) { return strncmp(text, header, sizeof header - 1) == 0; }

bool flood_proven_read(gopt_text *t, const gopt_batch *b, uint8_t **seq, int *len, int *optimum, gopt_error *err) {
    size_t skipped;
    gopt_text_line(t, &skipped);
    for (;;) {
        gopt_text_skip_ws_comments(t, '#');
        if (gopt_text_eof(t)) return true;
        gopt_text_mark at = gopt_text_save(t);
        long board, opt;
        if (!gopt_text_int(t, 1, (long)b->n, &board, err)) return false;
        if (optimum[board - 1] >= 0) return gopt_text_fail_at(t, at, err, "board %ld is listed twice", board);
        if (!gopt_text_expect(t, '\t', err) || !gopt_text_int(t, 0, 1000000, &opt, err) || !gopt_text_expect(t, '\t', err))
            return false;
        gopt_text_mark field = gopt_text_save(t);
        size_t n = 0;
        while (gopt_text_peek_at(t, n) != '\t' && gopt_text_peek_at(t, n) != '\n' && gopt_text_peek_at(t, n) != -1) n++;
        char *text = gopt_strndup(t->data + t->pos, n), why[160];
        size_t bad = 0;
        int k = gopt_flood_moves_parse(b->items[board - 1].puzzle, text, &seq[board - 1], why, sizeof why, &bad);
        free(text);
        if (k < 0) {
            field.col += (int)bad;
            return gopt_text_fail_at(t, field, err, "%s", why);
        }
        len[board - 1] = k;
        optimum[board - 1] = (int)opt;
        gopt_text_line(t, &skipped); /* nodes, seconds and peak_mb are reports, not claims to check */
    }
}
