flow generate --format samgoldman
