# The same recorded lay as new-stop-1860 (1860 H4, 755@2 -> 784: rotation 2 only), in JSON:
# rotation 1's verdict is city-count.
tokens upgrade --from 'halt=symbol:£,loc:0;town=revenue:10,loc:center;path=a:0,b:_0;path=a:4,b:_1;path=a:3,b:_1;path=a:_0,b:_1@2' --to 'town=revenue:20,loc:center;halt=symbol:£,loc:0;path=a:0,b:_1;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;path=a:_0,b:_1' --hex 1860:H4 --json
