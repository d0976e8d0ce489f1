# Issue 32 (item 7, tile language): long spikes (`terminal:1` paths to a junction) show where a
# port tile may lie. 1822PNW, recorded game, hex I10 (water, sides 0 and 4 long spikes, 1 and 5
# short, side 2 off the map), the port company lays P1 (one terminal track): rotations 0 and 4,
# along a long spike, as the game allows; the port replaces the printed track. Before: the spikes
# were read as track to keep and no rotation was legal (track-lost).
tokens upgrade --from 'junction;path=a:0,b:_0,terminal:1;path=a:1,b:_0,terminal:2;path=a:4,b:_0,terminal:1;path=a:5,b:_0,terminal:2;icon=image:anchor' --to 'city=revenue:yellow_30|green_40,slots:0;path=a:0,b:_0,terminal:1' --open 0,1,3,4,5
