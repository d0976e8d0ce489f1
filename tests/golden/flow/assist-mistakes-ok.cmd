flow mistakes data/flow/seed_5x5.txt tests/golden/flow/files/seed-partial.txt
