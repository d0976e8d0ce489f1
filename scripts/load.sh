#!/usr/bin/env bash
# Load test of `gameopt serve`, on loopback only: starts its own server on 127.0.0.1 (an
# ephemeral port), drives it, and stops by itself (bounded in requests and in seconds).
# Runs (-r):
#   api        (default) curl --parallel: N keep-alive clients asking one small question of
#              every family the server lists (a puzzle to solve; tokens: the seed's upgrade;
#              taxis: a game played by md); -b repeats the puzzles. Prints requests/s, p50/p99
#              latency, errors, the server's CPU per request and peak RSS.
#   page       wrk: N keep-alive connections asking for the page (GET /) for -d seconds.
#   slowloris  700 sockets (-c) that send headers a line every 5 s and never end them.
#   held-body  400 clients (-c) each holding 960 KB of an unfinished 1000 KB body.
#   burst      512 connections (-c) opened at once, each asks for the page, then idles.
#   attacks    slowloris, held-body and burst, one after the other.
# The attack runs (scripts/load_attack.py) send a new client every 0.2 s meanwhile and print
# how many were answered and how fast; every run prints the server's memory before (after a
# warm-up request of each kind), at its peak and 3 s after the run.
#   scripts/load.sh [-r RUN] [-t THREADS] [-c CLIENTS] [-n REQUESTS] [-d SECONDS] [-m MIX] [-b BATCH]
#     -t  server worker threads (default 2)        -c  concurrent clients (default: see above;
#                                                       api: 4 x threads, page: 256)
#     -n  requests at most (default 20000; <= 200000)  -d  seconds at most (default 20; <= 120)
#     -m  mix: all (default) or country (the 5x5 Country Road only)
#     -b  puzzles per request (default 1; puzzles/s = requests/s x B)
#   GAMEOPT=path/to/gameopt runs another build; SERVE_ARGS adds options to `gameopt serve`.
set -euo pipefail
cd "$(dirname "$0")/.."
threads=2 clients= requests=20000 seconds=20 mix=all batch=1 run=api
while getopts "r:t:c:n:d:m:b:" opt; do
  case $opt in
    r) run=$OPTARG ;; t) threads=$OPTARG ;; c) clients=$OPTARG ;; n) requests=$OPTARG ;; d) seconds=$OPTARG ;;
    m) mix=$OPTARG ;; b) batch=$OPTARG ;; *) sed -n 2,25p "$0"; exit 2 ;;
  esac
done
case $run in
  api) clients=${clients:-$((4 * threads))} ;;
  page) clients=${clients:-256}; command -v wrk >/dev/null || { echo "load.sh: -r page needs wrk (apt-get install wrk)" >&2; exit 2; } ;;
  slowloris|held-body|burst|attacks) ;;
  *) echo "load.sh: -r api, page, slowloris, held-body, burst or attacks" >&2; exit 2 ;;
esac
[ "$requests" -le 200000 ] && [ "$seconds" -le 120 ] && [ "$batch" -le 1000 ] || { echo "load.sh: -n <= 200000, -d <= 120, -b <= 1000" >&2; exit 2; }
bin=${GAMEOPT:-build/gameopt}
[ -x "$bin" ] || { echo "load.sh: build first (make)" >&2; exit 2; }
command -v curl >/dev/null || { echo "load.sh: needs curl" >&2; exit 2; }

tmp=$(mktemp -d)
server=
cleanup() {
  [ -n "$server" ] && kill -TERM "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

# shellcheck disable=SC2086 # SERVE_ARGS: words on purpose
"$bin" serve --bind 127.0.0.1 --port 0 --port-file "$tmp/port" --threads "$threads" \
  --queue $((${clients:-8} * 2)) --quiet ${SERVE_ARGS:-} >/dev/null &
server=$!
for _ in $(seq 200); do [ -s "$tmp/port" ] && break; sleep 0.05; done
port=$(cat "$tmp/port")
url="http://127.0.0.1:$port"

# One small puzzle per family, from our own data, repeated -b times per request.
python3 - "$tmp" "$mix" "$batch" "$(curl -s "$url/api/games")" <<'EOF'
import json, sys
tmp, mix, batch, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), json.loads(sys.argv[4])
served = {g["name"] for g in games["games"]}
small = {  # game: (verb, body)
    "country": ("solve", {"input": "https://puzz.link/p?country/5/5/amda0uf02h12h\n" * batch}),
    "flow": ("solve", {"input": (open("data/flow/seed_5x5.txt").read() + "\n") * batch}),
    "flood": ("solve", {"input": ("".join(l for l in open("data/flood/example.txt") if not l.startswith("#")) + "\n") * batch}),
    "tokens": ("upgrade", {"options": {"from": "1867:L12", "tokens": "0:LPS,1:QLS", "to": "X2"}}),
    "taxis": ("play", {"options": {"heuristic": "md", "seed": 3}}),
}
for name, (verb, body) in small.items():
    if name in served and (mix == "all" or mix == name):
        with open(f"{tmp}/{name}.{verb}.json", "w") as f:
            json.dump(body, f)
EOF

