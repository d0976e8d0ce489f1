# Issue 32 item 8: the bundled 18CO map (data/maps/18co.txt, pointy-topped, from the game's
# published map in the online engine, lib/engine/game/g_*/map.rb; the rule: track may leave a hex
# only towards a neighbour, never across an impassable border, and into a gray, red or blue hex
# only where its track meets it, as the engine's connect_hexes in lib/engine/game/base.rb).
# Recorded lay (engine fixture 22032.json, action 376) on K17: side 0: no hex beyond. The engine
# allows rotations [2]; with all six sides open [2, 3] would pass.
tokens upgrade --hex 18CO:K17 --from standard:6@3 --tokens 0:CS --to standard:15
