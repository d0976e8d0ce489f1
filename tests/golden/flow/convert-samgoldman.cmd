flow convert --to samgoldman data/flow/seed_5x5.txt
