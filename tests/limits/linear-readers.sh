#!/bin/sh
# Readers are linear in their input (issue 37 item 5, issue 35 item 2): a tile catalogue of
# 100,000 tiles (4.4 MB) is read and answered at once (0.14 s CPU; each tile line looked its
# name up by a scan: 16-33 s of CPU before, 0.14 s now). Run under a CPU limit of 8 s (ulimit
# -t: CPU, not wall time, so a loaded machine cannot fail it; 60 s under the sanitizers, where
# the linear reader takes about 6 s): a quadratic reader is killed (SIGXCPU), a linear one
# answers with the verdict (exit 1: T5 upgrades to no tile of the catalogue, all yellow).
bin=$1
cpu=8
[ -n "${GOPT_SANITIZED:-}" ] && cpu=60
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "T%d yellow city=revenue:%d;path=a:0,b:_0\n", i, i % 90 }' >"$tmp/cat.txt"
(ulimit -t $cpu; exec "$bin" tokens upgrade --catalog "$tmp/cat.txt" --from T5 --tokens 0:A) >"$tmp/out" 2>"$tmp/err"
code=$?
fail=0
[ $code -eq 1 ] || { echo "exit $code, expected 1 (killed at $cpu s of CPU: the reader is not linear)"; fail=1; }
# a name defined twice is still found, at the end of 100,000 lines
printf 'T7 yellow city=revenue:10\n' >>"$tmp/cat.txt"
(ulimit -t $cpu; exec "$bin" tokens upgrade --catalog "$tmp/cat.txt" --from T5 --tokens 0:A) >"$tmp/out" 2>"$tmp/err2"
grep -q 'cat.txt:100001:1: tile T7 is defined twice' "$tmp/err2" || { echo "the second T7 is not refused:"; cat "$tmp/err2"; fail=1; }
exit $fail
