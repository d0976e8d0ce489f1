no-such-game
