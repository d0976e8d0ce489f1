#!/usr/bin/env bash
# WebAssembly against native, same machine, same commands: the 270 janko.at Country Road
# puzzles (solved and proven unique, --count 2) and the first 100 pc19 Flood-It boards
# (optimum proven), by build/gameopt and by the command line built for Node
# (build/web-build/gameopt-node.js, the library the page's worker runs). Per set and build:
#   process  CPU seconds of the whole process (user+sys; Node's start and WebAssembly
#            compilation included), median of RUNS runs
#   solving  the process's CPU seconds less those of the same build answering --version
#            (its start: for Node, starting and compiling the module, a once-per-page cost
#            in the browser), medians of RUNS runs. Not the answers' cpu_seconds: in
#            WebAssembly there is no CPU clock (src/web/clock.c stands in with the busy
#            thread's monotonic clock), so on a loaded machine they count other processes' time
# and the ratio native/wasm (the issue's target: >= 0.5). Then the download: the files of
# build/web compressed with gzip -9 (target: page + module < 3 MB).
#   bench/web.sh [RUNS]        (default 3; needs `make` and `make web`; reads $GOPT_SHARED_DATA
#                               or ../shared/data)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
native=build/gameopt
wasm=build/web-build/gameopt-node.js
data=${GOPT_SHARED_DATA:-../shared/data}
[ -d "$data" ] || data=/work/shared/data
for f in "$native" "$wasm" "$data/country/country_puzzles.txt" "$data/flood/sets/dataset_pc19.txt"; do
  [ -e "$f" ] || { echo "bench/web: $f is missing" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk '/^puzzle janko_/ { p = 1 } p { print } /^end/ { p = 0 }' "$data/country/country_puzzles.txt" >"$tmp/janko.txt"
head -100 "$data/flood/sets/dataset_pc19.txt" >"$tmp/pc19.txt"

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# measure SET BUILD ARGS...: prints "process solving" medians; checks every answer is solved.
measure() {
  local set=$1 build=$2
  shift 2
  local cmd=("$native")
  [ "$build" = wasm ] && cmd=(node "$wasm")
  : >"$tmp/p" && : >"$tmp/s"
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -f "%U %S" -o "$tmp/time" "${cmd[@]}" "$@" >"$tmp/$set.$build.json"
    awk '{ print $1 + $2 }' "$tmp/time" >>"$tmp/p"
    /usr/bin/time -f "%U %S" -o "$tmp/time" "${cmd[@]}" --version >/dev/null
    awk '{ print $1 + $2 }' "$tmp/time" >>"$tmp/s"
  done
  if grep -qv '"status":"solved"' "$tmp/$set.$build.json"; then
    echo "bench/web: $build left a $set answer unsolved" >&2
    exit 1
  fi
  local p s
  p=$(median <"$tmp/p")
  s=$(median <"$tmp/s")
  echo "$p $(awk -v p="$p" -v s="$s" 'BEGIN { print p - s }')"
}

printf '%-28s %10s %10s %10s %10s %8s %8s\n' set native-cpu wasm-cpu native-solve wasm-solve "x cpu" "x solve"
row() {
  local set=$1 label=$2
  shift 2
  read -r np ns < <(measure "$set" native "$@")
  read -r wp ws < <(measure "$set" wasm "$@")
  # The same answers from both (times aside).
  python3 - "$tmp/$set.native.json" "$tmp/$set.wasm.json" <<'EOF'
import json, sys
def load(p):
    return [{k: v for k, v in json.loads(l).items() if k not in ("seconds", "cpu_seconds", "peak_mb")} for l in open(p)]
if load(sys.argv[1]) != load(sys.argv[2]):
    sys.exit("bench/web: the answers differ")
EOF
  awk -v l="$label" -v np="$np" -v ns="$ns" -v wp="$wp" -v ws="$ws" \
    'BEGIN { printf "%-28s %10.3f %10.3f %10.3f %10.3f %8.2f %8.2f\n", l, np, wp, ns, ws, np / wp, ns / ws }'
}
row country "country janko 270 (--count 2)" country solve --count 2 --json "$tmp/janko.txt"
row flood "flood pc19 1-100 (optimal)" flood solve --format compact --json "$tmp/pc19.txt"
echo "(CPU seconds, median of $runs runs; x = native / wasm, higher is better, target >= 0.5)"

if [ -d build/web ]; then
  echo
  echo "download (gzip -9), build/web:"
  total=0
  while IFS= read -r f; do
    raw=$(stat -c %s "$f")
    gz=$(gzip -9 -c "$f" | wc -c)
    total=$((total + gz))
    printf '  %-30s %9d bytes, %9d gzip\n' "${f#build/web/}" "$raw" "$gz"
  done < <(find build/web -type f | sort)
  printf '  %-30s %9s        %9d gzip (target < 3 MB)\n' total "" "$total"
fi
