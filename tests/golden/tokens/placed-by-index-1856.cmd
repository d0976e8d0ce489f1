# Issue 32 item 6: who places a token when the game decides it. 1856, hex I12 (a white OO hex
# with two cities and no track; CGR's token in city 1) to yellow 59 at any rotation. Recorded
# game (the engine's fixture 1856/51745, action 466): the engine kept CGR in city 1 of 59.
# The online engine decides, not the owner: Hex#city_map_for (lib/engine/hex.rb) maps the
# cities of a tile without track by index ("if @tile is blank, map cities by index"), and
# otherwise each old city to the first new city holding its exits. With --placed-by index the
# placement is unique at every rotation (CGR->1); with the default (owner) both cities are
# offered. No rule book text was found; the rule is the engine's. Before: no --placed-by.
tokens upgrade --placed-by index --from 'city=revenue:0;city=revenue:0;label=OO' --tokens 1:CGR --to 'city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:2,b:_1;label=OO'
