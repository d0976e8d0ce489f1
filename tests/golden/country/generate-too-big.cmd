country generate --size 61x10
