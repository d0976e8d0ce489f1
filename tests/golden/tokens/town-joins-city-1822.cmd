tokens upgrade --from 'city=revenue:20,loc:center;town=revenue:10,loc:1;path=a:_0,b:_1;border=edge:0,type:impassable;future_label=label:S,color:green@0' --tokens 0:24 --open 2,5 --to 'city=revenue:20;path=a:0,b:_0;path=a:_0,b:3'
# Issue 32 item 2: a small station that joins its city. 1822 (map hex D35: a city with a small
# station joined to it, no track to the edges yet; its green tile is the city alone), recorded
# game: minor 24's token, the hex's open sides 2 and 5 (edge 0 impassable). The town has no
# track of its own, so it vanishes into the city: rotations 2 and 5, as the game allows.
# Before: "an old town without track needs some new town", no rotation.
