flow generate --seed 3 --count 2
