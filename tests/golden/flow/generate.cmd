flow generate --any --size 5x4 --colours 3 --count 2 --seed 7
