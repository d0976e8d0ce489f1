#!/bin/sh
# --progress shows one board's proof closing in (issue 35 item 4): `flood solve --progress`
# draws the bounds as they move ("at least L moves, at most U; N nodes", the words the page's
# worker shows too) for A* on one and two threads, A* gone depth-first in a small memory,
# IDA* and DFBnB. A 30x30 board under --time-limit 3 (a narrow first beam, quick also under
# the sanitizers): none of them proves it, each shows its
# bounds many times (the bar passes at most ten reports a second: a proof of a few
# milliseconds shows only the first), and every bound shown holds: L <= the final upper bound
# and U >= the final lower bound. Before: the bar's 0/1 only.
# `country generate --progress` tells each attempt's refinement as it goes ("attempt A, step
# S/T: R rooms, D cells in doubt"); before, --progress was an unknown option there.
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
"$bin" flood generate --size 30x30 --colours 6 --seed 3 >"$tmp/b30.txt"
for args in "--method astar" "--method astar --threads 2" "--method astar --memory-limit 8" "--method ida" "--method dfbnb"; do
  # shellcheck disable=SC2086
  "$bin" flood solve "$tmp/b30.txt" --progress --time-limit 3 --beam-width 8 $args >"$tmp/out" 2>"$tmp/err"
  code=$?
  final=$(sed -n 's/^b30: unknown: \([0-9]*\)\.\.\([0-9]*\) moves.*/\1 \2/p' "$tmp/out")
  [ $code -eq 3 ] && [ -n "$final" ] || { echo "$args: exit $code, $(cat "$tmp/out")"; fail=1; continue; }
  set -- $final
  tr '\r' '\n' <"$tmp/err" | sed -n 's/.*at least \([0-9]*\) moves, at most \([0-9]*\); \([0-9]*\) nodes.*/\1 \2 \3/p' >"$tmp/bounds"
  [ -s "$tmp/bounds" ] || { echo "$args: no bounds shown:"; tr '\r' '\n' <"$tmp/err"; fail=1; }
  while read -r lower upper nodes; do
    [ "$lower" -le "$2" ] && [ "$upper" -ge "$1" ] || { echo "$args: bounds $lower..$upper ($nodes nodes) exclude the answer's $1..$2"; fail=1; }
  done <"$tmp/bounds"
done

"$bin" country generate --size 12x12 --seed 5 --progress >"$tmp/out" 2>"$tmp/err"
code=$?
[ $code -eq 0 ] && grep -q '^https://puzz.link/p?country/12/12/' "$tmp/out" || { echo "country generate: exit $code, $(cat "$tmp/out")"; fail=1; }
tr '\r' '\n' <"$tmp/err" | grep -q 'attempt [0-9]*, step [0-9]*/[0-9]*: [0-9]* rooms, [0-9]* cells in doubt' ||
  { echo "country generate: no attempts shown:"; cat "$tmp/err"; fail=1; }
exit $fail
