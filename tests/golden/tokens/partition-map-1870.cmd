tokens upgrade --from 'city=revenue:20;path=a:0,b:_0;path=a:2,b:_0@2' --tokens 0:GMO --to 'city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0' --hex 1870:M14 --partition follow
# Issue 32 items 5 and 8: the partition comes from the map. 1870's hexes carry the
# Mississippi as `partition:` (data/maps/1870.txt from the engine's g_1870/map.rb); the
# engine moves a hex's partitions from tile to tile (lib/engine/hex.rb, Hex#lay), so the
# yellow tile 6 on M14 no longer prints it, yet it binds. Rule: the Mississippi River Bridge
# Company's (g_1870/entities.rb: no track may cross the river while it is held; the engine's
# G1870 legal_tile_rotation?). Recorded lay: fixture 1870/"1644327587 Mississippi river
# madness", action 192: M14 (restrict:outer: edges 2..5 only), tile 6 at rotation 2 with
# GMO's token, green 15 laid while MRBC is held: the engine allows rotation 2 only; so do
# we. Before: no 1870 map and no --partition; rotation 1 passed too.
