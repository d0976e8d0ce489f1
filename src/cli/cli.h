/* The command line: argv into a gopt_call, the call run by the driver, and its outputs put
 * where the options say (stdout, stderr, files). The only part of gameopt, with the server,
 * that touches files and the process's streams; everything else comes from the game tables. */
#ifndef GAMEOPT_CLI_H
#define GAMEOPT_CLI_H

#include "gameopt/gameopt.h"

/* Parses argv (after the verb) into call; false with call->err set on a usage error. */
bool cli_parse_options(gopt_call *call, int argc, char **argv, bool *help);

/* output.c: writes the call's results (text or JSON lines, to stdout or --output), its side
 * outputs (to the files their options name, or stdout) and its warnings (stderr). Returns
 * the exit code, worsened when a write fails. */
int cli_write_outputs(gopt_call *call, int code);
/* Whether --output names where the results go (a .txt or .json file). */
bool cli_results_to_file(const gopt_call *call);
/* Checks, before any work, that every output file the call names can be written, and claims
 * every file a state option names (--checkpoint: its place takes files, and no other process
 * holds it; statefile.h). */
bool cli_check_outputs(gopt_call *call);
/* Ends the claims cli_check_outputs took (when the run is over). */
void cli_release_states(void);

/* bar.c: the progress bar on stderr (when it is a terminal, or forced). */
const gopt_progress_sink *cli_progress_sink(bool force);

/* gameopt serve [options] (src/cli/serve.c): the web page and JSON API. */
int cli_run_serve(int argc, char **argv);
/* serve's options, for the completion script (kept beside their parser in serve.c). */
extern const char cli_serve_options[];

/* serve's --help (the man page's SERVE section is made from it). */
extern const char cli_serve_help[];

/* completion.c: `gameopt --completion bash`, generated from the game tables. */
int cli_print_completion(FILE *out);
/* manpage.c: `gameopt --man`, the man page generated from the game tables (docs/gameopt.1). */
int cli_print_man(FILE *out);

#endif
