flow explain data/flow/seed_5x5.txt
