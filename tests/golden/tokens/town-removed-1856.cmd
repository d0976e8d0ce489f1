tokens upgrade --from 'town=revenue:10;path=a:0,b:_0;path=a:_0,b:3@2' --to 'path=a:0,b:3'
# Issue 32 item 2: a town removed, its track kept. 1856, recorded game on hex K16: plain
# straight track 9 replaces yellow town tile 4 at rotation 2 (edges {2,5}); with no town or
# halt on the new tile the town's two edges must be joined by through track: rotations 2 and
# 5, as the game allows. Before: verdict town-lost at every rotation.
