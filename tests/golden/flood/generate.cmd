flood generate --size 6x4 --colours 3 --count 2 --seed 5
