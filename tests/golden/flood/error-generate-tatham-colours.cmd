flood generate --format tatham --colours 11
