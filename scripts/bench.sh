#!/usr/bin/env bash
# Runs the benchmark drivers of build/bench (all, or those named). Each prints its table.
set -euo pipefail
cd "$(dirname "$0")/.."
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for f in build/bench/*; do [ -x "$f" ] && names+=("$(basename "$f")"); done
fi
[ ${#names[@]} -gt 0 ] || { echo "no benchmarks built" >&2; exit 1; }
for name in "${names[@]}"; do
  echo "== bench/$name"
  "build/bench/$name"
done
