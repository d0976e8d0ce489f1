flood generate --size 3x3 --colors 3 --format COMPACT
