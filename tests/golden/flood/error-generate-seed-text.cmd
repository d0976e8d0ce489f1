flood generate --seed x
