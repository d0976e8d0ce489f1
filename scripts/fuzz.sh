#!/usr/bin/env bash
# Runs every libFuzzer target (or those named) for a number of seconds each.
#   scripts/fuzz.sh DIR SECONDS [NAME...]   (NAME: flow_json or fuzz_flow_json)
# Seeds come from tests/fuzz/corpus/<name>/; new inputs go to fuzz-corpus/<name>/ (ignored
# by git). A crash stops with the target's report and a non-zero exit.
set -euo pipefail
dir=$1
seconds=$2
shift 2
names=()
# A target may be named with or without its prefix (flow_json or fuzz_flow_json).
for n in "$@"; do names+=("${n#fuzz_}"); done
if [ ${#names[@]} -eq 0 ]; then
  for f in "$dir"/fuzz_*; do [ -x "$f" ] && names+=("$(basename "$f" | sed 's/^fuzz_//')"); done
fi
[ ${#names[@]} -gt 0 ] || { echo "no fuzz targets in $dir" >&2; exit 1; }
# Libraries' process-wide caches (fontconfig under cairo's text) are not our leaks.
export LSAN_OPTIONS="suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
for name in "${names[@]}"; do
  work="fuzz-corpus/$name"
  mkdir -p "$work"
  seeds="tests/fuzz/corpus/$name"
  [ -d "$seeds" ] || seeds=""
  echo "== fuzz_$name for ${seconds}s"
  log="$work.log"
  status=0
  "$dir/fuzz_$name" -max_total_time="$seconds" -print_final_stats=1 -max_len=65536 \
    -timeout=10 -rss_limit_mb=4096 "$work" $seeds >"$log" 2>&1 || status=$?
  grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|SUMMARY)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$log" >&2
    echo "fuzz_$name failed (exit $status); the crashing input is named in $log" >&2
    exit 1
  fi
done
