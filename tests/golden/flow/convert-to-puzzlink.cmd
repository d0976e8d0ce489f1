flow convert --to puzzlink data/flow/numberlink_8x8.txt data/flow/seed_5x5.txt
