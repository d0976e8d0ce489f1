tokens upgrade --from 'city=revenue:0;upgrade=cost:60,terrain:river;icon=image:port,sticky:1;partition=a:1-,b:3+,type:water,restrict:outer@0' --tokens 0:SSW --to 'city=revenue:20;path=a:0,b:_0;path=a:_0,b:3' --partition follow --json
# Issue 32 item 5: partition= (a barrier inside the hex), 1870's Mississippi. Rule: "Until
# this company is closed or sold to a public company, no company may bridge the Mississippi
# River. A company may lay track along the river, but may not lay track to cross the river,
# or do an upgrade that would cause track to cross the river" (the Mississippi River Bridge
# Company's text in the online engine, lib/engine/game/g_1870/entities.rb; its
# legal_tile_rotation? in g_1870/game.rb; no rule-book text found by search). Recorded lay:
# fixture 1870/"1644327587 Mississippi river madness", action 58: hex H17 (St. Louis side,
# restrict:outer: track only on edges 0, 3, 4, 5) with SSW's home token, yellow 57 laid while
# MRBC is held. The engine allows rotations 0 and 3; so do we. Before, partition= was read
# and dropped (and --partition did not exist): every rotation passed.
