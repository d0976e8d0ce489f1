#!/bin/sh
# --progress shows one board's proof closing in (issue 35 item 4): `flood solve --progress`
# draws the bounds as they move ("at least L moves, at most U; N nodes", the words the page's
# worker shows too) for A* on one and two threads, IDA* and DFBnB; every bound shown holds
# (L <= the optimum <= U) and the answer is the same. Before: the bar's "0/1" only.
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
"$bin" flood generate --size 18x18 --colours 6 --seed 7 >"$tmp/b18.txt"
opt=25
for args in "--method astar" "--method astar --threads 2" "--method ida" "--method dfbnb"; do
  # shellcheck disable=SC2086
  "$bin" flood solve "$tmp/b18.txt" --progress $args >"$tmp/out" 2>"$tmp/err"
  code=$?
  [ $code -eq 0 ] || { echo "$args: exit $code"; fail=1; }
  grep -q "^b18: $opt moves, optimal" "$tmp/out" || { echo "$args: answer $(cat "$tmp/out")"; fail=1; }
  tr '\r' '\n' <"$tmp/err" | sed -n 's/.*at least \([0-9]*\) moves, at most \([0-9]*\); \([0-9]*\) nodes.*/\1 \2 \3/p' >"$tmp/bounds"
  [ -s "$tmp/bounds" ] || { echo "$args: no bounds shown:"; tr '\r' '\n' <"$tmp/err"; fail=1; }
  while read -r lower upper nodes; do
    [ "$lower" -le $opt ] && [ "$upper" -ge $opt ] || { echo "$args: bounds $lower..$upper ($nodes nodes) exclude $opt"; fail=1; }
  done <"$tmp/bounds"
done
exit $fail
