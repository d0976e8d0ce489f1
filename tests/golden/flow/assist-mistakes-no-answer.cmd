flow mistakes data/flow/seed_5x5.txt
