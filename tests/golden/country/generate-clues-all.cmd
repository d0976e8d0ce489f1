country generate --seed 4 --size 6x6 --clues all --format text
