#!/bin/sh
# tokens audit stops like every other verb (issue 37 item 5): on a catalogue whose whole audit
# takes about a minute of CPU (200 yellow tiles of three 2-slot cities x 256 green upgrades:
# 51,200 upgrades of 27 layouts each), Ctrl-C and --time-limit 1 each end it at once with
# exit 3, the whole rows audited so far (any number, none is fine: the verdict does not depend
# on how far it got) and "... after K of 51200 upgrades" with K the rows it printed, in text
# and in JSON. Before: the audit never polled the clock or the stop flag (exit 0 at the end;
# the first Ctrl-C was ignored). No timing is asserted; each run is bounded by timeout.
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=1
while [ $i -le 200 ]; do
  echo "Y$i yellow city=revenue:40,slots:2;city=revenue:40,slots:2;city=revenue:40,loc:5,slots:2;path=a:1,b:_0;path=a:3,b:_1;label=M"
  i=$((i + 1))
done >"$tmp/big.txt"
i=1
while [ $i -le 256 ]; do
  echo "G$i green city=revenue:50;city=revenue:50;city=revenue:50;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:4;path=a:2,b:_2;path=a:_2,b:5;label=M"
  i=$((i + 1))
done >>"$tmp/big.txt"
fail=0

# Text, stopped by Ctrl-C.
# (not under timeout(1): it passes a SIGINT on to its child and to its process group, a
# second signal, which stops at once by design; a watchdog bounds the run instead)
"$bin" tokens audit "$tmp/big.txt" >"$tmp/out" 2>"$tmp/err" &
pid=$!
(sleep 120; kill -KILL $pid) >/dev/null 2>&1 &
watchdog=$!
sleep 1
kill -INT $pid
wait $pid
code=$?
kill $watchdog 2>/dev/null
[ $code -eq 3 ] || { echo "Ctrl-C: exit $code, expected 3"; fail=1; }
rows=$(grep -c '^  Y[0-9]' "$tmp/out")
grep -q "^audit of .*big.txt, partial: interrupted after $rows of 51200 upgrades between tiles with cities" "$tmp/out" ||
  { echo "Ctrl-C: the heading does not say partial, $rows of 51200:"; head -n 1 "$tmp/out"; fail=1; }
grep -q "^partial: interrupted after $rows of 51200 upgrades; the counts above cover those $rows only" "$tmp/out" ||
  { echo "Ctrl-C: no closing 'partial' line for $rows rows:"; tail -n 2 "$tmp/out"; fail=1; }
grep -q "tokens audit: interrupted after $rows of 51200 upgrades" "$tmp/err" || { echo "Ctrl-C: stderr:"; cat "$tmp/err"; fail=1; }
# every upgrade is stuck in all 27 layouts (full rules: an old city keeps its 2 slots, the new
# cities have 1): the row says so in words (before: " ..." overwrote them past 8 stuck layouts)
if [ "$rows" -gt 0 ] && grep -q '^  Y.* \.\.\.$' "$tmp/out"; then
  echo "a row stuck in every layout shows '...' instead of 'all: no rotation is ever legal'"; fail=1
fi

# JSON, stopped by --time-limit 1.
timeout -s KILL 120 "$bin" tokens audit "$tmp/big.txt" --time-limit 1 --json >"$tmp/out" 2>"$tmp/err"
code=$?
[ $code -eq 3 ] || { echo "--time-limit 1: exit $code, expected 3"; fail=1; }
# read by key: every row answer solved, then one answer for the game: unknown, partial, K of N
verdict=$(python3 -c '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
last = rows[-1] if rows else {}
whole = [r for r in rows[:-1] if r.get("status") == "solved" and "from" in r]
print(len(whole), len(rows) - 1, last.get("status"), last.get("partial"), last.get("audited"), last.get("upgrades"), last.get("note"))
' "$tmp/out")
set -- $verdict
rows=$1
[ "$1" = "$2" ] && [ "$3 $4 $5 $6" = "unknown True $rows 51200" ] ||
  { echo "--time-limit 1: expected $rows solved rows then a partial answer ($rows of 51200), found: $verdict"; fail=1; }
echo "$verdict" | grep -q "time limit reached after $rows of 51200 upgrades$" || { echo "--time-limit 1: note: $verdict"; fail=1; }
grep -q "tokens audit: time limit reached after $rows of 51200 upgrades" "$tmp/err" || { echo "--time-limit 1: stderr:"; cat "$tmp/err"; fail=1; }
[ $fail -eq 0 ] || { echo "--- stderr:"; cat "$tmp/err"; }
exit $fail
