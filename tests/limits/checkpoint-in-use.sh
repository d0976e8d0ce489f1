#!/bin/sh
# A checkpoint another process is using is never touched (issue 37 item 6): while one
# `flood solve --checkpoint FILE` runs (its store saved to FILE), a second process given the
# same FILE is refused at start, exit 2, one line naming the file and the process holding it,
# nothing solved; the first one's checkpoint is still there, and when the first ends (Ctrl-C,
# exit 3) it leaves FILE for a resume and no lock behind; a third run then takes it over and
# resumes. Before: the second process resumed from the first's file and went on writing it
# (the one that finished first removed the file under the other). Waits for files to appear,
# never for a time.
bin=$1
tmp=$(mktemp -d)
first=
trap '[ -n "$first" ] && kill $first 2>/dev/null; rm -rf "$tmp"' EXIT
fail=0
"$bin" flood generate --size 24x24 --seed 3 >"$tmp/b24.txt"
ckpt=$tmp/c.ckpt
"$bin" flood solve "$tmp/b24.txt" --memory-limit 8 --checkpoint "$ckpt" --time-limit 600 >"$tmp/out1" 2>"$tmp/err1" &
first=$!
# the store fills within seconds at 8 MB (a minute or two under the sanitizers)
waited=0
while [ ! -s "$ckpt" ] && kill -0 $first 2>/dev/null && [ $waited -lt 6000 ]; do
  sleep 0.1
  waited=$((waited + 1))
done
[ -s "$ckpt" ] || { echo "the first run saved no checkpoint: $(cat "$tmp/out1" "$tmp/err1")"; exit 1; }

"$bin" flood solve "$tmp/b24.txt" --memory-limit 8 --checkpoint "$ckpt" --time-limit 5 >"$tmp/out2" 2>"$tmp/err2"
code=$?
[ $code -eq 2 ] || { echo "second process: exit $code, expected 2"; fail=1; }
[ -s "$tmp/out2" ] && { echo "second process solved: $(cat "$tmp/out2")"; fail=1; }
want="gameopt: $ckpt: in use by another gameopt (process $first): wait for it to end, or give another file"
[ "$(cat "$tmp/err2")" = "$want" ] || { echo "second process said: $(cat "$tmp/err2")"; echo "expected: $want"; fail=1; }
[ -s "$ckpt" ] || { echo "the first run's checkpoint is gone"; fail=1; }
kill -0 $first 2>/dev/null || { echo "the first run ended early: $(cat "$tmp/out1" "$tmp/err1")"; fail=1; }

kill -INT $first
wait $first
code=$?
first=
[ $code -eq 3 ] || { echo "first process: exit $code after Ctrl-C, expected 3: $(cat "$tmp/out1" "$tmp/err1")"; fail=1; }
[ -s "$ckpt" ] || { echo "the first run left no checkpoint to resume"; fail=1; }
[ -e "$ckpt.lock" ] && { echo "the first run left its lock file"; fail=1; }

# taken over once free: the third run resumes (its time limit ends it; it keeps the file)
"$bin" flood solve "$tmp/b24.txt" --memory-limit 8 --checkpoint "$ckpt" --time-limit 1 --stats >"$tmp/out3" 2>"$tmp/err3"
code=$?
[ $code -eq 3 ] || [ $code -eq 0 ] || { echo "third process: exit $code: $(cat "$tmp/out3" "$tmp/err3")"; fail=1; }
grep -q "in use" "$tmp/err3" && { echo "third process refused: $(cat "$tmp/err3")"; fail=1; }
[ -e "$ckpt.lock" ] && { echo "the third run left its lock file"; fail=1; }
exit $fail
