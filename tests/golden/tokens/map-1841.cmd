# Issue 32 item 8: the bundled 1841 map (data/maps/1841.txt, flat-topped, from the game's
# published map in the online engine, lib/engine/game/g_*/map.rb; the rule: track may leave a hex
# only towards a neighbour, never across an impassable border, and into a gray, red or blue hex
# only where its track meets it, as the engine's connect_hexes in lib/engine/game/base.rb).
# Recorded lay (engine fixture 1841_game_end_bank.json, action 505) on D8: side 3: impassable
# border to B8. The engine allows rotations [5]; with all six sides open [0, 5] would pass.
tokens upgrade --hex 1841:D8 --from standard:6@0 --to standard:15
