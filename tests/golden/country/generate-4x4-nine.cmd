country generate --size 4x4 --count 9
