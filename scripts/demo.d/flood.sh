#!/usr/bin/env bash
# Flood-It on our bundled boards (data/flood/): optimal sequences with proofs, the other
# methods, the player's verbs, and pictures of a solution (board + strip of frames) in $OUT.
set -euo pipefail
echo "--- a 12x12 board in 6 colours, solved optimally (A*), picture in $OUT/flood-example.svg and .png"
"$GAMEOPT" flood solve data/flood/example.txt --stats --output "$OUT/flood-example.svg"
"$GAMEOPT" flood solve data/flood/example.txt --output "$OUT/flood-example.png" >/dev/null
echo "--- the same board by the heuristics (never below the optimum)"
for m in greedy lookahead beam; do "$GAMEOPT" flood solve data/flood/example.txt --method "$m"; done
echo "--- ten 10x10 boards, one JSON object each"
"$GAMEOPT" flood solve data/flood/ten.txt --json | sed -n 1,3p
echo "--- colours with names (aaronpuchert's format), picture in $OUT/flood-named.svg"
"$GAMEOPT" flood solve data/flood/named.txt --output "$OUT/flood-named.svg"
echo "--- Tatham game IDs: the true optimum beside each ID's move limit"
"$GAMEOPT" flood par data/flood/ids.txt
echo "--- a hint after the moves 5 2 3, and the independent checker on a sequence"
"$GAMEOPT" flood hint data/flood/example.txt 5 2 3
"$GAMEOPT" flood check data/flood/example.txt --moves 5235205130235134
