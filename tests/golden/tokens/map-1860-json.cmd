# Issue 32 item 8: the bundled 1860 map (data/maps/1860.txt, flat-topped, from the game's
# published map in the online engine, lib/engine/game/g_*/map.rb; the rule: track may leave a hex
# only towards a neighbour, never across an impassable border, and into a gray, red or blue hex
# only where its track meets it, as the engine's connect_hexes in lib/engine/game/base.rb).
# Recorded lay (engine fixture 19354.json, action 249) on J8: side 0: no hex beyond; side 5: no
# hex beyond. The engine allows rotations [4]; with all six sides open [1, 4] would pass. In JSON.
tokens upgrade --json --hex 1860:J8 --from standard:57@1 --to standard:206
