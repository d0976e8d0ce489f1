flow solve data/flow/seed_5x5.txt
