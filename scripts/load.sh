#!/usr/bin/env bash
# Load test of `gameopt serve`, on loopback only: starts its own server on 127.0.0.1 (an
# ephemeral port), drives it with curl (--parallel: N keep-alive clients), bounded both in
# requests and in seconds, and prints requests/s, p50/p99 latency, errors and the server's
# peak RSS. The requests mix one small question of every family the server lists (a puzzle
# to solve; tokens: the seed's upgrade; taxis: a game played by md); -b repeats the puzzles.
#   scripts/load.sh [-t THREADS] [-c CLIENTS] [-n REQUESTS] [-d SECONDS] [-m MIX] [-b BATCH]
#     -t  server worker threads (default 2)        -c  concurrent clients (default 4 x threads)
#     -n  requests at most (default 20000; <= 200000)  -d  seconds at most (default 20; <= 120)
#     -m  mix: all (default) or country (the 5x5 Country Road only)
#     -b  puzzles per request (default 1; puzzles/s = requests/s x B)
set -euo pipefail
cd "$(dirname "$0")/.."
threads=2 clients= requests=20000 seconds=20 mix=all batch=1
while getopts "t:c:n:d:m:b:" opt; do
  case $opt in
    t) threads=$OPTARG ;; c) clients=$OPTARG ;; n) requests=$OPTARG ;; d) seconds=$OPTARG ;;
    m) mix=$OPTARG ;; b) batch=$OPTARG ;; *) sed -n 2,10p "$0"; exit 2 ;;
  esac
done
clients=${clients:-$((4 * threads))}
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

"$bin" serve --bind 127.0.0.1 --port 0 --port-file "$tmp/port" --threads "$threads" \
  --queue $((clients * 2)) --quiet >/dev/null &
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

cpu() { awk '{print ($14 + $15) / 100}' "/proc/$server/stat"; } # utime + stime, in seconds (USER_HZ 100)
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
