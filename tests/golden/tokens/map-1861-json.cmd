# Issue 32 item 8: the bundled 1861 map (data/maps/1861.txt, flat-topped, from the game's
# published map in the online engine, lib/engine/game/g_*/map.rb; the rule: track may leave a hex
# only towards a neighbour, never across an impassable border, and into a gray, red or blue hex
# only where its track meets it, as the engine's connect_hexes in lib/engine/game/base.rb).
# Recorded lay (engine fixture 167259.json, action 639) on K17: side 4: no hex beyond. The engine
# allows rotations [3]; with all six sides open [0, 3] would pass. In JSON.
tokens upgrade --json --hex 1861:K17 --from standard:57@0 --tokens 0:RSR --to standard:619
