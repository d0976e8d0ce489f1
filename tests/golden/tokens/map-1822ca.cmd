# Issue 32 item 8: the bundled 1822CA map (data/maps/1822ca.txt, flat-topped, from the game's
# published map in the online engine, lib/engine/game/g_*/map.rb; the rule: track may leave a hex
# only towards a neighbour, never across an impassable border, and into a gray, red or blue hex
# only where its track meets it, as the engine's connect_hexes in lib/engine/game/base.rb).
# Recorded lay (engine fixture 1.json, action 194) on AB24: side 0: blue AB26 has no track on its
# side 3; side 5: no hex beyond. The engine allows rotations [0]; with all six sides open [0, 5]
# would pass.
tokens upgrade --hex 1822CA:AB24 --from standard:6@1 --tokens 0:GWR --to 1822CA:B1
