tokens upgrade --from 'city=revenue:0;label=B@0' --tokens 0:VYSC --to 'city=revenue:10;path=a:0,b:_0;path=a:_0,b:3;label=B' --hex 1860-23P:E9
# Issue 32 items 8 and 3 of the brief: the 1860 map of the optional rule "2-3P map"
# (two_player_map: the smaller first edition map, which leaves out A5, A7 and E11 and drops
# B4's impassable side), bundled as data/maps/1860-23p.txt by scripts/tokens-maps-from-18xx.rb
# with the optional rule (the engine's G1860 optional_hexes). Recorded lay: fixture
# 1860/1860_game_end_bank (played with two_player_map), action 309: E9 with VYSC's token,
# yellow 746 laid; E11 below is off this map, so the engine allows rotations 2 and 5 only; so
# do we. With the full map (--hex 1860:E9) rotations 0 and 3 pass too. Before: no such map.
