flow solve --json --paths simple --count 2 data/flow/seed_5x5.txt data/flow/numberlink_8x8.txt
