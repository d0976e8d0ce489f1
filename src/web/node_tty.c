/* The command line under Node (gameopt-node.js): whether a standard stream is a terminal,
 * asked of Node. Emscripten's file system calls every standard stream a terminal, so the
 * progress bar (progress.c draws it only on a terminal) went into pipes and files. */
#include <emscripten.h>
#include <unistd.h>

EM_JS(int, node_stream_is_tty, (int fd), { return require("tty").isatty(fd) ? 1 : 0; });

int isatty(int fd) { return fd >= 0 && fd <= 2 ? node_stream_is_tty(fd) : 0; }