bodies=("$tmp"/*.json)
rss() { awk '/VmRSS/ {print $2 / 1024}' "/proc/$server/status"; }
cpu() { awk '{print ($14 + $15) / 100}' "/proc/$server/stat"; } # utime + stime, in seconds (USER_HZ 100)
# Warm-up: one request of each kind, so the baseline holds what the first requests load
# (libraries opened on first use, caches).
curl -s -o /dev/null "$url/"
for body in "${bodies[@]}"; do
  game_verb=$(basename "$body" .json)
  curl -s -o /dev/null -H "Content-Type: application/json" --data-binary "@$body" "$url/api/${game_verb%%.*}/${game_verb#*.}"
done
sleep 1

if [ "$run" = page ]; then
  rss0=$(rss) cpu0=$(cpu)
  wrk -t2 -c"$clients" -d"${seconds}s" --latency "$url/" >"$tmp/wrk" 2>&1 || true
  cpu1=$(cpu) peak=$(awk '/VmHWM/ {print $2 / 1024}' "/proc/$server/status")
  sleep 3
  awk -v c="$clients" -v rss0="$rss0" -v rss1="$(rss)" -v peak="$peak" -v cpu="$cpu0" -v cpu_end="$cpu1" '
    /Requests\/sec/ { rps = $2 } / 50%/ { p50 = $2 } / 99%/ { p99 = $2 } /requests in/ { n = $1 }
    /Socket errors/ { errs = $0 } /Non-2xx/ { non2xx = $NF }
    END {
      cpu = cpu_end - cpu
      printf "page (GET /): %d connections: %d requests/s; latency p50 %s, p99 %s\n", c, rps, p50, p99
      printf "errors: %s; non-2xx answers: %d\n", errs ? errs : "none", non2xx
      printf "server CPU: %.0f us per request\n", n ? cpu / n * 1e6 : 0
      printf "server memory: %.1f MB before, %.1f MB peak (process), %.1f MB 3 s after (%+.1f %%)\n", rss0, peak, rss1, (rss1 - rss0) / rss0 * 100
    }' "$tmp/wrk"
  exit 0
fi
if [ "$run" != api ]; then
  runs=$run
  [ "$run" = attacks ] && runs="slowloris held-body burst"
  for r in $runs; do
    case $r in
      slowloris) size=(--sockets "${clients:-700}") ;;
      held-body) size=(--clients "${clients:-400}" --probe-post) ;;
      burst) size=(--connections "${clients:-512}") ;;
    esac
    python3 scripts/load_attack.py "$r" --port "$port" --pid "$server" --seconds "$seconds" "${size[@]}"
    echo
  done
  exit 0
fi

# curl's config: one block per request, the bodies in turn.
python3 - "$tmp/curl.conf" "$url" "$clients" "$requests" "${bodies[@]}" <<'EOF'
import os, sys
conf, url, clients, n, bodies = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5:]
with open(conf, "w") as f:
    f.write(f"parallel\nparallel-max = {clients}\n")
    for i in range(n):
        body = bodies[i % len(bodies)]
        game, verb = os.path.basename(body)[:-5].split(".")
        f.write(f'url = "{url}/api/{game}/{verb}"\ndata-binary = "@{body}"\n'
                'header = "Content-Type: application/json"\noutput = "/dev/null"\n'
                'write-out = "%{http_code} %{time_total} %{errormsg}\\n"\n')
        if i + 1 < n:
            f.write("next\n")
EOF

cpu0=$(cpu)
start=$(date +%s.%N)
timeout -s INT "$seconds" curl -s -K "$tmp/curl.conf" >"$tmp/times" 2>/dev/null || true
end=$(date +%s.%N)
rss=$(awk '/VmHWM/ {print $2 / 1024}' "/proc/$server/status")
cpu1=$(cpu)

sort -k2 -g "$tmp/times" | awk -v start="$start" -v end="$end" -v rss="$rss" -v cpu0="$cpu0" -v cpu1="$cpu1" -v c="$clients" -v t="$threads" \
  -v mix="$mix" -v b="$batch" -v games="$(basename -a -s .json "${bodies[@]}" | tr '\n' ' ')" '
  { code[NR] = $1; lat[NR] = $2; if ($1 != 200) err++ }
  END {
    n = NR; wall = end - start; cpu = cpu1 - cpu0
    if (n == 0) { print "no answers"; exit 1 }
    printf "server: --threads %d; clients: %d; mix: %s(%s); puzzles per request: %d\n", t, c, mix, games, b
    printf "requests: %d in %.2f s = %.0f requests/s (%.0f puzzles/s)\n", n, wall, n / wall, n * b / wall
    printf "latency: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", lat[int(n * 0.5) + 1] * 1000, lat[int(n * 0.99) + 1] * 1000, lat[n] * 1000
    printf "errors (not HTTP 200): %d\n", err + 0
    printf "server CPU: %.2f s = %.0f us per request (%.0f us per puzzle)\n", cpu, cpu / n * 1e6, cpu / (n * b) * 1e6
    printf "server peak RSS: %.1f MB\n", rss
  }'
