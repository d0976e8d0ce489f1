tokens upgrade --from 'city=revenue:0;label=B@0' --tokens 0:VYSC --to 'city=revenue:10;path=a:0,b:_0;path=a:_0,b:3;label=B' --hex 1860-23P:E9 --json
# The same recorded lay as map-1860-23p (1860 "2-3P map", E9 -> 746: rotations 2 and 5), in JSON.
