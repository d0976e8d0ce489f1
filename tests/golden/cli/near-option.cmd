flood generate --colurs 3
