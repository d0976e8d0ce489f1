#!/usr/bin/env bash
# taxis: one game played turn by turn (text and picture), the paper's Figure 7 worst case, a
# small Table 1 and Table 4, and the sweep figure when gnuplot is installed.
set -euo pipefail
echo "--- one game of pp on the Thurn & Taxis board (c = 6, N_D = 2, seed 7)"
"$GAMEOPT" taxis play --seed 7 --heuristic pp --output "$OUT/taxis-game.svg"
echo
echo "--- Figure 7: six independent face-up cities; Degree starts are stuck, a lucky Random start is not"
"$GAMEOPT" taxis play data/taxis/figure7.setting --heuristic md --quiet
"$GAMEOPT" taxis play data/taxis/figure7.setting --heuristic rs --index 3 --quiet --output "$OUT/taxis-figure7.png"
echo
echo "--- Table 1 and 2 on 2000 settings"
"$GAMEOPT" taxis experiment table1 --games 2000 --threads 2
echo
echo "--- Table 4 on 2000 settings"
"$GAMEOPT" taxis tournament --games 2000 --threads 2
if command -v gnuplot >/dev/null; then
  "$GAMEOPT" taxis experiment sweep --games 2000 --threads 2 --plot "$OUT/taxis-sweep.svg" >/dev/null
  echo "figure 8/9 analogue: $OUT/taxis-sweep.svg"
fi
