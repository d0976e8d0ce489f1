taxis experiment table1 --games 10 --per-game --shard 2/2
