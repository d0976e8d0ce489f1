tokens upgrade --from 'city=revenue:0;path=track:future,a:3,b:_0;path=track:future,a:5,b:_0;upgrade=cost:20;frame=color:#ffa500;icon=image:1840/green_hex' --tokens 0:G --to 'city=revenue:20;path=a:0,b:_0,track:narrow;path=a:_0,b:2,track:narrow;frame=color:#ffa500'
# Issue 32 item 5: printed future track. 1840 (the orange hexes print the tram line to come
# as dashed track; the tile laid there must follow it), recorded game on hex D12: future track
# from the city to edges 3 and 5, G's token, tile L3 (narrow track on edges 0 and 2) laid.
# Only rotation 3 puts track on both edges, as the game allows; before, future track was left
# out and every rotation passed.
