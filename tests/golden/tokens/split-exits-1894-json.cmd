tokens upgrade --split-exits --from 'city=revenue:30,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0@5' --tokens 0:Nord --json --to 'city=revenue:40;city=revenue:40,loc:3.5;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_1;path=a:4,b:_1'
# Issue 32 item 3: a city that splits with its exits shared out. 1894 (brown tiles split a
# two-slot green city into two one-slot cities; the owners re-place their tokens), recorded
# game on hex G10: the green 2-slot city at rotation 5 (edges {1,3,4,5}) becomes two cities
# {0,2} and {3,4} (at rotation 0); a token of Nord added. Only rotation 5 keeps every old edge
# at a new city, as the game allows, and Nord chooses either new city. Before: --split asked
# each new city to hold all four edges, no rotation.
