country generate --clues lots
