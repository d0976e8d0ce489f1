flood generate --help
