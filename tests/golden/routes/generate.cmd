routes generate --seed 5
