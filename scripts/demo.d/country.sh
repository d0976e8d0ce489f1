#!/usr/bin/env bash
# Country Road: the seed article's 10x10, proven unique by SAT with lazy one-loop cuts,
# then by the seed's own integer program made correct (MIP), drawn as SVG and PNG.
set -euo pipefail
seed=data/country/seed-10x10.txt
echo "--- $seed, SAT (default), --count 2 proves uniqueness"
"$GAMEOPT" country solve --count 2 --stats "$seed"
echo "--- the same by the seed's ILP plus lazy cuts (CBC)"
"$GAMEOPT" country solve --count 2 --method mip --quiet "$seed"
echo "--- the puzz.link URL of our file"
"$GAMEOPT" country convert --to url "$seed"
echo "--- a puzz.link URL of the variant with empty rooms, read from stdin, as JSON"
echo 'https://puzz.link/p?country/e/5/5/vvuebrvb1q1j' | "$GAMEOPT" country solve --count 2 --json
echo "--- a 12x12 of our generator, and a fresh random 8x8 (unique by construction)"
"$GAMEOPT" country solve --count 2 data/country/generated-12x12.txt
"$GAMEOPT" country generate --size 8x8 --seed 2 --format text | "$GAMEOPT" country solve --count 2 -
"$GAMEOPT" country solve --quiet --output "$OUT/country-generated-12x12.svg" data/country/generated-12x12.txt >/dev/null
"$GAMEOPT" country solve --quiet --output "$OUT/country-seed.svg" "$seed" >/dev/null
"$GAMEOPT" country solve --quiet --output "$OUT/country-seed.png" "$seed" >/dev/null
echo "pictures: $OUT/country-seed.svg $OUT/country-seed.png $OUT/country-generated-12x12.svg"
