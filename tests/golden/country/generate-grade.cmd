country generate --seed 4 --size 8x6 --grade --count 2
