flow convert --to json --json data/flow/seed_5x5.txt data/flow/contest_10x8.txt
