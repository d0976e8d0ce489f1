#!/bin/sh
# 1024x1024 boards end to end under the limits (issue 37 item 5: "a 1024x1024 flood board
# takes 17 s under a 1 s limit", "flow --method search ... 77 s under a 1 s limit"). Each run
# reads, solves and checks; the test asserts the exit and what is printed, never a time
# (measured by hand: docs/limits.md, notes/37-security.md).
#  - flood solve --time-limit 1 on a generated 1024x1024 board (1 MB, about 700,000 regions):
#    exit 3, unknown, saying why (past the region-graph methods' size), no moves claimed, and
#    the lower bound proven from the cells (at least the 6 colours; before: none, null). Its
#    text form: "unknown: at least N moves (...)".
#  - the same file under --memory-limit 1: a real input larger than the limit is a limit met
#    while reading, exit 3, "memory limit reached while reading the input" (before: exit 2,
#    "the input is larger than --memory-limit allows", as if it were bad input).
#  - flow solve --method search --time-limit 1 on the 1024x1024 ADC board with one line from
#    corner to corner: exit 3, "the search reached its time limit", no solution claimed.
#  Either time-limited run may also end while reading (exit 3, "time limit reached while
#  reading the input") when building the board alone takes the second.
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
run() { # run NAME ARGS...: exit code in $code, stdout in $tmp/NAME.out, stderr in $tmp/NAME.err
  name=$1
  shift
  timeout -s KILL 300 "$bin" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
  code=$?
}
# A slow machine (a loaded one, the sanitizer build) may spend the whole second building the
# board: then the limit is met while reading, also exit 3, one line, nothing claimed.
read_stop() { # read_stop RUN FILE
  grep -qxE "gameopt: $tmp/$2.txt(:[0-9]+)*: time limit reached while reading the input" "$tmp/$1.err" ||
    { echo "$1 --time-limit 1: no answer, and not a time limit met while reading"; show "$1"; fail=1; }
}
# limited RUN FILE REGEX: a time-limited run exits 3 with an answer matching REGEX, or with
# none when it was stopped while reading
limited() {
  [ $code -eq 3 ] || { echo "$1: exit $code, expected 3"; fail=1; }
  if [ -s "$tmp/$1.out" ]; then
    grep -qE "$3" "$tmp/$1.out" || { echo "$1: no line matching $3"; show "$1"; fail=1; }
  else
    read_stop "$1" "$2"
  fi
}
show() { echo "--- $1 stdout:"; head -c 600 "$tmp/$1.out"; echo "--- $1 stderr:"; cat "$tmp/$1.err"; }

"$bin" flood generate --size 1024x1024 --seed 7 >"$tmp/flood.txt" || { echo "flood generate failed"; exit 1; }

run flood flood solve --time-limit 1 --json "$tmp/flood.txt"
verdict=$(python3 -c '
import json, sys
a = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
lb = a[0].get("lower_bound") if a else None
ok = "bound" if isinstance(lb, int) and lb >= 6 else "no-bound:%r" % (lb,)
print(len(a), a[0].get("status"), a[0].get("moves"), a[0].get("optimal"), ok, a[0].get("note")) if a else print("no answer")
' "$tmp/flood.out")
[ $code -eq 3 ] || { echo "flood --time-limit 1: exit $code, expected 3"; fail=1; }
case $verdict in
"1 unknown None False bound the board has "*" regions; the region-graph methods handle up to "*) ;;
"no answer") read_stop flood flood ;;
*) echo "flood --time-limit 1: expected one unknown answer, no moves, saying why: $verdict"; show flood; fail=1 ;;
esac

run floodtext flood solve --time-limit 1 "$tmp/flood.txt"
limited floodtext flood "^flood: unknown: at least [0-9]+ moves \(the board has [0-9]+ regions; the region-graph methods handle up to [0-9]+\)$"

run floodmem flood solve --memory-limit 1 "$tmp/flood.txt"
[ $code -eq 3 ] || { echo "flood --memory-limit 1: exit $code, expected 3"; fail=1; }
[ ! -s "$tmp/floodmem.out" ] || { echo "flood --memory-limit 1: something on stdout"; fail=1; }
grep -q "^gameopt: $tmp/flood.txt: memory limit reached while reading the input: it needs more than 1 MB\$" "$tmp/floodmem.err" ||
  { echo "flood --memory-limit 1: not a limit met while reading"; show floodmem; fail=1; }

printf 'SIZE 1024X1024\nLINE_NUM 1\nLINE#1 (0,0)-(1023,1023)\n' >"$tmp/flow.txt"
run flow flow solve --method search --time-limit 1 --format adc "$tmp/flow.txt"
limited flow flow "^flow: unknown \(search\): the search reached its time limit$"
exit $fail
