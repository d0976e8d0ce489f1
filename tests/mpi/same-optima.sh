#!/bin/sh
# gameopt-mpi with 1, 2 and 4 ranks (oversubscribed: CI machines have 2 cores) finds the same
# optimum on every board as the single process, or as a list of known optima.
#   same-optima.sh GAMEOPT GAMEOPT_MPI MPIEXEC EXPECTED FILE [SOLVE OPTIONS...]
# EXPECTED: "-" runs `gameopt flood solve` for the reference; a file holds the optima, one a
# line; proven:SET:BOARD takes board BOARD's optimum from data/flood/proven/SET.tsv.
# Compared per board: index, status, length, optimal, lower bound (the sequences may differ:
# a board has many optimal ones). Exit 77 (skipped) when FILE is absent (../shared/data).
set -u
gameopt=$1 mpi=$2 mpiexec=$3 expected=$4 file=$5
shift 5
[ -f "$file" ] || { echo "skipped: $file is absent"; exit 77; }
# CI runs as root, which Open MPI refuses unless told; harmless otherwise.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# index status length optimal lower_bound, one line per board, each field found by its key
# (the envelope's field order is the driver's business, not this test's)
field() { sed -E -n "s/.*\"$1\":\"?([a-z0-9]+)\"?[,}].*/\1/p"; }
summary() {
  while IFS= read -r line; do
    printf '%s %s %s %s %s\n' "$(printf '%s' "$line" | field index)" "$(printf '%s' "$line" | field status)" \
      "$(printf '%s' "$line" | field length)" "$(printf '%s' "$line" | field optimal)" \
      "$(printf '%s' "$line" | field lower_bound)"
  done <"$1"
}

case $expected in
-)
  "$gameopt" flood solve "$file" --json "$@" >"$tmp/single.json" || { echo "FAIL: gameopt exited $?"; exit 1; }
  summary "$tmp/single.json" >"$tmp/want"
  ;;
proven:*)
  set_board=${expected#proven:}
  tsv=${GOPT_SOURCE_DIR:-.}/data/flood/proven/${set_board%%:*}.tsv
  board=${set_board#*:}
  awk -F '\t' -v b="$board" '$1 == b { printf "%d solved %s true %s\n", b - 1, $2, $2; exit }' "$tsv" >"$tmp/want"
  ;;
*)
  awk '{ printf "%d solved %s true %s\n", NR - 1, $1, $1 }' "$expected" >"$tmp/want"
  ;;
esac
boards=$(wc -l <"$tmp/want")
[ "$boards" -gt 0 ] || { echo "FAIL: no reference optima"; exit 1; }

for np in 1 2 4; do
  "$mpiexec" -q --oversubscribe -np $np "$mpi" flood solve "$file" --json "$@" >"$tmp/mpi$np.json"
  code=$?
  [ $code -eq 0 ] || { echo "FAIL: $np ranks: exit $code"; exit 1; }
  summary "$tmp/mpi$np.json" >"$tmp/got$np"
  if ! cmp -s "$tmp/want" "$tmp/got$np"; then
    echo "FAIL: $np ranks differ from the reference (index status length optimal lower_bound):"
    diff "$tmp/want" "$tmp/got$np" | head -20
    exit 1
  fi
  echo "$np ranks: the same $boards optima ($(awk '{ s += $3 } END { print s }' "$tmp/got$np") moves in all)"
done
