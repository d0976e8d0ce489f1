flood generate --size 5x5 --count 2 --format tatham
