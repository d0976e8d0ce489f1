#!/usr/bin/env bash
# Proves one board of a Flood-It set in parts, for a board too hard for one run (one session,
# one machine): the optimum is the smallest of len(P) + the optimum after P over the
# positions P that `gameopt flood split --depth D` lists, so each part is a proof of its own,
#     gameopt flood hint SET --board B P --shorter-than U-len(P) --json --memory-limit MB
# (U: the best length known), and parts done stay done. Each part's result is a line of
# data/flood/proven/<name>.parts.tsv (board, depth, prefix, lower_bound, moves, nodes,
# seconds, peak_mb; moves is the best whole sequence through the part, checked by
# `gameopt flood check`), so a stopped run resumes with the parts left. Once every part's
# len(P) + lower bound reaches the best sequence's length, the board's line goes to
# data/flood/proven/<name>.tsv as flood-prove.sh writes it (nodes and seconds summed over
# the parts, peak_mb the largest), and leaves <name>.open.tsv. Run it again with the same
# arguments to finish or to see where the proof stands.
# THREADS=N runs each part on N threads; GAMEOPT names the binary.
#   usage: [THREADS=N] scripts/flood-prove-split.sh SET NAME BOARD DEPTH [MEMORY_MB]
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: $0 SET NAME BOARD DEPTH [MEMORY_MB]" >&2; exit 2; }
set_file=$1 name=$2 board=$3 depth=$4 mem=${5:-4000}
here=$(cd "$(dirname "$0")/.." && pwd)
gameopt=${GAMEOPT:-$here/build/gameopt}
dir=$here/data/flood/proven
out=$dir/$name.tsv open=$dir/$name.open.tsv parts=$dir/$name.parts.tsv
total=$("$gameopt" flood solve "$set_file" --method greedy --json | grep -c '"index"')
if grep -q "^$board	" "$out" 2>/dev/null; then echo "$name board $board: proven already" >&2; exit 0; fi
[ -s "$parts" ] || printf '# board\tdepth\tprefix\tlower_bound\tmoves\tnodes\tseconds\tpeak_mb\n' > "$parts"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# The first upper bound: the wide beam that A* starts from on large boards.
"$gameopt" flood solve "$set_file" --shard "$board/$total" --method beam --beam-width 4096 --json > "$tmp/beam"
"$gameopt" flood split "$set_file" --board "$board" --depth "$depth" > "$tmp/prefixes"
# prefixes and sequences are measured in characters: one a move
python3 -c 'import json,sys; r=json.loads(open(sys.argv[1]).read().splitlines()[-1]); sys.exit(len(r["moves"]) != r["length"])' "$tmp/beam" ||
  { echo "$set_file: colour names longer than one character are not supported here" >&2; exit 2; }
echo "$name board $board: $(wc -l < "$tmp/prefixes") parts at depth $depth" >&2

# Where the proof stands, from the beam and the parts file: "best_len best_moves" and, per
# prefix still needing a proof, "prefix bound" (the search looks below bound).
standing() {
  python3 - "$board" "$depth" "$tmp/beam" "$tmp/prefixes" "$parts" "$@" <<'PY'
import json, sys
board, depth, beam, prefixes, parts = sys.argv[1:6]
mode = sys.argv[6]
r = json.loads(open(beam).read().strip().splitlines()[-1])
best = (r["length"], r["moves"])
done = {}
for line in open(parts):
    f = line.rstrip("\n").split("\t")
    if line.startswith("#") or f[0] != board or f[1] != depth:
        continue
    prefix, lb, moves = f[2], int(f[3]), f[4]
    done[prefix] = (lb, moves, int(f[5]), float(f[6]), float(f[7]))
    if len(moves) < best[0]:
        best = (len(moves), moves)
todo = [p for p in open(prefixes).read().split()]
# a prefix P of n moves needs: no sequence through it shorter than best, i.e. lb >= best - n
left = [p for p in todo if p not in done or done[p][0] + len(p) < best[0]]
if mode == "next":
    print(best[0], best[1])
    for p in left:
        print(p, best[0] - len(p))
else:  # "line": the board's line of <name>.tsv when proven
    if left or not todo:
        sys.exit(1)
    nodes = sum(done[p][2] for p in todo)
    cpu = sum(done[p][3] for p in todo)
    peak = max(done[p][4] for p in todo)
    print("%s\t%d\t%s\t%d\t%.2f\t%.1f" % (board, best[0], best[1], nodes, cpu, peak))
PY
}

while :; do
  standing next > "$tmp/next"
  read -r best_len best_moves < "$tmp/next"
  part=$(sed -n 2p "$tmp/next")
  [ -n "$part" ] || break
  read -r prefix bound <<< "$part"
  echo "$name board $board: part $prefix, looking below $bound (best $best_len)" >&2
  /usr/bin/time -f '%U %S %M' -o "$tmp/time" \
    "$gameopt" flood hint "$set_file" --board "$board" "$prefix" --shorter-than "$bound" --json \
      --memory-limit "$mem" --time-limit 0 --threads "${THREADS:-1}" > "$tmp/json" 2> "$tmp/err" || true
  read -r user sys rss < <(tail -n 1 "$tmp/time") || { echo "part $prefix: no timing" >&2; exit 1; }
  row=$(python3 - "$board" "$depth" "$prefix" "$user" "$sys" "$rss" "$tmp/json" <<'PY'
import json, sys
board, depth, prefix, user, sys_, rss, path = sys.argv[1:]
r = json.loads(open(path).read().strip().splitlines()[-1])
print("%s\t%s\t%s\t%d\t%s\t%d\t%.2f\t%.1f" % (board, depth, prefix, r["lower_bound"], prefix + r["moves"],
      r["nodes"], float(user) + float(sys_), int(rss) / 1024))
PY
) || { echo "part $prefix: unreadable result: $(head -c 300 "$tmp/err")" >&2; exit 1; }
  moves=$(cut -f5 <<< "$row")
  # the sequence through the part must flood the board: the checker says so, not the solver
  printf '# board\toptimum\tmoves\n%s\t%s\t%s\n' "$board" "${#moves}" "$moves" > "$tmp/check.tsv"
  "$gameopt" flood check "$set_file" "$tmp/check.tsv" > /dev/null ||
    { echo "part $prefix: $moves fails the checker" >&2; exit 1; }
  # a part run again replaces its line
  grep -v "^$board	$depth	$prefix	" "$parts" > "$tmp/parts" || true
  printf '%s\n' "$row" >> "$tmp/parts"
  cp "$tmp/parts" "$parts"
  lb=$(cut -f4 <<< "$row")
  if (( lb < bound )); then
    echo "$name board $board: part $prefix stopped at $lb (a limit); the proof needs more memory or time" >&2
    exit 3
  fi
done

if line=$(standing line); then
  grep -q "^$board	" "$out" 2>/dev/null || printf '%s\n' "$line" >> "$out"
  if [ -s "$open" ]; then grep -v "^$board	" "$open" > "$tmp/open" || true; cp "$tmp/open" "$open"; fi
  echo "$name board $board: proven, $(cut -f2 <<< "$line") moves" >&2
fi
