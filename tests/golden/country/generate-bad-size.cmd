country generate --size 10
