# Issue 32 (item 7, tile language): a port tile goes along a long spike (`terminal:1` to a
# junction) and replaces the hex's printed track, thin sea lane included. 1822MX, recorded game,
# hex F7 (long spike at side 3, a sea lane from 3 to 5, side 2 off the map), the port company
# lays P1: only rotation 3, as the game allows. Before: the sea lane was track to keep and no
# rotation was legal (track-lost). JSON.
tokens upgrade --json --from 'junction;path=a:3,b:_0,terminal:1;path=a:3,b:5,track:thin' --to 'city=revenue:yellow_30|green_40,slots:0;path=a:0,b:_0,terminal:1' --open 0,1,3,4,5
