/* Fuzz target for reading answers: the first line of the input names a format and holds a
 * puzzle up to a line "--", the rest is an answer in that format (read, traced, checked). */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>

#include "gameopt/gameopt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data, *split = NULL;
    for (size_t i = 0; i + 3 <= size; i++)
        if ((i == 0 || text[i - 1] == '\n') && text[i] == '-' && text[i + 1] == '-' && text[i + 2] == '\n') {
            split = text + i;
            break;
        }
    if (!split) return 0;
    gopt_text t;
    gopt_text_from(&t, "puzzle", text, (size_t)(split - text));
    gopt_error err = {0};
    gopt_flow_puzzle *p = NULL;
    int r = gopt_flow_read(&t, -1, -1, &p, &err);
    gopt_text_free(&t);
    if (r != 1) return 0;
    gopt_text a;
    gopt_text_from(&a, "answer", split + 3, size - (size_t)(split + 3 - text));
    gopt_flow_solution *s = gopt_flow_read_answer(&a, p, &err);
    if (s) {
        char why[256];
        gopt_flow_check(p, s, why, sizeof why);
        gopt_flow_solution_free(s);
    } else {
        assert(err.set);
    }
    gopt_text_free(&a);
    gopt_flow_free(p);
    return 0;
}
