# Issue 32 item 8: the bundled 1846 map (data/maps/1846.txt, pointy-topped, from the game's
# published map in the online engine, lib/engine/game/g_*/map.rb; the rule: track may leave a hex
# only towards a neighbour, never across an impassable border, and into a gray, red or blue hex
# only where its track meets it, as the engine's connect_hexes in lib/engine/game/base.rb).
# Recorded lay (engine fixture 10264.json, action 258) on H12: side 5: no hex beyond. The engine
# allows rotations [0, 4]; with all six sides open [0, 2, 4] would pass. In JSON.
tokens upgrade --json --hex 1846:H12 --from 1846:292@2 --tokens '0:B&O' --to 1846:296
