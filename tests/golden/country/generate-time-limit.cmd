country generate --size 10x10 --count 3 --time-limit 0.001
