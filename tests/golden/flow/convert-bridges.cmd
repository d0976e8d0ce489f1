# a board with bridges: only samgoldman holds them; nothing is written
flow convert --to json data/flow/seed_5x5.txt data/flow/bridges_5x5.txt
