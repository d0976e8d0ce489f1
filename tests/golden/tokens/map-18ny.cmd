# Issue 32 item 8: the bundled 18NY map (data/maps/18ny.txt, pointy-topped, from the game's
# published map in the online engine, lib/engine/game/g_*/map.rb; the rule: track may leave a hex
# only towards a neighbour, never across an impassable border, and into a gray, red or blue hex
# only where its track meets it, as the engine's connect_hexes in lib/engine/game/base.rb).
# Recorded lay (engine fixture 108746.json, action 181) on D12: side 3: impassable border to C13.
# The engine allows rotations [2, 4]; with all six sides open [0, 2, 4] would pass.
tokens upgrade --hex 18NY:D12 --from standard:6@4 --tokens 0:10 --to standard:619
