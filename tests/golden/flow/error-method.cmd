flow solve --method magic data/flow/seed_5x5.txt
