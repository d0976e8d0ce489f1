tokens upgrade --from 'town=revenue:10;path=a:0,b:_0;path=a:_0,b:3@2' --json --to 'city=revenue:20;path=a:0,b:_0;path=a:_0,b:3'
# Issue 32 item 2: a town that becomes a city. 18NY (towns are upgraded to cities with green
# city tiles), recorded game on hex F12: yellow town tile 4 at rotation 2 (edges {2,5}) gets
# green 57. The town's track must stay at a stop, here the new city: rotations 2 and 5, as the
# game allows. Before: "towns map to towns", no rotation at all (verdict town-lost).
