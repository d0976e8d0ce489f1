flow solve --style pipes data/flow/seed_5x5.txt
