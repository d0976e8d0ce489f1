#!/usr/bin/env bash
# taxis: one game played turn by turn (text and picture), the paper's Figure 7 worst case, a
# small Table 1 and Table 4, the sweep figure when gnuplot is installed, and the ideal path
# (search and integer program) on G_T and the extended graph.
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
echo
echo "--- the ideal path (deck known) against pp, by the exact search and by the paper's integer program"
"$GAMEOPT" taxis ideal --seed 1 --index 1 --heuristic pp --quiet --output "$OUT/taxis-ideal.svg"
"$GAMEOPT" taxis ideal --c 6 --dups 3 --seed 1 --count 3 --method mip --quiet
echo
echo "--- the extended graph (32 towns, 66 roads): ideal path against lcc"
"$GAMEOPT" taxis ideal --graph thurn-taxis-extended --c 9 --seed 1 --index 1 --heuristic lcc --quiet \
  --output "$OUT/taxis-ideal-extended.png"
echo
echo "--- ideal against the heuristics: histograms (Figure 11 analogue, N_D = 2, c = 6..7, 2000 settings)"
"$GAMEOPT" taxis experiment sweep --c 6..7 --dups 2 --games 2000 --threads 2 --hist --csv >"$OUT/taxis-hist.csv"
awk -F, '$1 == 6 && ($3 == "pp" || $3 == "ideal") && $4 >= 10' "$OUT/taxis-hist.csv"
echo "all rows: $OUT/taxis-hist.csv"
