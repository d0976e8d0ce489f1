#!/bin/sh
# Golden test runner: runs one CLI case and compares with the expected results.
#   CASE.cmd   the arguments after `gameopt`, one shell-quoted line (lines starting with # are comments)
#   CASE.in    optional: fed to stdin
#   CASE.out   expected stdout (exact)
#   CASE.err   optional: expected stderr (exact)
#   CASE.exit  optional: expected exit code (default 0)
# A comment line "# needs PATH" skips the case (exit 77) when PATH does not exist: cases that read
# the external data in ../shared/data, which is never copied into the project. A comment line
# "# skip-sanitized" skips it in the sanitizer build (GOPT_SANITIZED set): a long search that
# -O0 with ASan slows two hundredfold; the plain build runs it.
# Run times and memory vary from run to run, so the JSON fields "seconds", "cpu_seconds",
# "peak_mb" and "us_per_game" are replaced by 0 before comparing. GOLDEN_UPDATE=1 rewrites the expectations.
set -u
bin=$1
case_file=$2
base=${case_file%.cmd}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for need in $(sed -n 's/^# needs //p' "$case_file"); do
  [ -e "$need" ] || { echo "skipped: $need is not here"; exit 77; }
done
if grep -q '^# skip-sanitized' "$case_file" && [ -n "${GOPT_SANITIZED:-}" ]; then
  echo "skipped: too long under the sanitizers"; exit 77
fi
args=$(grep -v '^#' "$case_file" | head -n 1)
input=/dev/null
[ -f "$base.in" ] && input=$base.in
eval "set -- $args"
"$bin" "$@" <"$input" >"$tmp/out.raw" 2>"$tmp/err.raw"
code=$?

normalize() {
  sed -E 's/"(seconds|cpu_seconds|peak_mb|us_per_game)":[-+0-9.eE]+/"\1":0/g' "$1"
}
normalize "$tmp/out.raw" >"$tmp/out"
normalize "$tmp/err.raw" >"$tmp/err"

if [ "${GOLDEN_UPDATE:-0}" = 1 ]; then
  cp "$tmp/out" "$base.out"
  [ -f "$base.err" ] || [ -s "$tmp/err" ] && [ "$code" -ne 0 ] && cp "$tmp/err" "$base.err"
  if [ "$code" -ne 0 ]; then echo "$code" >"$base.exit"; else rm -f "$base.exit"; fi
  echo "updated $base"
  exit 0
fi

fail=0
want_code=0
[ -f "$base.exit" ] && want_code=$(cat "$base.exit")
if [ "$code" != "$want_code" ]; then
  echo "exit code $code, expected $want_code"; fail=1
fi
if ! diff -u "$base.out" "$tmp/out"; then
  echo "stdout differs from $base.out"; fail=1
fi
if [ -f "$base.err" ] && ! diff -u "$base.err" "$tmp/err"; then
  echo "stderr differs from $base.err"; fail=1
fi
if [ $fail -ne 0 ]; then
  echo "--- stderr was:"; cat "$tmp/err.raw"
fi
exit $fail
