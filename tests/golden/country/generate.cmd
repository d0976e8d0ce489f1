country generate --seed 3 --count 2 --size 6x5 --format text
