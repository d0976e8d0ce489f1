flow solve --style fancy data/flow/seed_5x5.txt
