tokens upgrade --from 'city=revenue:0;upgrade=cost:80,terrain:mountain@0' --to 'city=revenue:20;path=a:0,b:_0,track:narrow;path=a:2,b:_0' --neighbour-track 1:broad --neighbour-meet one --json
# Issue 32: track meeting a neighbour's track must share its gauge, at one side at least of
# those the laying company arrives by (1849's narrow gauge). Rule: the online engine's
# G1849#legal_tile_rotation? (lib/engine/game/g_1849/game.rb: over the company's connection
# directions, one new path tracks_match? the neighbour's, dual_ok; none facing a path: any
# rotation; a company with a token on the hex or SMS hexes: any); no rule-book text found by
# search. Recorded lay: fixture 1849/1849_game_end_bank, action 465: hex H8 (mountain city),
# yellow 645 (narrow at 0, broad at 2); the company arrives by side 1, where the neighbour has
# broad track (game state, recorded by the replay). The engine allows rotations 0, 2, 3, 4, 5:
# at rotation 1 only narrow track would face it. So do we; before, every rotation passed.
