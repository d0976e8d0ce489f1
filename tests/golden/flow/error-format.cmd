flow solve --format svg data/flow/seed_5x5.txt
