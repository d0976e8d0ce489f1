# Issue 32 item 2: town-or-city hexes (--town-or-city), in JSON. 1880 Romania, recorded game
# public/fixtures/1880Romania/1880_romania_game_end_final_phase.json action 89, hex B18: two
# towns and two cities printed, an impassable border on side 1 (closed), upgraded to the
# two-town tile L154. The engine (G1880::Game#upgrades_to_correct_city_town?) allows
# rotations 1 and 3 (the others cross side 1). Before: both empty cities were lost.
tokens upgrade --json --town-or-city --from 'town=revenue:0;town=revenue:0;city=revenue:0;city=revenue:0;border=edge:1,type:impassable,color:orange' --to 'town=revenue:20;town=revenue:20;path=a:1,b:_0;path=a:5,b:_0;path=a:2,b:_1;path=a:3,b:_1' --open 0,2,3,4,5
