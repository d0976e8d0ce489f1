country generate --seed 2 --size 7x5 --empty-rooms --count 2
