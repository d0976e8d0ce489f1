flood generate --format compact --size 5x4
