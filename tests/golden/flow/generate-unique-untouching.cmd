flow generate --unique --paths untouching --grade easy --size 6x6 --seed 2 --format thomasahle
