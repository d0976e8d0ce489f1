flow generate --any --grade hard
