tokens upgrade --from 18Mag:E12 --tokens 1:M1 --to 18Mag:L33 --json
# Issue 32 item 5: fixed-rotation tiles in a bundled catalogue (`NAME @ ROT`). 18Mag: Buda &
# Pest's yellow L33 goes on E12 at rotation 2 only (the online engine's G18Mag
# FIXED_ROTATION_TILES, legal_tile_rotation?; no rule-book text found by search). Recorded
# lay: fixture 18Mag/hs_puhjabag_1762198060, action 96: the printed two-city hex with
# company 1's token in city 1 (named M1 here), L33 laid; the engine allows rotation 2 only,
# so do we. Before: no 18Mag catalogue; with the tile strings rotations 0, 3 and 5 passed.
