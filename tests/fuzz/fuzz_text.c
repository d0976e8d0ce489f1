/* Fuzz target for the text reader: every reading function on arbitrary bytes, checking
 * that positions stay consistent and that reading always makes progress. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>

#include "gameopt/gameopt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    gopt_text t;
    gopt_text_from(&t, "fuzz", (const char *)data, size);
    while (!gopt_text_eof(&t)) {
        size_t before = t.pos;
        gopt_error err = {0};
        int c = gopt_text_peek(&t);
        long n;
        double d;
        gopt_char_block block;
        size_t len;
        if ((c >= '0' && c <= '9') || c == '-' || c == '+') {
            if (!gopt_text_int(&t, -1000000, 1000000, &n, &err)) gopt_text_next(&t);
        } else if (c == '.') {
            if (!gopt_text_double(&t, &d, &err)) gopt_text_next(&t);
        } else if (c == '#') {
            gopt_text_skip_ws_comments(&t, '#');
        } else if (c >= 'a' && c <= 'z') {
            if (gopt_char_block_read(&t, &block, &err)) {
                assert(block.size.w > 0 && block.size.h > 0);
                gopt_char_block_free(&block);
            } else {
                gopt_text_line(&t, &len);
            }
        } else if (c == ':') {
            gopt_text_expect(&t, ';', &err);
            gopt_text_next(&t);
        } else {
            gopt_text_next(&t);
        }
        if (err.set) {
            char buf[1024];
            gopt_error_text(&err, buf, sizeof buf);
            assert(err.line >= 1 && err.col >= 1);
        }
        assert(t.pos > before || gopt_text_eof(&t));
        assert(t.pos <= t.len && t.line >= 1 && t.col >= 1);
    }
    gopt_text_free(&t);
    return 0;
}
