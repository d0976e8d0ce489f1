/* `gameopt serve` in the WebAssembly build of the command line (the one Node runs for the
 * conformance tests and the benchmarks): there is no libmicrohttpd and no socket to listen on. */
#include <stdio.h>

#include "cli/cli.h"

int cli_run_serve(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fputs("gameopt: serve: not in the WebAssembly build (build the native one: make serve)\n", stderr);
    return 2;
}

/* The completion script's words for `serve` (src/cli/completion.c): none here. */
const char cli_serve_options[] = "";

/* serve's --help, of which the man page (src/cli/manpage.c) makes its SERVE section: none here
 * (docs/gameopt.1 comes from the native build). */
const char cli_serve_help[] = "";
