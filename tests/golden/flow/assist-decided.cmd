flow decided data/flow/seed_5x5.txt
