flow mistakes --all data/flow/seed_5x5.txt tests/golden/flow/files/seed-mistake.txt
