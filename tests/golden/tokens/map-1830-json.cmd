# Issue 32 item 8: the bundled 1830 map (data/maps/1830.txt, pointy-topped, from the game's
# published map in the online engine, lib/engine/game/g_*/map.rb; the rule: track may leave a hex
# only towards a neighbour, never across an impassable border, and into a gray, red or blue hex
# only where its track meets it, as the engine's connect_hexes in lib/engine/game/base.rb).
# Recorded lay (engine fixture 1830_game_end_bank.json, action 156) on G19: side 4: no hex beyond;
# side 5: no hex beyond. The engine allows rotations [0]; with all six sides open [0, 3] would
# pass. In JSON.
tokens upgrade --json --hex 1830:G19 --from 1830:G19@0 --tokens 0:NYNH --to 1830:54
