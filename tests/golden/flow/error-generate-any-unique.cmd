flow generate --any --unique
