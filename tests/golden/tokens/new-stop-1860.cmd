# Issue 32 items 2 and 5: a new stop may not appear on sides of its own unless the tile adds
# a stop. 1860, recorded game 1860_game_end_stock_market, action 614, hex H4: 755 (halt
# on side 0, town on 3 and 4, joined) at rotation 2, to 784 (halt on side 0, town on 1,
# 3, 4, 5). The engine allows rotation 2 only (Step::Tracker#legal_tile_rotation?,
# valid_added_city_count: no more new stops away from every old stop than the tile adds; no
# rule-book line found, the engine's rule is cited). At rotation 1 the halt would sit alone
# on side 1 while the old halt's side 2 went to the town. Before: rotations 1 and 2.
tokens upgrade --from 'halt=symbol:£,loc:0;town=revenue:10,loc:center;path=a:0,b:_0;path=a:4,b:_1;path=a:3,b:_1;path=a:_0,b:_1@2' --to 'town=revenue:20,loc:center;halt=symbol:£,loc:0;path=a:0,b:_1;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;path=a:_0,b:_1' --hex 1860:H4
