# Issue 32 item 8: the bundled 1889 map (data/maps/1889.txt, flat-topped, from the game's
# published map in the online engine, lib/engine/game/g_*/map.rb; the rule: track may leave a hex
# only towards a neighbour, never across an impassable border, and into a gray, red or blue hex
# only where its track meets it, as the engine's connect_hexes in lib/engine/game/base.rb).
# Recorded lay (engine fixture 314.json, action 160) on I2: side 2: no hex beyond; side 3: no hex
# beyond. The engine allows rotations [4]; with all six sides open [3, 4] would pass.
tokens upgrade --hex 1889:I2 --from standard:6@4 --tokens 0:SR --to standard:15
