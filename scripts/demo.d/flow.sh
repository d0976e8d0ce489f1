#!/usr/bin/env bash
# Flow Free / Numberlink on the bundled boards (data/flow/): coloured pipes on a terminal,
# the puzzles' own formats, JSON, and pictures into $OUT. Run by `make run` ($GAMEOPT, $OUT).
set -euo pipefail
G=${GAMEOPT:-build/gameopt}
OUT=${OUT:-out}
mkdir -p "$OUT"

echo "--- the seed's 5x5 (R-bloggers' integer program): search, SAT and MIP agree"
"$G" flow solve --style pipes data/flow/seed_5x5.txt
"$G" flow solve --method mip --quiet data/flow/seed_5x5.txt
echo "--- one solution only? --count 2 asks SAT for a second"
"$G" flow solve --count 2 --json data/flow/seed_5x5.txt
echo "--- numberlink_8x8's boards need paths that touch themselves: proven unsolvable under"
echo "    Numberlink's rule (its format's default, exit 1), solved with --paths simple"
"$G" flow solve --json data/flow/numberlink_8x8.txt || echo "(exit $?)"
"$G" flow solve --paths simple --count 2 --json data/flow/numberlink_8x8.txt
echo "--- variants are just cell graphs: a bridge, warps, a hex board"
"$G" flow solve --style pipes data/flow/bridges_5x5.txt data/flow/warps_6x5.txt data/flow/hex_5x5.txt
echo "--- a contest question (Numberlink rules: cells may stay empty), answered in its own format"
"$G" flow solve data/flow/contest_10x8.txt
echo "--- HoustonWeHaveABug's format, and an unsolvable board (exit 1, with the proof's name)"
"$G" flow solve --style pipes data/flow/houston_6x6.txt
printf 'R...G\n.....\n.....\n.....\nG...R\n' | "$G" flow solve - || echo "(exit $?)"
echo "--- pictures"
"$G" flow solve --quiet --output "$OUT/flow-seed.svg" data/flow/seed_5x5.txt > /dev/null
"$G" flow solve --quiet --output "$OUT/flow-bridges.png" data/flow/bridges_5x5.txt > /dev/null
"$G" flow solve --quiet --output "$OUT/flow-hex.svg" data/flow/hex_5x5.txt > /dev/null
"$G" flow solve --quiet --output "$OUT/flow-warps.png" data/flow/warps_6x5.txt > /dev/null
"$G" flow solve --quiet --output "$OUT/flow-contest.svg" data/flow/contest_10x8.txt > /dev/null
ls "$OUT"/flow-*
