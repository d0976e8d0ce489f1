flow generate --unique --size 6x5 --seed 7 --count 2
