flow solve --partial --full data/flow/seed_5x5.txt
