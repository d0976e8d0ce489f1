/* What the API's files share: one request being answered. */
#ifndef GAMEOPT_SERVE_API_INTERNAL_H
#define GAMEOPT_SERVE_API_INTERNAL_H

#include "serve/serve.h"

#define API_MAX_TEXTS GOPT_MAX_EXTRA_OPTIONS

typedef struct api_request {
    const serve_game *game;
    const char *verb;
    gopt_options opts;               /* strings point into the request's JSON or texts[] */
    char *texts[API_MAX_TEXTS];      /* option values written from JSON numbers */
    int ntexts;
    const char *input;               /* the "input" text (what the CLI reads from stdin) */
    size_t input_len;
    bool svg;                        /* "picture": "svg" */
    char why[512];                   /* what is wrong with the request */
} api_request;

/* api_options.c: the "options" object against the common options and the verb's own. */
bool api_read_options(api_request *q, json_t *options, const serve_option *verb_options);
void api_apply_limits(api_request *q, const serve_config *c);

/* api_picture.c: draws puzzle (and solution, when non-NULL) as SVG text. NULL with err set
 * when the game cannot draw it. */
char *api_render_svg(const gopt_game *g, const void *puzzle, const void *solution, gopt_error *err);

#endif
