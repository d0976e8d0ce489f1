tokens upgrade --from 'city=revenue:0,slots:2;label=EM@0' --reserve 0:EBSR,0:SLNCR --to 'city=revenue:10,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0,track:narrow;label=EM' --neighbour-track 4:broad
# Issue 32: track meeting a neighbour's track must share its gauge (18Ireland's narrow
# gauge). Rule: the online engine's G18Ireland#legal_tile_rotation?
# (lib/engine/game/g_18_ireland/game.rb: "All tile exits must match neighboring tiles", each
# exit's path must tracks_match? the neighbour's path there); no rule-book text found by
# search. Recorded lay: fixture 18Ireland/18Ireland_game_end_stock_market, action 414: hex F6
# (Enniskillen's EM city, EBSR and SLNCR reserved), yellow IR4 (broad at 0 and 2, narrow at
# 3); the neighbour at side 4 has broad track (game state, recorded by the replay). The
# engine allows rotations 0, 2, 3, 4, 5: at rotation 1 the narrow track would run into the
# broad at side 4. So do we; before, --neighbour-track did not exist and every rotation passed.
