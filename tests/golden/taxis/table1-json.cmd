taxis experiment table1 --games 300 --seed 1 --json
