country generate --help
