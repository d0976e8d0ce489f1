#!/usr/bin/env bash
# tokens: the seed's Montreal example (1867). The yellow L12 tile holds LPS (city 0, lower
# left) and QLS (city 1, top); which green tiles, in which rotations, keep both connected?
# Then the green X2 with both tokens to the brown X7. Pictures and flow networks go to $OUT.
set -euo pipefail
"$GAMEOPT" tokens upgrade --from 1867:L12 --tokens 0:LPS,1:QLS --to 1867:X2 \
  --output "$OUT/tokens-montreal-x2.svg" --network "$OUT/tokens-montreal-x2.dot"
echo
"$GAMEOPT" tokens upgrade --from 1867:X2 --tokens 0:QLS,1:LPS --to 1867:X7 --output "$OUT/tokens-montreal-x7.png"
echo
echo "every green Montreal tile (picture: $OUT/tokens-montreal-greens.svg):"
"$GAMEOPT" tokens upgrade --from 1867:L12 --tokens 0:LPS,1:QLS --json --output "$OUT/tokens-montreal-greens.svg" |
  sed -E 's/^\{"from":"L12".*"tile":"([^"]+)".*"feasible_rotations":(\[[0-9,]*\]).*/  \1 \2/'
