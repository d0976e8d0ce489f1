tokens upgrade --from 'city=revenue:0;city=revenue:0;upgrade=cost:40,terrain:water;label=Chi' --tokens 1:CBQ --to 1850:128 --hex 1850:I18 --json
# Issue 32 item 5, per-hex rules in maps: 1850's Chicago (I18) takes its yellow tile in any
# rotation but 2. The rule is the hex's, written in the online engine's code
# (g_1850/step/track.rb, legal_tile_rotation?: "return false if hex.id == 'I18' &&
# tile.color == :yellow && tile.rotation == 2"; no rule-book text found by search), carried
# by the bundled map as `rotations:yellow:0,1,3,4,5` (data/maps/1850.txt). Recorded lay:
# fixture 1850/1850_game_end_bankrupt, action 316: the printed two-city hex with CBQ's home
# token in city 1, side 3 off the map, yellow 128 laid; the engine allows rotations 0, 4
# and 5, so do we. Before: no 1850 map or catalogue (and rotation 2 passed).
