#!/bin/bash
# Start-up and batch, one build against another (issue 28: the mid-end must not be slower):
#   bench/startup-pair.sh NEW_GAMEOPT OLD_GAMEOPT
# For each command, N runs of each binary, alternating, five times; CPU seconds (user + sys,
# /usr/bin/time) per run, the median of the five, and the ratio new/old. Run from the source
# folder; the batches read ../shared/data when it is there.
set -u
A=$1; B=$2
pair() {
  local n=$1; shift
  local cmd="$*" as=() bs=()
  run() { /usr/bin/time -f "%U %S" bash -c "for i in \$(seq $n); do $1 $cmd >/dev/null 2>&1 </dev/null; done" 2>&1 | tail -1 | awk '{print $1+$2}'; }
  for k in 1 2 3 4 5; do as+=("$(run "$A")"); bs+=("$(run "$B")"); done
  local ma mb
  ma=$(printf "%s\n" "${as[@]}" | sort -g | sed -n 3p); mb=$(printf "%s\n" "${bs[@]}" | sort -g | sed -n 3p)
  awk -v a="$ma" -v b="$mb" -v n="$n" -v c="$cmd" \
    'BEGIN { printf "| %s | %.4f | %.4f | %.3f |\n", c, a / n, b / n, b > 0 ? a / b : 0 }'
}
echo "| command | new CPU s | old CPU s | new/old |"
echo "|---|---|---|---|"
pair 300 --version
pair 100 country solve data/country/seed-10x10.txt
pair 100 flow solve data/flow/seed_5x5.txt
pair 300 flood solve data/flood/example.txt
pair 100 taxis solve data/taxis/figure7.setting
pair 300 tokens upgrade --from 1867:L12 --tokens 0:LPS,1:QLS --to 1867:X2
pair 5 tokens audit 1867 --json
pair 3 taxis experiment table1 --games 20000 --seed 1
shared=../shared/data
if [ -d "$shared" ]; then
  pair 3 country solve --json "$shared/country/country_puzzles.txt"
  head -100 "$shared/flood/sets/dataset_pc19.txt" > /tmp/gopt-pc19-100.txt
  pair 3 flood solve --format compact /tmp/gopt-pc19-100.txt
fi
