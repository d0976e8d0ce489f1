country generate --seed 4 --size 6x6 --clues 60 --format text
