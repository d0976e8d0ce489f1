flow generate --size 20x20
