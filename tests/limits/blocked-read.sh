#!/bin/sh
# A read that waits ends at the first SIGTERM or Ctrl-C, and at --time-limit, as a limit
# (issue 37 item 5: a blocking read; exit 3 like every other limit, with the line saying why).
# Standard input is a FIFO whose writer holds it open and writes nothing. Before: Ctrl-C and
# SIGTERM ended it with exit 2 (bad input), and --time-limit did not end it at all (the read
# waited for the writer). Waits for the process to end (at most 60 s, then fails), never
# asserts a time.
bin=$1
tmp=$(mktemp -d)
writer=
trap '[ -n "$writer" ] && kill $writer 2>/dev/null; rm -rf "$tmp"' EXIT
fail=0
mkfifo "$tmp/in"
sleep 300 >"$tmp/in" &
writer=$!

ends() { # pid (of timeout, which passes signals on): code = its exit code, "hung" after 60 s
  wait "$1"
  code=$?
  [ $code -eq 137 ] && code=hung
}

for sig in TERM INT; do
  timeout -s KILL 60 "$bin" flood solve <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  sleep 1 # a signal before the read begins ends it just as well
  kill -$sig $pid
  ends $pid
  [ "$code" = 3 ] || { echo "SIG$sig: exit $code, expected 3: $(cat "$tmp/err")"; fail=1; }
  grep -q '^gameopt: -: cannot read: interrupted$' "$tmp/err" || { echo "SIG$sig said: $(cat "$tmp/err")"; fail=1; }
  [ -s "$tmp/out" ] && { echo "SIG$sig printed: $(cat "$tmp/out")"; fail=1; }
done

timeout -s KILL 60 "$bin" flood solve --time-limit 1 <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
ends $!
[ "$code" = 3 ] || { echo "--time-limit: exit $code, expected 3: $(cat "$tmp/err")"; fail=1; }
[ "$(cat "$tmp/err")" = "gameopt: -: cannot read: time limit reached" ] || { echo "--time-limit said: $(cat "$tmp/err")"; fail=1; }
exit $fail
