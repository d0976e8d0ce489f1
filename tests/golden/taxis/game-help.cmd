# the game help says what mc does by default: sampled decks played out by pp (it said "the exact search"; issue 35 item 6)
taxis --help
