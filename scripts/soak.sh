#!/usr/bin/env bash
# Soak test (issue 16): N random bad inputs per family through the command line under
# AddressSanitizer/UBSan. Every run must end with an exit code in {0, 1, 2, 3} (0 and 1 when a
# mutation happens to stay a valid puzzle), never 4, never a signal, never a sanitizer report.
# Inputs are our bundled examples (data/) mutated at random: bytes flipped, inserted, deleted,
# lines repeated or dropped, cut short, NULs, a byte-order mark, Latin-1 bytes, huge numbers.
#   scripts/soak.sh [N] [SEED]      (default 1000 per family, seed 1; about 20 CPU minutes)
#   SOAK_FAMILIES="flood flow" scripts/soak.sh   only those families (run several at once)
# Slow tier: not part of `make test`; run it by hand or from CI's nightly job. Builds build-asan
# (the tree `make asan-test` uses) when needed. Prints a table of exit codes per family and
# keeps every failing input under soak-failures/ (ignored by git).
set -uo pipefail
n=${1:-1000}
seed=${2:-1}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if [ ! -f build-asan/CMakeCache.txt ]; then
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DGOPT_SANITIZE=ON -DGOPT_BENCH=OFF >/dev/null
fi
cmake --build build-asan -j "${JOBS:-2}" --target gameopt >/dev/null || exit 1
bin=$root/build-asan/gameopt
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=98
export LSAN_OPTIONS=suppressions=$root/tests/lsan.supp:print_suppressions=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p soak-failures

# family | seed files | command (FILE is the mutated input)
families=(
  "country|data/country/seed-10x10.txt data/country/generated-12x12.txt|country solve --time-limit 2 FILE"
  "flood|data/flood/example.txt data/flood/ten.txt data/flood/ids.txt data/flood/named.txt|flood solve --time-limit 2 FILE"
  "flow|data/flow/seed_5x5.txt data/flow/bridges_5x5.txt data/flow/hex_5x5.txt data/flow/houston_6x6.txt data/flow/warps_6x5.txt data/flow/contest_10x8.txt|flow solve --time-limit 2 FILE"
  "taxis|data/graphs/thurn-taxis.board data/taxis/figure7.setting|taxis play --quiet --graph FILE"
  "tokens|data/tiles/1867.txt|tokens upgrade --catalog FILE --from L12 --tokens 0:LPS,1:QLS"
)

printf '%-8s %6s %6s %6s %6s %6s %8s\n' family runs exit0 exit1 exit2 exit3 failures
total_bad=0
for fam in "${families[@]}"; do
  IFS='|' read -r name seeds cmd <<<"$fam"
  if [ -n "${SOAK_FAMILIES:-}" ] && [[ " $SOAK_FAMILIES " != *" $name "* ]]; then continue; fi
  declare -A count=([0]=0 [1]=0 [2]=0 [3]=0)
  bad=0
  python3 "$root/scripts/soak_mutate.py" "$work/$name" "$n" "$seed" $seeds || exit 1
  for ((i = 0; i < n; i++)); do
    input=$(ls "$work/$name/$i".* 2>/dev/null | head -n 1)
    args=${cmd//FILE/$input}
    # taxis reads settings as the positional file, graphs through --graph
    if [ "$name" = taxis ] && [[ "$input" == *.setting ]]; then args="taxis play --quiet $input"; fi
    timeout -k 5 60 "$bin" $args >/dev/null 2>"$work/err" </dev/null
    code=$?
    if [ $code -le 3 ] && ! grep -qE "ERROR: AddressSanitizer|runtime error:|LeakSanitizer" "$work/err"; then
      count[$code]=$((count[$code] + 1))
    else
      bad=$((bad + 1))
      keep="soak-failures/$name-$i-exit$code${input##*/$i}"
      cp "$input" "$keep"
      echo "FAIL $name #$i exit $code: gameopt $args  (input kept as $keep)" >&2
      head -n 5 "$work/err" >&2
    fi
  done
  printf '%-8s %6d %6d %6d %6d %6d %8d\n' "$name" "$n" "${count[0]}" "${count[1]}" "${count[2]}" "${count[3]}" "$bad"
  total_bad=$((total_bad + bad))
  unset count
done
[ $total_bad -eq 0 ] && echo "soak: no crash, every exit code in {0,1,2,3}" || echo "soak: $total_bad failures" >&2
exit $((total_bad > 0))
