flood generate --size 5000x2
