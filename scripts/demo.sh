#!/usr/bin/env bash
# The demo behind `make run`: every game solves its bundled examples, prints the answers and
# writes pictures under out/. Each game adds its part as scripts/demo.d/<game>.sh, which
# runs with $GAMEOPT (the binary) and $OUT (the picture folder) set.
set -euo pipefail
cd "$(dirname "$0")/.."
export GAMEOPT=${GAMEOPT:-build/gameopt}
export OUT=${OUT:-out}
mkdir -p "$OUT"
"$GAMEOPT" --version
shopt -s nullglob
parts=(scripts/demo.d/*.sh)
if [ ${#parts[@]} -eq 0 ]; then
  echo "no games are built yet"
fi
for part in "${parts[@]}"; do
  echo
  echo "=== $(basename "$part" .sh)"
  bash "$part"
done
echo
echo "pictures written to $OUT/:"
ls "$OUT"
