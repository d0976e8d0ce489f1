#!/usr/bin/env bash
# Runs every test program and every golden CLI case under valgrind (memcheck); fails on any
# memory error or definite leak. Third-party caches are suppressed in tests/valgrind.supp.
# Uses the normal build (build/); GOPT_PROPERTY_CASES keeps property tests short under valgrind.
set -uo pipefail
cd "$(dirname "$0")/.."
export GOPT_PROPERTY_CASES=${GOPT_PROPERTY_CASES:-50}
export GOPT_SHARED_DATA=${GOPT_SHARED_DATA:-$(cd .. && pwd)/shared/data}
export GOPT_SOURCE_DIR=$PWD GAMEOPT_DATA=$PWD/data
vg=(valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite
    --suppressions=tests/valgrind.supp)
failed=0
for t in build/tests/unit_* build/tests/property_* build/tests/external_*; do
  [ -x "$t" ] || continue
  if "${vg[@]}" "$t" >/tmp/gameopt-vg.log 2>&1; then echo "ok    $t"
  else
    code=$?
    [ $code -eq 77 ] && { echo "skip  $t"; continue; }
    echo "FAIL  $t (exit $code)"; grep -E "==[0-9]+==" /tmp/gameopt-vg.log | head -20; failed=1
  fi
done
wrapper=$(mktemp)
printf '#!/bin/sh\nexec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --suppressions=%s %s "$@"\n' \
  "$PWD/tests/valgrind.supp" "$PWD/build/gameopt" >"$wrapper"
chmod +x "$wrapper"
for c in $(find tests/golden -name '*.cmd' | sort); do
  if sh tests/golden/run-golden.sh "$wrapper" "$c" >/tmp/gameopt-vg.log 2>&1; then echo "ok    $c"
  else echo "FAIL  $c"; head -30 /tmp/gameopt-vg.log; failed=1; fi
done
rm -f "$wrapper"
exit $failed
