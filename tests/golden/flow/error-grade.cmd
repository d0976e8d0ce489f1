flow generate --grade hard
