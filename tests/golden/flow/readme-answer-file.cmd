flow solve --style text --quiet data/flow/seed_5x5.txt
