/* What the tokens tests share: one library of catalogues for the whole program, opened by
 * the group setup, and tiles looked up by GAME:NAME (the test fails when one is missing). */
#ifndef GAMEOPT_TOKENS_FIXTURE_H
#define GAMEOPT_TOKENS_FIXTURE_H

#include "test_support.h"

static gopt_tokens_library *library;

static inline const gopt_tokens_tile *tile(const char *spec) {
    gopt_error err = {0};
    const gopt_tokens_tile *t = gopt_tokens_lookup(library, spec, "test", NULL, GOPT_TOKENS_UNKNOWN_COLOUR, NULL, NULL, &err);
    if (!t) {
        gopt_error_print(stderr, &err);
        fail_msg("no tile %s", spec);
    }
    return t;
}

static inline int open_library(void **state) {
    (void)state;
    library = gopt_tokens_library_new();
    return 0;
}

static inline int close_library(void **state) {
    (void)state;
    gopt_tokens_library_free(library);
    return 0;
}

#endif
