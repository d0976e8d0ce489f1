# Issue 32 item 2: town-or-city hexes (--town-or-city). 1880 Romania, recorded game
# public/fixtures/1880Romania/1880_romania_game_end_final_phase.json action 71, hex H12: a
# white hex printed with a town and a city (town=revenue:0;city=revenue:0), upgraded to the
# town tile 8850 (track on sides 0 and 5). The online engine allows all six rotations: its
# G1880::Game#upgrades_to_correct_city_town? (lib/engine/game/g_1880/game.rb) lets a tile
# with both cities and towns become one with as many cities or as many towns (the rule-book
# text was not found in the searched pages). Before: the empty city had no new city to go
# to and no rotation was legal.
tokens upgrade --town-or-city --from 'town=revenue:0;city=revenue:0' --to 'town=revenue:20;path=a:0,b:_0;path=a:5,b:_0' --open 0,1,2,3,4,5
