tokens upgrade --from 'city=revenue:0;stub=edge:1' --tokens 0:OP --open 1,2,3,4,5 --to 'city=revenue:20;path=a:0,b:_0;path=a:_0,b:3'
# Issue 32 item 5: a track stub. 1867 (the map prints track stubs; a tile laid there must
# connect to the stub), recorded game on hex G15: the white city with a stub at edge 1 and
# OP's token, side 0 off the map, yellow 57 laid. Rotations 1 and 4 reach edge 1, as the game
# allows; before, the stub was read and dropped and rotations 2 and 5 passed too.
