#!/usr/bin/env bash
# Proves boards of a Flood-It set one process per board and appends a line per proven board to
# data/flood/proven/<name>.tsv (board, optimum, moves, nodes, seconds, peak_mb). Each board runs as
#     gameopt flood solve SET --shard B/N --json --memory-limit MB
# with N the set's board count, so `--shard B/N` is exactly board B and that command reproduces it.
# seconds and peak_mb are the whole process's CPU time (user + system) and peak RSS, measured by
# GNU time, so a loaded machine does not inflate them. Boards already in the file are skipped, so
# the script resumes where it stopped; boards that hit the memory or time limit go to
# <name>.open.tsv with their bounds (one line per board, the last run's) and are tried again
# next time.
# THREADS=N in the environment runs each board's A* on N threads (one hard board alone on a
# machine: about 1.6x faster on two cores; the CPU seconds recorded are all threads').
# CKPT_DIR=DIR keeps each board's A* checkpoint in DIR/<name>-<board>.ckpt (--checkpoint:
# about MEMORY_MB on disk once the store is full), so a run stopped by anything resumes
# where it was the next time; the CPU seconds of the stopped runs are added up in
# DIR/<name>-<board>.cpu (written every 30 s while a run goes on, so a run killed outright
# loses at most that) and the board's line has the sum (and the largest peak).
#   usage: [THREADS=N] scripts/flood-prove.sh SET NAME [FIRST LAST] [MEMORY_MB] [TIME_LIMIT_S]
set -euo pipefail
set_file=$1 name=$2
here=$(cd "$(dirname "$0")/.." && pwd)
gameopt=${GAMEOPT:-$here/build/gameopt}
# The board count, by the reader itself (a board may span several lines): greedy is instant.
total=$("$gameopt" flood solve "$set_file" --method greedy --json | grep -c '"index"')
first=${3:-1} last=${4:-$total} mem=${5:-4000} tlim=${6:-0}
out=$here/data/flood/proven/$name.tsv
open=$here/data/flood/proven/$name.open.tsv
[ -s "$out" ] || printf '# board\toptimum\tmoves\tnodes\tseconds\tpeak_mb\n' > "$out"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for ((b = first; b <= last; b++)); do
  grep -q "^$b	" "$out" && continue
  ckpt=() before=(0 0)
  if [ -n "${CKPT_DIR:-}" ]; then
    mkdir -p "$CKPT_DIR"
    ckpt=(--checkpoint "$CKPT_DIR/$name-$b.ckpt")
    [ -s "$CKPT_DIR/$name-$b.cpu" ] && read -r -a before < "$CKPT_DIR/$name-$b.cpu"
  fi
  /usr/bin/time -f '%U %S %M' -o "$tmp/time" \
    "$gameopt" flood solve "$set_file" --shard "$b/$total" --json --memory-limit "$mem" \
      --time-limit "$tlim" --threads "${THREADS:-1}" "${ckpt[@]}" > "$tmp/json" 2> "$tmp/err" &
  timer=$!
  if [ -n "${CKPT_DIR:-}" ]; then
    # a run killed outright (the machine going down) never reports: so its CPU seconds and
    # resident size so far go to the .cpu file every 30 s
    while kill -0 "$timer" 2> /dev/null; do
      sleep 30
      read -r cpu kb < <(ps -o times=,rss= --ppid "$timer" 2> /dev/null) || continue
      (( kb > ${before[1]} )) && peak=$kb || peak=${before[1]}
      printf '%s %s\n' "$(python3 -c "print($cpu + float('${before[0]}'))")" "$peak" > "$CKPT_DIR/$name-$b.cpu"
    done
  fi
  wait "$timer" || true
  # GNU time puts "Command exited with non-zero status N" first when gameopt stops at a limit
  # (exit 3): the figures are on the last line.
  read -r user sys rss < <(tail -n 1 "$tmp/time") || { echo "board $b: no timing" >&2; continue; }
  # the earlier runs of a resumed proof: their CPU seconds added, the largest peak kept
  user=$(python3 -c "print(float('$user') + float('${before[0]}'))")
  (( rss > ${before[1]} )) || rss=${before[1]}
  [ -n "${CKPT_DIR:-}" ] && printf '%s %s\n' "$(python3 -c "print(float('$user') + float('$sys'))")" "$rss" > "$CKPT_DIR/$name-$b.cpu"
  line=$(python3 - "$b" "$user" "$sys" "$rss" "$tmp/json" <<'PY'
import json, sys
b, user, sys_, rss, path = sys.argv[1:]
r = json.loads(open(path).read().strip().splitlines()[-1])
cpu = float(user) + float(sys_)
if r.get("status") == "solved" and r.get("optimal"):
    print("ok\t%s\t%d\t%s\t%d\t%.2f\t%.1f" % (b, r["length"], r["moves"], r["nodes"], cpu, int(rss) / 1024))
else:
    print("open\t%s\t%s\t%s..%s\t%.2f\t%.1f" % (b, r.get("status"), r.get("lower_bound"), r.get("length", "?"), cpu, int(rss) / 1024))
PY
) || { echo "board $b: unreadable result: $(head -c 300 "$tmp/err")" >&2; continue; }
  # the board's line in <name>.open.tsv, if any, is replaced (or dropped once proven)
  if [ -s "$open" ]; then grep -v "^$b	" "$open" > "$tmp/open" || true; cat "$tmp/open" > "$open"; fi
  case $line in
    ok*) printf '%s\n' "${line#ok	}" >> "$out"
         [ -n "${CKPT_DIR:-}" ] && rm -f "$CKPT_DIR/$name-$b.cpu" ;;
    open*)
      [ -s "$open" ] || printf '# board\tstatus\tbounds\tseconds\tpeak_mb\n' > "$open"
      printf '%s\n' "${line#open	}" >> "$open" ;;
  esac
  echo "$name board $b: ${line}" >&2
done
