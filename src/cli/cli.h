/* The command line: argv into a gopt_call; everything else comes from the game tables. */
#ifndef GAMEOPT_CLI_H
#define GAMEOPT_CLI_H

#include "gameopt/gameopt.h"

/* Parses argv (after the verb) into call; false with call->err set on a usage error. */
bool cli_parse_options(gopt_call *call, int argc, char **argv, bool *help);

/* gameopt serve [options] (src/cli/serve.c): the web page and JSON API. */
int cli_run_serve(int argc, char **argv);

#endif
