# Issue 32 item 8: the bundled 18Chesapeake map (data/maps/18chesapeake.txt, flat-topped, from the
# game's published map in the online engine, lib/engine/game/g_*/map.rb; the rule: track may leave
# a hex only towards a neighbour, never across an impassable border, and into a gray, red or blue
# hex only where its track meets it, as the engine's connect_hexes in lib/engine/game/base.rb).
# Recorded lay (engine fixture 1277.json, action 123) on H6: side 0: no hex beyond. The engine
# allows rotations [2, 5]; with all six sides open [1, 2, 4, 5] would pass.
tokens upgrade --hex 18Chesapeake:H6 --from 18Chesapeake:H6@0 --tokens '0:B&O' --to 18Chesapeake:X3
