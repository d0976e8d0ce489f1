#!/bin/sh
# A full disk gives one error line, not ten (issue 37 item 6): the results of a batch written
# to a full standard output, and --output on a full device, each end with exactly one line on
# stderr and exit 4. --output naming a device writes to it and leaves it a device (before, the
# temporary's rename put a plain file where the device was: exit 0, nothing reported). The
# devices are made here with mknod (root, as in CI), never the machine's own; without root
# only the standard output part runs.
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
data=$(dirname "$0")/../../data/flood/ten.txt

"$bin" flood solve --json --method greedy "$data" >/dev/full 2>"$tmp/err"
code=$?
[ $code -eq 4 ] || { echo "stdout full: exit $code, expected 4"; fail=1; }
[ "$(cat "$tmp/err")" = "gameopt: cannot write the output" ] || { echo "stdout full said:"; cat "$tmp/err"; fail=1; }

if mknod "$tmp/full.txt" c 1 7 2>/dev/null && mknod "$tmp/null.json" c 1 3 2>/dev/null; then
  "$bin" flood solve --method greedy --output "$tmp/full.txt" "$data" >"$tmp/out" 2>"$tmp/err"
  code=$?
  [ $code -eq 4 ] || { echo "--output full: exit $code, expected 4"; fail=1; }
  [ "$(cat "$tmp/err")" = "gameopt: $tmp/full.txt: cannot write: No space left on device" ] ||
    { echo "--output full said:"; cat "$tmp/err"; fail=1; }
  [ -c "$tmp/full.txt" ] || { echo "--output replaced the full device with: $(ls -l "$tmp/full.txt")"; fail=1; }
  "$bin" flood solve --method greedy --output "$tmp/null.json" "$data" >"$tmp/out" 2>"$tmp/err"
  code=$?
  [ $code -eq 0 ] && [ ! -s "$tmp/err" ] || { echo "--output null device: exit $code: $(cat "$tmp/err")"; fail=1; }
  [ -c "$tmp/null.json" ] || { echo "--output replaced the null device with: $(ls -l "$tmp/null.json")"; fail=1; }
else
  echo "not root: the --output device part is left out"
fi
exit $fail
