#!/bin/sh
# One mid-end (issue 28): no file under src/games, src/engines, src/core or src/render opens a
# path or writes to the process's streams; only the front ends (src/cli, src/serve, src/front,
# src/mpi) do. Fails naming each offender. The exceptions, each for a reason:
#   src/core/require.c    gopt_fatal and a broken contract end the process (exit 4 / abort)
#   src/core/data.c       bundled data (gopt_data_load, gopt_read_file), never a user's path
#   src/core/manifest.c   /proc/cpuinfo: the machine's description
#   src/core/timer.c      /proc/self/statm: the process's memory
#   src/engines/cbc_child.c  /proc/PID/statm and /dev/null for the CBC child process
#   src/core/stop.c       the second Ctrl-C's one async-signal-safe line before _exit (the
#                         handler only a command line installs)
# Comments and string literals are left out before matching.
cd "$(dirname "$0")/../.." || exit 2
allowed='^src/core/(require|data|manifest|timer|stop)\.c:|^src/engines/cbc_child\.c:'
found=$(grep -rnE '(^|[^>.[:alnum:]_])(fopen|freopen|popen|open|openat|creat|printf|puts|perror)[[:space:]]*\(|\b(stdout|stderr)\b|\bSTD(OUT|ERR)_FILENO\b' \
          src/games src/engines src/core src/render --include='*.c' --include='*.h' --include='*.inc' |
        sed -E 's|//.*||; s|/\*.*\*/||g; s|"([^"\\]\|\\.)*"|""|g' |
        grep -E ':[0-9]+:.*((^|[^>.[:alnum:]_])(fopen|freopen|popen|open|openat|creat|printf|puts|perror)[[:space:]]*\(|\b(stdout|stderr)\b|\bSTD(OUT|ERR)_FILENO\b)' |
        grep -vE "$allowed" | grep -vE ':[0-9]+:[[:space:]]*(/?\*)')
if [ -n "$found" ]; then
  echo "these open a path or write to the process's streams (only front ends may):"
  echo "$found"
  exit 1
fi
echo "no game, engine, core or render file opens a path or writes to stdout/stderr"
