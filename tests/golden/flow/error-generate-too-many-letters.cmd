flow generate --size 30x30 --colours 60
