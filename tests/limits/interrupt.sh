#!/bin/sh
# Ctrl-C keeps what is known (issue 35 item 4): SIGINT during `country generate --count 50`
# exits 3, keeps the puzzles already made, each with its grade, and says how many were made
# (none is fine: the verdict does not depend on how far it got in its second). Before: exit 2
# "no unique puzzle found in 200 attempts".
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" country generate --size 8x8 --count 100000 --grade >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
kill -INT $pid
wait $pid
code=$?
fail=0
[ $code -eq 3 ] || { echo "exit $code, expected 3"; fail=1; }
made=$(grep -c '^https://puzz.link/p?country/8/8/' "$tmp/out")
graded=$(grep -c '^# grade' "$tmp/out")
[ "$made" -eq "$graded" ] || { echo "$made puzzles, $graded grades"; fail=1; }
grep -q "country generate: interrupted after $made of 100000 puzzles" "$tmp/err" || { echo "stderr does not count $made of 100000:"; fail=1; }
[ $fail -eq 0 ] || { echo "--- stderr:"; cat "$tmp/err"; }
exit $fail
