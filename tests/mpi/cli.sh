#!/bin/sh
# gameopt-mpi's command line: standard input shared by rank 0, one error line for bad input,
# the refused options, --output written once, and the per-rank memory budget (all ranks stop
# together, exit 3 with bounds around the single process's optimum).
#   cli.sh GAMEOPT GAMEOPT_MPI MPIEXEC SOURCE_DIR
set -u
gameopt=$1 mpi=$2 mpiexec=$3 src=$4
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
fail() { echo "FAIL: $*"; failed=1; }
run2() { "$mpiexec" -q --oversubscribe -np 2 "$mpi" "$@"; }
lengths() { grep '"status":"solved"' "$1" | grep '"optimal":true' | sed -E 's/.*"length":([0-9]+).*/\1/'; }

# standard input reaches rank 0 only: it is shared, so every rank searches the same boards
run2 flood solve --json <"$src/data/flood/ten.txt" >"$tmp/stdin.json" || fail "stdin: exit $?"
lengths "$tmp/stdin.json" | cmp -s - "$src/tests/mpi/ten.expected" || fail "stdin: other optima"

# bad input: the single process's one located line, once, and exit 2
printf '0120\n012\n' >"$tmp/bad.txt"
"$gameopt" flood solve "$tmp/bad.txt" 2>"$tmp/want.err"
run2 flood solve "$tmp/bad.txt" >"$tmp/out" 2>"$tmp/got.err"
code=$?
[ $code -eq 2 ] || fail "bad input: exit $code, not 2"
cmp -s "$tmp/want.err" "$tmp/got.err" || fail "bad input: stderr '$(cat "$tmp/got.err")', not '$(cat "$tmp/want.err")'"

# what does not spread over ranks is refused, with one line
for args in "flood solve --threads 2 $src/data/flood/ten.txt" "flood solve --total-time-limit 5 $src/data/flood/ten.txt" \
  "flood par $src/data/flood/ten.txt"; do
  # shellcheck disable=SC2086
  run2 $args >"$tmp/out" 2>"$tmp/err"
  code=$?
  [ $code -eq 2 ] || fail "'$args': exit $code, not 2"
  grep -q '^gameopt-mpi: ' "$tmp/err" || fail "'$args': no message"
done

# --output: rank 0's file, complete; the other ranks' go to a private folder
run2 flood solve "$src/data/flood/ten.txt" --output "$tmp/res.json" >"$tmp/out" || fail "--output: exit $?"
lengths "$tmp/res.json" | cmp -s - "$src/tests/mpi/ten.expected" || fail "--output: other optima"
[ ! -s "$tmp/out" ] || fail "--output: something on stdout"

# the per-rank budget: a board that needs more than 3 MB a rank stops on every rank (mpirun
# returns), exit 3, with a lower bound at most the optimum and a sequence at least as long
"$gameopt" flood generate --size 18x18 --colours 6 --seed 7 >"$tmp/b18.txt"
opt=$("$gameopt" flood solve "$tmp/b18.txt" --json | sed -E 's/.*"length":([0-9]+).*/\1/')
[ "$opt" = 25 ] || fail "the 18x18 board's optimum is $opt, not 25"
run2 flood solve "$tmp/b18.txt" --json --memory-limit 3 >"$tmp/mem.json"
code=$?
[ $code -eq 3 ] || fail "--memory-limit 3: exit $code, not 3"
line=$(grep '"status":"unknown"' "$tmp/mem.json" | sed -E 's/.*"length":([0-9]+),.*"lower_bound":([0-9]+).*/\2 \1/')
set -- $line
[ $# -eq 2 ] && [ "$1" -le "$opt" ] && [ "$2" -ge "$opt" ] || fail "--memory-limit 3: bounds '$line' around $opt: $(cat "$tmp/mem.json")"

[ $failed -eq 0 ] && echo "gameopt-mpi's command line: all checks passed"
exit $failed
